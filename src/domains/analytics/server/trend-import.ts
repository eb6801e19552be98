import { createHash } from 'node:crypto'
import { parse } from 'csv-parse'
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
  readTrendLine,
  resolveTrendColumns,
  type TrendColumns,
  type TrendLine,
} from '@core/analytics-platforms'
import type { AuthedContext, Services } from '@server/context'
import type { Db, Queryable } from '@server/db/engine'
import { countCapped, pageMeta } from '@server/db/paging'
import { actorOf, auditedMutation, type AuditActor, type Mutation } from '@server/audit'
import { HttpError, conflict, notFound } from '@server/errors'
import { csvHeaderRow } from '@server/csv-upload'
import { FileStore } from '@server/storage/file-store'
import { trendImports } from './schema'
import { ensureFactPartitions, matchPending, rollUpImport } from './rollups'

// A trend report's import, the statement import's path (docs/analytics.md): the upload is checked
// by content and header, stored, hashed (a file twice is refused while its import stands) and
// queued; the parse job streams it into trend_facts and writes the dry run; commit rolls the
// matched lines up in one transaction; cancel drops the lines.

export const TREND_PARSE_JOB = 'analytics.import.parse'
export const NO_IMPORT = 'This trend import does not exist.'
const ENTITY = 'trendImport'
/** Lines sent to the database at once. */
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

const INSERT_FACTS = `
  insert into trend_facts (tenant_id, import_id, line, platform, day, isrc, platform_track_id, country, streams, listeners, artificial, dims)
  select $1, $2, u.line, $3, u.day::date, u.isrc, u.track, u.country, u.streams, u.listeners, u.artificial, u.dims::jsonb
  from unnest($4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::bigint[], $10::bigint[], $11::bigint[], $12::text[])
    as u(line, day, isrc, track, country, streams, listeners, artificial, dims)`

/** Streams the stored file into trend_facts in batches; unreadable lines are counted and skipped. */
async function readFacts(
  services: Services,
  tenantId: number,
  importId: number,
  platform: string,
  stream: NodeJS.ReadableStream,
  signal?: AbortSignal,
): Promise<Read> {
  const { label, format } = formatOf(platform)
  const pool = services.database.pool
  const read: Read = { rows: 0, from: null, to: null, errors: { count: 0, first: [] } }
  const months = new Set<string>()
  let columns: TrendColumns | null = null
  let batch: { line: number; value: TrendLine }[] = []
  const flush = async () => {
    if (!batch.length) return
    const fresh = [...new Set(batch.map(({ value }) => value.day.slice(0, 7)))].filter((month) => !months.has(month))
    if (fresh.length) {
      await ensureFactPartitions(services.db, fresh)
      for (const month of fresh) months.add(month)
    }
    const col = <T>(pick: (line: TrendLine) => T) => batch.map(({ value }) => pick(value))
    await pool.query({
      name: 'analytics-insert-facts',
      text: INSERT_FACTS,
      values: [
        tenantId,
        importId,
        platform,
        batch.map(({ line }) => line),
        col((l) => l.day),
        col((l) => l.isrc),
        col((l) => l.trackId),
        col((l) => l.country),
        col((l) => l.streams),
        col((l) => l.listeners),
        col((l) => l.artificial),
        col((l) => JSON.stringify(l.dims)),
      ],
    })
    batch = []
  }
  const parser = stream.pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true }))
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    if (!columns) {
      try {
        columns = resolveTrendColumns(format, record, label)
      } catch (error) {
        throw new ImportFailure((error as Error).message)
      }
      continue
    }
    try {
      const value = readTrendLine(record, columns)
      read.rows += 1
      if (!read.from || value.day < read.from) read.from = value.day
      if (!read.to || value.day > read.to) read.to = value.day
      batch.push({ line: info.lines, value })
    } catch (error) {
      if (!(error instanceof TrendFormatError)) throw error
      read.errors.count += 1
      if (read.errors.first.length < 20) read.errors.first.push({ line: info.lines, message: error.message })
    }
    if (batch.length >= BATCH) {
      if (signal?.aborted) throw new ImportFailure('The import was stopped.')
      await flush()
    }
  }
  await flush()
  return read
}

async function buildReport(db: Queryable, tenantId: number, importId: number, read: Read): Promise<TrendImportReport> {
  const range = read.from ? sql`and day between ${read.from}::date and ${read.to}::date` : sql``
  const { rows } = await db.execute<Record<string, string | null>>(sql`
    select count(*)::bigint as rows, count(track_id)::bigint as matched, coalesce(sum(streams), 0)::bigint as streams,
      coalesce(sum(streams) filter (where track_id is not null), 0)::bigint as matched_streams,
      coalesce(sum(artificial), 0)::bigint as artificial, count(distinct country)::bigint as countries
    from trend_facts where tenant_id = ${tenantId} and import_id = ${importId} ${range}`)
  const top = await db.execute<{ key: string; n: string; streams: string }>(sql`
    select coalesce(isrc, platform_track_id, '') as key, count(*)::bigint as n, sum(streams)::bigint as streams
    from trend_facts where tenant_id = ${tenantId} and import_id = ${importId} and track_id is null ${range}
    group by 1 order by sum(streams) desc, 1 limit 10`)
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
    let read: Read
    try {
      read = await readFacts(services, tenantId, importId, target.platform, stream, options.signal)
    } finally {
      stream.destroy()
    }
    await matchPending(db, tenantId, { importId, from: read.from, to: read.to })
    const report = await buildReport(db, tenantId, importId, read)
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

async function lockedStatus(tx: Queryable, tenantId: number, id: number): Promise<{ status: TrendImportStatus; report: unknown }> {
  const { rows } = await tx.execute<{ status: TrendImportStatus; report: unknown }>(
    sql`select status, report from trend_imports where id = ${id} and tenant_id = ${tenantId}`,
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
    await rollUpImport(tx, actor.tenantId, id, range)
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
