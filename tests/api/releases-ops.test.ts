import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import { startFakeServer } from '../helpers/fake-servers'
import { auditLog, spotifyDiscovery } from '../../src/server/db/schema'
import { countDuplicates } from '../../src/domains/catalogue/server/ops.service'
import { createRelease, upc } from './releases-fixtures'

let t: TestApp
let audioSalad: Awaited<ReturnType<typeof startFakeServer>>
let ws: Awaited<ReturnType<typeof createWorkspace>>
let other: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient

const KNOWN_UPC = upc(505)
const BROKEN_UPC = upc(500)

beforeAll(async () => {
  audioSalad = await startFakeServer((req, body) => {
    if (req.headers.authorization !== 'Bearer salad-key' || req.headers['x-access-id'] !== 'access-1')
      return { status: 401, json: { error: 'Unauthorized', message: 'Invalid access token' } }
    const url = new URL(req.url ?? '/', 'http://x')
    if (req.method === 'GET' && url.pathname === '/client-api/release') {
      const wanted = url.searchParams.get('upc')
      if (wanted === BROKEN_UPC) return { status: 500, json: { error: 'Server error', message: 'Catalogue database unavailable' } }
      if (wanted !== KNOWN_UPC) return { status: 404, json: { error: 'Not found', message: 'Release not found' } }
      return { json: { release: { id: 505, upc: wanted, title: 'Night Drive' } } }
    }
    if (req.method === 'POST' && url.pathname === '/client-api/delivery-status') {
      const { release_ids } = JSON.parse(body) as { release_ids: string[] }
      if (release_ids[0] !== '505') return { json: { data: [] } }
      return {
        json: {
          data: [
            { target_id: 67, target_name: 'Amazon', status: 'error', error: 'Missing artwork', updated_at: '2025-01-03T10:00:00Z' },
            { target_id: 10, target_name: 'Spotify', status: 'delivered', updated_at: '2025-01-02T09:00:00Z' },
          ],
        },
      }
    }
    return { status: 404, json: { error: 'No such path' } }
  })
  t = await createTestApp({ env: { AUDIOSALAD_URL: `${audioSalad.url}/`, AUDIOSALAD_KEY: 'salad-key', AUDIOSALAD_ACCESS_ID: 'access-1' } })
  ws = await createWorkspace(t.services, 'acme')
  other = await createWorkspace(t.services, 'globex')
  admin = await signedIn(t.app, 'admin@acme.test')
})
afterAll(async () => {
  await t.close()
  await audioSalad.close()
})

const base = () => ({ tenantId: ws.tenant.id, accountId: ws.artist.id })

describe('AudioSalad delivery status', () => {
  it("answers the release's status per store from AudioSalad, found by UPC", async () => {
    const { release } = await createRelease(t.services, { ...base(), upc: KNOWN_UPC, status: 1 })
    const answer = await admin.ok('releases.audioSaladDeliveryStatus', { params: { id: release.id } })
    expect(answer).toMatchObject({ releaseId: release.id, upc: KNOWN_UPC, found: true, providerReleaseId: '505' })
    expect(answer.stores).toEqual([
      { store: 'Amazon', targetId: '67', status: 'error', date: '2025-01-03T10:00:00Z', message: 'Missing artwork' },
      { store: 'Spotify', targetId: '10', status: 'delivered', date: '2025-01-02T09:00:00Z', message: null },
    ])
  })

  it('says when AudioSalad has no such release, refuses a release without UPC, and passes errors on', async () => {
    const { release: unknown } = await createRelease(t.services, { ...base(), upc: upc(506) })
    expect(await admin.ok('releases.audioSaladDeliveryStatus', { params: { id: unknown.id } })).toMatchObject({ found: false, stores: [] })

    const { release: noUpc } = await createRelease(t.services, { ...base(), upc: null })
    const refused = await admin.call('releases.audioSaladDeliveryStatus', { params: { id: noUpc.id } })
    expect(refused.status).toBe(409)
    expect(refused.error.message).toMatch(/no UPC/)

    const { release: broken } = await createRelease(t.services, { ...base(), upc: BROKEN_UPC })
    const failed = await admin.call('releases.audioSaladDeliveryStatus', { params: { id: broken.id } })
    expect(failed.status).toBe(502)
    expect(failed.error.message).toBe('AudioSalad: Catalogue database unavailable')
  })

  it('is for admins of the workspace only', async () => {
    const { release } = await createRelease(t.services, { ...base(), upc: KNOWN_UPC })
    const artist = await signedIn(t.app, 'artist@acme.test')
    expect((await artist.call('releases.audioSaladDeliveryStatus', { params: { id: release.id } })).status).toBe(403)
    const outsider = await signedIn(t.app, 'admin@globex.test')
    expect((await outsider.call('releases.audioSaladDeliveryStatus', { params: { id: release.id } })).status).toBe(404)
  })

  it('answers 503 not_configured without credentials', async () => {
    const bare = await createTestApp()
    try {
      const bareWs = await createWorkspace(bare.services, 'acme')
      const { release } = await createRelease(bare.services, { tenantId: bareWs.tenant.id, accountId: bareWs.artist.id, upc: KNOWN_UPC })
      const client = await signedIn(bare.app, 'admin@acme.test')
      const answer = await client.call('releases.audioSaladDeliveryStatus', { params: { id: release.id } })
      expect(answer.status).toBe(503)
      expect(answer.error).toMatchObject({ code: 'not_configured', message: 'AudioSalad is not configured' })
    } finally {
      await bare.close()
    }
  })
})

