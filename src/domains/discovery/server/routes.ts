import type { discoveryEndpoints, usageAnalyticsEndpoints, usageDiscoveryEndpoints } from '@contract/discovery'
import { usageOverview, usageTopSongs, usageTrackMatches } from './usage/analytics'
import type { Handlers, IdsOf } from '@server/handlers'
import { addToSpotifyDiscovery } from './service'
import {
  actOnMatches,
  listAssets,
  listMatches,
  listReleases,
  listTracks,
  queueRefresh,
  removeAssets,
  singleMatch,
  submitReleases,
  submitTracks,
} from './usage/service'
import { changeRemovalStatus, changeStatus, listRemovals, listSubmissions, requestRemoval, singleSubmission, toggle } from './submissions'

// The catalogue's screens ask for releases.addToSpotifyDiscovery, but the submissions are discovery's
// rows: handling it here keeps catalogue from importing discovery while discovery reads catalogue's
// published releases.
export const discoveryHandlers: Handlers<
  'releases.addToSpotifyDiscovery' | IdsOf<typeof discoveryEndpoints> | IdsOf<typeof usageDiscoveryEndpoints> | IdsOf<typeof usageAnalyticsEndpoints>
> = {
  'releases.addToSpotifyDiscovery': ({ ctx, body }) => addToSpotifyDiscovery(ctx, body),
  'spotifyDiscovery.list': ({ ctx, params, query }) => listSubmissions(ctx, params.page, query),
  'spotifyDiscovery.removals': ({ ctx, params, query }) => listRemovals(ctx, params.page, query),
  'spotifyDiscovery.single': ({ ctx, params }) => singleSubmission(ctx, params.id),
  'spotifyDiscovery.changeStatus': ({ ctx, body }) => changeStatus(ctx, body),
  'spotifyDiscovery.changeRemovalStatus': ({ ctx, body }) => changeRemovalStatus(ctx, body),
  'spotifyDiscovery.toggle': ({ ctx, body }) => toggle(ctx, body),
  'spotifyDiscovery.requestRemoval': ({ ctx, body }) => requestRemoval(ctx, body),
  'pex.tracks': ({ ctx, params, query }) => listTracks(ctx, params.page, query),
  'pex.releases': ({ ctx, params, query }) => listReleases(ctx, params.page, query),
  'pex.uploadedTracks': ({ ctx, params, query }) => listAssets(ctx, params.page, query),
  'pex.matches': ({ ctx, params, query }) => listMatches(ctx, params.page, query),
  'pex.match': ({ ctx, params }) => singleMatch(ctx, params.id),
  'pex.submitReleases': ({ ctx, body }) => submitReleases(ctx, body.releaseIds),
  'pex.submitTracks': ({ ctx, body }) => submitTracks(ctx, body.trackIds),
  'pex.remove': ({ ctx, body }) => removeAssets(ctx, body.ids),
  'pex.matchAction': ({ ctx, body }) => actOnMatches(ctx, body),
  'pex.refresh': ({ ctx }) => queueRefresh(ctx),
  'usageAnalytics.overview': ({ ctx, query }) => usageOverview(ctx, query),
  'usageAnalytics.topSongs': ({ ctx, query }) => usageTopSongs(ctx, query),
  'usageAnalytics.trackMatches': ({ ctx, query }) => usageTrackMatches(ctx, query),
}
