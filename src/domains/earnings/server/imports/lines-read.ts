import { sql, type SQL } from 'drizzle-orm'
import type { ImportLine } from '@contract/earnings-imports'
import type { Queryable } from '@server/db/engine'
import { countCapped } from '@server/db/paging'
import type { Services } from '@server/context'
import { blockSource, LineNames, readBlock, type BlockRow } from './line-blocks'
import type { StoredLine } from './line-store'
import { BASE_SCALE, unitsText } from './line-values'

// An import's lines in file order. They are stored two ways (./line-store.ts): lines that matched
// when read are located by blocks of statement_line_blocks (read back from the stored file), the
// others are rows of statement_lines. Block b
// covers the line numbers after block b−1's last line up to its own last line; the rows whose line
// numbers fall in that span are merged with its lines, and rows after the last block form a final
// span. A page is found by counting each span, so only the one or two spans it touches are read.

export type LineFilter = 'all' | 'matched' | 'unmatched'

type Row = Record<string, unknown>

const fromRow = (row: Row): ImportLine => ({
  id: Number(row.id),
  lineNo: Number(row.line_no),
  period: String(row.period),
  isrc: (row.isrc as string | null) ?? null,
  upc: (row.upc as string | null) ?? null,
  title: (row.title as string | null) ?? null,
  artist: (row.artist as string | null) ?? null,
  channel: String(row.channel),
  territory: String(row.territory),
  quantity: Number(row.quantity),
  gross: String(row.gross),
  net: String(row.net),
  netBase: String(row.net_base),
  matchedBy: (row.matched_by as ImportLine['matchedBy']) ?? null,
  track: row.track_id === null ? null : { id: Number(row.track_id), title: String(row.track_title) },
  release: row.release_id === null ? null : { id: Number(row.release_id), title: String(row.release_title) },
})

/** The statement_lines rows of an import matching `where`, in line order, with their track and release titles. */
function rowsQuery(tenantId: number, where: SQL) {
  return sql`
    select l.id, l.line_no, to_char(l.period, 'YYYY-MM') as period, l.isrc, l.upc, l.title, l.artist, l.channel, l.territory, l.quantity,
      l.gross::text as gross, l.net::text as net, l.net_base::text as net_base, l.matched_by,
      t.id as track_id, t.title as track_title, r.id as release_id, r.title as release_title
    from statement_lines l
      left join tracks t on t.id = l.track_id and t.tenant_id = ${tenantId}
      left join releases r on r.id = l.release_id and r.tenant_id = ${tenantId}
    where ${where}
    order by l.line_no`
}

/** Money as the lines list shows it: the stored text with at least six places. */
const moneyShown = (value: string) => {
  const point = value.indexOf('.')
  if (point < 0) return `${value}.000000`
  const places = value.length - point - 1
  return places >= 6 ? value : value + '0'.repeat(6 - places)
}

/** Block lines as ImportLines, with the titles of their tracks and releases. */
async function fromBlockLines(db: Queryable, tenantId: number, lines: StoredLine[]): Promise<ImportLine[]> {
  const names = new LineNames(db, tenantId)
  await names.load(lines)
  return lines.map((line) => ({
    id: null,
    lineNo: line[0],
    period: line[1].slice(0, 7),
    isrc: line[2],
    upc: line[3],
    title: line[4],
    artist: line[5],
    channel: line[6],
    territory: line[7],
    quantity: line[8],
    gross: moneyShown(line[9]),
    net: moneyShown(line[10]),
    netBase: unitsText(line[11], BASE_SCALE),
    matchedBy: line[14],
    track: line[12] === null ? null : { id: line[12], title: names.track(line[12]) ?? `Track #${line[12]}` },
    release: line[13] === null ? null : { id: line[13], title: names.release(line[13])?.title ?? `Release #${line[13]}` },
  }))
}

