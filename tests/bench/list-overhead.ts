// Issue 18 item 3's second rule: a list endpoint answers within 1.5× its raw SQL + 1 ms.
//
// Capture: the app is built in this process on the bench database (the same engine and mode as the
// bench's server) and listens on a free port. Each list scenario is asked over HTTP until warm; one
// more request records every statement the endpoint sends (text, parameters, row mode, statement
// name: whatever the pg client is given, the session's look-up included).
// Timing, one request at a time, alternately so both see the same machine: the endpoint over HTTP,
// and the recorded statements replayed in order on one connection ("raw SQL": the database's answer
// to exactly what the endpoint asked, received by the same driver, without the server's routing,
// validation, authorization, mapping and JSON). On PostgreSQL the endpoint is the bench's own server
// process (as `npm start` runs it) and the replay a connection of this process, so neither pays for
// the other's CPU; PGlite's database lives inside the server's process, so there both are timed in
// this process on the in-process app, which also pays the HTTP client's work: its figure is the
// harsher one. The replay runs the statements one after another; an endpoint that runs some at once
// is faster than their sum, as a user sees it.
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { loadConfig } from '../../src/server/config'
import { openDatabase } from '../../src/server/db/engine'
import { buildApp } from '../../src/server/app'
import { BENCH_ADMIN } from './dataset'
import type { Scenario } from './scenarios'

export interface OverheadRow {
  scenario: string
  statements: number
  endpointP50Ms: number
  rawP50Ms: number
  ratio: number
  /** 1.5 × raw + 1 ms */
  limitMs: number
  met: boolean
}

type QueryArgs = unknown[]

/** Every query the pg clients of this process are asked while `recording` is set. */
function recorder() {
  const proto = pg.Client.prototype as unknown as { query: (...args: QueryArgs) => unknown }
  const original = proto.query
  let recording: QueryArgs[] | null = null
  proto.query = function (this: pg.Client, ...args: QueryArgs) {
    // pg-pool's own query() passes a callback: the statement is recorded without it.
    if (recording) recording.push(typeof args[args.length - 1] === 'function' ? args.slice(0, -1) : args)
    return original.apply(this, args)
  }
  return {
    start() {
      recording = []
    },
    stop(): QueryArgs[] {
      const done = recording ?? []
      recording = null
      return done
    },
    restore() {
      proto.query = original
    },
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

const round2 = (value: number) => Math.round(value * 100) / 100

type Recorded = Map<string, QueryArgs[]>

async function inProcessApp(env: Record<string, string>) {
  const url = env.DATABASE_URL || undefined
  const database = await openDatabase(
    url ? { url } : { dataDir: env.DATA_DIR, pgliteMode: env.PGLITE_MODE === 'inline' ? 'inline' : 'worker' },
  )
  const config = loadConfig({
    DATA_DIR: env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'wl-bench-overhead-')),
    DEMO: '0',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    APP_SECRET: randomBytes(32).toString('hex'),
  })
  const app = await buildApp({ config, database, clientDir: null, logger: false })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  const base = `http://127.0.0.1:${address.port}`
  return {
    base,
    token: await signIn(base),
    database,
    async close() {
      await app.close()
      await database.close()
    },
  }
}

async function signIn(base: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...BENCH_ADMIN, issueToken: true }),
  })
  const { token } = (await login.json()) as { token?: string }
  if (!token) throw new Error('bench sign-in failed')
  return token
}

function asker(base: string, token: string) {
  return async (scenario: Scenario) => {
    const response = await fetch(`${base}${scenario.path}`, { headers: { authorization: `Bearer ${token}` } })
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`${scenario.name}: HTTP ${response.status}`)
  }
}

function selected(scenarios: Scenario[]): Scenario[] {
  const only = process.env.LIST_OVERHEAD_ONLY?.split(',')
  return scenarios.filter((candidate) => !only || only.includes(candidate.name))
}

