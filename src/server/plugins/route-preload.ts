import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyRequest } from 'fastify'
import { ENDPOINTS, type EndpointId } from '@contract/index'
import type { Services } from '../context'
import { resolveSession } from '../contract-routes'
// The one declaration of each route's first read, shared with the client (pure TypeScript: no React,
// no schemas); eslint.config.js lets this file, and no other server file, import it.
import { FIRST_READS, SHELL_MODULE, firstReadRoute } from '@client/routing/first-reads'
import { endpointUrl } from '@client/api-url'

/** Where index.html takes the route's preloads (index.html writes the marker after its own two preloads). */
export const ROUTE_PRELOAD_MARKER = '<!-- route-preload -->'

interface ManifestChunk {
  file: string
  imports?: string[]
  css?: string[]
  isEntry?: boolean
}
type Manifest = Record<string, ManifestChunk>

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** Every chunk a chunk imports statically, itself included (keys of the manifest). */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into
  into.add(key)
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, into)
  return into
}

/**
 * The `<link>`s of each screen's chunks: the workspace's module and the screen's, with the chunks they
 * import statically that the entry does not (index.html already preloads the entry's), and their
 * stylesheets. Read once from the build's manifest (`build.manifest` in vite.config.ts); none without one.
 */
function screenLinks(clientDir: string): Map<string, string> {
  const links = new Map<string, string>()
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json')
  if (!existsSync(manifestPath)) return links
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest
  const entry = new Set<string>()
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) staticClosure(manifest, key, entry)
  for (const { screen } of Object.values(FIRST_READS)) {
    if (!manifest[screen]) continue
    const wanted = new Set<string>()
    // The screen first: it is asked first at start-up too (main.tsx), and is smaller.
    staticClosure(manifest, screen, wanted)
    staticClosure(manifest, SHELL_MODULE, wanted)
    const keys = [...wanted].filter((key) => !entry.has(key))
    const files = keys.map((key) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(manifest[key].file)}" />`)
    const styles = [...new Set(keys.flatMap((key) => manifest[key].css ?? []))].map(
      (file) => `<link rel="preload" as="style" crossorigin href="/${escapeAttribute(file)}" />`,
    )
    links.set(screen, [...files, ...styles].join('\n    '))
  }
  return links
}

/**
 * What a navigation to a screen route preloads with the HTML, for a signed-in account the route's first
 * read is for (the endpoint's access, which implies the route's: tests/unit/first-reads.test.ts): the
 * read itself, at the address the client's call asks (so the browser answers the call with it, one
 * request), as fetch with the client's credentials mode (`crossorigin="anonymous"` is same-origin
 * credentials, as `api.ts` asks), and the screen's chunk. Nothing for guests, other accounts or other
 * addresses: a guest's page carries no address of data. Answers the `<link>`s to write, or null.
 */
export interface RoutePreload {
  /** The read's preload: written beside the page's own two reads, ahead of the entry's script. */
  data: string
  /** The screen's chunks: written after the entry's own, which the page needs first. */
  chunks: string
}

export function routePreloader(clientDir: string, services: Services): (req: FastifyRequest) => Promise<RoutePreload | null> {
  const chunks = screenLinks(clientDir)
  return async (req) => {
    const url = new URL(req.url, 'http://host')
    const found = firstReadRoute(url.pathname)
    if (!found) return null
    const declared = FIRST_READS[found.pattern]
    const read = declared.read(found.params, url.searchParams)
    if (!read) return null
    const endpoint = ENDPOINTS[read.id as EndpointId]
    if (endpoint.method !== 'GET' || endpoint.access === 'guest') return null
    const hostTenant = await services.tenants.forHost(req.headers.host)
    const { session } = await resolveSession(services, req, hostTenant?.id ?? null)
    if (!session?.viaCookie) return null
    if (endpoint.access === 'admin' && session.account.type !== 'admin') return null
    const href = `/api${endpointUrl(endpoint.path, read.input)}`
    const data = `<link rel="preload" href="${escapeAttribute(href)}" as="fetch" crossorigin="anonymous" />`
    return { data, chunks: chunks.get(declared.screen) ?? '' }
  }
}
