import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createTestApp, type TestApp } from '../helpers/app'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import type { TestClient } from '../helpers/client'
import { SESSION_COOKIE } from '../../src/core/session'

// The HTML a navigation to a screen route gets (src/server/plugins/route-preload.ts): a preload of the
// screen's first read, at the address the client asks, and of the screen's and the workspace's chunks,
// only for a signed-in account the read is for.

let t: TestApp
let admin: TestClient
let artist: TestClient

const INDEX = [
  '<!doctype html><html><head><title>wl-admin</title>',
  '<link rel="preload" href="/api/auth/session" as="fetch" crossorigin="anonymous" />',
  '<!-- route-preload -->',
  '<script type="module" crossorigin src="/assets/index-E1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-R1.js">',
  '</head><body><div id="root"></div></body></html>',
].join('\n')

// The build's manifest, cut to what the preloads read: the entry and its chunk, two screens, the workspace.
const MANIFEST = {
  'index.html': { file: 'assets/index-E1.js', isEntry: true, imports: ['_react-R1.js'] },
  '_react-R1.js': { file: 'assets/react-R1.js' },
  '_list-L1.js': { file: 'assets/list-L1.js', imports: ['_react-R1.js'], css: ['assets/list-L1.css'] },
  'src/domains/catalogue/ui/ReleasesListScreen.tsx': {
    file: 'assets/ReleasesListScreen-X1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_react-R1.js', '_list-L1.js'],
  },
  'src/domains/users/ui/UsersListScreen.tsx': { file: 'assets/UsersListScreen-U1.js', isDynamicEntry: true, imports: ['_list-L1.js'] },
  'src/client/shell/Shell.tsx': { file: 'assets/Shell-S1.js', isDynamicEntry: true, imports: ['index.html', '_react-R1.js'] },
}

beforeAll(async () => {
  const clientDir = mkdtempSync(path.join(os.tmpdir(), 'wl-client-'))
  mkdirSync(path.join(clientDir, '.vite'))
  writeFileSync(path.join(clientDir, 'index.html'), INDEX)
  writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST))
  t = await createTestApp({ clientDir })
  await createWorkspace(t.services, 'preload')
  admin = await signedIn(t.app, 'admin@preload.test')
  artist = await signedIn(t.app, 'artist@preload.test')
})
afterAll(() => t.close())

async function page(url: string, client?: TestClient) {
  const headers: Record<string, string> = { host: 'localhost' }
  if (client) headers.cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  const response = await t.app.inject({ method: 'GET', url, headers })
  expect(response.statusCode).toBe(200)
  const links = [...response.body.matchAll(/<link [^>]*>/g)].map((match) => match[0])
  return {
    response,
    links,
    dataPreloads: links.filter((link) => link.includes('as="fetch"') && !link.includes('/api/auth/session')),
    modulePreloads: links.filter((link) => link.includes('modulepreload')).map((link) => /href="([^"]+)"/.exec(link)?.[1]),
  }
}

describe('the HTML of a screen route', () => {
  it("preloads, for an admin, the list's first read at the client's address and the screen's and workspace's chunks", async () => {
    const { response, dataPreloads, modulePreloads, links } = await page('/releases/manage/2?sort=title&dir=asc&status=7&search=night', admin)
    // The address the client builds from the same declaration (first-reads.ts → api-url.ts), the query in its order.
    expect(dataPreloads).toEqual([
      '<link rel="preload" href="/api/releases?page=2&amp;per_page=25&amp;search=night&amp;status=7&amp;dateField=created&amp;sort=title&amp;dir=asc" as="fetch" crossorigin="anonymous" />',
    ])
    // The screen, its chunk the entry does not have, and the workspace; not the entry's own chunks again.
    expect(modulePreloads).toEqual(['/assets/react-R1.js', '/assets/ReleasesListScreen-X1.js', '/assets/list-L1.js', '/assets/Shell-S1.js'])
    expect(links).toContain('<link rel="preload" as="style" crossorigin href="/assets/list-L1.css" />')
    // The read leaves with the page, ahead of the entry's script.
    expect(response.body.indexOf('/api/releases?')).toBeLessThan(response.body.indexOf('/assets/index-E1.js'))
    expect(response.body).not.toContain('<!-- route-preload -->')
    expect(response.headers['cache-control']).toBe('private, no-cache')
    expect(response.headers.vary).toBe('Cookie')
  })

  it('preloads the read of a record route by its id, and nothing for an id that names no record', async () => {
    expect((await page('/releases/single/42', admin)).dataPreloads).toEqual([
      '<link rel="preload" href="/api/releases/single/record/42" as="fetch" crossorigin="anonymous" />',
    ])
    expect((await page('/releases/single/abc', admin)).dataPreloads).toEqual([])
  })

  it("writes nothing for an account the route's read is not for (an artist on an admin route)", async () => {
    const { response, dataPreloads, modulePreloads } = await page('/releases/manage/1', artist)
    expect(dataPreloads).toEqual([])
    expect(modulePreloads).toEqual(['/assets/react-R1.js'])
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.headers.vary).toBe('Cookie')
  })

  it('preloads for an artist the signed-in route whose read answers them (their own row of the users list)', async () => {
    const { dataPreloads } = await page('/users/manage/1', artist)
    expect(dataPreloads).toEqual([
      '<link rel="preload" href="/api/users?page=1&amp;per_page=25&amp;sort=created&amp;dir=desc" as="fetch" crossorigin="anonymous" />',
    ])
  })

  it('writes nothing for a visitor who is not signed in, or whose session is not valid', async () => {
    for (const cookie of [undefined, `${SESSION_COOKIE}=not-a-session`]) {
      const response = await t.app.inject({ method: 'GET', url: '/releases/manage/1', headers: { host: 'localhost', ...(cookie ? { cookie } : {}) } })
      expect(response.statusCode).toBe(200)
      expect(response.body).not.toContain('/api/releases')
      expect(response.body).not.toContain('Shell-S1')
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(response.headers.vary).toBe('Cookie')
    }
  })

  it('writes nothing on a page without a declared first read, even signed in', async () => {
    const { dataPreloads, modulePreloads } = await page('/payouts/manage/1', admin)
    expect(dataPreloads).toEqual([])
    expect(modulePreloads).toEqual(['/assets/react-R1.js'])
  })
})
