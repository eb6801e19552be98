import { bigintArray } from '@server/db/arrays'
import { sql, type SQL } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'
import { countCapped } from '@server/db/paging'
import { MONEY_SCALE, fromScaled, toScaled } from '@core/decimal'
import { foldPendingTracks } from '../ledger/track-fold'

// SQL over the rollup tables only (docs/royalties.md, "Rollups"): each is a few thousand rows per
// month at most, so these stay fast however many statement lines were imported. Sums of NUMERIC are
// exact; they leave the database as text and are normalised to six places here.

/** A NUMERIC sum as text with exactly six places ("0.000000" for nothing). */
export const money = (value: string | number | null | undefined): string =>
  fromScaled(toScaled(value === null || value === undefined ? '0' : String(value), MONEY_SCALE), MONEY_SCALE)

export const firstDay = (month: string) => `${month}-01`

/** The months from…to ('YYYY-MM', both included), a period filter on `column` for the range. */
const within = (column: SQL, from: string, to: string) => sql`${column} between ${firstDay(from)}::date and ${firstDay(to)}::date`

export interface Range {
  from: string
  to: string
}

export interface MonthlyRow {
  month: string
  net: string
  fee: string
  quantity: number
  /** Net of the lines of tracks in Spotify Discovery Mode that month. */
  discovery: string
}

/** earnings_monthly per month of the range, every month present (zero when nothing was imported). */
export async function monthlyTotals(db: Queryable, tenantId: number, range: Range): Promise<MonthlyRow[]> {
  const result = await db.execute<{
    month: string
    net: string | null
    fee: string | null
    quantity: string | number | null
    discovery: string | null
  }>(sql`
    select to_char(m.month, 'YYYY-MM') as month, e.net::text as net, e.fee::text as fee, e.quantity as quantity, e.discovery::text as discovery
    from generate_series(${firstDay(range.from)}::date, ${firstDay(range.to)}::date, interval '1 month') as m(month)
    left join (
      select period, sum(net) as net, sum(tenant_share) as fee, sum(quantity) as quantity, sum(discovery_net) as discovery
      from earnings_monthly
      where tenant_id = ${tenantId} and ${within(sql`period`, range.from, range.to)}
      group by period
    ) as e on e.period = m.month::date
    order by m.month`)
  return result.rows.map((row) => ({
    month: row.month,
    net: money(row.net),
    fee: money(row.fee),
    quantity: Number(row.quantity ?? 0),
    discovery: money(row.discovery),
  }))
}

/** Sums over earnings_monthly for the range. */
export async function rangeTotals(db: Queryable, tenantId: number, range: Range) {
  const result = await db.execute<{
    net: string | null
    fee: string | null
    unmatched: string | null
    quantity: string | null
    lines: string | null
    discovery_lines: string | null
    discovery_net: string | null
  }>(sql`
    select sum(net)::text as net, sum(tenant_share)::text as fee, sum(unmatched)::text as unmatched,
      sum(quantity)::text as quantity, sum(lines)::text as lines,
      sum(discovery_lines)::text as discovery_lines, sum(discovery_net)::text as discovery_net
    from earnings_monthly
    where tenant_id = ${tenantId} and ${within(sql`period`, range.from, range.to)}`)
  const row = result.rows[0]
  const net = money(row?.net)
  const fee = money(row?.fee)
  const unmatched = money(row?.unmatched)
  const accounts = fromScaled(toScaled(net, MONEY_SCALE) - toScaled(fee, MONEY_SCALE) - toScaled(unmatched, MONEY_SCALE), MONEY_SCALE)
  return {
    net,
    adminFee: fee,
    unmatched,
    accounts,
    quantity: Number(row?.quantity ?? 0),
    lines: Number(row?.lines ?? 0),
    discoveryMode: { lines: Number(row?.discovery_lines ?? 0), net: money(row?.discovery_net) },
  }
}

/**
 * One page of the top accounts and how many there are: all time from earnings_account_totals (its
 * rank index answers the page; the count stops at COUNT_CAP), or summed over the range's months of
 * earnings_account_monthly.
 */
/** Every account credited in a range, best first, with its total: what a range's top-accounts pages are cut from. */
export async function rangeAccountRanking(db: Queryable, tenantId: number, range: Range) {
  const result = await db.execute<{ account_id: number; total: string }>(sql`
    select account_id, sum(amount)::text as total
    from earnings_account_monthly
    where tenant_id = ${tenantId} and ${within(sql`period`, range.from, range.to)}
    group by account_id
    having sum(amount) <> 0
    order by sum(amount) desc, account_id`)
  return result.rows.map((row) => ({ accountId: Number(row.account_id), total: money(row.total) }))
}

