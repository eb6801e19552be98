// Issue 18 item 3's second rule: a list endpoint answers within 1.5× its raw SQL + 1 ms.
//
// The app is built in this process on the bench database (the same engine and mode as the bench's
// server) and listens on a free port. For each list scenario it is asked over HTTP until warm; one
// more request records every statement the endpoint sends (text, parameters, row mode: whatever the
// pg client is given, the session's look-up and a transaction's BEGIN/COMMIT included); then, one
// request at a time, the endpoint over HTTP and the recorded statements replayed in order on one of
// the app's own pool connections are timed alternately, so both see the same machine. The figure
// compared is the median of each: "raw SQL" is the database's answer to exactly what the endpoint
// asked, received by the same driver, without the server's routing, validation, authorization,
// mapping and JSON around it.
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

export async function measureListOverhead(options: {
  env: Record<string, string>
  scenarios: Scenario[]
  runs: number
  log: (message: string) => void
}): Promise<OverheadRow[]> {
  const { env, scenarios, runs, log } = options
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
  const record = recorder()
  try {
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    if (!address || typeof address === 'string') throw new Error('no port')
    const base = `http://127.0.0.1:${address.port}`
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...BENCH_ADMIN, issueToken: true }),
    })
    const { token } = (await login.json()) as { token?: string }
    if (!token) throw new Error('bench sign-in failed')
    const ask = async (scenario: Scenario) => {
      const response = await fetch(`${base}${scenario.path}`, { headers: { authorization: `Bearer ${token}` } })
      await response.arrayBuffer()
      if (!response.ok) throw new Error(`${scenario.name}: HTTP ${response.status}`)
    }
    const rows: OverheadRow[] = []
    const client = await database.pool.connect()
    try {
      const only = process.env.LIST_OVERHEAD_ONLY?.split(',')
      for (const scenario of scenarios.filter((candidate) => !only || only.includes(candidate.name))) {
        for (let index = 0; index < 20; index += 1) await ask(scenario)
        record.start()
        await ask(scenario)
        const statements = record.stop()
        if (process.env.LIST_OVERHEAD_SHOW) {
          for (const args of statements) log(`    ${JSON.stringify(args).slice(0, 600)}`)
        }
        const replay = async () => {
          for (const args of statements) await (client.query as (...queryArgs: QueryArgs) => Promise<unknown>)(...args)
        }
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
    } finally {
      client.release()
    }
    return rows
  } finally {
    record.restore()
    await app.close()
    await database.close()
  }
}
