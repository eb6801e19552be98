import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq, sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { signedIn, twoWorkspaces, type createWorkspace } from '../helpers/fixtures'
import { jobs } from '../../src/server/db/schema'
import { auditsOf } from './payouts-fixtures'
import { createRelease } from './releases-fixtures'

let t: TestApp
let clock: Date | null = null
let ws: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let artist: TestClient
let label: TestClient
let otherAdmin: TestClient
let labelReleaseId: number

/** The day `days` from today (UTC), as the calls write dates. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
const TODAY = day(0)
const at = (date: string, time = '12:00:00') => new Date(`${date}T${time}Z`)

beforeAll(async () => {
  t = await createTestApp({ now: () => clock ?? new Date() })
  ;({ ws, admin, artist, otherAdmin } = await twoWorkspaces(t, 'blockws', 'blockother'))
  label = await signedIn(t.app, 'label@blockws.test')
  labelReleaseId = (await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.label.id, title: 'Label Record' })).release.id
})
afterAll(() => t.close())

/** A release of the artist's own, with its tracks: each test its own, so periods never clash across tests. */
async function release(title = 'Night Drive') {
  const made = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title }, [{}, {}, {}])
  return { releaseId: made.release.id, trackIds: made.tracks.map((track) => track.id) }
}

const fields = (releaseId: number, overrides: Record<string, unknown> = {}) => ({
  releaseId,
  platform: 'youtube' as const,
  format: 'all' as const,
  startDate: day(20),
  endDate: day(100),
  comment: 'Exclusive premiere window',
  ...overrides,
})

async function request(releaseId: number, overrides: Record<string, unknown> = {}, client: TestClient = artist) {
  return (await client.ok('blocklist.create', { body: fields(releaseId, overrides) })).id
}

const list = (query: Record<string, unknown> = {}, client: TestClient = admin) =>
  client.ok('blocklist.list', { query: { page: 1, per_page: 25, ...query } })

const mailsTo = async (to: string) =>
  (await t.services.db.select().from(jobs).where(eq(jobs.type, 'mail.send')).orderBy(asc(jobs.id)))
    .map((job) => job.payload as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === to)

