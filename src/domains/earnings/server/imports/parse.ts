import { sql } from 'drizzle-orm'
import type { ImportReport, StatementField, StatementSource } from '@contract/earnings-imports'
import { fromScaled, toScaled } from '@core/decimal'
import type { Db, Queryable } from '@server/db/engine'
import type { Services } from '@server/context'
import { CsvError, csvBatches } from './csv'
import { StatementFormatError, resolveColumns, type Columns } from './formats'
import { rateFor } from './ledger'
import { dropLines, LineWriter, Matcher, type StoredLine } from './line-store'
import { LineConverter } from './line-blocks'
import { BASE_SCALE, ImportFailure, LINE_SCALE, Sum, type Units } from './line-values'

// Reading a statement: the stored file is streamed through csvBatches (./csv.ts; never whole in memory),
// each row checked and converted (./line-values.ts), a chunk at a time matched against the
// catalogue and stored (./line-store.ts: matched lines as blocks and per-key sums, unmatched ones as
// rows), then summed into the dry-run report (docs/royalties.md, docs/formats/).

/** Lines per chunk: matched together (one lookup of the chunk's new keys) and stored. */
export const CHUNK_ROWS = 1_000
/** Line errors kept in the report (all are counted). */
const ERROR_SAMPLES = 100

export { ImportFailure }

export interface ParseTarget {
  id: number
  tenantId: number
  source: StatementSource
  fileId: number | null
  period: string
  currency: string
  mapping: Partial<Record<StatementField, string>>
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

interface Chunk {
  lines: StoredLine[]
  base: Units[]
  /** Settles once every line of the chunk has its match. */
  matched: Promise<void>
}

interface Tally {
  matched: { isrc: number; upc: number; manual: number }
  unmatchedRows: number
  unmatchedNet: Sum
  channels: Map<string, { rows: number; net: Sum }>
}

/** Stores one chunk once its keys are looked up: matched lines to blocks and groups, the rest as rows. */
async function storeChunk(chunk: Chunk, writer: LineWriter, tally: Tally) {
  await chunk.matched
  const { lines, base } = chunk
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]
    let channel = tally.channels.get(line[6])
    if (!channel) tally.channels.set(line[6], (channel = { rows: 0, net: new Sum() }))
    channel.rows += 1
    channel.net.add(base[index])
    let full: Promise<void> | null
    if (line[14] !== null) {
      tally.matched[line[14]] += 1
      full = writer.matched(line, base[index])
    } else {
      tally.unmatchedRows += 1
      tally.unmatchedNet.add(base[index])
      full = writer.unmatched(line)
    }
    if (full) await full
  }
}

