import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { TestClient } from '../helpers/client'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import { accounts } from '../../src/server/db/schema'

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

describe('uploader', () => {
  it('creates a draft for an account, saves it and its tracks, then submits it to review', async () => {
    const draft = await admin.ok('releases.albumDetails', { body: { userId: ws.artist.id, title: 'First Steps' } })
    expect(draft).toMatchObject({
      title: 'First Steps',
      status: 0,
      owner: { id: ws.artist.id },
      artists: ['Test Person'],
      territories: ['WW'],
    })

    const notReady = await admin.call('releases.albumDetails', { body: { releaseId: draft.id, submit: true } })
    expect(notReady.status).toBe(400)
    expect(notReady.error.errors).toMatchObject({
      releaseDate: 'Release date is required',
      primaryGenre: 'Primary genre is required',
      label: 'Label is required',
      tracks: 'Add at least one track',
    })

    const saved = await admin.ok('releases.albumDetails', {
      body: {
        releaseId: draft.id,
        releaseDate: '2027-03-01',
        primaryGenre: 'Pop',
        label: 'Acme Records',
        upc: '012345678905',
        participants: [
          { name: 'Test Person', roles: 'Primary Artist', spotify: 'https://open.spotify.com/artist/abc' },
          { name: '', roles: 'Featuring' },
        ],
      },
    })
    expect(saved).toMatchObject({ upc: '012345678905', participants: [{ name: 'Test Person', roles: 'Primary Artist' }] })

    const badTracks = await admin.call('releases.albumTracks', { body: { releaseId: draft.id, tracks: [{ title: 'One', isrc: 'nope' }] } })
    expect(badTracks.error.errors?.['tracks.0.isrc']).toBe('ISRC must look like CC-XXX-YY-NNNNN')
    const first = await admin.ok('releases.albumTracks', {
      body: { releaseId: draft.id, tracks: [{ title: 'One', isrc: 'us-rc1-76-07839', duration: 180 }, { title: 'Two' }] },
    })
    expect(first.data.map((track) => [track.position, track.title, track.isrc])).toEqual([
      [1, 'One', 'USRC17607839'],
      [2, 'Two', null],
    ])
    // Reorder, rename one and drop the other: what is left out is removed.
    const second = await admin.ok('releases.albumTracks', {
      body: {
        releaseId: draft.id,
        tracks: [
          { id: first.data[1].id, title: 'Two (Intro)' },
          { title: 'Three', explicit: true },
        ],
      },
    })
    expect(second.data.map((track) => [track.position, track.title])).toEqual([
      [1, 'Two (Intro)'],
      [2, 'Three'],
    ])

    const submitted = await admin.ok('releases.albumDetails', { body: { releaseId: draft.id, submit: true } })
    expect(submitted).toMatchObject({ status: 2, statusLabel: 'Under review', trackCount: 2 })
    const history = await admin.ok('releases.history', { params: { id: draft.id }, query: {} })
    expect(history.data.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['release.created', 'release.edited', 'release.tracks_saved', 'release.submitted']),
    )

    const locked = await admin.call('releases.albumTracks', { body: { releaseId: draft.id, tracks: [] } })
    expect(locked.status).toBe(409)
  })

  it('needs an account of this workspace that may release', async () => {
    expect((await admin.call('releases.albumDetails', { body: { title: 'x' } })).error.errors?.userId).toBe(
      'Choose the account the release is for',
    )
    expect((await admin.call('releases.albumDetails', { body: { userId: other.artist.id, title: 'x' } })).error.errors?.userId).toBe(
      'There is no such account in this workspace.',
    )
    expect((await admin.call('releases.albumDetails', { body: { userId: ws.admin.id, title: 'x' } })).status).toBe(400)
    await t.services.db.update(accounts).set({ restrictNewRelease: true }).where(eq(accounts.id, ws.label.id))
    expect((await admin.call('releases.albumDetails', { body: { userId: ws.label.id, title: 'x' } })).error.errors?.userId).toMatch(
      /may not release/,
    )
    expect((await artist.call('releases.albumDetails', { body: { userId: ws.artist.id, title: 'x' } })).status).toBe(403)
  })
})
