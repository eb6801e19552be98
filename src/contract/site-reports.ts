import { SITE_REPORT_KINDS } from '@core/report-kinds'
import { endpoint } from './define'
import { reportRow, siteReportBody } from './reports'

// site-reports/{kind}: one call per kind of src/core/report-kinds.ts (docs/reports.md). An admin
// without userId asks for the workspace (a site report); with userId, or an artist or label asking,
// the report covers that one account (a user report). Kinds whose data arrives later answer 409.

const siteReportEndpoint = (kind: string, label: string, arrivesWith: string | null) =>
  endpoint({
    method: 'POST',
    path: `site-reports/${kind}`,
    access: 'auth',
    summary: arrivesWith
      ? `${label} report: not available yet (its data arrives with ${arrivesWith}); answers 409`
      : `Ask for the ${label.toLowerCase()} report (CSV) for a period (from/to YYYY-MM): queued; admins may name an account (userId)`,
    body: siteReportBody,
    response: reportRow,
    status: 202,
  })

/**
 * The site kinds as literal types, so every call is typed by its own id. The calls themselves are
 * generated from SITE_REPORT_KINDS (core); a kind added there and not here stops the server at start.
 */
export const SITE_REPORT_KIND_IDS = [
  'monthly-sales',
  'sales/store',
  'sales/country',
  'sales/release',
  'sales/track',
  'sales/artist',
  'gross-sales/track',
  'gross-sales/release',
  'gross-sales/artist',
  'earnings-summary/release',
  'earnings-summary/track',
  'earnings-summary/artist',
  'catalog-overview',
  'royalty-split',
  'payout-history',
  'audience-export',
  'top-fans',
  'influencer',
  'usage-discovery',
  'platform-id',
  'delivery-log',
  'spotify-playlist',
  'fan-blast',
  'exchange-rate',
  'stream-data',
  'raw-data',
] as const
export type SiteReportKind = (typeof SITE_REPORT_KIND_IDS)[number]
export type SiteReportEndpointId = `siteReports.${SiteReportKind}`

export const isSiteReportKind = (kind: string): kind is SiteReportKind => (SITE_REPORT_KIND_IDS as readonly string[]).includes(kind)

/** The contract id of a site report kind: `siteReports.monthly-sales`, `siteReports.sales/store`, ... */
export const siteReportEndpointId = (kind: SiteReportKind): SiteReportEndpointId => `siteReports.${kind}`

export const siteReportsEndpoints = Object.fromEntries(
  SITE_REPORT_KINDS.map((info) => {
    if (!isSiteReportKind(info.kind)) throw new Error(`Site report kind ${info.kind} is missing from SITE_REPORT_KIND_IDS`)
    return [siteReportEndpointId(info.kind), siteReportEndpoint(info.kind, info.label, info.arrivesWith)]
  }),
) as { [K in SiteReportEndpointId]: ReturnType<typeof siteReportEndpoint> }
