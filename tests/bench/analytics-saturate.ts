// `DATABASE_URL=… BENCH_DB=… node --import tsx tests/bench/analytics-saturate.ts [tracks-are-those-of-the-bench]`:
// fills the rollups of a database the analytics bench made (`--only analytics --trend-lines 0 --facts 0
// --tracks 5000`) as a year of saturated per-track rows: every track streams every day on six
// platforms, written straight into the rollups in the commit's shape; the facts that make them are
// loaded afterwards, a month at a time (`--facts`, below). Then `--reuse` times the reads.
//
// Streams follow a long tail (a track's popularity ~ 1 / its rank, ranks shuffled by a multiplicative
// hash), with daily noise, weekly seasonality and one track in 97 released 45 days before the end
// (nothing before, a burst after), so the last 30 days' top differs from the year's. Artificial
// streams: one track in 50 on Spotify and Deezer every third day (a tenth of its streams), and a
// sporadic row in 997 anywhere.
//
// Breakdowns (session 35): each track's day carries 3 countries (60/30/10 % of its streams), 2
// sources (70/30), tier (2/3 paid) and gender (half each) in its breakdown arrays, and
// trend_platform_breakdown_daily holds their sums without the track, so the breakdown reads (and the
// account filter's, which reads the arrays) have the work of a saturated year. On a database seeded
// before migration 0046, `--breakdowns <platform>` fills one platform's arrays (one locked run each)
// and `--breakdowns-rollup` the track-less table from them; a fresh seed does both.
//
// Month breakdowns (session 36): the month rows of trend_track_period carry their days' arrays
// summed by value ("Analytics for this account" over long periods reads them). A fresh seed fills
// them; `--period-breakdowns` fills them again (migration 0049 does it once on an older seed).
//
// Session 40: the seed in steps, each short enough for one locked run (`--daily <platform>` each
// platform's trend_daily rows with their breakdown arrays, `--periods` trend_platform_daily and
// trend_track_period, `--finish` the track-less breakdowns, the month arrays and the import row the
// bench's `--reuse` looks for; no flag: all of them), every track's day at least 10 streams (so each
// breakdown share is ≥ 1 stream and the facts below reproduce the arrays exactly). Then the facts:
// `--facts YYYY-MM` loads a month's fact rows derived from its trend_daily rows (≤ 12 lines a track's
// day, whose sums by track day and by breakdown value are trend_daily's: what the commit would have
// rolled up), `--check-facts YYYY-MM` compares them with trend_daily.
import pg from 'pg'
import { addDays, dayString } from '../../src/core/analytics-range'
import { ensureFactPartitions } from '../../src/domains/analytics/server/rollups'

const PLATFORMS = ['spotify', 'apple', 'deezer', 'amazon', 'youtube-content', 'tiktok']
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'BR', 'MX', 'SE', 'JP', 'NG', 'IN', 'ES', 'IT', 'CA', 'AU', 'NL', 'PL', 'TR', 'KR', 'ID', 'PH']
const SOURCES = ['collection', 'album', 'search', 'radio', 'others_playlist', 'play_queue', 'artist', 'other']

const url = new URL(process.env.DATABASE_URL ?? '')
url.pathname = `/${(process.env.BENCH_DB ?? 'wl_analytics_bench').replace(/[^a-z0-9_]/g, '')}`
const client = new pg.Client({ connectionString: url.toString() })
await client.connect()
const log = (message: string) => console.log(`${new Date().toISOString()} ${message}`)
const tenant = Number((await client.query(`select id from tenants where slug = 'trendbench'`)).rows[0].id)
const admin = Number((await client.query(`select id from accounts where tenant_id = $1 and type = 'admin'`, [tenant])).rows[0].id)
const until = addDays(dayString(new Date()), -1)
const first = addDays(until, -364)
await client.query(`set work_mem = '256MB'`)
await client.query(`set jit = off`)

