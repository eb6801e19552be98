// Site report kinds without zod: start-up code (the palette's report commands) reads these;
// site-reports.ts re-exports them and builds the calls.

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
