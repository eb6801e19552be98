import { createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { Readable } from 'node:stream'
import type { SQL } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'

// Writing CSV without holding it: rows come from the database a page at a time (keyset paging, the
// same on PGlite and PostgreSQL) and leave as a stream, to a reply or to a file.

const NUMBER = /^-?\d+(\.\d+)?$/

/** One CSV cell: quoted when needed, and text is never read as a formula by a spreadsheet (numbers stay numbers). */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text) && !NUMBER.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const csvLine = (values: readonly unknown[]) => `${values.map(csvCell).join(',')}\r\n`

/**
 * Rows of a query read page by page on a keyset: `page(after)` returns the next `size` rows after
 * the key `after` (null for the first page) in key order; `keyOf` gives a row's key. Memory holds
 * one page whatever the table's size.
 */
export async function* keysetRows<Row, Key>(
  q: Queryable,
  page: (after: Key | null, size: number) => SQL,
  keyOf: (row: Row) => Key,
  size = 5_000,
): AsyncGenerator<Row> {
  let after: Key | null = null
  for (;;) {
    const { rows } = await q.execute<Record<string, unknown>>(page(after, size))
    for (const row of rows) yield row as Row
    if (rows.length < size) return
    after = keyOf(rows[rows.length - 1] as Row)
  }
}

/** CSV text (header, then one line per row) as a stream that pulls rows only as fast as it is read. */
export function csvStream(header: readonly string[], rows: AsyncIterable<readonly unknown[]>): Readable {
  async function* lines() {
    yield csvLine(header)
    let batch = ''
    for await (const row of rows) {
      batch += csvLine(row)
      if (batch.length >= 64 * 1024) {
        yield batch
        batch = ''
      }
    }
    if (batch) yield batch
  }
  return Readable.from(lines(), { objectMode: false })
}

/** Writes CSV to `path` and answers the number of data rows written. */
export async function writeCsvFile(path: string, header: readonly string[], rows: AsyncIterable<readonly unknown[]>): Promise<number> {
  const out = createWriteStream(path)
  let count = 0
  async function* counted() {
    for await (const row of rows) {
      count++
      yield row
    }
  }
  try {
    for await (const chunk of csvStream(header, counted())) {
      if (!out.write(chunk)) await once(out, 'drain')
    }
  } finally {
    out.end()
    await once(out, 'close')
  }
  return count
}
