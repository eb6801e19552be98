import { sql, type SQL } from 'drizzle-orm'
import { TREND_BREAKDOWNS, analyticsPlatform } from '@core/analytics-platforms'
import type { Queryable } from '@server/db/engine'
import { addBreakdowns, rollUpStaged } from './trend-stage'

// The facts' partitions and the rollups the screens read (docs/analytics.md, "Storage"): per track
// (top songs and accounts, the account and release filters, spikes) and without the track (every
// overview and platform total, series, breakdown and histogram).

const MONTH = /^(\d{4})-(\d{2})$/

/**
 * Creates the monthly partitions of trend_facts a batch needs (`YYYY-MM` each). Another import may
 * create the same one at the same moment: that one's "already exists" is success here.
 */
export async function ensureFactPartitions(
  db: Queryable | ((statement: string) => Promise<unknown>),
  months: readonly string[],
): Promise<void> {
  const run = typeof db === 'function' ? db : (statement: string) => db.execute(sql.raw(statement))
  for (const month of months) {
    const match = MONTH.exec(month)
    if (!match) throw new Error(`not a month: ${month}`)
    const year = Number(match[1])
    const index = Number(match[2])
    const next = index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, '0')}`
    // Identifiers and bounds come from the regular expression above, never from the file's text.
    try {
      await run(
        `create table if not exists trend_facts_${match[1]}${match[2]} partition of trend_facts for values from ('${month}-01') to ('${next}-01')`,
      )
    } catch (error) {
      const code = (error as { code?: string }).code
      if (code !== '42P07' && code !== '23505') throw error
    }
  }
}

/** Every key a line's `dims` can hold: the breakdowns and the hour. */
export const ALL_DIMS: readonly string[] = [...TREND_BREAKDOWNS, 'hour']

/** The dims keys a platform's report can carry (its breakdown columns, and the hour). */
export function platformDims(platform: string): readonly string[] {
  const format = analyticsPlatform(platform)?.format
  if (!format) return ALL_DIMS
  return [...TREND_BREAKDOWNS.filter((name) => format.breakdowns?.[name]), ...(format.hour ? ['hour'] : [])]
}

/** What a roll-up wrote: the lines it read, and the per-track days (trend_daily rows) it added or added to. */
export interface RolledUp {
  lines: number
  days: number
}

/**
 * Adds the lines `source` answers (tenant_id, platform, track_id, day, streams, listeners,
 * artificial, country, dims) to the per-track daily rollup (streams, and per dimension value in its
 * breakdown arrays), to the rollups without the track and to the per-track weeks, months and years,
 * in the caller's transaction, in one pass: one grouping set per rollup row kind, so a line is read
 * once rather than once per breakdown value (the lateral expansion of `dims` grouped five rows a
 * line, spilled to disk and took most of a commit).
 */
async function rollUp(
  tx: Queryable,
  source: SQL,
  dims: readonly string[],
  options: { fresh?: boolean; tenantId?: number } = {},
): Promise<RolledUp> {
  const { fresh = false, tenantId } = options
  for (const name of dims) if (!ALL_DIMS.includes(name)) throw new Error(`not a dimension: ${name}`)
  // Names come from the list above, never from a file: safe to write into the statement.
  const columns = ['country', ...dims.map((name) => `(dims->>'${name}')`)]
  const names = ['country', ...dims]
  const all = (1 << columns.length) - 1
  // grouping() sets a column's bit when the row is aggregated over it; the bit of column k is 1 << (n-1-k).
  const only = (k: number) => all ^ (1 << (columns.length - 1 - k))
  const pick = (what: (k: number) => string) => columns.map((_, k) => `when ${only(k)} then ${what(k)}`).join(' ')
  // Rows of days no rollup holds yet are inserted as they are: no conflict to look for.
  const merge = (conflict: string) => sql.raw(fresh ? '' : conflict)
  // The per-track days are grouped from the grouping sets' rows by hashing: sorting a million lines'
  // ~1M groups first took longer than building the days' arrays (EXPLAIN ANALYZE, session 34).
  // Every sort the statement still has is an ORDER BY, which this does not remove.
  await tx.execute(sql`set local enable_sort = off`)
  const { rows } = await tx.execute<{ n: number; days: number }>(sql`
    with m as (${source}),
    g as (
      select ${tenantId === undefined ? sql`tenant_id` : sql`${tenantId}::bigint as tenant_id`}, platform, track_id, day,
        ${sql.raw(columns.map((column, k) => `${column} as v${k}`).join(', '))},
        sum(streams) as streams, sum(listeners) as listeners, sum(artificial) as artificial, count(*) as n,
        grouping(${sql.raw(columns.join(', '))}) as gid
      from m group by ${tenantId === undefined ? sql`tenant_id,` : sql``} platform, track_id, day, grouping sets ((), ${sql.raw(columns.map((column) => `(${column})`).join(', '))})
    ),
    -- A track's day: its totals, and its breakdown values as two arrays ('dimension:value', streams):
    -- one row a track and day instead of one row a track, day and value (trend_breakdown_daily
    -- before session 34: 60 % of the rows a commit wrote).
    t as (
      select tenant_id, platform, track_id, day, sum(streams) filter (where gid = ${all}) as streams,
        sum(listeners) filter (where gid = ${all}) as listeners, sum(artificial) filter (where gid = ${all}) as artificial,
        coalesce(array_agg(k) filter (where k is not null), '{}') as breakdown_values,
        coalesce(array_agg(streams::bigint) filter (where k is not null), '{}') as breakdown_streams
      from (select tenant_id, platform, track_id, day, streams, listeners, artificial, gid,
          case gid ${sql.raw(pick((k) => `'${names[k]}:' || v${k}`))} end as k from g) x
      group by tenant_id, platform, track_id, day
    ),
    d as (
      insert into trend_daily (tenant_id, platform, track_id, day, streams, listeners, artificial, breakdown_values, breakdown_streams)
      select tenant_id, platform, track_id, day, streams, listeners, artificial, breakdown_values, breakdown_streams from t
      order by tenant_id, platform, track_id, day
      ${merge(`on conflict (tenant_id, platform, track_id, day) do update set streams = trend_daily.streams + excluded.streams,
        listeners = trend_daily.listeners + excluded.listeners, artificial = trend_daily.artificial + excluded.artificial,
        ${addBreakdowns(['trend_daily.breakdown_values', 'trend_daily.breakdown_streams'], ['excluded.breakdown_values', 'excluded.breakdown_streams'])}`)}
    ),
    -- The same sums without the track, from the per-track groups (far fewer rows than lines): what
    -- the overview and platform views read.
    pd as (
      insert into trend_platform_daily (tenant_id, platform, day, streams, listeners, artificial)
      select tenant_id, platform, day, sum(streams), sum(listeners), sum(artificial) from t
      group by tenant_id, day, platform order by tenant_id, day, platform
      ${merge(`on conflict (tenant_id, day, platform) do update set streams = trend_platform_daily.streams + excluded.streams,
        listeners = trend_platform_daily.listeners + excluded.listeners, artificial = trend_platform_daily.artificial + excluded.artificial`)}
    ),
    pb as (
      insert into trend_platform_breakdown_daily (tenant_id, platform, day, dimension, value, streams)
      select tenant_id, platform, day, dimension, value, streams from (
        select tenant_id, platform, day, case gid ${sql.raw(pick((k) => `'${names[k]}'`))} end as dimension,
          case gid ${sql.raw(pick((k) => `v${k}`))} end as value, sum(streams) as streams
        from g where gid <> ${all} group by tenant_id, platform, day, gid, ${sql.raw(columns.map((_, k) => `v${k}`).join(', '))}
      ) x where value is not null
      order by tenant_id, dimension, day, platform, value
      ${merge(`on conflict (tenant_id, dimension, day, platform, value) do update set streams = trend_platform_breakdown_daily.streams + excluded.streams`)}
    ),
    -- Weeks, months and years per track, for the platform and for every platform ('*'), and days
    -- for every platform, with their artificial streams, from the same per-track days: what top
    -- songs, top accounts, "Tracks streamed" and the artificial streams read (reads.ts, fraud.ts).
    -- The platform's weeks, months and years are summed once (hashed, three rows per day row), and
    -- every platform's from those.
    tw as (
      select t.tenant_id, t.platform, u.grain, u.starts_on, t.track_id, sum(t.streams) as streams, sum(t.artificial) as artificial
      from t cross join lateral (values ('w', date_trunc('week', t.day)::date), ('m', date_trunc('month', t.day)::date),
        ('y', date_trunc('year', t.day)::date)) u(grain, starts_on)
      group by 1, 2, 3, 4, 5
    ),
    -- A track's month per dimension value, for the platform and for every platform: the month rows'
    -- breakdown arrays, which "Analytics for this account" splits a long period by (reads.ts).
    bm as (
      select tenant_id, platform, date_trunc('month', day)::date as starts_on, track_id, k, sum(streams)::bigint as s
      from (select tenant_id, platform, track_id, day, streams, case gid ${sql.raw(pick((k) => `'${names[k]}:' || v${k}`))} end as k
        from g where gid <> ${all}) y
      where k is not null group by 1, 2, 3, 4, 5
    ),
    bx as (
      select tenant_id, platform, starts_on, track_id, array_agg(k order by k) as bv, array_agg(s order by k) as bs from (
        select tenant_id, platform, starts_on, track_id, k, s from bm
        union all
        select tenant_id, '*', starts_on, track_id, k, sum(s)::bigint from bm group by tenant_id, starts_on, track_id, k
      ) z group by 1, 2, 3, 4
    ),
    xu as (
      select tenant_id, platform, grain, starts_on, track_id, streams, artificial from tw
      union all
      select tenant_id, '*', grain, starts_on, track_id, sum(streams), sum(artificial) from tw group by tenant_id, grain, starts_on, track_id
      union all
      -- Days only for every platform: one platform's days are trend_daily's own rows.
      select tenant_id, '*', 'd', day, track_id, sum(streams), sum(artificial) from t group by tenant_id, day, track_id
    ),
    x as (
      select xu.tenant_id, xu.platform, xu.grain, xu.starts_on, xu.track_id, xu.streams, xu.artificial,
        coalesce(bx.bv, '{}') as bv, coalesce(bx.bs, '{}') as bs
      from xu left join bx on xu.grain = 'm' and bx.tenant_id = xu.tenant_id and bx.platform = xu.platform
        and bx.starts_on = xu.starts_on and bx.track_id = xu.track_id
    ),
    -- Units already kept are added to; the others are inserted as they are: a plain insert
    -- writes half what on conflict … do update does (its speculative insertion), 2.1–2.3 s
    -- against 4.7–4.8 s for 430,000 rows. The commits of a workspace are in line (lockRollups),
    -- so no unit can appear between the look and the insert. In the key's order, as the other
    -- rollups: a unit's rows then sit together in the heap too, which the reads' index-only scans
    -- visit until a vacuum marks the pages visible (sorted by track only, each unit's rows were spread
    -- over the whole of the import's pages). The sort also reads every row to add before the first
    -- is inserted: a run without any sort (the look for kept units running while the insert grew the
    -- table, presumably) did not end in 11 minutes.
    -- Month rows add their breakdown arrays by value (as trend_daily's days, addBreakdowns); the
    -- other grains keep none, so their update does not look at arrays.
    tu as (
      update trend_track_period p set streams = p.streams + x.streams, artificial = p.artificial + x.artificial
      from x where p.tenant_id = x.tenant_id and p.platform = x.platform and p.grain = x.grain and p.starts_on = x.starts_on
        and p.track_id = x.track_id and x.grain <> 'm'
    ),
    tm as (
      update trend_track_period p set streams = p.streams + x.streams, artificial = p.artificial + x.artificial,
        ${sql.raw(addBreakdowns(['p.breakdown_values', 'p.breakdown_streams'], ['x.bv', 'x.bs']))}
      from x where p.tenant_id = x.tenant_id and p.platform = x.platform and p.grain = 'm' and x.grain = 'm'
        and p.starts_on = x.starts_on and p.track_id = x.track_id
    ),
    tp as (
      insert into trend_track_period (tenant_id, platform, grain, starts_on, track_id, streams, artificial, breakdown_values, breakdown_streams)
      select tenant_id, platform, grain, starts_on, track_id, streams, artificial, bv, bs from x
      where not exists (select 1 from trend_track_period p where p.tenant_id = x.tenant_id and p.platform = x.platform
        and p.grain = x.grain and p.starts_on = x.starts_on and p.track_id = x.track_id)
      order by 1, 2, 3, 4, 5
    )
    select (select coalesce(sum(n), 0) from g where gid = ${all})::int as n, (select count(*) from t)::int as days`)
  await tx.execute(sql`set local enable_sort = on`)
  return { lines: Number(rows[0]?.n ?? 0), days: Number(rows[0]?.days ?? 0) }
}

/**
 * A fact's dims: its JSON, or its workspace's combination (trend_dims) when the dry run wrote its id
 * (`dims_id`). For a fact `f` in a statement's FROM; the dictionary is looked up by its primary key.
 */
export const FACT_DIMS = 'coalesce(f.dims, (select d.dims from trend_dims d where d.id = f.dims_id and d.tenant_id = f.tenant_id))'

/** The columns rollUp's source answers, from trend_facts `f` left joined to trend_dims `d` on the fact's combination. */
const FACT_COLUMNS = sql.raw('f.tenant_id, f.platform, f.track_id, f.day, f.streams, f.listeners, f.artificial, f.country, coalesce(f.dims, d.dims) as dims')
const FACTS_WITH_DIMS = sql.raw('trend_facts f left join trend_dims d on d.id = f.dims_id and d.tenant_id = f.tenant_id')

/** The matched lines of one import enter the rollups (its commit). */
export async function rollUpImport(
  tx: Queryable,
  tenantId: number,
  importId: number,
  platform: string,
  range: { from: string | null; to: string | null },
): Promise<RolledUp> {
  // A report of days this platform has none of yet (the daily report of a new day, the usual case)
  // adds rows no rollup holds: its daily and breakdown rows, with and without the track, are
  // inserted without looking for a conflict. trend_platform_daily has a row for each (platform,
  // day) the other three hold (rollUp writes all four from the same groups), so its key range
  // answers for them. The commits of a workspace are in line (lockRollups), so no other can add
  // those days between this look and the insert.
  await lockRollups(tx, tenantId)
  const fresh =
    range.from !== null &&
    range.to !== null &&
    !(
      await tx.execute<{ held: boolean }>(sql`
        select exists (select 1 from trend_platform_daily where tenant_id = ${tenantId} and platform = ${platform}
          and day between ${range.from}::date and ${range.to}::date) as held`)
    ).rows[0]?.held
  // The dry run's groups (trend-stage.ts), when it staged them: inserted as they are.
  const staged = await rollUpStaged(tx, tenantId, importId, platform, fresh, range)
  if (staged) return staged
  const days = range.from && range.to ? sql`and f.day between ${range.from}::date and ${range.to}::date` : sql``
  // Every line of a report carries the same keys (its header's breakdown columns): one line says which.
  const { rows } = await tx.execute<{ keys: string[] | null }>(sql`
    select array(select jsonb_object_keys(${sql.raw(FACT_DIMS)})) as keys from trend_facts f
    where f.tenant_id = ${tenantId} and f.import_id = ${importId} ${days} limit 1`)
  const known = platformDims(platform)
  const dims = rows[0]?.keys ? known.filter((name) => rows[0].keys!.includes(name)) : known
  // The workspace is the lines' one: left out of the grouping keys, written as a constant.
  return rollUp(
    tx,
    sql`select ${FACT_COLUMNS} from ${FACTS_WITH_DIMS}
      where f.tenant_id = ${tenantId} and f.import_id = ${importId} and f.track_id is not null ${days}`,
    dims,
    { fresh, tenantId },
  )
}

/**
 * Puts the workspace's rollup writers in line until the transaction ends: a commit looks whether
 * its days are held before it inserts them (rollUpImport), which another commit of the same days
 * running at once would make untrue.
 */
export async function lockRollups(tx: Queryable, tenantId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`trendRollups:${tenantId}`}))`)
}

