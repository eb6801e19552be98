import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import { displayName } from '@core/names'
import { fromScaled, MONEY_SCALE, moneyUnits, unitsToCents } from '@core/decimal'
import type { ExchangeRateResult, LedgerEntryResult, UnmatchedKey } from '@contract/ledger'
import type { AuthedContext } from '@server/context'
import type { Queryable, Tx } from '@server/db/engine'
import { accounts } from '@server/db/schema/platform'
import { auditedMutation } from '@server/audit'
import { conflict, fieldError, notFound } from '@server/errors'
import { bigintArray } from '@server/db/arrays'
import { formatMoney } from '@core/format'
import { countCapped, pageMeta } from '@server/db/paging'
import { likePattern } from '@server/search'
import { catalogueTitles } from '@domains/catalogue/server/public'
import { exchangeRates } from '../schema'
import { createTransaction, insertEntries, matchLines, type MatchKey } from './posting'
import { queueTrackFold } from './track-fold'
import { outstandingDebt, recordDebts, requireConfirmation, shortfallsOf, totalShortfall } from './debts'

// The ledger's services: exchange rates, manual adjustments, publishing entries, balances, an
// account's entries, unmatched statement keys and matching them (rules: docs/royalties.md).

const units = moneyUnits

/** Ledger micro-units shown as a 2-place string, rounded half to even only here, at the edge. */
export const toCents = unitsToCents

/** "1.0825000000" → "1.0825" (the rate as people write it). */
const trimRate = (value: string) => (value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value)

const monthStart = (month: string) => (month.length === 7 ? `${month}-01` : `${month.slice(0, 7)}-01`)

// ---------------------------------------------------------------------------------------------
// Exchange rates

/** The base currency: statement money is converted to it, and its rate is 1. */
export const BASE_CURRENCY = 'USD'

/**
 * For the importer: the rate of `currency` for the statement month (YYYY-MM or YYYY-MM-DD), as a
 * decimal string, or null when none was entered. The base currency is always '1'.
 */
export async function exchangeRateFor(q: Queryable, tenantId: number, currency: string, period: string): Promise<string | null> {
  const code = currency.trim().toUpperCase()
  if (code === BASE_CURRENCY) return '1'
  const [row] = await q
    .select({ rate: exchangeRates.rate })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.tenantId, tenantId), eq(exchangeRates.currency, code), eq(exchangeRates.period, monthStart(period))))
    .limit(1)
  return row ? trimRate(row.rate) : null
}

async function rateRows(q: Queryable, where: SQL, limit: number, offset: number): Promise<ExchangeRateResult[]> {
  const rows = await q
    .select({
      rate: exchangeRates,
      by: { id: accounts.id, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName },
    })
    .from(exchangeRates)
    .leftJoin(accounts, eq(accounts.id, exchangeRates.createdBy))
    .where(where)
    .orderBy(desc(exchangeRates.period), exchangeRates.currency, desc(exchangeRates.id))
    .limit(limit)
    .offset(offset)
  return rows.map(({ rate, by }) => ({
    id: rate.id,
    currency: rate.currency,
    period: rate.period.slice(0, 7),
    rate: trimRate(rate.rate),
    created: rate.createdAt,
    createdBy: by?.id ? { id: by.id, name: displayName(by) } : null,
  }))
}

export async function listRates(ctx: AuthedContext, page: number, perPage: number, currency?: string) {
  const { db } = ctx.services
  const code = currency?.trim().toUpperCase()
  const where = and(eq(exchangeRates.tenantId, ctx.tenant.id), code ? sql`${exchangeRates.currency} like ${`${code}%`}` : undefined) as SQL
  const data = await rateRows(db, where, perPage, (page - 1) * perPage)
  const { total, estimate } = await countCapped(db, sql`from ${exchangeRates} where ${where}`)
  return { data, meta: pageMeta(total, estimate, page, perPage) }
}

