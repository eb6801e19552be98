import { sql } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'
import { keysetRows } from '@server/csv-stream'
import { periodWithin, type RowsScope } from '../reports/report-rows'
import { afterFold } from './track-fold'

// Report rows read from the ledger, where only it has the detail: what each account was credited
// (per track, release, artist, month), the operator's share per track, an account's entries.
// Definitions of every column: docs/reports-sources.md. Keyset pages keep memory to one page.

/** Statement money: the balance lines fed by imports and matches (docs/royalties.md "Ledger"). */
const STATEMENT_CATEGORIES = sql`('earnings', 'sales')`

/** The month an entry belongs to: its statement period, else the month (UTC) it was posted. */
const entryMonth = sql`coalesce(e.period, date_trunc('month', e.created_at at time zone 'UTC')::date)`

export type ShareDimension = 'track' | 'release' | 'artist'

/** How one track, release or artist's statement money was shared, over the scope's months. */
export interface ShareRow {
  release_id: number | null
  track_id: number | null
  upc: string | null
  release_title: string | null
  artist: string | null
  isrc: string | null
  track_title: string | null
  /** Statement units and net before the operator's share and splits (the rollups). */
  quantity: string | null
  gross: string | null
  /** The operator's share (tenant book) and what every payee was credited (account book). */
  fee: string | null
  payees: string | null
  /** Credited to the scope's account (every account for the workspace), per balance line. */
  earnings: string | null
  sales: string | null
}

/**
 * Per track, release or release artist: statement quantity and gross (rollups), the operator's
 * share and the payees' credits (ledger), and the credits of the scope's account. The workspace
 * scope lists everything with money in the months; an account's scope only what credited it.
 */
export function shareRows(q: Queryable, scope: RowsScope, by: ShareDimension): AsyncGenerator<ShareRow> {
  const tenantId = scope.tenantId
  const mine = scope.accountId === null ? sql`e.book = 'account'` : sql`e.book = 'account' and e.account_id = ${scope.accountId}`
  const page = (after: unknown, size: number) => {
    // Pushed into both sums so a page reads from its first release on.
    const low =
      after === null || by === 'artist'
        ? sql``
        : by === 'track'
          ? sql`and release_id >= ${(after as [number, number])[0]}`
          : sql`and release_id > ${after as number}`
    const perTrack = sql`
      credit as (
        select e.release_id, coalesce(e.track_id, 0) as track_id,
          sum(e.amount) filter (where e.book = 'tenant') as fee,
          sum(e.amount) filter (where e.book = 'account') as payees,
          sum(e.amount) filter (where ${mine} and e.category = 'earnings') as earnings,
          sum(e.amount) filter (where ${mine} and e.category = 'sales') as sales,
          count(*) filter (where ${mine}) as mine
        from ledger_entries e
        where e.tenant_id = ${tenantId} and e.book in ('tenant', 'account') and e.category in ${STATEMENT_CATEGORIES}
          and e.release_id is not null ${periodWithin(sql`e.period`, scope)} ${low}
        group by e.release_id, coalesce(e.track_id, 0)
      ),
      gross as (
        select release_id, track_id, sum(quantity) as quantity, sum(net) as gross
        from earnings_track_monthly
        where tenant_id = ${tenantId} ${periodWithin(sql`period`, scope)} ${low}
        group by release_id, track_id
      ),
      per_track as (
        select coalesce(c.release_id, g.release_id) as release_id, coalesce(c.track_id, g.track_id) as track_id,
          g.quantity, g.gross, c.fee, c.payees, c.earnings, c.sales
        from credit c full join gross g on g.release_id = c.release_id and g.track_id = c.track_id
        where ${
          scope.accountId === null
            ? sql`coalesce(g.gross, 0) <> 0 or coalesce(c.payees, 0) <> 0 or coalesce(c.fee, 0) <> 0`
            : sql`c.mine > 0 and (coalesce(c.earnings, 0) <> 0 or coalesce(c.sales, 0) <> 0)`
        }
      )`
    const sums = sql`sum(p.quantity)::text as quantity, sum(p.gross)::text as gross, sum(p.fee)::text as fee,
      sum(p.payees)::text as payees, sum(p.earnings)::text as earnings, sum(p.sales)::text as sales`
    if (by === 'track') {
      const key = after as [number, number] | null
      return sql`with ${perTrack}
        select p.release_id, p.track_id, r.upc, r.title as release_title, r.artist_text as artist, t.isrc, t.title as track_title,
          p.quantity::text as quantity, p.gross::text as gross, p.fee::text as fee, p.payees::text as payees,
          p.earnings::text as earnings, p.sales::text as sales
        from per_track p
        left join releases r on r.id = p.release_id and r.tenant_id = ${tenantId}
        left join tracks t on t.id = p.track_id and t.tenant_id = ${tenantId}
        ${key ? sql`where (p.release_id, p.track_id) > (${key[0]}, ${key[1]})` : sql``}
        order by p.release_id, p.track_id limit ${size}`
    }
    if (by === 'release')
      return sql`with ${perTrack}
        select p.release_id, null as track_id, r.upc, r.title as release_title, r.artist_text as artist, null as isrc, null as track_title, ${sums}
        from per_track p
        left join releases r on r.id = p.release_id and r.tenant_id = ${tenantId}
        group by p.release_id, r.id
        order by p.release_id limit ${size}`
    return sql`with ${perTrack}
      select null as release_id, null as track_id, null as upc, null as release_title, coalesce(r.artist_text, '') as artist,
        null as isrc, null as track_title, ${sums}
      from per_track p
      left join releases r on r.id = p.release_id and r.tenant_id = ${tenantId}
      ${after !== null ? sql`where coalesce(r.artist_text, '') > ${after as string}` : sql``}
      group by coalesce(r.artist_text, '')
      order by coalesce(r.artist_text, '') limit ${size}`
  }
  const keyOf = (row: ShareRow): unknown =>
    by === 'track' ? [Number(row.release_id), Number(row.track_id)] : by === 'release' ? Number(row.release_id) : (row.artist ?? '')
  return afterFold(q, tenantId, () => keysetRows<ShareRow, unknown>(q, page, keyOf))
}

