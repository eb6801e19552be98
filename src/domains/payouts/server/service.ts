import { createHmac } from 'node:crypto'
import { CENT_UNITS, divideHalfEven, MONEY_SCALE, toScaled } from '@core/decimal'
import { formatMoney } from '@core/format'
import {
  PAYOUT_PROVIDER_LABELS,
  PAYOUT_STATUSES,
  payoutStatusLabel,
  RESERVED_STATUSES,
  type PayoutProvider,
  type PayoutStatus,
} from '@core/payout-status'
import type { PayoutItemResult, PayoutSettings } from '@contract/payouts'
import type { AuthedContext } from '@server/context'
import type { Queryable, Tx } from '@server/db/engine'
import { actorOf, auditedMutation, type Change, type Mutation } from '@server/audit'
import { badRequest, conflict, forbidden, notFound } from '@server/errors'
import { countCapped, pageMeta } from '@server/db/paging'
import { availableUnits, lockAccount, toCents } from '@domains/earnings/server/public'
import { notify } from '@domains/notifications/server/public'
import { payoutEligibility, type PayoutEligibility } from '@domains/users/server/public'
import { applyTransition, lockPayouts, money, reserve, units, type PayoutRow } from './postings'
import { payouts } from './schema'
import * as repo from './repository'

// Payout rules (docs/payouts.md): withdrawals and force-withdrawals reserve the amount in the
// ledger under the account's row lock; admins move payouts along the allowed edges; every change
// writes an audit row and tells the account when it is approved, rejected, paid or failed.

const imageUrl = (fileId: number | null) => (fileId ? `/api/files/${fileId}` : null)
const show = (value: bigint) => formatMoney(toCents(value))

// ---------------------------------------------------------------------------------------------
// Settings and fees

type FeeRule = PayoutSettings['fees']['paypal']
const NO_FEE: FeeRule = { percent: '0', fixed: '0', cap: null }
export const DEFAULT_MINIMUM = '50'

/** Trailing zeros off a NUMERIC string: "50.000000" → "50", "1.500000" → "1.5". */
const trim = (value: string) => (value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value)

export async function settingsOf(q: Queryable, tenantId: number): Promise<PayoutSettings> {
  const row = await repo.readSettings(q, tenantId)
  const fee = (provider: PayoutProvider): FeeRule => {
    const rule = { ...NO_FEE, ...(row?.fees?.[provider] ?? {}) }
    return { percent: trim(rule.percent), fixed: trim(rule.fixed), cap: rule.cap === null ? null : trim(rule.cap) }
  }
  return { minimumWithdrawal: trim(row?.minimumWithdrawal ?? DEFAULT_MINIMUM), fees: { paypal: fee('paypal'), tipalti: fee('tipalti') } }
}

/**
 * The provider's fee for `amount` (micro-units, whole cents): percent of it plus the fixed part,
 * capped, then rounded half to even to whole cents once, here, and never more than the amount
 * (docs/payouts.md "Rounding"). The payout stores it, so its net is whole cents too.
 */
export function feeFor(rule: FeeRule, amount: bigint): bigint {
  const percent = toScaled(rule.percent, MONEY_SCALE)
  let fee = divideHalfEven(amount * percent, 100n * 10n ** BigInt(MONEY_SCALE)) + toScaled(rule.fixed, MONEY_SCALE)
  if (rule.cap !== null && rule.cap !== undefined) {
    const cap = toScaled(rule.cap, MONEY_SCALE)
    if (fee > cap) fee = cap
  }
  fee = divideHalfEven(fee, CENT_UNITS) * CENT_UNITS
  return fee > amount ? amount : fee
}

/** Whole cents of `units`, rounded down: a force withdrawal never takes more than the balance. */
export const centsDown = (value: bigint): bigint => (value / CENT_UNITS) * CENT_UNITS

export async function getSettings(ctx: AuthedContext) {
  return settingsOf(ctx.services.db, ctx.tenant.id)
}

export async function updateSettings(ctx: AuthedContext, input: PayoutSettings) {
  return auditedMutation(ctx, { action: 'payout_settings.updated', entityType: 'payout_settings', entityId: ctx.tenant.id }, async (tx) => {
    const before = await settingsOf(tx, ctx.tenant.id)
    await repo.writeSettings(tx, ctx.tenant.id, { minimumWithdrawal: input.minimumWithdrawal, fees: input.fees })
    const after = await settingsOf(tx, ctx.tenant.id)
    return { result: after, before, after }
  })
}

