// The statement import end to end (issue 7: 1M lines at ≥100k lines/s on PostgreSQL, memory under
// 300 MB): a CSV of N lines is written to disk as a stream, uploaded through the API, read by the
// parse job (dry run), then committed; lines/s over the whole run and the server's peak RSS.
import { createWriteStream, openAsBlob, readFileSync, statSync } from 'node:fs'
import { once } from 'node:events'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

export interface ImportBenchResult {
  lines: number
  fileMb: number
  uploadMs: number
  dryRunMs: number
  commitMs: number
  totalMs: number
  linesPerSecond: number
  /** The server process's peak resident memory (VmHWM), MB. */
  peakRssMb: number | null
  matched: number
  unmatched: number
  /** The machine's 1-minute load average when the import ended: other work skews every figure. */
  loadAverage: number
  /** CPU seconds (user + system) the server process spent in the dry run (upload included) and in the commit. */
  serverCpuS: { dryRun: number; commit: number } | null
  /** The server's young-generation semi-space, MB (SERVER_SEMI_SPACE_MB; 2 by default, scripts/build-server.mjs). */
  semiSpaceMb: number
  /** BENCH_IMPORT_DRY_RUN_ONLY=1: the import was left in review (commitMs 0; lines/s is then the dry run's). */
  dryRunOnly: boolean
  /** The import's status polls during the dry run (one every 100 ms after the last answer): how long a request waited. */
  dryRunPollMs: { count: number; p50: number; p99: number; max: number }
  /** The server's resident memory once the dry run is in review (the reading thread ended). */
  rssAtReviewMb: number | null
  /** STATEMENT_READ_THREAD_MIN_BYTES as the server got it (null: the default). */
  readThreadMinBytes: string | null
  /**
   * The per-track rollups' fold after the commit (PostgreSQL; null when no fold job was queued, as
   * before session 38): its job's own time and rows, and from the commit's answer to the job done.
   */
  fold: { jobMs: number; rows: number; doneAfterCommitMs: number } | null
}

export const TRACK_FOLD_JOB = 'earnings.track-fold'

/** The bench database's URL as run.ts makes it (DATABASE_URL with BENCH_DB), or null on PGlite. */
function benchDatabaseUrl(): string | null {
  const url = process.env.DATABASE_URL
  if (!url) return null
  const bench = new URL(url)
  bench.pathname = `/${(process.env.BENCH_DB ?? 'wl_admin_bench').replace(/[^a-z0-9_]/g, '')}`
  return bench.toString()
}

/** Waits for the fold job the commit queued (jobs newer than `afterJobId`) and reads its own time. */
async function awaitFold(afterJobId: number, committedAt: number): Promise<ImportBenchResult['fold']> {
  const url = benchDatabaseUrl()
  if (!url) return null
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    for (;;) {
      const { rows } = await client.query<{ status: string; result: { rows?: number; ms?: number } | null; last_error: string | null }>(
        `select status, result, last_error from jobs where type = $1 and id > $2 order by id limit 1`,
        [TRACK_FOLD_JOB, afterJobId],
      )
      const job = rows[0]
      if (!job) return null
      if (job.status === 'failed') throw new Error(`the fold job failed: ${job.last_error}`)
      if (job.status === 'done')
        return { jobMs: Number(job.result?.ms ?? 0), rows: Number(job.result?.rows ?? 0), doneAfterCommitMs: Date.now() - committedAt }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  } finally {
    await client.end()
  }
}

/** The newest job's id before the commit, so the fold it queues is found (0 on PGlite). */
async function lastJobId(): Promise<number> {
  const url = benchDatabaseUrl()
  if (!url) return 0
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ id: string | null }>(`select max(id)::text as id from jobs`)
    return Number(rows[0]?.id ?? 0)
  } finally {
    await client.end()
  }
}

function quantiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0)
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: Math.round(sorted[sorted.length - 1] ?? 0) }
}

function rss(pid: number | undefined): number | null {
  if (!pid || os.platform() !== 'linux') return null
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  return kb ? Math.round(Number(kb) / 1024) : null
}

const STORES = ['Spotify', 'Apple Music', 'Amazon Music', 'Deezer', 'Tidal', 'Merlin', 'YouTube Music', '']
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'BR', 'MX', 'JP', 'NG', 'IN', 'CA']

