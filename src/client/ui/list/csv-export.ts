import { formatDecimal } from '@core/format'
import type { ColumnDef } from './list-types'
import { saveBlob } from '../../save-blob'

export type CsvCell = string | number | boolean | null | undefined

/** Spec: the CSV export downloads a file named export.csv. */
export const CSV_FILE_NAME = 'export.csv'

const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/
// OWASP's list: a spreadsheet reads these as the start of a formula (tab and CR too).
const FORMULA_START = /^[=+\-@\t\r]/

function field(cell: CsvCell): string {
  let text = cell === null || cell === undefined ? '' : String(cell)
  // A plain number like -12.50 cannot be a formula; quoting it would turn it into text.
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/**
 * RFC 4180 text: CRLF between records, fields with a comma, quote or line break quoted, quotes
 * doubled. Cells that a spreadsheet would run as a formula get a leading single quote.
 */
export function toCsv(headers: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [headers, ...rows].map((record) => record.map(field).join(',')).join('\r\n')
}

/** The plain text of one cell, as the CSV (and nothing else) wants it. */
export function cellText<Row>(column: ColumnDef<Row>, row: Row): string {
  if (column.csv) return column.csv(row)
  switch (column.type) {
    case 'text':
    case 'hoverText':
    case 'message': {
      const value = column.value(row)
      return value === null || value === undefined ? '' : String(value)
    }
    case 'img': {
      const value = column.value(row)
      return !value ? '' : typeof value === 'string' ? value : value.src
    }
    case 'money': {
      const value = column.value(row)
      // Digits only, so a spreadsheet sees a number and not "$1,234.50" text.
      return value === null || value === undefined || value === '' ? '' : formatDecimal(value, 2)
    }
    case 'date': {
      const value = column.value(row)
      return !value ? '' : typeof value === 'string' ? value : value.toISOString()
    }
    case 'status': {
      const value = column.value(row)
      return value === null || value === undefined ? '' : (column.statuses[String(value)]?.label ?? String(value))
    }
    case 'delivery':
      return (column.value(row) ?? []).map((mark) => `${mark.platform}: ${mark.delivered ? 'delivered' : 'pending'}`).join('; ')
    case 'icons':
      return (column.value(row) ?? []).map((mark) => mark.label).join('; ')
    case 'icon':
      return column.value(row)?.label ?? ''
    case 'user':
    case 'newAdmin':
      return column.value(row)?.name ?? ''
    case 'group':
      return (column.value(row) ?? []).join('; ')
    case 'release':
      return column.value(row)?.title ?? ''
  }
}

/** The visible columns' headers and the loaded rows, as CSV text. */
export function rowsToCsv<Row>(columns: readonly ColumnDef<Row>[], rows: readonly Row[]): string {
  return toCsv(
    columns.map((column) => column.header),
    rows.map((row) => columns.map((column) => cellText(column, row))),
  )
}

/** Hands the text to the browser as a download. */
export function downloadCsv(text: string, fileName: string = CSV_FILE_NAME): void {
  // The byte order mark makes Excel read the file as UTF-8 (names with accents stay intact).
  saveBlob(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }), fileName)
}
