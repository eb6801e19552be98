import type { accountReportEndpoints } from '@contract/account-reports'
import type { Handlers, IdsOf } from '@server/handlers'
import { accountDownload, unavailableDownload } from './service'

export const accountDownloadHandlers: Handlers<IdsOf<typeof accountReportEndpoints>> = {
  'accountReports.channel': ({ ctx, body }) => accountDownload(ctx, 'channel', body.userId, body),
  'accountReports.country': ({ ctx, body }) => accountDownload(ctx, 'country', body.userId, body),
  'accountReports.track': ({ ctx, body }) => accountDownload(ctx, 'track', body.userId, body),
  'accountReports.grossRelease': ({ ctx, body }) => accountDownload(ctx, 'grossRelease', body.userId, body),
  'accountReports.release': ({ ctx, body }) => accountDownload(ctx, 'release', body.userId, body),
  'accountReports.catalog': ({ ctx, body }) => accountDownload(ctx, 'catalog', body.userId, body),
  'accountReports.royaltyShares': ({ ctx, params, body }) => accountDownload(ctx, 'royaltyShares', params.userId, body),
  'accountReports.fullRoyaltyShares': ({ ctx, params, body }) => accountDownload(ctx, 'fullRoyaltyShares', params.userId, body),
  'accountReports.payouts': ({ ctx, params, body }) => accountDownload(ctx, 'payouts', params.userId, body),
  'accountReports.statement': ({ ctx, params }) => accountDownload(ctx, 'statement', params.userId, { from: params.date, to: params.date }),
  'accountReports.transactions': ({ ctx, body }) => accountDownload(ctx, 'transactions', body.userId, body),
  'accountReports.influencer': ({ ctx, body }) => unavailableDownload(ctx, 'influencer', body.userId),
  'accountReports.audience': ({ ctx, body }) => accountDownload(ctx, 'audience', body.userId, body),
  'accountReports.deliveryLog': ({ ctx, body }) => unavailableDownload(ctx, 'deliveryLog', body.userId),
}
