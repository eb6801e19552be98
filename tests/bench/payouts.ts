import { sql } from 'drizzle-orm'
import type { Database } from '../../src/server/db/engine'

/** Payouts in the bench workspace: BENCH_PAYOUTS (default 1,000,000, the goal). */
export const benchPayoutCount = () => Number(process.env.BENCH_PAYOUTS ?? 1_000_000)

/**
 * BENCH_PAYOUTS payouts over the bench accounts, in every status (a fifth outstanding, half paid),
 * two providers, one every 30 seconds back from now; generated inside the database with
 * generate_series in chunks. The list reads payouts and accounts only, so no ledger entries are made.
 */
export async function generatePayouts(database: Database, tenantId: number, log: (message: string) => void): Promise<void> {
  const { db } = database
  const total = benchPayoutCount()
  if (total <= 0) return
  const [range] = (
    await db.execute<{ lo: number; n: number }>(sql`
      select min(id)::int as lo, count(*)::int as n from accounts where tenant_id = ${tenantId} and type <> 'admin'`)
  ).rows
  if (!range?.n) return
  const started = Date.now()
  const chunk = 200_000
  for (let from = 1; from <= total; from += chunk) {
    const to = Math.min(total, from + chunk - 1)
    await db.execute(sql`
      insert into payouts (tenant_id, account_id, provider, provider_account_id, type, is_force, org_amount, amount, fee,
                           status, processed, tax_form, created_at, updated_at)
      select ${tenantId}, ${range.lo} + (g * 7919) % ${range.n},
             case when g % 3 = 0 then 'tipalti' else 'paypal' end,
             case when g % 3 = 0 then 'BENCH-PAYEE-' || (g * 7919) % ${range.n} else 'payee' || (g * 7919) % ${range.n} || '@bench.test' end,
             case when g % 50 = 0 then 'force' else 'withdrawal' end, g % 50 = 0,
             amount, amount, least(round(amount * 0.02 + 0.3, 2), 20), status, status in ('processing', 'paid'), g % 3 = 0,
             now() - g * interval '30 seconds', now() - g * interval '30 seconds'
      from (
        select g, (50 + ((g * 104729) % 500000) / 100.0)::numeric(24,6) as amount,
               (array['pending','pending','pending','pending','approved','approved','processing','paid','paid','paid',
                      'paid','paid','paid','paid','paid','paid','paid','rejected','rejected','failed'])[1 + g % 20] as status
        from generate_series(${from}::bigint, ${to}::bigint) g
      ) s`)
    log(`  payouts ${to.toLocaleString()} / ${total.toLocaleString()} (${Math.round((Date.now() - started) / 1000)} s)`)
  }
}
