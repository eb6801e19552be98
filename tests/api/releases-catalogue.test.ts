import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { TestClient } from '../helpers/client'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import { auditLog, releases } from '../../src/server/db/schema'
import { TRANSITIONS } from '../../src/core/release-status'
import { createRelease, upc } from './releases-fixtures'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let other: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let artist: TestClient

beforeAll(async () => {
  t = await createTestApp()
  ws = await createWorkspace(t.services, 'acme')
  other = await createWorkspace(t.services, 'globex')
  admin = await signedIn(t.app, 'admin@acme.test')
  artist = await signedIn(t.app, 'artist@acme.test')
})
afterAll(() => t.close())

const base = () => ({ tenantId: ws.tenant.id, accountId: ws.artist.id })

async function trail(releaseId: number) {
  return t.services.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'release'), eq(auditLog.entityId, String(releaseId))))
}

describe('release list', () => {
  it('pages, filters by status (10 scheduled), searches by title, UPC, ISRC and catalog number', async () => {
    const future = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
    const live = await createRelease(t.services, { ...base(), title: 'Aurora Lights', status: 1, upc: upc(1), catalogNumber: 'CAT-001' }, [
      { isrc: 'GBAYE2500001', title: 'Aurora' },
    ])
    const scheduled = await createRelease(t.services, { ...base(), title: 'Future Sound', status: 1, releaseDate: future })
    await createRelease(t.services, { ...base(), title: 'Draft Thing', status: 0 })
    await createRelease(t.services, { tenantId: other.tenant.id, accountId: other.artist.id, title: 'Aurora Elsewhere', status: 1 })

    const page = await admin.ok('releases.list', { query: { per_page: 25 } })
    expect(page.meta.total).toBe(3)
    expect(page.data.map((row) => row.title)).toEqual(['Draft Thing', 'Future Sound', 'Aurora Lights'])
    const shown = page.data.find((row) => row.id === scheduled.release.id)
    expect(shown).toMatchObject({ status: 1, displayStatus: 10, statusLabel: 'Scheduled', isLive: false })
    expect(page.data.find((row) => row.id === live.release.id)).toMatchObject({ displayStatus: 1, isLive: true, trackCount: 1 })
    expect(page.data[0].user).toMatchObject({ id: ws.artist.id, email: 'artist@acme.test' })

    expect((await admin.ok('releases.list', { query: { status: 10 } })).data.map((row) => row.id)).toEqual([scheduled.release.id])
    expect((await admin.ok('releases.list', { query: { status: 1 } })).data.map((row) => row.id)).toEqual([live.release.id])
    const byTitle = await admin.ok('releases.list', { query: { search: 'auror' } })
    expect(byTitle.data.map((row) => row.title)).toEqual(['Aurora Lights'])
    expect((await admin.ok('releases.list', { query: { search: upc(1) } })).data.map((row) => row.id)).toEqual([live.release.id])
    expect((await admin.ok('releases.list', { query: { search: 'gb-aye-25-00001' } })).data.map((row) => row.id)).toEqual([live.release.id])
    expect((await admin.ok('releases.list', { query: { search: 'CAT-001' } })).data.map((row) => row.id)).toEqual([live.release.id])
    expect((await admin.ok('releases.list', { query: { sort: 'title', dir: 'asc' } })).data[0].title).toBe('Aurora Lights')
  })

  it('refuses a search under three characters and a bad status with field messages', async () => {
    const short = await admin.call('releases.list', { query: { search: 'ab' } })
    expect(short.status).toBe(400)
    expect(short.error.errors?.search).toMatch(/at least 3/)
    const status = await admin.call('releases.list', { query: { status: 11 as never } })
    expect(status.status).toBe(400)
    expect(status.error.errors?.status).toMatch(/0 to 10/)
  })

  it('is for staff only', async () => {
    expect((await artist.call('releases.list', { query: {} })).status).toBe(403)
    const { release } = await createRelease(t.services, base())
    expect((await artist.call('releases.general', { params: { id: release.id } })).status).toBe(403)
    expect((await artist.call('releases.status', { body: { ids: [release.id], status: 2 } })).status).toBe(403)
  })
})

