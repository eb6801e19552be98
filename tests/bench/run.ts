// `npm run bench [-- --accounts 300000 --duration 10 --connections 10 --pglite-mode worker --fresh]`
// Generates a dataset (300k accounts and releases, 1M tracks, 1M payouts by default) or, on
// PostgreSQL, reuses BENCH_DB when it already holds one of the same size (--fresh regenerates), runs the server on it (PostgreSQL when DATABASE_URL is set, else PGlite),
// drives each scenario with autocannon and prints p50/p95/p99 and requests per second; then imports
// a statement of --import-lines lines end to end (`--only import` runs just that; BENCH_DB names the
// scratch database on PostgreSQL, wl_admin_bench by default).
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import pg from 'pg'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../../src/server/db/engine'
import { migrateDatabase } from '../../src/server/db/migrate'
import { BENCH_ADMIN, BENCH_STAFF, benchReleaseCount, benchTrackCount, ensureBenchStaff, generateDataset } from './dataset'
import { describeFrontend, measureFrontend } from './frontend'
import { benchPayoutCount } from './payouts'
import { measureMachine } from './machine'
import { SCENARIOS, type Scenario } from './scenarios'
import { measureStall } from './pglite-stall'
import { measurePalette } from './palette'
import { measureStatementImport } from './statement-import'
import { describeReportBench, measureRawDataReport } from './reports'
import { BENCH_INBOUND_SECRET, generateTickets, measureSupport } from './support'
import { measureCatalogueOps } from './catalogue-ops'
import { startServer } from './server-process'
import { captureListOverhead, timeListOverhead } from './list-overhead'

