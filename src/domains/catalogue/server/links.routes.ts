import type { releaseLinksEndpoints } from '@contract/release-links'
import type { Handlers, IdsOf } from '@server/handlers'
import * as links from './links.service'
import { generateAsset, loadAssets } from './assets.service'

// releases.analytics is answered by analytics: its smartlink clicks (loadAnalytics, public) beside the release's streams.
export const releaseLinksHandlers: Handlers<Exclude<IdsOf<typeof releaseLinksEndpoints>, 'releases.analytics'>> = {
  'releases.platformLinks': ({ ctx, params }) => links.loadPlatformLinks(ctx, params.id),
  'releases.trackUri': ({ ctx, params }) => links.loadTrackUris(ctx, params.id),
  'releases.amazonAsin': ({ ctx, params }) => links.loadAmazonAsin(ctx, params.id),
  'releases.smartlink': ({ ctx, params }) => links.loadSmartlink(ctx, params.id),
  'releases.smartlinkSingle': ({ ctx, params }) => links.loadSmartlinkById(ctx, params.id),
  'releases.linkCreate': ({ ctx, body }) => links.createSmartlink(ctx, body),
  'releases.linkUpdate': ({ ctx, body }) => links.updateSmartlink(ctx, body),
  'releases.linkRefresh': ({ ctx, body }) => links.refreshSmartlink(ctx, body.releaseId),
  'releases.assets': ({ ctx, params }) => loadAssets(ctx, params.id),
  'releases.assetsPost': ({ ctx, body }) => generateAsset(ctx, body.releaseId, 'post'),
  'releases.assetsStory': ({ ctx, params }) => generateAsset(ctx, params.id, 'story'),
  'releases.assetsCanvas': ({ ctx, body }) => generateAsset(ctx, body.releaseId, 'canvas'),
  'releases.convert': ({ ctx, params }) => links.convertRelease(ctx, params.id),
}
