import { sql, type SQL } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'
import { keysetRows } from '@server/csv-stream'
import { afterFold } from '../ledger/track-fold'

// Report rows read from the earnings rollups (docs/royalties.md "Rollups"; the report kinds:
// docs/reports-sources.md). Each function pages on a keyset in its sort order, so memory holds one
// page whatever the workspace's size. Money leaves the database as NUMERIC text (6 places); the
// report source rounds it for the file.

/** Whose data and which months (first days, both included; null: open-ended). A ReportScope fits. */
export interface RowsScope {
  tenantId: number
  accountId: number | null
  from: string | null
  to: string | null
}

/** `and column >= from and column <= to` for the bounds the scope has. */
export const periodWithin = (column: SQL, scope: Pick<RowsScope, 'from' | 'to'>) =>
  sql`${scope.from ? sql` and ${column} >= ${scope.from}::date` : sql``}${scope.to ? sql` and ${column} <= ${scope.to}::date` : sql``}`

export interface MonthlyRow {
  month: string
  lines: string
  quantity: string
  net: string
  fee: string
  unmatched: string
}

/** Per month: the workspace's statement lines, quantity, net, operator share and unmatched net (earnings_monthly). */
export function workspaceMonthlyRows(q: Queryable, scope: RowsScope): AsyncGenerator<MonthlyRow> {
  return keysetRows<MonthlyRow, string>(
    q,
    (after, size) => sql`
      select to_char(period, 'YYYY-MM') as month, sum(lines)::text as lines, sum(quantity)::text as quantity,
        sum(net)::text as net, sum(tenant_share)::text as fee, sum(unmatched)::text as unmatched
      from earnings_monthly
      where tenant_id = ${scope.tenantId} ${periodWithin(sql`period`, scope)}
        ${after ? sql`and period > ${after}::date` : sql``}
      group by period order by period limit ${size}`,
    (row) => `${row.month}-01`,
  )
}

/** Per month: what the ledger credited one account from statements (earnings_account_monthly). */
export function accountMonthlyRows(
  q: Queryable,
  scope: RowsScope & { accountId: number },
): AsyncGenerator<{ month: string; amount: string }> {
  return keysetRows<{ month: string; amount: string }, string>(
    q,
    (after, size) => sql`
      select to_char(period, 'YYYY-MM') as month, amount::text as amount
      from earnings_account_monthly
      where tenant_id = ${scope.tenantId} and account_id = ${scope.accountId} ${periodWithin(sql`period`, scope)}
        ${after ? sql`and period > ${after}::date` : sql``}
      order by period limit ${size}`,
    (row) => `${row.month}-01`,
  )
}

export interface ChannelRow {
  month: string
  period: string
  channel: string
  quantity: string
  net: string
}

/** Per month and channel (as the statement names it): every line's quantity and net, matched or not. */
export function workspaceChannelRows(q: Queryable, scope: RowsScope): AsyncGenerator<ChannelRow> {
  return keysetRows<ChannelRow, [string, string]>(
    q,
    (after, size) => sql`
      select to_char(period, 'YYYY-MM') as month, period::text as period, channel, quantity::text as quantity, net::text as net
      from earnings_channel_monthly
      where tenant_id = ${scope.tenantId} ${periodWithin(sql`period`, scope)}
        ${after ? sql`and (period, channel) > (${after[0]}::date, ${after[1]})` : sql``}
      order by period, channel limit ${size}`,
    (row) => [row.period, row.channel],
  )
}

export interface TerritoryRow {
  month: string
  period: string
  territory: string
  quantity: string
  net: string
}

/**
 * Per month and territory ('' when the statement has none): the matched lines of committed imports,
 * the rows earnings_release_detail (migration 0048) is a view of, summed straight to (month,
 * territory): through the view they would first be summed per release, channel and territory,
 * 10× the time over a million groups.
 */
export function workspaceTerritoryRows(q: Queryable, scope: RowsScope): AsyncGenerator<TerritoryRow> {
  return keysetRows<TerritoryRow, [string, string]>(
    q,
    (after, size) => sql`
      select to_char(x.period, 'YYYY-MM') as month, x.period::text as period, x.territory,
        sum(x.quantity)::text as quantity, sum(x.net)::text as net
      from (
        select g.import_id, g.period, g.territory, g.quantity, g.net_base as net
        from statement_line_groups g
        where g.tenant_id = ${scope.tenantId} ${periodWithin(sql`g.period`, scope)}
        union all
        select l.import_id, l.period, l.territory, l.quantity, l.net_base
        from statement_lines l
        where l.tenant_id = ${scope.tenantId} and l.release_id is not null ${periodWithin(sql`l.period`, scope)}
      ) x
      join statement_imports i on i.id = x.import_id and i.status = 'committed'
      ${after ? sql`where (x.period, x.territory) > (${after[0]}::date, ${after[1]})` : sql``}
      group by x.period, x.territory order by x.period, x.territory limit ${size}`,
    (row) => [row.period, row.territory],
  )
}

/** Catalogue facts of a report row (titles as they are now). */
export interface CatalogueColumns {
  release_id: number
  upc: string | null
  release_title: string | null
  artist: string | null
}

export interface TrackSalesRow extends CatalogueColumns {
  track_id: number
  isrc: string | null
  track_title: string | null
  quantity: string
  net: string
}

/**
 * Per track (release, track; track 0 = lines matched by the release's UPC only): statement quantity
 * and net over the scope's months (earnings_track_monthly), in release then track order.
 */
