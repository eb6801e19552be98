import type { StatementSource } from '@contract/earnings-imports'
import type { CsvBatchPlace } from './csv'
import { FORMATS, type Columns } from './formats'
import type { StoredLine } from './line-store'
import {
  amountUnits,
  BaseConverter,
  count,
  ImportFailure,
  isrcOf,
  LINE_SCALE,
  monthReader,
  territoryOf,
  text,
  unitsText,
  upcOf,
  type Units,
} from './line-values'

// One statement record to a line, the same way when the file is read and when a block of its
// matched lines is read back from the stored file (statement_line_blocks: byte range plus matches).

const cell = (record: string[], index: number) => (index >= 0 ? (record[index] ?? '').trim() : '')

/** What converting a file's records needs: its columns, the statement's month and source, the rate. */
export interface LineSetting {
  source: StatementSource
  period: string
  columns: Columns
  rate: string
}

/** Converts records to lines; the last line's gross, net and base units are left on the converter. */
export class LineConverter {
  gross: Units = 0
  net: Units = 0
  base: Units = 0
  private readonly base6: BaseConverter
  private readonly monthOf: (raw: string) => string
  private readonly defaultChannel: string
  /** Channels seen, each kept once (see own()). */
  private readonly channels = new Map<string, string>()
  constructor(private readonly setting: LineSetting) {
    this.base6 = new BaseConverter(setting.rate)
    this.monthOf = monthReader(setting.period)
    this.defaultChannel = FORMATS[setting.source].defaultChannel
  }

  /** A line's channel: the file's (at most 200 characters) or the source's default, one string per channel. */
  private channel(raw: string): string {
    if (raw === '') return this.defaultChannel
    const known = this.channels.get(raw)
    if (known !== undefined) return known
    const kept = own(raw.slice(0, 200))
    if (this.channels.size < 10_000) this.channels.set(kept, kept)
    return kept
  }

  /** The record as a line (unmatched), or ImportFailure naming what is wrong with it. */
  convert(record: string[], lineNo: number, place: CsvBatchPlace | null, index: number): StoredLine {
    const columns = this.setting.columns
    const rawGross = cell(record, columns.gross)
    const gross = rawGross !== '' ? amountUnits(rawGross, 'Gross') : 0
    const rawNet = cell(record, columns.net)
    if (rawNet === '') throw new ImportFailure('Net is empty')
    const net = amountUnits(rawNet, 'Net')
    const base = this.base6.convert(net)
    const line: StoredLine = [
      lineNo,
      this.monthOf(cell(record, columns.period)),
      isrcOf(cell(record, columns.isrc)),
      upcOf(cell(record, columns.upc)),
      text(cell(record, columns.title)),
      text(cell(record, columns.artist)),
      this.channel(cell(record, columns.channel)),
      territoryOf(cell(record, columns.territory)),
      count(cell(record, columns.quantity)),
      typeof gross === 'number' && rawGross !== '' ? rawGross : unitsText(gross, LINE_SCALE),
      typeof net === 'number' ? rawNet : unitsText(net, LINE_SCALE),
      base,
      null,
      null,
      null,
      place,
      index,
    ]
    this.gross = gross
    this.net = net
    this.base = base
    return line
  }
}

/**
 * A copy of `value` that does not hold on to the text it was cut from: V8 keeps a cell of 13
 * characters or more as a slice of the whole chunk of the file it was read from, so a line kept for
 * long (an unmatched line waiting for its insert, a group's channel) would keep ~64 KB alive and
 * every chunk would reach the old generation.
 */
export const own = (value: string): string => (' ' + value).slice(1)
