import { and, eq } from 'drizzle-orm'
import type { AuthedContext } from '@server/context'
import { accounts } from '@server/db/schema/platform'
import { csvStream } from '@server/csv-stream'
import { conflict, notFound } from '@server/errors'
import { displayName } from '@core/names'
import { notAvailableMessage, siteReportKind } from '@core/report-kinds'
import { REPORT_SOURCES, type ReportScope } from '../sources'

// Account downloads: one account's CSV files, streamed straight to the reply from the report
// sources with the account as their scope (docs/reports-sources.md "Account downloads").

/** Which source (and its params) each download reads, and the name its file carries. */
export const ACCOUNT_DOWNLOADS = {
  channel: { kind: 'sales/store', file: 'stores' },
  country: { kind: 'sales/country', file: 'countries' },
  track: { kind: 'sales/track', file: 'tracks' },
  grossRelease: { kind: 'gross-sales/release', file: 'gross-releases' },
  release: { kind: 'sales/release', file: 'releases' },
  catalog: { kind: 'catalog-overview', file: 'catalog' },
  royaltyShares: { kind: 'royalty-split', file: 'royalty-shares' },
  fullRoyaltyShares: { kind: 'royalty-split', file: 'full-royalty-shares', params: { everyPayee: true } },
  payouts: { kind: 'payout-history', file: 'payouts' },
  transactions: { kind: 'account-transactions', file: 'transactions' },
  statement: { kind: 'account-statement', file: 'statement' },
  audience: { kind: 'audience-export', file: 'audience' },
} as const satisfies Record<string, { kind: string; file: string; params?: Record<string, unknown> }>

export type AccountDownload = keyof typeof ACCOUNT_DOWNLOADS

/** Downloads whose data arrives with a later area, by the site report kind that says which. */
export const UNAVAILABLE_DOWNLOADS = { influencer: 'influencer', deliveryLog: 'delivery-log' } as const

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60) || 'account'

async function accountOf(ctx: AuthedContext, userId: number) {
  const [account] = await ctx.services.db
    .select({ id: accounts.id, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName })
    .from(accounts)
    .where(and(eq(accounts.tenantId, ctx.tenant.id), eq(accounts.id, userId)))
  if (!account) throw notFound('There is no such account in this workspace.')
  return account
}

/** Pulls the first row before the reply starts, so a failing query answers an error instead of a cut file. */
async function primed(rows: AsyncIterable<readonly unknown[]>): Promise<AsyncIterable<readonly unknown[]>> {
  const iterator = rows[Symbol.asyncIterator]()
  const first = await iterator.next()
  return {
    async *[Symbol.asyncIterator]() {
      if (first.done) return
      yield first.value
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value
    },
  }
}

/** Streams one account download as CSV: `<account>-<file>-<from>-<to>.csv`. */
export async function accountDownload(
  ctx: AuthedContext,
  download: AccountDownload,
  userId: number,
  period: { from?: string; to?: string },
) {
  const account = await accountOf(ctx, userId)
  const { kind, file, ...rest } = ACCOUNT_DOWNLOADS[download]
  const params = 'params' in rest ? rest.params : {}
  const scope: ReportScope = {
    tenantId: ctx.tenant.id,
    accountId: account.id,
    from: period.from ? `${period.from}-01` : null,
    to: period.to ? `${period.to}-01` : null,
    params,
    files: ctx.services.files,
  }
  if (download === 'statement') scope.to = scope.from
  const source = REPORT_SOURCES[kind]
  const rows = await primed(source.rows(ctx.services.db, scope))
  const name = slug(displayName(account))
  const fileName =
    download === 'statement'
      ? `${name}-statement-${period.from}.csv`
      : `${name}-${file}-${period.from ?? 'start'}-${period.to ?? 'now'}.csv`
  return ctx.reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(csvStream(source.header, rows))
}

/** The downloads whose data does not exist yet: 409 with the reason (after the account check). */
export async function unavailableDownload(
  ctx: AuthedContext,
  download: keyof typeof UNAVAILABLE_DOWNLOADS,
  userId: number,
): Promise<never> {
  await accountOf(ctx, userId)
  const info = siteReportKind(UNAVAILABLE_DOWNLOADS[download])
  throw conflict(info ? notAvailableMessage(info) : 'This report is not available yet.')
}
