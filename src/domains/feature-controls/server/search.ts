import { sql, type SQL } from 'drizzle-orm'
import type { SearchHit } from '@contract/search'
import { REVIEW_KINDS, reviewStatusLabel, type ReviewKind } from '@core/feature-requests'
import { likePattern, newestIds, type SearchProvider } from '@server/search'
import { requestsById } from './review'

/** The short id prefix of each kind (`gl12`), beside its name (`greenlist:12`). */
const SHORT_PREFIX: Readonly<Record<ReviewKind, string>> = { greenlist: 'gl', blocklist: 'bl', youtubeMcn: 'mcn', chartRegistration: 'soundscan', pitch: 'pitch', licensing: 'licence' }

/**
 * One kind's requests by id (#12, greenlist:12, gl12) or title fragment (trigram index), newest
 * first; each hit opens its kind's single screen.
 */
function reviewSearch(kind: ReviewKind): SearchProvider {
  const def = REVIEW_KINDS[kind]
  return {
    kind,
    access: 'admin',
    async search(ctx, query, limit) {
      const { db } = ctx.services
      const tenantId = ctx.tenant.id
      const mine = query.idPrefix === null || query.idPrefix === kind.toLowerCase() || query.idPrefix === SHORT_PREFIX[kind]
      if (query.id !== null && !mine) return []
      const branches: SQL[] = []
      if (query.id !== null)
        branches.push(sql`select r.id, r.created_at from feature_requests r where r.tenant_id = ${tenantId} and r.kind = ${kind} and r.id = ${query.id}`)
      if (query.id === null && query.fuzzy)
        branches.push(sql`select r.id, r.created_at from feature_requests r
          where r.tenant_id = ${tenantId} and r.kind = ${kind} and r.title ilike ${likePattern(query.text)}
          order by r.created_at desc, r.id desc limit ${limit}`)
      const rows = await requestsById(db, tenantId, await newestIds(db, branches, limit))
      return rows
        .filter((row) => row.kind === kind)
        .sort((a, b) => b.id - a.id)
        .map(
          (row): SearchHit => ({
            kind,
            id: row.id,
            title: `${def.label} #${row.id}: ${row.title}`,
            subtitle: [row.requester.name, reviewStatusLabel(def, row.status)].join(' · '),
            score: query.id !== null && row.id === query.id ? 1 : 0.55,
          }),
        )
    },
  }
}

export const FEATURE_REQUEST_SEARCH: SearchProvider[] = (Object.keys(REVIEW_KINDS) as ReviewKind[]).map(reviewSearch)
