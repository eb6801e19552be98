import { z } from 'zod'
import { endpoint } from './define'
import { id } from './common'

// Account downloads (spec "users" POST downloads): CSV files about one account, streamed as they
// are read. Each reuses a report source (docs/reports-sources.md) with the account as its scope.

const month = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is written YYYY-MM, for example 2025-03')

/** The months covered, both included; either may be left out (open-ended). */
const period = z
  .object({ from: month.optional(), to: month.optional() })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    message: 'The first month must not be after the last',
    path: ['to'],
  })

const userBody = z
  .object({ userId: id, from: month.optional(), to: month.optional() })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    message: 'The first month must not be after the last',
    path: ['to'],
  })

const userParams = z.object({ userId: id })

const download = <const S extends string>(path: S, summary: string) =>
  endpoint({ method: 'POST', path, access: 'admin', summary, body: userBody, response: z.unknown(), responseType: 'file' })

const downloadFor = <const S extends string>(path: S, summary: string) =>
  endpoint({
    method: 'POST',
    path,
    access: 'admin',
    summary,
    params: userParams,
    body: period,
    response: z.unknown(),
    responseType: 'file',
  })

export const accountReportEndpoints = {
  'accountReports.channel': download(
    'users/report/channel-download',
    "Download an account's statement credits per month and store as CSV (its credits shared out by its releases' net per store)",
  ),
  'accountReports.country': download(
    'users/country-report',
    "Download an account's statement credits per month and country as CSV (shared out by its releases' net per territory)",
  ),
  'accountReports.track': download('users/track-report', "Download an account's statement credits per track as CSV"),
  'accountReports.grossRelease': download(
    'users/gross-release-report',
    "Download, per release, the gross (statement net before the operator's share and splits) of the tracks that credited an account, with its part, as CSV",
  ),
  'accountReports.release': download('users/release-report', "Download an account's statement credits per release as CSV"),
  'accountReports.catalog': download('users/catalog-report', "Download an account's catalogue (its releases and their tracks) as CSV"),
  'accountReports.royaltyShares': downloadFor(
    'users/royalty-shares-report/{userId}',
    'Download the royalty splits an account owns or is a payee of, with its own share, as CSV',
  ),
  'accountReports.fullRoyaltyShares': downloadFor(
    'users/full-royalty-shares-report/{userId}',
    'Download every payee of the royalty splits an account owns or is a payee of, as CSV',
  ),
  'accountReports.payouts': downloadFor('users/payout-report/{userId}', "Download an account's payouts as CSV"),
  'accountReports.statement': endpoint({
    method: 'POST',
    path: 'users/report/{userId}/{date}',
    access: 'admin',
    summary: "Download an account's statement for one month (YYYY-MM): its ledger entries, the month's total and the balance after",
    params: z.object({
      userId: id,
      date: z
        .string()
        .trim()
        .regex(/^\d{4}-(0[1-9]|1[0-2])(-\d{2})?$/, 'The month is written YYYY-MM, for example 2025-03')
        .transform((value) => value.slice(0, 7)),
    }),
    response: z.unknown(),
    responseType: 'file',
  }),
  'accountReports.transactions': download(
    'users/transaction-report',
    "Download an account's ledger entries over the months with the running balance as CSV",
  ),
  'accountReports.influencer': download(
    'users/influencer-report',
    "An account's influencer report (not available yet: arrives with Audience)",
  ),
  'accountReports.audience': download('users/audience-report', "An account's audience: its fan-blast fans with consent date, source and proof (CSV)"),
  'accountReports.deliveryLog': download(
    'users/delivery-log-report',
    "An account's delivery log (not available yet: arrives with Delivery)",
  ),
} as const
