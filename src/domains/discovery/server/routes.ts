import type { Handlers } from '@server/handlers'
import { addToSpotifyDiscovery } from './service'

// The catalogue's screens ask for this, but the submissions are discovery's rows: handling it here
// keeps catalogue from importing discovery while discovery reads catalogue's published releases.
export const discoveryHandlers: Handlers<'releases.addToSpotifyDiscovery'> = {
  'releases.addToSpotifyDiscovery': ({ ctx, body }) => addToSpotifyDiscovery(ctx, body),
}