describe('release tab', () => {
  it('answers general and additional details, tracks and one track; 404 for another workspace', async () => {
    const { release, tracks } = await createRelease(t.services, { ...base(), title: 'Tab Release', status: 1, upc: upc(50) }, [
      { isrc: 'USABC2500050', title: 'One', explicit: true, duration: 200 },
      { isrc: 'USABC2500051', title: 'Two' },
    ])
    const dup = await createRelease(t.services, { ...base(), title: 'Twin', status: 2, upc: upc(50) }, [{ isrc: 'USABC2500050' }])
    const general = await admin.ok('releases.general', { params: { id: release.id } })
    expect(general).toMatchObject({
      title: 'Tab Release',
      owner: { id: ws.artist.id, email: 'artist@acme.test' },
      statusLabel: 'Live / Delivered',
      timeZone: 'utc',
    })
    expect(general.allowedStatuses.map((choice) => choice.status)).toEqual([6, 8, 9])
    expect(general.allowedStatuses.find((choice) => choice.status === 9)?.needsReason).toBe(true)
    expect(general.delivery).toHaveLength(9)
    expect(general.duplicates.upc).toEqual([{ releaseId: dup.release.id, title: 'Twin', status: 2 }])
    expect(general.duplicates.isrc).toEqual([{ isrc: 'USABC2500050', trackId: dup.tracks[0].id, releaseId: dup.release.id, title: 'Twin' }])

    const additional = await admin.ok('releases.additional', { params: { id: release.id } })
    expect(additional.id).toBe(release.id)
    // The tab's one call: both answers together, the same as asked one by one.
    const record = await admin.ok('releases.record', { params: { id: release.id } })
    expect({ ...record, additional: undefined, deliveries: undefined }).toEqual({ ...general, additional: undefined })
    expect(record.additional).toEqual(additional)
    expect(record.deliveries).toMatchObject({ data: [], meta: { total: 0 } })
    const list = await admin.ok('releases.tracks', { params: { id: release.id } })
    expect(list.data.map((track) => [track.position, track.title, track.isrc])).toEqual([
      [1, 'One', 'USABC2500050'],
      [2, 'Two', 'USABC2500051'],
    ])
    expect(list.data[0].duplicateIsrc).toHaveLength(1)
    const one = await admin.ok('releases.track', { params: { id: tracks[0].id } })
    expect(one).toMatchObject({ title: 'One', explicit: true, duration: 200, release: { id: release.id, title: 'Tab Release' } })

    const foreign = await createRelease(t.services, { tenantId: other.tenant.id, accountId: other.artist.id })
    expect((await admin.call('releases.general', { params: { id: foreign.release.id } })).status).toBe(404)
    expect((await admin.call('releases.record', { params: { id: foreign.release.id } })).status).toBe(404)
    expect((await admin.call('releases.tracks', { params: { id: foreign.release.id } })).status).toBe(404)
    expect((await admin.call('releases.track', { params: { id: foreign.tracks[0].id } })).status).toBe(404)
  })

  it('edits release fields with UPC validation, and tracks with ISRC validation and the drop-empty-rows rule', async () => {
    const { release, tracks } = await createRelease(t.services, {
      ...base(),
      title: 'Before',
      status: 1,
      label: 'Keep Records',
      version: 'Live',
    })
    const bad = await admin.call('releases.edit', { body: { releaseId: release.id, upc: '123' } })
    expect(bad.status).toBe(400)
    expect(bad.error.errors?.upc).toBe('UPC must be 12 or 13 digits')
    const check = await admin.call('releases.edit', { body: { releaseId: release.id, upc: '012345678906' } })
    expect(check.error.errors?.upc).toBe('UPC check digit is wrong')

    const edited = await admin.ok('releases.edit', {
      body: { releaseId: release.id, title: 'After', upc: '0123-4567-8905', artists: ['Nina Vale', 'Leo Park'], territories: ['US', 'GB'] },
    })
    // Only what is sent changes; an empty text clears its field.
    expect(edited).toMatchObject({
      title: 'After',
      upc: '012345678905',
      artist: 'Nina Vale, Leo Park',
      territories: ['US', 'GB'],
      label: 'Keep Records',
    })
    expect(await admin.ok('releases.edit', { body: { releaseId: release.id, version: '' } })).toMatchObject({
      version: null,
      label: 'Keep Records',
    })
    const audit = await trail(release.id)
    expect(audit.find((row) => row.action === 'release.edited')).toMatchObject({
      before: { title: 'Before', upc: null },
      after: { title: 'After', upc: '012345678905' },
    })

    const badIsrc = await admin.call('releases.trackEdit', { body: { trackId: tracks[0].id, isrc: 'US-12-34' } })
    expect(badIsrc.status).toBe(400)
    expect(badIsrc.error.errors?.isrc).toBe('ISRC must look like CC-XXX-YY-NNNNN')
    const track = await admin.ok('releases.trackEdit', {
      body: {
        trackId: tracks[0].id,
        isrc: 'us-rc1-76-07839',
        tiktokStart: '1:05',
        writers: [
          { firstName: ' Ada ', lastName: 'Lovelace', roles: 'Composer' },
          { firstName: '', lastName: '', roles: 'Lyricist' },
        ],
        credits: [{ name: 'Producer Person', roles: '' }],
      },
    })
    expect(track).toMatchObject({
      isrc: 'USRC17607839',
      tiktokStart: '1:05',
      writers: [{ firstName: 'Ada', lastName: 'Lovelace' }],
      credits: [],
    })
    const badStart = await admin.call('releases.trackEdit', { body: { trackId: tracks[0].id, tiktokStart: '90' } })
    expect(badStart.error.errors?.tiktokStart).toMatch(/minutes:seconds/)
  })

  it('adds and removes notes, sets and removes the release time, toggles delivery, maps genre and stores; all in history', async () => {
    const { release } = await createRelease(t.services, { ...base(), title: 'Busy', status: 1, stores: [1, 2] })
    const note = await admin.ok('releases.notesCreate', { body: { releaseId: release.id, content: 'Checked artwork' } })
    expect(note.author?.id).toBe(ws.admin.id)
    expect((await admin.ok('releases.general', { params: { id: release.id } })).notes.map((n) => n.content)).toEqual(['Checked artwork'])
    await admin.ok('releases.notesRemove', { body: { releaseId: release.id, noteId: note.id } })
    expect((await admin.call('releases.notesRemove', { body: { releaseId: release.id, noteId: note.id } })).status).toBe(404)
    expect((await admin.call('releases.notesCreate', { body: { releaseId: release.id, content: ' ' } })).error.errors?.content).toBe(
      'Note is required',
    )

    expect(
      await admin.ok('releases.editReleaseTime', { body: { releaseId: release.id, releaseTime: '09:30', timeZone: 'Europe/Paris' } }),
    ).toEqual({
      releaseTime: '09:30',
      timeZone: 'Europe/Paris',
    })
    const badZone = await admin.call('releases.editReleaseTime', {
      body: { releaseId: release.id, releaseTime: '25:00', timeZone: 'Mars/Base' },
    })
    expect(badZone.error.errors).toMatchObject({ releaseTime: 'Release time must be HH:MM', timeZone: 'Unknown time zone' })
    expect((await admin.ok('releases.removeReleaseTime', { params: { id: release.id } })).releaseTime).toBeNull()

    const toggled = await admin.ok('releases.updateDeliveryStatus', { body: { releaseId: release.id, platform: 'beatport' } })
    expect(toggled.delivery.find((entry) => entry.platform === 'beatport')).toMatchObject({ delivered: true, completed: true })
    const back = await admin.ok('releases.updateDeliveryStatus', { body: { releaseId: release.id, platform: 'beatport' } })
    expect(back.delivery.find((entry) => entry.platform === 'beatport')).toMatchObject({ delivered: false, completed: false })

    expect(await admin.ok('releases.mapGenre', { body: { ids: [release.id], primaryGenre: 'Jazz', secondaryGenre: null } })).toEqual({
      updated: 1,
    })
    expect(await admin.ok('releases.storesBulk', { body: { ids: [release.id], stores: [78], mode: 'add' } })).toEqual({ updated: 1 })
    expect((await admin.ok('releases.general', { params: { id: release.id } })).stores).toEqual([1, 2, 78])
    expect((await admin.call('releases.storesBulk', { body: { ids: [release.id], stores: [9999] } })).error.errors?.stores).toBe(
      'Unknown store',
    )

    const history = await admin.ok('releases.history', { params: { id: release.id }, query: {} })
    expect(history.data.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        'release.note_added',
        'release.note_removed',
        'release.time_set',
        'release.time_removed',
        'release.delivery',
        'release.genre_mapped',
        'release.stores',
      ]),
    )
    expect(history.data[0].user?.id).toBe(ws.admin.id)
  })

  it('removes a track and renumbers the rest', async () => {
    const { release, tracks } = await createRelease(t.services, base(), [{ title: 'A' }, { title: 'B' }, { title: 'C' }])
    await admin.ok('releases.trackRemove', { body: { trackId: tracks[0].id } })
    const list = await admin.ok('releases.tracks', { params: { id: release.id } })
    expect(list.data.map((track) => [track.position, track.title])).toEqual([
      [1, 'B'],
      [2, 'C'],
    ])
    expect((await admin.ok('releases.general', { params: { id: release.id } })).trackCount).toBe(2)
  })
})

