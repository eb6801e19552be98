import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { signedIn, twoWorkspaces, type createWorkspace } from '../helpers/fixtures'
import { jobs } from '../../src/server/db/schema'
import { auditsOf } from './payouts-fixtures'
import { createRelease } from './releases-fixtures'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let artist: TestClient
let label: TestClient
let otherAdmin: TestClient
let releaseId: number
let trackId: number
let labelReleaseId: number

beforeAll(async () => {
  t = await createTestApp()
  ;({ ws, admin, artist, otherAdmin } = await twoWorkspaces(t, 'greenws', 'greenother'))
  label = await signedIn(t.app, 'label@greenws.test')
  const made = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Summer Lights' })
  releaseId = made.release.id
  trackId = made.tracks[0].id
  labelReleaseId = (await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.label.id, title: 'Label Record' })).release.id
})
afterAll(() => t.close())

const CHANNEL = 'UCaBcDeFgHiJkLmNoPqRsTuV'
const fields = (overrides: Record<string, unknown> = {}) => ({
  releaseId,
  format: 'all' as const,
  youtube: `https://www.youtube.com/channel/${CHANNEL}, https://youtube.com/@mychannel`,
  soundcloud: '',
  facebook: '',
  tiktok: 'https://www.tiktok.com/@dancer.one',
  instagram: '',
  info: 'My own channels',
  comment: '',
  ...overrides,
})

const mailsTo = async (to: string) =>
  (await t.services.db.select().from(jobs).where(eq(jobs.type, 'mail.send')).orderBy(asc(jobs.id)))
    .map((job) => job.payload as { to: string; subject: string; text: string; tenantId: number })
    .filter((mail) => mail.to === to)

async function request(client: TestClient = artist, overrides: Record<string, unknown> = {}) {
  return (await client.ok('greenlist.create', { body: fields(overrides) })).id
}

