import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import { createAccount, createWorkspace, signedIn } from '../helpers/fixtures'
import { parseQuery, likePattern } from '../../src/server/search'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let nina: { id: number }

beforeAll(async () => {
  t = await createTestApp()
  ws = await createWorkspace(t.services, 'acme')
  nina = await createAccount(t.services, {
    tenantId: ws.tenant.id,
    email: 'nina.vale@music.test',
    firstName: 'Nina',
    lastName: 'Vale',
    name: 'Velvet Harbor',
  })
  await createAccount(t.services, {
    tenantId: ws.tenant.id,
    email: 'ninja@music.test',
    type: 'label',
    firstName: 'Nino',
    lastName: 'Rossi',
    name: 'Harbor Lights Records',
  })
  await createAccount(t.services, { tenantId: ws.tenant.id, email: '100%real@music.test', firstName: 'Per', lastName: 'Cent' })
  const other = await createWorkspace(t.services, 'globex')
  await createAccount(t.services, { tenantId: other.tenant.id, email: 'nina.other@globex.test', firstName: 'Nina', lastName: 'Elsewhere' })
})
afterAll(() => t.close())

describe('palette search', () => {
  it('finds accounts by artist name, ranked, with a typed hit', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    const { hits } = await admin.ok('search.query', { query: { q: 'velvet harb' } })
    expect(hits[0]).toMatchObject({ kind: 'account', id: nina.id, title: 'Velvet Harbor', subtitle: 'nina.vale@music.test · artist' })
  })

  it('finds by email fragment, name and label name, only in this workspace', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    const byName = (await admin.ok('search.query', { query: { q: 'nina' } })).hits.map((hit) => hit.subtitle)
    expect(byName).toContain('nina.vale@music.test · artist')
    expect(byName.join()).not.toContain('globex')
    const byLabel = (await admin.ok('search.query', { query: { q: 'harbor lights' } })).hits
    expect(byLabel[0].title).toBe('Harbor Lights Records')
  })

  it('jumps straight to a pasted email or prefixed id', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    for (const q of ['NINA.VALE@music.test', `user:${nina.id}`, `u${nina.id}`, `#${nina.id}`]) {
      const { hits } = await admin.ok('search.query', { query: { q } })
      expect(hits[0], q).toMatchObject({ id: nina.id, score: 1 })
    }
    expect((await admin.ok('search.query', { query: { q: 'release:1' } })).hits).toEqual([])
  })

  it('treats LIKE wildcards as characters', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    const hits = (await admin.ok('search.query', { query: { q: '100%' } })).hits
    expect(hits.map((hit) => hit.subtitle)).toEqual(['100%real@music.test · artist'])
  })

  it('needs three characters for text search, and staff to search accounts', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    expect((await admin.ok('search.query', { query: { q: 'ni' } })).hits).toEqual([])
    const artist = await signedIn(t.app, 'artist@acme.test')
    expect((await artist.ok('search.query', { query: { q: 'nina' } })).hits).toEqual([])
    const invalid = await admin.call('search.query', { query: { q: 'nina', kinds: 'spaceship' } })
    expect(invalid.status).toBe(400)
  })

  it('parses identifiers and escapes patterns', () => {
    expect(parseQuery('user:42')).toMatchObject({ id: 42, idPrefix: 'user', fuzzy: true })
    expect(parseQuery('#7')).toMatchObject({ id: 7, idPrefix: null })
    expect(parseQuery('a@b.co')).toMatchObject({ email: 'a@b.co' })
    expect(likePattern('50%_off')).toBe('%50\\%\\_off%')
  })
})
