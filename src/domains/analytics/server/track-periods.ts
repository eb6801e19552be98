import { sql, type SQL } from 'drizzle-orm'
import { addDays, boundUnits, eachDay, periodUnits, type DayRange } from '@core/analytics-range'
import type { Queryable } from '@server/db/engine'

// Per-track sums over a period from trend_track_period (docs/analytics.md, "Which rollup a view
// reads"): the exact units of the period (whole months, weeks, edge days), and the coarse units that
// bound them from above (overlapping months and years), for top songs, top accounts and the
// artificial streams.

/** `all`: every platform together (the `*` rows). */
export type PlatformScope = string

const ids = (trackIds: readonly number[]) => sql`track_id = any(${sql.param(trackIds.map(Number))}::bigint[])`

/** What is summed per track: all streams, or the streams the store flagged as artificial. */
export type Measure = 'streams' | 'artificial'

/** One grain's rows of trend_track_period (grain a constant of the table's check, written into the text). */
const periodRows = (tenantId: number, scope: string, grain: 'y' | 'm' | 'w' | 'd', startsOn: SQL, measure: Measure, more: SQL) =>
  sql`select track_id, ${sql.identifier(measure)} from trend_track_period where tenant_id = ${tenantId} and platform = ${scope}
      and grain = ${sql.raw(`'${grain}'`)} and ${startsOn} ${more}`

const startsOnAny = (starts: readonly string[]) => sql`starts_on = any(${sql.param(starts)}::date[])`

/** The units a period's per-track sums read: whole calendar years, months and weeks, and edge days. */
export interface TrackUnits {
  years: string[]
  months: string[]
  weeks: string[]
  days: DayRange[]
}

/** Rows a track has at most in these units (each edge day is one). */
export const unitCount = (units: TrackUnits) =>
  units.years.length + units.months.length + units.weeks.length + units.days.reduce((n, edge) => n + eachDay(edge).length, 0)

const endOfYear = (day: string) => `${day.slice(0, 4)}-12-31`
const startOfYear = (day: string) => `${day.slice(0, 4)}-01-01`
const lastOfMonth = (month: string) => addDays(addDays(month, 31).slice(0, 7) + '-01', -1)

/**
 * Whole calendar years of `range` (a 'y' row each), then periodUnits of what is left on either
 * side; units that lie wholly outside `keep` are left out (the caller knows they hold nothing).
 */
export function unitsOf(range: DayRange, keep: DayRange = range): TrackUnits {
  const units: TrackUnits = { years: [], months: [], weeks: [], days: [] }
  const add = (part: DayRange) => {
    if (part.from > part.to) return
    const cut = periodUnits(part)
    units.months.push(...cut.months.filter((month) => month <= keep.to && lastOfMonth(month) >= keep.from))
    units.weeks.push(...cut.weeks.filter((week) => week <= keep.to && addDays(week, 6) >= keep.from))
    for (const edge of cut.days) {
      const from = edge.from < keep.from ? keep.from : edge.from
      const to = edge.to > keep.to ? keep.to : edge.to
      if (from <= to) units.days.push({ from, to })
    }
  }
  let first = range.from.endsWith('-01-01') ? range.from : `${Number(range.from.slice(0, 4)) + 1}-01-01`
  const years: string[] = []
  for (let year = first; endOfYear(year) <= range.to; year = `${Number(year.slice(0, 4)) + 1}-01-01`) years.push(year)
  if (!years.length) {
    add(range)
    return units
  }
  add({ from: range.from, to: addDays(years[0], -1) })
  units.years = years.filter((year) => year <= keep.to && endOfYear(year) >= keep.from)
  first = `${Number(years[years.length - 1].slice(0, 4)) + 1}-01-01`
  add({ from: first, to: range.to })
  return units
}

/**
 * The fewest units whose per-track sums are exactly the period's. A unit that reaches past the
 * period is exact too when the scope (the platform, or every one) has no streams on the days it adds:
 * trend_platform_daily holds a row for every (platform, day) the per-track rollups hold (the same
 * statement writes them, rollups.ts), so the last day with streams before the period and the first
 * after it (two index look-ups, within the period's first and last calendar year) bound a wider
 * range whose units sum to the same. A year ending today is then its current calendar year, the
 * month before it and a few edge days (6 rows a track instead of 23); the last 30 days are this
 * month and the days before it (5 instead of 12). Units wholly on data-less days are dropped; if the
 * widening does not lower the count, the period's own units are kept.
 */
