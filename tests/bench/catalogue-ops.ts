// Catalogue operations (issue 19: ingestion of 100,000 rows at ≥ 5,000 rows/s under 300 MB, audio
// fetch off; a YouTube CMS export of 1M tracks at ≥ 50,000 rows/s under 200 MB). `npm run bench --
// --only catalogue-ops [--ingest-rows 100000] [--export-tracks 1000000]`: a catalogue CSV of N rows
// for the bench accounts is written to disk, uploaded, dry-run and committed through the API; then
// every exportable release of the bench catalogue is exported to CMS through the API. With
// --export-tracks (PostgreSQL), releases of the bench database that are not exportable are first
// made live (id order) until that many tracks are exportable: the dataset's exportable statuses
// hold 400,000 of its 1M tracks. Each figure is end to end (upload or queue to done) with the
// server's peak RSS; the export runs on a server started afresh after the ingestion (when the
// caller can restart it), so its peak is its own, beside that server's RSS before the export.
import { createWriteStream, openAsBlob, readFileSync, statSync } from 'node:fs'
import { once } from 'node:events'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { BENCH_TENANT } from './dataset'

export interface CatalogueOpsBenchResult {
  ingestion: { rows: number; fileMb: number; uploadMs: number; dryRunMs: number; commitMs: number; rowsPerSecond: number; committed: number; peakRssMb: number | null }
  cmsExport: {
    releases: number
    tracks: number
    ms: number
    rowsPerSecond: number
    peakRssMb: number | null
    /** The export's server before the export (after its start and sign-in), when it was started afresh for it. */
    startRssMb: number | null
    /** Releases made live before the export so that --export-tracks tracks were exportable. */
    madeLive: number
  }
  loadAverage: number
}

const HEADER = 'user_email,release_title,release_type,upc,label,genre,release_date,track_title,isrc,participants,explicit,status'

/** N rows: albums of 10 tracks for the bench accounts, no codes (drafts take none), no audio. */
export async function writeCatalogue(file: string, rows: number, accounts: number): Promise<void> {
  const out = createWriteStream(file)
  out.write(`${HEADER}\n`)
  let batch = ''
  for (let index = 0; index < rows; index += 1) {
    const release = Math.floor(index / 10)
    const account = 1 + ((release * 7919) % accounts)
    batch += `user${account}@bench.test,Bench Ingest ${release},Album,,Bench Records,Pop,2027-03-01,Track ${index},,Bench Artist ${account}:Primary Artist,no,draft\n`
    if (batch.length > 1 << 20) {
      if (!out.write(batch)) await once(out, 'drain')
      batch = ''
    }
  }
  out.end(batch)
  await once(out, 'finish')
}

function memory(pid: number | undefined, field: 'VmHWM' | 'VmRSS'): number | null {
  if (!pid || os.platform() !== 'linux') return null
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  return kb ? Math.round(Number(kb) / 1024) : null
}
const peakRss = (pid: number | undefined) => memory(pid, 'VmHWM')

/** Statuses the CMS export's `all` takes (exports.service.ts EXPORTABLE: accepted, exported, live, edited). */
const EXPORTABLE = [3, 4, 1, 7]

/**
 * Makes releases of the bench workspace live, in id order, until `tracks` tracks are exportable:
 * the bench's own scratch database only (its dataset's status mix leaves 400,000 of 1M exportable).
 */
async function makeExportable(databaseUrl: string, tracks: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: string }>(
      `select coalesce(sum(r.track_count), 0) as n from releases r join tenants t on t.id = r.tenant_id
        where t.slug = $1 and r.status = any($2::smallint[])`,
      [BENCH_TENANT, EXPORTABLE],
    )
    const missing = tracks - Number(rows[0].n)
    if (missing <= 0) return 0
    const made = await client.query(
      `with c as (
         select r.id, r.track_count, sum(r.track_count) over (order by r.id) as running
           from releases r join tenants t on t.id = r.tenant_id
          where t.slug = $1 and r.status <> all($2::smallint[]) and r.track_count > 0)
       update releases set status = 1 where id in (select id from c where running - track_count < $3)`,
      [BENCH_TENANT, EXPORTABLE, missing],
    )
    await client.query('analyze releases')
    return made.rowCount ?? 0
  } finally {
    await client.end()
  }
}

async function call<T>(url: string, token: string, method: string, pathname: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}/api/${pathname}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${pathname} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as T
}

