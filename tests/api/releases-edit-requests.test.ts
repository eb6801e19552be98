import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { TestClient } from '../helpers/client'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import { releases, tracks } from '../../src/server/db/schema'
import { createEditRequest, createRelease } from './releases-fixtures'

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

async function pendingEdit(title = 'Original') {
  const { release, tracks: rows } = await createRelease(
    t.services,
    { tenantId: ws.tenant.id, accountId: ws.artist.id, title, status: 6, territories: ['WW'] },
    [{ title: 'Song', explicit: false }],
  )
  const request = await createEditRequest(t.services, {
    tenantId: ws.tenant.id,
    releaseId: release.id,
    accountId: ws.artist.id,
    changes: [
      { scope: 'release', field: 'title', oldValue: title, newValue: `${title} (Deluxe)` },
      { scope: 'release', field: 'territories', oldValue: ['WW'], newValue: ['US', 'GB'] },
      { scope: 'track', trackId: rows[0].id, field: 'title', oldValue: 'Song', newValue: 'Song (Remastered)' },
      { scope: 'track', trackId: rows[0].id, field: 'explicit', oldValue: false, newValue: true },
    ],
  })
  return { release, track: rows[0], request }
}

describe('edit requests', () => {
  it('lists them newest first, filtered by status, and shows one side by side with country names', async () => {
    const first = await pendingEdit('First')
    const second = await pendingEdit('Second')
    const list = await admin.ok('releases.editRequests', { params: { page: 1 }, query: { status: 'pending' } })
    expect(list.data.map((row) => row.id).slice(0, 2)).toEqual([second.request.id, first.request.id])
    expect(list.data[0]).toMatchObject({
      status: 'pending',
      changeCount: 4,
      release: { id: second.release.id },
      user: { id: ws.artist.id },
    })
    expect(
      (await admin.ok('releases.editRequests', { params: { page: 1 }, query: { search: 'Second' } })).data.map((row) => row.id),
    ).toEqual([second.request.id])

    const single = await admin.ok('releases.editRequest', { params: { id: first.request.id } })
    expect(single.releaseEdits).toEqual([
      { section: 'Release details', field: 'title', label: 'Title', oldValue: 'First', newValue: 'First (Deluxe)' },
      { section: 'Distribution', field: 'territories', label: 'Territories', oldValue: ['WW'], newValue: ['US', 'GB'] },
    ])
    expect(single.trackEdits).toEqual([
      expect.objectContaining({
        trackId: first.track.id,
        trackTitle: 'Song',
        section: 'Track 1',
        field: 'title',
        newValue: 'Song (Remastered)',
      }),
      expect.objectContaining({ field: 'explicit', oldValue: false, newValue: true }),
    ])
    expect(single.countries).toEqual([
      { code: 'GB', name: 'United Kingdom' },
      { code: 'US', name: 'United States' },
      { code: 'WW', name: 'Worldwide' },
    ])
  })

  it('lists open requests before decided ones by default, each group newest first', async () => {
    const open = await pendingEdit('Still Open')
    const decided = await pendingEdit('Decided Later')
    await admin.ok('releases.editRequestStatus', { body: { id: decided.request.id, status: 'rejected', comment: 'No' } })
    const list = await admin.ok('releases.editRequests', { params: { page: 1 }, query: {} })
    const statuses = list.data.map((row) => row.status)
    expect(statuses.indexOf('rejected')).toBeGreaterThan(statuses.lastIndexOf('pending'))
    expect(list.data.findIndex((row) => row.id === open.request.id)).toBeLessThan(list.data.findIndex((row) => row.id === decided.request.id))
  })

  it('approve applies the new values to the release and its tracks and moves the release to 7 Edited', async () => {
    const { release, track, request } = await pendingEdit('Approve Me')
    const decided = await admin.ok('releases.editRequestStatus', { body: { id: request.id, status: 'approved' } })
    expect(decided).toMatchObject({ status: 'approved', decidedBy: { id: ws.admin.id } })
    const [row] = await t.services.db.select().from(releases).where(eq(releases.id, release.id))
    expect(row).toMatchObject({ title: 'Approve Me (Deluxe)', territories: ['US', 'GB'], status: 7 })
    const [song] = await t.services.db.select().from(tracks).where(eq(tracks.id, track.id))
    expect(song).toMatchObject({ title: 'Song (Remastered)', explicit: true })
    const history = await admin.ok('releases.history', { params: { id: release.id }, query: {} })
    expect(history.data[0]).toMatchObject({ action: 'release.edit_approved', before: { status: 6 }, after: { status: 7 } })

    const again = await admin.call('releases.editRequestStatus', { body: { id: request.id, status: 'rejected', comment: 'late' } })
    expect(again.status).toBe(409)
    expect(again.error.message).toBe('This edit request was already approved.')
  })

  it('reject needs a comment, keeps it, leaves the values and puts the release back to live', async () => {
    const { release, request } = await pendingEdit('Reject Me')
    const noComment = await admin.call('releases.editRequestStatus', { body: { id: request.id, status: 'rejected' } })
    expect(noComment.status).toBe(400)
    expect(noComment.error.errors?.comment).toBe('Give a reason for the rejection')
    const decided = await admin.ok('releases.editRequestStatus', {
      body: { id: request.id, status: 'rejected', comment: 'Title does not match the artwork' },
    })
    expect(decided).toMatchObject({ status: 'rejected', comment: 'Title does not match the artwork' })
    const [row] = await t.services.db.select().from(releases).where(eq(releases.id, release.id))
    expect(row).toMatchObject({ title: 'Reject Me', status: 1 })
  })

  it('refuses to apply an edit to a release that is not live', async () => {
    const { release, request } = await pendingEdit('Taken Down')
    await t.services.db.update(releases).set({ status: 9 }).where(eq(releases.id, release.id))
    const refused = await admin.call('releases.editRequestStatus', { body: { id: request.id, status: 'approved' } })
    expect(refused.status).toBe(409)
    expect(refused.error.message).toMatch(/^The release is Takendown/)
    const [row] = await t.services.db.select().from(releases).where(eq(releases.id, release.id))
    expect(row.title).toBe('Taken Down')
  })

  it('is found from the palette by id and, while pending, by its release title', async () => {
    const { request } = await pendingEdit('Palette Target')
    expect((await admin.ok('search.query', { query: { q: `edit:${request.id}` } })).hits).toEqual([
      expect.objectContaining({ kind: 'editRequest', id: request.id, title: 'Edit of Palette Target', score: 1 }),
    ])
    const hits = (await admin.ok('search.query', { query: { q: 'palette targ', kinds: 'editRequest' } })).hits
    expect(hits.map((hit) => hit.id)).toEqual([request.id])
    await admin.ok('releases.editRequestStatus', { body: { id: request.id, status: 'approved' } })
    expect((await admin.ok('search.query', { query: { q: 'palette targ', kinds: 'editRequest' } })).hits).toEqual([])
  })

  it('keeps workspaces apart and is for staff only', async () => {
    const { request } = await pendingEdit('Mine')
    const foreign = await createRelease(t.services, { tenantId: other.tenant.id, accountId: other.artist.id, status: 6 })
    const theirs = await createEditRequest(t.services, {
      tenantId: other.tenant.id,
      releaseId: foreign.release.id,
      accountId: other.artist.id,
      changes: [{ scope: 'release', field: 'title', oldValue: 'x', newValue: 'y' }],
    })
    expect((await admin.call('releases.editRequest', { params: { id: theirs.id } })).status).toBe(404)
    expect((await admin.call('releases.editRequestStatus', { body: { id: theirs.id, status: 'approved' } })).status).toBe(404)
    const list = await admin.ok('releases.editRequests', { params: { page: 1 }, query: {} })
    expect(list.data.map((row) => row.id)).not.toContain(theirs.id)
    expect((await artist.call('releases.editRequests', { params: { page: 1 }, query: {} })).status).toBe(403)
    expect((await artist.call('releases.editRequestStatus', { body: { id: request.id, status: 'approved' } })).status).toBe(403)
  })
})