export async function createRate(ctx: AuthedContext, input: { currency: string; period: string; rate: string }) {
  const tenantId = ctx.tenant.id
  const period = monthStart(input.period)
  if (input.currency === BASE_CURRENCY) throw conflict(`${BASE_CURRENCY} is the base currency: its rate is always 1.`)
  return auditedMutation(ctx, { action: 'exchange_rate.created', entityType: 'exchange_rate' }, async (tx) => {
    const duplicate = `There is already a rate for ${input.currency} in ${input.period}. Delete it first to enter a new one.`
    const [existing] = await tx
      .select({ id: exchangeRates.id })
      .from(exchangeRates)
      .where(and(eq(exchangeRates.tenantId, tenantId), eq(exchangeRates.currency, input.currency), eq(exchangeRates.period, period)))
    if (existing) throw conflict(duplicate)
    const [row] = await tx
      .insert(exchangeRates)
      .values({ tenantId, currency: input.currency, period, rate: input.rate, createdBy: ctx.session.account.id })
      .onConflictDoNothing()
      .returning({ id: exchangeRates.id })
    if (!row) throw conflict(duplicate)
    const [created] = await rateRows(tx, eq(exchangeRates.id, row.id), 1, 0)
    return { result: created, entityId: row.id, after: { currency: input.currency, period: input.period, rate: input.rate } }
  })
}

/** Deleting a rate never changes an import: each import keeps the rate it used (statement_imports.exchange_rate). */
export async function deleteRate(ctx: AuthedContext, id: number) {
  const lock = { table: exchangeRates, id, tenantId: ctx.tenant.id, missing: 'There is no such exchange rate in this workspace.' }
  return auditedMutation(ctx, { action: 'exchange_rate.deleted', entityType: 'exchange_rate', lock }, async (tx) => {
    const [row] = await tx
      .delete(exchangeRates)
      .where(and(eq(exchangeRates.tenantId, ctx.tenant.id), eq(exchangeRates.id, id)))
      .returning()
    return {
      result: { ok: true as const, message: `The ${row.currency} rate for ${row.period.slice(0, 7)} was deleted.` },
      before: { currency: row.currency, period: row.period.slice(0, 7), rate: trimRate(row.rate) },
    }
  })
}

// ---------------------------------------------------------------------------------------------
// Balances

export interface BalanceSummary {
  balance: {
    adjustment: string
    earnings: string
    payouts: string
    publishing: string
    sales: string
    /** A flagged track's earnings held out of `available` (positive cents; ledger/holds.ts). */
    held: string
    available: string
    /** The recoupable debt still standing (cents; "0.00" when none) and what recorded it. */
    debt: string
    debtNote: string | null
  }
  lastEarnings: { date: string | null; amount: string }
}

/**
 * An account's balance lines: sums of its `account` book entries per category, each rounded half
 * to even to cents only here; `available` is the exact sum of every line, rounded once (so it can
 * differ by a cent from adding the rounded lines). lastEarnings: the newest statement credit (an
 * import or match transaction of an import that stands) and its amount for this account.
 */
/** The account's exact available balance in micro-units (the sum of its account book entries). */
export async function availableUnits(q: Queryable, tenantId: number, accountId: number): Promise<bigint> {
  const { rows } = await q.execute<{ total: string | null }>(sql`
    select sum(amount)::text as total from ledger_entries
    where tenant_id = ${tenantId} and book = 'account' and account_id = ${accountId}`)
  return units(rows[0]?.total ?? '0')
}

