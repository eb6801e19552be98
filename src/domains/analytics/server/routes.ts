import type { analyticsEndpoints } from '@contract/analytics'
import type { Handlers, IdsOf } from '@server/handlers'
import * as imports from './trend-import'
import { rangeOf, readsFor } from './reads'
import { artificialStreams, spotifySpikes } from './fraud'
import { listQueries, submitQuery } from './queries'
import { holdTrack, holdsPage, releaseTrackHold } from './holds'
import { releaseAnalytics } from './release'
import * as schedule from './schedule'
import * as reviews from './reviews'

export const analyticsHandlers: Handlers<IdsOf<typeof analyticsEndpoints>> = {
  'analytics.importTrends': ({ ctx, params, files }) => imports.uploadTrends(ctx, params.platform, files.file),
  'analytics.imports': ({ ctx, query }) => imports.trendImportHistory(ctx, query.page, query.per_page, query.platform),
  'analytics.import': ({ ctx, params }) => imports.loadTrendImport(ctx, params.id),
  'analytics.importCommit': ({ ctx, params }) => imports.commitAction(ctx, params.id),
  'analytics.importCancel': ({ ctx, params }) => imports.cancelAction(ctx, params.id),
  'analytics.overview': ({ ctx, query }) => readsFor(ctx).summary('all', query),
  'analytics.platform': ({ ctx, params, query }) => readsFor(ctx).summary(params.platform, query),
  'analytics.topSongs': ({ ctx, params, query }) => readsFor(ctx).topSongs(params.platform, query),
  'analytics.topUsers': ({ ctx, params, query }) => readsFor(ctx).topAccounts(params.platform, query),
  'analytics.breakdown': ({ ctx, params, query }) => readsFor(ctx).breakdown(params.platform, params.breakdown, query),
  'analytics.histogramDays': ({ ctx, query }) => readsFor(ctx).histogramDays(query),
  'analytics.histogramHourly': ({ ctx, query }) => readsFor(ctx).histogramHourly(query),
  'analytics.submit': ({ ctx, body }) => submitQuery(ctx, body),
  'analytics.jobs': ({ ctx, query }) => listQueries(ctx, query.page, query.per_page),
  'analytics.release': ({ ctx, params, query }) => readsFor(ctx).release(params.id, query),
  'analytics.topReleases': ({ ctx, query }) => readsFor(ctx).topReleases(query),
  'analytics.artificialStreams': ({ ctx, params, query }) =>
    artificialStreams(ctx.services.db, ctx.tenant.id, params.platform, rangeOf(query)),
  'analytics.spikeDetection': ({ ctx, query }) => spotifySpikes(ctx.services.db, ctx.tenant.id, rangeOf(query)),
  'analytics.holds': ({ ctx, query }) => holdsPage(ctx, query),
  'analytics.holdTrack': ({ ctx, params, body }) => holdTrack(ctx, params.id, body.reason),
  'analytics.releaseHold': ({ ctx, params, body }) => releaseTrackHold(ctx, params.id, body.reason),
  'analytics.sources': ({ ctx }) => schedule.listSources(ctx),
  'analytics.saveSource': ({ ctx, params, body }) => schedule.saveSource(ctx, params.platform, params.kind, body),
  'analytics.removeSource': ({ ctx, params }) => schedule.removeSource(ctx, params.id),
  'analytics.checkSource': ({ ctx, params }) => schedule.checkSourceNow(ctx, params.id),
  'analytics.sourceFiles': ({ ctx, query }) => schedule.sourceFilesPage(ctx, query),
  'analytics.sendToReview': ({ ctx, params, body }) => reviews.sendToReview(ctx, params.id, body),
  'analytics.reviews': ({ ctx, query }) => reviews.reviewsPage(ctx, query),
  'analytics.review': ({ ctx, params }) => reviews.loadReview(ctx, params.id),
  'analytics.confirmReview': ({ ctx, params, body }) => reviews.confirmReview(ctx, params.id, body.reason),
  'analytics.dismissReview': ({ ctx, params, body }) => reviews.dismissReview(ctx, params.id, body.reason),
}

/** releases/analytics/{id} (catalogue's contract): the smartlink clicks and, beside them, the release's streams. */
export const releaseAnalyticsHandlers: Handlers<'releases.analytics'> = {
  'releases.analytics': ({ ctx, params }) => releaseAnalytics(ctx, params.id),
}
