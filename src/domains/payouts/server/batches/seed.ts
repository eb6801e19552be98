import { sql } from 'drizzle-orm'
import { divideHalfEven, fromScaled, MONEY_SCALE, toScaled } from '@core/decimal'
import type { PayoutProvider } from '@core/payout-status'
import type { Seeder } from '@server/seed/seeder'
import type { Services } from '@server/context'
import { availableUnits, lockAccount } from '@domains/earnings/server/public'
import { applyTransition, lockPayouts, reserve } from '../postings'
import { payouts } from '../schema'
import { exportApproved, type BatchActor } from './service'

const DAY = 24 * 60 * 60 * 1000
const CENT = 10n ** BigInt(MONEY_SCALE - 2)

/** A quarter of the balance, in whole cents, at most 400.00. */
function demoAmount(available: bigint): bigint {
  const quarter = (available / 4n / CENT) * CENT
  const cap = toScaled('400', MONEY_SCALE)
  return quarter > cap ? cap : quarter
}

/** PayPal's fee in the demo: 2% (whole cents, as every fee: docs/payouts.md) capped at 20.00; Tipalti's: a fixed 3.00. */
function demoFee(provider: PayoutProvider, amount: bigint): bigint {
  if (provider === 'tipalti') return toScaled('3', MONEY_SCALE)
  const percent = divideHalfEven(amount * 2n, 100n * CENT) * CENT
  const cap = toScaled('20', MONEY_SCALE)
  return percent > cap ? cap : percent
}

/**
 * Payouts requested and approved through the real postings (reserve, then approved), for accounts
 * whose balance covers them.
 */
async function approvedPayouts(
  services: Services,
  actor: BatchActor,
  provider: PayoutProvider,
  accounts: { id: number; email: string }[],
  requestedAt: Date,
): Promise<number[]> {
  return services.db.transaction(async (tx) => {
    const ids: number[] = []
    for (const account of accounts) {
      await lockAccount(tx, actor.tenantId, account.id)
      const amount = demoAmount(await availableUnits(tx, actor.tenantId, account.id))
      if (amount < toScaled('10', MONEY_SCALE)) continue
      const reserveTransactionId = await reserve(tx, actor, account.id, amount, 'Withdrawal request')
      const money = fromScaled(amount, MONEY_SCALE)
      const [row] = await tx
        .insert(payouts)
        .values({
          tenantId: actor.tenantId,
          accountId: account.id,
          provider,
          providerAccountId: provider === 'paypal' ? account.email : `WL${String(account.id).padStart(6, '0')}`,
          orgAmount: money,
          amount: money,
          fee: fromScaled(demoFee(provider, amount), MONEY_SCALE),
          taxForm: provider === 'tipalti',
          reserveTransactionId,
          requestedBy: account.id,
          createdAt: requestedAt,
          updatedAt: requestedAt,
        })
        .returning()
      await applyTransition(tx, actor, [row], 'approved')
      ids.push(row.id)
    }
    return ids
  })
}

/**
 * Two past batches, made by the real export: a PayPal batch six weeks ago (most of it paid since)
 * and a Tipalti batch ten days ago (still processing), from payouts of artists with a balance; and
 * two approved PayPal payouts waiting for the next export.
 */
export const payoutBatchesSeeder: Seeder = {
  name: 'payout-batches',
  async run({ services, tenant, log }) {
    const { db } = services
    const admin = await db.execute<{ id: number }>(sql`
      select id from accounts where tenant_id = ${tenant.id} and type = 'admin' order by id limit 1`)
    if (!admin.rows[0]) return
    const adminId = Number(admin.rows[0].id)
    const actor: BatchActor = {
      tenantId: tenant.id,
      tenantName: tenant.name,
      actorId: adminId,
      audit: { tenantId: tenant.id, actorAccountId: adminId, ip: null, requestId: 'seed' },
    }
    // Artists the demo statements paid, not banned and not blocked from withdrawing.
    const { rows: candidates } = await db.execute<{ id: number; email: string }>(sql`
      select a.id, a.email from accounts a
      where a.tenant_id = ${tenant.id} and a.type in ('artist', 'label') and not a.banned
        and exists (select 1 from ledger_entries e where e.tenant_id = a.tenant_id and e.book = 'account' and e.account_id = a.id)
      order by a.id limit 12`)
    const accounts = candidates.map((row) => ({ id: Number(row.id), email: row.email }))
    if (accounts.length < 7) return
    const now = Date.now()

    const paypalAt = new Date(now - 42 * DAY)
    const paypalIds = await approvedPayouts(services, actor, 'paypal', accounts.slice(0, 3), new Date(paypalAt.getTime() - 3 * DAY))
    let made = 0
    if (paypalIds.length > 0) {
      await exportApproved(services, actor, { provider: 'paypal', ids: paypalIds }, { createdAt: paypalAt })
      made++
      // PayPal has paid all but the last one since.
      const paidIds = paypalIds.slice(0, Math.max(1, paypalIds.length - 1))
      await db.transaction(async (tx) => {
        const rows = await lockPayouts(tx, tenant.id, paidIds)
        await applyTransition(tx, actor, rows, 'paid', { reason: 'Paid by PayPal (demo)' })
      })
    }
    const tipaltiAt = new Date(now - 10 * DAY)
    const tipaltiIds = await approvedPayouts(services, actor, 'tipalti', accounts.slice(3, 5), new Date(tipaltiAt.getTime() - 2 * DAY))
    if (tipaltiIds.length > 0) {
      await exportApproved(services, actor, { provider: 'tipalti', ids: tipaltiIds }, { createdAt: tipaltiAt })
      made++
    }
    // Two approved PayPal payouts wait for the next batch, so "Export approved payouts" has work.
    const waiting = await approvedPayouts(services, actor, 'paypal', accounts.slice(5, 7), new Date(now - 2 * DAY))
    log(`exported ${made} past payout batches (${paypalIds.length + tipaltiIds.length} payouts); ${waiting.length} approved payouts wait`)
  },
}
