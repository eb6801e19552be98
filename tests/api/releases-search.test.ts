import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import { TestClient } from '../helpers/client'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import { createRelease, upc } from './releases-fixtures'

let t: TestApp
let admin: TestClient
let artist: TestClient
let harbor: Awaited<ReturnType<typeof createRelease>>
let lights: Awaited<ReturnType<typeof createRelease>>

beforeAll(async () => {
  t = await createTestApp()
  const ws = await createWorkspace(t.services, 'acme')
  const other = await createWorkspace(t.services, 'globex')
  const base = { tenantId: ws.tenant.id, accountId: ws.artist.id }
  harbor = await createRelease(
    t.services,
    {
      ...base,
      title: 'Velvet Harbor',
      artists: ['Nina Vale'],
      artistText: 'Nina Vale',
      upc: upc(11),
      catalogNumber: 'WLX-0042',
      status: 1,
    },
    [
      { title: 'Harbor Song', isrc: 'GBAYE2500011' },
      { title: 'Quiet Water', isrc: 'GBAYE2500012' },
    ],
  )
  lights = await createRelease(t.services, { ...base, title: 'Harbor Lights', upc: upc(12), status: 2 }, [
    { title: 'Lights On', isrc: 'GBAYE2500013' },
  ])
  // The same title and identifiers in another workspace must never show.
  await createRelease(t.services, { tenantId: other.tenant.id, accountId: other.artist.id, title: 'Velvet Harbor', upc: upc(11) }, [
    { title: 'Harbor Song', isrc: 'GBAYE2500011' },
  ])
  admin = await signedIn(t.app, 'admin@acme.test')
  artist = await signedIn(t.app, 'artist@acme.test')
})
afterAll(() => t.close())

describe('palette search for releases and tracks', () => {
  it('a pasted ISRC, with or without hyphens, answers its track alone', async () => {
    for (const q of ['GBAYE2500012', 'gb-aye-25-00012']) {
      const { hits } = await admin.ok('search.query', { query: { q } })
      expect(hits, q).toEqual([
        { kind: 'track', id: harbor.tracks[1].id, title: 'Quiet Water', subtitle: 'GB-AYE-25-00012 · Velvet Harbor · Nina Vale', score: 1 },
      ])
    }
  })

  it('a pasted UPC answers its release alone', async () => {
    const { hits } = await admin.ok('search.query', { query: { q: upc(11) } })
    expect(hits).toHaveLength(1)
    expect(hits[0]).toMatchObject({ kind: 'release', id: harbor.release.id, title: 'Velvet Harbor', score: 1 })
    expect(hits[0].subtitle).toContain(`UPC ${upc(11)}`)
  })

  it('finds releases by title fragment, artist and catalog number, and tracks by title, in this workspace only', async () => {
    const byTitle = (await admin.ok('search.query', { query: { q: 'harbor', kinds: 'release,track' } })).hits
    expect(
      byTitle
        .filter((hit) => hit.kind === 'release')
        .map((hit) => hit.id)
        .sort(),
    ).toEqual([harbor.release.id, lights.release.id].sort())
    expect(byTitle.filter((hit) => hit.kind === 'track').map((hit) => hit.id)).toEqual([harbor.tracks[0].id])
    expect((await admin.ok('search.query', { query: { q: 'nina vale', kinds: 'release' } })).hits[0].id).toBe(harbor.release.id)
    expect((await admin.ok('search.query', { query: { q: 'WLX-00', kinds: 'release' } })).hits.map((hit) => hit.id)).toEqual([
      harbor.release.id,
    ])
    expect((await admin.ok('search.query', { query: { q: `release:${lights.release.id}` } })).hits).toEqual([
      expect.objectContaining({ kind: 'release', id: lights.release.id, score: 1 }),
    ])
    expect((await admin.ok('search.query', { query: { q: `track:${harbor.tracks[0].id}` } })).hits).toEqual([
      expect.objectContaining({ kind: 'track', id: harbor.tracks[0].id, score: 1 }),
    ])
  })

  it('hides releases and tracks from accounts that are not staff', async () => {
    const { hits } = await artist.ok('search.query', { query: { q: 'GBAYE2500012' } })
    expect(hits.filter((hit) => hit.kind !== 'account')).toEqual([])
  })
})

describe('artist names for the uploader', () => {
  it('suggests profiles and credited names of this workspace, with release counts', async () => {
    const { data } = await admin.ok('releases.getArtists', { query: { search: 'nina' } })
    expect(data).toEqual([expect.objectContaining({ name: 'Nina Vale', releaseCount: 1 })])
    const short = await admin.call('releases.getArtists', { query: { search: 'n' } })
    expect(short.error.errors?.search).toBe('Type at least 2 characters')
    expect((await artist.call('releases.getArtists', { query: { search: 'nina' } })).status).toBe(403)
  })
})