describe('blocklist requests', () => {
  it('the artist requests a period for a track; staff see it pending with its fields, "Not Set" ISRC data and the audit', async () => {
    const { releaseId, trackIds } = await release('Night Drive')
    const id = await request(releaseId, { trackId: trackIds[0], isrc: 'us-rc1-76-07839', platform: 'tiktok' })
    const row = (await list({ status: 'pending' })).data.find((found) => found.id === id)!
    expect(row).toMatchObject({
      kind: 'blocklist',
      status: 'pending',
      title: 'Night Drive 1 (Night Drive)',
      requester: { id: ws.artist.id, email: 'artist@blockws.test' },
      release: { id: releaseId, title: 'Night Drive' },
      track: { id: trackIds[0] },
      fields: { platform: 'tiktok', format: 'all', startDate: day(20), endDate: day(100), isrc: 'USRC17607839', comment: 'Exclusive premiere window' },
    })
    const whole = await request(releaseId, { platform: 'facebook' })
    expect((await admin.ok('blocklist.single', { params: { id: whole } })).fields.isrc).toBeNull()
    expect((await artist.ok('blocklist.mine', { params: { page: 1 }, query: { per_page: 25 } })).data.map((r) => r.id)).toEqual(
      expect.arrayContaining([id, whole]),
    )
    expect((await auditsOf(t.services, ws.tenant.id, 'blocklist_request.created')).map((audit) => audit.entityId)).toContain(String(id))
  })

  it('validates the platform, the dates, the ISRC and ownership', async () => {
    const { releaseId, trackIds } = await release()
    const platform = await artist.call('blocklist.create', { body: fields(releaseId, { platform: 'vimeo' }) })
    expect(platform.status).toBe(400)
    expect(platform.error.errors?.platform).toContain('Choose one of')
    const order = await artist.call('blocklist.create', { body: fields(releaseId, { startDate: day(101), endDate: day(100) }) })
    expect(order.error.errors?.endDate).toBe('The end date comes before the start date')
    const shape = await artist.call('blocklist.create', { body: fields(releaseId, { startDate: '1/4/2026' }) })
    expect(shape.error.errors?.startDate).toBe('Use a date like 2026-01-31')
    const past = await artist.call('blocklist.create', { body: fields(releaseId, { startDate: day(-30), endDate: day(-1) }) })
    expect(past.error.errors?.endDate).toBe('The end date has passed')
    const isrc = await artist.call('blocklist.create', { body: fields(releaseId, { isrc: 'nope' }) })
    expect(isrc.error.errors?.isrc).toBeDefined()
    const foreign = await artist.call('blocklist.create', { body: fields(labelReleaseId) })
    expect(foreign.error.errors?.releaseId).toBe('Choose one of your releases')
    const track = await label.call('blocklist.create', { body: fields(labelReleaseId, { trackId: trackIds[0] }) })
    expect(track.error.errors?.trackId).toBe('Choose a track of that release')
    expect((await label.call('blocklist.create', { body: fields(labelReleaseId) })).status).toBe(201)
  })

  it('refuses a period overlapping a pending or approved one for the same track and platform', async () => {
    const { releaseId, trackIds } = await release()
    const first = await request(releaseId, { trackId: trackIds[0] })
    const same = await artist.call('blocklist.create', { body: fields(releaseId, { trackId: trackIds[0], startDate: day(100), endDate: day(130) }) })
    expect(same.status).toBe(400)
    expect(same.error.errors?.startDate).toBe(`Blocklist entry #${first} already covers part of ${day(100)} – ${day(130)} on YouTube for this track.`)
    // The whole release covers every track; another platform, another track or the next day are free.
    expect((await artist.call('blocklist.create', { body: fields(releaseId) })).status).toBe(400)
    await request(releaseId, { trackId: trackIds[0], platform: 'soundcloud' })
    await request(releaseId, { trackId: trackIds[1] })
    await request(releaseId, { trackId: trackIds[0], startDate: day(101), endDate: day(120) })
    // A rejected request frees its days; reconsidering it then clashes with the one sent meanwhile.
    await admin.ok('blocklist.changeStatus', { body: { ids: [first], status: 'rejected', reason: 'Send the premiere contract' } })
    const meanwhile = await request(releaseId, { trackId: trackIds[0], startDate: day(40), endDate: day(50) })
    const reconsider = await admin.call('blocklist.changeStatus', { body: { ids: [first], status: 'pending' } })
    expect(reconsider.status).toBe(409)
    expect(reconsider.error.message).toContain(`Blocklist entry #${meanwhile} already covers part of`)
    expect((await admin.ok('blocklist.single', { params: { id: first } })).status).toBe('rejected')
  })

  it('approves and lifts with a reason; refuses every move the kind does not allow; mails and audits each change', async () => {
    const { releaseId } = await release()
    const id = await request(releaseId)
    const before = (await mailsTo('artist@blockws.test')).length
    const noReason = await admin.call('blocklist.changeStatus', { body: { ids: [id], status: 'rejected' } })
    expect(noReason.error.message).toBe('Give a reason: the requester is told why.')
    expect((await admin.call('blocklist.changeStatus', { body: { ids: [id], status: 'lifted', reason: 'x' } })).error.message).toBe(
      'A pending blocklist entry cannot become lifted.',
    )
    expect((await admin.ok('blocklist.changeStatus', { body: { ids: [id], status: 'approved' } })).message).toBe(
      `Blocklist entry request #${id} is now approved.`,
    )
    const ended = await admin.call('blocklist.changeStatus', { body: { ids: [id], status: 'ended' } })
    expect(ended.status).toBe(409)
    expect(ended.error.message).toBe('A blocklist entry becomes ended by itself.')
    expect((await admin.call('blocklist.changeStatus', { body: { ids: [id], status: 'pending' } })).error.message).toBe(
      'A approved blocklist entry cannot become pending.',
    )
    expect((await admin.call('blocklist.changeStatus', { body: { ids: [id], status: 'lifted' } })).error.message).toBe(
      'Give a reason: the requester is told why.',
    )
    await admin.ok('blocklist.changeStatus', { body: { ids: [id], status: 'lifted', reason: 'The premiere moved' } })
    expect((await admin.call('blocklist.changeStatus', { body: { ids: [id], status: 'approved' } })).error.message).toBe(
      'A lifted blocklist entry cannot change any more.',
    )
    expect(await admin.ok('blocklist.single', { params: { id } })).toMatchObject({ status: 'lifted', reason: 'The premiere moved' })
    const mails = (await mailsTo('artist@blockws.test')).slice(before)
    expect(mails.map((mail) => mail.subject)).toEqual([`Your blocklist entry request #${id} is approved`, `Your blocklist entry request #${id} is lifted`])
    expect(mails[1].text).toContain('Reason: The premiere moved')
    const audits = await auditsOf(t.services, ws.tenant.id, 'blocklist_request.status_changed')
    expect(audits.filter((audit) => audit.entityId === String(id))).toHaveLength(2)
    // A lifted period frees its days again.
    await request(releaseId)
  })

  it('rejects, reconsiders and approves; refuses approving a period that has ended meanwhile', async () => {
    const { releaseId } = await release()
    const id = await request(releaseId, { startDate: day(-5), endDate: day(2) })
    await admin.ok('blocklist.changeStatus', { body: { ids: [id], status: 'rejected', reason: 'Missing proof' } })
    await admin.ok('blocklist.changeStatus', { body: { ids: [id], status: 'pending' } })
    clock = at(day(3), '09:00:00')
    try {
      const late = await admin.call('blocklist.changeStatus', { body: { ids: [id], status: 'approved' } })
      expect(late.status).toBe(409)
      expect(late.error.message).toBe(`Its period ended on ${day(2)}: a new period is a new request.`)
    } finally {
      clock = null
    }
    await admin.ok('blocklist.changeStatus', { body: { ids: [id], status: 'approved' } })
  })

  it('an approved entry ends by itself at its end date through the job runner, mailed and audited; others stay', async () => {
    const { releaseId, trackIds } = await release()
    const ending = await request(releaseId, { trackId: trackIds[0], startDate: TODAY, endDate: day(2) })
    const later = await request(releaseId, { trackId: trackIds[1], startDate: TODAY, endDate: day(90) })
    const waiting = await request(releaseId, { trackId: trackIds[2], platform: 'instagram', startDate: TODAY, endDate: day(1) })
    await admin.ok('blocklist.changeStatus', { body: { ids: [ending, later], status: 'approved' } })
    const [job] = await t.services.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, 'feature-controls.blocklistEnd'), eq(jobs.tenantId, ws.tenant.id), eq(jobs.status, 'queued')))
      .orderBy(jobs.runAt)
    expect(job.runAt.toISOString()).toBe(`${day(3)}T00:00:00.000Z`)
    // Not yet due: the job finds nothing to end.
    await t.services.db.execute(sql`update jobs set run_at = now() where type = 'feature-controls.blocklistEnd' and status = 'queued'`)
    await t.services.jobs.drain()
    expect((await admin.ok('blocklist.single', { params: { id: ending } })).status).toBe('approved')
    clock = at(day(3), '00:00:01')
    try {
      await t.services.jobs.enqueue(t.services.db, { type: 'feature-controls.blocklistEnd', tenantId: ws.tenant.id, payload: { tenantId: ws.tenant.id } })
      await t.services.jobs.drain()
    } finally {
      clock = null
    }
    expect((await admin.ok('blocklist.single', { params: { id: ending } })).status).toBe('ended')
    expect((await admin.ok('blocklist.single', { params: { id: later } })).status).toBe('approved')
    expect((await admin.ok('blocklist.single', { params: { id: waiting } })).status).toBe('pending')
    const ended = (await auditsOf(t.services, ws.tenant.id, 'blocklist_request.status_changed')).find(
      (audit) => audit.entityId === String(ending) && (audit.after as { status: string }).status === 'ended',
    )
    expect(ended?.actorAccountId).toBeNull()
    expect((await mailsTo('artist@blockws.test')).map((mail) => mail.subject)).toContain(`Your blocklist entry request #${ending} is ended`)
    expect((await admin.call('blocklist.changeStatus', { body: { ids: [ending], status: 'lifted', reason: 'x' } })).error.message).toBe(
      'A ended blocklist entry cannot change any more.',
    )
  })

  it('keeps requests to their workspace and staff calls to staff', async () => {
    const { releaseId } = await release()
    const id = await request(releaseId)
    expect((await otherAdmin.call('blocklist.single', { params: { id } })).status).toBe(404)
    expect((await otherAdmin.call('blocklist.changeStatus', { body: { ids: [id], status: 'approved' } })).status).toBe(404)
    expect((await list({}, otherAdmin)).data.find((row) => row.id === id)).toBeUndefined()
    expect((await artist.call('blocklist.list', { query: { page: 1, per_page: 25 } })).status).toBe(403)
    expect((await artist.call('blocklist.changeStatus', { body: { ids: [id], status: 'approved' } })).status).toBe(403)
    expect((await label.ok('blocklist.mine', { params: { page: 1 }, query: { per_page: 25 } })).data.every((row) => row.requester.id === ws.label.id)).toBe(true)
    // A greenlist id is not a blocklist request.
    expect((await otherAdmin.ok('search.query', { query: { q: `blocklist:${id}`, kinds: 'blocklist' } })).hits).toHaveLength(0)
  })

  it('searches by title and #id, filters by status and date range, pages in the query string; the palette finds it', async () => {
    const { releaseId } = await release('Velvet Harbour')
    const id = await request(releaseId)
    expect((await list({ search: 'velvet' })).data.map((row) => row.id)).toContain(id)
    expect((await list({ search: `#${id}` })).data.map((row) => row.id)).toEqual([id])
    expect((await list({ status: 'ended', search: 'velvet' })).data).toHaveLength(0)
    expect((await list({ to: '2020-01-01' })).data).toHaveLength(0)
    const second = await list({ page: 2, per_page: 25 })
    expect(second.meta.page).toBe(2)
    const byPrefix = await admin.ok('search.query', { query: { q: `bl${id}` } })
    expect(byPrefix.hits.find((hit) => hit.kind === 'blocklist')).toMatchObject({ id, title: `Blocklist entry #${id}: Velvet Harbour` })
    expect((await admin.ok('search.query', { query: { q: `greenlist:${id}`, kinds: 'greenlist' } })).hits).toHaveLength(0)
    const queue = await admin.ok('featureRequests.queue')
    expect(queue.data.find((item) => item.id === id)).toMatchObject({ kind: 'blocklist', path: `/blocklist/${id}` })
  })
})
