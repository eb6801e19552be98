import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { randomBytes, randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { TestClient } from '../helpers/client'
import { createWorkspace, signedIn, PASSWORD } from '../helpers/fixtures'
import { httpApp } from '../helpers/http-inject'
import { GUARD } from '../../src/domains/auth/server/sign-in-guard'
import { fund, key } from './payouts-fixtures'
import { startServer, type RunningServer } from '../e2e/support/server'

/**
 * Several app processes on one PostgreSQL behind a round-robin proxy work as one (issue 18 item 5):
 * two real server processes (`src/server/main.ts`), one shared file store, one APP_SECRET. Every
 * request below alternates between them, so each check crosses processes. PostgreSQL only: PGlite
 * is one process by design (its data directory is locked).
 */
const pg = process.env.DATABASE_URL

let t: TestApp
const servers: RunningServer[] = []
let proxy: http.Server
let baseUrl: string
/** Which process answered each proxied request, in order. */
const answeredBy: number[] = []

/** The simplest load balancer: each request goes to the next process in turn. */
function roundRobin(ports: number[]): Promise<http.Server> {
  let next = 0
  const server = http.createServer((req, res) => {
    const index = next++ % ports.length
    answeredBy.push(index)
    const upstream = http.request(
      { host: '127.0.0.1', port: ports[index], path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.writeHead(502).end())
    req.pipe(upstream)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

describe.skipIf(!pg)('two app processes on one PostgreSQL', () => {
  let ws: Awaited<ReturnType<typeof createWorkspace>>
  beforeAll(async () => {
    t = await createTestApp()
    // This process only writes the fixtures; the two children do the work.
    await t.services.jobs.stop()
    ws = await createWorkspace(t.services, 'cluster')
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wl-admin-cluster-'))
    const env = {
      DATABASE_URL: t.databaseUrl!,
      HOST: '127.0.0.1',
      APP_SECRET: randomBytes(32).toString('base64url'),
      DEFAULT_TENANT: 'cluster',
      DEMO: '0',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    }
    // One shared data directory: the file store both processes write to and read from.
    servers.push(...(await Promise.all([startServer({ dataDir, env }), startServer({ dataDir, env })])))
    proxy = await roundRobin(servers.map((server) => Number(new URL(server.url).port)))
    baseUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
  }, 180_000)
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await new Promise((resolve) => proxy?.close(resolve))
    await t?.close()
  }, 60_000)

  const client = () => new TestClient(httpApp(baseUrl))

  it('keeps a session valid on both processes', async () => {
    const admin = await signedIn(httpApp(baseUrl), ws.admin.email, { tenant: 'cluster' })
    const first = answeredBy.length
    for (let i = 0; i < 4; i++) expect((await admin.ok('auth.me')).account.email).toBe(ws.admin.email)
    expect(new Set(answeredBy.slice(first))).toEqual(new Set([0, 1]))
  })

  it('shares idempotency keys: the same key on the other process replays the first answer', async () => {
    const admin = await signedIn(httpApp(baseUrl), ws.admin.email, { tenant: 'cluster' })
    await fund(admin, ws.artist.id, '100')
    const artist = await signedIn(httpApp(baseUrl), ws.artist.email, { tenant: 'cluster' })
    const headers = key(randomUUID())
    const body = { amount: '60', provider: 'paypal' as const }
    const first = await artist.ok('payouts.request', { body, headers })
    const again = await artist.ok('payouts.request', { body, headers })
    expect(answeredBy.at(-1)).not.toBe(answeredBy.at(-2))
    expect(again.id).toBe(first.id)
    const { rows } = await t.services.db.execute<{ n: number }>(
      sql`select count(*)::int as n from payouts where account_id = ${ws.artist.id}`,
    )
    expect(rows[0].n).toBe(1)
  })

  it('counts failed sign-ins across processes', async () => {
    const stranger = client()
    for (let i = 0; i < GUARD.accountFailures; i++) {
      const failed = await stranger.call('auth.login', { body: { email: ws.label.email, password: `wrong-${i}`, tenant: 'cluster' } })
      expect(failed.status).toBe(422)
    }
    // Five failures spread over two processes reach the threshold together: the next try must wait.
    const refused = await stranger.call('auth.login', { body: { email: ws.label.email, password: PASSWORD, tenant: 'cluster' } })
    expect(refused.status).toBe(429)
    expect(refused.error.code).toBe('rate_limited')
  })

  it('runs each job once and serves its file from either process', async () => {
    const admin = await signedIn(httpApp(baseUrl), ws.operator.email, { tenant: 'cluster' })
    const requested = []
    for (let i = 0; i < 6; i++) requested.push(await admin.ok('reports.requestArtistEarning', { body: { userId: ws.artist.id } }))
    let reports = requested
    for (let attempt = 0; attempt < 300 && reports.some((r) => r.status !== 'ready'); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      reports = await Promise.all(requested.map((r) => admin.ok('reports.get', { params: { id: r.id } })))
    }
    expect(reports.map((r) => r.status)).toEqual(requested.map(() => 'ready'))
    const { rows } = await t.services.db.execute<{ attempts: number; status: string }>(
      sql`select attempts, status from jobs where tenant_id = ${ws.tenant.id} and type = 'reports.generate'`,
    )
    expect(rows.length).toBe(6)
    expect(rows.every((row) => row.attempts === 1 && row.status === 'done')).toBe(true)
    // Written by whichever process ran the job, downloaded through both.
    const downloads = await Promise.all([0, 1].map(() => admin.call('reports.download', { params: { id: reports[0].id } })))
    expect(downloads.map((d) => d.status)).toEqual([200, 200])
    expect(downloads[1].response.body).toBe(downloads[0].response.body)
    expect(downloads[0].response.body.length).toBeGreaterThan(0)
  })
})
