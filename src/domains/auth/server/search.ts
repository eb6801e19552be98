import { sql } from 'drizzle-orm'
import { displayName } from '@core/names'
import type { SearchHit } from '@contract/search'
import { likePattern, type SearchProvider } from '@server/search'

const ID_PREFIXES = new Set(['user', 'u', 'account', 'acc', 'artist', 'label', 'admin'])
const CANDIDATES_PER_INDEX = 200

type Row = {
  id: number
  email: string
  type: string
  first_name: string
  last_name: string
  artist_name: string | null
  label_name: string | null
  score: number
}

function toHit(row: Row, text?: string): SearchHit {
  const name = displayName({
    artistName: row.artist_name,
    labelName: row.label_name,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
  })
  let score = Number(row.score)
  if (text && score < 1) {
    // Similarity alone undervalues a name that starts with what was typed.
    const words = [name, row.email, row.first_name, row.last_name].map((value) => value.toLowerCase())
    const prefix = words.some((word) => word.startsWith(text))
    const wordStart = !prefix && words.some((word) => word.includes(` ${text}`))
    score = Math.min(0.99, score * 0.6 + (prefix ? 0.35 : wordStart ? 0.3 : 0))
  }
  return { kind: 'account', id: row.id, title: name, subtitle: `${row.email} · ${row.type}`, score }
}

/**
 * Accounts by id (user:42), exact email, or text in email, name, artist or label name. Each text
 * branch is bounded and uses its own trigram index; the union is ranked by similarity.
 */
export const accountSearch: SearchProvider = {
  kind: 'account',
  access: 'admin',
  async search(ctx, query, limit) {
    const { db } = ctx.services
    const tenantId = ctx.tenant.id
    const base = sql`
      select a.id, a.email, a.type, a.first_name, a.last_name, ap.artist_name, lp.label_name`
    const joins = sql`
      from accounts a
      left join artist_profiles ap on ap.account_id = a.id
      left join label_profiles lp on lp.account_id = a.id`
    const exact: Row[] = []
    if (query.id !== null && (query.idPrefix === null || ID_PREFIXES.has(query.idPrefix))) {
      const found = await db.execute<Row>(sql`${base}, 1::float8 as score ${joins} where a.tenant_id = ${tenantId} and a.id = ${query.id}`)
      exact.push(...found.rows)
    }
    if (query.email) {
      const found = await db.execute<Row>(
        sql`${base}, 1::float8 as score ${joins} where a.tenant_id = ${tenantId} and a.email = ${query.email}`,
      )
      exact.push(...found.rows)
    }
    // A pasted email or id names its record: no need to look further.
    if (!query.fuzzy || (exact.length > 0 && (query.email || query.id !== null))) return exact.map((row) => toHit(row))
    const pattern = likePattern(query.text)
    const text = query.text.toLowerCase()
    const fuzzy = await db.execute<Row>(sql`
      with candidates as (
        (select id from accounts where tenant_id = ${tenantId} and email ilike ${pattern} limit ${CANDIDATES_PER_INDEX})
        union
        (select id from accounts where tenant_id = ${tenantId} and (first_name || ' ' || last_name) ilike ${pattern} limit ${CANDIDATES_PER_INDEX})
        union
        (select account_id from artist_profiles where tenant_id = ${tenantId} and artist_name ilike ${pattern} limit ${CANDIDATES_PER_INDEX})
        union
        (select account_id from label_profiles where tenant_id = ${tenantId} and label_name ilike ${pattern} limit ${CANDIDATES_PER_INDEX})
      )
      ${base},
        greatest(
          similarity(lower(a.email), ${text}),
          similarity(lower(a.first_name || ' ' || a.last_name), ${text}),
          coalesce(similarity(lower(ap.artist_name), ${text}), 0),
          coalesce(similarity(lower(lp.label_name), ${text}), 0)
        ) as score
      ${joins}
      where a.id = any(array(select id from candidates))
      order by score desc, a.id
      limit ${limit}`)
    const seen = new Set(exact.map((row) => row.id))
    return [...exact.map((row) => toHit(row)), ...fuzzy.rows.filter((row) => !seen.has(row.id)).map((row) => toHit(row, text))].sort(
      (a, b) => b.score - a.score,
    )
  },
}
