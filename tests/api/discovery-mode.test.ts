import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, eq, sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { signedIn, twoWorkspaces, type createWorkspace } from '../helpers/fixtures'
import { jobs } from '../../src/server/db/schema'
import { auditsOf } from './payouts-fixtures'
import { createRelease, upc } from './releases-fixtures'
import { dryRun, expectStatus, statementFile } from './imports-helpers'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let artist: TestClient
let otherAdmin: TestClient

beforeAll(async () => {
  t = await createTestApp()
  ;({ ws, admin, artist, otherAdmin } = await twoWorkspaces(t, 'discows', 'discoother'))
})
afterAll(() => t.close())

const mailsTo = async (to: string) =>
  (await t.services.db.select().from(jobs).where(eq(jobs.type, 'mail.send')).orderBy(asc(jobs.id)))
    .map((job) => job.payload as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === to)

let serial = 0
async function submission(month = '2026-05', tracks = 1, whole = false) {
  serial += 1
  const made = await createRelease(
    t.services,
    { tenantId: ws.tenant.id, accountId: ws.artist.id, title: `Glow ${serial}`, status: 1, upc: upc(7000 + serial) },
    Array.from({ length: tracks }, (_, index) => ({ isrc: `USDM1${String(serial).padStart(2, '0')}0000${index}` })),
  )
  const answer = await admin.ok('releases.addToSpotifyDiscovery', {
    body: { releaseIds: [made.release.id], trackIds: whole ? undefined : [made.tracks[0].id], month },
  })
  return { ...made, id: answer.submitted[0].id }
}

