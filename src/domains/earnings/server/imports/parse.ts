import { sql } from 'drizzle-orm'
import type { ImportReport, StatementField, StatementSource } from '@contract/earnings-imports'
import { fromScaled, toScaled } from '@core/decimal'
import type { Db, Queryable } from '@server/db/engine'
import type { Services } from '@server/context'
import { StatementFormatError } from './formats'
import { rateFor } from './ledger'
import { dropStage, type Run } from './line-store'
import { BASE_SCALE, ImportFailure, LINE_SCALE } from './line-values'
import { readLines, type LinesRead, type ReadTarget } from './read-lines'
import { readLinesInThread, readThreadMinBytes } from './read-thread'
import { discoveryModeTotal, tagDiscoveryMode } from './discovery-tags'
import { openStage } from './stage-sink'

// Reading a statement (the parse job): its stored file is read, converted and staged by readLines
// (./read-lines.ts; a large file in a worker thread, ./read-thread.ts) into a stage table of the
// import's own (./stage-sink.ts), matched and stored from there in one statement, then summed into
// the dry-run report (docs/royalties.md, docs/formats/).

export { ImportFailure }

export interface ParseTarget extends ReadTarget {
  fileId: number | null
  currency: string
}

/**
 * Marks the import as being read; null when it is not waiting for this reader (cancelled, done, or
 * being read by another). Only the import's own job may take over an import left `parsing` (the
 * runner re-queues a job whose process died, and never runs one job twice at once).
 */
async function claim(db: Db, tenantId: number, importId: number, jobId: number | null) {
  const result = await db.execute<Record<string, unknown>>(sql`
    update statement_imports set status = 'parsing', error = null
    where id = ${importId} and tenant_id = ${tenantId}
      and (status = 'uploaded' or (status = 'parsing' and job_id is not null and job_id = ${jobId ?? 0}))
    returning id, tenant_id, source, file_id, period::text as period, currency, mapping`)
  const row = result.rows[0]
  if (!row) return null
  return {
    id: Number(row.id),
    tenantId: Number(row.tenant_id),
    source: row.source as StatementSource,
    fileId: row.file_id === null ? null : Number(row.file_id),
    period: String(row.period),
    currency: String(row.currency),
    mapping: (row.mapping ?? {}) as Partial<Record<StatementField, string>>,
  } satisfies ParseTarget
}

/**
 * The parse job's work: read, convert, insert, match and report. Ends in `review` (dry run ready)
 * or `failed` with a message; a retry after a crash starts again from no lines. Returns false when
 * the import was no longer waiting to be read.
 */
export async function parseImport(
  services: Services,
  tenantId: number,
  importId: number,
  options: { jobId?: number; signal?: AbortSignal } = {},
): Promise<boolean> {
  const { db } = services
  const { signal } = options
  const target = await claim(db, tenantId, importId, options.jobId ?? null)
  if (!target) return false
  await dropLines(db, importId)
  try {
    await readAndReport(services, target, signal)
    return true
  } catch (error) {
    if (signal?.aborted) throw error
    const known = error instanceof ImportFailure || error instanceof StatementFormatError
    const message = known ? error.message : 'Something went wrong while reading the statement. Try again, or check the file.'
    if (!known) console.error('statement import failed', error)
    await dropLines(db, importId)
    await db.execute(sql`
      update statement_imports set status = 'failed', error = ${message}
      where id = ${importId} and tenant_id = ${tenantId} and status = 'parsing'`)
    return true
  }
}

/** Drops every line an import has stored (rows, blocks and groups, and a stage a crashed read left): a cancel, a failure, or a fresh read. */
export async function dropLines(db: Queryable, importId: number) {
  await db.execute(sql.raw(dropStage(importId)))
  await db.execute(sql`delete from statement_lines where import_id = ${importId}`)
  await db.execute(sql`delete from statement_line_blocks where import_id = ${importId}`)
  await db.execute(sql`delete from statement_line_groups where import_id = ${importId}`)
}

