import { sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { BreakdownAnswer, TrendSummary, analyticsQuery } from '@contract/analytics'
import { TOP_LIMIT } from '@contract/analytics'
import { labelBreakdown, sharePercent } from '@core/analytics-labels'
import { ANALYTICS_PLATFORM_SLUGS, platformLabel, type TrendDimension } from '@core/analytics-platforms'
import { addDays, dayString, eachDay, resolveRange, type DayRange } from '@core/analytics-range'
import type { AuthedContext } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { notFound } from '@server/errors'
import { ACCOUNT_SLACK, exactIsCheap, exactUnits, perPlatformUnits, perTrackBounds, perTrackUnits, topByBound, withoutParallelWorkers, FIRST_CANDIDATES, type PlatformScope } from './track-periods'

// The analytics reads (docs/analytics.md). Totals, series, breakdowns and histograms of a workspace
// or platform read the rollups without the track (trend_platform_daily, trend_platform_breakdown_daily):
// days × platforms rows, whatever the number of tracks or facts. Top songs and accounts, and the
// account and release filters, read the per-track rollups.

type Query = z.output<typeof analyticsQuery>
export type { PlatformScope }

export const rangeOf = (query: Query, today = dayString(new Date())): DayRange =>
  resolveRange(query.date, { from: query.from, to: query.to }, today)

const days = (range: DayRange) => sql`day between ${range.from}::date and ${range.to}::date`

/**
 * The platform, or every one: `platform = any(…)` rather than no condition, so a period of all
 * platforms is one short range of trend_daily_period_idx (tenant, platform, day) per platform
 * instead of every day of the workspace.
 */
const platformIs = (platform: PlatformScope) =>
  platform === 'all' ? sql`platform = any(${sql.param([...ANALYTICS_PLATFORM_SLUGS])}::text[])` : sql`platform = ${platform}`

/**
 * The platform and, for "Analytics for this account", the tracks of the account's releases
 * (catalogue's published tracks and releases): a semi-join on track_id of the per-track rollups.
 */
const onPlatform = (platform: PlatformScope, tenantId?: number, account?: number) => {
  const where = sql`and ${platformIs(platform)}`
  if (account === undefined) return where
  return sql`${where} and track_id in ${accountTrackIds(tenantId!, account)}`
}

/** Without the track: one platform, or all of them (a condition on the small track-less rollups). */
const onPlatformOnly = (platform: PlatformScope) => (platform === 'all' ? sql`` : sql`and platform = ${platform}`)

/**
 * Streams per value of one dimension (country, a breakdown, the hour) over the per-track daily rows
 * `where` selects, from their breakdown arrays ('dimension:value', streams), for reads of a few
 * tracks (a release's; an account's read month rows first, accountBreakdown). `where` names trend_daily's columns unqualified.
 */
const trackBreakdown = (dimension: string, where: SQL) =>
  breakdownOfArrays(dimension, sql`select breakdown_values, breakdown_streams from trend_daily where ${where}`)

/** Streams per value of one dimension summed over the breakdown arrays the rows of `source` carry. */
const breakdownOfArrays = (dimension: string, source: SQL) => sql`
  select substr(b.k, ${dimension.length + 2}) as value, sum(b.s)::bigint as streams
  from (${source}) r cross join lateral unnest(r.breakdown_values, r.breakdown_streams) b(k, s)
  where starts_with(b.k, ${`${dimension}:`}) group by 1`

/** The account's tracks (catalogue's published tracks and releases), for a semi-join on track_id. */
const accountTrackIds = (tenantId: number, account: number) => sql`(select t.id from tracks t join releases r on r.id = t.release_id
    where t.tenant_id = ${tenantId} and r.tenant_id = ${tenantId} and r.account_id = ${account})`

const monthsOfYear = (year: string) => Array.from({ length: 12 }, (_, index) => `${year.slice(0, 4)}-${String(index + 1).padStart(2, '0')}-01`)

/**
 * "Analytics for this account" split by a dimension: the period's units (exactUnits: its whole
 * years and months, widened over days without streams), each year as its twelve months, from the
 * month rows' breakdown arrays in trend_track_period (platform, or `*` for every platform), and the
 * weeks and edge days left from trend_daily's own arrays. A year costs the account's tracks × ~13
 * month rows and a few days, not tracks × platforms × 365 days (session 36). Exact: a month row's
 * arrays are its days' summed by value (rollups.ts), and the widened units add only days the scope
 * has no streams on.
 */
async function accountBreakdown(db: Queryable, tenantId: number, platform: PlatformScope, dimension: string, range: DayRange, account: number) {
  const units = await exactUnits(db, tenantId, platform, range)
  const months = [...units.years.flatMap(monthsOfYear), ...units.months]
  const spans = [...units.weeks.map((week) => ({ from: week, to: addDays(week, 6) })), ...units.days]
  const tracks = accountTrackIds(tenantId, account)
  const parts: SQL[] = []
  if (months.length)
    parts.push(sql`select breakdown_values, breakdown_streams from trend_track_period where tenant_id = ${tenantId}
      and platform = ${platform === 'all' ? '*' : platform} and grain = 'm' and starts_on = any(${sql.param(months)}::date[]) and track_id in ${tracks}`)
  if (spans.length)
    parts.push(sql`select breakdown_values, breakdown_streams from trend_daily where tenant_id = ${tenantId} and ${platformIs(platform)}
      and (${sql.join(
        spans.map((span) => days(span)),
        sql` or `,
      )}) and track_id in ${tracks}`)
  if (!parts.length) return []
  // A few hundred rows by key: parallel workers would cost more than the statement (track-periods.ts).
  return withoutParallelWorkers(db, async (q) => {
    const { rows } = await q.execute<{ value: string; streams: string }>(breakdownOfArrays(dimension, sql.join(parts, sql` union all `)))
    return rows
  })
}

/**
 * "Analytics for this account": streams per track row of the account's tracks over the period, from
 * the period's units (exactUnits, as top songs of the workspace): their year, month and week rows in
 * trend_track_period and the edge days (`*` day rows, or trend_daily for one platform), one key
 * look-up per track and unit (perTrackUnits with the track ids). A year is ~30 tracks × 2–5 rows
 * instead of the tracks' 63,780 trend_daily rows on their own pages (session 38).
 */
async function accountPerTrack(q: Queryable, tenantId: number, platform: PlatformScope, range: DayRange, account: number) {
  const { trackIds, units } = await accountUnits(q, tenantId, platform, range, account)
  return perTrackUnits(tenantId, platform, units, trackIds)
}

/** The account's track ids and the period's units (exactUnits), for key look-ups of the tracks' unit rows. */
async function accountUnits(q: Queryable, tenantId: number, platform: PlatformScope, range: DayRange, account: number) {
  const { rows } = await q.execute<{ id: string }>(sql`select id from ${accountTrackIds(tenantId, account)} a`)
  return { trackIds: rows.map((row) => Number(row.id)), units: await exactUnits(q, tenantId, platform, range) }
}

/** Tracks of the workspace with streams in the period, from the period's units (as top songs). */
async function tracksStreamed(db: Queryable, tenantId: number, platform: PlatformScope, range: DayRange) {
  const units = await exactUnits(db, tenantId, platform, range)
  const { rows } = await db.execute<{ n: string }>(sql`
    select count(distinct track_id)::bigint as n from (${perTrackUnits(tenantId, platform, units)}) u`)
  return Number(rows[0]?.n ?? 0)
}

type SummaryRow = { day: string | null; platform: string | null; streams: string; listeners: string; artificial: string; tracks?: string }

async function summaryRows(db: Queryable, tenantId: number, platform: PlatformScope, range: DayRange, account?: number) {
  if (account === undefined) {
    // Totals, the series and the split by platform in one pass over days × platforms rows.
    const { rows } = await db.execute<SummaryRow>(sql`
      select day::text as day, platform, coalesce(sum(streams), 0)::bigint as streams, coalesce(sum(listeners), 0)::bigint as listeners,
        coalesce(sum(artificial), 0)::bigint as artificial
      from trend_platform_daily where tenant_id = ${tenantId} and ${days(range)} ${onPlatformOnly(platform)}
      group by grouping sets ((), (day), (platform))`)
    return { rows, tracks: await tracksStreamed(db, tenantId, platform, range) }
  }
  return withoutParallelWorkers(db, (q) => accountSummaryRows(q, tenantId, platform, range, account))
}

/**
 * "Analytics for this account": the series needs days, and listeners are only in trend_daily, so
 * the account's tracks' rows of the period are read from trend_daily_track_idx alone (it carries
 * the sums, migration 0050; keyed (tenant, track, platform, day) since 0054, so one platform reads
 * its own range of each track, and every platform one range per (track, platform)) and summed by day only; the totals are the days' sums. "Tracks streamed"
 * and, for every platform, the split by platform come from the period's units (accountUnits), a
 * few key look-ups per track, instead of grouping the same rows twice more (session 38).
 */
async function accountSummaryRows(q: Queryable, tenantId: number, platform: PlatformScope, range: DayRange, account: number) {
  const { rows: dayRows } = await q.execute<SummaryRow>(sql`
    select day::text as day, null as platform, sum(streams)::bigint as streams, sum(listeners)::bigint as listeners, sum(artificial)::bigint as artificial
    from trend_daily where tenant_id = ${tenantId} and ${days(range)} ${onPlatform(platform, tenantId, account)}
    group by day`)
  const { trackIds, units } = await accountUnits(q, tenantId, platform, range, account)
  const tracks = await q.execute<{ n: string }>(sql`
    select count(distinct track_id)::bigint as n from (${perTrackUnits(tenantId, platform, units, trackIds)}) u`)
  const sum = (key: 'streams' | 'listeners' | 'artificial') => dayRows.reduce((total, row) => total + Number(row[key]), 0)
  const total = { day: null, platform: null, streams: String(sum('streams')), listeners: String(sum('listeners')), artificial: String(sum('artificial')) }
  // No row in the period: no grand total nor platform (as grouping sets over no rows).
  if (!dayRows.length) return { rows: [], tracks: Number(tracks.rows[0]?.n ?? 0) }
  const platformRows =
    platform === 'all'
      ? (
          await q.execute<SummaryRow>(sql`
            select null as day, platform, sum(streams)::bigint as streams, 0 as listeners, 0 as artificial
            from (${perPlatformUnits(tenantId, ANALYTICS_PLATFORM_SLUGS, units, trackIds)}) u group by platform`)
        ).rows
      : [{ day: null, platform, streams: total.streams, listeners: total.listeners, artificial: total.artificial }]
  return { rows: [total, ...dayRows, ...platformRows], tracks: Number(tracks.rows[0]?.n ?? 0) }
}

export async function summary(
  db: Queryable,
  tenantId: number,
  platform: PlatformScope,
  range: DayRange,
  account?: number,
): Promise<TrendSummary> {
  const { rows, tracks } = await summaryRows(db, tenantId, platform, range, account)
  // An empty period has no grand-total row from grouping sets over no rows: zeros then.
  const total = rows.find((row) => row.day === null && row.platform === null)
  const byDay = new Map(rows.filter((row) => row.day !== null).map((row) => [row.day, Number(row.streams)]))
  const platforms = rows
    .filter((row) => row.platform !== null)
    .map((row) => ({ platform: row.platform!, streams: Number(row.streams) }))
    .sort((a, b) => b.streams - a.streams || (a.platform < b.platform ? -1 : a.platform > b.platform ? 1 : 0))
  return {
    platform,
    range,
    totals: {
      streams: Number(total?.streams ?? 0),
      listeners: Number(total?.listeners ?? 0),
      artificial: Number(total?.artificial ?? 0),
      tracks,
    },
    series: eachDay(range).map((day) => ({ day, streams: byDay.get(day) ?? 0 })),
    platforms: platforms.map((entry) => ({ platform: entry.platform, label: platformLabel(entry.platform), streams: entry.streams })),
  }
}

const trackRows = (rows: Record<string, unknown>[]) => rows.map((row) => ({ key: Number(row.track_id), streams: Number(row.streams) }))

/**
 * The TOP_LIMIT tracks with most streams in the period (ties by track id), as summing every track's
 * units would rank them, from the candidates with the highest bound (track-periods.ts `topByBound`).
 * With an account, its tracks' units, summed whole (accountPerTrack).
 */
async function topTracks(db: Queryable, tenantId: number, platform: PlatformScope, range: DayRange, account?: number, first = FIRST_CANDIDATES) {
  if (account !== undefined)
    return withoutParallelWorkers(db, async (q) => {
      const { rows } = await q.execute<Record<string, unknown>>(sql`
        select track_id, sum(streams)::bigint as streams from (${await accountPerTrack(q, tenantId, platform, range, account)}) u
        group by track_id order by 2 desc, 1 limit ${TOP_LIMIT}`)
      return trackRows(rows)
    })
  return withoutParallelWorkers(db, async (q) => {
    const units = await exactUnits(q, tenantId, platform, range)
    if (exactIsCheap(units, range)) {
      const { rows } = await q.execute<Record<string, unknown>>(sql`
        select track_id, sum(streams)::bigint as streams from (${perTrackUnits(tenantId, platform, units)}) u
        group by track_id order by 2 desc, 1 limit ${TOP_LIMIT}`)
      return trackRows(rows)
    }
    return topByBound(
      TOP_LIMIT,
      async (ask) => {
        const { rows } = await q.execute<Record<string, unknown>>(sql`
          select track_id, sum(streams)::bigint as bound from (${perTrackBounds(tenantId, platform, range)}) b group by track_id
          ${'limit' in ask ? sql`order by 2 desc, 1 limit ${ask.limit}` : sql`having sum(streams) >= ${ask.atLeast}`}`)
        return rows.map((row) => ({ key: Number(row.track_id), bound: Number(row.bound) }))
      },
      async (trackIds) => {
        const { rows } = await q.execute<Record<string, unknown>>(sql`
          select track_id, sum(streams)::bigint as streams from (${perTrackUnits(tenantId, platform, units, trackIds)}) u group by track_id`)
        return trackRows(rows)
      },
      first,
    )
  })
}

export async function topSongs(
  db: Queryable,
  tenantId: number,
  platform: PlatformScope,
  range: DayRange,
  account?: number,
  first = FIRST_CANDIDATES,
) {
  const top = await topTracks(db, tenantId, platform, range, account, first)
  if (!top.length) return []
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select t.id as track_id, t.title, t.isrc, r.id as release_id, r.title as release_title, r.artist_text
    from tracks t join releases r on r.id = t.release_id
    where t.tenant_id = ${tenantId} and t.id = any(${sql.param(top.map((row) => row.key))}::bigint[])`)
  const refs = new Map(rows.map((row) => [Number(row.track_id), row]))
  return top.flatMap((entry) => {
    const row = refs.get(entry.key)
    if (!row) return []
    return [
      {
        trackId: entry.key,
        title: String(row.title),
        isrc: (row.isrc as string | null) ?? null,
        releaseId: Number(row.release_id),
        releaseTitle: String(row.release_title),
        artist: String(row.artist_text ?? ''),
        streams: entry.streams,
      },
    ]
  })
}

/** Accounts summed first: each brings all its tracks' units, so fewer than top songs' tracks. */
const FIRST_ACCOUNTS = 12

/** The tracks of the workspace's releases, with their account (catalogue's published tracks and releases). */
const accountTracks = (tenantId: number) =>
  sql`select t.id as track_id, r.account_id from tracks t join releases r on r.id = t.release_id where t.tenant_id = ${tenantId}`

/**
 * The TOP_LIMIT accounts with most streams in the period (ties by account id), with how many of
 * their tracks streamed: candidates by the sum of their tracks' bounds, exact sums of the
 * candidates' tracks only (topByBound).
 */
export async function topAccounts(
  db: Queryable,
  tenantId: number,
  platform: PlatformScope,
  range: DayRange,
  account?: number,
  first = FIRST_ACCOUNTS,
) {
  type AccountRow = { key: number; streams: number; tracks: number }
  const perAccount = async (q: Queryable, perTrackSql: SQL, limit?: number): Promise<AccountRow[]> => {
    const { rows } = await q.execute<Record<string, unknown>>(sql`
      with per_track as (select track_id, sum(streams)::bigint as streams from (${perTrackSql}) u group by track_id)
      select a.account_id, count(*)::bigint as tracks, sum(p.streams)::bigint as streams
      from per_track p join (${accountTracks(tenantId)}) a on a.track_id = p.track_id
      group by a.account_id ${limit === undefined ? sql`` : sql`order by 3 desc, 1 limit ${limit}`}`)
    return rows.map((row) => ({ key: Number(row.account_id), streams: Number(row.streams), tracks: Number(row.tracks) }))
  }
  const top =
    account !== undefined
      ? await withoutParallelWorkers(db, async (q) => perAccount(q, await accountPerTrack(q, tenantId, platform, range, account), TOP_LIMIT))
      : await withoutParallelWorkers(db, async (q) => {
          const units = await exactUnits(q, tenantId, platform, range)
          if (exactIsCheap(units, range, { weeks: true, slack: ACCOUNT_SLACK })) return perAccount(q, perTrackUnits(tenantId, platform, units), TOP_LIMIT)
          return topByBound<AccountRow>(
            TOP_LIMIT,
            async (ask) => {
              const { rows } = await q.execute<Record<string, unknown>>(sql`
                with bound as (select track_id, sum(streams) as bound from (${perTrackBounds(tenantId, platform, range, { weeks: true })}) b
                  group by track_id)
                select a.account_id, sum(b.bound)::bigint as bound from bound b join (${accountTracks(tenantId)}) a on a.track_id = b.track_id
                group by a.account_id ${'limit' in ask ? sql`order by 2 desc, 1 limit ${ask.limit}` : sql`having sum(b.bound) >= ${ask.atLeast}`}`)
              return rows.map((row) => ({ key: Number(row.account_id), bound: Number(row.bound) }))
            },
            async (accounts) => {
              const { rows } = await q.execute<{ track_id: string }>(sql`
                select t.id as track_id from tracks t join releases r on r.id = t.release_id
                where t.tenant_id = ${tenantId} and r.account_id = any(${sql.param(accounts)}::bigint[])`)
              if (!rows.length) return []
              return perAccount(
                q,
                perTrackUnits(
                  tenantId,
                  platform,
                  units,
                  rows.map((row) => Number(row.track_id)),
                ),
              )
            },
            first,
          )
        })
  if (!top.length) return []
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select a.id, coalesce(nullif(trim(a.first_name || ' ' || a.last_name), ''), a.email) as name
    from accounts a where a.id = any(${sql.param(top.map((row) => row.key))}::bigint[])`)
  const names = new Map(rows.map((row) => [Number(row.id), String(row.name)]))
  return top.flatMap((entry) =>
    names.has(entry.key) ? [{ accountId: entry.key, name: names.get(entry.key)!, tracks: entry.tracks, streams: entry.streams }] : [],
  )
}