describe('greenlist requests', () => {
  it('the artist requests an entry for their own release; it is pending in their list and in the staff list, channels split per platform', async () => {
    const id = await request(artist, { trackId, isrc: 'us-rc1-76-07839' })
    const mine = await artist.ok('greenlist.mine', { params: { page: 1 }, query: { per_page: 25 } })
    expect(mine.data.map((row) => row.id)).toContain(id)
    const list = await admin.ok('greenlist.list', { params: { page: 1 }, query: { per_page: 25, status: 'pending' } })
    const row = list.data.find((found) => found.id === id)!
    expect(row).toMatchObject({
      kind: 'greenlist',
      status: 'pending',
      title: 'Summer Lights 1 (Summer Lights)',
      requester: { id: ws.artist.id, email: 'artist@greenws.test' },
      release: { id: releaseId, title: 'Summer Lights' },
      track: { id: trackId },
      reason: null,
    })
    expect(row.fields).toMatchObject({
      format: 'all',
      isrc: 'USRC17607839',
      channels: { youtube: [`https://www.youtube.com/channel/${CHANNEL}`, 'https://youtube.com/@mychannel'], tiktok: ['https://www.tiktok.com/@dancer.one'], facebook: [] },
    })
    expect((await admin.ok('greenlist.single', { params: { id } })).id).toBe(id)
    expect(await auditsOf(t.services, ws.tenant.id, 'greenlist_request.created')).not.toHaveLength(0)
  })

  it('validates each URL for its platform, asks for at least one, and checks the ISRC', async () => {
    const wrong = await artist.call('greenlist.create', {
      body: fields({ youtube: 'https://vimeo.com/123', instagram: 'https://www.tiktok.com/@someone', tiktok: '' }),
    })
    expect(wrong.status).toBe(400)
    expect(wrong.error.errors?.youtube).toContain('Not a YouTube channel or URL: https://vimeo.com/123')
    expect(wrong.error.errors?.instagram).toContain('Not a Instagram channel or URL')
    const none = await artist.call('greenlist.create', { body: fields({ youtube: '', tiktok: '' }) })
    expect(none.error.errors?.youtube).toBe('Give at least one channel or URL')
    const isrc = await artist.call('greenlist.create', { body: fields({ isrc: 'nope' }) })
    expect(isrc.error.errors?.isrc).toBeDefined()
    const ok = await artist.call('greenlist.create', {
      body: fields({ youtube: CHANNEL, soundcloud: 'https://soundcloud.com/artist-name', facebook: 'https://www.facebook.com/my.page', instagram: 'https://instagram.com/my.name/' }),
    })
    expect(ok.status).toBe(201)
  })

  it("refuses another account's release or a track of another release", async () => {
    const foreign = await artist.call('greenlist.create', { body: fields({ releaseId: labelReleaseId }) })
    expect(foreign.status).toBe(400)
    expect(foreign.error.errors?.releaseId).toBe('Choose one of your releases')
    expect((await label.call('greenlist.create', { body: fields({ releaseId: labelReleaseId }) })).status).toBe(201)
    const track = await label.call('greenlist.create', { body: fields({ releaseId: labelReleaseId, trackId }) })
    expect(track.error.errors?.trackId).toBe('Choose a track of that release')
  })

  it('approves, revokes with a reason; refuses transitions the kind does not allow; mails and audits each change', async () => {
    const id = await request()
    const before = (await mailsTo('artist@greenws.test')).length
    const approved = await admin.ok('greenlist.changeStatus', { body: { ids: [id], status: 'approved' } })
    expect(approved.message).toBe(`Greenlist entry request #${id} is now approved.`)
    const again = await admin.call('greenlist.changeStatus', { body: { ids: [id], status: 'approved' } })
    expect(again.status).toBe(409)
    expect(again.error.message).toBe('The greenlist entry is already approved.')
    const back = await admin.call('greenlist.changeStatus', { body: { ids: [id], status: 'pending' } })
    expect(back.error.message).toBe('A approved greenlist entry cannot become pending.')
    const noReason = await admin.call('greenlist.changeStatus', { body: { ids: [id], status: 'revoked' } })
    expect(noReason.status).toBe(409)
    expect(noReason.error.message).toBe('Give a reason: the requester is told why.')
    await admin.ok('greenlist.changeStatus', { body: { ids: [id], status: 'revoked', reason: 'The channel re-uploads other catalogue' } })
    const final = await admin.call('greenlist.changeStatus', { body: { ids: [id], status: 'approved' } })
    expect(final.error.message).toBe('A revoked greenlist entry cannot change any more.')
    const single = await admin.ok('greenlist.single', { params: { id } })
    expect(single).toMatchObject({ status: 'revoked', reason: 'The channel re-uploads other catalogue' })
    const mails = (await mailsTo('artist@greenws.test')).slice(before)
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your greenlist entry request #${id} is approved`,
      `Your greenlist entry request #${id} is revoked`,
    ])
    expect(mails[1].text).toContain('Reason: The channel re-uploads other catalogue')
    const audits = await auditsOf(t.services, ws.tenant.id, 'greenlist_request.status_changed')
    expect(audits.filter((audit) => audit.entityId === String(id))).toHaveLength(2)
  })

  it('rejects with a reason and reconsiders; a bulk change is all or nothing', async () => {
    const first = await request()
    const second = await request()
    expect((await admin.call('greenlist.changeStatus', { body: { ids: [first, second], status: 'rejected' } })).status).toBe(409)
    await admin.ok('greenlist.changeStatus', { body: { ids: [first], status: 'approved' } })
    const mixed = await admin.call('greenlist.changeStatus', { body: { ids: [first, second], status: 'rejected', reason: 'No proof of ownership' } })
    expect(mixed.status).toBe(409)
    expect(mixed.error.message).toContain(`#${first}`)
    expect((await admin.ok('greenlist.single', { params: { id: second } })).status).toBe('pending')
    await admin.ok('greenlist.changeStatus', { body: { ids: [second], status: 'rejected', reason: 'No proof of ownership' } })
    await admin.ok('greenlist.changeStatus', { body: { ids: [second], status: 'pending' } })
    expect((await admin.ok('greenlist.single', { params: { id: second } })).status).toBe('pending')
  })

  it('keeps requests to their workspace and staff calls to staff', async () => {
    const id = await request()
    expect((await otherAdmin.call('greenlist.single', { params: { id } })).status).toBe(404)
    expect((await otherAdmin.call('greenlist.changeStatus', { body: { ids: [id], status: 'approved' } })).status).toBe(404)
    const other = await otherAdmin.ok('greenlist.list', { params: { page: 1 }, query: { per_page: 25 } })
    expect(other.data.find((row) => row.id === id)).toBeUndefined()
    expect((await artist.call('greenlist.list', { params: { page: 1 }, query: { per_page: 25 } })).status).toBe(403)
    expect((await artist.call('greenlist.changeStatus', { body: { ids: [id], status: 'approved' } })).status).toBe(403)
    const labelMine = await label.ok('greenlist.mine', { params: { page: 1 }, query: { per_page: 25 } })
    expect(labelMine.data.every((row) => row.requester.id === ws.label.id)).toBe(true)
    expect(
      (await t.services.db.select().from(jobs).where(and(eq(jobs.type, 'mail.send'), eq(jobs.tenantId, ws.tenant.id + 1000)))).length,
    ).toBe(0)
  })

  it('searches by title and #id, filters by date range', async () => {
    const id = await request()
    const byTitle = await admin.ok('greenlist.list', { params: { page: 1 }, query: { per_page: 25, search: 'summer' } })
    expect(byTitle.data.map((row) => row.id)).toContain(id)
    const byId = await admin.ok('greenlist.list', { params: { page: 1 }, query: { per_page: 25, search: `#${id}` } })
    expect(byId.data.map((row) => row.id)).toEqual([id])
    const past = await admin.ok('greenlist.list', { params: { page: 1 }, query: { per_page: 25, to: '2020-01-01' } })
    expect(past.data).toHaveLength(0)
    const byPrefix = await admin.ok('search.query', { query: { q: `greenlist:${id}` } })
    expect(byPrefix.hits.find((hit) => hit.kind === 'greenlist')).toMatchObject({ id, title: `Greenlist entry #${id}: Summer Lights` })
    const byText = await admin.ok('search.query', { query: { q: 'Summer Lig', kinds: 'greenlist' } })
    expect(byText.hits.map((hit) => hit.id)).toContain(id)
    const elsewhere = await otherAdmin.ok('search.query', { query: { q: `greenlist:${id}`, kinds: 'greenlist' } })
    expect(elsewhere.hits).toHaveLength(0)
  })
})

