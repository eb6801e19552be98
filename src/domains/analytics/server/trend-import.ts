import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import {
  TREND_IMPORT_STATUS_LABELS,
  TREND_MAX_BYTES,
  trendImportReport,
  type TrendImportDetail,
  type TrendImportReport,
  type TrendImportRow,
  type TrendImportStatus,
} from '@contract/analytics'
import type { UploadedFile } from '@contract/index'
import {
  TrendFormatError,
  analyticsPlatform,
  resolveTrendColumns,
  trendLineReader,
  type TrendLine,
} from '@core/analytics-platforms'
import type { AuthedContext, Services } from '@server/context'
import type { PoolClient } from 'pg'
import { afterCommit, detachFromTransaction, type Db, type Queryable } from '@server/db/engine'
import { countCapped, pageMeta } from '@server/db/paging'
import { actorOf, auditedMutation, type AuditActor, type Mutation } from '@server/audit'
import { HttpError, conflict, notFound } from '@server/errors'
import { csvHeaderRow } from '@server/csv-upload'
import { FileStore } from '@server/storage/file-store'
import { trendImports } from './schema'
import { ensureFactPartitions, matchPending, platformDims, refreshStatistics, rollUpImport, statisticsStale } from './rollups'
import { dropStage, stageTally, writeStage } from './trend-stage'
import { CsvReader } from './trend-csv'
import { copyFrom, copyText } from '@server/db/copy'
import { dimsDictionary, lineEncoder, type LineCode } from './trend-copy'

// A trend report's import, the statement import's path (docs/analytics.md): the upload is checked
// by content and header, stored, hashed (a file twice is refused while its import stands) and
// queued; the parse job streams it into trend_facts and writes the dry run; commit rolls the
// matched lines up in one transaction; cancel drops the lines.

export const TREND_PARSE_JOB = 'analytics.import.parse'
export const NO_IMPORT = 'This trend import does not exist.'
const ENTITY = 'trendImport'
/** Lines read before they are sent to the database (a COPY chunk, or one insert on PGlite). */
const BATCH = 5_000

export type TrendActor = AuditActor & { tenantId: number }

const uploadError = (status: number, message: string) => new HttpError(status, message, 'validation', { file: message })

async function standingImport(db: Queryable, tenantId: number, hash: string): Promise<number | null> {
  const { rows } = await db.execute<{ id: number }>(sql`
    select id from trend_imports where tenant_id = ${tenantId} and content_hash = ${hash}
      and status not in ('cancelled', 'failed') limit 1`)
  return rows[0] ? Number(rows[0].id) : null
}

const duplicate = (id: number) => conflict(`This file was already imported (trend import #${id}).`)

function formatOf(platform: string) {
  const entry = analyticsPlatform(platform)
  if (!entry?.format) throw uploadError(400, 'This platform has no trend report format.')
  return { label: entry.label, format: entry.format }
}

