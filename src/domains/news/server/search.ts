import { sql, type SQL } from 'drizzle-orm'
import type { SearchHit } from '@contract/search'
import { NEWS_STATUS_LABELS, type NewsStatus } from '@core/news'
import { likePattern, unionAll, type SearchProvider } from '@server/search'

const POST_PREFIXES = new Set(['post', 'news'])

/** Posts by id (post:12 or a bare number), slug (exact) or title (news_posts_title_trgm_idx), newest first. */
export const newsPostSearch: SearchProvider = {
  kind: 'newsPost',
  access: 'admin',
  async search(ctx, query, limit) {
    const { db } = ctx.services
    const tenantId = ctx.tenant.id
    if (query.id !== null && query.idPrefix !== null && !POST_PREFIXES.has(query.idPrefix)) return []
    const branches: SQL[] = []
    if (query.id !== null) branches.push(sql`select id, created_at from news_posts where tenant_id = ${tenantId} and id = ${query.id}`)
    else if (!query.identifier) {
      // news_posts_slug_idx
      branches.push(sql`select id, created_at from news_posts where tenant_id = ${tenantId} and slug = ${query.text.toLowerCase()}`)
      if (query.fuzzy)
        branches.push(
          sql`select id, created_at from news_posts where tenant_id = ${tenantId} and title ilike ${likePattern(query.text)} order by created_at desc limit ${limit}`,
        )
    }
    if (branches.length === 0) return []
    const found = await db.execute<{ id: number; title: string; slug: string; status: NewsStatus; created_at: string }>(sql`
      select p.id, p.title, p.slug, p.status, p.created_at from news_posts p
      where p.tenant_id = ${tenantId} and p.id in (select id from (${unionAll(branches)}) hits)
      order by p.created_at desc, p.id desc limit ${limit}`)
    return found.rows.map((row): SearchHit => ({
      kind: 'newsPost',
      id: Number(row.id),
      title: row.title,
      subtitle: `News post · ${NEWS_STATUS_LABELS[row.status]} · ${row.slug}`,
      score: query.id !== null && Number(row.id) === query.id ? 1 : 0.6,
    }))
  },
}
