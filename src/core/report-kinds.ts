// Every report kind the product knows (docs/reports.md): its label and whether its data exists yet.
// Kinds whose data arrives with a later area answer "not available yet" (`arrivesWith` names it).

export interface ReportKindInfo {
  kind: string
  label: string
  /** Null when the kind can be produced; otherwise the product area that brings its data. */
  arrivesWith: string | null
}

const kind = (id: string, label: string, arrivesWith: string | null = null): ReportKindInfo => ({ kind: id, label, arrivesWith })

/** The site-reports/* kinds, in the spec's order (site-reports/{kind}). */
export const SITE_REPORT_KINDS: readonly ReportKindInfo[] = [
  kind('monthly-sales', 'Monthly sales'),
  kind('sales/store', 'Sales by store'),
  kind('sales/country', 'Sales by country'),
  kind('sales/release', 'Sales by release'),
  kind('sales/track', 'Sales by track'),
  kind('sales/artist', 'Sales by artist'),
  kind('gross-sales/track', 'Gross sales by track'),
  kind('gross-sales/release', 'Gross sales by release'),
  kind('gross-sales/artist', 'Gross sales by artist'),
  kind('earnings-summary/release', 'Earnings summary by release'),
  kind('earnings-summary/track', 'Earnings summary by track'),
  kind('earnings-summary/artist', 'Earnings summary by artist'),
  kind('catalog-overview', 'Catalog overview'),
  kind('royalty-split', 'Royalty splits'),
  kind('payout-history', 'Payout history'),
  kind('audience-export', 'Audience export'),
  kind('top-fans', 'Top fans'),
  kind('influencer', 'Influencer', 'Audience'),
  kind('usage-discovery', 'Usage discovery'),
  kind('platform-id', 'Platform IDs', 'Delivery'),
  kind('delivery-log', 'Delivery log', 'Delivery'),
  kind('spotify-playlist', 'Spotify playlists', 'Analytics'),
  kind('fan-blast', 'Fan blast'),
  kind('exchange-rate', 'Exchange rates'),
  kind('stream-data', 'Stream data', 'Analytics'),
  kind('raw-data', 'Raw statement data'),
]

export const siteReportKind = (id: string) => SITE_REPORT_KINDS.find((info) => info.kind === id) ?? null

/** The answer for a kind whose data does not exist yet. */
export const notAvailableMessage = (info: ReportKindInfo) =>
  `The ${info.label.toLowerCase()} report is not available yet: its data arrives with ${info.arrivesWith}.`