async function captureOn(ask: (scenario: Scenario) => Promise<void>, scenarios: Scenario[], log: (message: string) => void) {
  const record = recorder()
  const recorded: Recorded = new Map()
  try {
    for (const scenario of selected(scenarios)) {
      for (let index = 0; index < 20; index += 1) await ask(scenario)
      record.start()
      await ask(scenario)
      const statements = record.stop()
      recorded.set(scenario.name, statements)
      if (process.env.LIST_OVERHEAD_SHOW) {
        for (const args of statements) log(`    ${JSON.stringify(args).slice(0, 600)}`)
      }
    }
  } finally {
    record.restore()
  }
  return recorded
}

/** A connection for one replay: held throughout on PostgreSQL; on PGlite taken and given back (its one connection is the app's too). */
type Lease = () => Promise<{ client: { query: unknown }; release(): void }>

async function timeAll(
  ask: (scenario: Scenario) => Promise<void>,
  lease: Lease,
  scenarios: Scenario[],
  recorded: Recorded,
  runs: number,
  log: (message: string) => void,
): Promise<OverheadRow[]> {
  const rows: OverheadRow[] = []
  for (const scenario of selected(scenarios)) {
    const statements = recorded.get(scenario.name) ?? []
    const replay = async () => {
      const { client, release } = await lease()
      try {
        for (const args of statements) await (client.query as (...queryArgs: QueryArgs) => Promise<unknown>)(...args)
      } finally {
        release()
      }
    }
    for (let index = 0; index < 20; index += 1) await ask(scenario)
    for (let index = 0; index < 5; index += 1) await replay()
    const endpoint: number[] = []
    const raw: number[] = []
    for (let index = 0; index < runs; index += 1) {
      let at = performance.now()
      await ask(scenario)
      endpoint.push(performance.now() - at)
      at = performance.now()
      await replay()
      raw.push(performance.now() - at)
    }
    const endpointP50Ms = round2(median(endpoint))
    const rawP50Ms = round2(median(raw))
    const limitMs = round2(1.5 * rawP50Ms + 1)
    const row = {
      scenario: scenario.name,
      statements: statements.length,
      endpointP50Ms,
      rawP50Ms,
      ratio: round2(endpointP50Ms / rawP50Ms),
      limitMs,
      met: endpointP50Ms <= limitMs,
    }
    rows.push(row)
    log(
      `  ${row.scenario.padEnd(22)} endpoint p50 ${String(row.endpointP50Ms).padStart(7)} ms   raw SQL p50 ${String(row.rawP50Ms).padStart(7)} ms (${row.statements} statements)   ×${row.ratio}   limit ${row.limitMs} ms ${row.met ? 'met' : 'MISSED'}`,
    )
  }
  return rows
}

/**
 * Before the bench's server starts (PGlite's data directory admits one process): records each list
 * scenario's statements; on PGlite also times them, in this process. On PostgreSQL the timing is
 * `timeListOverhead`'s, against the server process.
 */
export async function captureListOverhead(options: {
  env: Record<string, string>
  scenarios: Scenario[]
  runs: number
  log: (message: string) => void
}): Promise<{ recorded: Recorded; rows: OverheadRow[] | null }> {
  const { env, scenarios, runs, log } = options
  const app = await inProcessApp(env)
  try {
    const ask = asker(app.base, app.token)
    const recorded = await captureOn(ask, scenarios, log)
    if (env.DATABASE_URL) return { recorded, rows: null }
    log('  (PGlite: endpoint and replay both timed in this process, on the in-process app)')
    const lease: Lease = async () => {
      const client = await app.database.pool.connect()
      return { client, release: () => client.release() }
    }
    return { recorded, rows: await timeAll(ask, lease, scenarios, recorded, runs, log) }
  } finally {
    await app.close()
  }
}

/** PostgreSQL: the endpoint on the bench's server process, the replay on a connection of this one. */
export async function timeListOverhead(options: {
  url: string
  token: string
  databaseUrl: string
  scenarios: Scenario[]
  recorded: Recorded
  runs: number
  log: (message: string) => void
}): Promise<OverheadRow[]> {
  const client = new pg.Client({ connectionString: options.databaseUrl })
  await client.connect()
  try {
    const lease: Lease = async () => ({ client, release: () => undefined })
    return await timeAll(asker(options.url, options.token), lease, options.scenarios, options.recorded, options.runs, options.log)
  } finally {
    await client.end()
  }
}
