import { sql } from 'drizzle-orm'
import { checkIsrc, checkUpc, formatIsrc } from '@core/identifiers'
import { displayName } from '@core/names'
import { splitStatusLabel } from '@core/split-status'
import type { SearchHit } from '@contract/search'
import { likePattern, type SearchProvider } from '@server/search'

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

/** Splits by id (split:42), pasted ISRC, or a fragment of the track title or the owner's name or email. */
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
    if (checkUpc(query.text).ok) return []
    const isrc = checkIsrc(query.text)
    if (isrc.ok) {
      const found = await db.execute<Row>(sql`${select}, 0.95::float8 as score ${from}
        where s.tenant_id = ${tenantId} and t.tenant_id = ${tenantId} and t.isrc = ${isrc.value} order by s.id desc limit ${limit}`)
      return found.rows.map(toHit)
    }
    if (query.id !== null) {
      if (query.idPrefix === null || !SPLIT_PREFIXES.has(query.idPrefix)) return []
      const found = await db.execute<Row>(sql`${select}, 1::float8 as score ${from} where s.tenant_id = ${tenantId} and s.id = ${query.id}`)
      return found.rows.map(toHit)
    }
    if (!query.fuzzy) return []
    const pattern = likePattern(query.text)
    const text = query.text.toLowerCase()
    // Below releases and tracks of the same name: a split is usually looked for by its track.
    const found = await db.execute<Row>(sql`
      with owners as (
        (select id from accounts where tenant_id = ${tenantId} and email ilike ${pattern} limit ${CANDIDATES})
        union (select id from accounts where tenant_id = ${tenantId} and (first_name || ' ' || last_name) ilike ${pattern} limit ${CANDIDATES})
        union (select account_id from artist_profiles where tenant_id = ${tenantId} and artist_name ilike ${pattern} limit ${CANDIDATES})
      ), titled as (
        select id from tracks where tenant_id = ${tenantId} and title ilike ${pattern} limit ${CANDIDATES}
      )
      ${select},
        greatest(similarity(lower(t.title), ${text}), similarity(lower(o.email), ${text}),
                 coalesce(similarity(lower(ap.artist_name), ${text}), 0)) * 0.85 as score
      ${from}
      where s.tenant_id = ${tenantId} and (s.track_id in (select id from titled) or s.owner_account_id in (select id from owners))
      order by score desc, s.id desc
      limit ${limit}`)
    return found.rows.map(toHit)
  },
}