/**
 * Matches lines that wait for a track by ISRC. `importId`: one import's lines (its dry run; nothing
 * is rolled up before commit). `committed`: the lines of every committed import, and the ones that
 * match now enter the rollups, so a track added after its streams were reported gets them.
 * Answers the number of lines matched.
 */
export async function matchPending(
  tx: Queryable,
  tenantId: number,
  scope: { importId: number; from: string | null; to: string | null } | { committed: true },
): Promise<number> {
  const which =
    'importId' in scope
      ? sql`and import_id = ${scope.importId} ${scope.from && scope.to ? sql`and day between ${scope.from}::date and ${scope.to}::date` : sql``}`
      : sql`and import_id in (select id from trend_imports where tenant_id = ${tenantId} and status = 'committed')`
  // One look-up per distinct ISRC waiting (trend_facts_unmatched_idx, tracks_tenant_isrc_idx).
  const matching = sql`
    update trend_facts f set track_id = t.id
    from (
      select p.isrc, (select min(k.id) from tracks k where k.tenant_id = ${tenantId} and k.isrc = p.isrc) as id
      from (select distinct isrc from trend_facts where tenant_id = ${tenantId} and track_id is null and isrc is not null ${which}) p
    ) t
    where t.id is not null and f.tenant_id = ${tenantId} and f.track_id is null and f.isrc = t.isrc ${which}`
  if ('importId' in scope) {
    const { rows } = await tx.execute<{ n: number }>(sql`with u as (${matching} returning 1) select count(*)::int as n from u`)
    return Number(rows[0]?.n ?? 0)
  }
  await lockRollups(tx, tenantId)
  const rolled = await rollUp(
    tx,
    sql`${matching} returning ${sql.raw(`f.tenant_id, f.platform, f.track_id, f.day, f.streams, f.listeners, f.artificial, f.country, ${FACT_DIMS} as dims`)}`,
    ALL_DIMS,
    { tenantId },
  )
  return rolled.lines
}