export interface ApportionedRow {
  month: string
  key: string
  quantity: string
  amount: string
}

/**
 * An account's statement credits per month and channel or territory. The ledger keeps credits per
 * release and month, not per store: each (release, month) credit is shared out in proportion to
 * that release's net per channel (or territory) that month (earnings_release_detail, the committed
 * imports' matched lines), to 6 places.
 * One grouped query: the answer has a row per month and channel (or territory), a few hundred.
 */
export async function* apportionedRows(
  q: Queryable,
  scope: RowsScope & { accountId: number },
  by: 'channel' | 'territory',
): AsyncGenerator<ApportionedRow> {
  const column = by === 'channel' ? sql`d.channel` : sql`d.territory`
  const { rows } = await q.execute<Record<string, unknown>>(sql`
    with credit as (
      select e.release_id, e.period, sum(e.amount) as amount
      from ledger_entries e
      where e.tenant_id = ${scope.tenantId} and e.book = 'account' and e.account_id = ${scope.accountId}
        and e.category in ${STATEMENT_CATEGORIES} and e.release_id is not null and e.period is not null ${periodWithin(sql`e.period`, scope)}
      group by e.release_id, e.period
    ),
    detail as (
      select d.release_id, d.period, d.channel, d.territory, d.quantity, d.net,
        sum(d.net) over (partition by d.release_id, d.period) as release_net
      from credit c
      -- Per credited (release, month): the view's sums are read through its per-release index, not
      -- summed over the workspace and joined after (offset 0 keeps the filter inside the view).
      cross join lateral (
        select r.release_id, r.period, r.channel, r.territory, r.quantity, r.net
        from earnings_release_detail r
        where r.tenant_id = ${scope.tenantId} and r.release_id = c.release_id and r.period = c.period
        offset 0
      ) d
    )
    select to_char(d.period, 'YYYY-MM') as month, ${column} as key, sum(d.quantity)::text as quantity,
      round(sum(c.amount * d.net / nullif(d.release_net, 0)), 6)::text as amount
    from detail d
    join credit c on c.release_id = d.release_id and c.period = d.period
    group by d.period, ${column}
    having round(sum(c.amount * d.net / nullif(d.release_net, 0)), 6) <> 0
    order by d.period, ${column}`)
  for (const row of rows) yield row as unknown as ApportionedRow
}

export interface MonthlyCreditRow {
  month: string
  period: string
  release_id: number
  track_id: number
  upc: string | null
  release_title: string | null
  artist: string | null
  isrc: string | null
  track_title: string | null
  earnings: string | null
  sales: string | null
}

/**
 * Statement credits per month and release (or per month and track of one release): of the
 * scope's account, or of every account for the workspace.
 */