/** Stores a trend report and queues its dry run (the upload call and the demo seeder). */
export async function createTrendImport(
  services: Services,
  actor: TrendActor,
  platform: string,
  file: Pick<UploadedFile, 'filename' | 'data' | 'spooled'>,
  queue = true,
): Promise<{ id: number; status: TrendImportStatus }> {
  const { db } = services
  const tenantId = actor.tenantId
  const { label, format } = formatOf(platform)
  const size = file.spooled?.size ?? file.data.length
  if (size === 0) throw uploadError(400, 'The file is empty.')
  if (!FileStore.isText(file.data, size > file.data.length)) throw uploadError(415, 'The file must be a CSV file.')
  try {
    resolveTrendColumns(format, csvHeaderRow(file.data), label)
  } catch (error) {
    if (error instanceof TrendFormatError) throw uploadError(400, error.message)
    throw error
  }
  const hash = file.spooled?.sha256 ?? createHash('sha256').update(file.data).digest('hex')
  const existing = await standingImport(db, tenantId, hash)
  if (existing) throw duplicate(existing)
  try {
    return await auditedMutation({ db, actor }, { action: 'analytics.import.upload', entityType: ENTITY }, async (tx) => {
      const what = {
        tenantId,
        purpose: 'trends',
        originalName: file.filename || `${platform}-trends.csv`,
        kind: 'csv' as const,
        maxBytes: TREND_MAX_BYTES,
        createdBy: actor.actorAccountId,
      }
      const stored = await services.files.saveUpload(tx, what, file)
      const { rows } = await tx.execute<{ id: number }>(sql`
        insert into trend_imports (tenant_id, platform, status, file_id, file_name, content_hash, created_by)
        values (${tenantId}, ${platform}, 'uploaded', ${stored.id}, ${stored.originalName}, ${hash}, ${actor.actorAccountId})
        returning id`)
      const id = Number(rows[0].id)
      if (queue) {
        const jobId = await services.jobs.enqueue(tx, {
          type: TREND_PARSE_JOB,
          tenantId,
          createdBy: actor.actorAccountId,
          payload: { tenantId, importId: id },
          maxAttempts: 3,
        })
        await tx.execute(sql`update trend_imports set job_id = ${jobId} where id = ${id}`)
      }
      return { result: { id, status: 'uploaded' as const }, entityId: id, after: { platform, fileName: stored.originalName } }
    })
  } catch (error) {
    // Two uploads of one file at once: the partial unique index lets one through.
    if ((error as { code?: string }).code === '23505') {
      const standing = await standingImport(db, tenantId, hash)
      if (standing) throw duplicate(standing)
    }
    throw error
  }
}

export function uploadTrends(ctx: AuthedContext, platform: string, file: UploadedFile | undefined) {
  if (!file) throw uploadError(400, 'Please provide the file.')
  return createTrendImport(ctx.services, actorIn(ctx), platform, file)
}

// ---------------------------------------------------------------------------------------------
// The parse job

class ImportFailure extends Error {}

async function claim(db: Db, tenantId: number, importId: number, jobId: number | null) {
  const { rows } = await db.execute<{ platform: string; file_id: number | null }>(sql`
    update trend_imports set status = 'parsing', error = null
    where id = ${importId} and tenant_id = ${tenantId}
      and (status = 'uploaded' or (status = 'parsing' and job_id is not null and job_id = ${jobId ?? 0}))
    returning platform, file_id`)
  return rows[0] ? { platform: rows[0].platform, fileId: rows[0].file_id === null ? null : Number(rows[0].file_id) } : null
}

async function dropFacts(db: Queryable, importId: number) {
  await db.execute(sql`delete from trend_facts where import_id = ${importId}`)
  await dropStage(db, importId)
}

interface Read {
  rows: number
  from: string | null
  to: string | null
  errors: { count: number; first: { line: number; message: string }[] }
}

/** A batch of readable lines on its way to the stage. */
interface Batch {
  lines: number[]
  values: TrendLine[]
}

/**
 * Streams the stored file's records, read as lines, in batches of about BATCH; unreadable lines are
 * counted in `read` and skipped. Holds one chunk of the file and one batch.
 */
