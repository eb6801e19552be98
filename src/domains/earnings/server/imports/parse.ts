import { sql } from 'drizzle-orm'
import type { ImportReport, StatementField, StatementSource } from '@contract/earnings-imports'
import { fromScaled, toScaled } from '@core/decimal'
import type { Db, Queryable } from '@server/db/engine'
import type { Services } from '@server/context'
import { CsvError, csvBatches } from './csv'
import { FORMATS, StatementFormatError, resolveColumns, type Columns } from './formats'
import { rateFor } from './ledger'

// Reading a statement: the stored file is streamed through csvBatches (./csv.ts; never whole in memory),
// each row checked and converted, lines inserted and matched set-wise in chunks (insert … select
// from unnest, joined to tracks, releases and manual matches), then summed into the dry-run
// report (docs/royalties.md, docs/formats/).

/** Lines per insert statement. */
export const CHUNK_ROWS = 10_000
/** Chunk inserts under way at once while reading goes on. */
const IN_FLIGHT = 2
/** Line errors kept in the report (all are counted). */
const ERROR_SAMPLES = 100
const LINE_SCALE = 10
const BASE_SCALE = 6
/** numeric(28,10): at most 18 digits before the point. */
const LINE_LIMIT = 10n ** 28n

/** A failure the person importing can act on; its message is shown as is. */
export class ImportFailure extends Error {}

export interface ParseTarget {
  id: number
  tenantId: number
  source: StatementSource
  fileId: number | null
  period: string
  currency: string
  mapping: Partial<Record<StatementField, string>>
}

class Chunk {
  lineNo: number[] = []
  period: string[] = []
  isrc: (string | null)[] = []
  upc: (string | null)[] = []
  title: (string | null)[] = []
  artist: (string | null)[] = []
  channel: string[] = []
  territory: string[] = []
  quantity: number[] = []
  gross: string[] = []
  net: string[] = []
  netBase: string[] = []
  get size() {
    return this.lineNo.length
  }
}

/**
 * One chunk of lines, inserted and matched in the same statement, set-wise: ISRC against the
 * workspace's tracks (the lowest track id when an ISRC repeats), then UPC against its releases,
 * then the remembered manual matches (statement_manual_matches). Matching while inserting writes
 * each line once instead of rewriting a million rows with UPDATEs afterwards. The chunk's distinct
 * keys are looked up once each and hash-joined to the lines (a lateral lookup per line cost ~4 µs
 * a line more on PostgreSQL).
 */
/**
 * A PostgreSQL array literal of numbers, dates or decimals (no character needs quoting): built with
 * one join instead of the driver's per-element escaping, which cost ~1.5 s of CPU per million lines.
 */
const plainArray = (values: (string | number)[]) => sql.param(`{${values.join(',')}}`)

/** A PostgreSQL array literal of text cells: every element quoted, `"` and `\` escaped, null as NULL. */
function textArray(values: (string | null)[]) {
  const parts = new Array<string>(values.length)
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index]
    if (value === null) parts[index] = 'NULL'
    else if (value.indexOf('"') < 0 && value.indexOf('\\') < 0) parts[index] = `"${value}"`
    else parts[index] = `"${value.replace(/["\\]/g, '\\$&')}"`
  }
  return sql.param(`{${parts.join(',')}}`)
}

