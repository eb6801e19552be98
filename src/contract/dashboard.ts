import { z } from 'zod'
import { endpoint } from './define'
import { ok } from './common'
import { monthsBetween } from '@core/months'
import { FEEDBACK_SEVERITIES } from './shell-vocabulary'
export { FEEDBACK_SEVERITIES } from './shell-vocabulary'

/** The longest statistics range: ten years of months. */
export const MAX_STATISTICS_MONTHS = 120

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/
const month = z.string().regex(MONTH, 'Month must be YYYY-MM')

export const dashboardRelease = z.object({
  id: z.number(),
  title: z.string(),
  artist: z.string(),
  coverUrl: z.string().nullable(),
  status: z.number(),
  /** 10 (scheduled) for a live or edited release whose release date is ahead. */
  displayStatus: z.number(),
  releaseDate: z.string().nullable(),
  created: z.string().nullable(),
})
export type DashboardRelease = z.infer<typeof dashboardRelease>

const dashboardList = z.object({ items: z.array(dashboardRelease), total: z.number() })
export type DashboardList = z.infer<typeof dashboardList>

const monthlySeries = z.array(z.object({ month: z.string(), count: z.number() }))
export type MonthlySeries = z.infer<typeof monthlySeries>

/** A feature-control request on the dashboard (whitelist, blocklist): where it opens and who asked. */
const dashboardRequestList = z.object({
  items: z.array(
    z.object({ id: z.number(), title: z.string(), status: z.string(), requester: z.string(), created: z.string(), path: z.string() }),
  ),
  total: z.number(),
})
export type DashboardRequestList = z.infer<typeof dashboardRequestList>

export const dashboardOverview = z.object({
  releases: dashboardList,
  pendingTakedown: dashboardList,
  pendingEdit: dashboardList,
  /** Pending whitelist (greenlist) and blocklist requests; their takedown variants: pending or approved ones on releases pending takedown. */
  whitelist: dashboardRequestList,
  whitelistTakedown: dashboardRequestList,
  blocklist: dashboardRequestList,
  blocklistTakedown: dashboardRequestList,
  /** Split portal items: pending splits (payees yet to accept); the takedown variant: open splits of tracks on releases pending takedown. */
  splits: dashboardRequestList,
  splitsTakedown: dashboardRequestList,
})
export type DashboardOverview = z.infer<typeof dashboardOverview>

/** Money per month: a NUMERIC decimal string (six places), never a float. */
const moneySeries = z.array(z.object({ month: z.string(), amount: z.string() }))
export type MoneySeries = z.infer<typeof moneySeries>

export const dashboardStatistics = z.object({
  from: z.string(),
  to: z.string(),
  releases: monthlySeries,
  accounts: monthlySeries,
  tracks: monthlySeries,
  /** Statement net per month (the earnings rollups). */
  earnings: moneySeries,
  /** The operator's share (admin fee) per month. */
  adminFees: moneySeries,
})
export type DashboardStatistics = z.infer<typeof dashboardStatistics>


export const dashboardEndpoints = {
  'dashboard.overview': endpoint({
    method: 'GET',
    path: 'dashboard',
    access: 'auth',
    summary:
      'Admins only: the newest releases, releases pending takedown (8) and pending edit (6); pending whitelist and blocklist requests and those on releases pending takedown; pending splits and open splits on releases pending takedown; up to 5 of each with its total',
    response: dashboardOverview,
  }),
  'dashboard.statistics': endpoint({
    method: 'POST',
    path: 'dashboard/statistics',
    access: 'auth',
    summary:
      'Admins only: monthly counts of releases, accounts and tracks created, and monthly earnings and admin fees, every month of the range present (zero when empty); the last 12 months by default',
    body: z
      .object({ from: month.optional(), to: month.optional() })
      .refine((range) => !range.from || !range.to || range.from <= range.to, { message: 'From must not be after to', path: ['from'] })
      .refine((range) => !range.from || !range.to || monthsBetween(range.from, range.to) <= MAX_STATISTICS_MONTHS, {
        message: `The range is at most ${MAX_STATISTICS_MONTHS} months`,
        path: ['to'],
      }),
    response: dashboardStatistics,
  }),
  'dashboard.feedback': endpoint({
    method: 'POST',
    path: 'dashboard/feedback',
    access: 'auth',
    summary: "Feedback from the beta banner: message, severity and the page it was sent from; the workspace's admins are notified",
    status: 201,
    body: z.object({
      message: z.string().trim().min(1, 'Message is required').max(5000, 'Message is too long'),
      severity: z.enum(FEEDBACK_SEVERITIES).default('info'),
      page: z.string().trim().min(1).max(2000),
    }),
    response: ok,
  }),
} as const