async function* readBatches(
  stream: NodeJS.ReadableStream,
  platform: string,
  read: Read,
  months: Set<string>,
  signal?: AbortSignal,
): AsyncGenerator<Batch> {
  const { label, format } = formatOf(platform)
  const reader = new CsvReader()
  let line: ((record: readonly string[]) => TrendLine) | null = null
  const days = new Set<string>()
  let batch: Batch = { lines: [], values: [] }
  const sink = (record: string[], at: number) => {
    if (!line) {
      try {
        line = trendLineReader(resolveTrendColumns(format, record, label))
      } catch (error) {
        throw new ImportFailure((error as Error).message)
      }
      return
    }
    try {
      const value = line(record)
      read.rows += 1
      if (!days.has(value.day)) {
        days.add(value.day)
        months.add(value.day.slice(0, 7))
        if (!read.from || value.day < read.from) read.from = value.day
        if (!read.to || value.day > read.to) read.to = value.day
      }
      batch.lines.push(at)
      batch.values.push(value)
    } catch (error) {
      if (!(error instanceof TrendFormatError)) throw error
      read.errors.count += 1
      if (read.errors.first.length < 20) read.errors.first.push({ line: at, message: error.message })
    }
  }
  for await (const chunk of stream) {
    if (signal?.aborted) throw new ImportFailure('The import was stopped.')
    reader.push(chunk as Buffer, sink)
    if (batch.lines.length >= BATCH) {
      yield batch
      batch = { lines: [], values: [] }
    }
  }
  reader.end(sink)
  if (batch.lines.length) yield batch
}

/** What a step of the dry run or the commit took (ms), for the bench (tests/bench/analytics-ingest.ts). */
export type StepTimer = (step: string, ms: number) => void

/** Times `work` as `step` when a timer is given. */
export async function timed<T>(steps: StepTimer | undefined, step: string, work: () => Promise<T>): Promise<T> {
  if (!steps) return work()
  const at = performance.now()
  try {
    return await work()
  } finally {
    steps(step, performance.now() - at)
  }
}

/**
 * The ISRCs of a report matched to the workspace's tracks (the first track of an ISRC, as
 * matchPending), looked up once each, a batch's new ISRCs in one statement (tracks_tenant_isrc_idx).
 * Holds one entry per distinct ISRC of the file.
 */
function isrcMatcher(lookup: PoolClient, tenantId: number) {
  const known = new Map<string, number | null>()
  return async (batch: Batch): Promise<(number | null)[]> => {
    const fresh = new Set<string>()
    for (const value of batch.values) if (value.isrc !== null && !known.has(value.isrc)) fresh.add(value.isrc)
    if (fresh.size) {
      const isrcs = [...fresh]
      const { rows } = await lookup.query<{ isrc: string; id: number }>(
        'select isrc, min(id) as id from tracks where tenant_id = $1 and isrc = any($2::text[]) group by isrc',
        [tenantId, isrcs],
      )
      for (const isrc of isrcs) known.set(isrc, null)
      for (const row of rows) known.set(row.isrc, Number(row.id))
    }
    return batch.values.map((value) => (value.isrc === null ? null : known.get(value.isrc)!))
  }
}

/** The dry run's report, summed as the lines go by (nothing is read back from the database). */
function reportTally() {
  const tally = { rows: 0, matched: 0, streams: 0, matchedStreams: 0, artificial: 0 }
  const countries = new Set<string>()
  const unmatched = new Map<string, { rows: number; streams: number }>()
  return {
    add(batch: Batch, tracks: readonly (number | null)[]) {
      for (let index = 0; index < batch.values.length; index += 1) {
        const v = batch.values[index]
        tally.rows += 1
        tally.streams += v.streams
        tally.artificial += v.artificial
        if (v.country !== null) countries.add(v.country)
        if (tracks[index] !== null) {
          tally.matched += 1
          tally.matchedStreams += v.streams
        } else {
          const key = v.isrc ?? v.trackId ?? ''
          const entry = unmatched.get(key)
          if (entry) {
            entry.rows += 1
            entry.streams += v.streams
          } else unmatched.set(key, { rows: 1, streams: v.streams })
        }
      }
    },
    report(read: Read): TrendImportReport {
      const { rows, matched } = tally
      // Most streams first, ties by key (a plain comparison: ISRCs and store ids are ASCII).
      const topUnmatched = [...unmatched]
        .sort(([a, x], [b, y]) => y.streams - x.streams || (a < b ? -1 : a > b ? 1 : 0))
        .slice(0, 10)
        .map(([key, entry]) => ({ key, rows: entry.rows, streams: entry.streams }))
      return {
        rows,
        matched,
        unmatched: rows - matched,
        matchRate: rows ? Math.round((matched / rows) * 10_000) / 100 : 0,
        streams: tally.streams,
        matchedStreams: tally.matchedStreams,
        artificial: tally.artificial,
        from: read.from,
        to: read.to,
        countries: countries.size,
        topUnmatched,
        errors: read.errors,
      }
    },
  }
}