export async function breakdown(
  db: Queryable,
  tenantId: number,
  platform: PlatformScope,
  dimension: TrendDimension,
  range: DayRange,
  account?: number,
): Promise<BreakdownAnswer> {
  const rows =
    account === undefined
      ? (
          await db.execute<{ value: string; streams: string }>(sql`
    select value, sum(streams)::bigint as streams from trend_platform_breakdown_daily
    where tenant_id = ${tenantId} and dimension = ${dimension} and ${days(range)} ${onPlatformOnly(platform)}
    group by value`)
        ).rows
      : await accountBreakdown(db, tenantId, platform, dimension, range, account)
  const items = labelBreakdown(
    platform === 'all' ? null : platform,
    dimension,
    rows.map((row) => ({ value: row.value, streams: Number(row.streams) })),
  )
  const total = items.reduce((sum, item) => sum + item.streams, 0)
  return { dimension, total, items: items.map((item) => ({ ...item, share: sharePercent(item.streams, total) })) }
}

/** A release's streams per platform, country and day; 404 for a release not in the workspace. */
export async function releaseStreams(db: Queryable, tenantId: number, releaseId: number, range: DayRange) {
  const exists = await db.execute(sql`select 1 from releases where id = ${releaseId} and tenant_id = ${tenantId}`)
  if (!exists.rows.length) throw notFound('This release does not exist.')
  const tracks = sql`(select id from tracks where tenant_id = ${tenantId} and release_id = ${releaseId})`
  // Every platform named (platformIs('all')): trend_daily_track_idx is keyed (tenant, track,
  // platform, day) since migration 0054, so the period is a day range within each (track, platform).
  const days = sql`${platformIs('all')} and day between ${range.from}::date and ${range.to}::date`
  const platforms = await db.execute<{ platform: string; streams: string }>(sql`
    select platform, sum(streams)::bigint as streams from trend_daily
    where tenant_id = ${tenantId} and track_id in ${tracks} and ${days} group by 1 order by 2 desc, 1`)
  const series = await db.execute<{ day: string; streams: string }>(sql`
    select day::text as day, sum(streams)::bigint as streams from trend_daily
    where tenant_id = ${tenantId} and track_id in ${tracks} and ${days} group by 1`)
  const countries = await db.execute<{ value: string; streams: string }>(
    trackBreakdown('country', sql`tenant_id = ${tenantId} and track_id in ${tracks} and ${days}`),
  )
  const byDay = new Map(series.rows.map((row) => [row.day, Number(row.streams)]))
  const total = platforms.rows.reduce((sum, row) => sum + Number(row.streams), 0)
  const labelled = labelBreakdown(
    null,
    'country',
    countries.rows.map((row) => ({ value: row.value, streams: Number(row.streams) })),
  )
  const countryTotal = labelled.reduce((sum, item) => sum + item.streams, 0)
  return {
    releaseId,
    range,
    total,
    platforms: platforms.rows.map((row) => ({ platform: row.platform, label: platformLabel(row.platform), streams: Number(row.streams) })),
    countries: labelled.map((item) => ({ ...item, share: sharePercent(item.streams, countryTotal) })),
    series: eachDay(range).map((day) => ({ day, streams: byDay.get(day) ?? 0 })),
  }
}