// ---------------------------------------------------------------------------------------------
// Tipalti payee-portal link

/** The workspace's Tipalti payer (from the provider's configuration, src/domains/payouts/server/providers). */
export interface TipaltiLinkConfig {
  payer: string
  /** The iFrame key: the link is signed with it. */
  secret: string
  /** https://ui2.tipalti.com (production) or https://ui2.sandbox.tipalti.com. */
  baseUrl?: string
}

/** How long a signed link stays valid. */
export const TIPALTI_LINK_SECONDS = 60 * 60

/**
 * The payer's signed Tipalti payee-portal link for the payouts page, and when it expires (Tipalti
 * refuses a link whose timestamp is too old); both null when Tipalti is not configured.
 */
export function tipaltiLink(config: TipaltiLinkConfig | null, now: Date): { tipaltiUrl: string | null; tipaltiExpire: Date | null } {
  if (!config?.payer || !config.secret) return { tipaltiUrl: null, tipaltiExpire: null }
  const ts = Math.floor(now.getTime() / 1000)
  const query = `payer=${encodeURIComponent(config.payer)}&ts=${ts}`
  const hashkey = createHmac('sha256', config.secret).update(query).digest('hex')
  const base = (config.baseUrl ?? 'https://ui2.tipalti.com').replace(/\/+$/, '')
  return {
    tipaltiUrl: `${base}/payeedashboard/home?${query}&hashkey=${hashkey}`,
    tipaltiExpire: new Date((ts + TIPALTI_LINK_SECONDS) * 1000),
  }
}

// ---------------------------------------------------------------------------------------------
// Reading

export function toItem(row: repo.PayoutRowWithUser): PayoutItemResult {
  const amount = units(row.amount)
  const fee = units(row.fee)
  return {
    id: Number(row.id),
    amount: money(amount),
    net: money(units(row.net)),
    orgAmount: money(units(row.org_amount)),
    fee: money(fee),
    type: row.type as PayoutItemResult['type'],
    processed: row.processed,
    status: row.status as PayoutStatus,
    date: new Date(row.created_at),
    user: { id: Number(row.account_id), name: repo.personName(row), email: row.email, image: imageUrl(row.image_file_id) },
    taxForm: row.tax_form,
    providerAccountId: row.provider_account_id,
    isForce: row.is_force,
    provider: row.provider as PayoutProvider,
    reason: row.reason,
    paidAt: row.paid_at ? new Date(row.paid_at) : null,
    batchId: row.batch_id === null ? null : Number(row.batch_id),
  }
}

export async function listPayouts(
  ctx: AuthedContext,
  query: { page: number; per_page: number; status?: PayoutStatus; provider?: PayoutProvider; accountId?: number; search?: string },
  tipalti: TipaltiLinkConfig | null = null,
) {
  const { db } = ctx.services
  const filter: repo.ListFilter = {
    tenantId: ctx.tenant.id,
    status: query.status,
    provider: query.provider,
    accountId: query.accountId,
    search: query.search || undefined,
  }
  // The page and its total at once (two pool connections). Status, provider and account filters are
  // indexed equalities the planner estimates well; a search is not.
  const [rows, { total, estimate }] = await Promise.all([
    repo.listPage(db, filter, query.page, query.per_page),
    countCapped(db, repo.listFrom(filter), { estimateFirst: !filter.search }),
  ])
  return {
    data: rows.map(toItem),
    meta: pageMeta(total, estimate, query.page, query.per_page),
    ...tipaltiLink(tipalti, ctx.services.now()),
  }
}

export async function pendingTotals(ctx: AuthedContext) {
  const rows = await repo.totals(ctx.services.db, ctx.tenant.id)
  const sum = (pick: (row: (typeof rows)[number]) => boolean) => {
    let count = 0
    let amount = 0n
    let fee = 0n
    for (const row of rows.filter(pick)) {
      count += Number(row.count)
      amount += units(row.amount)
      fee += units(row.fee)
    }
    return { count, amount, fee }
  }
  const pair = (total: { count: number; amount: bigint }) => ({ count: total.count, amount: money(total.amount) })
  const outstanding = (row: (typeof rows)[number]) => RESERVED_STATUSES.includes(row.status as PayoutStatus)
  return {
    byStatus: PAYOUT_STATUSES.map((status) => {
      const total = sum((row) => row.status === status)
      return { status, count: total.count, amount: money(total.amount), fee: money(total.fee) }
    }),
    byProvider: (Object.keys(PAYOUT_PROVIDER_LABELS) as PayoutProvider[]).map((provider) => ({
      provider,
      ...pair(sum((row) => row.provider === provider && outstanding(row))),
      pending: pair(sum((row) => row.provider === provider && row.status === 'pending')),
      approved: pair(sum((row) => row.provider === provider && row.status === 'approved')),
      processing: pair(sum((row) => row.provider === provider && row.status === 'processing')),
    })),
    outstanding: pair(sum(outstanding)),
  }
}

