// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { ENDPOINTS, type EndpointId } from '../../src/contract/index'
import { FIRST_READS, SHELL_MODULE, firstReadRoute } from '../../src/client/routing/first-reads'
import { ROUTES, findRoute } from '../../src/client/routing/registry'
import { endpointUrl } from '../../src/client/api-url'

// (happy-dom: the screens' modules are loaded to compare them.)
// The routes' first reads are declared once (src/client/routing/first-reads.ts) and read by the client's
// navigation and by the server's preload of them (src/server/plugins/route-preload.ts). The server knows
// only these patterns, and names screens by module path: these tests hold both to the client's routes.

const segments = (pattern: string) => pattern.split('/').filter(Boolean)
const isParam = (segment: string) => /^\{\w+\}$/.test(segment)
/** Whether some address matches both patterns. */
const overlap = (a: string, b: string) =>
  segments(a).length === segments(b).length &&
  segments(a).every((segment, index) => isParam(segment) || isParam(segments(b)[index]) || segment === segments(b)[index])

describe('first reads', () => {
  it('are declared for routes of the client, which picks the same route for every address the server matches', () => {
    for (const pattern of Object.keys(FIRST_READS)) {
      const route = ROUTES.find((candidate) => candidate.path === pattern)
      expect(route, pattern).toBeDefined()
      // Another route the client would prefer for an address this pattern matches would get the wrong preload.
      const rivals = ROUTES.filter(
        (other) => other.path !== pattern && overlap(other.path, pattern) && other.compiled.specificity >= route!.compiled.specificity,
      )
      expect(rivals.map((rival) => rival.path), pattern).toEqual([])
    }
    for (const path of ['/users/manage/3', '/users/17', '/releases/manage/1', '/releases/single/5', '/analytics/overview']) {
      expect(firstReadRoute(path)?.pattern).toBe(findRoute(path)?.route.path)
    }
    expect(firstReadRoute('/users/invites/1')).toBeNull()
    expect(firstReadRoute('/dashboard')).toBeNull()
  })

  it("are GET calls whose access implies the route's (the server preloads only for an account the read is for)", () => {
    for (const [pattern, declared] of Object.entries(FIRST_READS)) {
      const route = ROUTES.find((candidate) => candidate.path === pattern)!
      const read = declared.read({ page: '1', id: '1' }, new URLSearchParams())!
      const endpoint = ENDPOINTS[read.id as EndpointId]
      expect(endpoint.method, pattern).toBe('GET')
      expect(endpoint.access, pattern).not.toBe('guest')
      if (route.access === 'admin') expect(endpoint.access, pattern).toBe('admin')
    }
  })

  it("name the module each route's screen imports, and the workspace's as the app imports it", async () => {
    for (const [pattern, declared] of Object.entries(FIRST_READS)) {
      const route = ROUTES.find((candidate) => candidate.path === pattern)!
      const loaded = (await route.screen.preload!()) as { default: unknown }
      const named = (await import(/* @vite-ignore */ path.resolve(declared.screen))) as { default: unknown }
      expect(loaded.default, pattern).toBe(named.default)
    }
    expect(readFileSync('src/client/App.tsx', 'utf8')).toContain("import('./shell/Shell')")
    expect(SHELL_MODULE).toBe('src/client/shell/Shell.tsx')
  })

  it('read the query from the address as the list does, into the address the client asks', () => {
    const read = FIRST_READS['/users/manage/{page}'].read({ page: '3' }, new URLSearchParams('sort=email&dir=asc&per_page=50&banned=true&type=nope'))!
    expect(read.id).toBe('users.list')
    expect(endpointUrl(ENDPOINTS['users.list'].path, read.input)).toBe('/users?page=3&per_page=50&sort=email&dir=asc&banned=true')
    expect(FIRST_READS['/users/{id}'].read({ id: 'abc' }, new URLSearchParams())).toBeNull()
    expect(FIRST_READS['/analytics/overview'].read({}, new URLSearchParams('section=imports'))).toBeNull()
  })
})
