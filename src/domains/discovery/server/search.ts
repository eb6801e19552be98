import { sql, type SQL } from 'drizzle-orm'
import type { SearchHit } from '@contract/search'
import {
  discoveryStatusLabel,
  MATCH_PLATFORM_LABELS,
  MATCH_STATUS_LABELS,
  type DiscoveryStatus,
  type MatchPlatform,
  type MatchStatus,
} from '@core/discovery'
import { likePattern, newestIds, type SearchProvider } from '@server/search'
import { matchTitleCondition } from './usage/service'

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

/** Usage matches by id (#12, match:12), the provider's match id, or track title; newest first. */
export const usageMatchSearch: SearchProvider = {
  kind: 'usageMatch',
  access: 'admin',
  async search(ctx, query, limit) {
    const { db } = ctx.services
    const tenantId = ctx.tenant.id
    if (query.id !== null && query.idPrefix !== null && query.idPrefix !== 'match') return []
    const branches: SQL[] = [
      sql`select m.id, m.found_at as created_at from usage_matches m where m.tenant_id = ${tenantId} and m.provider_id = ${query.text}`,
    ]
    if (query.id !== null) branches.push(sql`select m.id, m.found_at as created_at from usage_matches m where m.tenant_id = ${tenantId} and m.id = ${query.id}`)
    if (query.id === null && query.fuzzy && !query.identifier) {
      // The newest matches of a track title: a common fragment walks the list's order, a rare one lists its assets' matches.
      const title = await matchTitleCondition(db, tenantId, query.text)
      branches.push(sql`select m.id, m.found_at as created_at from usage_matches m where m.tenant_id = ${tenantId} and ${title.condition}
        order by m.found_at desc nulls last, m.id desc nulls last limit ${limit}`)
    }
    const ids = await newestIds(db, branches, limit)
    if (ids.length === 0) return []
    const result = await db.execute<{ id: number; provider_id: string; title: string; platform: MatchPlatform; status: MatchStatus; user_name: string | null }>(sql`
      select m.id, m.provider_id, m.title, m.platform, m.status, m.user_name from usage_matches m
      where m.tenant_id = ${tenantId} and m.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by m.id desc`)
    return result.rows.map(
      (row): SearchHit => ({
        kind: 'usageMatch',
        id: Number(row.id),
        title: `Match #${row.id}: ${row.title}`,
        subtitle: [MATCH_PLATFORM_LABELS[row.platform], row.user_name, MATCH_STATUS_LABELS[row.status], row.provider_id].filter(Boolean).join(' · '),
        score: (query.id !== null && Number(row.id) === query.id) || row.provider_id === query.text ? 1 : 0.5,
      }),
    )
  },
}
