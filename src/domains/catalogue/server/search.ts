import { sql } from 'drizzle-orm'
import { checkIsrc, checkUpc, formatIsrc } from '@core/identifiers'
import { displayStatus, statusLabel } from '@core/release-status'
import type { SearchHit } from '@contract/search'
import { likePattern, type SearchProvider } from '@server/search'

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
 * Releases by id (release:42), pasted UPC (its exact match alone), or a fragment of the title,
 * artist or catalog number (trigram indexes, bounded per index, ranked by similarity).
 */
export const releaseSearch: SearchProvider = {
  kind: 'release',
  access: 'admin',
  async search(ctx, query, limit) {
    const { db } = ctx.services
    const tenantId = ctx.tenant.id
    const now = ctx.services.now()
    const toHit = (row: ReleaseRow, text?: string): SearchHit => {
      const shown = displayStatus(Number(row.status), row.release_date, now)
      const parts = [row.artist_text, row.upc ? `UPC ${row.upc}` : null, row.catalog_number, statusLabel(shown)].filter(Boolean)
      return {
        kind: 'release',
        id: Number(row.id),
        title: row.title,
        subtitle: parts.join(' · '),
        score: rank(Number(row.score), text, [row.title, row.artist_text, row.catalog_number]),
      }
    }
    const columns = sql`select r.id, r.title, r.artist_text, r.upc, r.catalog_number, r.status, r.release_date::text as release_date`
    // A pasted ISRC names a track: the track search answers it.
    if (checkIsrc(query.text).ok) return []
    const upc = checkUpc(query.text)
    if (upc.ok) {
      const found = await db.execute<ReleaseRow>(
        sql`${columns}, 1::float8 as score from releases r where r.tenant_id = ${tenantId} and r.upc = ${upc.value} order by r.id limit ${limit}`,
      )
      if (found.rows.length) return found.rows.map((row) => toHit(row))
    }
    const exact: ReleaseRow[] = []
    if (query.id !== null && (query.idPrefix === null || RELEASE_PREFIXES.has(query.idPrefix))) {
      const found = await db.execute<ReleaseRow>(
        sql`${columns}, 1::float8 as score from releases r where r.tenant_id = ${tenantId} and r.id = ${query.id}`,
      )
      exact.push(...found.rows)
      if (query.idPrefix !== null) return exact.map((row) => toHit(row))
    }
    if (!query.fuzzy) return exact.map((row) => toHit(row))
    const pattern = likePattern(query.text)
    const text = query.text.toLowerCase()
    const fuzzy = await db.execute<ReleaseRow>(sql`
      with candidates as (
        (select id from releases where tenant_id = ${tenantId} and title ilike ${pattern} limit ${CANDIDATES_PER_INDEX})
        union
        (select id from releases where tenant_id = ${tenantId} and artist_text ilike ${pattern} limit ${CANDIDATES_PER_INDEX})
        union
        (select id from releases where tenant_id = ${tenantId} and catalog_number ilike ${pattern} limit ${CANDIDATES_PER_INDEX})
      )
      ${columns},
        greatest(similarity(lower(r.title), ${text}), similarity(lower(r.artist_text), ${text}),
                 coalesce(similarity(lower(r.catalog_number), ${text}), 0)) as score
      from releases r
      where r.id in (select id from candidates)
      order by score desc, r.id
      limit ${limit}`)
    const seen = new Set(exact.map((row) => Number(row.id)))
    return [
      ...exact.map((row) => toHit(row)),
      ...fuzzy.rows.filter((row) => !seen.has(Number(row.id))).map((row) => toHit(row, text)),
    ].sort((a, b) => b.score - a.score)
  },
}

/** Tracks by id (track:42), pasted ISRC (its exact match alone, hyphens or not), or a title fragment. */
export const trackSearch: SearchProvider = {
  kind: 'track',
  access: 'admin',
  async search(ctx, query, limit) {
    const { db } = ctx.services
    const tenantId = ctx.tenant.id
    const toHit = (row: TrackRow, text?: string): SearchHit => ({
      kind: 'track',
      id: Number(row.id),
      title: row.title,
      subtitle: [row.isrc ? formatIsrc(row.isrc) : null, row.release_title, row.artist_text].filter(Boolean).join(' · '),
      score: rank(Number(row.score), text, [row.title]),
    })
    const columns = sql`select t.id, t.title, t.isrc, r.title as release_title, r.artist_text`
    const from = sql`from tracks t join releases r on r.id = t.release_id`
    // A pasted UPC names a release: the release search answers it.
    if (checkUpc(query.text).ok) return []
    const isrc = checkIsrc(query.text)
    if (isrc.ok) {
      const found = await db.execute<TrackRow>(
        sql`${columns}, 1::float8 as score ${from} where t.tenant_id = ${tenantId} and t.isrc = ${isrc.value} order by t.id limit ${limit}`,
      )
      if (found.rows.length) return found.rows.map((row) => toHit(row))
    }
    if (query.id !== null && query.idPrefix !== null && TRACK_PREFIXES.has(query.idPrefix)) {
      const found = await db.execute<TrackRow>(
        sql`${columns}, 1::float8 as score ${from} where t.tenant_id = ${tenantId} and t.id = ${query.id}`,
      )
      return found.rows.map((row) => toHit(row))
    }
    if (!query.fuzzy || query.id !== null) return []
    const pattern = likePattern(query.text)
    const text = query.text.toLowerCase()
    const fuzzy = await db.execute<TrackRow>(sql`
      with candidates as (
        select id from tracks where tenant_id = ${tenantId} and title ilike ${pattern} limit ${CANDIDATES_PER_INDEX}
      )
      ${columns}, similarity(lower(t.title), ${text}) as score
      ${from}
      where t.id in (select id from candidates)
      order by score desc, t.id
      limit ${limit}`)
    return fuzzy.rows.map((row) => toHit(row, text))
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
    if (!query.fuzzy || checkUpc(query.text).ok || checkIsrc(query.text).ok) return []
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