async function insertChunk(db: Queryable, target: ParseTarget, chunk: Chunk) {
  if (!chunk.size) return
  const n = plainArray
  const t = textArray
  const tenantId = target.tenantId
  await db.execute(sql`
    with u as materialized (
      select * from unnest(${n(chunk.lineNo)}::int[], ${n(chunk.period)}::date[], ${t(chunk.isrc)}::text[], ${t(chunk.upc)}::text[],
        ${t(chunk.title)}::text[], ${t(chunk.artist)}::text[], ${t(chunk.channel)}::text[], ${t(chunk.territory)}::text[],
        ${n(chunk.quantity)}::bigint[], ${n(chunk.gross)}::numeric[], ${n(chunk.net)}::numeric[], ${n(chunk.netBase)}::numeric[])
        as u(line_no, period, isrc, upc, title, artist, channel, territory, quantity, gross, net, net_base)
    ),
    ti as (
      select distinct on (t.isrc) t.isrc, t.id, t.release_id from tracks t
      where t.tenant_id = ${tenantId} and t.isrc in (select distinct isrc from u where isrc is not null)
      order by t.isrc, t.id
    ),
    ru as (
      select distinct on (r.upc) r.upc, r.id from releases r
      where r.tenant_id = ${tenantId} and r.upc in (select distinct upc from u where upc is not null)
      order by r.upc, r.id
    )
    insert into statement_lines
      (tenant_id, import_id, line_no, period, isrc, upc, title, artist, channel, territory, quantity, gross, net, net_base,
       track_id, release_id, matched_by)
    select ${tenantId}, ${target.id}, u.line_no, u.period, u.isrc, u.upc, u.title, u.artist, u.channel, u.territory, u.quantity,
      u.gross, u.net, u.net_base,
      coalesce(ti.id, mi.track_id, mu.track_id),
      coalesce(ti.release_id, ru.id, mi.release_id, mu.release_id),
      case when ti.id is not null then 'isrc' when ru.id is not null then 'upc'
           when mi.release_id is not null or mu.release_id is not null then 'manual' end
    from u
    left join ti on ti.isrc = u.isrc
    left join ru on ti.id is null and ru.upc = u.upc
    left join statement_manual_matches mi
      on ti.id is null and ru.id is null and mi.tenant_id = ${tenantId} and mi.key_kind = 'isrc' and mi.key = u.isrc
    left join statement_manual_matches mu
      on ti.id is null and ru.id is null and mi.id is null and mu.tenant_id = ${tenantId} and mu.key_kind = 'upc' and mu.key = u.upc`)
}

const cell = (record: string[], index: number) => (index >= 0 ? (record[index] ?? '').trim() : '')

/** A money cell as units of 10^-10 (rounded half to even); thousands separators allowed. */
function amount(raw: string, label: string): bigint {
  const value = raw.replace(/[\s$€£]/g, '').replace(/,(?=\d{3}(?:\D|$))/g, '')
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d{1,2})?$/.test(value) || value.length > 40)
    throw new ImportFailure(`${label} "${raw}" is not a number`)
  const units = toScaled(value, LINE_SCALE)
  if (units >= LINE_LIMIT || units <= -LINE_LIMIT) throw new ImportFailure(`${label} "${raw}" is too large`)
  return units
}

function count(raw: string): number {
  const value = raw.replace(/[\s,]/g, '')
  if (value === '') return 0
  if (!/^-?\d{1,15}$/.test(value)) throw new ImportFailure(`Quantity "${raw}" is not a whole number`)
  return Number(value)
}

const MONTH = /^(\d{4})[-/.]?(0[1-9]|1[0-2])(?:[-/.]?\d{1,2})?(?:[ T].*)?$/
const MONTH_FIRST = /^(0?[1-9]|1[0-2])[-/.](\d{4})$/

/** A line's month: 2026-05, 202605, 2026-05-31, 05/2026; the statement's when the file has none. */
function month(raw: string, fallback: string): string {
  if (!raw) return fallback
  const iso = MONTH.exec(raw)
  if (iso) return `${iso[1]}-${iso[2]}-01`
  const us = MONTH_FIRST.exec(raw)
  if (us) return `${us[2]}-${us[1].padStart(2, '0')}-01`
  throw new ImportFailure(`Month "${raw}" is not a month like 2026-05`)
}

const isrcOf = (raw: string) => raw.toUpperCase().replace(/[^A-Z0-9]/g, '') || null
const upcOf = (raw: string) => raw.replace(/\D/g, '') || null
const territoryOf = (raw: string) => {
  const value = raw.toUpperCase()
  return /^[A-Z]{2}$/.test(value) ? value : ''
}
const text = (raw: string) => (raw ? raw.slice(0, 500) : null)

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
  await db.execute(sql`delete from statement_lines where import_id = ${importId}`)
  try {
    await readAndReport(services, target, signal)
    return true
  } catch (error) {
    if (signal?.aborted) throw error
    const known = error instanceof ImportFailure || error instanceof StatementFormatError
    const message = known ? error.message : 'Something went wrong while reading the statement. Try again, or check the file.'
    if (!known) console.error('statement import failed', error)
    await db.execute(sql`delete from statement_lines where import_id = ${importId}`)
    await db.execute(sql`
      update statement_imports set status = 'failed', error = ${message}
      where id = ${importId} and tenant_id = ${tenantId} and status = 'parsing'`)
    return true
  }
}

