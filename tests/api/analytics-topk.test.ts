import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { createAccount, createWorkspace } from '../helpers/fixtures'
import { createRelease } from './releases-fixtures'
import { ensureFactPartitions, rollUpImport } from '../../src/domains/analytics/server/rollups'
import { topAccounts, topSongs } from '../../src/domains/analytics/server/reads'
import { artificialStreams } from '../../src/domains/analytics/server/fraud'
import { TOP_LIMIT } from '../../src/contract/analytics'
import type { DayRange } from '../../src/core/analytics-range'

// Top songs, top accounts (candidates by a bound, exact sums for the candidates only) and the
// artificial streams (the period's units of trend_track_period) answer exactly what summing
// trend_daily day by day answers, over periods with edges, with ties, and a track whose streams
// sit just outside the period (a high bound, a low sum).

let t: TestApp
let tenant: number
const FIRST = '2025-11-20'
const LAST = '2027-01-10'
const TRACKS = 30

async function seedFacts(tenantId: number, adminId: number, trackIds: number[], facts: ReturnType<typeof sql>) {
  const db = t.services.db
  const months: string[] = []
  for (let month = FIRST.slice(0, 7); month <= LAST.slice(0, 7);) {
    months.push(month)
    const [y, m] = month.split('-').map(Number)
    month = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`
  }
  await ensureFactPartitions(db, months)
  const [{ id }] = (
    await db.execute<{ id: number }>(sql`
      insert into trend_imports (tenant_id, platform, status, file_name, content_hash, created_by)
      values (${tenantId}, 'spotify', 'committed', 'seeded', ${`seeded-${tenantId}`}, ${adminId}) returning id`)
  ).rows
  await db.execute(sql`
    insert into trend_facts (tenant_id, import_id, line, platform, day, isrc, track_id, country, streams, listeners, artificial, dims)
    select ${tenantId}, ${id}, row_number() over (), f.platform, f.day, null, (${sql.param(trackIds)}::bigint[])[f.k + 1], 'SE', f.streams, 1, f.artificial, '{}'::jsonb
    from (${facts}) f`)
  // The commit's own statement, in two halves (the second adds to the rows the first wrote).
  for (const half of [
    { from: FIRST, to: '2026-06-15' },
    { from: '2026-06-16', to: LAST },
  ])
    await db.transaction((tx) => rollUpImport(tx, tenantId, Number(id), 'spotify', half))
}

beforeAll(async () => {
  t = await createTestApp()
  const ws = await createWorkspace(t.services, 'acme')
  tenant = ws.tenant.id
  const accounts = [ws.artist.id, ws.label.id]
  for (let n = 0; n < 10; n += 1)
    accounts.push(
      (await createAccount(t.services, { tenantId: tenant, email: `a${n}@acme.test`, firstName: 'Artist', lastName: `${n}` })).id,
    )
  const trackIds: number[] = []
  for (let n = 0; n < TRACKS / 3; n += 1) {
    // Three tracks a release; releases go round the accounts (some get two, some one).
    const { tracks } = await createRelease(t.services, { tenantId: tenant, accountId: accounts[n % accounts.length], title: `R${n}` }, [
      {},
      {},
      {},
    ])
    trackIds.push(...tracks.map((track: { id: number }) => Number(track.id)))
  }
  // Tracks k and k+1 (k even) stream the same, so every period has ties; popularity falls with k;
  // track 29 streams only on the last and first days of months (10,000 a day: a high bound for any
  // period that cuts a month); a day in five is missing.
  await seedFacts(
    tenant,
    ws.admin.id,
    trackIds,
    sql`select k, p.platform, d::date as day,
      case when k = 29 then 10000 else (40 - k / 2) * (1 + (extract(doy from d)::int + k / 2) % 3) end as streams,
      case when k % 7 = 0 and p.platform <> 'apple' and extract(day from d)::int % 5 = 0 then 3 + k / 2 else 0 end as artificial
    from generate_series(0, ${TRACKS - 1}) k
    cross join (values ('spotify'), ('deezer'), ('apple')) p(platform)
    cross join (select g::date from generate_series(${FIRST}::date, ${LAST}::date, '1 day') g) dd(d)
    where (extract(doy from d)::int + k / 2) % 5 <> 0
      and (k <> 29 or extract(day from d + 1)::int = 1 or extract(day from d)::int = 1)`,
  )
  // Another workspace's far larger streams never enter acme's answers.
  const other = await createWorkspace(t.services, 'other')
  const { tracks: otherTracks } = await createRelease(
    t.services,
    { tenantId: other.tenant.id, accountId: other.artist.id, title: 'Other' },
    [{}],
  )
  await seedFacts(
    other.tenant.id,
    other.admin.id,
    otherTracks.map((track: { id: number }) => Number(track.id)),
    sql`select 0 as k, 'spotify' as platform, d::date as day, 1000000 as streams, 5000 as artificial
      from (select g::date from generate_series(${FIRST}::date, ${LAST}::date, '1 day') g) dd(d)`,
  )
}, 120_000)
afterAll(() => t.close())

const RANGES: DayRange[] = [
  { from: '2026-10-28', to: '2026-11-26' }, // 30 days: two part months, whole weeks, edge days
  { from: '2025-12-29', to: '2026-01-27' }, // across the new year
  { from: '2026-01-01', to: '2026-01-31' }, // a whole month
  { from: '2025-11-27', to: '2026-11-26' }, // a year: two months and the year 2026 as bounds
  { from: '2026-01-01', to: '2026-10-01' }, // the year's bound from its first day
  { from: '2026-03-04', to: '2026-03-04' }, // one day
  { from: '2026-02-10', to: '2026-04-20' },
  { from: '2026-05-01', to: '2027-01-10' },
  { from: '2027-02-01', to: '2027-02-28' }, // nothing streamed
]
const platformFilter = (platform: string) => (platform === 'all' ? sql`` : sql`and platform = ${platform}`)

/** What summing trend_daily day by day answers (the reads before the units and the bound). */
async function dailyTopSongs(platform: string, range: DayRange) {
  const { rows } = await t.services.db.execute<{ track_id: number; streams: string }>(sql`
    select track_id, sum(streams)::bigint as streams from trend_daily
    where tenant_id = ${tenant} and day between ${range.from}::date and ${range.to}::date ${platformFilter(platform)}
    group by 1 order by 2 desc, 1 limit ${TOP_LIMIT}`)
  return rows.map((row) => ({ trackId: Number(row.track_id), streams: Number(row.streams) }))
}

async function dailyTopAccounts(platform: string, range: DayRange) {
  const { rows } = await t.services.db.execute<{ account_id: number; tracks: string; streams: string }>(sql`
    with per_track as (
      select track_id, sum(streams)::bigint as streams from trend_daily
      where tenant_id = ${tenant} and day between ${range.from}::date and ${range.to}::date ${platformFilter(platform)} group by 1
    )
    select r.account_id, count(*)::bigint as tracks, sum(p.streams)::bigint as streams
    from per_track p join tracks k on k.id = p.track_id and k.tenant_id = ${tenant} join releases r on r.id = k.release_id
    group by 1 order by 3 desc, 1 limit ${TOP_LIMIT}`)
  return rows.map((row) => ({ accountId: Number(row.account_id), tracks: Number(row.tracks), streams: Number(row.streams) }))
}

async function dailyArtificial(platform: string, range: DayRange) {
  const { rows } = await t.services.db.execute<{ track_id: number; streams: string; artificial: string }>(sql`
    select track_id, sum(streams)::bigint as streams, sum(artificial)::bigint as artificial from trend_daily
    where tenant_id = ${tenant} and platform = ${platform} and day between ${range.from}::date and ${range.to}::date
    group by 1 having sum(artificial) > 0 order by 3 desc, 1 limit 10`)
  return rows.map((row) => ({ trackId: Number(row.track_id), streams: Number(row.streams), artificial: Number(row.artificial) }))
}

describe('top lists from candidates ranked by a bound', () => {
  it('the seed has ties and a track whose bound is far above its sum', async () => {
    const top = await dailyTopSongs('all', { from: '2026-02-10', to: '2026-04-20' })
    expect(new Set(top.map((row) => row.streams)).size).toBeLessThan(top.length)
    const { rows } = await t.services.db.execute<{ bound: string }>(sql`
      select sum(streams)::bigint as bound from trend_track_period
      where tenant_id = ${tenant} and platform = '*' and grain = 'm' and starts_on in ('2026-10-01', '2026-11-01')
        and track_id = (select track_id from trend_track_period where tenant_id = ${tenant} and grain = 'd' group by 1 order by max(streams) desc limit 1)`)
    // Track 29's October and November: six days of 10,000 × 3 platforms, its 30 days ending 26 November far fewer.
    expect(Number(rows[0].bound)).toBeGreaterThan(100_000)
  })

  for (const platform of ['all', 'spotify', 'deezer'])
    it(`top songs and top accounts (${platform}) equal the day-by-day sums, however many candidates come first`, async () => {
      for (const range of RANGES) {
        const songs = await dailyTopSongs(platform, range)
        const accounts = await dailyTopAccounts(platform, range)
        for (const first of [1, 3, 12, 64]) {
          const answer = await topSongs(t.services.db, tenant, platform, range, undefined, first)
          expect(
            answer.map((row) => ({ trackId: row.trackId, streams: row.streams })),
            `${platform} ${range.from}..${range.to} first ${first}`,
          ).toEqual(songs)
          const byAccount = await topAccounts(t.services.db, tenant, platform, range, undefined, first)
          expect(
            byAccount.map((row) => ({ accountId: row.accountId, tracks: row.tracks, streams: row.streams })),
            `${platform} ${range.from}..${range.to} first ${first}`,
          ).toEqual(accounts)
        }
      }
    })

  it('artificial streams by track equal the day-by-day sums (all the track’s streams in the period beside them)', async () => {
    let compared = 0
    for (const platform of ['spotify', 'deezer', 'apple'])
      for (const range of RANGES) {
        const expected = await dailyArtificial(platform, range)
        const answer = await artificialStreams(t.services.db, tenant, platform, range)
        expect(
          answer.tracks.map((row) => ({ trackId: row.trackId, streams: row.streams, artificial: row.artificial })),
          `${platform} ${range.from}..${range.to}`,
        ).toEqual(expected)
        const { rows } = await t.services.db.execute<{ streams: string; artificial: string }>(sql`
          select coalesce(sum(streams), 0)::bigint as streams, coalesce(sum(artificial), 0)::bigint as artificial from trend_daily
          where tenant_id = ${tenant} and platform = ${platform} and day between ${range.from}::date and ${range.to}::date`)
        expect({ streams: answer.streams, artificial: answer.artificial }).toEqual({
          streams: Number(rows[0].streams),
          artificial: Number(rows[0].artificial),
        })
        compared += expected.length
      }
    expect(compared).toBeGreaterThan(20)
  })
})
