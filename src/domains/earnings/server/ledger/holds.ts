import { sql } from 'drizzle-orm'
import { bigintArray } from '@server/db/arrays'
import type { Queryable, Tx } from '@server/db/engine'
import { conflict, notFound } from '@server/errors'
import { moneyUnits } from '@core/decimal'
import { createTransaction, insertEntries, type NewEntry } from './posting'
import { lockAccounts, toCents } from './service'

// Held earnings (issue 24 item 5): a flagged track's money leaves the balances until a person
// releases it. The ledger stays append-only and double-entry: a `hold` transaction moves each
// account's net of the track's entries from the `account` book (category `held`, negative) to the
// `held` book; every posting that touches money (import, match, rollback) sweeps again while the
// hold stands, so the track's account-book net stays zero: new earnings are held as they arrive and
// a rolled-back import takes back from the held money, not from the balance. Releasing moves each
// account's held part back. Balances are sums of the account book, so balances and payouts
// (availableUnits) leave held money out with no change of their own.

const base = { importId: null, releaseId: null, period: null } as const

/** The tracks of the workspace whose earnings are held now (optionally among `trackIds`). */
async function standingTracks(q: Queryable, tenantId: number, trackIds?: readonly number[]): Promise<number[]> {
  const among = trackIds ? sql`and track_id = any(${bigintArray([...trackIds])})` : sql``
  const { rows } = await q.execute<{ track_id: number }>(sql`
    select track_id from earnings_holds where tenant_id = ${tenantId} and released_at is null ${among}`)
  return rows.map((row) => Number(row.track_id))
}

/** Per (account, track): the account-book net of the tracks' entries (what a sweep moves). */
async function accountNets(q: Queryable, tenantId: number, trackIds: readonly number[]) {
  const { rows } = await q.execute<{ account_id: number; track_id: number; net: string }>(sql`
    select account_id, track_id, sum(amount)::text as net from ledger_entries
    where tenant_id = ${tenantId} and track_id = any(${bigintArray([...trackIds])}) and book = 'account'
    group by account_id, track_id
    having sum(amount) <> 0`)
  return rows.map((row) => ({ accountId: Number(row.account_id), trackId: Number(row.track_id), net: moneyUnits(row.net) }))
}

/**
 * Moves the standing holds' tracks' account-book net to the `held` book (a negative net, after a
 * rollback, moves back from it). Returns the transaction's id, or null when nothing moved. Called
 * by the posting code inside its transaction, after its entries.
 */
export async function sweepHolds(
  tx: Tx,
  tenantId: number,
  actorId: number | null,
  reason = 'Earnings of a held track',
  trackIds?: readonly number[],
): Promise<number | null> {
  const held = await standingTracks(tx, tenantId, trackIds)
  if (!held.length) return null
  const nets = await accountNets(tx, tenantId, held)
  if (!nets.length) return null
  await lockAccounts(
    tx,
    tenantId,
    nets.map((row) => row.accountId),
  )
  const entries: NewEntry[] = nets.flatMap((row) => [
    { ...base, book: 'account' as const, accountId: row.accountId, category: 'held' as const, amount: -row.net, trackId: row.trackId },
    { ...base, book: 'held' as const, accountId: null, category: 'held' as const, amount: row.net, trackId: row.trackId },
  ])
  const transactionId = await createTransaction(tx, { tenantId, kind: 'hold', reason, actorId })
  await insertEntries(tx, tenantId, transactionId, entries)
  return transactionId
}

export interface HoldRow {
  id: number
  trackId: number
  reason: string
  heldAt: Date
  heldBy: number | null
  releasedAt: Date | null
  releasedBy: number | null
  releaseReason: string | null
}

const HOLD_COLUMNS = sql`id, track_id, reason, held_at, held_by, released_at, released_by, release_reason`
const holdOf = (row: Record<string, unknown>): HoldRow => ({
  id: Number(row.id),
  trackId: Number(row.track_id),
  reason: String(row.reason),
  heldAt: new Date(row.held_at as string),
  heldBy: row.held_by === null ? null : Number(row.held_by),
  releasedAt: row.released_at === null ? null : new Date(row.released_at as string),
  releasedBy: row.released_by === null ? null : Number(row.released_by),
  releaseReason: (row.release_reason as string | null) ?? null,
})

/** Holds a track's earnings: the hold row, and its present money moved to the held book. 409 when already held. */
export async function placeHold(tx: Tx, input: { tenantId: number; trackId: number; reason: string; actorId: number | null }) {
  const { rows } = await tx.execute<Record<string, unknown>>(sql`
    insert into earnings_holds (tenant_id, track_id, reason, held_by)
    values (${input.tenantId}, ${input.trackId}, ${input.reason}, ${input.actorId})
    on conflict (tenant_id, track_id) where released_at is null do nothing
    returning ${HOLD_COLUMNS}`)
  if (!rows[0]) throw conflict("This track's earnings are already held.")
  const transactionId = await sweepHolds(tx, input.tenantId, input.actorId, `Hold: ${input.reason}`, [input.trackId])
  return { hold: holdOf(rows[0]), transactionId }
}

