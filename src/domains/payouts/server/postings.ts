import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Tx } from '@server/db/engine'
import { badRequest, conflict } from '@server/errors'
import { moneyText, moneyUnits } from '@core/decimal'
import { payoutTransitionRefusal, type PayoutStatus } from '@core/payout-status'
import { createTransaction, insertEntries, type NewEntry } from '@domains/earnings/server/public'
import { payouts } from './schema'

// The ledger side of payouts (docs/payouts.md "Money"): reserve on request, release on reject or
// failure, settle on paid. Every function runs in the caller's transaction.

export const units = moneyUnits
export const money = moneyText

export type PayoutRow = typeof payouts.$inferSelect

interface Actor {
  tenantId: number
  actorId: number | null
}

const entry = (book: NewEntry['book'], accountId: number | null, category: NewEntry['category'], amount: bigint): NewEntry => ({
  book,
  accountId,
  category,
  amount,
  importId: null,
  trackId: null,
  releaseId: null,
  period: null,
})

/** Reserves `amount` of the account's balance for a new payout: account −amount, payouts book +amount. */
export async function reserve(tx: Tx, actor: Actor, accountId: number, amount: bigint, reason: string): Promise<number> {
  const transactionId = await createTransaction(tx, { tenantId: actor.tenantId, kind: 'payout', reason, actorId: actor.actorId })
  await insertEntries(tx, actor.tenantId, transactionId, [
    entry('account', accountId, 'payouts', -amount),
    entry('payouts', null, 'payouts', amount),
  ])
  return transactionId
}

/** Gives a rejected or failed payout's reservation back to the account. */
async function release(tx: Tx, actor: Actor, payout: PayoutRow, reason: string): Promise<number> {
  const amount = units(payout.amount)
  const transactionId = await createTransaction(tx, {
    tenantId: actor.tenantId,
    kind: 'payout_release',
    reversesId: payout.reserveTransactionId,
    reason,
    actorId: actor.actorId,
  })
  await insertEntries(tx, actor.tenantId, transactionId, [
    entry('account', payout.accountId, 'payouts', amount),
    entry('payouts', null, 'payouts', -amount),
  ])
  return transactionId
}

/**
 * Settles a paid payout: payouts book −amount, clearing +net (the stored net: exactly what the
 * batch file pays), tenant +(amount − net), the fee.
 */
async function settle(tx: Tx, actor: Actor, payout: PayoutRow, reason: string): Promise<number> {
  const amount = units(payout.amount)
  const net = units(payout.net)
  const transactionId = await createTransaction(tx, { tenantId: actor.tenantId, kind: 'payout_paid', reason, actorId: actor.actorId })
  await insertEntries(tx, actor.tenantId, transactionId, [
    entry('payouts', null, 'payouts', -amount),
    entry('clearing', null, 'payouts', net),
    entry('tenant', null, 'payout_fee', amount - net),
  ])
  return transactionId
}

/**
 * Locks the tenant's payouts `ids` (in id order, so concurrent callers cannot deadlock) and returns
 * them; an id that is not the tenant's is refused.
 */
export async function lockPayouts(tx: Tx, tenantId: number, ids: number[]): Promise<PayoutRow[]> {
  const unique = [...new Set(ids)].sort((a, b) => a - b)
  if (unique.length === 0) return []
  const rows = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.tenantId, tenantId), inArray(payouts.id, unique)))
    .orderBy(payouts.id)
    .for('update')
  if (rows.length !== unique.length) {
    const found = new Set(rows.map((row) => row.id))
    const missing = unique.filter((id) => !found.has(id))
    throw badRequest(`There is no payout ${missing.join(', ')} in this workspace.`)
  }
  return rows
}

/**
 * Moves locked payouts to `to` along the allowed edges (src/core/payout-status.ts), posting the
 * ledger side: rejected/failed release the reservation, paid settles it, approved and processing
 * move no money. All or nothing: one refused payout refuses the call with every reason.
 */
export async function applyTransition(
  tx: Tx,
  actor: Actor,
  rows: PayoutRow[],
  to: PayoutStatus,
  options: { reason?: string; batchId?: number } = {},
): Promise<PayoutRow[]> {
  const refusals = rows.flatMap((row) => {
    const refusal = payoutTransitionRefusal(row.status, to)
    return refusal ? [`Payout ${row.id}: ${refusal}`] : []
  })
  if (refusals.length > 0) throw conflict(refusals.join(' '))
  const reason = options.reason ?? ''
  const updated: PayoutRow[] = []
  for (const row of rows) {
    let settleTransactionId = row.settleTransactionId
    if (to === 'rejected' || to === 'failed') settleTransactionId = await release(tx, actor, row, reason || `Payout ${row.id} ${to}`)
    if (to === 'paid') settleTransactionId = await settle(tx, actor, row, reason || `Payout ${row.id} paid`)
    const [next] = await tx
      .update(payouts)
      .set({
        status: to,
        reason: to === 'rejected' || to === 'failed' ? reason : row.reason,
        processed: to === 'processing' || to === 'paid' ? true : row.processed,
        batchId: options.batchId ?? row.batchId,
        settleTransactionId,
        decidedBy: actor.actorId,
        paidAt: to === 'paid' ? sql`now()` : row.paidAt,
        updatedAt: sql`now()`,
      })
      .where(eq(payouts.id, row.id))
      .returning()
    updated.push(next)
  }
  return updated
}
