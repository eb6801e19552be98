import { parse } from 'csv-parse/sync'
import { HttpError, badRequest } from './errors'
import { FileStore } from './storage/file-store'

/**
 * The records of an uploaded CSV (bulk splits, account imports): text by content, a BOM dropped,
 * cells trimmed, empty lines skipped. Header names are matched letters-only and case-insensitive
 * against `headers` (e.g. "Starts On" → `startson` → `startsOn`); other columns come back as
 * `ignored:<name>`. Refuses a file that is not text, cannot be read, or has no rows.
 */
export function readCsvUpload(data: Buffer, headers: Record<string, string>): Record<string, string>[] {
  if (!FileStore.isText(data))
    throw new HttpError(415, 'The file must be a CSV file.', 'upload_type', { file: 'The file must be a CSV file.' })
  let records: Record<string, string>[]
  try {
    records = parse(data, {
      bom: true,
      columns: (header: string[]) => header.map((name) => headers[name.toLowerCase().replace(/[^a-z]/g, '')] ?? `ignored:${name}`),
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    }) as Record<string, string>[]
  } catch (error) {
    throw badRequest(`The CSV could not be read: ${(error as Error).message}`, { file: 'The CSV could not be read.' })
  }
  if (records.length === 0) throw badRequest('The CSV has no rows.', { file: 'The CSV has no rows.' })
  return records
}

/**
 * The header row alone, from the start of an upload's bytes (a spooled upload's head is enough):
 * imports check it before anything is stored. Throws a 400 naming what could not be read.
 */
export function csvHeaderRow(data: Buffer): string[] {
  const end = data.indexOf(10)
  const head = data.subarray(0, end < 0 ? Math.min(data.length, 65_536) : end + 1)
  try {
    const rows = parse(head, { bom: true, relax_column_count: true, relax_quotes: true, to_line: 1 }) as string[][]
    return rows[0] ?? []
  } catch (error) {
    const message = `The CSV could not be read: ${(error as Error).message}`
    throw new HttpError(400, message, 'validation', { file: message })
  }
}