export async function exactUnits(db: Queryable, tenantId: number, platform: PlatformScope, range: DayRange): Promise<TrackUnits> {
  const own = unitsOf(range)
  const scope = platform === 'all' ? sql`` : sql`and platform = ${platform}`
  const { rows } = await db.execute<{ before: string | null; after: string | null }>(sql`
    select (select max(day) from trend_platform_daily where tenant_id = ${tenantId} ${scope}
        and day >= ${startOfYear(range.from)}::date and day < ${range.from}::date)::text as before,
      (select min(day) from trend_platform_daily where tenant_id = ${tenantId} ${scope}
        and day > ${range.to}::date and day <= ${endOfYear(range.to)}::date)::text as after`)
  const before = rows[0]?.before
  const after = rows[0]?.after
  const wide = { from: before ? addDays(before, 1) : startOfYear(range.from), to: after ? addDays(after, -1) : endOfYear(range.to) }
  const widened = unitsOf(wide, range)
  return unitCount(widened) < unitCount(own) ? widened : own
}

/**
 * The measure per track row of the period (a track appears once per unit): the whole years,
 * months and weeks from trend_track_period (platform or `*`, index-only), the edge days from its
 * `*` days or, for one platform, from trend_daily (trend_daily_period_idx). Its size follows
 * tracks × units, not tracks × platforms × days, nor the facts. `units` are the period's
 * (`exactUnits`, or `unitsOf(range)`). With `trackIds`, those tracks only: each unit is then one key
 * look-up per track (the edge days listed one by one, so the index is entered at each (day, track)
 * instead of reading every track of the day). `artificial`: only the rows that carry flagged
 * streams (the partial indexes on artificial > 0), so the read costs the flagged rows.
 */
export function perTrackUnits(
  tenantId: number,
  platform: PlatformScope,
  units: TrackUnits,
  trackIds?: readonly number[],
  measure: Measure = 'streams',
): SQL {
  const scope = platform === 'all' ? '*' : platform
  const more = sql.join([trackIds ? sql`and ${ids(trackIds)}` : sql``, measure === 'artificial' ? sql`and artificial > 0` : sql``], sql` `)
  const parts = []
  if (units.years.length) parts.push(periodRows(tenantId, scope, 'y', startsOnAny(units.years), measure, more))
  if (units.months.length) parts.push(periodRows(tenantId, scope, 'm', startsOnAny(units.months), measure, more))
  if (units.weeks.length) parts.push(periodRows(tenantId, scope, 'w', startsOnAny(units.weeks), measure, more))
  for (const edge of units.days)
    parts.push(
      platform === 'all'
        ? periodRows(
            tenantId,
            '*',
            'd',
            trackIds ? startsOnAny(eachDay(edge)) : sql`starts_on between ${edge.from}::date and ${edge.to}::date`,
            measure,
            more,
          )
        : sql`select track_id, ${sql.identifier(measure)} from trend_daily where tenant_id = ${tenantId} and platform = ${platform}
      and day between ${edge.from}::date and ${edge.to}::date ${more}`,
    )
  // A period of no unit (nothing can be streamed in it) reads no row.
  if (!parts.length) parts.push(sql`select track_id, ${sql.identifier(measure)} from trend_track_period where false`)
  return sql.join(parts, sql` union all `)
}

/**
 * Streams per platform row (each platform's own rows, never `*`) of these tracks over the units:
 * their year, month and week rows in trend_track_period and the edge days in trend_daily, each a
 * key look-up per platform and track. The split by platform of "Analytics for this account" (units
 * of every platform, `exactUnits(…, 'all', …)`, hold no other day with streams on any platform).
 */
export function perPlatformUnits(tenantId: number, platforms: readonly string[], units: TrackUnits, trackIds: readonly number[]): SQL {
  const where = sql`tenant_id = ${tenantId} and platform = any(${sql.param([...platforms])}::text[]) and ${ids(trackIds)}`
  const parts = []
  for (const [grain, starts] of [
    ['y', units.years],
    ['m', units.months],
    ['w', units.weeks],
  ] as const)
    if (starts.length)
      parts.push(
        sql`select platform, streams from trend_track_period where ${where} and grain = ${sql.raw(`'${grain}'`)} and ${startsOnAny(starts)}`,
      )
  for (const edge of units.days)
    parts.push(sql`select platform, streams from trend_daily where ${where} and day between ${edge.from}::date and ${edge.to}::date`)
  if (!parts.length) parts.push(sql`select platform, streams from trend_track_period where false`)
  return sql.join(parts, sql` union all `)
}