/** The best-earning accounts of all time: earnings_account_totals in the order of its rank index. */
export async function topAccounts(db: Queryable, tenantId: number, limit: number, offset: number) {
  const [result, counted] = await Promise.all([
    db.execute<{ account_id: number; total: string }>(sql`
    select t.account_id, t.amount::text as total
    from earnings_account_totals t
    where t.tenant_id = ${tenantId} and t.amount <> 0
    order by t.amount desc nulls last, t.account_id
    limit ${limit} offset ${offset}`),
    countCapped(db, sql`from earnings_account_totals where tenant_id = ${tenantId} and amount <> 0`),
  ])
  return {
    rows: result.rows.map((row) => ({ accountId: Number(row.account_id), total: money(row.total) })),
    total: counted.total,
    estimate: counted.estimate,
  }
}

/** The best-selling releases of all time: earnings_release_totals in the order of its rank index. */
export async function topReleases(db: Queryable, tenantId: number, limit: number) {
  const result = await db.execute<{ release_id: number; quantity: string; net: string }>(sql`
    select t.release_id, t.quantity::text as quantity, t.net::text as net
    from earnings_release_totals t
    where t.tenant_id = ${tenantId} and t.net <> 0
    order by t.net desc nulls last, t.release_id
    limit ${limit}`)
  return result.rows.map((row) => ({ releaseId: Number(row.release_id), quantity: Number(row.quantity), net: money(row.net) }))
}

/** The best-selling tracks of all time (never track 0, which holds lines matched by UPC only). */
export async function topTracks(db: Queryable, tenantId: number, limit: number) {
  await foldPendingTracks(db, tenantId)
  const result = await db.execute<{ track_id: number; release_id: number; quantity: string; net: string }>(sql`
    select t.track_id, t.release_id, t.quantity::text as quantity, t.net::text as net
    from earnings_track_totals t
    where t.tenant_id = ${tenantId} and t.track_id > 0 and t.net <> 0
    order by t.net desc nulls last, t.track_id
    limit ${limit}`)
  return result.rows.map((row) => ({
    trackId: Number(row.track_id),
    releaseId: Number(row.release_id),
    quantity: Number(row.quantity),
    net: money(row.net),
  }))
}

/**
 * The range's best releases and tracks in one pass over earnings_track_monthly: per (release, track)
 * sums once, then the top of each. The one query here that grows with the catalogue (it reads every
 * track-month of the range); the service keeps its answer until the ledger moves (range-cache.ts).
 */
export async function topOfRange(db: Queryable, tenantId: number, range: Range, limit: number) {
  await foldPendingTracks(db, tenantId)
  const result = await db.execute<{ kind: 'release' | 'track'; id: number; release_id: number; quantity: string; net: string }>(sql`
    with per_track as materialized (
      select release_id, track_id, sum(quantity) as quantity, sum(net) as net
      from earnings_track_monthly
      where tenant_id = ${tenantId} and ${within(sql`period`, range.from, range.to)}
      group by release_id, track_id
    )
    (select 'release' as kind, release_id as id, release_id, sum(quantity)::text as quantity, sum(net)::text as net
     from per_track group by release_id having sum(net) <> 0 order by sum(per_track.net) desc, release_id limit ${limit})
    union all
    (select 'track' as kind, track_id as id, release_id, quantity::text as quantity, net::text as net
     from per_track where track_id > 0 and per_track.net <> 0 order by per_track.net desc, track_id limit ${limit})`)
  // union all keeps each branch's rows in its order.
  const rows = (kind: 'release' | 'track') =>
    result.rows
      .filter((row) => row.kind === kind)
      .map((row) => ({ id: Number(row.id), releaseId: Number(row.release_id), quantity: Number(row.quantity), net: money(row.net) }))
  return {
    releases: rows('release').map((row) => ({ releaseId: row.releaseId, quantity: row.quantity, net: row.net })),
    tracks: rows('track').map((row) => ({ trackId: row.id, releaseId: row.releaseId, quantity: row.quantity, net: row.net })),
  }
}

/** Changes whenever a ledger transaction of the workspace commits (the table is append-only). */
export async function ledgerStamp(db: Queryable, tenantId: number): Promise<string> {
  const result = await db.execute<{ n: string | number; last: string | number | null }>(sql`
    select count(*) as n, max(id) as last from ledger_transactions where tenant_id = ${tenantId}`)
  const row = result.rows[0]
  return `${row?.n ?? 0}:${row?.last ?? 0}`
}

