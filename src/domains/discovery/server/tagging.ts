import { sql } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'

/** A release (trackId null: every track of it) or a track in Discovery Mode for one month ('YYYY-MM-01'). */
export interface DiscoveryModeTarget {
  releaseId: number
  trackId: number | null
  month: string
}

/**
 * What was in Spotify Discovery Mode in these months: the approved submissions whose toggle is on.
 * The statement import tags the lines of these tracks and months (docs/discovery.md); a submission
 * paused, removed or still pending tags nothing.
 */
export async function discoveryModeTargets(q: Queryable, tenantId: number, months: readonly string[]): Promise<DiscoveryModeTarget[]> {
  if (months.length === 0) return []
  const result = await q.execute<{ release_id: number; track_id: number | null; month: string }>(sql`
    select d.release_id, d.track_id, d.campaign_month::text as month from spotify_discovery d
    where d.tenant_id = ${tenantId} and d.status = 'approved' and d.enabled
      and d.campaign_month in (${sql.join(
        months.map((month) => sql`${month}::date`),
        sql`, `,
      )})`)
  return result.rows.map((row) => ({
    releaseId: Number(row.release_id),
    trackId: row.track_id === null ? null : Number(row.track_id),
    month: row.month,
  }))
}
