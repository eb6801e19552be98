import { sql } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'

/**
 * For the payout connections screen: how many accounts of the workspace can be paid through each
 * provider (a confirmed PayPal email; a Tipalti payee id). Banned accounts are left out.
 */
export async function payableAccountCounts(db: Queryable, tenantId: number): Promise<{ paypal: number; tipalti: number }> {
  const { rows } = await db.execute<{ paypal: number; tipalti: number }>(sql`
    select count(*) filter (where d.paypal_confirmed and coalesce(d.paypal_email, '') <> '')::int as paypal,
           count(*) filter (where coalesce(d.tipalti_id, '') <> '')::int as tipalti
    from user_details d
    join accounts a on a.id = d.account_id and a.tenant_id = d.tenant_id
    where d.tenant_id = ${tenantId} and not a.banned`)
  return { paypal: Number(rows[0]?.paypal ?? 0), tipalti: Number(rows[0]?.tipalti ?? 0) }
}