/** Channels, best first, all time or over the range (earnings_channel_monthly is small either way). */
export async function channelTotals(db: Queryable, tenantId: number, range: Range | null) {
  const result = await db.execute<{ channel: string; quantity: string; net: string }>(sql`
    select channel, sum(quantity)::text as quantity, sum(net)::text as net
    from earnings_channel_monthly
    where tenant_id = ${tenantId} ${range ? sql`and ${within(sql`period`, range.from, range.to)}` : sql``}
    group by channel
    order by sum(net) desc, channel`)
  return result.rows.map((row) => ({ channel: row.channel, quantity: Number(row.quantity), net: money(row.net) }))
}

/** The first and last months with statement money, or null when nothing was imported. */
export async function dataMonths(db: Queryable, tenantId: number): Promise<Range | null> {
  const result = await db.execute<{ first: string | null; last: string | null }>(sql`
    select to_char(min(period), 'YYYY-MM') as first, to_char(max(period), 'YYYY-MM') as last
    from earnings_monthly where tenant_id = ${tenantId}`)
  const row = result.rows[0]
  return row?.first && row.last ? { from: row.first, to: row.last } : null
}

/**
 * Names and profile images of accounts of the workspace (platform tables: accounts and their
 * profiles). Profiles are looked up per account on their primary keys: a join let the planner scan
 * every label profile for a page of 25.
 */
export async function accountCards(db: Queryable, tenantId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, AccountCardRow>()
  const result = await db.execute<AccountCardRow>(sql`
    select a.id, a.email, a.first_name, a.last_name,
      (select ap.artist_name from artist_profiles ap where ap.account_id = a.id) as artist_name,
      (select lp.label_name from label_profiles lp where lp.account_id = a.id) as label_name,
      (select ap.profile_image_file_id from artist_profiles ap where ap.account_id = a.id) as image_file_id
    from accounts a
    where a.tenant_id = ${tenantId} and a.id = any(array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::bigint[])`)
  return new Map(result.rows.map((row) => [Number(row.id), row]))
}

export type AccountCardRow = {
  id: number
  email: string
  first_name: string
  last_name: string
  artist_name: string | null
  label_name: string | null
  image_file_id: number | null
}

/**
 * The dashboard's balance card in one grouped pass over the ledger: the account book's balance lines
 * (earnings, sales, adjustment, publishing, payouts; available is their sum) split by whether the
 * account is banned, and the tenant book's payout fees.
 */
export async function balanceSums(db: Queryable, tenantId: number) {
  const result = await db.execute<{ available: string | null; banned: string | null; payout_fee: string | null }>(sql`
    select
      sum(e.amount) filter (where e.book = 'account' and not a.banned)::text as available,
      sum(e.amount) filter (where e.book = 'account' and a.banned)::text as banned,
      sum(e.amount) filter (where e.book = 'tenant')::text as payout_fee
    from ledger_entries e
    left join accounts a on a.id = e.account_id and a.tenant_id = e.tenant_id
    where e.tenant_id = ${tenantId}
      and ((e.book = 'account' and e.category in ('earnings', 'sales', 'adjustment', 'publishing', 'payouts'))
        or (e.book = 'tenant' and e.category = 'payout_fee'))`)
  const row = result.rows[0]
  return { available_account: money(row?.available), banned_account: money(row?.banned), payout_fee: money(row?.payout_fee) }
}

/** What the ledger credited one account per month of the range, every month present. */
export async function accountMonthly(db: Queryable, tenantId: number, accountId: number, range: Range) {
  const result = await db.execute<{ month: string; amount: string | null }>(sql`
    select to_char(m.month, 'YYYY-MM') as month, e.amount::text as amount
    from generate_series(${firstDay(range.from)}::date, ${firstDay(range.to)}::date, interval '1 month') as m(month)
    left join earnings_account_monthly e
      on e.account_id = ${accountId} and e.tenant_id = ${tenantId} and e.period = m.month::date
    order by m.month`)
  return result.rows.map((row) => ({ month: row.month, amount: money(row.amount) }))
}