async function until<T extends { status: string }>(read: () => Promise<T>, done: (row: T) => boolean): Promise<T> {
  for (;;) {
    const row = await read()
    if (done(row)) return row
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

export async function measureCatalogueOps(
  url: string,
  token: string,
  options: {
    rows: number
    accounts: number
    serverPid?: number
    dir: string
    log: (message: string) => void
    /** Tracks to make exportable before the export (PostgreSQL: the bench database's URL is needed). */
    exportTracks?: number
    databaseUrl?: string
    /** Starts the server afresh (the old one stopped) for the export, so its memory is the export's own. */
    restart?: () => Promise<{ url: string; token: string; pid: number | undefined }>
  },
): Promise<CatalogueOpsBenchResult> {
  const { log } = options
  const file = path.join(options.dir, 'catalogue.csv')
  await writeCatalogue(file, options.rows, options.accounts)
  const form = new FormData()
  form.set('fetchAudio', 'false')
  form.set('file', await openAsBlob(file, { type: 'text/csv' }), 'catalogue.csv')
  const started = performance.now()
  const uploaded = await fetch(`${url}/api/releases/import/catalog-ingestion`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
  const uploadMs = Math.round(performance.now() - started)
  if (uploaded.status !== 202) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`)
  const { id } = (await uploaded.json()) as { id: number }
  type Ingestion = { status: string; good: number; bad: number; committed: number; error: string | null }
  const single = () => call<Ingestion>(url, token, 'GET', `releases/catalog-ingestion/single/${id}`)
  const dry = await until(single, (row) => !['uploaded', 'parsing'].includes(row.status))
  const dryRunMs = Math.round(performance.now() - started)
  if (dry.status !== 'review') throw new Error(`dry run ended ${dry.status}: ${dry.error}`)
  const committing = performance.now()
  await call(url, token, 'POST', 'releases/catalog-ingestion/import', { id })
  const done = await until(single, (row) => row.status !== 'committing')
  const commitMs = Math.round(performance.now() - committing)
  const ingestion = {
    rows: options.rows,
    fileMb: Math.round((statSync(file).size / 1024 / 1024) * 10) / 10,
    uploadMs,
    dryRunMs,
    commitMs,
    rowsPerSecond: Math.round(options.rows / ((dryRunMs + commitMs) / 1000)),
    committed: done.committed,
    peakRssMb: peakRss(options.serverPid),
  }
  log(
    `  ingestion: ${ingestion.rows.toLocaleString()} rows (${ingestion.fileMb} MB), dry run ${dryRunMs} ms (its upload ${uploadMs} ms), commit ${commitMs} ms: ${ingestion.rowsPerSecond.toLocaleString()} rows/s end to end, ${done.committed.toLocaleString()} committed; server peak RSS ${ingestion.peakRssMb ?? '?'} MB`,
  )

  let madeLive = 0
  if (options.exportTracks && options.databaseUrl) {
    madeLive = await makeExportable(options.databaseUrl, options.exportTracks)
    log(`  made ${madeLive.toLocaleString()} releases live so that ${options.exportTracks.toLocaleString()} tracks are exportable`)
  }
  let exportServer = { url, token, pid: options.serverPid }
  if (options.restart) exportServer = await options.restart()
  const startRssMb = options.restart ? memory(exportServer.pid, 'VmRSS') : null
  const exportStarted = performance.now()
  const queued = await call<{ id: number }>(exportServer.url, exportServer.token, 'POST', 'releases/export/cms', { all: true })
  type Export = { status: string; releases: number; tracks: number; error: string | null }
  const exported = await until(
    () => call<Export>(exportServer.url, exportServer.token, 'GET', `releases/export/single/${queued.id}`),
    (row) => row.status === 'done' || row.status === 'failed',
  )
  const ms = Math.round(performance.now() - exportStarted)
  if (exported.status !== 'done') throw new Error(`CMS export failed: ${exported.error}`)
  const cmsExport = {
    releases: exported.releases,
    tracks: exported.tracks,
    ms,
    rowsPerSecond: Math.round(exported.tracks / (ms / 1000)),
    peakRssMb: peakRss(exportServer.pid),
    startRssMb,
    madeLive,
  }
  log(
    `  CMS export: ${cmsExport.releases.toLocaleString()} releases, ${cmsExport.tracks.toLocaleString()} tracks in ${ms} ms: ${cmsExport.rowsPerSecond.toLocaleString()} rows/s; server peak RSS ${cmsExport.peakRssMb ?? '?'} MB${startRssMb === null ? '' : ` (a server started for the export, ${startRssMb} MB before it)`}`,
  )
  return { ingestion, cmsExport, loadAverage: Math.round(os.loadavg()[0] * 100) / 100 }
}