/** One platform's breakdown arrays: every day of every track split by country, source, tier and gender. */
async function seedBreakdowns(platform: string) {
  const at = Date.now()
  const { rowCount } = await client.query(
    `update trend_daily d set
       breakdown_values = array['country:' || c[1 + h % 20], 'country:' || c[1 + (h + 7) % 20], 'country:' || c[1 + (h + 13) % 20],
         'source:' || s[1 + h % 8], 'source:' || s[1 + (h + 3) % 8], 'tier:paid', 'tier:free', 'gender:f', 'gender:m'],
       breakdown_streams = array[d.streams - d.streams * 3 / 10 - d.streams / 10, d.streams * 3 / 10, d.streams / 10,
         d.streams - d.streams * 3 / 10, d.streams * 3 / 10, d.streams - d.streams / 3, d.streams / 3, d.streams / 2, d.streams - d.streams / 2]
     from (select $3::text[] as c, $4::text[] as s, t.id, (t.id * 7)::int as h from tracks t where t.tenant_id = $1) x
     where d.tenant_id = $1 and d.platform = $2 and d.track_id = x.id`,
    [tenant, platform, COUNTRIES, SOURCES],
  )
  log(`${platform}: breakdown arrays of ${rowCount} rows in ${Math.round((Date.now() - at) / 1000)} s`)
}

/** trend_platform_breakdown_daily from the arrays, as the commit writes it (the track left out). */
async function rollUpBreakdowns() {
  const at = Date.now()
  await client.query(`delete from trend_platform_breakdown_daily where tenant_id = $1`, [tenant])
  for (const platform of PLATFORMS)
    await client.query(
      `insert into trend_platform_breakdown_daily (tenant_id, platform, day, dimension, value, streams)
       select d.tenant_id, d.platform, d.day, split_part(b.k, ':', 1), substr(b.k, strpos(b.k, ':') + 1), sum(b.s)
       from trend_daily d cross join lateral unnest(d.breakdown_values, d.breakdown_streams) b(k, s)
       where d.tenant_id = $1 and d.platform = $2 group by 1, 2, 3, 4, 5`,
      [tenant, platform],
    )
  await client.query('vacuum analyze trend_platform_breakdown_daily')
  log(`trend_platform_breakdown_daily in ${Math.round((Date.now() - at) / 1000)} s`)
}

/**
 * The month rows' breakdown arrays of trend_track_period from trend_daily's (session 36), as the
 * commit writes them and migration 0049 fills them: per platform and for every platform (`*`).
 */
async function seedPeriodBreakdowns() {
  const at = Date.now()
  const { rowCount } = await client.query(
    `update trend_track_period p set breakdown_values = b.k, breakdown_streams = b.s
     from (
       with v as (
         select d.tenant_id, d.platform, date_trunc('month', d.day)::date as month, d.track_id, u.k, sum(u.s)::bigint as s
         from trend_daily d cross join lateral unnest(d.breakdown_values, d.breakdown_streams) u(k, s)
         where d.tenant_id = $1 group by 1, 2, 3, 4, 5
       ), a as (
         select tenant_id, platform, month, track_id, k, s from v
         union all select tenant_id, '*', month, track_id, k, sum(s)::bigint from v group by 1, 3, 4, 5
       )
       select tenant_id, platform, month, track_id, array_agg(k order by k) as k, array_agg(s order by k) as s from a group by 1, 2, 3, 4
     ) b
     where p.tenant_id = b.tenant_id and p.platform = b.platform and p.grain = 'm' and p.starts_on = b.month and p.track_id = b.track_id`,
    [tenant],
  )
  await client.query('vacuum analyze trend_track_period')
  log(`trend_track_period: breakdown arrays of ${rowCount} month rows in ${Math.round((Date.now() - at) / 1000)} s`)
}

if (process.argv.includes('--period-breakdowns')) {
  await seedPeriodBreakdowns()
  await client.end()
  process.exit(0)
}

