import { sql, type SQL } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'
import { MONEY_SCALE, fromScaled, toScaled } from '@core/decimal'

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
}

/** earnings_monthly per month of the range, every month present (zero when nothing was imported). */
export async function monthlyTotals(db: Queryable, tenantId: number, range: Range): Promise<MonthlyRow[]> {
  const result = await db.execute<{ month: string; net: string | null; fee: string | null; quantity: string | number | null }>(sql`
    select to_char(m.month, 'YYYY-MM') as month, e.net::text as net, e.fee::text as fee, e.quantity as quantity
    from generate_series(${firstDay(range.from)}::date, ${firstDay(range.to)}::date, interval '1 month') as m(month)
    left join (
      select period, sum(net) as net, sum(tenant_share) as fee, sum(quantity) as quantity
      from earnings_monthly
      where tenant_id = ${tenantId} and ${within(sql`period`, range.from, range.to)}
      group by period
    ) as e on e.period = m.month::date
    order by m.month`)
  return result.rows.map((row) => ({ month: row.month, net: money(row.net), fee: money(row.fee), quantity: Number(row.quantity ?? 0) }))
}

/** Sums over earnings_monthly for the range. */
export async function rangeTotals(db: Queryable, tenantId: number, range: Range) {
  const result = await db.execute<{
    net: string | null
    fee: string | null
    unmatched: string | null
    quantity: string | null
    lines: string | null
  }>(sql`
    select sum(net)::text as net, sum(tenant_share)::text as fee, sum(unmatched)::text as unmatched,
      sum(quantity)::text as quantity, sum(lines)::text as lines
    from earnings_monthly
    where tenant_id = ${tenantId} and ${within(sql`period`, range.from, range.to)}`)
  const row = result.rows[0]
  const net = money(row?.net)
  const fee = money(row?.fee)
  const unmatched = money(row?.unmatched)
  const accounts = fromScaled(toScaled(net, MONEY_SCALE) - toScaled(fee, MONEY_SCALE) - toScaled(unmatched, MONEY_SCALE), MONEY_SCALE)
  return { net, adminFee: fee, unmatched, accounts, quantity: Number(row?.quantity ?? 0), lines: Number(row?.lines ?? 0) }
}

export interface RankedAccount {
  accountId: number
  total: string
  count: number
}

/**
 * One page of the top accounts: all time from earnings_account_totals (its rank index answers the
 * order), or summed over the range's months of earnings_account_monthly.
 */
export async function topAccounts(db: Queryable, tenantId: number, range: Range | null, limit: number, offset: number) {
  const query = range
    ? sql`
      select account_id, sum(amount)::text as total, count(*) over () as count
      from earnings_account_monthly
      where tenant_id = ${tenantId} and ${within(sql`period`, range.from, range.to)}
      group by account_id
      having sum(amount) <> 0
      order by sum(amount) desc, account_id
      limit ${limit} offset ${offset}`
    : sql`
      select t.account_id, t.amount::text as total, count(*) over () as count
      from earnings_account_totals t
      where t.tenant_id = ${tenantId} and t.amount <> 0
      order by t.amount desc nulls last, t.account_id
      limit ${limit} offset ${offset}`
  const result = await db.execute<{ account_id: number; total: string; count: string | number }>(query)
  return result.rows.map((row) => ({ accountId: Number(row.account_id), total: money(row.total), count: Number(row.count) }))
}

/** How many accounts the top list has (for the pager when the page asked is past the end). */
export async function countRankedAccounts(db: Queryable, tenantId: number, range: Range | null): Promise<number> {
  const query = range
    ? sql`select count(*) as n from (
        select 1 from earnings_account_monthly
        where tenant_id = ${tenantId} and ${within(sql`period`, range.from, range.to)}
        group by account_id having sum(amount) <> 0) ranked`
    : sql`select count(*) as n from earnings_account_totals where tenant_id = ${tenantId} and amount <> 0`
  const result = await db.execute<{ n: string | number }>(query)
  return Number(result.rows[0]?.n ?? 0)
}