export async function balanceLines(q: Queryable, tenantId: number, accountId: number): Promise<BalanceSummary> {
  const { rows } = await q.execute<{ category: string; total: string }>(sql`
    select category, sum(amount)::text as total from ledger_entries
    where tenant_id = ${tenantId} and book = 'account' and account_id = ${accountId}
    group by category`)
  const sums = new Map(rows.map((row) => [row.category, units(row.total)]))
  const line = (category: string) => sums.get(category) ?? 0n
  let available = 0n
  for (const value of sums.values()) available += value
  const { rows: last } = await q.execute<{ date: string; amount: string }>(sql`
    select to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD') as date, sum(e.amount)::text as amount
    from ledger_entries e
    join ledger_transactions t on t.id = e.transaction_id
    where e.tenant_id = ${tenantId} and e.book = 'account' and e.account_id = ${accountId}
      and e.category in ('earnings', 'sales') and t.kind in ('import', 'match')
      and not exists (select 1 from ledger_transactions r where r.kind = 'rollback' and r.import_id = e.import_id)
    group by t.id, t.created_at
    order by t.created_at desc, t.id desc
    limit 1`)
  const debt = await outstandingDebt(q, tenantId, accountId, available)
  return {
    balance: {
      debt: toCents(debt.amount),
      debtNote: debt.note,
      adjustment: toCents(line('adjustment')),
      earnings: toCents(line('earnings')),
      payouts: toCents(line('payouts')),
      publishing: toCents(line('publishing')),
      sales: toCents(line('sales')),
      held: toCents(-line('held')),
      available: toCents(available),
    },
    lastEarnings: last[0] ? { date: last[0].date, amount: toCents(units(last[0].amount)) } : { date: null, amount: '0.00' },
  }
}

/** Locks the account's row for the transaction: balance-changing writes on one account run one at a time. */
export async function lockAccount(tx: Tx, tenantId: number, accountId: number) {
  const { rows } = await tx.execute<{ id: number }>(
    sql`select id from accounts where id = ${accountId} and tenant_id = ${tenantId} for update`,
  )
  if (!rows[0]) throw notFound('There is no such account in this workspace.')
}

/** Locks the accounts' rows in id order (so two callers cannot deadlock). */
export async function lockAccounts(tx: Tx, tenantId: number, accountIds: readonly number[]) {
  const ids = [...new Set(accountIds)].sort((a, b) => a - b)
  if (ids.length === 0) return
  await tx.execute(sql`select id from accounts where tenant_id = ${tenantId} and id = any(${bigintArray(ids)}) order by id for update`)
}

/**
 * A manual adjustment: the account's `adjustment` line moves by `amount`, the tenant book by −amount.
 * Either way it is at most the configured bound (ADJUSTMENT_MAX); one that would take the balance
 * below zero needs the shortfall confirmed, which records it as a recoupable debt (debts.ts).
 */
export async function addAdjustment(
  ctx: AuthedContext,
  accountId: number,
  input: { amount: string; reason: string; confirmShortfall?: string },
) {
  const tenantId = ctx.tenant.id
  const amount = units(input.amount)
  const bound = units(ctx.services.config.adjustmentMax)
  if (amount > bound || -amount > bound)
    throw fieldError('amount', `An adjustment is at most ${formatMoney(toCents(bound))} either way (ADJUSTMENT_MAX)`)
  return auditedMutation(ctx, { action: 'account.adjustment_added', entityType: 'account', entityId: accountId }, async (tx) => {
    // The ledger's own account lock (accounts belong to the users domain), taken by every balance change.
    await lockAccount(tx, tenantId, accountId)
    const shortfalls = await shortfallsOf(tx, tenantId, new Map([[accountId, amount]]))
    requireConfirmation(shortfalls, input, 'This adjustment')
    const transactionId = await createTransaction(tx, {
      tenantId,
      kind: 'adjustment',
      reason: input.reason,
      actorId: ctx.session.account.id,
    })
    const base = { category: 'adjustment' as const, importId: null, trackId: null, releaseId: null, period: null }
    await insertEntries(tx, tenantId, transactionId, [
      { ...base, book: 'account', accountId, amount },
      { ...base, book: 'tenant', accountId: null, amount: -amount },
    ])
    await recordDebts(tx, tenantId, shortfalls, {
      source: 'adjustment',
      transactionId,
      reason: input.reason,
      actorId: ctx.session.account.id,
    })
    return {
      result: await balanceLines(tx, tenantId, accountId),
      after: {
        amount: input.amount,
        reason: input.reason,
        transactionId,
        ...(shortfalls.length ? { debt: toCents(totalShortfall(shortfalls)) } : {}),
      },
    }
  })
}