describe('the shared review queue', () => {
  it('lists pending requests of every kind oldest first, drops decided ones, and stays in its workspace', async () => {
    const older = await request()
    const newer = await request()
    const queue = await admin.ok('featureRequests.queue')
    const ids = queue.data.map((item) => item.id)
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer))
    expect(queue.data.find((item) => item.id === older)).toMatchObject({ kind: 'greenlist', path: `/whitelisting/${older}` })
    await admin.ok('greenlist.changeStatus', { body: { ids: [older], status: 'approved' } })
    expect((await admin.ok('featureRequests.queue')).data.map((item) => item.id)).not.toContain(older)
    expect((await otherAdmin.ok('featureRequests.queue')).data).toEqual([])
    expect((await artist.call('featureRequests.queue')).status).toBe(403)
  })
})

describe('greenlisted channels (what usage discovery honours)', () => {
  it('an approved entry exempts its channels for its release or track; pending, revoked and other releases do not', async () => {
    const { isGreenlisted } = await import('../../src/domains/feature-controls/server/public')
    const fresh = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Fresh Record' })
    const other = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Other Record' })
    const id = await request(artist, { releaseId: fresh.release.id, youtube: CHANNEL, tiktok: 'https://www.tiktok.com/@dancer.one' })
    const ask = (channel: string, release = fresh.release.id, platform: 'youtube' | 'tiktok' = 'youtube') =>
      isGreenlisted(t.services.db, ws.tenant.id, { releaseId: release, trackId: fresh.tracks[0].id, platform, channel })
    expect(await ask(`https://www.youtube.com/channel/${CHANNEL}/`)).toBe(false)
    await admin.ok('greenlist.changeStatus', { body: { ids: [id], status: 'approved' } })
    expect(await ask(`https://www.youtube.com/channel/${CHANNEL}/`)).toBe(true)
    expect(await ask(CHANNEL)).toBe(true)
    expect(await ask('https://tiktok.com/@Dancer.One', fresh.release.id, 'tiktok')).toBe(true)
    expect(await ask(CHANNEL, fresh.release.id, 'tiktok')).toBe(false)
    expect(await ask('UCzzzzzzzzzzzzzzzzzzzzzz')).toBe(false)
    expect(await ask(CHANNEL, other.release.id)).toBe(false)
    expect(await isGreenlisted(t.services.db, ws.tenant.id + 1, { releaseId: fresh.release.id, platform: 'youtube', channel: CHANNEL })).toBe(false)
    await admin.ok('greenlist.changeStatus', { body: { ids: [id], status: 'revoked', reason: 'Ended' } })
    expect(await ask(CHANNEL)).toBe(false)
  })
})
