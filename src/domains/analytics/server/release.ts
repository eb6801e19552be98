import type { AuthedContext } from '@server/context'
import { smartlinkClicks } from '@domains/catalogue/server/public'
import { releaseStreams } from './reads'

/**
 * releases/analytics/{id}: the release's smartlink clicks (catalogue's, unchanged) and its streams
 * from the trend rollups over the same days, kept apart because a click is not a stream.
 * loadAnalytics answers 404 for a release of another workspace before any rollup is read.
 */
export async function releaseAnalytics(ctx: AuthedContext, releaseId: number) {
  const clicks = await smartlinkClicks(ctx, releaseId)
  const streams = await releaseStreams(ctx.services.db, ctx.tenant.id, releaseId, { from: clicks.from, to: clicks.to })
  return { ...clicks, streams }
}
