// `DATABASE_URL=… BENCH_DB=… node --import tsx tests/bench/analytics-saturate.ts [tracks-are-those-of-the-bench]`:
// fills the rollups of a database the analytics bench made (`--only analytics --trend-lines 0 --facts 0
// --tracks 5000`) as a year of saturated per-track rows: every track streams every day on six
// platforms (what 100M facts make of 20,000 tracks on 12 platforms), written straight into the
// rollups in the commit's shape (no facts: the reads never touch them). Then `--reuse` times the reads.
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
import pg from 'pg'
import { addDays, dayString } from '../../src/core/analytics-range'

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

for (const [p, platform] of PLATFORMS.entries()) {
  const at = Date.now()
  await client.query(
    `insert into trend_daily (tenant_id, platform, track_id, day, streams, listeners, artificial)
     select $1::bigint, $2::text, t.id, x.day, x.streams, x.streams / 3,
       case when $2::text in ('spotify', 'deezer') and x.g % 50 = 0 and (x.d + x.g) % 3 = 0 then x.streams / 10
            when (x.g * 13 + x.d * 7 + $3) % 997 = 0 then 1 + x.streams / 20 else 0 end
     from (select id, row_number() over (order by isrc) - 1 as g from tracks where tenant_id = $1) t
     cross join generate_series(0, 364) d
     cross join lateral (
       select t.g, d, $4::date + d as day,
         case when t.g % 97 = 0 and d < 320 then 0
              else ((1 + 50000 / (1 + (t.g * 7919 + $3::int * 131) % 5000)) * (50 + (t.g * 31 + d * 17 + $3 * 7) % 100) / 100
                * (case when extract(isodow from $4::date + d) >= 6 then 12 else 10 end) / 10
                + case when t.g % 97 = 0 then 400 else 0 end)::bigint
         end as streams
     ) x
     where x.streams > 0
     order by 1, 2, 3, 4`,
    [tenant, platform, p, first],
  )
  log(`${platform}: trend_daily in ${Math.round((Date.now() - at) / 1000)} s`)
}
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
for (const platform of PLATFORMS) await seedBreakdowns(platform)
await rollUpBreakdowns()
await seedPeriodBreakdowns()
await client.query(
  `insert into trend_imports (tenant_id, platform, status, file_name, content_hash, created_by)
   values ($1, 'spotify', 'committed', 'seeded', 'bench-seeded', $2)`,
  [tenant, admin],
)
await client.query('vacuum analyze trend_daily')
await client.query('vacuum analyze trend_track_period')
await client.query('vacuum analyze trend_platform_daily')
const sizes = await client.query(`select (select count(*) from trend_daily) as daily, (select count(*) from trend_track_period) as period,
  (select count(*) from trend_daily where artificial > 0) as flagged, pg_size_pretty(pg_database_size(current_database())) as size`)
log(`seeded: ${JSON.stringify(sizes.rows[0])}`)
await client.end()