/** Writes an AudioSalad-style statement: most lines match the bench catalogue's ISRCs, 1 in 20 nothing. */
export async function writeStatement(file: string, lines: number, catalogue: number, month: string): Promise<void> {
  const out = createWriteStream(file)
  out.write('Sale Month,Store,Country,UPC,ISRC,Track Title,Artist,Quantity,Gross,Net,Currency\n')
  // A reused bench database already holds the statements of earlier runs, and the same file is
  // refused while its import stands: one unmatched line names this run.
  let batch = `${month},Spotify,US,,QZRUN${Date.now().toString(36).toUpperCase().slice(-7)},Bench run,Bench,1,0.000001,0.000001,USD\n`
  for (let index = 0; index < lines; index += 1) {
    const release = (index % catalogue) + 1
    const isrc =
      index % 20 === 19
        ? `QZNOT${String(index % 10_000_000).padStart(7, '0')}`
        : `QZBEN${String(Math.floor(release / 100_000) % 100).padStart(2, '0')}${String(release % 100_000).padStart(5, '0')}`
    const micros = 1000 + ((index * 7919) % 5_000_000)
    const net = `${Math.floor(micros / 1_000_000)}.${String(micros % 1_000_000).padStart(6, '0')}`
    batch += `${month},${STORES[index % STORES.length]},${COUNTRIES[index % COUNTRIES.length]},,${isrc},Track ${release},Artist ${release},${(index % 900) + 1},${net},${net},USD\n`
    if (batch.length > 1 << 20) {
      if (!out.write(batch)) await once(out, 'drain')
      batch = ''
    }
  }
  out.end(batch)
  await once(out, 'finish')
}

function peakRss(pid: number | undefined): number | null {
  if (!pid || os.platform() !== 'linux') return null
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1]
  return kb ? Math.round(Number(kb) / 1024) : null
}

/** CPU seconds (user + system) a process has used so far, from /proc; null off Linux. */
function cpuSeconds(pid: number | undefined): number | null {
  if (!pid || os.platform() !== 'linux') return null
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

export async function measureStatementImport(
  url: string,
  token: string,
  options: { lines: number; catalogue: number; serverPid?: number; dir: string; month?: string },
): Promise<ImportBenchResult> {
  const month = options.month ?? '2026-05'
  const file = path.join(options.dir, `statement-${options.lines}.csv`)
  await writeStatement(file, options.lines, options.catalogue, month)
  const headers = { authorization: `Bearer ${token}` }
  const dryRunOnly = process.env.BENCH_IMPORT_DRY_RUN_ONLY === '1'
  const cpuAtStart = cpuSeconds(options.serverPid)
  const started = Date.now()
  const form = new FormData()
  form.append('period', month)
  form.append('currency', 'USD')
  form.append('file', await openAsBlob(file, { type: 'text/csv' }), 'bench-statement.csv')
  const uploaded = await fetch(`${url}/api/earnings/import/audiosalad`, { method: 'POST', headers, body: form })
  if (uploaded.status !== 202) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`)
  const { id } = (await uploaded.json()) as { id: number }
  const uploadedAt = Date.now()
  let detail: { status: string; error: string | null; rows: number; matched: number; unmatched: number }
  // Each poll's time: how long any request waited on the server while the file was read.
  const pollMs: number[] = []
  for (;;) {
    const polled = performance.now()
    detail = (await (await fetch(`${url}/api/earnings/imports/${id}`, { headers })).json()) as typeof detail
    pollMs.push(performance.now() - polled)
    if (!['uploaded', 'parsing'].includes(detail.status)) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  if (detail.status !== 'review') throw new Error(`the dry run ended ${detail.status}: ${detail.error}`)
  const reviewedAt = Date.now()
  const cpuAtReview = cpuSeconds(options.serverPid)
  const rssAtReviewMb = rss(options.serverPid)
  const jobsBefore = dryRunOnly ? 0 : await lastJobId()
  if (!dryRunOnly) {
    const committed = await fetch(`${url}/api/earnings/imports/${id}/commit`, { method: 'POST', headers })
    if (!committed.ok) throw new Error(`commit answered ${committed.status}: ${await committed.text()}`)
  }
  const done = Date.now()
  const cpuAtEnd = cpuSeconds(options.serverPid)
  const fold = dryRunOnly ? null : await awaitFold(jobsBefore, done)
  if (fold)
    console.log(
      `  fold of the per-track rollups (job, after the commit): ${fold.rows.toLocaleString()} pending rows in ${fold.jobMs} ms; done ${fold.doneAfterCommitMs} ms after the commit answered`,
    )
  return {
    lines: detail.rows,
    fileMb: Math.round(statSync(file).size / 1024 / 1024),
    uploadMs: uploadedAt - started,
    dryRunMs: reviewedAt - uploadedAt,
    commitMs: done - reviewedAt,
    totalMs: done - started,
    linesPerSecond: Math.round(detail.rows / ((done - started) / 1000)),
    peakRssMb: peakRss(options.serverPid),
    matched: detail.matched,
    unmatched: detail.unmatched,
    loadAverage: Math.round(os.loadavg()[0] * 10) / 10,
    serverCpuS:
      cpuAtStart === null || cpuAtReview === null || cpuAtEnd === null
        ? null
        : { dryRun: Math.round((cpuAtReview - cpuAtStart) * 10) / 10, commit: Math.round((cpuAtEnd - cpuAtReview) * 10) / 10 },
    semiSpaceMb: Number(process.env.SERVER_SEMI_SPACE_MB) || 2,
    dryRunOnly,
    dryRunPollMs: quantiles(pollMs),
    rssAtReviewMb,
    readThreadMinBytes: process.env.STATEMENT_READ_THREAD_MIN_BYTES ?? null,
    fold,
  }
}