async function readAndReport(services: Services, target: ParseTarget, signal?: AbortSignal) {
  const { db } = services
  const rate = await rateFor(db, target.tenantId, target.currency, target.period)
  if (rate === null)
    throw new ImportFailure(`No exchange rate for ${target.currency} in ${target.period.slice(0, 7)}: add one under Exchange rates`)
  const file = target.fileId === null ? null : await services.files.find(db, target.tenantId, target.fileId)
  if (!file) throw new ImportFailure('The statement file is no longer stored: upload it again.')
  const stream = await services.files.open(file)
  const pool = services.database.pool
  // The hot statements go straight to the pool, named so each connection plans them once.
  const run: Run = async <T>(text: string, values: unknown[], name?: string) => ({
    rows: (await pool.query({ text, values, name })).rows as T[],
  })
  let read: LinesRead
  try {
    const stage = await openStage(services, target.id, run)
    try {
      const reader = Number(file.size) >= readThreadMinBytes() ? readLinesInThread : readLines
      read = await reader(stream, target, rate, stage.sink, signal)
    } finally {
      await stage.close()
    }
  } finally {
    stream.destroy()
  }
  await tagDiscoveryMode(db, target.tenantId, target.id)
  const report = await buildReport(db, target, read, rate)
  await db.execute(sql`
    update statement_imports set status = 'review', exchange_rate = ${rate}, rows = ${read.rows},
      line_columns = ${JSON.stringify(read.columns)}::jsonb, matched_isrc = ${report.matched.isrc}, matched_upc = ${report.matched.upc}, matched_manual = ${report.matched.manual},
      unmatched = ${report.unmatched.rows}, gross = ${report.gross}, net = ${report.net}, net_base = ${report.netBase},
      report = ${JSON.stringify(report)}::jsonb
    where id = ${target.id} and tenant_id = ${target.tenantId} and status = 'parsing'`)
}

const percent = (change: bigint, base: bigint): number | null => (base === 0n ? null : Number((change * 10000n) / base) / 100)

async function buildReport(db: Queryable, target: ParseTarget, read: LinesRead, rate: string): Promise<ImportReport> {
  const id = target.id
  const matched = read.matched
  const unmatched = { rows: read.unmatchedRows, net: fromScaled(read.unmatchedNet, BASE_SCALE) }
  const top = await db.execute<{ key: string; kind: 'isrc' | 'upc' | 'none'; title: string; n: number; net: string }>(sql`
    select coalesce(isrc, upc, '') as key, case when isrc is not null then 'isrc' when upc is not null then 'upc' else 'none' end as kind,
      coalesce(max(title), '') as title, count(*)::int as n, sum(net_base)::text as net
    from statement_lines where tenant_id = ${target.tenantId} and import_id = ${id} and release_id is null
    group by 1, 2 order by sum(net_base) desc, 1 limit 10`)
  const channels = [...read.channels]
    .sort((a, b) => (a.net === b.net ? (a.channel < b.channel ? -1 : a.channel > b.channel ? 1 : 0) : a.net > b.net ? -1 : 1))
    .slice(0, 50)
  const previousRows = await db.execute<{ id: number; period: string; rows: number; net_base: string }>(sql`
    select id, period::text as period, rows, net_base::text as net_base from statement_imports
    where tenant_id = ${target.tenantId} and source = ${target.source} and status = 'committed' and id <> ${id}
      and period < ${target.period}::date
    order by period desc, id desc limit 1`)
  const previous = previousRows.rows[0]
  const rows = read.rows
  const share = (n: number) => (rows ? Math.round((n / rows) * 10000) / 100 : 0)
  const netBaseUnits = read.netBase
  const money = (value: string) => fromScaled(toScaled(value, BASE_SCALE), BASE_SCALE)
  return {
    rows,
    gross: fromScaled(read.gross, LINE_SCALE),
    net: fromScaled(read.net, LINE_SCALE),
    currency: target.currency,
    rate,
    netBase: fromScaled(read.netBase, BASE_SCALE),
    matched,
    matchRate: {
      isrc: share(matched.isrc),
      upc: share(matched.upc),
      manual: share(matched.manual),
      total: share(matched.isrc + matched.upc + matched.manual),
    },
    unmatched,
    topUnmatched: top.rows.map((row) => ({ key: row.key, kind: row.kind, title: row.title, rows: Number(row.n), net: money(row.net) })),
    channels: channels.map((row) => ({ channel: row.channel, rows: row.rows, net: fromScaled(row.net, BASE_SCALE) })),
    errors: read.errors,
    discoveryMode: await discoveryModeTotal(db, target.tenantId, id),
    previous: previous
      ? (() => {
          const previousNet = toScaled(previous.net_base, BASE_SCALE)
          const netChange = netBaseUnits - previousNet
          const previousCount = Number(previous.rows)
          return {
            id: Number(previous.id),
            period: previous.period.slice(0, 7),
            rows: previousCount,
            netBase: fromScaled(previousNet, BASE_SCALE),
            rowsChange: rows - previousCount,
            rowsChangePercent: percent(BigInt(rows - previousCount), BigInt(previousCount)),
            netChange: fromScaled(netChange, BASE_SCALE),
            netChangePercent: percent(netChange, previousNet),
          }
        })()
      : null,
  }
}
