import { sql } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'
import { keysetRows } from '@server/csv-stream'

// Payout reads for reports (docs/reports-sources.md "payout-history"): one row per payout, oldest
// first, paged on the payout id so memory holds one page.

export interface PayoutRowsScope {
  tenantId: number
  accountId: number | null
  from: string | null
  to: string | null
}

export interface PayoutHistoryRow {
  id: number
  requested: string
  account_id: number
  email: string
  provider: string
  provider_account_id: string
  type: string
  status: string
  org_amount: string
  amount: string
  fee: string
  net: string
  batch_id: number | null
  batch_file: string | null
  paid: string | null
  reason: string
}

/** Payouts requested in the scope's months (UTC): the workspace's, or one account's. */
export function payoutHistoryRows(q: Queryable, scope: PayoutRowsScope): AsyncGenerator<PayoutHistoryRow> {
  const month = sql`date_trunc('month', p.created_at at time zone 'UTC')::date`
  return keysetRows<PayoutHistoryRow, number>(
    q,
    (after, size) => sql`
      select p.id, to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD') as requested, p.account_id, a.email,
        p.provider, p.provider_account_id, p.type, p.status, p.org_amount::text as org_amount, p.amount::text as amount,
        p.fee::text as fee, p.net::text as net, p.batch_id, b.file_name as batch_file,
        to_char(p.paid_at at time zone 'UTC', 'YYYY-MM-DD') as paid, p.reason
      from payouts p
      join accounts a on a.id = p.account_id
      left join payout_batches b on b.id = p.batch_id
      where p.tenant_id = ${scope.tenantId} ${scope.accountId === null ? sql`` : sql`and p.account_id = ${scope.accountId}`}
        ${scope.from ? sql`and ${month} >= ${scope.from}::date` : sql``}
        ${scope.to ? sql`and ${month} <= ${scope.to}::date` : sql``}
        ${after !== null ? sql`and p.id > ${after}` : sql``}
      order by p.id limit ${size}`,
    (row) => Number(row.id),
  )
}