describe('status', () => {
  it('moves releases along the transition table and refuses the rest with the reason', async () => {
    const { release } = await createRelease(t.services, { ...base(), status: 0 })
    const refused = await admin.call('releases.status', { body: { ids: [release.id], status: 1 } })
    expect(refused.status).toBe(409)
    expect(refused.error.message).toBe(TRANSITIONS[1].refusal)
    expect(refused.error.errors?.status).toBe(TRANSITIONS[1].refusal)

    for (const status of [2, 3, 4, 1]) {
      const moved = await admin.ok('releases.status', { body: { ids: [release.id], status } })
      expect(moved.updated).toEqual([{ id: release.id, status, displayStatus: status }])
    }
    const same = await admin.call('releases.status', { body: { ids: [release.id], status: 1 } })
    expect(same.error.message).toBe('The release is already Live / Delivered.')
    const scheduled = await admin.call('releases.status', { body: { ids: [release.id], status: 10 as never } })
    expect(scheduled.status).toBe(400)
  })

  it('needs a reason to take down, and records who and why', async () => {
    const { release } = await createRelease(t.services, { ...base(), status: 1 })
    const noReason = await admin.call('releases.status', { body: { ids: [release.id], status: 9 } })
    expect(noReason.status).toBe(400)
    expect(noReason.error.errors?.reason).toBe('Give a reason for the takedown')
    await admin.ok('releases.status', { body: { ids: [release.id], status: 9, reason: 'Copyright claim' } })
    const general = await admin.ok('releases.general', { params: { id: release.id } })
    expect(general.takedown).toMatchObject({ reason: 'Copyright claim', by: 'Test Person' })
    const audit = await trail(release.id)
    expect(audit.find((row) => row.action === 'release.takedown')).toMatchObject({
      actorAccountId: ws.admin.id,
      before: { status: 1 },
      after: { status: 9, reason: 'Copyright claim' },
    })
  })

  it('changes many at once: the allowed ones move, the others come back with their reason', async () => {
    const a = await createRelease(t.services, { ...base(), status: 2 })
    const b = await createRelease(t.services, { ...base(), status: 9 })
    const foreign = await createRelease(t.services, { tenantId: other.tenant.id, accountId: other.artist.id, status: 2 })
    const result = await admin.ok('releases.status', { body: { ids: [a.release.id, b.release.id, foreign.release.id], status: 3 } })
    expect(result.updated.map((row) => row.id)).toEqual([a.release.id])
    expect(result.refused).toEqual([
      { id: b.release.id, reason: TRANSITIONS[3].refusal },
      { id: foreign.release.id, reason: 'There is no such release in this workspace.' },
    ])
    const [untouched] = await t.services.db.select().from(releases).where(eq(releases.id, foreign.release.id))
    expect(untouched.status).toBe(2)
  })

  it('toggles admin review and priority review, only within the workspace', async () => {
    const { release } = await createRelease(t.services, base())
    expect(await admin.ok('releases.changeReview', { body: { ids: [release.id], adminReview: true } })).toEqual({ updated: 1 })
    expect(await admin.ok('releases.changePriorityReview', { body: { ids: [release.id], priorityReview: true } })).toEqual({ updated: 1 })
    const general = await admin.ok('releases.general', { params: { id: release.id } })
    expect(general).toMatchObject({ adminReview: true, priorityReview: true })
    expect((await admin.ok('releases.list', { query: { priorityReview: 'true' } })).data.map((row) => row.id)).toContain(release.id)
    const foreign = await createRelease(t.services, { tenantId: other.tenant.id, accountId: other.artist.id })
    expect((await admin.call('releases.changeReview', { body: { ids: [foreign.release.id], adminReview: true } })).status).toBe(404)
  })
})

