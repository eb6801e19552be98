import type { StatementField, StatementSource } from '@contract/earnings-imports'
import { CsvError, csvBatches } from './csv'
import { resolveColumns, StatementFormatError, type Columns } from './formats'
import { LineConverter } from './line-convert'
import { LineWriter, Matcher, type Run, type StoredLine } from './line-store'
import { ImportFailure, Sum, type Units } from './line-values'

// Reading a statement's lines: the file's bytes, in the chunks they are read in, through csvBatches
// (./csv.ts; never whole in memory), each record checked and converted (./line-convert.ts), a chunk
// of lines at a time matched against the catalogue and stored (./line-store.ts), and tallied for
// the dry-run report. Its statements are plain text with $n parameters, run through a Run: the
// pool's query, without a query builder in the path of a million lines.

/** Lines per chunk: matched together (one lookup of the chunk's new keys) and stored. */
export const CHUNK_ROWS = 1_000
/**
 * Chunks whose keys may be being looked up while the next is read: enough to hide a lookup's round
 * trip behind reading, fewer than the connections a server has for everything else.
 */
const MATCH_AHEAD = 3
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

/**
 * Reads, converts, matches and stores every line of the file whose bytes `bytes` yields. Throws
 * ImportFailure or StatementFormatError with a message for the person importing; any other error
 * is the server's. `signal` is looked at between chunks.
 */
export async function readLines(
  bytes: AsyncIterable<Buffer | string>,
  target: ReadTarget,
  rate: string,
  run: Run,
  signal?: AbortSignal,
): Promise<LinesRead> {
  const matcher = new Matcher(run, target.tenantId)
  const writer = new LineWriter(run, target.tenantId, target.id)
  const tally: Tally = { matched: { isrc: 0, upc: 0, manual: 0 }, unmatchedRows: 0, unmatchedNet: new Sum(), channels: new Map() }
  let columns: Columns | null = null
  let converter = null as unknown as LineConverter
  let lines: StoredLine[] = []
  let base: Units[] = []
  // The chunks read before this one, oldest first, their keys being looked up while this one is read.
  const waiting: Chunk[] = []
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
    waiting.push(chunk)
    while (waiting.length > MATCH_AHEAD) await storeChunk(waiting.shift() as Chunk, writer, tally)
  }
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
    for (const chunk of waiting.splice(0)) await storeChunk(chunk, writer, tally)
    await writer.finish()
  } catch (error) {
    await writer.settle()
    if (error instanceof ImportFailure || error instanceof StatementFormatError) throw error
    if (error instanceof CsvError) throw new ImportFailure(`The CSV could not be read at line ${error.line}: ${error.message}`)
    throw error
  }
  if (rows === 0 && errorCount === 0) throw new ImportFailure('The file has a header row but no lines.')
  return {
    columns,
    rows,
    gross: gross.value(),
    net: net.value(),
    netBase: netBase.value(),
    errors: { count: errorCount, samples: errors },
    matched: tally.matched,
    unmatchedRows: tally.unmatchedRows,
    unmatchedNet: tally.unmatchedNet.value(),
    channels: [...tally.channels].map(([channel, sum]) => ({ channel, rows: sum.rows, net: sum.net.value() })),
  }
}
