import type { StatementField, StatementSource } from '@contract/earnings-imports'
import { STATEMENT_FIELD_LABELS } from '@contract/earnings-imports'

/**
 * The columns each statement source is read from (docs/formats/youtube-cms.md, audiosalad.md): for
 * every field of ours, the header spellings accepted, compared without case, spaces or punctuation.
 * An upload's `mapping` (field → header) overrides these for files laid out differently.
 */
export interface StatementFormat {
  source: StatementSource
  aliases: Record<StatementField, readonly string[]>
  /** Fields that must have a column. */
  required: readonly StatementField[]
  /** At least one of these must have a column (what lines are matched by). */
  oneOf: readonly StatementField[]
  /** Channel when the file has no channel column. */
  defaultChannel: string
}

export const FORMATS: Record<StatementSource, StatementFormat> = {
  cms: {
    source: 'cms',
    aliases: {
      isrc: ['ISRC', 'Asset ISRC', 'isrc', 'Sound Recording ISRC'],
      upc: ['UPC', 'Asset UPC', 'Album UPC', 'EAN', 'GRid'],
      title: ['Asset Title', 'Title', 'Video Title', 'Track Title'],
      artist: ['Artist', 'Asset Artist', 'Asset Labels', 'Channel Display Name'],
      channel: ['Revenue Source', 'Content Type', 'Claim Type', 'Asset Type', 'Source'],
      territory: ['Country', 'Territory', 'Country Code'],
      quantity: ['Owned Views', 'Views', 'Total Views', 'Monetized Views'],
      gross: ['Gross Revenue', 'YouTube Revenue Split', 'Total Revenue', 'Revenue'],
      net: ['Partner Revenue', 'Net Revenue', 'Partner Revenue (USD)', 'Earnings', 'Payable'],
      period: ['Month', 'Day', 'Activity Month', 'Date', 'Reporting Period'],
    },
    required: ['net'],
    oneOf: ['isrc', 'upc'],
    defaultChannel: 'YouTube',
  },
  audiosalad: {
    source: 'audiosalad',
    aliases: {
      isrc: ['ISRC', 'Track ISRC', 'Asset ISRC'],
      upc: ['UPC', 'Release UPC', 'EAN', 'Barcode', 'Product UPC'],
      title: ['Track Title', 'Title', 'Track', 'Asset Title', 'Release Title'],
      artist: ['Artist', 'Track Artist', 'Release Artist', 'Display Artist', 'Artist Name'],
      channel: ['Store', 'Retailer', 'Store Name', 'DSP', 'Channel', 'Service'],
      territory: ['Country', 'Territory', 'Country Code', 'Sale Country'],
      quantity: ['Quantity', 'Units', 'Streams', 'Qty'],
      gross: ['Gross', 'Gross Revenue', 'Gross Amount', 'Gross Total', 'Total Sales'],
      net: ['Net', 'Royalty', 'Net Revenue', 'Net Amount', 'Net Total', 'Net Sales', 'Payable'],
      period: ['Sale Month', 'Reporting Period', 'Period', 'Sales Period', 'Month', 'Start Date'],
    },
    required: ['net'],
    oneOf: ['isrc', 'upc'],
    defaultChannel: '',
  },
}

export const normalizeHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '')

/** Where each field's value is in a row: column indexes, or -1 when the file has no such column. */
export type Columns = Record<StatementField, number>

export class StatementFormatError extends Error {}

/**
 * Resolves the file's header row against the source's aliases and the upload's mapping; missing
 * required columns fail with the list of them and the headers the file has.
 */
export function resolveColumns(
  source: StatementSource,
  headers: readonly string[],
  mapping: Partial<Record<StatementField, string>>,
): Columns {
  const format = FORMATS[source]
  const positions = new Map<string, number>()
  headers.forEach((header, index) => {
    const key = normalizeHeader(header)
    if (key && !positions.has(key)) positions.set(key, index)
  })
  const columns = {} as Columns
  const unknownMapped: string[] = []
  for (const field of Object.keys(format.aliases) as StatementField[]) {
    const mapped = mapping[field]
    if (mapped) {
      const index = positions.get(normalizeHeader(mapped))
      if (index === undefined) unknownMapped.push(`${STATEMENT_FIELD_LABELS[field]} → "${mapped}"`)
      columns[field] = index ?? -1
      continue
    }
    columns[field] = -1
    for (const alias of format.aliases[field]) {
      const index = positions.get(normalizeHeader(alias))
      if (index !== undefined) {
        columns[field] = index
        break
      }
    }
  }
  const found = headers.map((header) => `"${header}"`).join(', ') || 'none'
  if (unknownMapped.length)
    throw new StatementFormatError(
      `The column mapping names headers the file does not have: ${unknownMapped.join(', ')}. Headers found: ${found}.`,
    )
  const missing = format.required.filter((field) => columns[field] < 0).map((field) => STATEMENT_FIELD_LABELS[field])
  if (format.oneOf.every((field) => columns[field] < 0))
    missing.push(format.oneOf.map((field) => STATEMENT_FIELD_LABELS[field]).join(' or '))
  if (missing.length)
    throw new StatementFormatError(
      `The file is missing required columns: ${missing.join(', ')}. Headers found: ${found}. Map them with a column mapping.`,
    )
  return columns
}
