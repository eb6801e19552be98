import { z } from 'zod'
import { endpoint } from './define'
import { id, idParams, page, pageOf, perPage } from './common'
import { monthsBetween } from '@core/months'

// Earnings read side: the overview, the dashboard's balance card, an account's and a release's sales.
// Everything here reads the rollup tables the ledger keeps current (docs/royalties.md, "Rollups").
// Money is a decimal string with six places (micro-units), never a float.

/** The longest range the earnings screens accept: ten years of months. */
export const MAX_EARNINGS_MONTHS = 120
/** Top releases and top tracks: how many the overview shows. */
export const TOP_LIST_SIZE = 10

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/
const month = z.string().regex(MONTH, 'Month must be YYYY-MM')
export const money = z.string()

function monthRange<T extends z.ZodType<{ from?: string; to?: string }>>(shape: T) {
  return shape
    .refine((range) => !range.from || !range.to || range.from <= range.to, { message: 'From must not be after to', path: ['from'] })
    .refine((range) => !range.from || !range.to || monthsBetween(range.from, range.to) <= MAX_EARNINGS_MONTHS, {
      message: `The range is at most ${MAX_EARNINGS_MONTHS} months`,
      path: ['to'],
    })
}

export const moneyMonth = z.object({ month: z.string(), amount: money })
export type MoneyMonth = z.infer<typeof moneyMonth>

const releaseRef = z.object({ id: z.number(), title: z.string(), artist: z.string(), artwork: z.string().nullable() })

export const earningsOverview = z.object({
  from: z.string(),
  to: z.string(),
  /** 'all': the top lists cover all time (no range asked); 'range': they cover from…to. */
  scope: z.enum(['all', 'range']),
  /** Every month of from…to, zero when nothing was imported for it. */
  /** discoveryMode: the net of lines of tracks in Spotify Discovery Mode that month (part of total). */
  monthly: z.array(z.object({ month: z.string(), total: money, adminFee: money, quantity: z.number(), discoveryMode: money })),
  totals: z.object({
    /** Statement net over from…to, in the base currency. */
    net: money,
    /** The operator's share over from…to. */
    adminFee: money,
    /** What went to accounts: net − admin fee − unmatched. */
    accounts: money,
    /** Net of lines no track or release matched yet (held in suspense). */
    unmatched: money,
    quantity: z.number(),
    lines: z.number(),
    /** Lines of tracks in Spotify Discovery Mode in their month and their net (part of net; docs/discovery.md). */
    discoveryMode: z.object({ lines: z.number(), net: money }),
  }),
  users: pageOf(
    z.object({ rank: z.number(), id: z.number(), user: z.string(), email: z.string(), image: z.string().nullable(), total: money }),
  ),
  releases: z.array(releaseRef.extend({ rank: z.number(), quantity: z.number(), total: money })),
  tracks: z.array(
    z.object({
      rank: z.number(),
      id: z.number(),
      title: z.string(),
      isrc: z.string().nullable(),
      release: releaseRef.nullable(),
      quantity: z.number(),
      total: money,
    }),
  ),
  channels: z.array(z.object({ raw: z.string(), label: z.string(), quantity: z.number(), total: money })),
})
export type EarningsOverview = z.infer<typeof earningsOverview>

export const dashboardBalance = z.object({
  /** Available balance summed over accounts that are not banned. */
  available_account: money,
  /** The same over banned accounts. */
  banned_account: money,
  /** The payout fees the workspace's own book collected. */
  payout_fee: money,
})
export type DashboardBalance = z.infer<typeof dashboardBalance>

/** discoveryMode: the part of net from months the release's tracks were in Spotify Discovery Mode. */
export const accountSalesRow = z.object({ release: releaseRef, quantity: z.number(), net: money, discoveryMode: money })
export type AccountSalesRow = z.infer<typeof accountSalesRow>

