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
import type { Db, Queryable } from '@server/db/engine'
import { countCapped, pageMeta } from '@server/db/paging'
import { actorOf, auditedMutation, type AuditActor, type Mutation } from '@server/audit'
import { HttpError, conflict, notFound } from '@server/errors'
import { csvHeaderRow } from '@server/csv-upload'
import { FileStore } from '@server/storage/file-store'
import { trendImports } from './schema'
import { ensureFactPartitions, matchPending, rollUpImport } from './rollups'
import { CsvReader } from './trend-csv'
import { copyFrom, copyText } from '@server/db/copy'
import { dimsEncoder } from './trend-copy'

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

/** A batch as rows of COPY's text format, in the stage's column order. */
function copyRows(batch: Batch, dims: (value: TrendLine['dims']) => string): string {
  let text = ''
  for (let index = 0; index < batch.lines.length; index += 1) {
    const v = batch.values[index]
    text += `${batch.lines[index]}\t${v.day}\t${v.isrc ?? '\\N'}\t${copyText(v.trackId)}\t${v.country ?? '\\N'}\t${v.streams}\t${v.listeners}\t${v.artificial}\t${dims(v.dims)}\n`
  }
  return text
}

const STAGE_COLUMNS = 'line, day, isrc, track, country, streams, listeners, artificial, dims'

/** PGlite takes no COPY through its socket: a batch goes in as one insert of unnested arrays. */
const INSERT_STAGE = (stage: string) => `
  insert into ${stage} (${STAGE_COLUMNS})
  select * from unnest($1::int[], $2::date[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::bigint[], $8::bigint[], $9::jsonb[])`

/**
 * The dry run's database side, on one connection (the stage is a temporary table): the lines are
 * streamed into the stage (COPY on PostgreSQL), matched to tracks by ISRC with one join, moved into
 * the monthly partitions of trend_facts with one insert, and the report is read from the stage.
 */
async function stageFacts(
  services: Services,
  tenantId: number,
  importId: number,
  platform: string,
  stream: NodeJS.ReadableStream,
  signal?: AbortSignal,
): Promise<TrendImportReport> {
  const read: Read = { rows: 0, from: null, to: null, errors: { count: 0, first: [] } }
  const months = new Set<string>()
  const stage = `trend_stage_${importId}`
  const match = `trend_match_${importId}`
  const client = await services.database.pool.connect()
  try {
    // PGlite's one session outlives its connections: a stage a crash left behind goes first.
    await client.query(`drop table if exists ${stage}, ${match}`)
    // JIT compiling costs more than it saves on these one-pass statements (reset before release).
    if (services.database.kind === 'postgres') await client.query('set jit = off')
    await client.query(`create temp table ${stage} (line int not null, day date not null, isrc text, track text,
      country text, streams bigint not null, listeners bigint not null, artificial bigint not null, dims jsonb not null)`)
    const batches = readBatches(stream, platform, read, months, signal)
    if (services.database.kind === 'postgres') {
      const dims = dimsEncoder()
      const text = (async function* () {
        for await (const batch of batches) yield copyRows(batch, dims)
      })()
      await copyFrom(client, `copy ${stage} (${STAGE_COLUMNS}) from stdin`, text)
    } else {
      for await (const batch of batches) {
        const v = batch.values
        await client.query(INSERT_STAGE(stage), [
          batch.lines,
          v.map((l) => l.day),
          v.map((l) => l.isrc),
          v.map((l) => l.trackId),
          v.map((l) => l.country),
          v.map((l) => l.streams),
          v.map((l) => l.listeners),
          v.map((l) => l.artificial),
          v.map((l) => JSON.stringify(l.dims)),
        ])
      }
    }
    await ensureFactPartitions((statement) => client.query(statement), [...months])
    // One look-up per distinct ISRC (tracks_tenant_isrc_idx); the first track of an ISRC, as matchPending.
    await client.query(
      `create temp table ${match} as
        select k.isrc, min(k.id) as track_id from tracks k
        where k.tenant_id = $1 and k.isrc in (select distinct isrc from ${stage} where isrc is not null)
        group by k.isrc`,
      [tenantId],
    )
    await client.query(`analyze ${stage}, ${match}`)
    await client.query(
      `insert into trend_facts (tenant_id, import_id, line, platform, day, isrc, platform_track_id, country, streams,
         listeners, artificial, dims, track_id)
       select $1, $2, s.line, $3, s.day, s.isrc, s.track, s.country, s.streams, s.listeners, s.artificial, s.dims, m.track_id
       from ${stage} s left join ${match} m on m.isrc = s.isrc`,
      [tenantId, importId, platform],
    )
    return await buildReport(client, stage, match, read)
  } finally {
    await client.query(`drop table if exists ${stage}, ${match}`).catch(() => undefined)
    if (services.database.kind === 'postgres') await client.query('reset jit').catch(() => undefined)
    client.release()
  }
}

