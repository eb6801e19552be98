import type { discoveryEndpoints } from '@contract/discovery'
import type { Handlers, IdsOf } from '@server/handlers'
import { addToSpotifyDiscovery } from './service'
import { changeRemovalStatus, changeStatus, listRemovals, listSubmissions, requestRemoval, singleSubmission, toggle } from './submissions'

// The catalogue's screens ask for releases.addToSpotifyDiscovery, but the submissions are discovery's
// rows: handling it here keeps catalogue from importing discovery while discovery reads catalogue's
// published releases.
export const discoveryHandlers: Handlers<'releases.addToSpotifyDiscovery' | IdsOf<typeof discoveryEndpoints>> = {
  'releases.addToSpotifyDiscovery': ({ ctx, body }) => addToSpotifyDiscovery(ctx, body),
  'spotifyDiscovery.list': ({ ctx, params, query }) => listSubmissions(ctx, params.page, query),
  'spotifyDiscovery.removals': ({ ctx, params, query }) => listRemovals(ctx, params.page, query),
  'spotifyDiscovery.single': ({ ctx, params }) => singleSubmission(ctx, params.id),
  'spotifyDiscovery.changeStatus': ({ ctx, body }) => changeStatus(ctx, body),
  'spotifyDiscovery.changeRemovalStatus': ({ ctx, body }) => changeRemovalStatus(ctx, body),
  'spotifyDiscovery.toggle': ({ ctx, body }) => toggle(ctx, body),
  'spotifyDiscovery.requestRemoval': ({ ctx, body }) => requestRemoval(ctx, body),
}
