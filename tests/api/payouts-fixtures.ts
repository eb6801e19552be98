import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Services } from '../../src/server/context'
import { auditLog } from '../../src/server/db/schema'
import type { TestClient } from '../helpers/client'

/** Headers of an idempotent call: a fresh key unless one is given. */
export const key = (value: string = randomUUID()) => ({ 'idempotency-key': value })

/** Gives the account `amount` of balance (a manual adjustment) and a confirmed payout method. */
export async function fund(
  admin: TestClient,
  userId: number,
  amount: string,
  method: { paypal?: boolean; tipalti?: boolean } = { paypal: true },
) {
  await admin.ok('ledger.adjust', { params: { id: userId }, body: { amount, reason: 'Test funds' } })
  await admin.ok('users.editPayoutMethods', {
    body: {
      userId,
      paypalEmail: method.paypal ? `payee${userId}@example.com` : null,
      paypalConfirmed: Boolean(method.paypal),
      tipaltiId: method.tipalti ? `PAYEE-${userId}` : undefined,
    },
  })
}

export async function available(admin: TestClient, userId: number): Promise<string> {
  return (await admin.ok('users.single', { params: { id: userId } })).balance.available
}

/** Sum of one book's entries of the workspace (six places). */
export async function book(services: Services, tenantId: number, name: string, category?: string) {
  const { rows } = await services.db.execute<{ total: string | null }>(sql`
    select coalesce(sum(amount), 0)::text as total from ledger_entries
    where tenant_id = ${tenantId} and book = ${name} ${category ? sql`and category = ${category}` : sql``}`)
  return rows[0]?.total ?? '0'
}

export async function ledgerCount(services: Services, tenantId: number, kind: string) {
  const { rows } = await services.db.execute<{ n: number }>(sql`
    select count(*)::int as n from ledger_transactions where tenant_id = ${tenantId} and kind = ${kind}`)
  return Number(rows[0]?.n ?? 0)
}

export const auditsOf = (services: Services, tenantId: number, action: string) =>
  services.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.tenantId, tenantId)))