const only = process.argv.indexOf('--breakdowns')
if (only >= 0 || process.argv.includes('--breakdowns-rollup')) {
  if (only >= 0) {
    const platform = process.argv[only + 1]
    if (!PLATFORMS.includes(platform)) throw new Error(`--breakdowns takes one of ${PLATFORMS.join(', ')}`)
    await seedBreakdowns(platform)
    await client.query('vacuum analyze trend_daily')
  } else await rollUpBreakdowns()
  await client.end()
  process.exit(0)
}

/** One platform's saturated year of trend_daily rows, with their breakdown arrays. */
async function seedDaily(p: number, platform: string) {
  const at = Date.now()
  await client.query(
    `insert into trend_daily (tenant_id, platform, track_id, day, streams, listeners, artificial, breakdown_values, breakdown_streams)
     select $1::bigint, $2::text, t.id, x.day, x.streams, x.streams / 3,
       case when $2::text in ('spotify', 'deezer') and x.g % 50 = 0 and (x.d + x.g) % 3 = 0 then x.streams / 10
            when (x.g * 13 + x.d * 7 + $3) % 997 = 0 then 1 + x.streams / 20 else 0 end,
       array['country:' || c[1 + t.h % 20], 'country:' || c[1 + (t.h + 7) % 20], 'country:' || c[1 + (t.h + 13) % 20],
         'source:' || s[1 + t.h % 8], 'source:' || s[1 + (t.h + 3) % 8], 'tier:paid', 'tier:free', 'gender:f', 'gender:m'],
       array[x.streams - x.streams * 3 / 10 - x.streams / 10, x.streams * 3 / 10, x.streams / 10,
         x.streams - x.streams * 3 / 10, x.streams * 3 / 10, x.streams - x.streams / 3, x.streams / 3, x.streams / 2, x.streams - x.streams / 2]
     from (select id, (id * 7)::int as h, row_number() over (order by isrc) - 1 as g from tracks where tenant_id = $1) t
     cross join (select $5::text[] as c, $6::text[] as s) k
     cross join generate_series(0, 364) d
     cross join lateral (
       select t.g, d, $4::date + d as day,
         case when t.g % 97 = 0 and d < 320 then 0
              else greatest(10, (1 + 50000 / (1 + (t.g * 7919 + $3::int * 131) % 5000)) * (50 + (t.g * 31 + d * 17 + $3 * 7) % 100) / 100
                * (case when extract(isodow from $4::date + d) >= 6 then 12 else 10 end) / 10
                + case when t.g % 97 = 0 then 400 else 0 end)::bigint
         end as streams
     ) x
     where x.streams > 0
     order by 1, 2, 3, 4`,
    [tenant, platform, p, first, COUNTRIES, SOURCES],
  )
  log(`${platform}: trend_daily in ${Math.round((Date.now() - at) / 1000)} s`)
}
/** The rollups grouped from trend_daily, as the commit writes them. */
async function seedPeriods() {
  let at = Date.now()
  await client.query(
    `insert into trend_platform_daily (tenant_id, platform, day, streams, listeners, artificial)
   select tenant_id, platform, day, sum(streams), sum(listeners), sum(artificial) from trend_daily where tenant_id = $1 group by 1, 2, 3`,
    [tenant],
  )
  log(`trend_platform_daily in ${Math.round((Date.now() - at) / 1000)} s`)
  for (const platform of [...PLATFORMS, '*']) {
    at = Date.now()
    await client.query(
      `insert into trend_track_period (tenant_id, platform, grain, starts_on, track_id, streams, artificial)
     select d.tenant_id, $2::text, u.grain, u.starts_on, d.track_id, sum(d.streams), sum(d.artificial)
     from trend_daily d
     cross join lateral (values ('d', d.day), ('w', date_trunc('week', d.day)::date), ('m', date_trunc('month', d.day)::date),
       ('y', date_trunc('year', d.day)::date)) u(grain, starts_on)
     where d.tenant_id = $1 and ($2::text = '*' or d.platform = $2::text) and (u.grain <> 'd' or $2 = '*')
     group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
      [tenant, platform],
    )
    log(`trend_track_period ${platform} in ${Math.round((Date.now() - at) / 1000)} s`)
  }
}

/** The import the seed's facts belong to (the bench's `--reuse` looks for it): made once. */
async function seededImport() {
  const held = await client.query(`select id from trend_imports where tenant_id = $1 and content_hash = 'bench-seeded'`, [tenant])
  if (held.rows.length) return Number(held.rows[0].id)
  const made = await client.query(
    `insert into trend_imports (tenant_id, platform, status, file_name, content_hash, created_by)
     values ($1, 'spotify', 'committed', 'seeded', 'bench-seeded', $2) returning id`,
    [tenant, admin],
  )
  return Number(made.rows[0].id)
}

/** The track-less breakdowns and the month arrays, then the import row that marks the seed done. */
async function seedFinish() {
  // The breakdown arrays were written with the days (the same split as seedBreakdowns).
  await rollUpBreakdowns()
  await seedPeriodBreakdowns()
  await seededImport()
  await client.query('vacuum analyze trend_daily')
  await client.query('vacuum analyze trend_track_period')
  await client.query('vacuum analyze trend_platform_daily')
  const sizes = await client.query(`select (select count(*) from trend_daily) as daily, (select count(*) from trend_track_period) as period,
  (select count(*) from trend_daily where artificial > 0) as flagged, pg_size_pretty(pg_database_size(current_database())) as size`)
  log(`seeded: ${JSON.stringify(sizes.rows[0])}`)
}

/**
 * `--facts YYYY-MM` (session 40): the month's fact rows, derived from the seed's trend_daily rows
 * so that the commit's statement over them gives back exactly those rollups. Each track's day
 * [0, streams) is cut at every breakdown share's boundary (countries 60/30/10 %, sources 70/30, tier,
 * gender: ≤ 6 pieces, each lying in one value of every dimension), and each piece of 2 or more
 * streams is reported as two lines (halves): ≤ 12 lines a track's day. The day's listeners and
 * artificial streams are on its first line. Lines are numbered by (track, platform, day, piece, half),
 * so a month can be loaded again after a failure (its partition emptied first).
 */
async function seedFacts(month: string) {
  if (!/^\d{4}-\d{2}$/.test(month)) throw new Error('--facts takes a month, YYYY-MM')
  const at = Date.now()
  await ensureFactPartitions((statement: string) => client.query(statement), [month])
  const importId = await seededImport()
  const partition = `trend_facts_${month.replace('-', '')}`
  await client.query(`delete from ${partition} where tenant_id = $1`, [tenant])
  const { rowCount } = await client.query(
    `insert into ${partition} (tenant_id, import_id, line, platform, day, isrc, track_id, country, streams, listeners, artificial, dims)
     select d.tenant_id, $2::bigint, ((t.g * 6 + array_position($4::text[], d.platform) - 1) * 365 + (d.day - $3::date)) * 12 + seg.k * 2 + h.i,
       d.platform, d.day, t.isrc, d.track_id,
       c[1 + case when seg.lo < a1 then t.h when seg.lo < a2 then t.h + 7 else t.h + 13 end % 20],
       case when seg.len < 2 then seg.len when h.i = 0 then seg.len - seg.len / 2 else seg.len / 2 end,
       case when seg.k = 0 and h.i = 0 then d.listeners else 0 end,
       case when seg.k = 0 and h.i = 0 then d.artificial else 0 end,
       jsonb_build_object('source', src[1 + case when seg.lo < b1 then t.h else t.h + 3 end % 8],
         'tier', case when seg.lo < t1 then 'paid' else 'free' end, 'gender', case when seg.lo < g1 then 'f' else 'm' end)
     from trend_daily d
     join (select id, isrc, (id * 7)::int as h, row_number() over (order by isrc) - 1 as g from tracks where tenant_id = $1) t on t.id = d.track_id
     cross join (select $5::text[] as c, $6::text[] as src) k
     cross join lateral (select d.streams - d.streams * 3 / 10 - d.streams / 10 as a1, d.streams - d.streams / 10 as a2,
       d.streams - d.streams * 3 / 10 as b1, d.streams - d.streams / 3 as t1, d.streams / 2 as g1) cut
     cross join lateral (
       select (row_number() over (order by q.lo) - 1)::int as k, q.lo, q.hi - q.lo as len from (
         select p as lo, lead(p) over (order by p) as hi from unnest(array[0, cut.a1, cut.a2, cut.b1, cut.t1, cut.g1, d.streams]) p
       ) q where q.hi > q.lo
     ) seg
     cross join lateral generate_series(0, case when seg.len >= 2 then 1 else 0 end) h(i)
     where d.tenant_id = $1 and d.day >= $7::date and d.day < ($7::date + interval '1 month')`,
    [tenant, importId, first, PLATFORMS, COUNTRIES, SOURCES, `${month}-01`],
  )
  log(`${month}: ${rowCount} fact rows in ${Math.round((Date.now() - at) / 1000)} s`)
}

/**
 * `--check-facts YYYY-MM`: the commit's own sums of the month's facts (per track day: streams,
 * listeners, artificial and every breakdown value) against trend_daily: the rows that differ.
 */
async function checkFacts(month: string) {
  const { rows } = await client.query(
    `with f as (
       select platform, track_id, day, sum(streams) as streams, sum(listeners) as listeners, sum(artificial) as artificial from trend_facts
       where tenant_id = $1 and day >= $2::date and day < ($2::date + interval '1 month') group by 1, 2, 3
     ), v as (
       select platform, track_id, day, array_agg(k || '=' || s order by k) as kv from (
         select platform, track_id, day, k, sum(streams) as s from trend_facts
         cross join lateral (values ('country:' || country), ('source:' || (dims->>'source')), ('tier:' || (dims->>'tier')), ('gender:' || (dims->>'gender'))) x(k)
         where tenant_id = $1 and day >= $2::date and day < ($2::date + interval '1 month') group by 1, 2, 3, 4) y group by 1, 2, 3
     ), r as (
       select platform, track_id, day, streams, listeners, artificial,
         (select array_agg(k || '=' || s order by k) from (select k, sum(s) as s from unnest(breakdown_values, breakdown_streams) b(k, s) group by k) z) as kv
       from trend_daily where tenant_id = $1 and day >= $2::date and day < ($2::date + interval '1 month')
     )
     select (select count(*) from r) as days, count(*) filter (where f.track_id is null or f.streams <> r.streams or f.listeners <> r.listeners
       or f.artificial <> r.artificial or v.kv <> r.kv) as different
     from r left join f using (platform, track_id, day) left join v using (platform, track_id, day)`,
    [tenant, `${month}-01`],
  )
  log(`${month}: ${JSON.stringify(rows[0])} (track days; different: where the facts' sums are not trend_daily's)`)
}

const argument = (flag: string) => {
  const index = process.argv.indexOf(flag)
  return index >= 0 ? process.argv[index + 1] : undefined
}
if (argument('--facts')) await seedFacts(argument('--facts')!)
else if (argument('--check-facts')) await checkFacts(argument('--check-facts')!)
else if (argument('--daily')) {
  const platform = argument('--daily')!
  if (!PLATFORMS.includes(platform)) throw new Error(`--daily takes one of ${PLATFORMS.join(', ')}`)
  await seedDaily(PLATFORMS.indexOf(platform), platform)
} else if (process.argv.includes('--periods')) await seedPeriods()
else if (process.argv.includes('--finish')) await seedFinish()
else {
  for (const [p, platform] of PLATFORMS.entries()) await seedDaily(p, platform)
  await seedPeriods()
  await seedFinish()
}
await client.end()
