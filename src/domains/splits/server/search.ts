import { sql, type SQL } from 'drizzle-orm'
import { formatIsrc } from '@core/identifiers'
import { displayName } from '@core/names'
import { splitStatusLabel } from '@core/split-status'
import type { SearchHit } from '@contract/search'
import { likePattern, bestHits, type SearchProvider } from '@server/search'

const SPLIT_PREFIXES = new Set(['split', 's', 'sp'])
const CANDIDATES = 200

type Row = {
  id: number
  status: string
  locked: boolean
  title: string
  isrc: string | null
  email: string
  first_name: string
  last_name: string
  artist_name: string | null
  score: number
}

/**
 * Splits by id (split:42), pasted ISRC, the owner's email, or a fragment of the track title or the
 * owner's name or email: UNION ALL branches on their own indexes with their own LIMIT, one statement.
 */
export const splitSearch: SearchProvider = {
  kind: 'split',
  access: 'admin',
  async search(ctx, query, limit) {
    const { db } = ctx.services
    const tenantId = ctx.tenant.id
    const toHit = (row: Row): SearchHit => {
      const owner = displayName({ firstName: row.first_name, lastName: row.last_name, artistName: row.artist_name, email: row.email })
      return {
        kind: 'split',
        id: Number(row.id),
        title: `Split of ${row.title}`,
        subtitle: [owner, row.isrc ? formatIsrc(row.isrc) : null, splitStatusLabel(row.status), row.locked ? 'Locked' : null]
          .filter(Boolean)
          .join(' · '),
        score: Number(row.score),
      }
    }
    const select = sql`select s.id, s.status, s.locked, t.title, t.isrc, o.email, o.first_name, o.last_name, ap.artist_name`
    const from = sql`from splits s join tracks t on t.id = s.track_id join accounts o on o.id = s.owner_account_id
      left join artist_profiles ap on ap.account_id = o.id`
    if (query.upc) return []
    if (query.id !== null && (query.idPrefix === null || !SPLIT_PREFIXES.has(query.idPrefix))) return []
    const branches: SQL[] = []
    // tracks_tenant_isrc_idx, then splits_track_idx.
    if (query.isrc) {
      branches.push(sql`select s.id, 0.95::float8 as score from splits s
        where s.track_id = any(array(select id from tracks where tenant_id = ${tenantId} and isrc = ${query.isrc})) and s.tenant_id = ${tenantId}
        order by s.id desc limit ${limit}`)
    }
    if (query.id !== null) branches.push(sql`select id, 1::float8 as score from splits where tenant_id = ${tenantId} and id = ${query.id}`)
    // accounts_tenant_email_key, then splits_owner_idx.
    if (query.email) {
      branches.push(sql`select s.id, 0.9::float8 as score from splits s
        where s.owner_account_id = (select id from accounts where tenant_id = ${tenantId} and email = ${query.email}) and s.tenant_id = ${tenantId}
        order by s.created_at desc nulls last limit ${limit}`)
    }
    const text = query.text.toLowerCase()
    if (query.fuzzy && !query.identifier) {
      const pattern = likePattern(query.text)
      // Below releases and tracks of the same name: a split is usually looked for by its track.
      const scored = (where: SQL) => sql`
        select s.id, greatest(similarity(lower(t.title), ${text}), similarity(lower(o.email), ${text}),
                 coalesce(similarity(lower(ap.artist_name), ${text}), 0)) * 0.85 as score
        ${from}
        where s.tenant_id = ${tenantId} and ${where}
        order by score desc, s.id desc
        limit ${limit}`
      branches.push(
        scored(
          sql`s.track_id = any(array(select id from tracks where tenant_id = ${tenantId} and title ilike ${pattern} limit ${CANDIDATES}))`,
        ),
        scored(sql`s.owner_account_id = any(array(
          (select id from accounts where tenant_id = ${tenantId} and email ilike ${pattern} limit ${CANDIDATES})
          union (select id from accounts where tenant_id = ${tenantId} and (first_name || ' ' || last_name) ilike ${pattern} limit ${CANDIDATES})
          union (select account_id from artist_profiles where tenant_id = ${tenantId} and artist_name ilike ${pattern} limit ${CANDIDATES})))`),
      )
    }
    if (branches.length === 0) return []
    const found = await db.execute<Row>(sql`
      ${bestHits(branches)}
      ${select}, best.score
      from best join splits s on s.id = best.id join tracks t on t.id = s.track_id join accounts o on o.id = s.owner_account_id
      left join artist_profiles ap on ap.account_id = o.id
      order by best.score desc, s.id desc
      limit ${limit}`)
    return found.rows.map(toHit)
  },
}