describe('lyrics export', () => {
  it('downloads the lyrics of the chosen releases of this workspace as CSV', async () => {
    const { release, tracks } = await createRelease(t.services, { ...base(), title: 'Words, Words', upc: upc(77) }, [
      { title: 'Sung', isrc: 'USABC2500077', lyrics: 'Line one\n"quoted" line', explicit: true },
      { title: 'Instrumental' },
      { title: 'Trick', lyrics: '=HYPERLINK("x")' },
    ])
    const foreign = await createRelease(t.services, { tenantId: other.tenant.id, accountId: other.artist.id }, [{ lyrics: 'secret' }])
    const result = await admin.call('releases.lyricsExport', { body: { ids: [release.id, foreign.release.id] } })
    expect(result.status).toBe(200)
    expect(result.response.headers['content-type']).toMatch(/^text\/csv/)
    expect(result.response.headers['content-disposition']).toBe('attachment; filename="lyrics.csv"')
    const lines = result.response.body.trimEnd().split('\r\n')
    expect(lines[0]).toBe('release_id,upc,release_title,artist,track_id,position,isrc,track_title,language,explicit,lyrics')
    expect(lines[1]).toBe(
      `${release.id},${upc(77)},"Words, Words",Test Artist,${tracks[0].id},1,USABC2500077,Sung,,yes,"Line one\n""quoted"" line"`,
    )
    expect(lines[2]).toBe(`${release.id},${upc(77)},"Words, Words",Test Artist,${tracks[2].id},3,,Trick,,no,"'=HYPERLINK(""x"")"`)
    expect(result.response.body).not.toContain('secret')
    expect((await artist.call('releases.lyricsExport', { body: { ids: [release.id] } })).status).toBe(403)
  })
})