describe('assignees', () => {
  it('lists the admins who acted on a release with their action counts, most recently active first', async () => {
    const { release } = await createRelease(t.services, { ...base(), title: 'Worked On' })
    const operator = await signedIn(t.app, 'operator@acme.test')
    await admin.ok('releases.edit', { body: { releaseId: release.id, title: 'Worked On Again' } })
    await admin.ok('releases.notesCreate', { body: { releaseId: release.id, content: 'Checked the artwork' } })
    await operator.ok('releases.changeReview', { body: { ids: [release.id], adminReview: true } })
    // Not staff: an artist's own action on the release is left out.
    await t.services.db.insert(auditLog).values({
      tenantId: ws.tenant.id,
      actorAccountId: ws.artist.id,
      action: 'release.edit_requested',
      entityType: 'release',
      entityId: String(release.id),
    })
    const answer = await admin.ok('releases.assignees', { params: { id: release.id } })
    expect(answer.data.map((row) => [row.email, row.actions])).toEqual([
      ['operator@acme.test', 1],
      ['admin@acme.test', 2],
    ])
    expect(answer.data[0].name).toBe('Test Person')
    expect(new Date(answer.data[0].lastActionAt) >= new Date(answer.data[1].lastActionAt)).toBe(true)

    const outsider = await signedIn(t.app, 'admin@globex.test')
    expect((await outsider.call('releases.assignees', { params: { id: release.id } })).status).toBe(404)
  })
})

