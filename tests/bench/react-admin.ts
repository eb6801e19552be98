import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import zlib from 'node:zlib'
import type { Browser } from '@playwright/test'

/**
 * The yardstick of issue 18 item 4: react-admin's own demo (Posters Galore), built for production and
 * measured in the same run as ours, cold cache, to its first list painted. Its source is vendored in
 * tests/bench/react-admin-demo (marmelab/react-admin examples/demo, MIT; see its NOTICE.md); the first
 * bench run installs its locked dependencies and builds it into tests/bench/.cache (ignored by git),
 * again only when the source changes.
 */
const SOURCE = path.resolve(import.meta.dirname, 'react-admin-demo')
const CACHE = path.resolve(import.meta.dirname, '.cache/react-admin-demo')
/** The list measured: the demo's customers, the Datagrid it opens on from its menu. */
export const REACT_ADMIN_LIST = '/#/customers'
const ROW = 'table tbody tr'

function sourceHash(dir: string): string {
  const hash = createHash('sha256')
  const walk = (at: string) => {
    for (const name of readdirSync(at).sort()) {
      const full = path.join(at, name)
      if (statSync(full).isDirectory()) walk(full)
      else hash.update(path.relative(dir, full)).update(readFileSync(full))
    }
  }
  walk(dir)
  return hash.digest('hex')
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env }, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`react-admin demo: ${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`)
}

/** The demo's production build, built first if the source changed since: its dist folder. */
export function ensureReactAdminDemo(log: (message: string) => void = () => undefined): string {
  const hash = sourceHash(SOURCE)
  const stamp = path.join(CACHE, '.source-hash')
  const dist = path.join(CACHE, 'dist')
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash && existsSync(path.join(dist, 'index.html'))) return dist
  log('  building the react-admin demo (first run: installs its dependencies, a few minutes)…')
  mkdirSync(CACHE, { recursive: true })
  for (const entry of readdirSync(CACHE)) if (entry !== 'node_modules') rmSync(path.join(CACHE, entry), { recursive: true, force: true })
  cpSync(SOURCE, CACHE, { recursive: true })
  run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], CACHE)
  run('npx', ['vite', 'build', '--logLevel', 'error'], CACHE, { NODE_ENV: 'production' })
  writeFileSync(stamp, hash)
  return dist
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
}

/**
 * Serves a built client as a production host would, and as ours is served: every file compressed
 * once (brotli, else gzip), hashed assets cached for good.
 */
export async function serveStatic(root: string): Promise<{ url: string; close(): Promise<void> }> {
  const files = new Map<string, { type: string; raw: Buffer; br: Buffer; gzip: Buffer }>()
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const full = path.join(at, name)
      if (statSync(full).isDirectory()) walk(full)
      else {
        const raw = readFileSync(full)
        files.set(`/${path.relative(root, full).split(path.sep).join('/')}`, {
          type: TYPES[path.extname(name)] ?? 'application/octet-stream',
          raw,
          br: zlib.brotliCompressSync(raw),
          gzip: zlib.gzipSync(raw, { level: 9 }),
        })
      }
    }
  }
  walk(root)
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://bench').pathname
    const file = files.get(pathname === '/' ? '/index.html' : pathname)
    if (!file) {
      response.statusCode = 404
      response.end()
      return
    }
    const accepts = String(request.headers['accept-encoding'] ?? '')
    response.setHeader('content-type', file.type)
    response.setHeader('cache-control', pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache')
    response.setHeader('vary', 'accept-encoding')
    if (/\bbr\b/.test(accepts)) {
      response.setHeader('content-encoding', 'br')
      response.end(file.br)
    } else if (/\bgzip\b/.test(accepts)) {
      response.setHeader('content-encoding', 'gzip')
      response.end(file.gzip)
    } else response.end(file.raw)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

/**
 * One cold visit to the demo's customers list (a new context: empty HTTP cache, no service worker
 * yet), signed in as its fake auth provider expects: navigation start → first row painted, and the
 * JavaScript bytes that came over the wire before it. `probe` is the same in-page clock ours uses.
 */
export async function measureReactAdminFirstList(browser: Browser, baseUrl: string, probe: string): Promise<{ paintedMs: number; jsKb: number }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } })
  try {
    await context.addInitScript({ content: `${probe}\nlocalStorage.setItem('username', 'bench')` })
    // Its web fonts and poster images live on the internet, which this machine cannot reach: they
    // fail at once, as ours would have nothing of the kind to fetch.
    await context.route(/^https:\/\/(fonts\.googleapis\.com|fonts\.gstatic\.com|marmelab\.com)\//, (route) => route.abort())
    const page = await context.newPage()
    await page.goto(REACT_ADMIN_LIST, { waitUntil: 'commit' })
    const painted = await page.evaluate((row) => (window as unknown as { __paintedWhen(s: string): Promise<number> }).__paintedWhen(row), ROW)
    const jsBytes = await page.evaluate(
      (before) =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry as PerformanceResourceTiming)
          .filter((entry) => /\.m?js(\?|$)/.test(new URL(entry.name).pathname) && entry.responseEnd <= before)
          .reduce((sum, entry) => sum + (entry.transferSize || entry.encodedBodySize), 0),
      painted,
    )
    return { paintedMs: Math.round(painted), jsKb: Math.round(jsBytes / 1024) }
  } finally {
    await context.close()
  }
}