async function readAndReport(services: Services, target: ParseTarget, signal?: AbortSignal) {
  const { db } = services
  const rate = await rateFor(db, target.tenantId, target.currency, target.period)
  if (rate === null)
    throw new ImportFailure(`No exchange rate for ${target.currency} in ${target.period.slice(0, 7)}: add one under Exchange rates`)
  const file = target.fileId === null ? null : await services.files.find(db, target.tenantId, target.fileId)
  if (!file) throw new ImportFailure('The statement file is no longer stored: upload it again.')
  const stream = await services.files.open(file)
  const matcher = new Matcher(db, target.tenantId)
  const writer = new LineWriter(db, target.tenantId, target.id)
  const tally: Tally = { matched: { isrc: 0, upc: 0, manual: 0 }, unmatchedRows: 0, unmatchedNet: new Sum(), channels: new Map() }
  let columns: Columns | null = null
  let converter = null as unknown as LineConverter
  let lines: StoredLine[] = []
  let base: Units[] = []
  // The chunk read before this one, its keys being looked up while this one is read.
  let previous: Chunk | null = null
  let line = 1
  let rows = 0
  const gross = new Sum()
  const net = new Sum()
  const netBase = new Sum()
  let errorCount = 0
  const errors: { line: number; message: string }[] = []
  const pass = async () => {
    const chunk: Chunk = { lines, base, matched: matcher.match(lines) }
    chunk.matched.catch(() => undefined)
    lines = []
    base = []
    if (previous) await storeChunk(previous, writer, tally)
    previous = chunk
  }
  try {
    for await (const batch of csvBatches(stream)) {
      for (let index = 0; index < batch.length; index += 1) {
        const record = batch[index]
        if (!columns) {
          columns = resolveColumns(target.source, record, target.mapping)
          converter = new LineConverter({ source: target.source, period: target.period, columns, rate })
          continue
        }
        line += 1
        if (record.every((value) => value.trim() === '')) continue
        try {
          lines.push(converter.convert(record, line, batch.place, index))
          base.push(converter.base)
          gross.add(converter.gross)
          net.add(converter.net)
          netBase.add(converter.base)
          rows += 1
        } catch (error) {
          if (!(error instanceof ImportFailure)) throw error
          errorCount += 1
          if (errors.length < ERROR_SAMPLES) errors.push({ line, message: error.message })
        }
        if (lines.length >= CHUNK_ROWS) {
          if (signal?.aborted) throw new Error('Stopped')
          await pass()
        }
      }
    }
    if (!columns) throw new ImportFailure('The file is empty: it has no header row.')
    await pass()
    if (previous) await storeChunk(previous, writer, tally)
    await writer.finish()
  } catch (error) {
    await writer.settle()
    if (error instanceof ImportFailure || error instanceof StatementFormatError) throw error
    if (error instanceof CsvError) throw new ImportFailure(`The CSV could not be read at line ${error.line}: ${error.message}`)
    throw error
  } finally {
    stream.destroy()
  }
  if (rows === 0 && errorCount === 0) throw new ImportFailure('The file has a header row but no lines.')
  const report = await buildReport(db, target, tally, {
    rate,
    rows,
    gross: fromScaled(gross.value(), LINE_SCALE),
    net: fromScaled(net.value(), LINE_SCALE),
    netBase: fromScaled(netBase.value(), BASE_SCALE),
    errors: { count: errorCount, samples: errors },
  })
  await db.execute(sql`
    update statement_imports set status = 'review', exchange_rate = ${rate}, rows = ${rows},
      line_columns = ${JSON.stringify(columns)}::jsonb, matched_isrc = ${report.matched.isrc}, matched_upc = ${report.matched.upc}, matched_manual = ${report.matched.manual},
      unmatched = ${report.unmatched.rows}, gross = ${report.gross}, net = ${report.net}, net_base = ${report.netBase},
      report = ${JSON.stringify(report)}::jsonb
    where id = ${target.id} and tenant_id = ${target.tenantId} and status = 'parsing'`)
}

const percent = (change: bigint, base: bigint): number | null => (base === 0n ? null : Number((change * 10000n) / base) / 100)

async function buildReport(
  db: Queryable,
  target: ParseTarget,
  tally: Tally,
  totals: { rate: string; rows: number; gross: string; net: string; netBase: string; errors: ImportReport['errors'] },
): Promise<ImportReport> {
  const id = target.id
  const matched = tally.matched
  const unmatched = { rows: tally.unmatchedRows, net: fromScaled(tally.unmatchedNet.value(), BASE_SCALE) }
  const top = await db.execute<{ key: string; kind: 'isrc' | 'upc' | 'none'; title: string; n: number; net: string }>(sql`
    select coalesce(isrc, upc, '') as key, case when isrc is not null then 'isrc' when upc is not null then 'upc' else 'none' end as kind,
      coalesce(max(title), '') as title, count(*)::int as n, sum(net_base)::text as net
    from statement_lines where tenant_id = ${target.tenantId} and import_id = ${id} and release_id is null
    group by 1, 2 order by sum(net_base) desc, 1 limit 10`)
  const channels = [...tally.channels]
    .map(([channel, sum]) => ({ channel, rows: sum.rows, net: sum.net.value() }))
    .sort((a, b) => (a.net === b.net ? (a.channel < b.channel ? -1 : a.channel > b.channel ? 1 : 0) : a.net > b.net ? -1 : 1))
    .slice(0, 50)
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
    channels: channels.map((row) => ({ channel: row.channel, rows: row.rows, net: fromScaled(row.net, BASE_SCALE) })),
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