const HISTORY_ACTIONS: Record<string, string> = {
  'payout.requested': 'Requested',
  'payout.force_withdrawn': 'Force withdrawal',
  'payout.status_changed': 'Status changed',
}

export async function single(ctx: AuthedContext, id: number) {
  const { db } = ctx.services
  const tenantId = ctx.tenant.id
  const [row] = await repo.payoutsById(db, tenantId, [id])
  if (!row) throw notFound('There is no such payout in this workspace.')
  const account = await payoutEligibility(db, tenantId, Number(row.account_id))
  const history = await repo.history(db, tenantId, id)
  const people = await repo.names(db, tenantId, [
    ...(row.requested_by ? [Number(row.requested_by)] : []),
    ...(row.decided_by ? [Number(row.decided_by)] : []),
    ...history.flatMap((entry) => (entry.actor_account_id ? [Number(entry.actor_account_id)] : [])),
  ])
  const person = (personId: number | null) =>
    personId ? { id: Number(personId), name: people.get(Number(personId)) ?? `Account #${personId}` } : null
  const item = toItem(row)
  return {
    ...item,
    account: {
      ...item.user,
      available: money(await availableUnits(db, tenantId, Number(row.account_id))),
      banned: account?.banned ?? false,
      blockWithdraw: account?.blockWithdraw ?? false,
    },
    reserveTransactionId: row.reserve_transaction_id === null ? null : Number(row.reserve_transaction_id),
    settleTransactionId: row.settle_transaction_id === null ? null : Number(row.settle_transaction_id),
    requestedBy: person(row.requested_by),
    decidedBy: person(row.decided_by),
    history: history.map((entry) => ({
      date: new Date(entry.created_at),
      action: HISTORY_ACTIONS[entry.action] ?? entry.action,
      by: person(entry.actor_account_id),
      from: entry.before?.status ?? null,
      to: entry.after?.status ?? null,
      reason: entry.after?.reason ?? '',
    })),
  }
}

// ---------------------------------------------------------------------------------------------
// Withdrawals

/** Why the account cannot be paid through `provider`, or null; the payee id there when it can. */
function methodRefusal(account: PayoutEligibility, provider: PayoutProvider): string | null {
  if (provider === 'paypal') {
    if (!account.paypalEmail) return 'The account has no PayPal email: its payout method is not confirmed.'
    if (!account.paypalConfirmed) return "The account's PayPal email is not confirmed: its payout method is not confirmed."
    return null
  }
  if (!account.tipaltiId) return 'The account has no Tipalti payee id: its payout method is not confirmed.'
  return null
}

/** The provider a force withdrawal pays through: the confirmed method, PayPal first. */
function confirmedProvider(account: PayoutEligibility): PayoutProvider | null {
  if (!methodRefusal(account, 'paypal')) return 'paypal'
  if (!methodRefusal(account, 'tipalti')) return 'tipalti'
  return null
}

interface NewPayout {
  accountId: number
  provider?: PayoutProvider
  /** Two-decimal string; absent for a force withdrawal (the whole available balance). */
  amount?: string
  force: boolean
}

const payoutCreation = (input: NewPayout): Mutation => ({
  action: input.force ? 'payout.force_withdrawn' : 'payout.requested',
  entityType: 'payout',
})

/**
 * The change that creates a payout: locks the account's row, checks every rule against the balance
 * as it is under the lock, reserves the amount and records the payout.
 */