/** A batch as rows of COPY's text format, in FACT_COLUMNS' order; `head` is the import's constant columns. */
function copyRows(head: string, platform: string, batch: Batch, { tracks, codes }: { tracks: readonly (number | null)[]; codes: readonly LineCode[] }): string {
  let text = ''
  for (let index = 0; index < batch.lines.length; index += 1) {
    const v = batch.values[index]
    const track = tracks[index]
    text += `${head}${batch.lines[index]}\t${platform}\t${v.day}\t${v.isrc ?? '\\N'}\t${copyText(v.trackId)}\t${v.country === null ? '\\N' : copyText(v.country)}\t${v.streams}\t${v.listeners}\t${v.artificial}\t\\N\t${codes[index].id}\t${track === null ? '\\N' : track}\n`
  }
  return text
}

const FACT_COLUMNS = 'tenant_id, import_id, line, platform, day, isrc, platform_track_id, country, streams, listeners, artificial, dims, dims_id, track_id'

/** PGlite takes no COPY through its socket: a batch goes in as one insert of unnested arrays. */
const INSERT_FACTS = `
  insert into trend_facts (${FACT_COLUMNS})
  select $1, $2, line, $3, day, isrc, track, country, streams, listeners, artificial, null, dims_id, track_id
  from unnest($4::int[], $5::date[], $6::text[], $7::text[], $8::text[], $9::bigint[], $10::bigint[], $11::bigint[], $12::bigint[], $13::bigint[])
    as s(line, day, isrc, track, country, streams, listeners, artificial, dims_id, track_id)`

/**
 * The dry run's database side: the lines are matched to tracks by ISRC as they are read (one
 * look-up per batch's new ISRCs) and streamed straight into trend_facts with their track, by COPY on
 * PostgreSQL, once; the report is summed on the way. A month partition is created before its first
 * line is sent: on PostgreSQL the running COPY is ended first (creating a partition locks the
 * parent table, which the COPY holds) and the next one starts with that line, so a report of one or
 * two months is one or two COPY statements. Nothing is read back and nothing is staged.
 */