export const accountSalesOverview = z.object({
  from: z.string(),
  to: z.string(),
  monthly: z.array(moneyMonth),
  /** Credited over the months shown. */
  rangeTotal: money,
  /** Credited since the first statement. */
  allTime: money,
  lastEarning: z.object({ month: z.string(), amount: money }).nullable(),
})
export type AccountSalesOverview = z.infer<typeof accountSalesOverview>

const releaseSalesParams = z.object({ release: id, user: id })
const releaseSalesQuery = monthRange(z.object({ from: month.optional(), to: month.optional() }))

export const releaseSalesMonthly = z.object({
  from: z.string(),
  to: z.string(),
  monthly: z.array(z.object({ month: z.string(), quantity: z.number(), net: money })),
  total: money,
})
export const releaseSalesChannels = z.object({
  from: z.string(),
  to: z.string(),
  channels: z.array(z.object({ raw: z.string(), label: z.string(), quantity: z.number(), net: money })),
})
export const releaseSalesTerritories = z.object({
  from: z.string(),
  to: z.string(),
  territories: z.array(z.object({ code: z.string(), name: z.string(), quantity: z.number(), net: money })),
})
export type ReleaseSalesMonthly = z.infer<typeof releaseSalesMonthly>
export type ReleaseSalesChannels = z.infer<typeof releaseSalesChannels>
export type ReleaseSalesTerritories = z.infer<typeof releaseSalesTerritories>

export const earningsEndpoints = {
  'earnings.overview': endpoint({
    method: 'GET',
    path: 'earnings/{id}',
    access: 'auth',
    summary:
      'Admins only: the earnings overview. {id} is the page of the top accounts; monthly totals and admin fee for from…to (the last 12 months by default, every month present), totals, top accounts (with image), releases, tracks and channels (with their labels). Without from/to the top lists are all-time; with them they cover the range',
    params: z.object({ id: page }),
    query: monthRange(z.object({ from: month.optional(), to: month.optional(), per_page: perPage })),
    response: earningsOverview,
  }),
  'dashboard.balance': endpoint({
    method: 'GET',
    path: 'dashboard/balance',
    access: 'auth',
    summary:
      'Admins only: available balance over accounts not banned (available_account), over banned accounts (banned_account), and the payout fees collected (payout_fee), from the ledger',
    response: dashboardBalance,
  }),
  'users.sales': endpoint({
    method: 'GET',
    path: 'users/single/sales/{id}',
    access: 'admin',
    summary: "An account's releases with sales, best-selling first: release, artwork, quantity and net (all time), paged",
    params: idParams,
    query: z.object({ page, per_page: perPage }),
    response: pageOf(accountSalesRow),
  }),
  'users.salesOverview': endpoint({
    method: 'GET',
    path: 'users/single/sales/overview/{id}',
    access: 'admin',
    summary:
      'What the ledger credited an account per month over the last 24 months (every month present), with the totals and the last earning',
    params: idParams,
    response: accountSalesOverview,
  }),
  'releases.salesMonthly': endpoint({
    method: 'GET',
    path: 'releases/{release}/user/{user}/sales/monthly',
    access: 'admin',
    summary:
      "A release's sales per month (the last 24 months by default, every month present); {user} must be the release's owner, otherwise 404",
    params: releaseSalesParams,
    query: releaseSalesQuery,
    response: releaseSalesMonthly,
  }),
  'releases.salesChannel': endpoint({
    method: 'GET',
    path: 'releases/{release}/user/{user}/sales/channel',
    access: 'admin',
    summary: "A release's sales per channel with the channel's label, best first; {user} must be the release's owner, otherwise 404",
    params: releaseSalesParams,
    query: releaseSalesQuery,
    response: releaseSalesChannels,
  }),
  'releases.salesTerritory': endpoint({
    method: 'GET',
    path: 'releases/{release}/user/{user}/sales/territory',
    access: 'admin',
    summary: "A release's sales per territory with the country's name, best first; {user} must be the release's owner, otherwise 404",
    params: releaseSalesParams,
    query: releaseSalesQuery,
    response: releaseSalesTerritories,
  }),
} as const