export function monthlyCreditRows(q: Queryable, scope: RowsScope, by: { releaseId: number } | 'release'): AsyncGenerator<MonthlyCreditRow> {
  const perTrack = by !== 'release'
  const mine = scope.accountId === null ? sql`` : sql`and e.account_id = ${scope.accountId}`
  const trackKey = perTrack ? sql`coalesce(e.track_id, 0)` : sql`0::integer`
  return keysetRows<MonthlyCreditRow, [string, number, number]>(
    q,
    (after, size) => sql`
      select to_char(s.period, 'YYYY-MM') as month, s.period::text as period, s.release_id, s.track_id,
        r.upc, r.title as release_title, r.artist_text as artist, t.isrc, t.title as track_title,
        s.earnings::text as earnings, s.sales::text as sales
      from (
        select e.period, e.release_id, ${trackKey} as track_id,
          sum(e.amount) filter (where e.category = 'earnings') as earnings,
          sum(e.amount) filter (where e.category = 'sales') as sales
        from ledger_entries e
        where e.tenant_id = ${scope.tenantId} and e.book = 'account' ${mine} and e.category in ${STATEMENT_CATEGORIES}
          and e.release_id is not null and e.period is not null ${periodWithin(sql`e.period`, scope)}
          ${perTrack ? sql`and e.release_id = ${by.releaseId}` : sql``}
          ${after ? sql`and (e.period, e.release_id, ${trackKey}) > (${after[0]}::date, ${after[1]}, ${after[2]})` : sql``}
        group by e.period, e.release_id, ${trackKey}
        having sum(e.amount) <> 0
        order by e.period, e.release_id, ${trackKey}
        limit ${size}
      ) s
      left join releases r on r.id = s.release_id and r.tenant_id = ${scope.tenantId}
      left join tracks t on t.id = s.track_id and t.tenant_id = ${scope.tenantId}
      order by s.period, s.release_id, s.track_id`,
    (row) => [row.period, Number(row.release_id), Number(row.track_id)],
  )
}

export interface EntryRow {
  id: number
  date: string
  transaction_id: number
  kind: string
  category: string
  month: string
  import_id: number | null
  track_id: number | null
  isrc: string | null
  track_title: string | null
  release_id: number | null
  release_title: string | null
  reason: string
  amount: string
}

const entryScope = (scope: RowsScope & { accountId: number }) =>
  sql`e.tenant_id = ${scope.tenantId} and e.book = 'account' and e.account_id = ${scope.accountId}`

/** An account's ledger entries whose month (statement period, else posting month) is in the scope, in posting order. */
export function accountEntryRows(q: Queryable, scope: RowsScope & { accountId: number }): AsyncGenerator<EntryRow> {
  return keysetRows<EntryRow, number>(
    q,
    (after, size) => sql`
      select e.id, to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD') as date, e.transaction_id, t.kind, e.category,
        to_char(${entryMonth}, 'YYYY-MM') as month, e.import_id, e.track_id, tr.isrc, tr.title as track_title,
        e.release_id, r.title as release_title, t.reason, e.amount::text as amount
      from ledger_entries e
      join ledger_transactions t on t.id = e.transaction_id
      left join releases r on r.id = e.release_id and r.tenant_id = ${scope.tenantId}
      left join tracks tr on tr.id = e.track_id and tr.tenant_id = ${scope.tenantId}
      where ${entryScope(scope)} ${periodWithin(entryMonth, scope)} ${after !== null ? sql`and e.id > ${after}` : sql``}
      order by e.id limit ${size}`,
    (row) => Number(row.id),
  )
}

/** The account's balance (every line, exact) from the entries of months before `month` (first day). */
export async function balanceBefore(q: Queryable, scope: RowsScope & { accountId: number }, month: string): Promise<string> {
  const { rows } = await q.execute<{ total: string | null }>(sql`
    select sum(e.amount)::text as total from ledger_entries e
    where ${entryScope(scope)} and ${entryMonth} < ${month}::date`)
  return rows[0]?.total ?? '0'
}

export interface RateRow {
  month: string
  period: string
  currency: string
  rate: string
  entered: string
  entered_by: string | null
}

/** The workspace's exchange rates per month and currency (USD, the base, is always 1 and not listed). */
export function exchangeRateRows(q: Queryable, scope: RowsScope): AsyncGenerator<RateRow> {
  return keysetRows<RateRow, [string, string]>(
    q,
    (after, size) => sql`
      select to_char(x.period, 'YYYY-MM') as month, x.period::text as period, x.currency, x.rate::text as rate,
        to_char(x.created_at at time zone 'UTC', 'YYYY-MM-DD') as entered, a.email as entered_by
      from exchange_rates x
      left join accounts a on a.id = x.created_by
      where x.tenant_id = ${scope.tenantId} ${periodWithin(sql`x.period`, scope)}
        ${after ? sql`and (x.period, x.currency) > (${after[0]}::date, ${after[1]})` : sql``}
      order by x.period, x.currency limit ${size}`,
    (row) => [row.period, row.currency],
  )
}