describe('catalogue health', () => {
  it('counts what needs attention, with samples and list links', async () => {
    const health = await createWorkspace(t.services, 'health')
    const client = await signedIn(t.app, 'admin@health.test')
    const mine = { tenantId: health.tenant.id, accountId: health.artist.id }
    const old = new Date(Date.now() - 10 * 86_400_000)
    const cover = { coverUrl: 'https://cdn.example.com/cover.jpg' }
    await createRelease(t.services, { ...mine, ...cover, title: 'Healthy', status: 1, upc: upc(900) }, [
      { isrc: 'GBAYE2500900', audioUrl: 'https://cdn.example.com/a.wav', scanStatus: 1 },
    ])
    await createRelease(t.services, { ...mine, title: 'No Cover', status: 1, upc: upc(901) }, [
      { isrc: 'GBAYE2500901', audioUrl: 'https://cdn.example.com/b.wav' },
    ])
    await createRelease(t.services, { ...mine, ...cover, title: 'Live No UPC', status: 7, upc: null }, [
      { isrc: null, audioUrl: 'https://cdn.example.com/c.wav', scanStatus: 2 },
    ])
    // Duplicates: a UPC on two releases, an ISRC on two tracks.
    await createRelease(t.services, { ...mine, ...cover, title: 'Twin A', status: 0, upc: upc(902) }, [
      { isrc: 'GBAYE2500902', audioUrl: null },
    ])
    await createRelease(t.services, { ...mine, ...cover, title: 'Twin B', status: 0, upc: upc(902) }, [
      { isrc: 'GBAYE2500902', audioUrl: 'https://cdn.example.com/d.wav' },
    ])
    const { release: waiting } = await createRelease(
      t.services,
      { ...mine, ...cover, title: 'Waiting', status: 2, upc: upc(903), createdAt: old },
      [{ isrc: 'GBAYE2500903', audioUrl: 'https://cdn.example.com/e.wav' }],
    )
    await createRelease(t.services, { ...mine, ...cover, title: 'Fresh Review', status: 2, upc: upc(904) }, [
      { isrc: 'GBAYE2500904', audioUrl: 'https://cdn.example.com/f.wav' },
    ])
    // Another workspace's problems are not counted.
    await createRelease(t.services, { tenantId: other.tenant.id, accountId: other.artist.id, title: 'Elsewhere', upc: null, status: 1 }, [
      { isrc: null },
    ])

    // Duplicates are counted in the background: the first answer says they are being counted.
    const first = await client.ok('releases.health')
    expect(first.counting).toBe(true)
    expect(first.items.find((entry) => entry.key === 'duplicateUpcs')).toMatchObject({ count: null, asOf: null })
    expect(first.items.find((entry) => entry.key === 'releasesWithoutCover')?.count).toBe(1)
    await t.services.jobs.drain()

    const answer = await client.ok('releases.health')
    expect(answer.counting).toBe(false)
    const byKey = Object.fromEntries(answer.items.map((entry) => [entry.key, entry]))
    expect(Object.fromEntries(answer.items.map((entry) => [entry.key, entry.count]))).toEqual({
      releasesWithoutCover: 1,
      liveReleasesWithoutUpc: 1,
      tracksWithoutIsrc: 1,
      tracksWithoutAudio: 1,
      duplicateUpcs: 1,
      duplicateIsrcs: 1,
      reviewOverdue: 1,
      failedScans: 1,
    })
    expect(answer.items.every((entry) => entry.capped === false)).toBe(true)
    expect(byKey.releasesWithoutCover.samples).toEqual([expect.objectContaining({ label: 'No Cover' })])
    expect(byKey.tracksWithoutIsrc.samples[0].label).toBe('Live No UPC 1 (Live No UPC)')
    expect(byKey.tracksWithoutIsrc.samples[0].path).toMatch(/^\/releases\/track\/\d+$/)
    expect(byKey.duplicateUpcs.samples).toEqual([{ label: `UPC ${upc(902)} × 2`, path: `/releases/manage/1?search=${upc(902)}` }])
    expect(byKey.duplicateIsrcs.samples[0].label).toBe('ISRC GBAYE2500902 × 2')
    expect(byKey.duplicateIsrcs.asOf).not.toBeNull()
    expect(byKey.releasesWithoutCover.asOf).toBeNull()
    expect(byKey.reviewOverdue.samples).toEqual([{ label: 'Waiting', path: `/releases/single/${waiting.id}` }])
    expect(byKey.reviewOverdue.link).toMatch(/^\/releases\/manage\/1\?status=2&from=2000-01-01&to=\d{4}-\d{2}-\d{2}&sort=created&dir=asc$/)

    // The background count reads the index in chunks cut at value boundaries: any chunk size agrees.
    for (const chunk of [1, 2, 3, 50])
      expect(await countDuplicates(t.services.db, health.tenant.id, 'releases', 'upc', undefined, chunk)).toEqual({
        count: 1,
        capped: false,
        samples: [{ value: upc(902), copies: 2 }],
      })

    const artist = await signedIn(t.app, 'artist@health.test')
    expect((await artist.call('releases.health')).status).toBe(403)
  })
})

