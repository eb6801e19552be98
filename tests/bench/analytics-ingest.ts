// The trend ingestion of the analytics bench (tests/bench/analytics.ts): a stored report through the
// real path (createTrendImport with the spooled file, the parse job's work, commit). On PostgreSQL
// the bench runs this file as a child process that loads only the import code, so the peak memory
// it reports (VmHWM) is the ingestion's and not the bench's (tsx and every scenario module):
//   node --import tsx tests/bench/analytics-ingest.ts '<json IngestArgs>'
// and it prints one line of JSON (IngestFigures).
import { closeSync, openSync, readFileSync, readSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../../src/server/db/engine'
import { FileStore } from '../../src/server/storage/file-store'
import { LocalStorage } from '../../src/server/storage/backends'
import { JobRunner } from '../../src/server/jobs/runner'
import type { Services } from '../../src/server/context'
import { commitTrendImport, createTrendImport, parseTrendImport } from '../../src/domains/analytics/server/trend-import'
import { statisticsRefreshed } from '../../src/domains/analytics/server/rollups'

export interface IngestArgs {
  tenant: number
  adminId: number
  file: string
  size: number
  sha256: string
  storeDir: string
}

export interface IngestFigures {
  status: string
  rows: number
  matched: number
  dryRunMs: number
  commitMs: number
  /** Resident set (MB) before the import started, and its peak: the kernel's VmRSS and VmHWM when known. */
  rssBeforeMb: number
  peakRssMb: number
  peakFrom: 'VmHWM' | 'sampled'
  /**
   * The rollups' statistics refresh the commit started without waiting (a first or large import:
   * rollups.ts refreshStatistics): how long after the commit's answer it ended, 0 when none ran.
   * The reads the bench times next run after it.
   */
  statisticsMs: number
  /** What each step of the dry run and the commit took (ms, summed when a step runs more than once). */
  steps: Record<string, number>
  /** The process's peak resident set (VmHWM, MB) when each step ended: where the peak was reached. */
  peakAfterStep: Record<string, number>
}

/** The kernel's figure for this process, in MB (Linux), else null. */
function procStatus(field: 'VmHWM' | 'VmRSS'): number | null {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))
    return match ? Math.round(Number(match[1]) / 1024) : null
  } catch {
    return null
  }
}

export async function ingestReport(services: Services, args: IngestArgs): Promise<IngestFigures> {
  const { db } = services
  const actor = { tenantId: args.tenant, actorAccountId: args.adminId, ip: null, requestId: 'bench' }
  // Only the head is in memory, as for a spooled upload.
  const head = Buffer.alloc(1 << 16)
  const fd = openSync(args.file, 'r')
  readSync(fd, head, 0, head.length, 0)
  closeSync(fd)
  const rssBeforeMb = procStatus('VmRSS') ?? Math.round(process.memoryUsage().rss / 1024 / 1024)
  let sampled = process.memoryUsage().rss
  const sampler = setInterval(() => {
    sampled = Math.max(sampled, process.memoryUsage().rss)
  }, 50)
  const steps: Record<string, number> = {}
  const peakAfterStep: Record<string, number> = {}
  const step = (name: string, ms: number) => {
    steps[name] = Math.round((steps[name] ?? 0) + ms)
    const peak = procStatus('VmHWM')
    if (peak !== null) peakAfterStep[name] = peak
  }
  const startedAt = performance.now()
  const created = await createTrendImport(
    services,
    actor,
    'spotify',
    { filename: 'spotify.csv', data: head, spooled: { path: args.file, size: args.size, sha256: args.sha256 } } as never,
    false,
  )
  step('upload (store and hash check)', performance.now() - startedAt)
  await parseTrendImport(services, args.tenant, created.id, { steps: step })
  const parsedAt = performance.now()
  await commitTrendImport(services, actor, created.id, { steps: step })
  const committedAt = performance.now()
  const refreshes = await statisticsRefreshed()
  const statisticsMs = refreshes ? Math.round(performance.now() - committedAt) : 0
  clearInterval(sampler)
  const hwm = procStatus('VmHWM')
  const [report] = (
    await db.execute<{ status: string; rows: number; matched: number }>(sql`
      select status, (report->>'rows')::int as rows, (report->>'matched')::int as matched from trend_imports where id = ${created.id}`)
  ).rows
  return {
    status: report.status,
    rows: Number(report.rows),
    matched: Number(report.matched),
    dryRunMs: Math.round(parsedAt - startedAt),
    commitMs: Math.round(committedAt - parsedAt),
    rssBeforeMb,
    peakRssMb: hwm ?? Math.round(Math.max(sampled, process.memoryUsage().rss) / 1024 / 1024),
    peakFrom: hwm === null ? 'sampled' : 'VmHWM',
    statisticsMs,
    steps,
    peakAfterStep,
  }
}

export function ingestServices(database: Awaited<ReturnType<typeof openDatabase>>, storeDir: string): Services {
  return {
    db: database.db,
    database,
    files: new FileStore(new LocalStorage(path.join(storeDir, 'store'))),
    jobs: new JobRunner(database.db),
    now: () => new Date(),
  } as unknown as Services
}

// As a child process: the database's address in BENCH_INGEST_URL, the rest in the first argument.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const url = process.env.BENCH_INGEST_URL
  if (!url) throw new Error('BENCH_INGEST_URL is not set')
  const args = JSON.parse(process.argv[2]) as IngestArgs
  const database = await openDatabase({ url })
  const figures = await ingestReport(ingestServices(database, args.storeDir), args)
  await database.close()
  process.stdout.write(`${JSON.stringify(figures)}\n`)
  process.exit(0)
}
