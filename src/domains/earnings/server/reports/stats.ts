import type { Queryable } from '@server/db/engine'
import { monthlyTotals } from './queries'

// The earnings read API for other domains (the dashboard): they ask here, they do not read the rollups.

/** Statement net (earnings) and the operator's share (admin fees) per month from…to, every month present. */
export async function monthlyEarnings(db: Queryable, tenantId: number, from: string, to: string) {
  const rows = await monthlyTotals(db, tenantId, { from, to })
  return {
    earnings: rows.map((row) => ({ month: row.month, amount: row.net })),
    adminFees: rows.map((row) => ({ month: row.month, amount: row.fee })),
  }
}