async function loadFacts(
  services: Services,
  tenantId: number,
  importId: number,
  platform: string,
  stream: NodeJS.ReadableStream,
  options: { signal?: AbortSignal; steps?: StepTimer },
): Promise<TrendImportReport> {
  const read: Read = { rows: 0, from: null, to: null, errors: { count: 0, first: [] } }
  const months = new Set<string>()
  const created = new Set<string>()
  const postgres = services.database.kind === 'postgres'
  const client = await services.database.pool.connect()
  // On PostgreSQL the ISRCs are looked up on a second connection while the first is in its COPY.
  let lookup = client
  if (postgres)
    try {
      lookup = await services.database.pool.connect()
    } catch (error) {
      client.release()
      throw error
    }
  const tally = reportTally()
  // The commit's groups, summed on the way (trend-stage.ts) and written once the facts are in.
  const stage = stageTally(platformDims(platform).filter((name) => name !== 'country'))
  const steps = options.steps
  let matching = 0
  let grouping = 0
  const match = isrcMatcher(lookup, tenantId)
  const code = lineEncoder(stage.keysOf)
  const dictionary = dimsDictionary((text, values) => lookup.query(text, values), tenantId)
  const matched = async (batch: Batch) => {
    const at = performance.now()
    const tracks = await match(batch)
    matching += performance.now() - at
    tally.add(batch, tracks)
    const summing = performance.now()
    const codes = batch.values.map(code)
    stage.add(batch.values, tracks, codes)
    grouping += performance.now() - summing
    const coding = performance.now()
    await dictionary(codes)
    matching += performance.now() - coding
    return { tracks, codes }
  }
  const partitions = async () => {
    const missing = [...months].filter((month) => !created.has(month))
    if (!missing.length) return
    await timed(steps, 'partitions', () => ensureFactPartitions((statement) => client.query(statement), missing))
    for (const month of missing) created.add(month)
  }
  const readAt = performance.now()
  try {
    const batches = readBatches(stream, platform, read, months, options.signal)[Symbol.asyncIterator]()
    if (postgres) {
      const head = `${tenantId}\t${importId}\t`
      const platformText = copyText(platform)
      let held: Batch | null = null
      const next = async () => {
        if (held) {
          const batch = held
          held = null
          return batch
        }
        const step = await batches.next()
        return step.done ? null : step.value
      }
      for (let first = await next(); first; first = await next()) {
        await partitions()
        const opening = first
        const text = (async function* () {
          yield copyRows(head, platformText, opening, await matched(opening))
          for (let batch = await next(); batch; batch = await next()) {
            if ([...months].some((month) => !created.has(month))) {
              held = batch
              return
            }
            yield copyRows(head, platformText, batch, await matched(batch))
          }
        })()
        await copyFrom(client, `copy trend_facts (${FACT_COLUMNS}) from stdin`, text)
      }
    } else {
      for (let step = await batches.next(); !step.done; step = await batches.next()) {
        const batch = step.value
        await partitions()
        const { tracks, codes } = await matched(batch)
        const v = batch.values
        await client.query(INSERT_FACTS, [
          tenantId,
          importId,
          platform,
          batch.lines,
          v.map((l) => l.day),
          v.map((l) => l.isrc),
          v.map((l) => l.trackId),
          v.map((l) => l.country),
          v.map((l) => l.streams),
          v.map((l) => l.listeners),
          v.map((l) => l.artificial),
          codes.map((c) => c.id),
          tracks,
        ])
      }
    }
    steps?.('matching', matching)
    steps?.('grouping (stage)', grouping)
    steps?.('read, match and load (all)', performance.now() - readAt)
    await timed(steps, 'stage', () => writeStage(client, postgres, tenantId, importId, stage))
    return tally.report(read)
  } finally {
    if (lookup !== client) lookup.release()
    client.release()
  }
}

/** The parse job's work: stream, store, match by ISRC, report. Ends in `review` or `failed`. */
export async function parseTrendImport(
  services: Services,
  tenantId: number,
  importId: number,
  options: { jobId?: number; signal?: AbortSignal; steps?: StepTimer } = {},
): Promise<boolean> {
  const { db } = services
  const target = await claim(db, tenantId, importId, options.jobId ?? null)
  if (!target) return false
  await dropFacts(db, importId)
  try {
    const file = target.fileId === null ? null : await services.files.find(db, tenantId, target.fileId)
    if (!file) throw new ImportFailure('The trend report is no longer stored: upload it again.')
    const stream = await services.files.open(file)
    let report: TrendImportReport
    try {
      report = await loadFacts(services, tenantId, importId, target.platform, stream, options)
    } finally {
      stream.destroy()
    }
    await db.execute(sql`
      update trend_imports set status = 'review', rows = ${report.rows}, matched = ${report.matched},
        unmatched = ${report.unmatched}, streams = ${report.streams}, report = ${JSON.stringify(report)}::jsonb
      where id = ${importId} and tenant_id = ${tenantId} and status = 'parsing'`)
    return true
  } catch (error) {
    if (options.signal?.aborted) throw error
    const known = error instanceof ImportFailure || error instanceof TrendFormatError
    const message = known ? error.message : 'Something went wrong while reading the trend report. Try again, or check the file.'
    if (!known) console.error('trend import failed', error)
    await dropFacts(db, importId)
    await db.execute(sql`
      update trend_imports set status = 'failed', error = ${message}
      where id = ${importId} and tenant_id = ${tenantId} and status = 'parsing'`)
    return true
  }
}