async function buildReport(client: PoolClient, stage: string, match: string, read: Read): Promise<TrendImportReport> {
  const { rows } = await client.query<Record<string, string | number | null>>(`
    select count(*)::bigint as rows, count(m.track_id)::bigint as matched, coalesce(sum(s.streams), 0)::bigint as streams,
      coalesce(sum(s.streams) filter (where m.track_id is not null), 0)::bigint as matched_streams,
      coalesce(sum(s.artificial), 0)::bigint as artificial, count(distinct s.country)::bigint as countries
    from ${stage} s left join ${match} m on m.isrc = s.isrc`)
  const top = await client.query<{ key: string; n: string; streams: string }>(`
    select coalesce(s.isrc, s.track, '') as key, count(*)::bigint as n, sum(s.streams)::bigint as streams
    from ${stage} s left join ${match} m on m.isrc = s.isrc where m.track_id is null
    group by 1 order by sum(s.streams) desc, 1 limit 10`)
  const total = Number(rows[0].rows)
  const matched = Number(rows[0].matched)
  return {
    rows: total,
    matched,
    unmatched: total - matched,
    matchRate: total ? Math.round((matched / total) * 10_000) / 100 : 0,
    streams: Number(rows[0].streams),
    matchedStreams: Number(rows[0].matched_streams),
    artificial: Number(rows[0].artificial),
    from: read.from,
    to: read.to,
    countries: Number(rows[0].countries),
    topUnmatched: top.rows.map((row) => ({ key: row.key, rows: Number(row.n), streams: Number(row.streams) })),
    errors: read.errors,
  }
}

/** The parse job's work: stream, store, match by ISRC, report. Ends in `review` or `failed`. */
export async function parseTrendImport(
  services: Services,
  tenantId: number,
  importId: number,
  options: { jobId?: number; signal?: AbortSignal } = {},
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
      report = await stageFacts(services, tenantId, importId, target.platform, stream, options.signal)
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
export async function commitTrendImport(services: Services, actor: TrendActor, id: number): Promise<void> {
  await auditedMutation({ db: services.db, actor }, importMutation('analytics.import.commit', actor.tenantId, id), async (tx) => {
    const row = await lockedStatus(tx, actor.tenantId, id)
    if (row.status !== 'review')
      throw conflict(`Only a trend import whose dry run is ready can be committed; this one is ${statusWord(row.status)}.`)
    const report = trendImportReport.safeParse(row.report)
    const range = report.success ? { from: report.data.from, to: report.data.to } : { from: null, to: null }
    // The rollups group a line per breakdown value (five or more per line): in memory, not spilled to disk.
    // JIT compiling costs more than it saves on these one-pass statements.
    if (services.database.kind === 'postgres') {
      await tx.execute(sql`set local work_mem = '192MB'`)
      await tx.execute(sql`set local jit = off`)
    }
    await rollUpImport(tx, actor.tenantId, id, row.platform, range)
    await tx.execute(sql`
      update trend_imports set status = 'committed', committed_by = ${actor.actorAccountId}, committed_at = now() where id = ${id}`)
    const later = await matchPending(tx, actor.tenantId, { committed: true })
    return { result: undefined, before: { status: row.status }, after: { status: 'committed', matchedLater: later } }
  })
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
