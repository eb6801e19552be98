import type { StatementField, StatementSource } from '@contract/earnings-imports'
import { CsvError, csvBatches } from './csv'
import { resolveColumns, StatementFormatError, type Columns } from './formats'
import { LineConverter } from './line-convert'
import { LineStage, type StageSink } from './line-store'
import { BASE_SCALE, ImportFailure, Sum } from './line-values'
import { toScaled } from '@core/decimal'

// Reading a statement's lines: the file's bytes, in the chunks they are read in, through csvBatches
// (./csv.ts; never whole in memory), each record checked and converted (./line-convert.ts), staged
// as it is read (./line-store.ts: COPY on PostgreSQL, inserts on PGlite) and tallied for the
// dry-run report; once the file is read, one statement matches the staged lines against the
// catalogue and stores them (stageFinish). Its statements are plain text with $n parameters, run
// through a Run: the pool's query, without a query builder in the path of a million lines.

/** Line errors kept in the report (all are counted). */
const ERROR_SAMPLES = 100

/** The import being read, as reading needs to know it. */
export interface ReadTarget {
  id: number
  tenantId: number
  source: StatementSource
  period: string
  mapping: Partial<Record<StatementField, string>>
}

/** What reading found: totals in units (10^-10 for gross and net, 10^-6 for base), matches, channels. */
export interface LinesRead {
  columns: Columns
  rows: number
  gross: bigint
  net: bigint
  netBase: bigint
  errors: { count: number; samples: { line: number; message: string }[] }
  matched: { isrc: number; upc: number; manual: number }
  unmatchedRows: number
  unmatchedNet: bigint
  channels: { channel: string; rows: number; net: bigint }[]
}

/**
 * Reads, converts, matches and stores every line of the file whose bytes `bytes` yields. Throws
 * ImportFailure or StatementFormatError with a message for the person importing; any other error
 * is the server's. `signal` is looked at between chunks.
 */
export async function readLines(
  bytes: AsyncIterable<Buffer | string>,
  target: ReadTarget,
  rate: string,
  sink: StageSink,
  signal?: AbortSignal,
): Promise<LinesRead> {
  const stage = new LineStage(sink, target.id)
  const channels = new Map<string, { rows: number; net: Sum }>()
  let columns: Columns | null = null
  let converter = null as unknown as LineConverter
  let line = 1
  let rows = 0
  const gross = new Sum()
  const net = new Sum()
  const netBase = new Sum()
  let errorCount = 0
  const errors: { line: number; message: string }[] = []
  try {
    for await (const batch of csvBatches(bytes)) {
      for (let index = 0; index < batch.length; index += 1) {
        const record = batch[index]
        if (!columns) {
          columns = resolveColumns(target.source, record, target.mapping)
          converter = new LineConverter({ source: target.source, period: target.period, columns, rate })
          continue
        }
        line += 1
        if (record.every((value) => value.trim() === '')) continue
        let converted
        try {
          converted = converter.convert(record, line, batch.place, index)
        } catch (error) {
          if (!(error instanceof ImportFailure)) throw error
          errorCount += 1
          if (errors.length < ERROR_SAMPLES) errors.push({ line, message: error.message })
          continue
        }
        const base = converter.base
        gross.add(converter.gross)
        net.add(converter.net)
        netBase.add(base)
        rows += 1
        let channel = channels.get(converted[6])
        if (!channel) channels.set(converted[6], (channel = { rows: 0, net: new Sum() }))
        channel.rows += 1
        channel.net.add(base)
        const full = stage.add(converted, base)
        if (full) {
          await full
          if (signal?.aborted) throw new Error('Stopped')
        }
      }
    }
    if (!columns) throw new ImportFailure('The file is empty: it has no header row.')
    await stage.finish()
    await sink.end?.()
  } catch (error) {
    await stage.settle()
    if (error instanceof ImportFailure || error instanceof StatementFormatError) throw error
    if (error instanceof CsvError) throw new ImportFailure(`The CSV could not be read at line ${error.line}: ${error.message}`)
    throw error
  }
  if (rows === 0 && errorCount === 0) throw new ImportFailure('The file has a header row but no lines.')
  // The staged lines matched and stored, in one statement; its answer is the report's matches.
  const matched = { isrc: 0, upc: 0, manual: 0 }
  let unmatchedRows = 0
  let unmatchedNet = 0n
  const tallies = await sink.finish(target.tenantId, line)
  for (const tally of tallies) {
    if (tally.matched_by === '') {
      unmatchedRows += Number(tally.lines)
      unmatchedNet += toScaled(tally.net, BASE_SCALE)
    } else matched[tally.matched_by] += Number(tally.lines)
  }
  return {
    columns,
    rows,
    gross: gross.value(),
    net: net.value(),
    netBase: netBase.value(),
    errors: { count: errorCount, samples: errors },
    matched,
    unmatchedRows,
    unmatchedNet,
    channels: [...channels].map(([channel, sum]) => ({ channel, rows: sum.rows, net: sum.net.value() })),
  }
}