/** A manual publishing entry as ledger money: the account's `publishing` line +amount, the tenant book −amount. */
export async function postPublishing(
  tx: Tx,
  input: { tenantId: number; accountId: number; entryId: number; amount: string; period: string; note: string; actorId: number | null },
) {
  const amount = units(input.amount)
  const transactionId = await createTransaction(tx, {
    tenantId: input.tenantId,
    kind: 'publishing',
    reason: `Publishing entry #${input.entryId}${input.note ? `: ${input.note}` : ''}`,
    actorId: input.actorId,
  })
  const base = { category: 'publishing' as const, importId: null, trackId: null, releaseId: null, period: input.period }
  await insertEntries(tx, input.tenantId, transactionId, [
    { ...base, book: 'account', accountId: input.accountId, amount },
    { ...base, book: 'tenant', accountId: null, amount: -amount },
  ])
  return transactionId
}

/** A removed publishing entry: the compensating transaction (never a delete). */
export async function reversePublishing(
  tx: Tx,
  input: { tenantId: number; accountId: number; entryId: number; amount: string; period: string; actorId: number | null },
) {
  const amount = units(input.amount)
  const transactionId = await createTransaction(tx, {
    tenantId: input.tenantId,
    kind: 'publishing',
    reason: `Publishing entry #${input.entryId} removed`,
    actorId: input.actorId,
  })
  const base = { category: 'publishing' as const, importId: null, trackId: null, releaseId: null, period: input.period }
  await insertEntries(tx, input.tenantId, transactionId, [
    { ...base, book: 'account', accountId: input.accountId, amount: -amount },
    { ...base, book: 'tenant', accountId: null, amount },
  ])
  return transactionId
}

// ---------------------------------------------------------------------------------------------
// An account's entries

export async function listEntries(ctx: AuthedContext, accountId: number, page: number, perPage: number, category?: string) {
  const { db } = ctx.services
  const tenantId = ctx.tenant.id
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.id, accountId)))
  if (!account) throw notFound('There is no such account in this workspace.')
  const where = sql`e.tenant_id = ${tenantId} and e.book = 'account' and e.account_id = ${accountId} ${category ? sql`and e.category = ${category}` : sql``}`
  const { rows } = await db.execute<{
    id: number
    created_at: Date
    kind: string
    category: string
    amount: string
    period: string | null
    import_id: number | null
    file_name: string | null
    source: string | null
    track_id: number | null
    release_id: number | null
    reason: string
    by_id: number | null
    by_email: string | null
    by_first: string | null
    by_last: string | null
  }>(sql`
    select e.id, e.created_at, t.kind, e.category, e.amount::text as amount, to_char(e.period, 'YYYY-MM') as period,
      e.import_id, i.file_name, i.source, e.track_id, e.release_id, t.reason,
      a.id as by_id, a.email as by_email, a.first_name as by_first, a.last_name as by_last
    from ledger_entries e
    join ledger_transactions t on t.id = e.transaction_id
    left join statement_imports i on i.id = e.import_id
    left join accounts a on a.id = t.created_by
    where ${where}
    order by e.id desc
    limit ${perPage} offset ${(page - 1) * perPage}`)
  const { trackTitles, releaseTitles } = await catalogueTitles(
    db,
    tenantId,
    [...new Set(rows.flatMap((row) => (row.track_id ? [row.track_id] : [])))],
    [...new Set(rows.flatMap((row) => (row.release_id ? [row.release_id] : [])))],
  )
  const data: LedgerEntryResult[] = rows.map((row) => ({
    id: row.id,
    date: row.created_at,
    kind: row.kind,
    category: row.category,
    amount: row.amount,
    period: row.period,
    import: row.import_id ? { id: row.import_id, name: row.file_name ?? `Import #${row.import_id}`, source: row.source ?? '' } : null,
    track: row.track_id ? { id: row.track_id, title: trackTitles.get(row.track_id) ?? `Track #${row.track_id}` } : null,
    release: row.release_id ? { id: row.release_id, title: releaseTitles.get(row.release_id) ?? `Release #${row.release_id}` } : null,
    reason: row.reason,
    by: row.by_id
      ? { id: row.by_id, name: displayName({ email: row.by_email ?? '', firstName: row.by_first, lastName: row.by_last }) }
      : null,
  }))
  const { total, estimate } = await countCapped(db, sql`from ledger_entries e where ${where}`)
  return { data, meta: pageMeta(total, estimate, page, perPage) }
}

