import { sql } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'
import { keysetRows } from '@server/csv-stream'

// Report rows of the catalogue (docs/reports-sources.md "catalog-overview"): one row per track of
// every release (a release without tracks gets one row with empty track columns), paged on
// (release, track) so memory holds one page.

export interface CatalogueRowsScope {
  tenantId: number
  accountId: number | null
}

export interface CatalogueTrackRow {
  release_id: number
  upc: string | null
  release_title: string
  version: string | null
  artist: string
  type: string
  status: number
  label: string | null
  genre: string | null
  release_date: string | null
  owner_id: number
  owner_email: string
  track_id: number | null
  position: number | null
  isrc: string | null
  track_title: string | null
  explicit: boolean | null
  duration: number | null
}

/** The catalogue as it is now: every release of the workspace, or those an account owns. */
export function catalogueTrackRows(q: Queryable, scope: CatalogueRowsScope): AsyncGenerator<CatalogueTrackRow> {
  return keysetRows<CatalogueTrackRow, [number, number]>(
    q,
    (after, size) => sql`
      select r.id as release_id, r.upc, r.title as release_title, r.version, r.artist_text as artist, r.type, r.status, r.label,
        r.primary_genre as genre, r.release_date::text as release_date, r.account_id as owner_id, a.email as owner_email,
        t.id as track_id, t.position, t.isrc, t.title as track_title, t.explicit, t.duration
      from releases r
      join accounts a on a.id = r.account_id
      left join tracks t on t.release_id = r.id
      where r.tenant_id = ${scope.tenantId} ${scope.accountId === null ? sql`` : sql`and r.account_id = ${scope.accountId}`}
        ${after ? sql`and (r.id, coalesce(t.id, 0)) > (${after[0]}, ${after[1]})` : sql``}
      order by r.id, coalesce(t.id, 0) limit ${size}`,
    (row) => [Number(row.release_id), Number(row.track_id ?? 0)],
  )
}