/** Releases ranked by clicks on their smartlinks (catalogue's published smartlinks and smartlink_clicks). */
export async function topReleasesByClicks(db: Queryable, tenantId: number, range: DayRange) {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    with top as (
      select s.release_id, sum(c.clicks)::bigint as clicks
      from smartlink_clicks c join smartlinks s on s.id = c.smartlink_id and s.tenant_id = ${tenantId}
      where c.tenant_id = ${tenantId} and c.day between ${range.from} and ${range.to}
      group by 1 having sum(c.clicks) > 0 order by 2 desc, 1 limit ${TOP_LIMIT}
    )
    select top.release_id, top.clicks, r.title, r.artist_text from top join releases r on r.id = top.release_id
    order by top.clicks desc, top.release_id`)
  return rows.map((row) => ({
    releaseId: Number(row.release_id),
    title: String(row.title),
    artist: String(row.artist_text ?? ''),
    clicks: Number(row.clicks),
  }))
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

/** Streams by ISO day of week (1 = Monday) from the daily rollup (without the track unless an account filters). */
export async function histogramDays(db: Queryable, tenantId: number, platform: PlatformScope, range: DayRange, account?: number) {
  const { rows } = await db.execute<{ dow: number; streams: string }>(sql`
    select extract(isodow from day)::int as dow, sum(streams)::bigint as streams
    from ${account === undefined ? sql`trend_platform_daily` : sql`trend_daily`}
    where tenant_id = ${tenantId} and ${days(range)} ${account === undefined ? onPlatformOnly(platform) : onPlatform(platform, tenantId, account)}
    group by 1`)
  const by = new Map(rows.map((row) => [Number(row.dow), Number(row.streams)]))
  return { buckets: WEEKDAYS.map((label, index) => ({ label, streams: by.get(index + 1) ?? 0 })) }
}

/** Streams by hour of day from the per-dimension rollups' `hour` values. */
export async function histogramHourly(db: Queryable, tenantId: number, platform: PlatformScope, range: DayRange, account?: number) {
  const rows =
    account === undefined
      ? (
          await db.execute<{ value: string; streams: string }>(sql`
    select value, sum(streams)::bigint as streams from trend_platform_breakdown_daily
    where tenant_id = ${tenantId} and dimension = 'hour' and ${days(range)} ${onPlatformOnly(platform)}
    group by 1`)
        ).rows
      : await accountBreakdown(db, tenantId, platform, 'hour', range, account)
  const by = new Map(rows.map((row) => [Number(row.value), Number(row.streams)]))
  return { buckets: Array.from({ length: 24 }, (_, hour) => ({ label: String(hour).padStart(2, '0'), streams: by.get(hour) ?? 0 })) }
}

// Handlers' shape: the workspace from the request, the period from the query.
export const readsFor = (ctx: AuthedContext) => ({
  summary: (platform: PlatformScope, query: Query) => summary(ctx.services.db, ctx.tenant.id, platform, rangeOf(query), query.account),
  topSongs: (platform: PlatformScope, query: Query) => topSongs(ctx.services.db, ctx.tenant.id, platform, rangeOf(query), query.account),
  topAccounts: (platform: PlatformScope, query: Query) =>
    topAccounts(ctx.services.db, ctx.tenant.id, platform, rangeOf(query), query.account),
  release: (id: number, query: Query) => releaseStreams(ctx.services.db, ctx.tenant.id, id, rangeOf(query)),
  topReleases: (query: Query) => topReleasesByClicks(ctx.services.db, ctx.tenant.id, rangeOf(query)),
  histogramDays: (query: Query & { platform: PlatformScope }) =>
    histogramDays(ctx.services.db, ctx.tenant.id, query.platform, rangeOf(query), query.account),
  histogramHourly: (query: Query & { platform: PlatformScope }) =>
    histogramHourly(ctx.services.db, ctx.tenant.id, query.platform, rangeOf(query), query.account),
  breakdown: (platform: PlatformScope, dimension: TrendDimension, query: Query) =>
    breakdown(ctx.services.db, ctx.tenant.id, platform, dimension, rangeOf(query), query.account),
})
