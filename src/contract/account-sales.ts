import { z } from 'zod'
import { endpoint } from './define'
import { id, idParams, page, pageOf, perPage } from './common'
import { MAX_EARNINGS_MONTHS } from './earnings'
import { monthsBetween } from '@core/months'

// An account's sales reports (the account tab's Reports section). Two kinds of figures, and every
// answer says which it carries (`basis`):
// - ledger: what the ledger credited THIS account (its `account` book entries of the categories
//   earnings and sales), per artist, release or track — what its balance is made of, splits included;
// - statement: the statement net of the releases the account owns, before the operator's share and
//   splits (gross releases, countries, channels: only the rollups of the releases' statement lines
//   carry territories and channels).
// Money is a decimal string with six places; balance lines (report-details) are cents, as balances are.

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/
const month = z.string().regex(MONTH, 'Month must be YYYY-MM')
const money = z.string()

/** The period: from…to, both months included; a missing end is open (all time when neither is given). */
const period = {
  from: month.optional(),
  to: month.optional(),
}
function checkedPeriod<T extends z.ZodType<{ from?: string; to?: string }>>(shape: T) {
  return shape
    .refine((range) => !range.from || !range.to || range.from <= range.to, { message: 'From must not be after to', path: ['from'] })
    .refine((range) => !range.from || !range.to || monthsBetween(range.from, range.to) <= MAX_EARNINGS_MONTHS, {
      message: `The period is at most ${MAX_EARNINGS_MONTHS} months`,
      path: ['to'],
    })
}

export const LEDGER_SORTS = ['amount', 'name'] as const
export const STATEMENT_SORTS = ['amount', 'quantity', 'name'] as const
export type ReportSort = (typeof STATEMENT_SORTS)[number]

const listQuery = <S extends readonly [string, ...string[]]>(sorts: S) =>
  checkedPeriod(
    z.object({
      ...period,
      page,
      per_page: perPage,
      sort: z.enum(sorts, `Sort by one of: ${sorts.join(', ')}`).default(sorts[0]),
      dir: z.enum(['asc', 'desc'], 'Direction is asc or desc').default('desc'),
    }),
  )

export const reportBasis = z.enum(['ledger', 'statement'])
export type ReportBasis = z.infer<typeof reportBasis>

const releaseRef = z.object({ id: z.number(), title: z.string(), artist: z.string(), artwork: z.string().nullable() })

/** What every report answers besides its rows: the period, the basis and a sentence saying what the figures are. */
const reportOf = <T extends z.ZodType, Totals extends z.ZodType>(row: T, totals: Totals) =>
  pageOf(row).extend({
    from: z.string().nullable(),
    to: z.string().nullable(),
    basis: reportBasis,
    note: z.string(),
    /** Over every row of the report, not only the page. */
    totals,
  })

/** Ledger credit split into its two balance lines: earnings (YouTube CMS) and sales (stores). */
const credit = { earnings: money, sales: money, amount: money }
const creditTotals = z.object(credit)
const statementTotals = z.object({ quantity: z.number(), net: money })

export const artistReportRow = z.object({ artist: z.string(), releases: z.number(), ...credit })
export const releaseReportRow = z.object({ release: releaseRef, ...credit })
export const trackReportRow = z.object({
  track: z.object({ id: z.number(), title: z.string(), isrc: z.string().nullable() }),
  release: releaseRef,
  ...credit,
})
export const grossReleaseRow = z.object({ release: releaseRef, quantity: z.number(), net: money })
export const countryReportRow = z.object({ code: z.string(), name: z.string(), quantity: z.number(), net: money })
export const channelReportRow = z.object({ raw: z.string(), label: z.string(), quantity: z.number(), net: money })

export const artistReport = reportOf(artistReportRow, creditTotals)
export const releaseReport = reportOf(releaseReportRow, creditTotals)
export const trackReport = reportOf(
  trackReportRow,
  creditTotals.extend({
    /** Credit of lines matched to a release only (by UPC): it belongs to no track, so no row shows it. */
    releaseOnly: money,
  }),
)
export const grossReleaseReport = reportOf(grossReleaseRow, statementTotals)
export const countryReport = reportOf(countryReportRow, statementTotals)
export const channelReport = reportOf(channelReportRow, statementTotals)
export type ArtistReport = z.infer<typeof artistReport>
export type ReleaseReport = z.infer<typeof releaseReport>
export type TrackReport = z.infer<typeof trackReport>
export type GrossReleaseReport = z.infer<typeof grossReleaseReport>
export type CountryReport = z.infer<typeof countryReport>
export type ChannelReport = z.infer<typeof channelReport>

/** How many channels the overview draws apart; the rest are summed as "Other channels". */
export const CHANNEL_OVERVIEW_SERIES = 8

