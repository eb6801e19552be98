import { sql } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'

// TEMPORARY until the ledger branch lands: replaced by the posting module's functions.

export const BASE_CURRENCY = 'USD'

/** The rate of `currency` for the month of `period` (YYYY-MM-01); 1 for the base currency; null when none. */
export async function rateFor(q: Queryable, tenantId: number, currency: string, period: string): Promise<string | null> {
  if (currency === BASE_CURRENCY) return '1'
  const { rows } = await q.execute<{ rate: string }>(sql`
    select rate::text as rate from exchange_rates where tenant_id = ${tenantId} and currency = ${currency} and period = ${period}::date`)
  return rows[0]?.rate ?? null
}

export async function postImport(_tx: Queryable, _tenantId: number, _importId: number, _actorId: number | null): Promise<void> {
  throw new Error('ledger posting not merged yet')
}
export async function rollbackImport(_tx: Queryable, _tenantId: number, _importId: number, _actorId: number | null): Promise<void> {
  throw new Error('ledger posting not merged yet')
}
