import { sql } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'
import { keysetRows } from '@server/csv-stream'
import { rawData } from '@domains/earnings/server/imports/raw-rows'

// Report sources: for each report kind, its CSV header and the rows, streamed from the database
// (docs/reports.md). A source reads through the owning domain's exported read functions, never
// another domain's tables; money leaves as NUMERIC text, never through floats.

/** Whose data and which months a report covers. `accountId` null: the whole workspace. */
export interface ReportScope {
  tenantId: number
  accountId: number | null
  /** First days of the first and last month covered; null: open-ended. */
  from: string | null
  to: string | null
  params: Record<string, unknown>
}

export interface ReportSource {
  header: readonly string[]
  rows(q: Queryable, scope: ReportScope): AsyncIterable<readonly unknown[]>
}

const periodFilter = (column: string, scope: ReportScope) =>
  sql`${scope.from ? sql`and ${sql.raw(column)} >= ${scope.from}::date` : sql``} ${scope.to ? sql`and ${sql.raw(column)} <= ${scope.to}::date` : sql``}`

/** monthly-sales: per month, the workspace's statement net and admin fee, or an account's credits. */
const monthlySales: ReportSource = {
  header: ['month', 'lines', 'quantity', 'net_usd', 'admin_fee_usd', 'unmatched_usd'],
  async *rows(q, scope) {
    type Row = { period: string; lines: string; quantity: string; net: string; fee: string; unmatched: string }
    const page = (after: string | null, size: number) =>
      scope.accountId === null
        ? sql`select to_char(period, 'YYYY-MM') as period, sum(lines)::text as lines, sum(quantity)::text as quantity,
              sum(net)::text as net, sum(tenant_share)::text as fee, sum(unmatched)::text as unmatched
            from earnings_monthly where tenant_id = ${scope.tenantId} ${periodFilter('period', scope)}
              ${after ? sql`and to_char(period, 'YYYY-MM') > ${after}` : sql``}
            group by 1 order by 1 limit ${size}`
        : sql`select to_char(period, 'YYYY-MM') as period, '' as lines, '' as quantity, sum(amount)::text as net, '' as fee, '' as unmatched
            from earnings_account_monthly where tenant_id = ${scope.tenantId} and account_id = ${scope.accountId} ${periodFilter('period', scope)}
              ${after ? sql`and to_char(period, 'YYYY-MM') > ${after}` : sql``}
            group by 1 order by 1 limit ${size}`
    for await (const row of keysetRows<Row, string>(q, page, (r) => r.period)) {
      yield [row.period, row.lines, row.quantity, row.net, row.fee, row.unmatched]
    }
  },
}

/** The kinds that can be produced, by kind id (src/core/report-kinds.ts lists every kind). */
export const REPORT_SOURCES: Readonly<Record<string, ReportSource>> = {
  'monthly-sales': monthlySales,
  'raw-data': rawData,
}