export const channelOverview = z.object({
  from: z.string(),
  to: z.string(),
  basis: reportBasis,
  note: z.string(),
  /** Every month of from…to. */
  months: z.array(z.string()),
  /** Best first; `raw` null for the sum of the channels past the first CHANNEL_OVERVIEW_SERIES. */
  channels: z.array(z.object({ raw: z.string().nullable(), label: z.string(), total: money, monthly: z.array(money) })),
  /** Per month, over every channel. */
  monthly: z.array(money),
  total: money,
})
export type ChannelOverview = z.infer<typeof channelOverview>

const cents = z.string()
export const reportDetails = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** The account's balance lines now (cents), as the account tab's balance shows them. */
  balance: z.object({ adjustment: cents, earnings: cents, payouts: cents, publishing: cents, sales: cents, available: cents }),
  lastEarnings: z.object({ date: z.string().nullable(), amount: cents }),
  /** What the ledger credited the account over the period (earnings + sales = amount). */
  credited: creditTotals,
  /** Statement net of the account's own releases over the period, before the operator's share and splits. */
  gross: statementTotals,
  /** First and last statement months that credited the account (all time), null before any. */
  firstMonth: z.string().nullable(),
  lastMonth: z.string().nullable(),
  /** Releases and tracks the ledger credited the account for over the period. */
  releases: z.number(),
  tracks: z.number(),
  topChannel: z.object({ raw: z.string(), label: z.string(), net: money }).nullable(),
})
export type ReportDetails = z.infer<typeof reportDetails>

const LEDGER_NOTE = 'what the ledger credited this account'
const STATEMENT_NOTE = "statement figures of the account's own releases"

export const accountSalesEndpoints = {
  'users.reportArtists': endpoint({
    method: 'GET',
    path: 'users/report/artists/{id}',
    access: 'admin',
    summary: `An account's sales per artist name of the credited releases (${LEDGER_NOTE}: earnings and sales), with totals; from/to months, paged, sort amount|name`,
    params: idParams,
    query: listQuery(LEDGER_SORTS),
    response: artistReport,
  }),
  'users.reportReleases': endpoint({
    method: 'GET',
    path: 'users/report/releases/{id}',
    access: 'admin',
    summary: `An account's sales per release (${LEDGER_NOTE}, splits included), with totals equal to its earnings and sales balance lines over the period; paged, sort amount|name`,
    params: idParams,
    query: listQuery(LEDGER_SORTS),
    response: releaseReport,
  }),
  'users.reportTracks': endpoint({
    method: 'GET',
    path: 'users/report/tracks/{id}',
    access: 'admin',
    summary: `An account's sales per track (${LEDGER_NOTE}); credit of release-only (UPC) lines is in totals.releaseOnly; paged, sort amount|name`,
    params: idParams,
    query: listQuery(LEDGER_SORTS),
    response: trackReport,
  }),
  'users.reportGrossReleases': endpoint({
    method: 'GET',
    path: 'users/report/gross-releases/{id}',
    access: 'admin',
    summary: `Gross sales of the releases the account owns: ${STATEMENT_NOTE}, before the operator's share and splits; paged, sort amount|quantity|name`,
    params: idParams,
    query: listQuery(STATEMENT_SORTS),
    response: grossReleaseReport,
  }),
  'users.reportCountries': endpoint({
    method: 'GET',
    path: 'users/report/countries/{id}',
    access: 'admin',
    summary: `Sales per territory of the releases the account owns (${STATEMENT_NOTE}), with the country's name; paged, sort amount|quantity|name`,
    params: idParams,
    query: listQuery(STATEMENT_SORTS),
    response: countryReport,
  }),
  'users.reportChannels': endpoint({
    method: 'GET',
    path: 'users/report/channels/{id}',
    access: 'admin',
    summary: `Sales per channel of the releases the account owns (${STATEMENT_NOTE}), with the channel's label; paged, sort amount|quantity|name`,
    params: idParams,
    query: listQuery(STATEMENT_SORTS),
    response: channelReport,
  }),
  'users.reportChannelOverview': endpoint({
    method: 'POST',
    path: 'users/report/channel-overview',
    access: 'admin',
    summary: `Net per channel per month of the releases the account owns (${STATEMENT_NOTE}) for a chart: every month of from…to (by default the months with statements, at most ${MAX_EARNINGS_MONTHS}), the best channels apart and the rest summed. A read: it changes nothing`,
    body: checkedPeriod(z.object({ userId: id, ...period })),
    response: channelOverview,
  }),
  'users.reportDetails': endpoint({
    method: 'GET',
    path: 'users/report-details/{id}',
    access: 'admin',
    summary:
      "The head of an account's reports: balance lines and last earnings from the ledger, credit and gross over the period, first and last statement month, releases and tracks credited, top channel",
    params: idParams,
    query: checkedPeriod(z.object(period)),
    response: reportDetails,
  }),
} as const