describe('Discovery Mode submissions', () => {
  it('submits a track for a campaign month: listed, filtered, searched and shown with its release', async () => {
    const { id, release, tracks } = await submission('2026-05')
    // The same track for another month is another submission; the same month again is reported.
    const later = await admin.ok('releases.addToSpotifyDiscovery', { body: { releaseIds: [release.id], trackIds: [tracks[0].id], month: '2026-06' } })
    expect(later.submitted).toHaveLength(1)
    const again = await admin.ok('releases.addToSpotifyDiscovery', { body: { releaseIds: [release.id], trackIds: [tracks[0].id], month: '2026-05' } })
    expect(again.alreadySubmitted.map((entry) => entry.id)).toEqual([id])

    const list = await admin.ok('spotifyDiscovery.list', { params: { page: 1 }, query: { per_page: 25, month: '2026-05' } })
    const row = list.data.find((found) => found.id === id)!
    expect(row).toMatchObject({
      status: 'pending',
      enabled: true,
      month: '2026-05',
      release: { id: release.id, title: release.title },
      track: { id: tracks[0].id, title: tracks[0].title },
      user: { id: ws.artist.id, email: 'artist@discows.test' },
      removal: null,
    })
    expect(list.data.every((found) => found.month === '2026-05')).toBe(true)
    const searched = await admin.ok('spotifyDiscovery.list', { params: { page: 1 }, query: { per_page: 25, search: release.title } })
    expect(searched.data.map((found) => found.release.title)).toContain(release.title)
    expect((await admin.ok('spotifyDiscovery.list', { params: { page: 1 }, query: { per_page: 25, search: `#${id}` } })).data.map((r) => r.id)).toEqual([id])
    const single = await admin.ok('spotifyDiscovery.single', { params: { id } })
    expect(single.release).toMatchObject({ id: release.id, upc: release.upc, format: 'Single' })
    expect(single.queue).toContain(id)
  })

  it('approves and rejects along the allowed transitions only; a rejection needs a reason; each change is mailed and audited', async () => {
    const { id } = await submission()
    const before = (await mailsTo('artist@discows.test')).length
    const approved = await admin.ok('spotifyDiscovery.changeStatus', { body: { ids: [id], status: 'approved' } })
    expect(approved.message).toBe(`Submission #${id} is now approved.`)
    const twice = await admin.call('spotifyDiscovery.changeStatus', { body: { ids: [id], status: 'approved' } })
    expect(twice.status).toBe(409)
    expect(twice.error.message).toBe('The submission is already approved.')
    const back = await admin.call('spotifyDiscovery.changeStatus', { body: { ids: [id], status: 'rejected', reason: 'x' } })
    expect(back.error.message).toBe('A approved submission cannot change any more.')

    const other = await submission()
    const noReason = await admin.call('spotifyDiscovery.changeStatus', { body: { ids: [other.id], status: 'rejected' } })
    expect(noReason.status).toBe(409)
    expect(noReason.error.message).toBe('Give a reason: the artist is told why.')
    await admin.ok('spotifyDiscovery.changeStatus', { body: { ids: [other.id], status: 'rejected', reason: 'Streams too low for the programme' } })
    expect((await admin.ok('spotifyDiscovery.single', { params: { id: other.id } })).reason).toBe('Streams too low for the programme')
    await admin.ok('spotifyDiscovery.changeStatus', { body: { ids: [other.id], status: 'pending' } })

    const mails = (await mailsTo('artist@discows.test')).slice(before)
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Your Discovery Mode submission is approved',
      'Your Discovery Mode submission is rejected',
      'Your Discovery Mode submission is pending',
    ])
    expect(mails[1].text).toContain('Reason: Streams too low for the programme')
    const audits = await auditsOf(t.services, ws.tenant.id, 'spotify_discovery.status_changed')
    expect(audits.some((audit) => audit.entityId === String(id))).toBe(true)
  })

  it('is all or nothing over several submissions, and names the one refused', async () => {
    const first = await submission()
    const second = await submission()
    await admin.ok('spotifyDiscovery.changeStatus', { body: { ids: [second.id], status: 'approved' } })
    const refused = await admin.call('spotifyDiscovery.changeStatus', { body: { ids: [first.id, second.id], status: 'approved' } })
    expect(refused.status).toBe(409)
    expect(refused.error.message).toBe(`#${second.id}: The submission is already approved.`)
    expect((await admin.ok('spotifyDiscovery.single', { params: { id: first.id } })).status).toBe('pending')
  })

  it('toggles an approved submission off and on; refuses a pending one', async () => {
    const { id } = await submission()
    const pending = await admin.call('spotifyDiscovery.toggle', { body: { ids: [id], enabled: false } })
    expect(pending.status).toBe(409)
    expect(pending.error.message).toBe('Only an approved submission can be turned off; this one is pending.')
    await admin.ok('spotifyDiscovery.changeStatus', { body: { ids: [id], status: 'approved' } })
    expect((await admin.ok('spotifyDiscovery.toggle', { body: { ids: [id], enabled: false } })).message).toBe(`Discovery Mode is off for submission #${id}.`)
    expect((await admin.ok('spotifyDiscovery.single', { params: { id } })).enabled).toBe(false)
    const off = await admin.ok('spotifyDiscovery.list', { params: { page: 1 }, query: { per_page: 25, enabled: 'false' } })
    expect(off.data.map((row) => row.id)).toContain(id)
    expect((await admin.call('spotifyDiscovery.toggle', { body: { ids: [id], enabled: false } })).error.message).toBe(
      'Discovery Mode is already off for this submission.',
    )
    await admin.ok('spotifyDiscovery.toggle', { body: { ids: [id], enabled: true } })
    expect(await auditsOf(t.services, ws.tenant.id, 'spotify_discovery.toggled')).not.toHaveLength(0)
  })

  it('files a removal request, lists it among removals, refuses it with a reason or approves it (removed and off)', async () => {
    const { id } = await submission()
    const early = await admin.call('spotifyDiscovery.requestRemoval', { body: { ids: [id], note: 'Royalty rate too low' } })
    expect(early.error.message).toBe('Only an approved submission can leave Discovery Mode; this one is pending.')
    const none = await admin.call('spotifyDiscovery.changeRemovalStatus', { body: { ids: [id], status: 'approved' } })
    expect(none.error.message).toBe('No removal was requested for this submission.')
    await admin.ok('spotifyDiscovery.changeStatus', { body: { ids: [id], status: 'approved' } })
    await admin.ok('spotifyDiscovery.requestRemoval', { body: { ids: [id], note: 'Royalty rate too low' } })
    expect((await admin.call('spotifyDiscovery.requestRemoval', { body: { ids: [id], note: 'again' } })).error.message).toBe(
      'A removal is already requested for this submission.',
    )
    const removals = await admin.ok('spotifyDiscovery.removals', { params: { page: 1 }, query: { per_page: 25, status: 'requested' } })
    expect(removals.data.find((row) => row.id === id)?.removal).toMatchObject({ status: 'requested', note: 'Royalty rate too low' })

    const noReason = await admin.call('spotifyDiscovery.changeRemovalStatus', { body: { ids: [id], status: 'rejected' } })
    expect(noReason.error.message).toBe('Give a reason: the artist is told why.')
    await admin.ok('spotifyDiscovery.changeRemovalStatus', { body: { ids: [id], status: 'rejected', reason: 'The campaign is already paid for' } })
    let single = await admin.ok('spotifyDiscovery.single', { params: { id } })
    expect(single).toMatchObject({ status: 'approved', enabled: true, removal: { status: 'rejected', reason: 'The campaign is already paid for' } })

    await admin.ok('spotifyDiscovery.changeRemovalStatus', { body: { ids: [id], status: 'requested' } })
    await admin.ok('spotifyDiscovery.changeRemovalStatus', { body: { ids: [id], status: 'approved' } })
    single = await admin.ok('spotifyDiscovery.single', { params: { id } })
    expect(single).toMatchObject({ status: 'removed', enabled: false, removal: { status: 'approved' } })
    const mails = await mailsTo('artist@discows.test')
    expect(mails.map((mail) => mail.subject)).toContain('Your track has left Discovery Mode')
    expect(await auditsOf(t.services, ws.tenant.id, 'spotify_discovery.removal_status_changed')).not.toHaveLength(0)
  })

  it("keeps workspaces apart and is for staff only", async () => {
    const { id } = await submission()
    expect((await otherAdmin.call('spotifyDiscovery.single', { params: { id } })).status).toBe(404)
    expect((await otherAdmin.call('spotifyDiscovery.changeStatus', { body: { ids: [id], status: 'approved' } })).status).toBe(404)
    const theirs = await otherAdmin.ok('spotifyDiscovery.list', { params: { page: 1 }, query: { per_page: 25 } })
    expect(theirs.data.map((row) => row.id)).not.toContain(id)
    expect((await artist.call('spotifyDiscovery.list', { params: { page: 1 }, query: { per_page: 25 } })).status).toBe(403)
    expect((await artist.call('spotifyDiscovery.toggle', { body: { ids: [id], enabled: false } })).status).toBe(403)
    const bad = await admin.call('spotifyDiscovery.list', { params: { page: 1 }, query: { per_page: 25, month: '2026-13' } })
    expect(bad.status).toBe(400)
  })
})

