import { sql } from 'drizzle-orm'
import type { Services } from '../../src/server/context'
import { payouts } from '../../src/server/db/schema'
import { MONEY_SCALE, toScaled } from '../../src/core/decimal'
import type { PayoutProvider, PayoutStatus } from '../../src/core/payout-status'
import { applyTransition, lockPayouts, reserve } from '../../src/domains/payouts/server/postings'
import { availableUnits } from '../../src/domains/earnings/server/ledger/service'
import { createTransaction, insertEntries } from '../../src/domains/earnings/server/ledger/posting'

/** Credits an account's balance (an adjustment: account +amount, tenant −amount). */
export async function credit(services: Services, tenantId: number, accountId: number, amount: string) {
  await services.db.transaction(async (tx) => {
    const transactionId = await createTransaction(tx, { tenantId, kind: 'adjustment', reason: 'test credit', actorId: null })
    const base = { category: 'adjustment' as const, importId: null, trackId: null, releaseId: null, period: null }
    const units = toScaled(amount, MONEY_SCALE)
    await insertEntries(tx, tenantId, transactionId, [
      { ...base, book: 'account', accountId, amount: units },
      { ...base, book: 'tenant', accountId: null, amount: -units },
    ])
  })
}

/** A payout as the request path leaves it (reserved), then moved to `status` through the real postings. */
export async function createPayout(
  services: Services,
  input: {
    tenantId: number
    accountId: number
    provider: PayoutProvider
    payee: string
    amount: string
    fee?: string
    status?: PayoutStatus
  },
) {
  return services.db.transaction(async (tx) => {
    const actor = { tenantId: input.tenantId, actorId: null }
    const reserveTransactionId = await reserve(tx, actor, input.accountId, toScaled(input.amount, MONEY_SCALE), 'test withdrawal')
    const [row] = await tx
      .insert(payouts)
      .values({
        tenantId: input.tenantId,
        accountId: input.accountId,
        provider: input.provider,
        providerAccountId: input.payee,
        orgAmount: input.amount,
        amount: input.amount,
        fee: input.fee ?? '0',
        reserveTransactionId,
      })
      .returning()
    const status = input.status ?? 'approved'
    if (status === 'pending') return row
    const [approved] = await applyTransition(tx, actor, [row], 'approved')
    if (status === 'approved') return approved
    const locked = await lockPayouts(tx, input.tenantId, [row.id])
    const [moved] = await applyTransition(tx, actor, locked, status)
    return moved
  })
}

export async function payoutRows(services: Services, ids: number[]) {
  const { rows } = await services.db.execute<{ id: number; status: string; batch_id: number | null; reason: string }>(
    sql`select id, status, batch_id, reason from payouts where id = any(${sql.param(ids)}::bigint[]) order by id`,
  )
  return rows.map((row) => ({
    id: Number(row.id),
    status: row.status,
    batchId: row.batch_id === null ? null : Number(row.batch_id),
    reason: row.reason,
  }))
}

export const available = (services: Services, tenantId: number, accountId: number) => availableUnits(services.db, tenantId, accountId)
