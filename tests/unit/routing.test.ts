import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { buildPath, compilePattern, matchPattern, safeNextPath } from '../../src/client/routing/match'
import { decideRoute } from '../../src/client/routing/decide'

const admin = { account: { type: 'admin' } } as never
const artist = { account: { type: 'artist' } } as never

describe('route patterns', () => {
  it('matches parameters and prefers static segments', () => {
    const single = compilePattern('/users/{id}')
    expect(matchPattern(single, '/users/42')).toEqual({ id: '42' })
    expect(matchPattern(single, '/users/42/')).toEqual({ id: '42' })
    expect(matchPattern(single, '/users')).toBeNull()
    expect(matchPattern(compilePattern('/recover/{token}'), '/recover/a%2Fb')).toEqual({ token: 'a/b' })
    expect(compilePattern('/releases/import-sections').specificity).toBeGreaterThan(compilePattern('/releases/manage/{page}').specificity)
    expect(buildPath('/users/{id}', { id: 7 })).toBe('/users/7')
  })

  it('follows only same-origin paths after sign-in', () => {
    expect(safeNextPath('/users/7?tab=notes')).toBe('/users/7?tab=notes')
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'users', null]) expect(safeNextPath(bad)).toBeNull()
  })
})

describe('route access', () => {
  const base = { pathname: '/users/7', search: '' }
  it('shows a loading screen until the session is known', () => {
    expect(decideRoute({ ...base, access: 'admin', status: 'checking', me: null })).toEqual({ kind: 'loading' })
  })
  it('sends guests on auth and admin routes to sign in, and back afterwards', () => {
    expect(decideRoute({ ...base, access: 'admin', status: 'unauthenticated', me: null })).toEqual({
      kind: 'redirect',
      to: '/login?next=%2Fusers%2F7',
    })
    expect(
      decideRoute({ pathname: '/login', search: '?next=%2Fusers%2F7', access: 'guest-only', status: 'authenticated', me: admin }),
    ).toEqual({ kind: 'redirect', to: '/users/7' })
  })
  it('sends signed-in accounts away from guest-only routes to the dashboard', () => {
    expect(decideRoute({ pathname: '/login', search: '', access: 'guest-only', status: 'authenticated', me: artist })).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    })
    expect(
      decideRoute({ pathname: '/login', search: '?next=https://evil.example', access: 'guest-only', status: 'authenticated', me: artist }),
    ).toEqual({ kind: 'redirect', to: '/dashboard' })
  })
  it('refuses admin routes to other accounts with a clear page', () => {
    expect(decideRoute({ ...base, access: 'admin', status: 'authenticated', me: artist })).toEqual({ kind: 'forbidden' })
    expect(decideRoute({ ...base, access: 'admin', status: 'authenticated', me: admin })).toEqual({ kind: 'render', framed: true })
  })
  it('shows public and guest routes unframed, and unknown paths as not found', () => {
    expect(decideRoute({ pathname: '/invite/accept', search: '', access: 'public', status: 'authenticated', me: artist })).toEqual({
      kind: 'render',
      framed: false,
    })
    expect(decideRoute({ pathname: '/nope', search: '', access: null, status: 'unauthenticated', me: null })).toEqual({ kind: 'not-found' })
  })
})

describe('route table', () => {
  it('every registered screen is a route of routes.tsv with the same access and title', async () => {
    const tsv = readFileSync(new URL('../fixtures/spec/routes.tsv', import.meta.url), 'utf8')
    const spec = new Map(
      tsv
        .split('\n')
        .filter((line) => line.startsWith('/'))
        .map((line) => line.split('\t'))
        .map(([path, access, title]) => [path, { access, title }]),
    )
    // The registry imports React screens lazily; reading it here needs only the descriptors.
    const { ROUTES } = await import('../../src/client/routing/registry')
    expect(ROUTES.length).toBeGreaterThan(0)
    // Record pages this project adds beside the spec's routes (each documented where its domain is).
    const added = new Set(['/earnings/import/{id}', '/news/read/{page}'])
    for (const route of ROUTES.filter((entry) => !added.has(entry.path)))
      expect({ path: route.path, ...spec.get(route.path) }).toEqual({ path: route.path, access: route.access, title: route.title })
  })
})
