import { sql } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'

// The importer's view of the ledger: the posting code (ledger/posting.ts) moves the money; the
// rate of a statement's period is read here.

export const BASE_CURRENCY = 'USD'

/** The rate of `currency` for the month of `period` (YYYY-MM-01); 1 for the base currency; null when none. */
export async function rateFor(q: Queryable, tenantId: number, currency: string, period: string): Promise<string | null> {
  if (currency === BASE_CURRENCY) return '1'
  const { rows } = await q.execute<{ rate: string }>(sql`
    select rate::text as rate from exchange_rates where tenant_id = ${tenantId} and currency = ${currency} and period = ${period}::date`)
  return rows[0]?.rate ?? null
}

export { postImport, rollbackImport } from '../ledger/posting'
