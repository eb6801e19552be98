import { z } from 'zod'
import { PAYOUT_PROVIDERS, PAYOUT_STATUSES } from '@core/payout-status'
import { endpoint } from './define'
import { id, idParams, nullableTimestamp, page, pageOf, perPage, timestamp } from './common'

// Payouts (docs/payouts.md): withdrawals reserve the amount in the ledger at once; admins approve,
// reject or mark them paid along the allowed edges. Every call that creates or settles a payout is
// idempotent: it takes an Idempotency-Key header. Money is a decimal string, never a number.

export const payoutStatus = z.enum(PAYOUT_STATUSES, `Choose one of: ${PAYOUT_STATUSES.join(', ')}`)
export const payoutProvider = z.enum(PAYOUT_PROVIDERS, `Choose a provider: ${PAYOUT_PROVIDERS.join(' or ')}`)

/** The statuses an admin may set by hand: processing comes only from a batch export (payouts/export). */
export const DECIDED_STATUSES = ['approved', 'rejected', 'paid', 'failed'] as const
export const decidedStatus = z.enum(
  DECIDED_STATUSES,
  'Choose approved, rejected, paid or failed (a payout becomes processing only through a batch export)',
)

/** An amount asked for: positive, at most two decimals. */
export const withdrawalAmount = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,2})?$/, 'Enter an amount like 120.50 (at most two decimals)')
  .refine((value) => /[1-9]/.test(value), 'The amount must be greater than zero')