export function registerTrendJobs(runner: Services['jobs'], services: Services) {
  runner.register<{ tenantId: number; importId: number }>(TREND_PARSE_JOB, async ({ job, payload, signal }) => ({
    read: await parseTrendImport(services, payload.tenantId, payload.importId, { jobId: job.id, signal }),
  }))
}

// ---------------------------------------------------------------------------------------------
// Commit and cancel

const importMutation = (action: string, tenantId: number, id: number): Mutation => ({
  action,
  entityType: ENTITY,
  lock: { table: trendImports, id, tenantId, missing: NO_IMPORT },
})

async function lockedStatus(
  tx: Queryable,
  tenantId: number,
  id: number,
): Promise<{ status: TrendImportStatus; report: unknown; platform: string }> {
  const { rows } = await tx.execute<{ status: TrendImportStatus; report: unknown; platform: string }>(
    sql`select status, report, platform from trend_imports where id = ${id} and tenant_id = ${tenantId}`,
  )
  if (!rows[0]) throw notFound(NO_IMPORT)
  return rows[0]
}

const statusWord = (status: TrendImportStatus) => TREND_IMPORT_STATUS_LABELS[status].toLowerCase()

/**
 * Commits a dry run in ONE transaction: the import's matched lines enter both rollups, then lines of
 * committed imports still waiting for a track (this one's included) are matched and rolled up.
 */
export async function commitTrendImport(
  services: Services,
  actor: TrendActor,
  id: number,
  options: { steps?: StepTimer } = {},
): Promise<void> {
  const { steps } = options
  let stale = false
  await auditedMutation({ db: services.db, actor }, importMutation('analytics.import.commit', actor.tenantId, id), async (tx) => {
    const row = await lockedStatus(tx, actor.tenantId, id)
    if (row.status !== 'review')
      throw conflict(`Only a trend import whose dry run is ready can be committed; this one is ${statusWord(row.status)}.`)
    const report = trendImportReport.safeParse(row.report)
    const range = report.success ? { from: report.data.from, to: report.data.to } : { from: null, to: null }
    // The rollups group a line per breakdown value (five or more per line): in memory, not spilled to disk.
    // (A million Spotify lines' grouping sets hashed 980,000 groups in ~420 MB; at 192 MB, with hash_mem_multiplier
    // 2, five batches went to disk.) JIT compiling costs more than it saves on these one-pass statements.
    if (services.database.kind === 'postgres') {
      await tx.execute(sql`set local work_mem = '256MB'`)
      await tx.execute(sql`set local jit = off`)
    }
    const rolled = await timed(steps, 'commit: rollups (one statement)', () => rollUpImport(tx, actor.tenantId, id, row.platform, range))
    stale = await statisticsStale(tx, rolled.days)
    await tx.execute(sql`
      update trend_imports set status = 'committed', committed_by = ${actor.actorAccountId}, committed_at = now() where id = ${id}`)
    const later = await timed(steps, 'commit: late matching', () => matchPending(tx, actor.tenantId, { committed: true }))
    return { result: undefined, before: { status: row.status }, after: { status: 'committed', matchedLater: later } }
  })
  // After a first import or a large one, the reads' plans want fresh statistics now rather than at
  // autovacuum's next round: analyzed once the commit is in (outside its transaction, or after the
  // caller's), without making the commit's answer wait.
  if (stale) afterCommit(() => detachFromTransaction(() => refreshStatistics(services.db)))
}