/**
 * Per track, the streams of the months and years that overlap the period (boundUnits): at least
 * its streams in the period, from 2 or 3 rows a track instead of up to 23.
 */
export function perTrackBounds(tenantId: number, platform: PlatformScope, range: DayRange, options: { weeks?: boolean } = {}): SQL {
  const units = boundUnits(range, options)
  const scope = platform === 'all' ? '*' : platform
  const parts = []
  for (const [grain, starts] of [
    ['m', units.months],
    ['y', units.years],
    ['w', units.weeks],
  ] as const)
    if (starts.length) parts.push(periodRows(tenantId, scope, grain, startsOnAny(starts), 'streams', sql``))
  return sql.join(parts, sql` union all `)
}

/**
 * Whether summing every track over the period's exact units reads no more rows a track than the
 * bound would (boundUnits' count): then the top list is one exact statement, with no candidates and
 * no second round (the last 30 days widened to a month and its edge days, a year to its calendar
 * years, exactUnits).
 */
export const exactIsCheap = (units: TrackUnits, range: DayRange, options: { weeks?: boolean; slack?: number } = {}) => {
  const bound = boundUnits(range, options)
  return unitCount(units) <= bound.years.length + bound.months.length + bound.weeks.length + (options.slack ?? 0)
}

/**
 * Top accounts' candidates bring all their tracks (~25 each, 12 accounts: ~300 tracks × units of
 * key look-ups after the bound), so summing every track reads fewer rows up to 2 more a track than
 * the bound (session 35: a year with streams before it, 5 rows against 3: p50 24–28 ms in one
 * statement at 5 rows, 32–50 ms by candidates); past periods (12–23 rows) keep the candidates.
 */
export const ACCOUNT_SLACK = 2

/** Candidates whose exact sums are taken first (top songs; top accounts take fewer, reads.ts). */
export const FIRST_CANDIDATES = 32

export interface Ranked {
  key: number
  streams: number
}

/** Keys by upper bound: the `limit` highest (descending, ties by key), or every key whose bound is ≥ `atLeast`. */
export type BoundsOf = (ask: { limit: number } | { atLeast: number }) => Promise<{ key: number; bound: number }[]>

/**
 * The k keys (tracks or accounts) with most streams in the period, ties by ascending key, exactly
 * as summing every key would rank them, without summing every key. `exact(keys)` answers the exact
 * sums of those keys (keys without a row in the period left out). The `first` keys with the highest
 * bound are summed; if the k-th of them is above the next key's bound, no other key can reach it
 * (nor tie it with a smaller key): done. Otherwise every key whose bound reaches that k-th sum
 * (every key when fewer than k were found) is summed too: the k-th can only rise, so a key left out
 * has a bound, hence a sum, below it. At most two rounds.
 */
export async function topByBound<Row extends Ranked>(
  k: number,
  bounds: BoundsOf,
  exact: (keys: number[]) => Promise<Row[]>,
  first = FIRST_CANDIDATES,
): Promise<Row[]> {
  const limit = Math.max(1, first)
  const summed = new Map<number, Row>()
  const sum = async (keys: number[]) => {
    const fresh = keys.filter((key) => !summed.has(key))
    if (fresh.length) for (const row of await exact(fresh)) summed.set(row.key, row)
  }
  const top = () => [...summed.values()].sort((a, b) => b.streams - a.streams || a.key - b.key).slice(0, k)
  const ranked = await bounds({ limit: limit + 1 })
  await sum(ranked.slice(0, limit).map((row) => row.key))
  const found = top()
  if (ranked.length <= limit) return found
  if (found.length === k && found[k - 1].streams > ranked[limit].bound) return found
  const more = await bounds({ atLeast: found.length === k ? found[k - 1].streams : 0 })
  await sum(more.map((row) => row.key))
  return top()
}

/**
 * Runs a read's statements in one transaction without parallel workers: each is a few index
 * look-ups or a small scan, and starting workers cost more than the statement (10–25 ms a
 * Gather on the bench's shared CPUs, against ~5 ms of work).
 */
export function withoutParallelWorkers<T>(db: Queryable, read: (q: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`)
    return read(tx)
  })
}
