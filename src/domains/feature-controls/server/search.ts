import { sql, type SQL } from 'drizzle-orm'
import type { SearchHit } from '@contract/search'
import { REVIEW_KINDS, reviewStatusLabel, type ReviewKind } from '@core/feature-requests'
import { likePattern, newestIds, type SearchProvider } from '@server/search'
import { requestsById } from './review'

/**
 * Feature-control requests of every kind by id (#12, greenlist:12) or title fragment (trigram index),
 * newest first; each hit opens its kind's single screen.
 */
export const featureRequestSearch: SearchProvider = {
  kind: 'greenlist',
  access: 'admin',
  async search(ctx, query, limit) {
    const { db } = ctx.services
    const tenantId = ctx.tenant.id
    const prefix = query.idPrefix === 'gl' ? 'greenlist' : query.idPrefix
    if (query.id !== null && prefix !== null && !(prefix in REVIEW_KINDS)) return []
    const branches: SQL[] = []
    if (query.id !== null)
      branches.push(sql`select r.id, r.created_at from feature_requests r where r.tenant_id = ${tenantId} and r.id = ${query.id}`)
    if (query.id === null && query.fuzzy)
      branches.push(sql`select r.id, r.created_at from feature_requests r
        where r.tenant_id = ${tenantId} and r.title ilike ${likePattern(query.text)}
        order by r.created_at desc, r.id desc limit ${limit}`)
    const rows = await requestsById(db, tenantId, await newestIds(db, branches, limit))
    return rows
      .filter((row) => prefix === null || row.kind === prefix)
      .sort((a, b) => b.id - a.id)
      .map((row): SearchHit => {
        const def = REVIEW_KINDS[row.kind as ReviewKind]
        return {
          kind: row.kind as ReviewKind,
          id: row.id,
          title: `${def.label} #${row.id}: ${row.title}`,
          subtitle: [row.requester.name, reviewStatusLabel(def, row.status)].join(' · '),
          score: query.id !== null && row.id === query.id ? 1 : 0.55,
        }
      })
  },
}