/** Releases a track's standing hold: each account's held part back to its balance. 404 when none stands. */
export async function releaseHold(tx: Tx, input: { tenantId: number; trackId: number; reason: string; actorId: number | null }) {
  const { rows } = await tx.execute<Record<string, unknown>>(sql`
    select ${HOLD_COLUMNS} from earnings_holds
    where tenant_id = ${input.tenantId} and track_id = ${input.trackId} and released_at is null
    for update`)
  if (!rows[0]) throw notFound("This track's earnings are not held.")
  const { rows: parts } = await tx.execute<{ account_id: number; held: string }>(sql`
    select account_id, (-sum(amount))::text as held from ledger_entries
    where tenant_id = ${input.tenantId} and track_id = ${input.trackId} and book = 'account' and category = 'held'
    group by account_id
    having sum(amount) <> 0`)
  let transactionId: number | null = null
  if (parts.length) {
    await lockAccounts(
      tx,
      input.tenantId,
      parts.map((part) => Number(part.account_id)),
    )
    const entries: NewEntry[] = parts.flatMap((part) => {
      const amount = moneyUnits(part.held)
      return [
        { ...base, book: 'account' as const, accountId: Number(part.account_id), category: 'held' as const, amount, trackId: input.trackId },
        { ...base, book: 'held' as const, accountId: null, category: 'held' as const, amount: -amount, trackId: input.trackId },
      ]
    })
    transactionId = await createTransaction(tx, { tenantId: input.tenantId, kind: 'release', reason: `Release: ${input.reason}`, actorId: input.actorId })
    await insertEntries(tx, input.tenantId, transactionId, entries)
  }
  const { rows: updated } = await tx.execute<Record<string, unknown>>(sql`
    update earnings_holds set released_at = now(), released_by = ${input.actorId}, release_reason = ${input.reason}
    where id = ${Number(rows[0].id)}
    returning ${HOLD_COLUMNS}`)
  return { hold: holdOf(updated[0]), transactionId }
}

/** What the standing holds keep now per track: per account and in all (cents strings, rounded once each). */
export async function heldAmounts(q: Queryable, tenantId: number, trackIds: readonly number[]) {
  const result = new Map<number, { total: string; accounts: { accountId: number; amount: string }[] }>()
  if (!trackIds.length) return result
  const { rows } = await q.execute<{ track_id: number; account_id: number; held: string }>(sql`
    select track_id, account_id, (-sum(amount))::text as held from ledger_entries
    where tenant_id = ${tenantId} and track_id = any(${bigintArray([...trackIds])}) and book = 'account' and category = 'held'
    group by track_id, account_id
    having sum(amount) <> 0
    order by track_id, account_id`)
  const totals = new Map<number, bigint>()
  for (const row of rows) {
    const trackId = Number(row.track_id)
    const held = moneyUnits(row.held)
    totals.set(trackId, (totals.get(trackId) ?? 0n) + held)
    const entry = result.get(trackId) ?? { total: '0.00', accounts: [] }
    entry.accounts.push({ accountId: Number(row.account_id), amount: toCents(held) })
    result.set(trackId, entry)
  }
  for (const [trackId, total] of totals) result.get(trackId)!.total = toCents(total)
  return result
}

/** The holds of the workspace (standing first, newest first), optionally of one track or touching one account. */
export async function listHolds(
  q: Queryable,
  tenantId: number,
  filter: { trackId?: number; accountId?: number; standing?: boolean },
  limit: number,
  offset: number,
) {
  const where = [sql`h.tenant_id = ${tenantId}`]
  if (filter.trackId !== undefined) where.push(sql`h.track_id = ${filter.trackId}`)
  if (filter.standing) where.push(sql`h.released_at is null`)
  if (filter.accountId !== undefined)
    where.push(sql`exists (select 1 from ledger_entries e
      where e.tenant_id = h.tenant_id and e.track_id = h.track_id and e.book = 'account' and e.category = 'held' and e.account_id = ${filter.accountId})`)
  const condition = sql.join(where, sql` and `)
  const { rows } = await q.execute<Record<string, unknown>>(sql`
    select ${sql.raw('h.id, h.track_id, h.reason, h.held_at, h.held_by, h.released_at, h.released_by, h.release_reason')}
    from earnings_holds h where ${condition}
    order by (h.released_at is null) desc, h.held_at desc, h.id desc
    limit ${limit} offset ${offset}`)
  const { rows: total } = await q.execute<{ count: number }>(sql`select count(*)::int as count from earnings_holds h where ${condition}`)
  return { rows: rows.map(holdOf), total: Number(total[0]?.count ?? 0) }
}