async function readAndReport(services: Services, target: ParseTarget, signal?: AbortSignal) {
  const { db } = services
  const rate = await rateFor(db, target.tenantId, target.currency, target.period)
  if (rate === null)
    throw new ImportFailure(`No exchange rate for ${target.currency} in ${target.period.slice(0, 7)}: add one under Exchange rates`)
  const rateUnits = toScaled(rate, LINE_SCALE)
  const rateDivisor = 10n ** BigInt(LINE_SCALE * 2 - BASE_SCALE)
  const file = target.fileId === null ? null : await services.files.find(db, target.tenantId, target.fileId)
  if (!file) throw new ImportFailure('The statement file is no longer stored: upload it again.')
  const stream = await services.files.open(file)
  const format = FORMATS[target.source]
  let columns: Columns | null = null
  let chunk = new Chunk()
  const inFlight: Promise<void>[] = []
  let line = 1
  let rows = 0
  let gross = 0n
  let net = 0n
  let netBase = 0n
  let errorCount = 0
  const errors: { line: number; message: string }[] = []
  try {
    for await (const batch of csvBatches(stream)) {
      for (const record of batch) {
        if (!columns) {
          columns = resolveColumns(target.source, record, target.mapping)
          continue
        }
        line += 1
        if (record.every((value) => value.trim() === '')) continue
        try {
          const lineGross = columns.gross >= 0 && cell(record, columns.gross) !== '' ? amount(cell(record, columns.gross), 'Gross') : 0n
          const rawNet = cell(record, columns.net)
          if (rawNet === '') throw new ImportFailure('Net is empty')
          const lineNet = amount(rawNet, 'Net')
          const lineBaseUnits = divideHalfEvenFast(lineNet * rateUnits, rateDivisor)
          const linePeriod = month(cell(record, columns.period), target.period)
          const quantity = count(cell(record, columns.quantity))
          chunk.lineNo.push(line)
          chunk.period.push(linePeriod)
          chunk.quantity.push(quantity)
          chunk.isrc.push(isrcOf(cell(record, columns.isrc)))
          chunk.upc.push(upcOf(cell(record, columns.upc)))
          chunk.title.push(text(cell(record, columns.title)))
          chunk.artist.push(text(cell(record, columns.artist)))
          chunk.channel.push(cell(record, columns.channel).slice(0, 200) || format.defaultChannel)
          chunk.territory.push(territoryOf(cell(record, columns.territory)))
          chunk.gross.push(fromScaled(lineGross, LINE_SCALE))
          chunk.net.push(fromScaled(lineNet, LINE_SCALE))
          chunk.netBase.push(fromScaled(lineBaseUnits, BASE_SCALE))
          gross += lineGross
          net += lineNet
          netBase += lineBaseUnits
          rows += 1
        } catch (error) {
          if (!(error instanceof ImportFailure)) throw error
          errorCount += 1
          if (errors.length < ERROR_SAMPLES) errors.push({ line, message: error.message })
        }
        if (chunk.size >= CHUNK_ROWS) {
          if (signal?.aborted) throw new Error('Stopped')
          // Inserts in flight while the next chunk is read, each on its own pooled connection
          // (PostgreSQL works on them side by side; PGlite's one connection takes them in turn).
          if (inFlight.length >= IN_FLIGHT) await inFlight.shift()
          const insert = insertChunk(db, target, chunk)
          insert.catch(() => undefined)
          inFlight.push(insert)
          chunk = new Chunk()
        }
      }
    }
  } catch (error) {
    if (error instanceof ImportFailure || error instanceof StatementFormatError) throw error
    if (error instanceof CsvError) throw new ImportFailure(`The CSV could not be read at line ${error.line}: ${error.message}`)
    throw error
  } finally {
    stream.destroy()
    await Promise.allSettled(inFlight)
  }
  await Promise.all(inFlight)
  if (!columns) throw new ImportFailure('The file is empty: it has no header row.')
  await insertChunk(db, target, chunk)
  if (rows === 0 && errorCount === 0) throw new ImportFailure('The file has a header row but no lines.')
  const report = await buildReport(db, target, {
    rate,
    rows,
    gross: fromScaled(gross, LINE_SCALE),
    net: fromScaled(net, LINE_SCALE),
    netBase: fromScaled(netBase, BASE_SCALE),
    errors: { count: errorCount, samples: errors },
  })
  await db.execute(sql`
    update statement_imports set status = 'review', exchange_rate = ${rate}, rows = ${rows},
      matched_isrc = ${report.matched.isrc}, matched_upc = ${report.matched.upc}, matched_manual = ${report.matched.manual},
      unmatched = ${report.unmatched.rows}, gross = ${report.gross}, net = ${report.net}, net_base = ${report.netBase},
      report = ${JSON.stringify(report)}::jsonb
    where id = ${target.id} and tenant_id = ${target.tenantId} and status = 'parsing'`)
}

