import { sql, type SQL } from 'drizzle-orm'
import { formatIsrc } from '@core/identifiers'
import { displayStatus, statusLabel } from '@core/release-status'
import type { SearchHit } from '@contract/search'
import { likePattern, looksLikeCode, bestHits, type SearchProvider } from '@server/search'

const RELEASE_PREFIXES = new Set(['release', 'r', 'rel'])
const TRACK_PREFIXES = new Set(['track', 't', 'trk'])
const CANDIDATES_PER_INDEX = 200

type ReleaseRow = {
  id: number
  title: string
  artist_text: string
  upc: string | null
  catalog_number: string | null
  status: number
  release_date: string | null
  score: number
}
type TrackRow = { id: number; title: string; isrc: string | null; release_title: string; artist_text: string; score: number }

/** Similarity alone undervalues a title that starts with what was typed. */
function rank(score: number, text: string | undefined, words: (string | null)[]): number {
  if (!text || score >= 1) return score
  const lower = words.filter((word): word is string => Boolean(word)).map((word) => word.toLowerCase())
  const prefix = lower.some((word) => word.startsWith(text))
  const wordStart = !prefix && lower.some((word) => word.includes(` ${text}`))
  return Math.min(0.99, score * 0.6 + (prefix ? 0.35 : wordStart ? 0.3 : 0))
}

/**
 * Releases by id (release:42, or a bare number), pasted UPC, catalogue number (exact, any case), or
 * a fragment of the title, artist or catalogue number (trigram indexes, bounded per index, ranked by
 * similarity). Each is a UNION ALL branch with its own index and LIMIT, in one statement; a UPC or
 * prefixed id runs no text search.
 */
export const releaseSearch: SearchProvider = {
  kind: 'release',
  access: 'admin',
  async search(ctx, query, limit) {
    const { db } = ctx.services
    const tenantId = ctx.tenant.id
    const now = ctx.services.now()
    const text = query.text.toLowerCase()
    const toHit = (row: ReleaseRow): SearchHit => {
      const shown = displayStatus(Number(row.status), row.release_date, now)
      const parts = [row.artist_text, row.upc ? `UPC ${row.upc}` : null, row.catalog_number, statusLabel(shown)].filter(Boolean)
      const exact = Number(row.score) >= 1
      return {
        kind: 'release',
        id: Number(row.id),
        title: row.title,
        subtitle: parts.join(' · '),
        score: rank(Number(row.score), exact ? undefined : text, [row.title, row.artist_text, row.catalog_number]),
      }
    }
    // A pasted ISRC names a track: the track search answers it.
    if (query.isrc) return []
    if (query.id !== null && query.idPrefix !== null && !RELEASE_PREFIXES.has(query.idPrefix)) return []
    const branches: SQL[] = []
    // releases_tenant_upc_idx
    if (query.upc)
      branches.push(
        sql`select id, 1::float8 as score from releases where tenant_id = ${tenantId} and upc = ${query.upc} order by id limit ${limit}`,
      )
    if (query.id !== null)
      branches.push(sql`select id, 1::float8 as score from releases where tenant_id = ${tenantId} and id = ${query.id}`)
    if (query.code !== null || (!query.identifier && looksLikeCode(query.text))) {
      // releases_tenant_catalog_idx: catalogue numbers are kept as typed, usually upper-case.
      branches.push(sql`select id, 1::float8 as score from releases
        where tenant_id = ${tenantId} and catalog_number in (${query.text}, ${query.text.toUpperCase()}) order by id limit ${limit}`)
    }
    if (query.fuzzy && !query.identifier) {
      const pattern = likePattern(query.text)
      // Scored in each field's own branch, from the row its trigram index found, instead of
      // re-reading every candidate afterwards (issue 18); a release matched twice keeps its best score.
      const score = (column: SQL) => sql`similarity(lower(${column}), ${text})::float8 as score`
      const bounded = sql`limit ${CANDIDATES_PER_INDEX}`
      branches.push(
        sql`select id, ${score(sql`title`)} from releases where tenant_id = ${tenantId} and title ilike ${pattern} ${bounded}`,
        sql`select id, ${score(sql`artist_text`)} from releases where tenant_id = ${tenantId} and artist_text ilike ${pattern} ${bounded}`,
        sql`select id, ${score(sql`catalog_number`)} from releases
          where tenant_id = ${tenantId} and catalog_number ilike ${pattern} ${bounded}`,
      )
    }
    if (branches.length === 0) return []
    const found = await db.execute<ReleaseRow>(sql`
      ${bestHits(branches)}
      select r.id, r.title, r.artist_text, r.upc, r.catalog_number, r.status, r.release_date::text as release_date, best.score
      from (select id, score from best order by score desc, id limit ${limit}) best join releases r on r.id = best.id
      order by best.score desc, r.id
      limit ${limit}`)
    return found.rows.map(toHit).sort((a, b) => b.score - a.score)
  },
}

