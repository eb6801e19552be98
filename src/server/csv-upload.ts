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