/** Round half to even of n / d for d > 0 (the same rule as divideHalfEven, inlined for the hot loop). */
function divideHalfEvenFast(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n
  const magnitude = negative ? -numerator : numerator
  let quotient = magnitude / denominator
  const twice = (magnitude - quotient * denominator) * 2n
  if (twice > denominator || (twice === denominator && (quotient & 1n) === 1n)) quotient += 1n
  return negative ? -quotient : quotient
}

const percent = (change: bigint, base: bigint): number | null => (base === 0n ? null : Number((change * 10000n) / base) / 100)

async function buildReport(
  db: Queryable,
  target: ParseTarget,
  totals: { rate: string; rows: number; gross: string; net: string; netBase: string; errors: ImportReport['errors'] },
): Promise<ImportReport> {
  const id = target.id
  const byMatch = await db.execute<{ matched_by: string | null; n: number; net: string }>(sql`
    select matched_by, count(*)::int as n, coalesce(sum(net_base), 0)::text as net
    from statement_lines where import_id = ${id} group by matched_by`)
  const matched = { isrc: 0, upc: 0, manual: 0 }
  let unmatched = { rows: 0, net: '0.000000' }
  for (const row of byMatch.rows) {
    if (row.matched_by === null) unmatched = { rows: Number(row.n), net: fromScaled(toScaled(row.net, BASE_SCALE), BASE_SCALE) }
    else matched[row.matched_by as keyof typeof matched] = Number(row.n)
  }
  const top = await db.execute<{ key: string; kind: 'isrc' | 'upc' | 'none'; title: string; n: number; net: string }>(sql`
    select coalesce(isrc, upc, '') as key, case when isrc is not null then 'isrc' when upc is not null then 'upc' else 'none' end as kind,
      coalesce(max(title), '') as title, count(*)::int as n, sum(net_base)::text as net
    from statement_lines where tenant_id = ${target.tenantId} and import_id = ${id} and release_id is null
    group by 1, 2 order by sum(net_base) desc, 1 limit 10`)
  const channels = await db.execute<{ channel: string; n: number; net: string }>(sql`
    select channel, count(*)::int as n, sum(net_base)::text as net from statement_lines where import_id = ${id}
    group by channel order by sum(net_base) desc, channel limit 50`)
  const previousRows = await db.execute<{ id: number; period: string; rows: number; net_base: string }>(sql`
    select id, period::text as period, rows, net_base::text as net_base from statement_imports
    where tenant_id = ${target.tenantId} and source = ${target.source} and status = 'committed' and id <> ${id}
      and period < ${target.period}::date
    order by period desc, id desc limit 1`)
  const previous = previousRows.rows[0]
  const rows = totals.rows
  const share = (n: number) => (rows ? Math.round((n / rows) * 10000) / 100 : 0)
  const netBaseUnits = toScaled(totals.netBase, BASE_SCALE)
  const money = (value: string) => fromScaled(toScaled(value, BASE_SCALE), BASE_SCALE)
  return {
    rows,
    gross: totals.gross,
    net: totals.net,
    currency: target.currency,
    rate: totals.rate,
    netBase: totals.netBase,
    matched,
    matchRate: {
      isrc: share(matched.isrc),
      upc: share(matched.upc),
      manual: share(matched.manual),
      total: share(matched.isrc + matched.upc + matched.manual),
    },
    unmatched,
    topUnmatched: top.rows.map((row) => ({ key: row.key, kind: row.kind, title: row.title, rows: Number(row.n), net: money(row.net) })),
    channels: channels.rows.map((row) => ({ channel: row.channel, rows: Number(row.n), net: money(row.net) })),
    errors: totals.errors,
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
