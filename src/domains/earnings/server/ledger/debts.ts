import { sql } from 'drizzle-orm'
import { displayName } from '@core/names'
import { moneyText, moneyUnits, unitsToCents } from '@core/decimal'
import { bigintArray } from '@server/db/arrays'
import type { Queryable, Tx } from '@server/db/engine'
import { fieldError, HttpError } from '@server/errors'
import { accountDebts } from '../schema'
import { SHORTFALL_UNCONFIRMED } from '@contract/ledger'

// Recoupable debts (docs/royalties.md "Recoupable debts"). Balances do not go below zero unless an
// admin confirms it: a rollback or a manual adjustment that would take an account below zero is
// refused until the admin names the total shortfall it would leave and gives a reason; the shortfall
// is then recorded here per account. The ledger keeps the negative balance, so later credits fill it
// before anything is available again, and withdrawals are refused while it stands.

const units = moneyUnits

/** One account a change would take below zero (or further below). */
export interface Shortfall {
  accountId: number
  name: string
  email: string
  /** The available balance before the change, the change, and the balance after it (micro-units). */
  before: bigint
  change: bigint
  after: bigint
  /** How much further below zero the change takes the balance: the debt it would record. */
  shortfall: bigint
}

/** How far below zero `balance` is (0 when it is not). */
const below = (balance: bigint) => (balance < 0n ? -balance : 0n)

/**
 * The accounts `changes` (account id → micro-units) would take below zero, largest shortfall first,
 * from their balances as they are now (the caller holds the accounts' row locks when it acts on it).
 */
export async function shortfallsOf(q: Queryable, tenantId: number, changes: Map<number, bigint>): Promise<Shortfall[]> {
  const debits = [...changes].filter(([, change]) => change < 0n).map(([accountId]) => accountId)
  if (debits.length === 0) return []
  const { rows } = await q.execute<{
    id: number
    email: string
    first_name: string | null
    last_name: string | null
    artist_name: string | null
    label_name: string | null
    balance: string | null
  }>(sql`
    select a.id, a.email, a.first_name, a.last_name,
      (select ap.artist_name from artist_profiles ap where ap.account_id = a.id) as artist_name,
      (select lp.label_name from label_profiles lp where lp.account_id = a.id) as label_name,
      (select sum(e.amount)::text from ledger_entries e
        where e.tenant_id = ${tenantId} and e.book = 'account' and e.account_id = a.id) as balance
    from accounts a
    where a.tenant_id = ${tenantId} and a.id = any(${bigintArray(debits)})`)
  const found: Shortfall[] = []
  for (const row of rows) {
    const accountId = Number(row.id)
    const before = units(row.balance)
    const change = changes.get(accountId) ?? 0n
    const after = before + change
    const shortfall = below(after) - below(before)
    if (shortfall <= 0n) continue
    found.push({
      accountId,
      name: displayName({
        artistName: row.artist_name,
        labelName: row.label_name,
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
      }),
      email: row.email,
      before,
      change,
      after,
      shortfall,
    })
  }
  return found.sort((a, b) => (a.shortfall === b.shortfall ? a.accountId - b.accountId : a.shortfall > b.shortfall ? -1 : 1))
}

export const totalShortfall = (list: readonly Shortfall[]) => list.reduce((sum, item) => sum + item.shortfall, 0n)

/** A shortfall as the API shows it: cents, as balances are shown. */
export const shortfallView = (item: Shortfall) => ({
  id: item.accountId,
  name: item.name,
  email: item.email,
  before: unitsToCents(item.before),
  change: unitsToCents(item.change),
  after: unitsToCents(item.after),
  shortfall: unitsToCents(item.shortfall),
})

/** What the admin confirms: the total shortfall (cents) and the reason. */
export interface ShortfallConfirmation {
  confirmShortfall?: string
  reason?: string
}

/**
 * Refuses to go ahead unless the admin confirmed exactly this total shortfall with a reason: a
 * change that would overdraw is never silent, and a confirmation given for another figure (the
 * balances moved since the preview) does not count.
 */
export function requireConfirmation(list: readonly Shortfall[], input: ShortfallConfirmation, what: string): void {
  if (list.length === 0) return
  const total = unitsToCents(totalShortfall(list))
  const who = list
    .slice(0, 5)
    .map((item) => `${item.name} by ${unitsToCents(item.shortfall)}`)
    .join(', ')
  const more = list.length > 5 ? ` and ${list.length - 5} more` : ''
  const summary = `${what} would take ${list.length === 1 ? '1 account' : `${list.length} accounts`} below zero (${who}${more}): ${total} in all.`
  if (input.confirmShortfall === undefined)
    throw new HttpError(
      409,
      `${summary} Confirm the shortfall of ${total} with a reason to record it as a recoupable debt.`,
      SHORTFALL_UNCONFIRMED,
      { shortfall: total },
    )
  if (units(input.confirmShortfall) !== units(total))
    throw new HttpError(
      409,
      `${summary} The confirmation was for ${input.confirmShortfall}: look at the shortfall again and confirm ${total}.`,
      SHORTFALL_UNCONFIRMED,
      { shortfall: total },
    )
  if (!input.reason?.trim()) throw fieldError('reason', 'A reason is required to record the shortfall as a recoupable debt')
}

/** Records each shortfall as a recoupable debt of its account. */
export async function recordDebts(
  tx: Tx,
  tenantId: number,
  list: readonly Shortfall[],
  info: { source: 'rollback' | 'adjustment'; importId?: number | null; transactionId: number; reason: string; actorId: number | null },
): Promise<void> {
  if (list.length === 0) return
  await tx.insert(accountDebts).values(
    list.map((item) => ({
      tenantId,
      accountId: item.accountId,
      amount: moneyText(item.shortfall),
      source: info.source,
      importId: info.importId ?? null,
      transactionId: info.transactionId,
      reason: info.reason.trim(),
      createdBy: info.actorId,
    })),
  )
}

/** An account's outstanding debt: how far its balance is below zero, and the newest debt's note. */
export interface OutstandingDebt {
  amount: bigint
  note: string | null
}

/**
 * What the account still owes: the part of its balance below zero. Later credits repay the oldest
 * debts first, so the note names the newest recorded debt still (partly) standing.
 */
export async function outstandingDebt(q: Queryable, tenantId: number, accountId: number, balance: bigint): Promise<OutstandingDebt> {
  const owed = below(balance)
  if (owed === 0n) return { amount: 0n, note: null }
  const { rows } = await q.execute<{ source: string; import_id: number | null; reason: string; date: string }>(sql`
    select source, import_id, reason, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as date
    from account_debts where tenant_id = ${tenantId} and account_id = ${accountId}
    order by created_at desc, id desc limit 1`)
  const last = rows[0]
  if (!last) return { amount: owed, note: null }
  const what =
    last.source === 'rollback'
      ? `Rollback of import #${last.import_id}`
      : last.source === 'adjustment'
        ? 'Manual adjustment'
        : 'Balance below zero before debts were recorded'
  return { amount: owed, note: `${what} on ${last.date}: ${last.reason}` }
}