/** The account's all-time credit and its last month with a credit. */
export async function accountTotals(db: Queryable, tenantId: number, accountId: number) {
  const total = await db.execute<{ amount: string }>(sql`
    select amount::text as amount from earnings_account_totals where account_id = ${accountId} and tenant_id = ${tenantId}`)
  const last = await db.execute<{ month: string; amount: string }>(sql`
    select to_char(period, 'YYYY-MM') as month, amount::text as amount
    from earnings_account_monthly
    where account_id = ${accountId} and tenant_id = ${tenantId} and amount <> 0
    order by period desc limit 1`)
  const lastRow = last.rows[0]
  return { allTime: money(total.rows[0]?.amount), lastEarning: lastRow ? { month: lastRow.month, amount: money(lastRow.amount) } : null }
}

/** One page of releases (of the given ids) with sales, best first, from earnings_release_totals. */
export async function releaseTotalsPage(db: Queryable, tenantId: number, releaseIds: readonly number[], limit: number, offset: number) {
  if (releaseIds.length === 0) return { rows: [], total: 0 }
  const result = await db.execute<{ release_id: number; quantity: string; net: string; discovery: string; count: string | number }>(sql`
    select t.release_id, t.quantity::text as quantity, t.net::text as net, t.discovery_net::text as discovery, count(*) over () as count
    from earnings_release_totals t
    where t.tenant_id = ${tenantId}
      and t.release_id = any(array[${sql.join(
        releaseIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::bigint[])
      and (t.net <> 0 or t.quantity <> 0)
    order by t.net desc, t.release_id
    limit ${limit} offset ${offset}`)
  const rows = result.rows.map((row) => ({
    releaseId: Number(row.release_id),
    quantity: Number(row.quantity),
    net: money(row.net),
    discovery: money(row.discovery),
  }))
  let total = Number(result.rows[0]?.count ?? 0)
  if (rows.length === 0 && offset > 0) {
    const counted = await db.execute<{ n: string | number }>(sql`
      select count(*) as n from earnings_release_totals
      where tenant_id = ${tenantId} and release_id = any(array[${sql.join(
        releaseIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::bigint[]) and (net <> 0 or quantity <> 0)`)
    total = Number(counted.rows[0]?.n ?? 0)
  }
  return { rows, total }
}

/** A release's sales per month of the range, every month present (earnings_release_detail). */
export async function releaseMonthly(db: Queryable, tenantId: number, releaseId: number, range: Range) {
  const result = await db.execute<{ month: string; quantity: string | null; net: string | null }>(sql`
    select to_char(m.month, 'YYYY-MM') as month, d.quantity::text as quantity, d.net::text as net
    from generate_series(${firstDay(range.from)}::date, ${firstDay(range.to)}::date, interval '1 month') as m(month)
    left join (
      select period, sum(quantity) as quantity, sum(net) as net
      from earnings_release_detail
      where release_id = ${releaseId} and tenant_id = ${tenantId} and ${within(sql`period`, range.from, range.to)}
      group by period
    ) as d on d.period = m.month::date
    order by m.month`)
  return result.rows.map((row) => ({ month: row.month, quantity: Number(row.quantity ?? 0), net: money(row.net) }))
}

/** A period whose ends may be open: a missing end does not limit it (all time when neither is given). */
export interface OpenRange {
  from?: string | null
  to?: string | null
}

/** The filter of `column` to an open range ("true" when neither end is given). */
export const withinOpen = (column: SQL, range: OpenRange) =>
  sql.join(
    [
      sql`true`,
      ...(range.from ? [sql`${column} >= ${firstDay(range.from)}::date`] : []),
      ...(range.to ? [sql`${column} <= ${firstDay(range.to)}::date`] : []),
    ],
    sql` and `,
  )

/**
 * A release's (or several releases') sales grouped by channel or territory over the range, best
 * first: the release tab's sections, and an account's countries and channels (its releases).
 */
export async function releaseBy(
  db: Queryable,
  tenantId: number,
  releaseIds: number | readonly number[],
  column: 'channel' | 'territory',
  range: OpenRange,
) {
  const ids = typeof releaseIds === 'number' ? [releaseIds] : releaseIds
  if (ids.length === 0) return []
  const result = await db.execute<{ key: string; quantity: string; net: string }>(sql`
    select ${sql.raw(column)} as key, sum(quantity)::text as quantity, sum(net)::text as net
    from earnings_release_detail
    where release_id = any(${bigintArray(ids)}) and tenant_id = ${tenantId} and ${withinOpen(sql`period`, range)}
    group by 1
    order by sum(net) desc, 1`)
  return result.rows.map((row) => ({ key: row.key, quantity: Number(row.quantity), net: money(row.net) }))
}