/** One page of an import's lines; the total is exact when the import's matched lines are in blocks. */
export async function readImportLines(
  services: Services,
  tenantId: number,
  importId: number,
  page: number,
  perPage: number,
  filter: LineFilter,
): Promise<{ data: ImportLine[]; total: number; estimate: boolean }> {
  const { db } = services
  const rowFilter =
    filter === 'matched' ? sql`and l.release_id is not null` : filter === 'unmatched' ? sql`and l.release_id is null` : sql``
  const rowWhere = sql`l.tenant_id = ${tenantId} and l.import_id = ${importId} ${rowFilter}`
  const { rows: blocks } =
    filter === 'unmatched'
      ? { rows: [] }
      : await db.execute<{ block_no: number; after: number; last_line: number; lines: number; rows: number }>(sql`
          with b as (
            select block_no, coalesce(lag(last_line) over (order by block_no), 0) as after, last_line, lines
            from statement_line_blocks where import_id = ${importId} and tenant_id = ${tenantId}
          )
          select b.block_no, b.after, b.last_line, b.lines,
            (select count(*)::int from statement_lines l where ${rowWhere} and l.line_no > b.after and l.line_no <= b.last_line) as rows
          from b order by b.block_no`)
  const offset = (page - 1) * perPage
  if (!blocks.length) {
    // Every line is a row (nothing matched, only unmatched asked for, or read before blocks existed).
    const { total, estimate } = await countCapped(db, sql`from statement_lines l where ${rowWhere}`)
    const { rows } = await db.execute<Row>(sql`${rowsQuery(tenantId, rowWhere)} limit ${perPage} offset ${offset}`)
    return { data: rows.map(fromRow), total, estimate }
  }
  const lastLine = Number(blocks[blocks.length - 1].last_line)
  const { rows: tail } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from statement_lines l where ${rowWhere} and l.line_no > ${lastLine}`,
  )
  const spans = blocks.map((block) => ({
    blockNo: Number(block.block_no) as number | null,
    after: Number(block.after),
    last: Number(block.last_line) as number | null,
    size: Number(block.lines) + Number(block.rows),
  }))
  spans.push({ blockNo: null, after: lastLine, last: null, size: Number(tail[0]?.n ?? 0) })
  const total = spans.reduce((sum, span) => sum + span.size, 0)
  const data: ImportLine[] = []
  let source: Awaited<ReturnType<typeof blockSource>> | undefined
  let skip = offset
  for (const span of spans) {
    if (data.length >= perPage) break
    if (skip >= span.size) {
      skip -= span.size
      continue
    }
    const spanRows = sql`${rowWhere} and l.line_no > ${span.after} ${span.last === null ? sql`` : sql`and l.line_no <= ${span.last}`}`
    const { rows } = await db.execute<Row>(rowsQuery(tenantId, spanRows))
    let merged: { lineNo: number; row?: ImportLine; line?: StoredLine }[] = rows.map((row) => {
      const line = fromRow(row)
      return { lineNo: line.lineNo, row: line }
    })
    if (span.blockNo !== null) {
      const { rows: stored } = await db.execute<BlockRow>(
        sql`select first_line, byte_start, byte_end, data from statement_line_blocks where import_id = ${importId} and block_no = ${span.blockNo}`,
      )
      source ??= await blockSource(services, tenantId, importId)
      const blockLines = stored[0] && source ? await readBlock(services.files, source, stored[0]) : []
      merged = [...merged, ...blockLines.map((line) => ({ lineNo: line[0], line }))].sort((a, b) => a.lineNo - b.lineNo)
    }
    const taken = merged.slice(skip, skip + perPage - data.length)
    skip = 0
    const shown = await fromBlockLines(
      db,
      tenantId,
      taken.flatMap((entry) => (entry.line ? [entry.line] : [])),
    )
    const byLine = new Map(shown.map((line) => [line.lineNo, line]))
    for (const entry of taken) data.push(entry.row ?? (byLine.get(entry.lineNo) as ImportLine))
  }
  return { data, total, estimate: false }
}
