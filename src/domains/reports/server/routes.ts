import { SITE_REPORT_KINDS } from '@core/report-kinds'
import type { reportsEndpoints } from '@contract/reports'
import { siteReportEndpointId, type SiteReportEndpointId, type SiteReportKind, type siteReportsEndpoints } from '@contract/site-reports'
import type { Handler, Handlers, IdsOf } from '@server/handlers'
import * as service from './service'

export const reportsHandlers: Handlers<IdsOf<typeof reportsEndpoints>> = {
  'reports.list': ({ ctx, query }) => service.listReports(ctx, 'user', query),
  'reports.adminReports': ({ ctx, query }) => service.listReports(ctx, 'admin', query),
  'reports.siteReports': ({ ctx, query }) => service.listReports(ctx, 'site', query),
  'reports.releaseEarnings': ({ ctx, params }) => service.earningReports(ctx, 'release-earning', params.id),
  'reports.artistEarnings': ({ ctx, params }) => service.earningReports(ctx, 'artist-earning', params.id),
  'reports.requestReleaseEarning': ({ ctx, body }) => service.requestReleaseEarning(ctx, body),
  'reports.requestArtistEarning': ({ ctx, body }) => service.requestArtistEarning(ctx, body),
  'reports.get': ({ ctx, params }) => service.loadReport(ctx, params.id),
  'reports.download': ({ ctx, params }) => service.downloadReport(ctx, params.id),
  'reports.retry': ({ ctx, params }) => service.retryReport(ctx, params.id),
}

type SiteReportHandler = Handler<(typeof siteReportsEndpoints)[SiteReportEndpointId]>

/** One handler per site-reports/{kind} call. */
export const siteReportsHandlers = Object.fromEntries(
  SITE_REPORT_KINDS.map((info): [string, SiteReportHandler] => [
    siteReportEndpointId(info.kind as SiteReportKind),
    ({ ctx, body }) => service.requestSiteReport(ctx, info.kind, body),
  ]),
)
