import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { signedIn, twoWorkspaces, type createWorkspace } from '../helpers/fixtures'
import { createRelease, upc } from './releases-fixtures'

// The requester's side (docs/feature-controls.md, "Requester"): an artist's own requests of every
// kind in one list, and the releases their forms pick from, never anyone else's.

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let other: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let artist: TestClient
let label: TestClient
let otherAdmin: TestClient

beforeAll(async () => {
  t = await createTestApp()
  ;({ ws, other, admin, artist, otherAdmin } = await twoWorkspaces(t, 'reqws', 'reqother'))
  label = await signedIn(t.app, 'label@reqws.test')
})
afterAll(() => t.close())

const release = async (title: string, accountId: number, tenantId = ws.tenant.id, serial = 1) =>
  (
    await createRelease(
      t.services,
      { tenantId, accountId, title, upc: upc(serial), releaseDate: '2026-05-01', artistText: 'The Band' },
      [{ isrc: 'USRC17607839' }, { isrc: 'GBAYE0000001' }],
    )
  ).release.id

const mine = (client: TestClient, page = 1, perPage = 25) => client.ok('featureRequests.mine', { params: { page }, query: { per_page: perPage } })

describe('the requester side', () => {
  it("lists the account's own requests of every kind, newest first, with status and reason; never another's", async () => {
    const releaseId = await release('Own Record', ws.artist.id, ws.tenant.id, 11)
    const greenlist = (await artist.ok('greenlist.create', { body: { releaseId, format: 'all', youtube: 'UCaBcDeFgHiJkLmNoPqRsTuV' } })).id
    const chart = (await artist.ok('chartRegistration.create', { body: { releaseId, comment: '' } })).id
    const mcn = (await artist.ok('youtubeMcn.create', { body: { channelId: 'UCaBcDeFgHiJkLmNoPqRsTu1', subscribers: 1, videos: 2, views: 3 } })).id
    const labelsOwn = (await label.ok('youtubeMcn.create', { body: { channelId: 'UCaBcDeFgHiJkLmNoPqRsTu2', subscribers: 1, videos: 2, views: 3 } })).id
    await admin.ok('chartRegistration.changeStatus', { body: { ids: [chart], status: 'rejected', reason: 'The UPC is not registered yet' } })

    const listed = await mine(artist)
    expect(listed.data.map((row) => [row.id, row.kind, row.status, row.reason])).toEqual([
      [mcn, 'youtubeMcn', 'pending', null],
      [chart, 'chartRegistration', 'rejected', 'The UPC is not registered yet'],
      [greenlist, 'greenlist', 'pending', null],
    ])
    expect(listed.meta).toMatchObject({ total: 3, page: 1, last_page: 1 })
    expect((await mine(artist, 2)).data).toEqual([])
    expect((await mine(label)).data.map((row) => row.id)).toEqual([labelsOwn])
    expect((await mine(otherAdmin)).data).toEqual([])
  })

  it("gives the forms the account's own releases with their tracks, searchable by title or UPC", async () => {
    const own = await release('Harbour Lights', ws.label.id, ws.tenant.id, 21)
    await release('Someone Else', ws.artist.id, ws.tenant.id, 22)
    await release('Harbour Elsewhere', other.label.id, other.tenant.id, 23)
    const all = await label.ok('featureRequests.ownReleases', { query: {} })
    expect(all.data.map((row) => row.id)).toEqual([own])
    expect(all.data[0]).toMatchObject({
      title: 'Harbour Lights',
      artist: 'The Band',
      upc: upc(21),
      releaseDate: '2026-05-01',
      tracks: [
        { title: 'Harbour Lights 1', isrc: 'USRC17607839' },
        { title: 'Harbour Lights 2', isrc: 'GBAYE0000001' },
      ],
    })
    expect((await label.ok('featureRequests.ownReleases', { query: { search: 'harb' } })).data.map((row) => row.id)).toEqual([own])
    expect((await label.ok('featureRequests.ownReleases', { query: { search: upc(21) } })).data.map((row) => row.id)).toEqual([own])
    expect((await label.ok('featureRequests.ownReleases', { query: { search: 'nothing like it' } })).data).toEqual([])
  })

  it('needs a session', async () => {
    const { TestClient } = await import('../helpers/client')
    const anonymous = new TestClient(t.app)
    expect((await anonymous.call('featureRequests.mine', { params: { page: 1 }, query: { per_page: 25 } })).status).toBe(401)
    expect((await anonymous.call('featureRequests.ownReleases', { query: {} })).status).toBe(401)
  })
})