export function workspaceTrackRows(q: Queryable, scope: RowsScope): AsyncGenerator<TrackSalesRow> {
  return afterFold(q, scope.tenantId, () =>
    keysetRows<TrackSalesRow, [number, number]>(
      q,
      (after, size) => sql`
      select m.release_id, m.track_id, r.upc, r.title as release_title, r.artist_text as artist, t.isrc, t.title as track_title,
        sum(m.quantity)::text as quantity, sum(m.net)::text as net
      from earnings_track_monthly m
      join releases r on r.id = m.release_id and r.tenant_id = ${scope.tenantId}
      left join tracks t on t.id = m.track_id and t.tenant_id = ${scope.tenantId}
      where m.tenant_id = ${scope.tenantId} ${periodWithin(sql`m.period`, scope)}
        ${after ? sql`and (m.release_id, m.track_id) > (${after[0]}, ${after[1]})` : sql``}
      group by m.release_id, m.track_id, r.id, t.id
      order by m.release_id, m.track_id limit ${size}`,
      (row) => [Number(row.release_id), Number(row.track_id)],
    ),
  )
}

export interface ReleaseSalesRow extends CatalogueColumns {
  quantity: string
  net: string
}

/** Per release: statement quantity and net over the scope's months, in release id order. */
export function workspaceReleaseRows(q: Queryable, scope: RowsScope): AsyncGenerator<ReleaseSalesRow> {
  return afterFold(q, scope.tenantId, () =>
    keysetRows<ReleaseSalesRow, number>(
      q,
      (after, size) => sql`
      select m.release_id, r.upc, r.title as release_title, r.artist_text as artist,
        sum(m.quantity)::text as quantity, sum(m.net)::text as net
      from earnings_track_monthly m
      join releases r on r.id = m.release_id and r.tenant_id = ${scope.tenantId}
      where m.tenant_id = ${scope.tenantId} ${periodWithin(sql`m.period`, scope)}
        ${after !== null ? sql`and m.release_id > ${after}` : sql``}
      group by m.release_id, r.id
      order by m.release_id limit ${size}`,
      (row) => Number(row.release_id),
    ),
  )
}

export interface ArtistSalesRow {
  artist: string
  releases: string
  quantity: string
  net: string
}

/** Per release artist (the release's artist line): statement quantity and net, in artist name order. */
export function workspaceArtistRows(q: Queryable, scope: RowsScope): AsyncGenerator<ArtistSalesRow> {
  return afterFold(q, scope.tenantId, () =>
    keysetRows<ArtistSalesRow, string>(
      q,
      (after, size) => sql`
      select r.artist_text as artist, count(distinct m.release_id)::text as releases,
        sum(m.quantity)::text as quantity, sum(m.net)::text as net
      from earnings_track_monthly m
      join releases r on r.id = m.release_id and r.tenant_id = ${scope.tenantId}
      where m.tenant_id = ${scope.tenantId} ${periodWithin(sql`m.period`, scope)}
        ${after !== null ? sql`and r.artist_text > ${after}` : sql``}
      group by r.artist_text
      order by r.artist_text limit ${size}`,
      (row) => row.artist,
    ),
  )
}

export interface ReleaseTrackMonthRow {
  month: string
  period: string
  track_id: number
  isrc: string | null
  track_title: string | null
  quantity: string
  net: string
}

/** One release's statement net per month and track (track 0: lines matched by its UPC only). */
export function releaseTrackMonthRows(q: Queryable, scope: RowsScope, releaseId: number): AsyncGenerator<ReleaseTrackMonthRow> {
  return afterFold(q, scope.tenantId, () =>
    keysetRows<ReleaseTrackMonthRow, [string, number]>(
      q,
      (after, size) => sql`
      select to_char(m.period, 'YYYY-MM') as month, m.period::text as period, m.track_id, t.isrc, t.title as track_title,
        m.quantity::text as quantity, m.net::text as net
      from earnings_track_monthly m
      left join tracks t on t.id = m.track_id and t.tenant_id = ${scope.tenantId}
      where m.tenant_id = ${scope.tenantId} and m.release_id = ${releaseId} ${periodWithin(sql`m.period`, scope)}
        ${after ? sql`and (m.period, m.track_id) > (${after[0]}::date, ${after[1]})` : sql``}
      order by m.period, m.track_id limit ${size}`,
      (row) => [row.period, Number(row.track_id)],
    ),
  )
}

export interface ReleaseDetailRow {
  month: string
  period: string
  channel: string
  territory: string
  quantity: string
  net: string
}

/** One release's statement net per month, channel and territory (earnings_release_detail). */
export function releaseDetailRows(q: Queryable, scope: RowsScope, releaseId: number): AsyncGenerator<ReleaseDetailRow> {
  return keysetRows<ReleaseDetailRow, [string, string, string]>(
    q,
    (after, size) => sql`
      select to_char(period, 'YYYY-MM') as month, period::text as period, channel, territory, quantity::text as quantity, net::text as net
      from earnings_release_detail
      where tenant_id = ${scope.tenantId} and release_id = ${releaseId} ${periodWithin(sql`period`, scope)}
        ${after ? sql`and (period, channel, territory) > (${after[0]}::date, ${after[1]}, ${after[2]})` : sql``}
      order by period, channel, territory limit ${size}`,
    (row) => [row.period, row.channel, row.territory],
  )
}