/** A non-negative decimal for settings (fees, minimum). */
const settingAmount = (label: string, places = 2) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{1,13}(\\.\\d{1,${places}})?$`), `${label} must be a number with at most ${places} decimals, such as 1.50`)

const reason = z.string().trim().max(500, 'The reason is too long (500 characters at most)').optional()

export const payoutUser = z.object({ id: z.number(), name: z.string(), email: z.string(), image: z.string().nullable() })

export const payoutItem = z.object({
  id: z.number(),
  /** Reserved from the balance (six places). */
  amount: z.string(),
  /** amount − fee: what the provider pays the payee. */
  net: z.string(),
  /** What was asked for. */
  orgAmount: z.string(),
  fee: z.string(),
  type: z.enum(['withdrawal', 'force']),
  processed: z.boolean(),
  status: payoutStatus,
  date: timestamp,
  user: payoutUser,
  taxForm: z.boolean(),
  providerAccountId: z.string(),
  isForce: z.boolean(),
  provider: payoutProvider,
  /** Why it was rejected or failed. */
  reason: z.string(),
  paidAt: nullableTimestamp,
  batchId: z.number().nullable(),
})
export type PayoutItem = z.infer<typeof payoutItem>
export type PayoutItemResult = z.input<typeof payoutItem>

export const payoutHistoryEntry = z.object({
  date: timestamp,
  action: z.string(),
  by: z.object({ id: z.number(), name: z.string() }).nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  reason: z.string(),
})

export const payoutSingle = payoutItem.extend({
  account: payoutUser.extend({ available: z.string(), banned: z.boolean(), blockWithdraw: z.boolean() }),
  reserveTransactionId: z.number().nullable(),
  settleTransactionId: z.number().nullable(),
  requestedBy: z.object({ id: z.number(), name: z.string() }).nullable(),
  decidedBy: z.object({ id: z.number(), name: z.string() }).nullable(),
  history: z.array(payoutHistoryEntry),
})
export type PayoutSingle = z.infer<typeof payoutSingle>

const feeRule = z.object({
  percent: settingAmount('The percentage', 4).refine((value) => Number(value) <= 100, 'The percentage cannot be over 100'),
  fixed: settingAmount('The fixed fee'),
  /** null: no cap. */
  cap: settingAmount('The cap').nullable(),
})

export const payoutSettings = z.object({
  minimumWithdrawal: settingAmount('The minimum withdrawal'),
  fees: z.object({ paypal: feeRule, tipalti: feeRule }),
})
export type PayoutSettings = z.infer<typeof payoutSettings>

const count = z.object({ count: z.number().int(), amount: z.string() })

export const pendingTotals = z.object({
  byStatus: z.array(count.extend({ status: payoutStatus, fee: z.string() })),
  /** Outstanding payouts (pending, approved, processing) per provider. */
  byProvider: z.array(count.extend({ provider: payoutProvider, pending: count, approved: count, processing: count })),
  /** Everything still reserved and not yet paid. */
  outstanding: count,
})

export const PAYOUT_PAGE_SIZES = [25, 50, 100, 200, 500] as const

export const payoutsEndpoints = {
  'payouts.list': endpoint({
    method: 'GET',
    path: 'payouts',
    access: 'admin',
    summary:
      'Payouts, newest first, by page (capped total): filters by status, provider, account and search (account name or email, provider account id, amount or id); with the Tipalti payee-portal link and its expiry',
    query: z.object({
      page,
      per_page: perPage,
      status: payoutStatus.optional(),
      provider: payoutProvider.optional(),
      accountId: id.optional(),
      search: z.string().trim().max(100, 'The search is too long').optional(),
    }),
    response: pageOf(payoutItem).extend({ tipaltiUrl: z.string().nullable(), tipaltiExpire: nullableTimestamp }),
  }),
  'payouts.pendingTotals': endpoint({
    method: 'GET',
    path: 'payouts/pending-totals',
    access: 'admin',
    summary: 'Counts and totals of payouts per status, and of outstanding payouts (pending, approved, processing) per provider',
    response: pendingTotals,
  }),
  'payouts.single': endpoint({
    method: 'GET',
    path: 'payouts/single/{id}',
    access: 'admin',
    summary: 'One payout with its account (and available balance), its ledger transactions and its history',
    params: idParams,
    response: payoutSingle,
  }),
  'payouts.request': endpoint({
    method: 'POST',
    path: 'payouts/withdraw',
    access: 'auth',
    summary:
      'Ask for a withdrawal (the artist portal): reserves the amount in the ledger at once; refused with the reason when over the balance, under the minimum, blocked, banned or without a confirmed payout method. Admins may pass userId',
    idempotent: true,
    status: 201,
    body: z.object({ amount: withdrawalAmount, provider: payoutProvider, userId: id.optional() }),
    response: payoutItem,
  }),
  'payouts.changeStatus': endpoint({
    method: 'POST',
    path: 'payouts/change-status',
    access: 'admin',
    summary: 'Approve, reject (the reservation is released), mark paid (settled, fee to the workspace) or failed, along the allowed edges',
    idempotent: true,
    body: z.object({ id, status: decidedStatus, reason }),
    response: z.object({ payout: payoutItem, message: z.string() }),
  }),
  'payouts.bulkStatus': endpoint({
    method: 'POST',
    path: 'payouts/status/bulk',
    access: 'admin',
    summary: 'The same change for many payouts, all or nothing: one refused payout refuses the call with every reason',
    idempotent: true,
    body: z.object({
      ids: z.array(id).min(1, 'Choose at least one payout').max(500, 'At most 500 payouts at a time'),
      status: decidedStatus,
      reason,
    }),
    response: z.object({ changed: z.number(), payouts: z.array(payoutItem), message: z.string() }),
  }),
  'payouts.forceWithdraw': endpoint({
    method: 'POST',
    path: 'payouts/force-withdraw',
    access: 'admin',
    summary:
      "Withdraw an account's whole available balance regardless of the minimum (the confirmed payout method unless provider is given)",
    idempotent: true,
    status: 201,
    body: z.object({ userId: id, provider: payoutProvider.optional() }),
    response: payoutItem,
  }),
  'payouts.settings': endpoint({
    method: 'GET',
    path: 'payouts/settings',
    access: 'admin',
    summary: 'The minimum withdrawal and the fee of each provider (percent of the amount plus a fixed part, capped)',
    response: payoutSettings,
  }),
  'payouts.updateSettings': endpoint({
    method: 'POST',
    path: 'payouts/settings',
    access: 'admin',
    summary: 'Change the minimum withdrawal and the fees; payouts already requested keep their fee',
    body: payoutSettings,
    response: payoutSettings,
  }),
} as const
