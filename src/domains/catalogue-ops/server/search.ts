import { sql } from 'drizzle-orm'
import { EXPORT_KIND_LABELS, INGESTION_STATUS_LABELS, type ExportKind, type IngestionStatus } from '@contract/catalogue-ops'
import type { SearchHit } from '@contract/search'
import { likePattern, type SearchProvider } from '@server/search'

// Ingestions and exports by id (#12) or a fragment of the file name, newest first: a workspace has
// hundreds of them, not millions, so the file name is matched without a trigram index.

type IngestionHit = { id: number; file_name: string; status: IngestionStatus; rows: number }
type ExportHit = { id: number; file_name: string; kind: ExportKind; status: string; releases: number }

const wanted = (query: { text: string; identifier: boolean; code: string | null }) =>
  query.text.length >= 2 && !(query.identifier && !query.code)

export const ingestionSearch: SearchProvider = {
  kind: 'ingestion',
  access: 'admin',
  async search(ctx, query, limit) {
    const toHit = (row: IngestionHit, score: number): SearchHit => ({
      kind: 'ingestion',
      id: Number(row.id),
      title: row.file_name,
      subtitle: [`Ingestion #${row.id}`, INGESTION_STATUS_LABELS[row.status], `${Number(row.rows).toLocaleString('en')} rows`].join(' · '),
      score,
    })
    const select = sql`select id, file_name, status, rows from ingestions where tenant_id = ${ctx.tenant.id}`
    if (query.id !== null && query.idPrefix === null) {
      const { rows } = await ctx.services.db.execute<IngestionHit>(sql`${select} and id = ${query.id}`)
      if (rows.length) return rows.map((row) => toHit(row, 0.9))
    }
    if (!wanted(query)) return []
    const { rows } = await ctx.services.db.execute<IngestionHit>(
      sql`${select} and file_name ilike ${likePattern(query.text)} order by id desc limit ${limit}`,
    )
    return rows.map((row) => toHit(row, row.file_name.toLowerCase().startsWith(query.text.toLowerCase()) ? 0.8 : 0.6))
  },
}

export const exportSearch: SearchProvider = {
  kind: 'catalogueExport',
  access: 'admin',
  async search(ctx, query, limit) {
    const toHit = (row: ExportHit, score: number): SearchHit => ({
      kind: 'catalogueExport',
      id: Number(row.id),
      title: row.file_name || `Export #${row.id}`,
      subtitle: [
        `Export #${row.id}`,
        EXPORT_KIND_LABELS[row.kind],
        row.status,
        `${Number(row.releases).toLocaleString('en')} releases`,
      ].join(' · '),
      score,
    })
    const select = sql`select id, file_name, kind, status, releases from catalogue_exports where tenant_id = ${ctx.tenant.id}`
    if (query.id !== null && query.idPrefix === null) {
      const { rows } = await ctx.services.db.execute<ExportHit>(sql`${select} and id = ${query.id}`)
      if (rows.length) return rows.map((row) => toHit(row, 0.9))
    }
    if (!wanted(query)) return []
    const { rows } = await ctx.services.db.execute<ExportHit>(
      sql`${select} and file_name ilike ${likePattern(query.text)} order by id desc limit ${limit}`,
    )
    return rows.map((row) => toHit(row, row.file_name.toLowerCase().startsWith(query.text.toLowerCase()) ? 0.8 : 0.6))
  },
}
