import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core'
import { accounts, files, tenantColumn } from '@server/db/schema/platform'
import { at, createdAt, idColumn, ref, updatedAt } from '@server/db/schema/columns'

// The payout tables. Rules (statuses, transitions, ledger postings, idempotency): docs/payouts.md.
// Money: NUMERIC(24,6) strings, never floats (src/core/decimal.ts).

const money = (name: string) => numeric(name, { precision: 24, scale: 6 })

/**
 * A file of approved payouts for one provider (payouts/export); its payouts move to processing.
 * Spec "Payout history": id, date, file, count, amount.
 */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    /** paypal | tipalti (src/core/payout-status.ts PAYOUT_PROVIDERS). */
    provider: text('provider').notNull(),
    /** The stored batch file (paypal payouts CSV, Tipalti payment file: docs/formats/). */
    fileId: ref('file_id').references(() => files.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull().default(''),
    count: integer('count').notNull(),
    /** Sum of the payouts' amounts (gross) and of their net (what the provider pays). */
    amount: money('amount').notNull(),
    net: money('net').notNull(),
    /** file: paid by uploading the file; api: submitted to the provider's API (provider_batch_id). */
    delivery: text('delivery').notNull().default('file'),
    providerBatchId: text('provider_batch_id'),
    createdBy: ref('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('payout_batches_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    check('payout_batches_provider_check', sql`${t.provider} in ('paypal', 'tipalti')`),
    check('payout_batches_delivery_check', sql`${t.delivery} in ('file', 'api')`),
  ],
)

/**
 * One payout (spec "Payout"): `org_amount` is what was asked for, `amount` what the ledger reserves
 * (the same unless the request was capped), `fee` the provider fee at request time, net = amount − fee.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    /** paypal | tipalti: the payout method (provider) it is paid through. */
    provider: text('provider').notNull(),
    /** The payee's id at the provider: PayPal email, Tipalti payee id. */
    providerAccountId: text('provider_account_id').notNull(),
    /** withdrawal (asked for by the account) | force (force-withdraw by an admin). */
    type: text('type').notNull().default('withdrawal'),
    isForce: boolean('is_force').notNull().default(false),
    orgAmount: money('org_amount').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull().default('0'),
    /**
     * amount − fee: what the provider pays and the ledger books to clearing. Whole cents, decided
     * once at request (docs/payouts.md "Rounding"); rows paid before that rule keep what was booked.
     */
    net: money('net')
      .notNull()
      .generatedAlwaysAs(sql`amount - fee`),
    /** pending | approved | processing | paid | rejected | failed (src/core/payout-status.ts). */
    status: text('status').notNull().default('pending'),
    /** Set once the payout is in a batch file (processing). */
    processed: boolean('processed').notNull().default(false),
    batchId: ref('batch_id').references(() => payoutBatches.id),
    /** Whether a tax form is on file for the payee (W-9/W-8 at Tipalti); shown, not enforced here. */
    taxForm: boolean('tax_form').notNull().default(false),
    /** Why it was rejected or failed; shown on the payout. */
    reason: text('reason').notNull().default(''),
    /** The ledger transactions: the reservation, and the settlement or release. */
    reserveTransactionId: ref('reserve_transaction_id'),
    settleTransactionId: ref('settle_transaction_id'),
    requestedBy: ref('requested_by').references(() => accounts.id, { onDelete: 'set null' }),
    decidedBy: ref('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: at('paid_at'),
  },
  (t) => [
    // Keyset paging of the list: newest first, per status (docs/payouts.md).
    index('payouts_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('payouts_tenant_status_created_idx').on(t.tenantId, t.status, t.createdAt.desc(), t.id.desc()),
    index('payouts_account_idx').on(t.accountId, t.createdAt.desc()),
    index('payouts_batch_idx').on(t.batchId),
    // The list's and palette's search by the payee's id at the provider (PayPal email, Tipalti payee id).
    index('payouts_provider_account_trgm_idx').using('gin', sql`${t.providerAccountId} gin_trgm_ops`),
    // The palette's identifier lookups (issue 18): a pasted payee id or email, and an amount asked as one.
    // Newest first within each, like the list, so the planner takes them even before ANALYZE has seen them.
    index('payouts_tenant_provider_account_idx').on(t.tenantId, sql`lower(${t.providerAccountId})`, t.createdAt.desc(), t.id.desc()),
    index('payouts_tenant_amount_idx').on(t.tenantId, t.amount, t.createdAt.desc(), t.id.desc()),
    check('payouts_status_check', sql`${t.status} in ('pending', 'approved', 'processing', 'paid', 'rejected', 'failed')`),
    check('payouts_provider_check', sql`${t.provider} in ('paypal', 'tipalti')`),
    check('payouts_type_check', sql`${t.type} in ('withdrawal', 'force')`),
    check('payouts_amount_check', sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.fee} <= ${t.amount}`),
    // NOT VALID in migration 0014: rows settled before the rule keep what the ledger booked.
    check('payouts_net_cents_check', sql`${t.amount} - ${t.fee} = round(${t.amount} - ${t.fee}, 2)`),
  ],
)

/** Per-tenant payout rules: the withdrawal threshold and each provider's fee. */
export const payoutSettings = pgTable('payout_settings', {
  tenantId: tenantColumn().primaryKey(),
  /** The smallest withdrawal an account may ask for; force-withdraw ignores it. */
  minimumWithdrawal: money('minimum_withdrawal').notNull().default('50'),
  /** Fee per provider: a percentage of the amount plus a fixed part, capped (null: no cap). */
  fees: jsonb('fees')
    .$type<Record<string, { percent: string; fixed: string; cap: string | null }>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  updatedAt: updatedAt(),
})
