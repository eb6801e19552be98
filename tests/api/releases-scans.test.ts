import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import { startFakeServer } from '../helpers/fake-servers'
import { accounts, auditLog, jobs, trackScans } from '../../src/server/db/schema'
import { deriveScanStatus } from '../../src/domains/catalogue/server/scans.service'
import { parseMatch } from '../../src/domains/catalogue/server/adapters/scan-provider'
import { createRelease } from './releases-fixtures'
import { silentWav } from '@server/wav'

const wav = silentWav

interface FakeJob {
  kind: string
  reference: string
  audioUrl: string | null
  uploaded: boolean
}

/** A local audio-recognition provider speaking the HTTP protocol of docs/integrations.md. */
async function fakeProvider() {
  const submitted = new Map<string, FakeJob>()
  const outcomes = new Map<string, unknown>()
  let next = 1
  const server = await startFakeServer((req, body) => {
    if (req.headers.authorization !== 'Bearer scan-key') return { status: 401, json: { error: 'Invalid API key' } }
    if (req.method === 'POST' && req.url === '/v1/scans') {
      let job: FakeJob
      if (String(req.headers['content-type']).includes('application/json')) {
        const parsed = JSON.parse(body) as { kind: string; reference: string; audio_url: string }
        job = { kind: parsed.kind, reference: parsed.reference, audioUrl: parsed.audio_url, uploaded: false }
      } else {
        const field = (name: string) => new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`).exec(body)?.[1] ?? ''
        job = {
          kind: field('kind'),
          reference: field('reference'),
          audioUrl: null,
          uploaded: body.includes('RIFF') && body.includes('WAVE'),
        }
      }
      if (job.audioUrl?.includes('unsupported')) return { status: 422, json: { error: { message: 'Unsupported audio format' } } }
      const id = `job-${next++}`
      submitted.set(id, job)
      return { status: 202, json: { id } }
    }
    const match = /^\/v1\/scans\/([^/?]+)$/.exec(req.url ?? '')
    if (req.method === 'GET' && match) {
      if (!submitted.has(match[1])) return { status: 404, json: { error: 'Unknown scan' } }
      return { json: outcomes.get(match[1]) ?? { status: 'processing' } }
    }
    return { status: 404, json: { error: 'No such path' } }
  })
  const jobsOf = (reference: string) => [...submitted].filter(([, job]) => job.reference === reference)
  return { ...server, submitted, outcomes, jobsOf }
}

let t: TestApp
let provider: Awaited<ReturnType<typeof fakeProvider>>
let ws: Awaited<ReturnType<typeof createWorkspace>>
let other: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient

beforeAll(async () => {
  provider = await fakeProvider()
  t = await createTestApp({
    env: { SCAN_PROVIDER_URL: provider.url, SCAN_PROVIDER_KEY: 'scan-key', SCAN_PROVIDER_NAME: 'FakeRecognition' },
  })
  ws = await createWorkspace(t.services, 'acme')
  other = await createWorkspace(t.services, 'globex')
  await t.services.db.update(accounts).set({ isAudioScanEnable: true }).where(eq(accounts.id, ws.artist.id))
  admin = await signedIn(t.app, 'admin@acme.test')
})
afterAll(async () => {
  await t.close()
  await provider.close()
})

let count = 0
async function trackWithAudio(audioUrl: string | null = 'https://cdn.example.com/audio/track.wav', accountId = ws.artist.id) {
  count += 1
  const { release, tracks } = await createRelease(t.services, { tenantId: ws.tenant.id, accountId, title: `Scan ${count}`, status: 1 }, [
    { audioUrl },
  ])
  return { release, track: tracks[0] }
}

const jobIds = (trackId: number) => provider.jobsOf(`${ws.tenant.id}:${trackId}`).map(([id, job]) => ({ id, kind: job.kind }))

describe('requesting scans', () => {
  it('sends both scans to the provider and marks the track processing, audited on its release', async () => {
    const { release, track } = await trackWithAudio()
    const answer = await admin.ok('releases.trackStat', { body: { trackId: track.id } })
    expect(answer).toEqual({ requested: [{ trackId: track.id, title: track.title, scanStatus: 0 }], skipped: [] })

    const sent = provider.jobsOf(`${ws.tenant.id}:${track.id}`).map(([, job]) => job)
    expect(sent.map((job) => job.kind).sort()).toEqual(['cover', 'fingerprint'])
    expect(sent.every((job) => job.audioUrl === 'https://cdn.example.com/audio/track.wav')).toBe(true)

    const history = await admin.ok('releases.scansHistory', { params: { id: track.id } })
    expect(history).toMatchObject({
      trackId: track.id,
      scanStatus: 0,
      configured: true,
      provider: 'FakeRecognition',
      hasAudio: true,
      accountScansEnabled: true,
      blockedReason: 'The scans of this track are still processing. Refresh them instead of requesting new ones.',
    })
    expect(history.scans).toHaveLength(2)
    expect(history.scans.every((scan) => scan.status === 0 && scan.statusLabel === 'Processing' && scan.completedAt === null)).toBe(true)
    expect(history.scans[0].requestedBy?.id).toBe(ws.admin.id)
    expect((await admin.ok('releases.track', { params: { id: track.id } })).scanStatus).toBe(0)

    const [entry] = await t.services.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityType, 'release'), eq(auditLog.entityId, String(release.id)), eq(auditLog.action, 'track.scan_requested')),
      )
    expect(entry.actorAccountId).toBe(ws.admin.id)
    expect(entry.after).toMatchObject({ trackId: track.id, scanStatus: 0 })

    // A background refresh is queued for later.
    const queued = await t.services.db.select().from(jobs).where(eq(jobs.type, 'scans.refresh'))
    expect(queued.some((job) => (job.payload as { trackId: number }).trackId === track.id && job.status === 'queued')).toBe(true)

    const again = await admin.call('releases.trackStat', { body: { trackId: track.id } })
    expect(again.status).toBe(409)
    expect(again.error.message).toMatch(/still processing/)
  })

  it('refresh records completed scans with their matches, and the track becomes completed', async () => {
    const { track } = await trackWithAudio()
    await admin.ok('releases.trackStat', { body: { trackId: track.id } })
    const [first, second] = jobIds(track.id)
    const stillProcessing = await admin.ok('releases.refreshTrackStat', { body: { trackId: track.id } })
    expect(stillProcessing.scanStatus).toBe(0)

    const fingerprint = first.kind === 'fingerprint' ? first : second
    const cover = first.kind === 'cover' ? first : second
    provider.outcomes.set(fingerprint.id, {
      status: 'completed',
      matches: [
        {
          title: 'Original Song',
          artists: [{ name: 'Famous Band' }, 'Guest Singer'],
          isrc: 'us-rc1-76-07839',
          label: 'Big Label',
          score: 0.92,
          offset_ms: 12500,
        },
      ],
    })
    provider.outcomes.set(cover.id, { status: 'completed', matches: [] })
    const done = await admin.ok('releases.refreshTrackStat', { body: { trackId: track.id } })
    expect(done.scanStatus).toBe(1)
    expect(done.blockedReason).toBeNull()
    const byKind = Object.fromEntries(done.scans.map((scan) => [scan.kind, scan]))
    expect(byKind.fingerprint).toMatchObject({ status: 1, statusLabel: 'Completed', provider: 'FakeRecognition', error: null })
    expect(byKind.fingerprint.completedAt).not.toBeNull()
    expect(byKind.fingerprint.matches).toEqual([
      {
        title: 'Original Song',
        artists: ['Famous Band', 'Guest Singer'],
        isrc: 'USRC17607839',
        label: 'Big Label',
        score: 92,
        offset: 12.5,
      },
    ])
    expect(byKind.cover).toMatchObject({ status: 1, matches: [] })
    expect((await admin.ok('releases.track', { params: { id: track.id } })).scanStatus).toBe(1)
  })

  it('a failure at the provider fails the scan with its reason, and the track is failed (2)', async () => {
    const { track } = await trackWithAudio()
    await admin.ok('releases.trackStat', { body: { trackId: track.id } })
    const [first, second] = jobIds(track.id)
    provider.outcomes.set(first.id, { status: 'failed', error: 'Audio is too short to fingerprint' })
    provider.outcomes.set(second.id, { status: 'completed', matches: [] })
    const answer = await admin.ok('releases.refreshTrackStat', { body: { trackId: track.id } })
    expect(answer.scanStatus).toBe(2)
    const failed = answer.scans.find((scan) => scan.status === 2)
    expect(failed).toMatchObject({ statusLabel: 'Failed', error: 'Audio is too short to fingerprint' })
    expect((await admin.ok('releases.track', { params: { id: track.id } })).scanStatus).toBe(2)

    // A new request after a failure is allowed.
    expect((await admin.ok('releases.trackStat', { body: { trackId: track.id } })).requested[0].scanStatus).toBe(0)
  })

  it('a submission the provider refuses is a failed scan with its message', async () => {
    const { track } = await trackWithAudio('https://cdn.example.com/unsupported.xyz')
    const answer = await admin.ok('releases.trackStat', { body: { trackId: track.id } })
    expect(answer.requested[0].scanStatus).toBe(2)
    const history = await admin.ok('releases.scansHistory', { params: { id: track.id } })
    expect(history.scans.map((scan) => scan.error)).toEqual([
      'FakeRecognition: Unsupported audio format',
      'FakeRecognition: Unsupported audio format',
    ])
  })

  it('sends audio this installation stores as the file itself', async () => {
    const file = await t.services.files.save(t.services.db, {
      tenantId: ws.tenant.id,
      purpose: 'track-audio',
      originalName: 'take.wav',
      data: wav(),
      kind: 'audio',
      maxBytes: 10_000_000,
    })
    const { track } = await trackWithAudio(`/api/files/${file.id}`)
    await admin.ok('releases.trackStat', { body: { trackId: track.id } })
    const sent = provider.jobsOf(`${ws.tenant.id}:${track.id}`).map(([, job]) => job)
    expect(sent).toHaveLength(2)
    expect(sent.every((job) => job.uploaded && job.audioUrl === null)).toBe(true)
  })

  it('requests every track of a release, listing the ones it skipped', async () => {
    const { release, tracks } = await createRelease(
      t.services,
      { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Album', status: 1 },
      [{ audioUrl: 'https://cdn.example.com/a.wav' }, { audioUrl: null }],
    )
    const answer = await admin.ok('releases.trackStat', { body: { releaseId: release.id } })
    expect(answer.requested).toEqual([{ trackId: tracks[0].id, title: tracks[0].title, scanStatus: 0 }])
    expect(answer.skipped).toEqual([
      { trackId: tracks[1].id, title: tracks[1].title, reason: 'This track has no audio to scan. Upload its audio first.' },
    ])
    const none = await admin.call('releases.trackStat', { body: { releaseId: release.id } })
    expect(none.status).toBe(409)
  })

  it('the background job picks up results without anyone refreshing', async () => {
    const { track } = await trackWithAudio()
    await admin.ok('releases.trackStat', { body: { trackId: track.id } })
    for (const { id } of jobIds(track.id)) provider.outcomes.set(id, { status: 'completed', matches: [] })
    await t.services.db.execute(sql`update jobs set run_at = now() where type = 'scans.refresh' and status = 'queued'`)
    await t.services.jobs.drain()
    expect((await admin.ok('releases.track', { params: { id: track.id } })).scanStatus).toBe(1)
    const rows = await t.services.db.select().from(trackScans).where(eq(trackScans.trackId, track.id))
    expect(rows.every((row) => row.status === 1)).toBe(true)
  })
})

describe('refusals', () => {
  it('a track without audio is a 409 with a clear message', async () => {
    const { track } = await trackWithAudio(null)
    const answer = await admin.call('releases.trackStat', { body: { trackId: track.id } })
    expect(answer.status).toBe(409)
    expect(answer.error.message).toBe('This track has no audio to scan. Upload its audio first.')
    const history = await admin.ok('releases.scansHistory', { params: { id: track.id } })
    expect(history).toMatchObject({ hasAudio: false, scanStatus: null, scans: [], blockedReason: answer.error.message })
  })

  it("respects the owner account's Audio scans flag", async () => {
    await t.services.db.update(accounts).set({ isAudioScanEnable: false }).where(eq(accounts.id, ws.label.id))
    const { track } = await trackWithAudio(undefined, ws.label.id)
    const answer = await admin.call('releases.trackStat', { body: { trackId: track.id } })
    expect(answer.status).toBe(409)
    expect(answer.error.message).toMatch(/Audio scans are turned off for the account/)
    expect((await admin.ok('releases.scansHistory', { params: { id: track.id } })).accountScansEnabled).toBe(false)
  })

  it('is for admins only, and only for tracks of their own workspace', async () => {
    const { track } = await trackWithAudio()
    const artist = await signedIn(t.app, 'artist@acme.test')
    expect((await artist.call('releases.trackStat', { body: { trackId: track.id } })).status).toBe(403)
    expect((await artist.call('releases.scansHistory', { params: { id: track.id } })).status).toBe(403)
    expect((await artist.call('releases.refreshTrackStat', { body: { trackId: track.id } })).status).toBe(403)

    const outsider = await signedIn(t.app, 'admin@globex.test')
    for (const result of [
      await outsider.call('releases.trackStat', { body: { trackId: track.id } }),
      await outsider.call('releases.trackStat', { body: { releaseId: track.releaseId } }),
      await outsider.call('releases.refreshTrackStat', { body: { trackId: track.id } }),
      await outsider.call('releases.scansHistory', { params: { id: track.id } }),
    ])
      expect(result.status).toBe(404)
    expect(other.tenant.id).not.toBe(ws.tenant.id)
  })

  it('needs exactly one of a track or a release', async () => {
    expect((await admin.call('releases.trackStat', { body: {} })).status).toBe(400)
    expect((await admin.call('releases.trackStat', { body: { trackId: 1, releaseId: 1 } })).status).toBe(400)
  })
})

describe('without a provider', () => {
  let bare: TestApp
  beforeAll(async () => {
    bare = await createTestApp()
    await createWorkspace(bare.services, 'acme')
  })
  afterAll(() => bare.close())

  it('answers 503 not_configured, and the history says so before anyone clicks', async () => {
    const [artist] = await bare.services.db.select().from(accounts).where(eq(accounts.email, 'artist@acme.test'))
    const { tracks } = await createRelease(bare.services, { tenantId: artist.tenantId, accountId: artist.id, status: 1 }, [
      { audioUrl: 'https://cdn.example.com/a.wav' },
    ])
    const client = await signedIn(bare.app, 'admin@acme.test')
    for (const result of [
      await client.call('releases.trackStat', { body: { trackId: tracks[0].id } }),
      await client.call('releases.refreshTrackStat', { body: { trackId: tracks[0].id } }),
    ]) {
      expect(result.status).toBe(503)
      expect(result.error).toMatchObject({ code: 'not_configured', message: 'Audio recognition is not configured' })
    }
    const history = await client.ok('releases.scansHistory', { params: { id: tracks[0].id } })
    expect(history).toMatchObject({ configured: false, blockedReason: 'Audio recognition is not configured' })
  })
})

describe('scan status rules', () => {
  it('derives the track status from the latest scan of each kind', () => {
    expect(deriveScanStatus([])).toBeNull()
    expect(
      deriveScanStatus([
        { kind: 'cover', status: 1 },
        { kind: 'fingerprint', status: 0 },
      ]),
    ).toBe(0)
    expect(
      deriveScanStatus([
        { kind: 'cover', status: 2 },
        { kind: 'fingerprint', status: 1 },
      ]),
    ).toBe(2)
    // An older failure of the same kind no longer counts.
    expect(
      deriveScanStatus([
        { kind: 'cover', status: 1 },
        { kind: 'fingerprint', status: 1 },
        { kind: 'cover', status: 2 },
      ]),
    ).toBe(1)
    expect(parseMatch({ title: 'X', artists: 'Solo', score: 87, offset: '3.5' })).toEqual({
      title: 'X',
      artists: ['Solo'],
      isrc: null,
      label: null,
      score: 87,
      offset: 3.5,
    })
    expect(parseMatch({ artists: ['nobody'] })).toBeNull()
  })
})