// ---------------------------------------------------------------------------------------------
// Unmatched statement lines

export async function listUnmatched(ctx: AuthedContext, page: number, perPage: number, search?: string) {
  const { db } = ctx.services
  const term = search?.trim()
  const grouped = sql`
    from (
      select case when coalesce(l.isrc, '') <> '' then 'isrc' else 'upc' end as kind,
        case when coalesce(l.isrc, '') <> '' then upper(l.isrc) else l.upc end as key,
        l.import_id, l.title, l.net_base
      from statement_lines l
      join statement_imports i on i.id = l.import_id and i.status = 'committed' and i.tenant_id = ${ctx.tenant.id}
      where l.tenant_id = ${ctx.tenant.id} and l.release_id is null and (coalesce(l.isrc, '') <> '' or coalesce(l.upc, '') <> '')
        ${term ? sql`and (l.isrc ilike ${likePattern(term)} or l.upc ilike ${likePattern(term)} or l.title ilike ${likePattern(term)} or l.artist ilike ${likePattern(term)})` : sql``}
    ) u
    group by u.kind, u.key`
  const { rows } = await db.execute<{
    kind: 'isrc' | 'upc'
    key: string
    lines: number
    total: string
    titles: string[] | null
    import_ids: number[]
  }>(sql`
    select u.kind, u.key, count(*)::int as lines, sum(u.net_base)::text as total,
      (array_agg(distinct u.title) filter (where u.title is not null and u.title <> ''))[1:5] as titles,
      array_agg(distinct u.import_id) as import_ids
    ${grouped}
    order by abs(sum(u.net_base)) desc, u.key
    limit ${perPage} offset ${(page - 1) * perPage}`)
  const data: UnmatchedKey[] = rows.map((row) => ({
    kind: row.kind,
    key: row.key,
    lines: row.lines,
    total: fromScaled(units(row.total), MONEY_SCALE),
    titles: row.titles ?? [],
    importIds: row.import_ids.map(Number),
  }))
  const { total, estimate } = await countCapped(db, sql`from (select 1 ${grouped}) g`)
  return { data, meta: pageMeta(total, estimate, page, perPage) }
}

/** Matches every unmatched line with the key (any import) to a track or release, remembers it, audits it. */
export async function matchKey(
  ctx: AuthedContext,
  input: { kind: MatchKey['kind']; key: string; trackId?: number | null; releaseId?: number | null },
) {
  const entityId = `${input.kind}:${input.key.trim().toUpperCase()}`
  return auditedMutation(ctx, { action: 'earnings.lines_matched', entityType: 'statement_key', entityId }, async (tx) => {
    const result = await matchLines(
      tx,
      ctx.tenant.id,
      { key: { kind: input.kind, value: input.key } },
      { trackId: input.trackId ?? null, releaseId: input.releaseId ?? null },
      ctx.session.account.id,
    )
    await queueTrackFold(ctx.services.jobs, tx, ctx.tenant.id)
    return {
      result: {
        lines: result.lines,
        posted: result.posted,
        amount: result.amount,
        target: { trackId: result.target.trackId, releaseId: result.target.releaseId, title: result.target.title },
      },
      after: {
        trackId: result.target.trackId,
        releaseId: result.target.releaseId,
        lines: result.lines,
        posted: result.posted,
        amount: result.amount,
      },
    }
  })
}
