import { sql } from 'drizzle-orm'
import { RELEASE_STATUS, statusLabel } from '@core/release-status'
import type { SearchHit } from '@contract/search'
import { likePattern, type SearchProvider } from '@server/search'

const PREFIXES = new Set(['draft', 'd'])
/** What the uploader edits: drafts, and releases sent back for documents. */
const EDITABLE = sql`(${RELEASE_STATUS.draft}, ${RELEASE_STATUS.needsDocumentation})`

type DraftRow = { id: number; title: string; artist_text: string; status: number; score: number }

/**
 * Drafts to resume in the uploader: by id (draft:42, or a bare number) or a fragment of the title or
 * artist (trigram indexes). The same releases are also found as releases, which open their tab.
 */
export const draftSearch: SearchProvider = {
  kind: 'draft',
  access: 'admin',
  async search(ctx, query, limit) {
    const { db } = ctx.services
    const tenantId = ctx.tenant.id
    const toHit = (row: DraftRow): SearchHit => ({
      kind: 'draft',
      id: Number(row.id),
      title: row.title || 'Untitled release',
      subtitle: [row.artist_text, statusLabel(Number(row.status))].filter(Boolean).join(' · '),
      score: Math.min(Number(row.score), 1) * 0.95,
    })
    const columns = sql`select r.id, r.title, r.artist_text, r.status`
    if (query.id !== null && (query.idPrefix === null || PREFIXES.has(query.idPrefix))) {
      const found = await db.execute<DraftRow>(
        sql`${columns}, 1::float8 as score from releases r where r.tenant_id = ${tenantId} and r.id = ${query.id} and r.status in ${EDITABLE}`,
      )
      if (query.idPrefix !== null || found.rows.length) return found.rows.map(toHit)
    }
    if (!query.fuzzy || query.identifier) return []
    const pattern = likePattern(query.text)
    const text = query.text.toLowerCase()
    const found = await db.execute<DraftRow>(sql`
      ${columns}, greatest(similarity(lower(r.title), ${text}), similarity(lower(r.artist_text), ${text})) as score
      from releases r
      where r.tenant_id = ${tenantId} and r.status in ${EDITABLE} and (r.title ilike ${pattern} or r.artist_text ilike ${pattern})
      order by score desc, r.id desc
      limit ${limit}`)
    return found.rows.map(toHit)
  },
}
