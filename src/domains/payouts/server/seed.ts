import { sql } from 'drizzle-orm'
import { fromScaled, MONEY_SCALE } from '@core/decimal'
import type { PayoutProvider, PayoutStatus } from '@core/payout-status'
import type { AuthedContext } from '@server/context'
import type { Seeder } from '@server/seed/seeder'
import { linkTipaltiPayee, payoutEligibility } from '@domains/users/server/public'
import { createPayout, transition } from './service'
import { units } from './postings'
import { writeSettings } from './repository'

const DAY = 24 * 60 * 60 * 1000

/** What each demo payout becomes, in order; the account and provider rotate. */
const PLAN: { status: PayoutStatus[]; provider: PayoutProvider; daysAgo: number; reason?: string; force?: boolean }[] = [
  { status: [], provider: 'paypal', daysAgo: 1 },
  { status: [], provider: 'tipalti', daysAgo: 2 },
  { status: [], provider: 'paypal', daysAgo: 3 },
  { status: [], provider: 'paypal', daysAgo: 4 },
  { status: ['approved'], provider: 'paypal', daysAgo: 5 },
  { status: ['approved'], provider: 'paypal', daysAgo: 6 },
  { status: ['approved'], provider: 'paypal', daysAgo: 7 },
  { status: ['approved'], provider: 'tipalti', daysAgo: 8 },
  { status: ['approved', 'processing'], provider: 'paypal', daysAgo: 12 },
  {
    status: ['approved', 'processing', 'failed'],
    provider: 'paypal',
    daysAgo: 40,
    reason: 'The PayPal account could not receive payments',
  },
  { status: ['approved', 'paid'], provider: 'paypal', daysAgo: 35 },
  { status: ['approved', 'paid'], provider: 'tipalti', daysAgo: 38 },
  { status: ['approved', 'paid'], provider: 'paypal', daysAgo: 65, force: true },
  { status: ['rejected'], provider: 'paypal', daysAgo: 20, reason: 'Duplicate request: the earlier withdrawal covers it' },
  { status: ['rejected'], provider: 'tipalti', daysAgo: 25, reason: 'Payee details under review' },
]

/**
 * Demo payouts in every status on accounts with a balance, made through the service (reserve under
 * the account lock, then transitions), so every balance stays the sum of its ledger entries. A few
 * approved PayPal payouts stay for the batch export demo.
 */
export const payoutsSeeder: Seeder = {
  name: 'payouts',
  async run({ services, tenant, log }) {
    const { db } = services
    const admin = await db.execute<{ id: number; email: string }>(sql`
      select id, email from accounts where tenant_id = ${tenant.id} and type = 'admin' order by id limit 1`)
    if (!admin.rows[0]) return
    const adminId = Number(admin.rows[0].id)
    const ctx = {
      services,
      tenant,
      session: { id: 0, tenantId: tenant.id, account: { id: adminId, email: admin.rows[0].email, type: 'admin' } },
      hostTenant: tenant,
      ip: '',
      userAgent: 'seed',
      requestId: 'seed',
    } as unknown as AuthedContext
    // Accounts with the largest balances that may be paid.
    const rich = await db.execute<{ account_id: number; total: string }>(sql`
      select e.account_id, sum(e.amount)::text as total from ledger_entries e
      join accounts a on a.id = e.account_id
      where e.tenant_id = ${tenant.id} and e.book = 'account' and a.type <> 'admin' and not a.banned and not a.block_withdraw
      group by e.account_id having sum(e.amount) > 400
      order by sum(e.amount) desc, e.account_id limit 12`)
    const accounts = []
    for (const row of rich.rows) {
      const account = await payoutEligibility(db, tenant.id, Number(row.account_id))
      if (account) accounts.push({ ...account, total: units(row.total) })
    }
    if (accounts.length === 0) return
    // The demo workspace's payout rules: a $50 minimum, PayPal 2% + $0.30 capped at $20, Tipalti $3 a payment.
    await writeSettings(db, tenant.id, {
      minimumWithdrawal: '50',
      fees: { paypal: { percent: '2', fixed: '0.30', cap: '20' }, tipalti: { percent: '0', fixed: '3', cap: null } },
    })
    // Tipalti payees: the accounts without a confirmed PayPal email (or the last two).
    const tipalti = accounts.filter((account) => !account.paypalConfirmed).slice(0, 3)
    if (tipalti.length === 0) tipalti.push(...accounts.slice(-2))
    for (const [index, account] of tipalti.entries()) {
      const payeeId = `DEMO-PAYEE-${String(account.id).padStart(5, '0')}-${index + 1}`
      await linkTipaltiPayee(db, tenant.id, account.id, payeeId)
      account.tipaltiId = payeeId
    }
    const byProvider = {
      paypal: accounts.filter((account) => account.paypalConfirmed && account.paypalEmail),
      tipalti: accounts.filter((account) => account.tipaltiId),
    }
    let made = 0
    for (const [index, plan] of PLAN.entries()) {
      const pool = byProvider[plan.provider].length
        ? byProvider[plan.provider]
        : byProvider.paypal.length
          ? byProvider.paypal
          : byProvider.tipalti
      const provider: PayoutProvider = byProvider[plan.provider].length ? plan.provider : byProvider.paypal.length ? 'paypal' : 'tipalti'
      const account = pool[index % pool.length]
      // A tenth of the balance at the start, in whole dollars and cents, at least the minimum.
      const cents = account.total / 10n / 10n ** BigInt(MONEY_SCALE - 2)
      const amount = fromScaled(cents < 5_000n ? 5_000n : cents, 2)
      const row = await db
        .transaction(async (tx) => {
          const created = await createPayout(tx, ctx, { accountId: account.id, provider, amount, force: plan.force ?? false })
          for (const status of plan.status) await transition(tx, ctx, [created.id], status, plan.reason)
          return created
        })
        .catch(() => null)
      if (!row) continue
      made += 1
      const at = new Date(Date.now() - plan.daysAgo * DAY)
      await db.execute(sql`
        update payouts set created_at = ${at.toISOString()}::timestamptz, updated_at = ${at.toISOString()}::timestamptz,
          tax_form = ${provider === 'tipalti'},
          paid_at = case when status = 'paid' then ${new Date(at.getTime() + 3 * DAY).toISOString()}::timestamptz else null end
        where id = ${row.id}`)
    }
    log(`payouts: ${made} demo payouts across ${accounts.length} accounts`)
  },
}