const { values } = parseArgs({
  options: {
    accounts: { type: 'string', default: '300000' },
    /** Drop and regenerate BENCH_DB even when it holds a dataset of the asked size. */
    fresh: { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'pglite-mode': { type: 'string', default: 'worker' },
    only: { type: 'string' },
    'import-lines': { type: 'string', default: '1000000' },
    /** Before the scenarios: statements of --import-lines lines imported through the API until this many lines stand. */
    'imported-lines': { type: 'string', default: '0' },
    'report-lines': { type: 'string', default: '10000000' },
    /** `--only support`: raw messages posted to the inbound-mail webhook. */
    'inbound-messages': { type: 'string', default: '1000' },
    /** `--only catalogue-ops`: rows of the catalogue CSV ingested (audio fetch off) before the CMS export of the whole catalogue. */
    'ingest-rows': { type: 'string', default: '100000' },
    /** `--only catalogue-ops` on PostgreSQL: releases are made live until this many tracks are exportable (0: as the dataset is). */
    'export-tracks': { type: 'string', default: '0' },
    /** --only fanblast: the blast's size (tests/bench/fanblast.ts). */
    recipients: { type: 'string', default: '100000' },
    /** --only analytics: the trend report's lines, the fact rows seeded for the reads, tracks, timed runs per read (tests/bench/analytics.ts). */
    'trend-lines': { type: 'string', default: '1000000' },
    facts: { type: 'string', default: '20000000' },
    tracks: { type: 'string', default: '20000' },
    'read-runs': { type: 'string', default: '40' },
    /** --only discovery: the workspace's matches, tracks in discovery and the refresh's new matches (tests/bench/discovery.ts). */
    matches: { type: 'string', default: '1000000' },
    assets: { type: 'string', default: '300000' },
    'new-matches': { type: 'string', default: '100000' },
    /** --only discovery: the refresh is run once per batch size listed (matches per statement, comma-separated). */
    'refresh-batches': { type: 'string', default: '1000' },
    /** --only discovery / analytics: measure the data an earlier run generated instead of generating it again. */
    reuse: { type: 'boolean', default: false },
    /** The list endpoints against their own SQL (tests/bench/list-overhead.ts): timed pairs per list. */
    'overhead-runs': { type: 'string', default: '200' },
  },
})
const accounts = Number(values.accounts)
const duration = Number(values.duration)
const connections = Number(values.connections)
const pgliteMode = values['pglite-mode'] === 'inline' ? 'inline' : 'worker'
const root = path.resolve(import.meta.dirname, '../..')
const log = (message: string) => console.log(message)

// A fan blast needs no dataset and no server: it runs on a database of its own and exits.
if (values.only === 'fanblast') {
  const { runFanblastBench } = await import('./fanblast')
  await runFanblastBench({
    recipients: Number(values.recipients),
    log,
    pgliteMode: values['pglite-mode'] === 'inline' ? 'inline' : 'worker',
  })
  process.exit(0)
}

// Analytics, like the fan blast, runs on a database of its own and exits.
if (values.only === 'analytics') {
  const { runAnalyticsBench } = await import('./analytics')
  await runAnalyticsBench({
    lines: Number(values['trend-lines']),
    facts: Number(values.facts),
    tracks: Number(values.tracks),
    runs: Number(values['read-runs']),
    reuse: Boolean(values.reuse),
    log,
  })
  process.exit(0)
}

// Usage discovery's lists and refresh: a database of its own, no server (tests/bench/discovery.ts).
if (values.only === 'discovery') {
  const { runDiscoveryBench } = await import('./discovery')
  await runDiscoveryBench({
    matches: Number(values.matches),
    assets: Number(values.assets),
    newMatches: Number(values['new-matches']),
    refreshBatches: values['refresh-batches'].split(',').map(Number),
    reuse: Boolean(values.reuse),
    log,
  })
  process.exit(0)
}

async function prepareDatabase(): Promise<{ env: Record<string, string>; engine: string }> {
  const url = process.env.DATABASE_URL
  if (url) {
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    const name = (process.env.BENCH_DB ?? 'wl_admin_bench').replace(/[^a-z0-9_]/g, '')
    // Generating 300k accounts and 1M tracks takes minutes of a shared machine: a database that
    // already holds a dataset of the same size (its comment says which) is reused, migrated forward.
    const wanted = datasetLabel()
    const existing = await admin.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [name],
    )
    const reuse = !values.fresh && existing.rows[0]?.comment === wanted
    if (!reuse) {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.query(`create database ${name}`)
    }
    await admin.end()
    const benchUrl = new URL(url)
    benchUrl.pathname = `/${name}`
    const database = await openDatabase({ url: benchUrl.toString() })
    await migrateDatabase(database)
    if (reuse) {
      log(`Reusing ${name} (${wanted}); --fresh regenerates it.`)
    } else {
      await generateDataset(database, accounts, log)
      // The dataset's own writes are flushed before anything is measured: a checkpoint left for later
      // would write gigabytes back while the scenarios and the import run.
      await database.db.execute(sql`checkpoint`)
      await database.db.execute(sql.raw(`comment on database ${name} is '${wanted}'`))
    }
    await ensureBenchStaff(database)
    await database.close()
    return { env: { DATABASE_URL: benchUrl.toString() }, engine: 'postgres' }
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wl-bench-'))
  const database = await openDatabase({ dataDir, pgliteMode: 'inline' })
  await migrateDatabase(database)
  await generateDataset(database, accounts, log)
  await ensureBenchStaff(database)
  await database.close()
  return { env: { DATA_DIR: dataDir, DATABASE_URL: '', PGLITE_MODE: pgliteMode }, engine: `pglite-${pgliteMode}` }
}

/** What a reusable bench database must hold, as its comment records it. */
function datasetLabel(): string {
  return `bench dataset: ${accounts} accounts, ${benchReleaseCount(accounts)} releases, ${benchTrackCount(accounts)} tracks, ${benchPayoutCount()} payouts`
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...BENCH_ADMIN, issueToken: true }),
  })
  const body = (await response.json()) as { token?: string }
  if (!body.token) throw new Error(`bench sign-in failed: ${JSON.stringify(body)}`)
  return body.token
}

async function run(url: string, token: string, scenario: Scenario) {
  const result = await autocannon({
    url: `${url}${scenario.path}`,
    method: scenario.method,
    body: scenario.body ? JSON.stringify(scenario.body) : undefined,
    headers: { 'content-type': 'application/json', ...(scenario.authenticated ? { authorization: `Bearer ${token}` } : {}) },
    connections: scenario.connections ?? connections,
    duration,
  })
  const failures = result.non2xx + result.errors + result.timeouts
  return {
    scenario: scenario.name,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p95: result.latency.p97_5 !== undefined ? percentile(result, 95) : result.latency.p90,
    p99: result.latency.p99,
    failures,
  }
}

