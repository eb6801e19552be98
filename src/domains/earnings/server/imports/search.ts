import { sql } from 'drizzle-orm'
import { IMPORT_STATUS_LABELS, SOURCE_LABELS, type ImportStatus, type StatementSource } from '@contract/earnings-imports'
import type { SearchHit } from '@contract/search'
import { likePattern, type SearchProvider } from '@server/search'

const PREFIXES = new Set(['import', 'imp', 'i', 'statement'])

type Row = { id: number; file_name: string; source: StatementSource; status: ImportStatus; period: string; rows: number }

/** Statement imports by id (import:12, #12) or a fragment of the file name, newest first. */
export const importSearch: SearchProvider = {
  kind: 'statementImport',
  access: 'admin',
  async search(ctx, query, limit) {
    const { db } = ctx.services
    const tenantId = ctx.tenant.id
    const toHit = (row: Row, score: number): SearchHit => ({
      kind: 'statementImport',
      id: Number(row.id),
      title: row.file_name,
      subtitle: [
        `Import #${row.id}`,
        SOURCE_LABELS[row.source],
        row.period,
        IMPORT_STATUS_LABELS[row.status],
        `${Number(row.rows).toLocaleString('en')} rows`,
      ].join(' · '),
      score,
    })
    const select = sql`select id, file_name, source, status, to_char(period, 'YYYY-MM') as period, rows from statement_imports`
    if (query.id !== null && (query.idPrefix === null || PREFIXES.has(query.idPrefix))) {
      const { rows } = await db.execute<Row>(sql`${select} where tenant_id = ${tenantId} and id = ${query.id}`)
      if (rows.length || query.idPrefix) return rows.map((row) => toHit(row, 1))
    }
    // An email, UPC, ISRC or other kind's id names a record of another kind; a code such as
    // "cms-2026" may well be part of a file name (a workspace has hundreds of imports, not millions).
    if (query.text.length < 2 || (query.identifier && !query.code)) return []
    const { rows } = await db.execute<Row>(sql`
      ${select} where tenant_id = ${tenantId} and file_name ilike ${likePattern(query.text)}
      order by created_at desc, id desc limit ${limit}`)
    const lower = query.text.toLowerCase()
    return rows.map((row) => toHit(row, row.file_name.toLowerCase().startsWith(lower) ? 0.8 : 0.6))
  },
}
