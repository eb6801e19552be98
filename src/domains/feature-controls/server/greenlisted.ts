import { sql } from 'drizzle-orm'
import { channelKey, type GreenlistPlatform } from '@core/feature-requests'
import type { Queryable } from '@server/db/engine'

/**
 * Whether a platform's channel may use a release or track: an approved greenlist entry for that
 * release (a whole-release entry, or one for this very track) lists the channel. Usage discovery asks
 * this before it actions a match (issue 22 item 2): greenlisted channels are never actioned.
 */
export async function isGreenlisted(
  q: Queryable,
  tenantId: number,
  match: { releaseId: number; trackId?: number | null; platform: GreenlistPlatform; channel: string },
): Promise<boolean> {
  const result = await q.execute<{ channels: string[] }>(sql`
    select r.fields -> 'channels' -> ${match.platform} as channels from feature_requests r
    where r.tenant_id = ${tenantId} and r.kind = 'greenlist' and r.status = 'approved' and r.release_id = ${match.releaseId}
      and (r.track_id is null or r.track_id = ${match.trackId ?? null})`)
  const wanted = channelKey(match.platform, match.channel)
  return result.rows.some((row) => (row.channels ?? []).some((entry) => channelKey(match.platform, entry) === wanted))
}