/** autocannon reports fixed percentiles; p95 sits between its p90 and p97.5. */
function percentile(result: autocannon.Result, _p: 95): number {
  const { p90, p97_5 } = result.latency
  return Math.round((p90 + (p97_5 - p90) * (5 / 7.5)) * 100) / 100
}

const started = Date.now()
// The machine's speed beside every run: figures from a busy shared machine are read against it.
const machineBefore = await measureMachine(process.env.DATABASE_URL)
log(`Machine: ${JSON.stringify(machineBefore)}`)
log(`Dataset: ${accounts.toLocaleString()} accounts…`)
const { env, engine } = await prepareDatabase()
const wantsSupport = !values.only || values.only.split(',').includes('support')
if (wantsSupport) {
  // Tickets are topped up separately from the dataset (its label and reuse are other areas'), before the server holds the database.
  const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR, pgliteMode: 'inline' })
  await generateTickets(database, log)
  await database.close()
  env.SUPPORT_INBOUND_SECRET = BENCH_INBOUND_SECRET
}
log(`Dataset ready in ${Math.round((Date.now() - started) / 1000)} s.`)
if (values.only === 'dataset') process.exit(0)
let listOverhead
let listCapture
const listScenarios = SCENARIOS.filter((scenario) => scenario.list)
if (!values.only || values.only.split(',').includes('list-overhead')) {
  // Recorded before the server starts, on an app in this process on the same database (PGlite's
  // data directory admits one process at a time); timed against the server on PostgreSQL.
  log(`List endpoints against their own SQL, ${values['overhead-runs']} alternate runs each (limit: 1.5 × raw + 1 ms, p50):`)
  listCapture = await captureListOverhead({ env, scenarios: listScenarios, runs: Number(values['overhead-runs']), log })
  listOverhead = listCapture.rows
}
log(`Starting the server on ${engine}…`)
const wantsFrontend = !values.only || values.only.split(',').includes('frontend')
if (wantsFrontend) {
  // The front end is measured as built now: production build, precompressed assets.
  log('Building the client for the front-end bench…')
  const built = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (built.status !== 0) throw new Error('vite build failed')
}
let server = await startServer(env)
try {
  const token = await signIn(server.url)
  const imported = Number(values['imported-lines'])
  if (imported > 0) {
    const per = Number(values['import-lines'])
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wl-bench-imported-'))
    log(`Importing ${imported.toLocaleString()} statement lines through the API, ${per.toLocaleString()} a month before 2026-05…`)
    for (let index = 0; index * per < imported; index += 1) {
      const at = new Date(Date.UTC(2026, 3 - index, 1))
      const month = `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`
      const done = await measureStatementImport(server.url, token, { lines: per, catalogue: benchTrackCount(accounts), dir, month })
      log(`  ${month}: ${done.lines.toLocaleString()} lines, ${done.linesPerSecond.toLocaleString()} lines/s end to end`)
    }
  }
  if (listCapture && !listOverhead) {
    listOverhead = await timeListOverhead({
      url: server.url,
      token,
      databaseUrl: env.DATABASE_URL,
      scenarios: listScenarios,
      recorded: listCapture.recorded,
      runs: Number(values['overhead-runs']),
      log,
    })
  }
  const rows = []
  for (const scenario of SCENARIOS.filter((s) => !values.only || values.only.split(',').includes(s.name))) {
    const row = await run(server.url, token, scenario)
    rows.push(row)
    log(
      `  ${row.scenario.padEnd(22)} p50 ${String(row.p50).padStart(6)} ms   p95 ${String(row.p95).padStart(6)} ms   p99 ${String(row.p99).padStart(6)} ms   ${String(row.rps).padStart(6)} req/s${row.failures ? `   ${row.failures} failed` : ''}`,
    )
  }
  const only = values.only?.split(',') ?? null
  let statementImport
  if (!only || only.includes('import')) {
    const lines = Number(values['import-lines'])
    log(`Statement import: ${lines.toLocaleString()} lines, written to disk, uploaded, dry run, committed…`)
    statementImport = await measureStatementImport(server.url, token, {
      lines,
      catalogue: benchTrackCount(accounts),
      serverPid: server.child.pid,
      dir: mkdtempSync(path.join(os.tmpdir(), 'wl-bench-statement-')),
    })
    log(
      `  ${statementImport.lines.toLocaleString()} lines (${statementImport.fileMb} MB): upload ${statementImport.uploadMs} ms, dry run ${statementImport.dryRunMs} ms, commit ${statementImport.commitMs} ms; ${statementImport.linesPerSecond.toLocaleString()} lines/s end to end; server peak RSS ${statementImport.peakRssMb ?? '?'} MB; load average ${statementImport.loadAverage} on ${os.cpus().length} CPUs`,
    )
  }
  let support
  if (wantsSupport) {
    log('Support desk: the ticket list at load, then inbound mail through the webhook…')
    support = await measureSupport(server.url, token, { duration, connections, messages: Number(values['inbound-messages']), log })
  }
  let catalogueOps
  if (!only || only.includes('catalogue-ops')) {
    log(
      `Catalogue operations: ingestion of ${Number(values['ingest-rows']).toLocaleString()} rows (audio fetch off), then a CMS export of the catalogue…`,
    )
    catalogueOps = await measureCatalogueOps(server.url, token, {
      rows: Number(values['ingest-rows']),
      accounts,
      serverPid: server.child.pid,
      dir: mkdtempSync(path.join(os.tmpdir(), 'wl-bench-catalogue-')),
      log,
      exportTracks: Number(values['export-tracks']),
      databaseUrl: env.DATABASE_URL || undefined,
      // The export on a server of its own, so its peak RSS is not the ingestion's.
      restart: async () => {
        const stopped = new Promise((resolve) => server.child.once('exit', resolve))
        server.child.kill('SIGTERM')
        await stopped
        server = await startServer(env, { build: false })
        return { url: server.url, token: await signIn(server.url), pid: server.child.pid }
      },
    })
  }
  let frontend
  if (wantsFrontend) {
    log('Front end in Chromium (cold cache each run): first list, list → list, record, palette…')
    frontend = await measureFrontend(server.url, BENCH_STAFF, { runs: 5, log, yardstick: true })
    log(describeFrontend(frontend))
  }
  const palette = measurePalette(5000)
  log(
    `Palette: filtering ${palette.commands} commands per keystroke: p50 ${palette.p50Micros} µs, p99 ${palette.p99Micros} µs, max ${palette.maxMicros} µs (a frame is 16,667 µs)`,
  )
  let stall
  if (!process.env.DATABASE_URL && (!only || only.includes('stall'))) {
    log('PGlite: what a 15M-row aggregate costs a request that needs no database:')
    stall = [await measureStall('inline'), await measureStall('worker')]
    for (const row of stall) {
      log(
        `  ${row.mode.padEnd(7)} query ${row.slowQueryMs} ms; ${row.plainRequests} plain requests meanwhile, p50 ${row.plainRequestP50Ms} ms, max ${row.plainRequestMaxMs} ms`,
      )
    }
  }
  let siteReport
  if (!only || only.includes('reports')) {
    const lines = Number(values['report-lines'])
    log(`Site report: raw data over ${lines.toLocaleString()} statement lines, streamed to a file…`)
    siteReport = await measureRawDataReport({ lines, log })
    log(describeReportBench(siteReport))
  }
  const results = {
    at: new Date().toISOString(),
    engine,
    accounts,
    releases: benchReleaseCount(accounts),
    tracks: benchTrackCount(accounts),
    payouts: benchPayoutCount(),
    machine: { before: machineBefore, after: await measureMachine(process.env.DATABASE_URL) },
    duration,
    connections,
    cpus: os.cpus().length,
    node: process.version,
    scenarios: rows,
    listOverhead,
    frontend,
    palette,
    statementImport,
    stall,
    siteReport,
    support,
    catalogueOps,
  }
  mkdirSync(path.join(root, 'tests/bench/results'), { recursive: true })
  const file = path.join(root, 'tests/bench/results', `${results.at.replace(/[:.]/g, '-')}-${engine}.json`)
  writeFileSync(file, JSON.stringify(results, null, 2))
  log(`Saved ${path.relative(root, file)}`)
} finally {
  server.child.kill('SIGTERM')
}