/** The tables the analytics reads plan on (every rollup). */
const ROLLUP_TABLES = ['trend_daily', 'trend_platform_daily', 'trend_platform_breakdown_daily', 'trend_track_period']

/** Fewer per-track days than this never call for fresh statistics: plans over so few rows do not suffer. */
const STATISTICS_FLOOR = 1000

/**
 * Whether a commit that wrote `days` per-track days grew trend_daily enough for the planner's
 * statistics to mislead the reads: a first import (the table never analyzed, reltuples -1) or more
 * than a tenth of the rows it last counted (autovacuum's default threshold, which it reaches only
 * on its next round: the account filter read 345–593 ms until then, 13 ms after, session 35).
 */
export async function statisticsStale(tx: Queryable, days: number): Promise<boolean> {
  if (days < STATISTICS_FLOOR) return false
  const { rows } = await tx.execute<{ reltuples: number }>(sql`select reltuples::float8 as reltuples from pg_class where oid = 'trend_daily'::regclass`)
  const counted = Number(rows[0]?.reltuples ?? -1)
  return counted < 0 || days > counted / 10
}

const refreshing = new Set<Promise<void>>()

/**
 * Analyzes the rollups in the background (no transaction; the caller does not wait): after a
 * commit that statisticsStale says grew them a lot. One table at a time, each its own statement;
 * a failure is logged, not thrown (autovacuum analyzes them later anyway).
 */
export function refreshStatistics(db: Queryable): void {
  const run = (async () => {
    for (const table of ROLLUP_TABLES) await db.execute(sql.raw(`analyze ${table}`))
  })()
    .catch((error: unknown) => console.error('analytics statistics refresh failed', (error as Error).message))
    .finally(() => refreshing.delete(run))
  refreshing.add(run)
}

/** Resolves when the statistics refreshes under way have ended (the bench and tests wait for them): how many there were. */
export async function statisticsRefreshed(): Promise<number> {
  let waited = 0
  while (refreshing.size) {
    waited += refreshing.size
    await Promise.all([...refreshing])
  }
  return waited
}