async function payoutChange(tx: Tx, ctx: AuthedContext, input: NewPayout): Promise<Change<PayoutRow>> {
  const tenantId = ctx.tenant.id
  await lockAccount(tx, tenantId, input.accountId)
  const account = await payoutEligibility(tx, tenantId, input.accountId)
  if (!account) throw notFound('There is no such account in this workspace.')
  if (account.type === 'admin') throw conflict('Staff accounts have no balance to withdraw.')
  if (account.banned) throw conflict('The account is banned: it cannot withdraw.')
  if (account.blockWithdraw) throw conflict('Withdrawals are blocked for this account.')
  const provider = input.provider ?? confirmedProvider(account)
  if (!provider) throw conflict('The account has no confirmed payout method (a confirmed PayPal email or a Tipalti payee id).')
  const refusal = methodRefusal(account, provider)
  if (refusal) throw conflict(refusal)

  const available = await availableUnits(tx, tenantId, input.accountId)
  // A balance below zero is a recoupable debt (docs/royalties.md): later earnings repay it first.
  if (available < 0n)
    throw conflict(
      `The account owes ${show(-available)} (a recoupable debt): withdrawals are blocked until later earnings repay it.`,
    )
  const settings = await settingsOf(tx, tenantId)
  let amount: bigint
  if (input.force) {
    amount = centsDown(available)
    if (amount <= 0n) throw conflict(`There is no available balance to withdraw (${show(available)}).`)
  } else {
    amount = units(input.amount)
    if (amount > available) throw conflict(`The amount of ${show(amount)} is over the available balance of ${show(available)}.`)
    const minimum = units(settings.minimumWithdrawal)
    if (amount < minimum) throw conflict(`The amount of ${show(amount)} is under the minimum withdrawal of ${show(minimum)}.`)
  }
  const fee = feeFor(settings.fees[provider], amount)
  if (fee >= amount)
    throw conflict(`The amount of ${show(amount)} does not cover the ${PAYOUT_PROVIDER_LABELS[provider]} fee of ${show(fee)}.`)

  const actor = { tenantId, actorId: ctx.session.account.id }
  const label = PAYOUT_PROVIDER_LABELS[provider]
  const reserveTransactionId = await reserve(
    tx,
    actor,
    input.accountId,
    amount,
    input.force ? `Force withdrawal via ${label}` : `Withdrawal via ${label}`,
  )
  const [row] = await tx
    .insert(payouts)
    .values({
      tenantId,
      accountId: input.accountId,
      provider,
      providerAccountId: provider === 'paypal' ? (account.paypalEmail ?? '') : (account.tipaltiId ?? ''),
      type: input.force ? 'force' : 'withdrawal',
      isForce: input.force,
      orgAmount: money(input.force ? available : amount),
      amount: money(amount),
      fee: money(fee),
      status: 'pending',
      reserveTransactionId,
      requestedBy: ctx.session.account.id,
    })
    .returning()
  return {
    result: row,
    entityId: row.id,
    after: { status: 'pending', accountId: input.accountId, provider, amount: row.amount, fee: row.fee, reserveTransactionId },
  }
}

/** Creates a payout, audited, inside the caller's transaction `tx` (the demo seed's). */
export async function createPayout(tx: Tx, ctx: AuthedContext, input: NewPayout): Promise<PayoutRow> {
  return auditedMutation({ db: tx, actor: actorOf(ctx) }, payoutCreation(input), (inner) => payoutChange(inner, ctx, input))
}

async function itemOf(q: Queryable, tenantId: number, id: number): Promise<PayoutItemResult> {
  const [row] = await repo.payoutsById(q, tenantId, [id])
  return toItem(row)
}

export async function requestWithdrawal(ctx: AuthedContext, body: { amount: string; provider: PayoutProvider; userId?: number }) {
  const me = ctx.session.account
  let accountId = me.id
  if (body.userId !== undefined && body.userId !== me.id) {
    if (me.type !== 'admin') throw forbidden('You can only ask for withdrawals from your own balance.')
    accountId = body.userId
  } else if (me.type === 'admin') {
    throw badRequest('Choose the account to withdraw for (userId).', { userId: 'Choose the account to withdraw for' })
  }
  const input: NewPayout = { accountId, provider: body.provider, amount: body.amount, force: false }
  return auditedMutation(ctx, payoutCreation(input), async (tx) => {
    const done = await payoutChange(tx, ctx, input)
    return { ...done, result: await itemOf(tx, ctx.tenant.id, done.result.id) }
  })
}

export async function forceWithdraw(ctx: AuthedContext, body: { userId: number; provider?: PayoutProvider }) {
  const input: NewPayout = { accountId: body.userId, provider: body.provider, force: true }
  return auditedMutation(ctx, payoutCreation(input), async (tx) => {
    const done = await payoutChange(tx, ctx, input)
    return { ...done, result: await itemOf(tx, ctx.tenant.id, done.result.id) }
  })
}

