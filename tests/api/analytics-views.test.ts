import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import type { TestClient } from '../helpers/client'
import { createRelease } from './releases-fixtures'
import { importTrendsCommitted } from './analytics-fixtures'
import { addDays, dayString } from '../../src/core/analytics-range'
import type { TrendDimension } from '../../src/core/analytics-platforms'
import { labelBreakdown } from '../../src/core/analytics-labels'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let tracks: number[]

const range = { date: 'custom' as const, from: '2026-01-01', to: '2026-01-05' }
const today = dayString(new Date())

const importCommitted = (platform: string, header: string, lines: string[], filename: string) =>
  importTrendsCommitted(t, admin, platform, header, lines, filename)

beforeAll(async () => {
  t = await createTestApp()
  ws = await createWorkspace(t.services, 'acme')
  await createWorkspace(t.services, 'other')
  const first = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Night Drive' }, [
    { isrc: 'USWL12600001' },
    { isrc: 'USWL12600002' },
  ])
  const second = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.label.id, title: 'Daybreak' }, [
    { isrc: 'USWL12600003' },
  ])
  tracks = [...first.tracks, ...second.tracks].map((track: { id: number }) => Number(track.id))
  admin = await signedIn(t.app, 'admin@acme.test')
  await importCommitted(
    'spotify',
    'date,isrc,country,streams,listeners,source,product,gender,age_group',
    [
      '2026-01-01,USWL12600001,SE,100,50,album,paid,m,25-34',
      '2026-01-01,USWL12600002,US,40,10,artist,free,f,18-24',
      '2026-01-03,USWL12600003,US,300,90,others_playlist,paid,x,55+',
      '2026-01-03,USWL12600001,SE,5,5,weird_source,free,,<18',
      '2026-01-09,USWL12600001,SE,1000,1,album,paid,m,25-34',
      `${today},USWL12600002,DE,7,7,search,paid,f,18-24`,
    ],
    'spotify.csv',
  )
  await importCommitted('deezer', 'date,isrc,country,nb_streams,offer', ['2026-01-02,USWL12600002,FR,60,premium'], 'deezer.csv')
})
afterAll(() => t.close())

