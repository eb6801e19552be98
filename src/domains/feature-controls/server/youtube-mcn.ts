import { sql } from 'drizzle-orm'
import type { YoutubeMcnFields } from '@contract/feature-controls'
import { YOUTUBE_MCN } from '@core/feature-requests'
import type { Tx } from '@server/db/engine'
import { fieldError } from '@server/errors'
import type { KindServer } from './review'

// YouTube MCN (docs/feature-controls.md): a channel owner asks to join the operator's multi-channel
// network with the channel's figures as they stand. A channel is in at most one pending or approved
// request of a workspace at a time.

/** The pending or approved request (other than `exceptId`) for this channel, serialised per channel by an advisory lock. */
async function holding(tx: Tx, tenantId: number, channelId: string, exceptId: number | null) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`youtubeMcn:${tenantId}:${channelId}`}))`)
  // Few MCN requests per workspace: feature_requests_kind_status_created_idx narrows to the two statuses.
  const result = await tx.execute<{ id: number; status: string }>(sql`
    select r.id, r.status from feature_requests r
    where r.tenant_id = ${tenantId} and r.kind = 'youtubeMcn' and r.status in ('pending', 'approved')
      and r.fields ->> 'channelId' = ${channelId} and (${exceptId}::bigint is null or r.id <> ${exceptId})
    limit 1`)
  return result.rows[0] ?? null
}

const heldMessage = (held: { id: number; status: string }) =>
  held.status === 'approved' ? `The channel is already in the network (request #${held.id}).` : `The channel already has a pending request (#${held.id}).`

export const youtubeMcnKind: KindServer<YoutubeMcnFields> = {
  def: YOUTUBE_MCN,
  async prepare(tx, ctx, body) {
    const held = await holding(tx, ctx.tenant.id, body.channelId, null)
    if (held) throw fieldError('channelId', heldMessage(held))
    return {
      title: body.channelId,
      releaseId: null,
      trackId: null,
      fields: { channelId: body.channelId, subscribers: body.subscribers, videos: body.videos, views: body.views },
    }
  },
  async ruleRefusal(tx, ctx, request, to) {
    if (to !== 'pending' && to !== 'approved') return null
    const held = await holding(tx, ctx.tenant.id, String((request.fields as { channelId: string }).channelId), request.id)
    return held ? heldMessage(held) : null
  },
}