// ---------------------------------------------------------------------------------------------
// Status changes

const NOTICES: Partial<Record<PayoutStatus, (amount: string, provider: string, reason: string) => { title: string; message: string }>> = {
  approved: (amount, provider) => ({
    title: 'Payout approved',
    message: `Your payout of ${amount} was approved and will be paid through ${provider}.`,
  }),
  rejected: (amount, _provider, reason) => ({
    title: 'Payout rejected',
    message: `Your payout of ${amount} was rejected${reason ? `: ${reason}` : '.'} The amount is back in your balance.`,
  }),
  paid: (amount, provider) => ({ title: 'Payout paid', message: `Your payout of ${amount} was paid through ${provider}.` }),
  failed: (amount, provider, reason) => ({
    title: 'Payout failed',
    message: `${provider} could not pay your payout of ${amount}${reason ? `: ${reason}` : '.'} The amount is back in your balance.`,
  }),
}

const STATUS_CHANGED: Mutation = { action: 'payout.status_changed', entityType: 'payout' }

/** The change that moves the tenant's payouts `ids` to `status` (all or nothing), with notices: one audit row per payout. */
async function transitionChange(
  tx: Tx,
  ctx: AuthedContext,
  ids: number[],
  status: PayoutStatus,
  reason?: string,
): Promise<Change<PayoutRow[]>> {
  const tenantId = ctx.tenant.id
  const rows = await lockPayouts(tx, tenantId, ids)
  // Balance-changing writes on one account run one at a time (docs/payouts.md), in id order.
  for (const accountId of [...new Set(rows.map((row) => row.accountId))].sort((a, b) => a - b)) await lockAccount(tx, tenantId, accountId)
  const updated = await applyTransition(tx, { tenantId, actorId: ctx.session.account.id }, rows, status, { reason: reason ?? '' })
  const before = new Map(rows.map((row) => [row.id, row.status]))
  for (const row of updated) {
    const notice = NOTICES[status]?.(show(units(row.amount)), PAYOUT_PROVIDER_LABELS[row.provider as PayoutProvider], reason ?? '')
    if (notice) await notify(tx, { tenantId, accountIds: [row.accountId], ...notice, type: 'info' })
  }
  return {
    result: updated,
    records: updated.map((row) => ({
      entityId: row.id,
      before: { status: before.get(row.id) },
      after: { status, reason: reason ?? '', settleTransactionId: row.settleTransactionId },
    })),
  }
}

/** Moves payouts to `status`, audited, inside the caller's transaction `tx` (the demo seed's). */
export async function transition(tx: Tx, ctx: AuthedContext, ids: number[], status: PayoutStatus, reason?: string): Promise<PayoutRow[]> {
  return auditedMutation({ db: tx, actor: actorOf(ctx) }, STATUS_CHANGED, (inner) => transitionChange(inner, ctx, ids, status, reason))
}

export async function changeStatus(ctx: AuthedContext, body: { id: number; status: PayoutStatus; reason?: string }) {
  return auditedMutation(ctx, STATUS_CHANGED, async (tx) => {
    const done = await transitionChange(tx, ctx, [body.id], body.status, body.reason)
    const [row] = done.result
    const payout = await itemOf(tx, ctx.tenant.id, row.id)
    return {
      ...done,
      result: {
        payout,
        message: `Payout #${row.id} of ${show(units(row.amount))} is now ${payoutStatusLabel(body.status).toLowerCase()}.`,
      },
    }
  })
}

export async function bulkStatus(ctx: AuthedContext, body: { ids: number[]; status: PayoutStatus; reason?: string }) {
  return auditedMutation(ctx, STATUS_CHANGED, async (tx) => {
    const done = await transitionChange(tx, ctx, body.ids, body.status, body.reason)
    const rows = done.result
    const items = (
      await repo.payoutsById(
        tx,
        ctx.tenant.id,
        rows.map((row) => row.id),
      )
    ).map(toItem)
    let total = 0n
    for (const row of rows) total += units(row.amount)
    const label = payoutStatusLabel(body.status).toLowerCase()
    return {
      ...done,
      result: {
        changed: rows.length,
        payouts: items,
        message: `${rows.length} payout${rows.length === 1 ? '' : 's'} (${show(total)}) ${rows.length === 1 ? 'is' : 'are'} now ${label}.`,
      },
    }
  })
}