describe('analytics views read the rollups', () => {
  it('overview: totals, a point for every day, and the split by platform', async () => {
    const view = await admin.ok('analytics.overview', { query: range })
    expect(view.range).toEqual({ from: '2026-01-01', to: '2026-01-05' })
    expect(view.totals).toMatchObject({ streams: 505, tracks: 3 })
    expect(view.series).toEqual([
      { day: '2026-01-01', streams: 140 },
      { day: '2026-01-02', streams: 60 },
      { day: '2026-01-03', streams: 305 },
      { day: '2026-01-04', streams: 0 },
      { day: '2026-01-05', streams: 0 },
    ])
    expect(view.platforms).toEqual([
      { platform: 'spotify', label: 'Spotify', streams: 445 },
      { platform: 'deezer', label: 'Deezer', streams: 60 },
    ])
  })

  it('defaults to the last thirty days', async () => {
    const view = await admin.ok('analytics.overview', { query: {} })
    expect(view.range).toEqual({ from: addDays(today, -29), to: today })
    expect(view.series).toHaveLength(30)
    expect(view.totals.streams).toBe(7)
  })

  it('a platform view counts that platform only', async () => {
    const spotify = await admin.ok('analytics.platform', { params: { platform: 'spotify' }, query: range })
    expect(spotify.totals.streams).toBe(445)
    expect(spotify.series[1]).toEqual({ day: '2026-01-02', streams: 0 })
    const deezer = await admin.ok('analytics.platform', { params: { platform: 'deezer' }, query: range })
    expect(deezer.totals.streams).toBe(60)
    // Tracks streamed counts the tracks with streams on that platform in the period only.
    expect(spotify.totals.tracks).toBe(3)
    expect(deezer.totals.tracks).toBe(1)
    const quiet = await admin.ok('analytics.platform', { params: { platform: 'tiktok' }, query: range })
    expect(quiet.totals).toEqual({ streams: 0, listeners: 0, artificial: 0, tracks: 0 })
  })

  it('top songs and top accounts, most streams first', async () => {
    const songs = await admin.ok('analytics.topSongs', { params: { platform: 'all' }, query: range })
    expect(songs.map((song) => [song.trackId, song.streams])).toEqual([
      [tracks[2], 300],
      [tracks[0], 105],
      [tracks[1], 100],
    ])
    expect(songs[0]).toMatchObject({ releaseTitle: 'Daybreak', isrc: 'USWL12600003' })
    const accounts = await admin.ok('analytics.topUsers', { params: { platform: 'spotify' }, query: range })
    expect(accounts.map((account) => [account.accountId, account.streams, account.tracks])).toEqual([
      [ws.label.id, 300, 1],
      [ws.artist.id, 145, 2],
    ])
  })

  it('top songs and "Tracks streamed" over whole weeks and months read as the days they hold', async () => {
    // Ranges cut into months, weeks from Monday and edge days (periodUnits): each answer must be the
    // plain sum of the per-track days, for every platform and for one.
    const ranges = [
      { from: '2025-12-29', to: '2026-01-11' },
      { from: '2026-01-03', to: '2026-01-12' },
      { from: '2025-12-15', to: '2026-03-10' },
      { from: '2026-01-05', to: '2026-01-31' },
      { from: addDays(today, -364), to: today },
      // Session 35: units reaching past the period are read when the days they add hold no streams
      // (exactUnits): streams on the day before or after (1 January, the 9th, today) must stop them.
      { from: '2026-01-02', to: '2026-01-08' },
      { from: '2026-01-04', to: '2026-01-31' },
      { from: '2025-12-20', to: addDays(today, -1) },
      { from: '2025-06-01', to: '2026-01-01' },
      { from: '2026-01-10', to: addDays(today, -1) },
      { from: '2026-01-02', to: today },
    ]
    for (const period of ranges)
      for (const platform of ['all', 'spotify', 'deezer']) {
        const query = { date: 'custom' as const, ...period }
        const { rows } = await t.services.db.execute<{ track_id: number; streams: string }>(sql`
          select track_id, sum(streams)::bigint as streams from trend_daily
          where tenant_id = ${ws.tenant.id} and day between ${period.from}::date and ${period.to}::date
            and (${platform} = 'all' or platform = ${platform})
          group by 1 order by 2 desc, 1`)
        const songs = await admin.ok('analytics.topSongs', { params: { platform }, query })
        expect(songs.map((song) => [song.trackId, song.streams]), `${platform} ${period.from}..${period.to}`).toEqual(
          rows.map((row) => [Number(row.track_id), Number(row.streams)]),
        )
        const view =
          platform === 'all'
            ? await admin.ok('analytics.overview', { query })
            : await admin.ok('analytics.platform', { params: { platform }, query })
        expect(view.totals.tracks).toBe(rows.length)
        const accounts = await admin.ok('analytics.topUsers', { params: { platform }, query })
        expect(accounts.reduce((sum, account) => sum + account.streams, 0)).toBe(rows.reduce((sum, row) => sum + Number(row.streams), 0))
      }
    // The whole of January: one month row per track, 1,000 streams on the 9th included.
    const january = await admin.ok('analytics.topSongs', { params: { platform: 'spotify' }, query: { date: 'custom', from: '2026-01-01', to: '2026-01-31' } })
    expect(january[0]).toMatchObject({ trackId: tracks[0], streams: 1105 })
  })

  it("breakdowns carry spec section 9's labels", async () => {
    const call = async (breakdown: TrendDimension, platform = 'spotify') =>
      (await admin.ok('analytics.breakdown', { params: { platform, breakdown }, query: range })).items
    expect(await call('gender')).toEqual([
      { label: 'unknown', streams: 305, share: 68.54 },
      { label: 'male', streams: 100, share: 22.47 },
      { label: 'female', streams: 40, share: 8.99 },
    ])
    expect((await call('tier')).map((item) => [item.label, item.streams])).toEqual([
      ['Premium', 400],
      ['Free', 45],
    ])
    expect((await call('source')).map((item) => item.label)).toEqual(['others playlist', 'album', 'artist profile', 'unknown'])
    expect((await call('age')).map((item) => item.label)).toEqual(['<18', '18-24', '25-34', '55+'])
    expect((await call('country', 'all')).map((item) => [item.label, item.streams])).toEqual([
      ['US', 340],
      ['SE', 105],
      ['FR', 60],
    ])
  })

  it('histograms: streams by day of week and by hour of day', async () => {
    await importCommitted(
      'spotify',
      'date,isrc,country,streams,hour',
      ['2026-02-02,USWL12600001,SE,10,0', '2026-02-02,USWL12600001,SE,5,23', '2026-02-08,USWL12600002,SE,3,23'],
      'hours.csv',
    )
    const february = { date: 'custom' as const, from: '2026-02-01', to: '2026-02-28' }
    const days = await admin.ok('analytics.histogramDays', { query: february })
    // 2 February 2026 is a Monday, the 8th a Sunday.
    expect(days.buckets[0]).toEqual({ label: 'Monday', streams: 15 })
    expect(days.buckets[6]).toEqual({ label: 'Sunday', streams: 3 })
    expect(days.buckets.map((bucket) => bucket.streams).reduce((a, b) => a + b)).toBe(18)
    const hours = await admin.ok('analytics.histogramHourly', { query: { ...february, platform: 'spotify' } })
    expect(hours.buckets).toHaveLength(24)
    expect(hours.buckets[0]).toEqual({ label: '00', streams: 10 })
    expect(hours.buckets[23]).toEqual({ label: '23', streams: 8 })
    const elsewhere = await admin.ok('analytics.histogramHourly', { query: { ...february, platform: 'deezer' } })
    expect(elsewhere.buckets.every((bucket) => bucket.streams === 0)).toBe(true)
  })

  it("a release's streams per platform, country and day, from the same rollups", async () => {
    const { rows } = await t.services.db.execute<{ release_id: number }>(sql`select release_id from tracks where id = ${tracks[0]}`)
    const releaseId = Number(rows[0].release_id)
    const release = await admin.ok('analytics.release', { params: { id: releaseId }, query: range })
    expect(release.total).toBe(205)
    expect(release.platforms).toEqual([
      { platform: 'spotify', label: 'Spotify', streams: 145 },
      { platform: 'deezer', label: 'Deezer', streams: 60 },
    ])
    expect(release.countries.map((item) => [item.label, item.streams])).toEqual([
      ['SE', 105],
      ['FR', 60],
      ['US', 40],
    ])
    expect(release.series.slice(0, 3).map((point) => point.streams)).toEqual([140, 60, 5])
    const stranger = await signedIn(t.app, 'admin@other.test')
    expect((await stranger.call('analytics.release', { params: { id: releaseId }, query: range })).status).toBe(404)
  })

  it("releases/analytics/{id}: the smartlink clicks, and beside them the release's streams over the same days", async () => {
    const { rows } = await t.services.db.execute<{ release_id: number }>(sql`select release_id from tracks where id = ${tracks[0]}`)
    const releaseId = Number(rows[0].release_id)
    const answer = await admin.ok('releases.analytics', { params: { id: releaseId } })
    // The clicks part as it was (nobody clicked), the streams part from the rollups: today's 7 Spotify streams.
    expect(answer).toMatchObject({ releaseId, smartlinkId: null, total: 0, platforms: [], days: [] })
    expect(answer.streams.range).toEqual({ from: answer.from, to: answer.to })
    expect(answer.streams.total).toBe(7)
    expect(answer.streams.platforms).toEqual([{ platform: 'spotify', label: 'Spotify', streams: 7 }])
    expect(answer.streams.countries.map((item) => [item.label, item.streams])).toEqual([['DE', 7]])
    expect(answer.streams.series.at(-1)).toEqual({ day: today, streams: 7 })
    const stranger = await signedIn(t.app, 'admin@other.test')
    expect((await stranger.call('releases.analytics', { params: { id: releaseId } })).status).toBe(404)
  })

  it('"Analytics for this account": every view filtered to the streams of its releases', async () => {
    const artist = { ...range, account: ws.artist.id }
    const view = await admin.ok('analytics.overview', { query: artist })
    expect(view.totals).toMatchObject({ streams: 205, tracks: 2 })
    expect(view.series.slice(0, 3).map((point) => point.streams)).toEqual([140, 60, 5])
    expect((await admin.ok('analytics.overview', { query: { ...range, account: ws.label.id } })).totals.streams).toBe(300)
    expect((await admin.ok('analytics.platform', { params: { platform: 'deezer' }, query: artist })).totals.streams).toBe(60)
    const songs = await admin.ok('analytics.topSongs', { params: { platform: 'all' }, query: artist })
    expect(songs.map((song) => song.trackId)).toEqual([tracks[0], tracks[1]])
    const accounts = await admin.ok('analytics.topUsers', { params: { platform: 'all' }, query: artist })
    expect(accounts.map((account) => [account.accountId, account.streams])).toEqual([[ws.artist.id, 205]])
    const countries = await admin.ok('analytics.breakdown', { params: { platform: 'all', breakdown: 'country' }, query: artist })
    expect(countries.total).toBe(205)
    const days = await admin.ok('analytics.histogramDays', { query: { ...artist, platform: 'all' } })
    expect(days.buckets.reduce((sum, bucket) => sum + bucket.streams, 0)).toBe(205)
    // An account of another workspace has no releases here: nothing, never the other workspace's streams.
    const other = await createWorkspace(t.services, 'third')
    expect((await admin.ok('analytics.overview', { query: { ...range, account: other.artist.id } })).totals.streams).toBe(0)
    expect((await admin.call('analytics.overview', { query: { ...range, account: 'x' as unknown as number } })).status).toBe(400)
  })

  it('ranks releases by smartlink clicks in the period', async () => {
    const releaseIds = (
      await t.services.db.execute<{ id: number; title: string }>(
        sql`select id, title from releases where tenant_id = ${ws.tenant.id} order by title`,
      )
    ).rows.map((row) => Number(row.id))
    for (const [index, releaseId] of releaseIds.entries()) {
      const link = await t.services.db.execute<{ id: number }>(sql`
        insert into smartlinks (tenant_id, release_id, code, title) values (${ws.tenant.id}, ${releaseId}, ${`code-${index}`}, 'Link')
        returning id`)
      const linkId = Number(link.rows[0].id)
      await t.services.db.execute(sql`
        insert into smartlink_clicks (smartlink_id, tenant_id, day, platform, clicks) values
          (${linkId}, ${ws.tenant.id}, '2026-01-02', 'spotify', ${index === 0 ? 3 : 9}),
          (${linkId}, ${ws.tenant.id}, '2026-01-03', 'apple', 1),
          (${linkId}, ${ws.tenant.id}, '2025-12-01', 'apple', 500)`)
    }
    const top = await admin.ok('analytics.topReleases', { query: range })
    expect(top.map((row) => [row.title, row.clicks])).toEqual([
      ['Night Drive', 10],
      ['Daybreak', 4],
    ])
  })

  it('refuses a bad range, and shows another workspace nothing', async () => {
    const backwards = await admin.call('analytics.overview', { query: { date: 'custom', from: '2026-02-01', to: '2026-01-01' } })
    expect(backwards.status).toBe(400)
    const tooLong = await admin.call('analytics.overview', { query: { date: 'custom', from: '2020-01-01', to: '2026-01-01' } })
    expect(tooLong.status).toBe(400)
    expect((await admin.call('analytics.platform', { params: { platform: 'nowhere' }, query: range })).status).toBe(404)
    const stranger = await signedIn(t.app, 'admin@other.test')
    expect((await stranger.ok('analytics.overview', { query: range })).totals.streams).toBe(0)
    const artist = await signedIn(t.app, 'artist@acme.test')
    expect((await artist.call('analytics.overview', { query: range })).status).toBe(403)
  })

  // Session 36: over long periods the account's breakdowns read its tracks' month rows (their arrays
  // summed by value at commit) and trend_daily only for the weeks and days left. Last in the file: it
  // adds January streams to months the first imports already hold (their arrays are added to).
  it("the account's and release's days are read by (track, platform) ranges of trend_daily_track_idx, with the sums beside the key", async () => {
    // Session 40, migration 0054: keyed (tenant, track, day) with the platform beside it, one
    // platform's read took every platform's entries of the tracks, and every platform's read went day
    // by day across the platforms' parts of the heap (a visibility-map page an entry).
    const { rows } = await t.services.db.execute<{ indexdef: string }>(
      sql`select indexdef from pg_indexes where tablename = 'trend_daily' and indexname = 'trend_daily_track_idx'`,
    )
    expect(rows.map((row) => row.indexdef.replace(/"/g, '').replace(/^.* USING btree /, ''))).toEqual([
      '(tenant_id, track_id, platform, day) INCLUDE (streams, listeners, artificial)',
    ])
  })

  it('"Analytics for this account": breakdowns, hours, totals, series and top lists over long periods, as the facts say', async () => {
    await importCommitted(
      'spotify',
      'date,isrc,country,streams,listeners,source,hour',
      [
        '2026-01-20,USWL12600001,SE,11,1,album,4',
        '2026-01-21,USWL12600002,NO,13,1,search,23',
        '2026-01-31,USWL12600003,US,2,1,album,4',
        `${addDays(today, -40)},USWL12600001,GB,17,1,radio,12`,
      ],
      'january-again.csv',
    )
    await importCommitted('deezer', 'date,isrc,country,nb_streams,offer', ['2026-01-25,USWL12600001,SE,9,free'], 'deezer-again.csv')
    const periods = [
      { from: addDays(today, -364), to: today },
      { from: addDays(today, -363), to: addDays(today, -1) },
      { from: '2026-01-01', to: '2026-01-31' },
      { from: '2025-12-15', to: '2026-03-10' },
      { from: '2026-01-02', to: '2026-01-20' },
      { from: '2026-01-04', to: addDays(today, -1) },
      { from: '2025-06-01', to: '2026-01-01' },
    ]
    const facts = async (platform: string, dimension: string, account: number, period: { from: string; to: string }) => {
      // A fact's dims: its own JSON, or (the dry run's rows since session 40) its workspace's combination.
      const dims = sql`coalesce(f.dims, (select d.dims from trend_dims d where d.id = f.dims_id and d.tenant_id = f.tenant_id))`
      const value = dimension === 'country' ? sql`f.country` : sql`(${dims})->>${dimension}`
      const { rows } = await t.services.db.execute<{ value: string; streams: string }>(sql`
        select ${value} as value, sum(f.streams)::bigint as streams
        from trend_facts f join tracks k on k.id = f.track_id join releases r on r.id = k.release_id
        where f.tenant_id = ${ws.tenant.id} and r.account_id = ${account} and f.day between ${period.from}::date and ${period.to}::date
          and (${platform} = 'all' or f.platform = ${platform}) and ${value} is not null
        group by 1`)
      return rows.map((row) => ({ value: row.value, streams: Number(row.streams) }))
    }
    const factsBy = async (key: ReturnType<typeof sql>, platform: string, account: number, period: { from: string; to: string }) => {
      const { rows } = await t.services.db.execute<{ key: string; streams: string; listeners: string; artificial: string }>(sql`
        select ${key} as key, sum(f.streams)::bigint as streams, sum(f.listeners)::bigint as listeners, sum(f.artificial)::bigint as artificial
        from trend_facts f join tracks k on k.id = f.track_id join releases r on r.id = k.release_id
        where f.tenant_id = ${ws.tenant.id} and r.account_id = ${account} and f.day between ${period.from}::date and ${period.to}::date
          and (${platform} = 'all' or f.platform = ${platform})
        group by 1`)
      return rows.map((row) => ({ key: String(row.key), streams: Number(row.streams), listeners: Number(row.listeners), artificial: Number(row.artificial) }))
    }
    let compared = 0
    let totals = 0
    for (const period of periods)
      for (const account of [ws.artist.id, ws.label.id])
        for (const platform of ['all', 'spotify', 'deezer']) {
          const query = { date: 'custom' as const, ...period, account }
          const what = `${platform} ${period.from}..${period.to} account ${account}`
          for (const dimension of ['country', 'source'] as const) {
            const expected = labelBreakdown(platform === 'all' ? null : platform, dimension, await facts(platform, dimension, account, period))
            const answer = await admin.ok('analytics.breakdown', { params: { platform, breakdown: dimension }, query })
            expect(answer.items.map((item) => [item.label, item.streams]), `${dimension} ${what}`).toEqual(
              expected.map((item) => [item.label, item.streams]),
            )
            compared += expected.length
          }
          const hours = new Map((await facts(platform, 'hour', account, period)).map((row) => [Number(row.value), row.streams]))
          const answer = await admin.ok('analytics.histogramHourly', { query: { ...query, platform } })
          expect(answer.buckets.map((bucket) => bucket.streams), `hours ${what}`).toEqual(Array.from({ length: 24 }, (_, hour) => hours.get(hour) ?? 0))
          // Session 38: the account's totals, "Tracks streamed" and top lists read its tracks' units
          // (months, years, weeks and edge days), its series and split by platform trend_daily.
          const perTrack = await factsBy(sql`f.track_id`, platform, account, period)
          const perDay = await factsBy(sql`f.day::text`, platform, account, period)
          const perPlatform = await factsBy(sql`f.platform`, platform, account, period)
          const sum = (rows: { streams: number; listeners: number; artificial: number }[], key: 'streams' | 'listeners' | 'artificial') =>
            rows.reduce((total, row) => total + row[key], 0)
          const view =
            platform === 'all' ? await admin.ok('analytics.overview', { query }) : await admin.ok('analytics.platform', { params: { platform }, query })
          expect(view.totals, `totals ${what}`).toEqual({
            streams: sum(perTrack, 'streams'),
            listeners: sum(perTrack, 'listeners'),
            artificial: sum(perTrack, 'artificial'),
            tracks: perTrack.length,
          })
          expect(
            view.series.filter((point) => point.streams !== 0).map((point) => [point.day, point.streams]),
            `series ${what}`,
          ).toEqual(perDay.filter((row) => row.streams !== 0).map((row) => [row.key, row.streams]).sort((a, b) => (a[0] < b[0] ? -1 : 1)))
          expect(view.platforms.map((entry) => [entry.platform, entry.streams]).sort(), `platforms ${what}`).toEqual(
            perPlatform.map((row) => [row.key, row.streams]).sort(),
          )
          const songs = await admin.ok('analytics.topSongs', { params: { platform }, query })
          expect(songs.map((song) => [song.trackId, song.streams]), `top songs ${what}`).toEqual(
            [...perTrack].sort((a, b) => b.streams - a.streams || Number(a.key) - Number(b.key)).map((row) => [Number(row.key), row.streams]),
          )
          const accounts = await admin.ok('analytics.topUsers', { params: { platform }, query })
          expect(accounts.map((entry) => [entry.accountId, entry.streams, entry.tracks]), `top accounts ${what}`).toEqual(
            perTrack.length ? [[account, sum(perTrack, 'streams'), perTrack.length]] : [],
          )
          totals += perTrack.length
        }
    expect(compared).toBeGreaterThan(50)
    expect(totals).toBeGreaterThan(30)
    // January's Spotify countries of the artist: the second report's 11 (SE) and 13 (NO) added to the first's.
    const january = await admin.ok('analytics.breakdown', {
      params: { platform: 'spotify', breakdown: 'country' },
      query: { date: 'custom', from: '2026-01-01', to: '2026-01-31', account: ws.artist.id },
    })
    expect(january.items.map((item) => [item.label, item.streams])).toEqual([
      ['SE', 1116],
      ['US', 40],
      ['NO', 13],
    ])
  })
})