/** The best-selling releases: all time from earnings_release_totals, or over the range from earnings_track_monthly. */
export async function topReleases(db: Queryable, tenantId: number, range: Range | null, limit: number) {
  const query = range
    ? sql`
      select release_id, sum(quantity)::text as quantity, sum(net)::text as net
      from earnings_track_monthly
      where tenant_id = ${tenantId} and ${within(sql`period`, range.from, range.to)}
      group by release_id
      having sum(net) <> 0
      order by sum(net) desc, release_id
      limit ${limit}`
    : sql`
      select t.release_id, t.quantity::text as quantity, t.net::text as net
      from earnings_release_totals t
      where t.tenant_id = ${tenantId} and t.net <> 0
      order by t.net desc nulls last, t.release_id
      limit ${limit}`
  const result = await db.execute<{ release_id: number; quantity: string; net: string }>(query)
  return result.rows.map((row) => ({ releaseId: Number(row.release_id), quantity: Number(row.quantity), net: money(row.net) }))
}

/** The best-selling tracks (never track 0, which holds lines matched by UPC only). */
export async function topTracks(db: Queryable, tenantId: number, range: Range | null, limit: number) {
  const query = range
    ? sql`
      select track_id, min(release_id) as release_id, sum(quantity)::text as quantity, sum(net)::text as net
      from earnings_track_monthly
      where tenant_id = ${tenantId} and track_id > 0 and ${within(sql`period`, range.from, range.to)}
      group by track_id
      having sum(net) <> 0
      order by sum(net) desc, track_id
      limit ${limit}`
    : sql`
      select t.track_id, t.release_id, t.quantity::text as quantity, t.net::text as net
      from earnings_track_totals t
      where t.tenant_id = ${tenantId} and t.track_id > 0 and t.net <> 0
      order by t.net desc nulls last, t.track_id
      limit ${limit}`
  const result = await db.execute<{ track_id: number; release_id: number; quantity: string; net: string }>(query)
  return result.rows.map((row) => ({
    trackId: Number(row.track_id),
    releaseId: Number(row.release_id),
    quantity: Number(row.quantity),
    net: money(row.net),
  }))
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

/** Names and profile images of accounts of the workspace (platform tables: accounts and their profiles). */
export async function accountCards(db: Queryable, tenantId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, AccountCardRow>()
  const result = await db.execute<AccountCardRow>(sql`
    select a.id, a.email, a.first_name, a.last_name, ap.artist_name, lp.label_name, ap.profile_image_file_id as image_file_id
    from accounts a
    left join artist_profiles ap on ap.account_id = a.id
    left join label_profiles lp on lp.account_id = a.id
    where a.tenant_id = ${tenantId} and a.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`)
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
  const result = await db.execute<{ release_id: number; quantity: string; net: string; count: string | number }>(sql`
    select t.release_id, t.quantity::text as quantity, t.net::text as net, count(*) over () as count
    from earnings_release_totals t
    where t.tenant_id = ${tenantId}
      and t.release_id = any(array[${sql.join(
        releaseIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::bigint[])
      and (t.net <> 0 or t.quantity <> 0)
    order by t.net desc, t.release_id
    limit ${limit} offset ${offset}`)
  const rows = result.rows.map((row) => ({ releaseId: Number(row.release_id), quantity: Number(row.quantity), net: money(row.net) }))
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

/** A release's sales grouped by channel or territory over the range, best first. */
export async function releaseBy(db: Queryable, tenantId: number, releaseId: number, column: 'channel' | 'territory', range: Range) {
  const result = await db.execute<{ key: string; quantity: string; net: string }>(sql`
    select ${sql.raw(column)} as key, sum(quantity)::text as quantity, sum(net)::text as net
    from earnings_release_detail
    where release_id = ${releaseId} and tenant_id = ${tenantId} and ${within(sql`period`, range.from, range.to)}
    group by 1
    order by sum(net) desc, 1`)
  return result.rows.map((row) => ({ key: row.key, quantity: Number(row.quantity), net: money(row.net) }))
}

/** The dashboard's money series: statement net and the operator's share per month, every month present. */
export async function monthlyMoney(db: Queryable, tenantId: number, range: Range) {
  return monthlyTotals(db, tenantId, range)
}