describe('statement lines of tracks in Discovery Mode', () => {
  it('are tagged on import for the approved, enabled submissions of their month, and the report shows that revenue apart', async () => {
    const approvedTrack = await submission('2026-04', 2)
    const wholeRelease = await submission('2026-04', 1, true)
    const paused = await submission('2026-04')
    const pending = await submission('2026-04')
    const otherMonth = await submission('2026-03')
    for (const made of [approvedTrack, wholeRelease, paused, otherMonth])
      await admin.ok('spotifyDiscovery.changeStatus', { body: { ids: [made.id], status: 'approved' } })
    await admin.ok('spotifyDiscovery.toggle', { body: { ids: [paused.id], enabled: false } })
    const isrc = (made: { tracks: { isrc: string | null }[] }, index = 0) => made.tracks[index].isrc
    const csv = [
      'Month,Asset ID,Asset Title,Artist,ISRC,UPC,Country,Content Type,Owned Views,Partner Revenue',
      `2026-04,A1,In DM,A,${isrc(approvedTrack)},,US,Ads,100,10.000000`,
      `2026-04,A2,Other track of that release,A,${isrc(approvedTrack, 1)},,US,Ads,100,1.000000`,
      `2026-04,A3,Whole release,A,${isrc(wholeRelease)},,US,Ads,100,2.500000`,
      `2026-04,A4,Paused,A,${isrc(paused)},,US,Ads,100,4.000000`,
      `2026-04,A5,Pending,A,${isrc(pending)},,US,Ads,100,8.000000`,
      `2026-04,A6,Other month,A,${isrc(otherMonth)},,US,Ads,100,16.000000`,
    ].join('\n')
    const upload = await admin.call('earnings.importCms', { multipart: { fields: { period: '2026-04' }, files: statementFile(csv, 'dm.csv') } })
    expect(upload.status).toBe(202)
    const detail = await dryRun(t, admin, upload.data.id)
    expectStatus(detail, 'review')
    expect(detail.report?.discoveryMode).toEqual({ lines: 2, net: '12.500000' })
    const tagged = await t.services.db.execute<{ n: number }>(
      sql`select count(*)::int as n from statement_line_groups where import_id = ${detail.id} and discovery_mode`,
    )
    expect(Number(tagged.rows[0].n)).toBe(2)

    // Committed, the earnings screens read that revenue apart from the rollups.
    await admin.ok('earnings.importCommit', { params: { id: detail.id } })
    const overview = await admin.ok('earnings.overview', { params: { id: 1 }, query: { from: '2026-04', to: '2026-04' } })
    expect(overview.totals.discoveryMode).toEqual({ lines: 2, net: '12.500000' })
    expect(overview.totals.net).toBe('41.500000')
    expect(overview.monthly).toEqual([expect.objectContaining({ month: '2026-04', total: '41.500000', discoveryMode: '12.500000' })])
    const sales = await admin.ok('users.sales', { params: { id: ws.artist.id }, query: { page: 1, per_page: 100 } })
    const rowOf = (made: { release: { id: number } }) => sales.data.find((row) => row.release.id === made.release.id)
    expect(rowOf(approvedTrack)).toMatchObject({ net: '11.000000', discoveryMode: '10.000000' })
    expect(rowOf(wholeRelease)).toMatchObject({ net: '2.500000', discoveryMode: '2.500000' })
    expect(rowOf(paused)).toMatchObject({ net: '4.000000', discoveryMode: '0.000000' })
    expect(rowOf(otherMonth)).toMatchObject({ net: '16.000000', discoveryMode: '0.000000' })

    // A rollback takes it back out with the rest of the import.
    await admin.ok('earnings.importRollback', { params: { id: detail.id }, body: {} })
    const after = await admin.ok('earnings.overview', { params: { id: 1 }, query: { from: '2026-04', to: '2026-04' } })
    expect(after.totals.discoveryMode).toEqual({ lines: 0, net: '0.000000' })
    const salesAfter = await admin.ok('users.sales', { params: { id: ws.artist.id }, query: { page: 1, per_page: 100 } })
    expect(salesAfter.data.find((row) => row.release.id === approvedTrack.release.id)).toBeUndefined()
  })
})

describe('palette search', () => {
  it('finds submissions by id or release title, for staff', async () => {
    const { id, release } = await submission()
    const byId = await admin.ok('search.query', { query: { q: `dm:${id}`, kinds: 'discoverySubmission' } })
    expect(byId.hits.map((hit) => hit.id)).toEqual([id])
    expect(byId.hits[0].title).toContain(`Discovery Mode #${id}:`)
    const byTitle = await admin.ok('search.query', { query: { q: release.title, kinds: 'discoverySubmission' } })
    expect(byTitle.hits.map((hit) => hit.id)).toContain(id)
    const theirs = await otherAdmin.ok('search.query', { query: { q: `dm:${id}`, kinds: 'discoverySubmission' } })
    expect(theirs.hits).toEqual([])
  })
})

describe('access of the artist', () => {
  it('an artist cannot file removal requests through staff calls', async () => {
    const other = await signedIn(t.app, 'label@discows.test')
    expect((await other.call('spotifyDiscovery.requestRemoval', { body: { ids: [1], note: 'x' } })).status).toBe(403)
  })
})
