import { sql, type SQL } from 'drizzle-orm'
import type { SearchHit } from '@contract/search'
import { discoveryStatusLabel, type DiscoveryStatus } from '@core/discovery'
import { likePattern, newestIds, type SearchProvider } from '@server/search'

const PREFIXES = new Set(['dm', 'discovery'])

/**
 * Discovery Mode submissions by id (#12, dm:12) or by release or track title (their trigram
 * indexes), newest first; each hit opens the submission's single screen.
 */
export const discoverySearch: SearchProvider = {
  kind: 'discoverySubmission',
  access: 'admin',
  async search(ctx, query, limit) {
    const { db } = ctx.services
    const tenantId = ctx.tenant.id
    if (query.id !== null && query.idPrefix !== null && !PREFIXES.has(query.idPrefix)) return []
    const branches: SQL[] = []
    if (query.id !== null)
      branches.push(sql`select d.id, d.created_at from spotify_discovery d where d.tenant_id = ${tenantId} and d.id = ${query.id}`)
    if (query.id === null && query.fuzzy) {
      const pattern = likePattern(query.text)
      branches.push(
        sql`select d.id, d.created_at from spotify_discovery d
          where d.tenant_id = ${tenantId} and d.release_id in (select x.id from releases x where x.tenant_id = ${tenantId} and x.title ilike ${pattern})
          order by d.created_at desc, d.id desc limit ${limit}`,
        sql`select d.id, d.created_at from spotify_discovery d
          where d.tenant_id = ${tenantId} and d.track_id in (select x.id from tracks x where x.tenant_id = ${tenantId} and x.title ilike ${pattern})
          order by d.created_at desc, d.id desc limit ${limit}`,
      )
    }
    const ids = await newestIds(db, branches, limit)
    if (ids.length === 0) return []
    const result = await db.execute<{ id: number; status: DiscoveryStatus; month: string; title: string; track_title: string | null }>(sql`
      select d.id, d.status, to_char(d.campaign_month, 'YYYY-MM') as month, rel.title, tr.title as track_title
      from spotify_discovery d join releases rel on rel.id = d.release_id left join tracks tr on tr.id = d.track_id
      where d.tenant_id = ${tenantId} and d.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by d.id desc`)
    return result.rows.map(
      (row): SearchHit => ({
        kind: 'discoverySubmission',
        id: Number(row.id),
        title: `Discovery Mode #${row.id}: ${row.track_title ? `${row.track_title} (${row.title})` : row.title}`,
        subtitle: [discoveryStatusLabel(row.status), row.month].join(' · '),
        score: query.id !== null && Number(row.id) === query.id ? 1 : 0.5,
      }),
    )
  },
}