export async function cancelTrendImport(services: Services, actor: TrendActor, id: number): Promise<void> {
  await auditedMutation({ db: services.db, actor }, importMutation('analytics.import.cancel', actor.tenantId, id), async (tx) => {
    const row = await lockedStatus(tx, actor.tenantId, id)
    if (row.status === 'parsing') throw conflict('The file is still being read: cancel it when its dry run is ready.')
    if (!['uploaded', 'review', 'failed'].includes(row.status))
      throw conflict(`This trend import is ${statusWord(row.status)}: it cannot be cancelled.`)
    await dropFacts(tx, id)
    await tx.execute(sql`update trend_imports set status = 'cancelled', cancelled_at = now() where id = ${id}`)
    return { result: undefined, before: { status: row.status }, after: { status: 'cancelled' } }
  })
}

const actorIn = (ctx: AuthedContext): TrendActor => ({ ...actorOf(ctx, ctx.tenant.id), tenantId: ctx.tenant.id })

export async function commitAction(ctx: AuthedContext, id: number) {
  await commitTrendImport(ctx.services, actorIn(ctx), id)
  return loadTrendImport(ctx, id)
}
export async function cancelAction(ctx: AuthedContext, id: number) {
  await cancelTrendImport(ctx.services, actorIn(ctx), id)
  return loadTrendImport(ctx, id)
}

// ---------------------------------------------------------------------------------------------
// Reading

const personName = (alias: string) =>
  sql.raw(`coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.email)`)

const COLUMNS = sql`
  i.id, i.platform, i.status, i.file_name, i.rows, i.matched, i.unmatched, i.streams, i.error, i.created_at,
  i.created_by, ${personName('c')} as created_by_name`

type SqlRow = Record<string, unknown>

function toRow(row: SqlRow): TrendImportRow {
  return {
    id: Number(row.id),
    platform: String(row.platform),
    status: row.status as TrendImportStatus,
    fileName: String(row.file_name),
    rows: Number(row.rows),
    matched: Number(row.matched),
    unmatched: Number(row.unmatched),
    streams: Number(row.streams),
    error: (row.error as string | null) ?? null,
    created: row.created_at instanceof Date ? row.created_at.toISOString() : String(row.created_at),
    createdBy: row.created_by === null ? null : { id: Number(row.created_by), name: String(row.created_by_name) },
  }
}

/** The imports, newest first (trend_imports_history_idx). */
export async function trendImportHistory(ctx: AuthedContext, page: number, perPage: number, platform?: string) {
  const { db } = ctx.services
  const only = platform ? sql`and i.platform = ${platform}` : sql``
  const { total, estimate } = await countCapped(db, sql`from trend_imports i where i.tenant_id = ${ctx.tenant.id} ${only}`)
  const { rows } = await db.execute<SqlRow>(sql`
    select ${COLUMNS} from trend_imports i left join accounts c on c.id = i.created_by
    where i.tenant_id = ${ctx.tenant.id} ${only}
    order by i.created_at desc, i.id desc limit ${perPage} offset ${(page - 1) * perPage}`)
  return { data: rows.map(toRow), meta: pageMeta(total, estimate, page, perPage) }
}

export async function loadTrendImport(ctx: AuthedContext, id: number): Promise<TrendImportDetail> {
  const { rows } = await ctx.services.db.execute<SqlRow>(sql`
    select ${COLUMNS}, i.report, i.committed_at, i.committed_by, ${personName('m')} as committed_by_name, i.cancelled_at
    from trend_imports i left join accounts c on c.id = i.created_by left join accounts m on m.id = i.committed_by
    where i.id = ${id} and i.tenant_id = ${ctx.tenant.id}`)
  const row = rows[0]
  if (!row) throw notFound(NO_IMPORT)
  const report = trendImportReport.safeParse(row.report)
  return {
    ...toRow(row),
    report: report.success ? report.data : null,
    committed: (row.committed_at as Date | null) ?? null,
    committedBy: row.committed_by === null ? null : { id: Number(row.committed_by), name: String(row.committed_by_name) },
    cancelled: (row.cancelled_at as Date | null) ?? null,
  } as TrendImportDetail
}
