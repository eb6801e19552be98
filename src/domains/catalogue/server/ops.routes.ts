import type { releaseOpsEndpoints } from '@contract/release-ops'
import type { Handlers, IdsOf } from '@server/handlers'
import { loadScanHistory, refreshScans, requestScans } from './scans.service'
import { audioSaladDeliveryStatus, catalogueHealth, releaseAssignees } from './ops.service'

/** Scans, AudioSalad, assignees and catalogue health (src/contract/release-ops.ts); Spotify discovery is the discovery domain's. */
export const releaseOpsHandlers: Handlers<Exclude<IdsOf<typeof releaseOpsEndpoints>, 'releases.addToSpotifyDiscovery'>> = {
  'releases.trackStat': ({ ctx, body }) => requestScans(ctx, body),
  'releases.refreshTrackStat': ({ ctx, body }) => refreshScans(ctx, body.trackId),
  'releases.scansHistory': ({ ctx, params }) => loadScanHistory(ctx.services.db, ctx, params.id),
  'releases.audioSaladDeliveryStatus': ({ ctx, params }) => audioSaladDeliveryStatus(ctx, params.id),
  'releases.assignees': ({ ctx, params }) => releaseAssignees(ctx, params.id),
  'releases.health': ({ ctx }) => catalogueHealth(ctx),
}