/**
 * Tracks by id (track:42), pasted ISRC (hyphens or not), or a title fragment: UNION ALL branches on
 * their own indexes, in one statement; an ISRC or prefixed id runs no text search.
 */
export const trackSearch: SearchProvider = {
  kind: 'track',
  access: 'admin',
  async search(ctx, query, limit) {
    const { db } = ctx.services
    const tenantId = ctx.tenant.id
    const text = query.text.toLowerCase()
    const toHit = (row: TrackRow): SearchHit => ({
      kind: 'track',
      id: Number(row.id),
      title: row.title,
      subtitle: [row.isrc ? formatIsrc(row.isrc) : null, row.release_title, row.artist_text].filter(Boolean).join(' · '),
      score: rank(Number(row.score), Number(row.score) >= 1 ? undefined : text, [row.title]),
    })
    // A pasted UPC names a release: the release search answers it.
    if (query.upc) return []
    const branches: SQL[] = []
    // tracks_tenant_isrc_idx
    if (query.isrc)
      branches.push(
        sql`select id, 1::float8 as score from tracks where tenant_id = ${tenantId} and isrc = ${query.isrc} order by id limit ${limit}`,
      )
    if (query.id !== null && query.idPrefix !== null && TRACK_PREFIXES.has(query.idPrefix)) {
      branches.push(sql`select id, 1::float8 as score from tracks where tenant_id = ${tenantId} and id = ${query.id}`)
    }
    if (query.fuzzy && !query.identifier && query.id === null) {
      const pattern = likePattern(query.text)
      branches.push(sql`
        select id, similarity(lower(title), ${text})::float8 as score from tracks
        where tenant_id = ${tenantId} and title ilike ${pattern} limit ${CANDIDATES_PER_INDEX}`)
    }
    if (branches.length === 0) return []
    const found = await db.execute<TrackRow>(sql`
      ${bestHits(branches)}
      select t.id, t.title, t.isrc, r.title as release_title, r.artist_text, best.score
      from (select id, score from best order by score desc, id limit ${limit}) best
        join tracks t on t.id = best.id join releases r on r.id = t.release_id
      order by best.score desc, t.id
      limit ${limit}`)
    return found.rows.map(toHit).sort((a, b) => b.score - a.score)
  },
}

const EDIT_PREFIXES = new Set(['edit', 'er', 'request', 'editrequest'])
type EditRow = { id: number; status: string; title: string; artist_text: string; created_at: string; score: number }

/** Edit requests by id (edit:42), or the pending ones whose release title holds the text. */
export const editRequestSearch: SearchProvider = {
  kind: 'editRequest',
  access: 'admin',
  async search(ctx, query, limit) {
    const { db } = ctx.services
    const tenantId = ctx.tenant.id
    const toHit = (row: EditRow): SearchHit => ({
      kind: 'editRequest',
      id: Number(row.id),
      title: `Edit of ${row.title}`,
      subtitle: [row.artist_text, row.status].filter(Boolean).join(' · '),
      score: Number(row.score),
    })
    const columns = sql`select e.id, e.status, r.title, r.artist_text, e.created_at`
    const from = sql`from edit_requests e join releases r on r.id = e.release_id`
    if (query.id !== null) {
      if (query.idPrefix === null || !EDIT_PREFIXES.has(query.idPrefix)) return []
      const found = await db.execute<EditRow>(
        sql`${columns}, 1::float8 as score ${from} where e.tenant_id = ${tenantId} and e.id = ${query.id}`,
      )
      return found.rows.map(toHit)
    }
    if (!query.fuzzy || query.identifier) return []
    const pattern = likePattern(query.text)
    const text = query.text.toLowerCase()
    // Only open requests: they are what staff look for; decided ones stay reachable by id.
    const found = await db.execute<EditRow>(sql`
      ${columns}, similarity(lower(r.title), ${text}) * 0.9 as score
      ${from}
      where e.tenant_id = ${tenantId} and e.status = 'pending'
        and e.release_id = any(array(select id from releases where tenant_id = ${tenantId} and title ilike ${pattern} limit ${CANDIDATES_PER_INDEX}))
      order by score desc, e.id desc
      limit ${limit}`)
    return found.rows.map(toHit)
  },
}
