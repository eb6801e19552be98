// A site report over N statement lines (issue 8: 10M lines stream out without holding the file):
// the raw-data source is streamed by the report writer into a file while the process's RSS is
// sampled; prints rows/s, the file's size and the peak RSS above the baseline.
//
// `npx tsx tests/bench/reports.ts [--lines 200000]` alone (PGlite in a temporary directory, or
// PostgreSQL when DATABASE_URL is set: scratch database BENCH_REPORTS_DB), or through
// `npm run bench -- --only reports --report-lines 10000000`.
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { openDatabase, type Database } from '../../src/server/db/engine'
import { migrateDatabase } from '../../src/server/db/migrate'
import { writeCsvFile } from '../../src/server/csv-stream'
import { REPORT_SOURCES } from '../../src/domains/reports/server/sources'
import { BENCH_TENANT, generateDataset } from './dataset'

export interface ReportBenchResult {
  engine: string
  lines: number
  rows: number
  fileMb: number
  generateMs: number
  reportMs: number
  rowsPerSecond: number
  /** RSS before the report started and the highest seen while it ran, MB. */
  baselineRssMb: number
  peakRssMb: number
  /** Peak minus baseline: what the report itself held. */
  growthMb: number
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10

async function openScratch(): Promise<{ database: Database; engine: string; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL
  if (url) {
    const name = (process.env.BENCH_REPORTS_DB ?? 'wl_admin_bench_reports').replace(/[^a-z0-9_]/g, '')
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.query(`create database ${name}`)
    await admin.end()
    const benchUrl = new URL(url)
    benchUrl.pathname = `/${name}`
    return { database: await openDatabase({ url: benchUrl.toString() }), engine: 'postgres', drop: async () => undefined }
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wl-bench-reports-'))
  return {
    database: await openDatabase({ dataDir, pgliteMode: 'inline' }),
    engine: 'pglite-inline',
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  }
}

/** One committed import of `lines` statement lines over 12 months, matched to the bench catalogue, inserted by generate_series in chunks. */
async function generateLines(database: Database, lines: number, log: (message: string) => void): Promise<number> {
  const { db } = database
  const tenant = Number((await db.execute<{ id: number }>(sql`select id from tenants where slug = ${BENCH_TENANT}`)).rows[0].id)
  const { rows: ranges } = await db.execute<{ rmin: number; rcount: number; tmin: number; tcount: number }>(sql`
    select (select min(id) from releases where tenant_id = ${tenant}) as rmin, (select count(*) from releases where tenant_id = ${tenant})::int as rcount,
      (select min(id) from tracks where tenant_id = ${tenant}) as tmin, (select count(*) from tracks where tenant_id = ${tenant})::int as tcount`)
  const { rmin, rcount, tmin, tcount } = ranges[0]
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into statement_imports (tenant_id, source, status, file_name, content_hash, period, currency, exchange_rate, rows)
    values (${tenant}, 'audiosalad', 'committed', 'bench.csv', 'bench', '2025-01-01', 'USD', 1, ${lines}) returning id`)
  const importId = Number(rows[0].id)
  const chunk = 500_000
  const started = Date.now()
  for (let from = 1; from <= lines; from += chunk) {
    const to = Math.min(lines, from + chunk - 1)
    await db.execute(sql`
      insert into statement_lines (tenant_id, import_id, line_no, period, isrc, upc, title, artist, channel, territory, quantity, gross, net, net_base, track_id, release_id, matched_by)
      select ${tenant}, ${importId}, g, date '2025-01-01' + ((g % 12) * interval '1 month'), 'QZBEN' || lpad((g % 100000)::text, 7, '0'), null,
        'Track ' || (g % 1000), 'Artist ' || (g % 500), (array['Spotify','Apple Music','Amazon Music','Deezer','Tidal'])[1 + g % 5],
        (array['US','GB','DE','FR','BR','JP'])[1 + g % 6], 1 + g % 900, ((g % 5000000) / 1000000.0)::numeric(20,6),
        ((g % 5000000) / 1000000.0)::numeric(20,6), ((g % 5000000) / 1000000.0)::numeric(24,6),
        case when g % 20 = 19 then null else ${tmin}::bigint + g % ${tcount} end,
        case when g % 20 = 19 then null else ${rmin}::bigint + g % ${rcount} end,
        case when g % 20 = 19 then null else 'isrc' end
      from generate_series(${from}::int, ${to}::int) g`)
    log(`  lines ${to.toLocaleString()} / ${lines.toLocaleString()} (${Math.round((Date.now() - started) / 1000)} s)`)
  }
  await db.execute(sql`vacuum analyze statement_lines`)
  return tenant
}

export async function measureRawDataReport(options: { lines: number; log?: (message: string) => void }): Promise<ReportBenchResult> {
  const log = options.log ?? (() => undefined)
  const { database, engine, drop } = await openScratch()
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wl-bench-report-file-'))
  try {
    await migrateDatabase(database)
    const generateStarted = Date.now()
    await generateDataset(database, 2_000, log)
    const tenantId = await generateLines(database, options.lines, log)
    const generateMs = Date.now() - generateStarted
    const source = REPORT_SOURCES['raw-data']
    const file = path.join(dir, 'raw-data.csv')
    global.gc?.()
    const baseline = process.memoryUsage().rss
    let peak = baseline
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss)
    }, 50)
    const started = Date.now()
    let rows: number
    try {
      rows = await writeCsvFile(
        file,
        source.header,
        source.rows(database.db, { tenantId, accountId: null, from: null, to: null, params: {} }),
      )
    } finally {
      clearInterval(sampler)
    }
    peak = Math.max(peak, process.memoryUsage().rss)
    const reportMs = Date.now() - started
    return {
      engine,
      lines: options.lines,
      rows,
      fileMb: mb(statSync(file).size),
      generateMs,
      reportMs,
      rowsPerSecond: Math.round(rows / (reportMs / 1000)),
      baselineRssMb: mb(baseline),
      peakRssMb: mb(peak),
      growthMb: mb(peak - baseline),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
    await database.close()
    await drop()
  }
}

export function describeReportBench(result: ReportBenchResult): string {
  return `  raw-data site report on ${result.engine}: ${result.rows.toLocaleString()} rows (${result.fileMb} MB) in ${result.reportMs} ms, ${result.rowsPerSecond.toLocaleString()} rows/s; RSS ${result.baselineRssMb} MB before, peak ${result.peakRssMb} MB (+${result.growthMb} MB)`
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { lines: { type: 'string', default: '200000' } } })
  const lines = Number(values.lines)
  console.log(`Raw-data site report over ${lines.toLocaleString()} statement lines…`)
  const result = await measureRawDataReport({ lines, log: (message) => console.log(message) })
  if (result.rows !== lines) throw new Error(`expected ${lines} rows, the report wrote ${result.rows}`)
  console.log(describeReportBench(result))
}
