import { sql, type SQL } from 'drizzle-orm'
import { displayName } from '@core/names'
import type { SearchHit } from '@contract/search'
import { likePattern, bestHits, type SearchProvider } from '@server/search'

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
 * Accounts by id (user:42, or a bare number), exact email, or text in email, name, artist or label
 * name. Each is a UNION ALL branch on its own index with its own LIMIT, in one statement; an email
 * or prefixed id runs no text search. The union is ranked: identifiers first, then by similarity.
 */
export const accountSearch: SearchProvider = {
  kind: 'account',
  access: 'admin',
  async search(ctx, query, limit) {
    const { db } = ctx.services
    const tenantId = ctx.tenant.id
    const branches: SQL[] = []
    if (query.id !== null && (query.idPrefix === null || ID_PREFIXES.has(query.idPrefix))) {
      branches.push(sql`select id, 1::float8 as score from accounts where tenant_id = ${tenantId} and id = ${query.id}`)
    }
    // accounts_tenant_email_key
    if (query.email)
      branches.push(sql`select id, 1::float8 as score from accounts where tenant_id = ${tenantId} and email = ${query.email}`)
    const text = query.text.toLowerCase()
    if (query.fuzzy && !query.identifier) {
      const pattern = likePattern(query.text)
      // Each field's candidates are scored in their own branch, from the row its trigram index
      // found: scoring them afterwards re-read every candidate and both profiles (~270 probes for
      // "nina vale" at 300k accounts, the larger half of the search; issue 18). An account matched
      // by several fields keeps its best score (bestHits).
      const score = (column: SQL) => sql`similarity(lower(${column}), ${text})::float8 as score`
      const bounded = sql`limit ${CANDIDATES_PER_INDEX}`
      branches.push(
        sql`select id, ${score(sql`email`)} from accounts where tenant_id = ${tenantId} and email ilike ${pattern} ${bounded}`,
        sql`select id, ${score(sql`first_name || ' ' || last_name`)} from accounts
          where tenant_id = ${tenantId} and (first_name || ' ' || last_name) ilike ${pattern} ${bounded}`,
        sql`select account_id as id, ${score(sql`artist_name`)} from artist_profiles
          where tenant_id = ${tenantId} and artist_name ilike ${pattern} ${bounded}`,
        sql`select account_id as id, ${score(sql`label_name`)} from label_profiles
          where tenant_id = ${tenantId} and label_name ilike ${pattern} ${bounded}`,
      )
    }
    if (branches.length === 0) return []
    const found = await db.execute<Row>(sql`
      ${bestHits(branches)}
      select a.id, a.email, a.type, a.first_name, a.last_name, ap.artist_name, lp.label_name, best.score
      from (select id, score from best order by score desc, id limit ${limit}) best join accounts a on a.id = best.id
      left join artist_profiles ap on ap.account_id = a.id
      left join label_profiles lp on lp.account_id = a.id
      order by best.score desc, a.id
      limit ${limit}`)
    return found.rows.map((row) => (Number(row.score) >= 1 ? toHit(row) : toHit(row, text))).sort((a, b) => b.score - a.score)
  },
}