describe('Spotify discovery', () => {
  it('submits live releases as pending, reports ones already submitted and refuses the rest with reasons', async () => {
    const { release: live } = await createRelease(t.services, { ...base(), title: 'Live One', status: 1 })
    const { release: edited } = await createRelease(t.services, { ...base(), title: 'Edited One', status: 7 })
    const { release: draft } = await createRelease(t.services, { ...base(), title: 'Draft One', status: 0 })
    const { release: foreign } = await createRelease(t.services, { tenantId: other.tenant.id, accountId: other.artist.id, status: 1 })

    const first = await admin.ok('releases.addToSpotifyDiscovery', { body: { releaseIds: [live.id, edited.id, draft.id, foreign.id] } })
    expect(first.submitted.map((entry) => [entry.releaseId, entry.trackId, entry.title])).toEqual([
      [live.id, null, 'Live One'],
      [edited.id, null, 'Edited One'],
    ])
    expect(first.alreadySubmitted).toEqual([])
    expect(first.refused).toEqual([
      { releaseId: draft.id, trackId: null, reason: 'Only live releases go to Spotify Discovery Mode; Draft One is Draft.' },
      { releaseId: foreign.id, trackId: null, reason: 'There is no such release in this workspace.' },
    ])
    const rows = await t.services.db.select().from(spotifyDiscovery).where(eq(spotifyDiscovery.releaseId, live.id))
    expect(rows).toEqual([
      expect.objectContaining({
        tenantId: ws.tenant.id,
        accountId: ws.artist.id,
        createdBy: ws.admin.id,
        status: 'pending',
        enabled: true,
        trackId: null,
      }),
    ])
    const audits = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(live.id)), eq(auditLog.action, 'release.spotify_discovery')))
    expect(audits).toHaveLength(1)

    const again = await admin.ok('releases.addToSpotifyDiscovery', { body: { releaseIds: [live.id] } })
    expect(again.submitted).toEqual([])
    expect(again.alreadySubmitted).toEqual([{ id: rows[0].id, releaseId: live.id, trackId: null, title: 'Live One' }])
    expect(await t.services.db.select().from(spotifyDiscovery).where(eq(spotifyDiscovery.releaseId, live.id))).toHaveLength(1)
  })

  it('submits chosen tracks of a release, each once', async () => {
    const { release, tracks } = await createRelease(t.services, { ...base(), title: 'Two Tracks', status: 1 }, [{}, {}])
    const { tracks: elsewhere } = await createRelease(t.services, { ...base(), title: 'Not Chosen', status: 1 })
    const answer = await admin.ok('releases.addToSpotifyDiscovery', {
      body: { releaseIds: [release.id], trackIds: [tracks[1].id, elsewhere[0].id] },
    })
    expect(answer.submitted.map((entry) => [entry.trackId, entry.title])).toEqual([[tracks[1].id, 'Two Tracks 2']])
    expect(answer.refused).toEqual([
      { releaseId: elsewhere[0].releaseId, trackId: elsewhere[0].id, reason: 'This track is not on one of the chosen releases.' },
    ])
    const again = await admin.ok('releases.addToSpotifyDiscovery', { body: { releaseIds: [release.id], trackIds: [tracks[1].id] } })
    expect(again.alreadySubmitted.map((entry) => entry.trackId)).toEqual([tracks[1].id])
  })

  it('answers 409 when every release is refused, 404 when none is of this workspace, 403 for artists', async () => {
    const { release: draft } = await createRelease(t.services, { ...base(), status: 2 })
    const refused = await admin.call('releases.addToSpotifyDiscovery', { body: { releaseIds: [draft.id] } })
    expect(refused.status).toBe(409)
    expect(refused.error.message).toMatch(/Only live releases/)
    const { release: foreign } = await createRelease(t.services, { tenantId: other.tenant.id, accountId: other.artist.id, status: 1 })
    expect((await admin.call('releases.addToSpotifyDiscovery', { body: { releaseIds: [foreign.id] } })).status).toBe(404)
    const artist = await signedIn(t.app, 'artist@acme.test')
    expect((await artist.call('releases.addToSpotifyDiscovery', { body: { releaseIds: [draft.id] } })).status).toBe(403)
  })
})
