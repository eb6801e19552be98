import type { releaseOpsEndpoints } from '@contract/release-ops'
import type { Handlers, IdsOf } from '@server/handlers'
import { addToSpotifyDiscovery } from '@domains/discovery/server/service'
import { loadScanHistory, refreshScans, requestScans } from './scans.service'
import { audioSaladDeliveryStatus, catalogueHealth, releaseAssignees } from './ops.service'

/** Scans, AudioSalad, assignees, catalogue health and Spotify discovery (src/contract/release-ops.ts). */
export const releaseOpsHandlers: Handlers<IdsOf<typeof releaseOpsEndpoints>> = {
  'releases.trackStat': ({ ctx, body }) => requestScans(ctx, body),
  'releases.refreshTrackStat': ({ ctx, body }) => refreshScans(ctx, body.trackId),
  'releases.scansHistory': ({ ctx, params }) => loadScanHistory(ctx.services.db, ctx, params.id),
  'releases.audioSaladDeliveryStatus': ({ ctx, params }) => audioSaladDeliveryStatus(ctx, params.id),
  'releases.assignees': ({ ctx, params }) => releaseAssignees(ctx, params.id),
  'releases.health': ({ ctx }) => catalogueHealth(ctx),
  'releases.addToSpotifyDiscovery': ({ ctx, body }) => addToSpotifyDiscovery(ctx, body),
}
