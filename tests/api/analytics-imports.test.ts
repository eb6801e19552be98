import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import type { TestClient } from '../helpers/client'
import { createRelease } from './releases-fixtures'
import type { TrendImportDetail } from '../../src/contract/analytics'
import { Readable } from 'node:stream'
import { parseTrendImport } from '../../src/domains/analytics/server/trend-import'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let other: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let trackIds: number[]

const HEADER = 'date,isrc,track_uri,country,streams,listeners,source,product,gender,age_group,device_type'

const file = (lines: string[], filename = 'spotify.csv') => ({
  file: { filename, data: Buffer.from([HEADER, ...lines].join('\n') + '\n'), contentType: 'text/csv' },
})

async function dryRun(id: number): Promise<TrendImportDetail> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    await t.services.jobs.drain()
    const detail = await admin.ok('analytics.import', { params: { id } })
    if (!['uploaded', 'parsing'].includes(detail.status)) return detail
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`trend import ${id} never finished reading`)
}

async function upload(lines: string[], filename?: string) {
  const { id } = await admin.ok('analytics.importTrends', { params: { platform: 'spotify' }, multipart: { files: file(lines, filename) } })
  return dryRun(id)
}

const daily = async () =>
  (
    await t.services.db.execute<{ track_id: number; day: string; streams: number; listeners: number }>(sql`
      select track_id, day::text as day, streams, listeners from trend_daily where tenant_id = ${ws.tenant.id} order by track_id, day`)
  ).rows.map((row) => ({ ...row, track_id: Number(row.track_id), streams: Number(row.streams), listeners: Number(row.listeners) }))

/**
 * The per-track breakdown values as rows (tenant_id, platform, track_id, day, dimension, value,
 * streams): trend_daily's breakdown arrays, one row per 'dimension:value'.
 */
const breakdownRows = sql`(select d.tenant_id, d.platform, d.track_id, d.day, split_part(b.k, ':', 1) as dimension,
  substr(b.k, strpos(b.k, ':') + 1) as value, b.s as streams
  from trend_daily d cross join lateral unnest(d.breakdown_values, d.breakdown_streams) b(k, s)) r`

const breakdown = async (dimension: string) =>
  Object.fromEntries(
    (
      await t.services.db.execute<{ value: string; streams: number }>(sql`
        select value, sum(streams)::bigint as streams from ${breakdownRows}
        where tenant_id = ${ws.tenant.id} and dimension = ${dimension} group by value order by value`)
    ).rows.map((row) => [row.value, Number(row.streams)]),
  )

/**
 * The rollups without the track (what every overview and platform view reads) hold exactly the
 * per-track rollups summed over the tracks: checked after each path that writes them.
 */
async function expectTracklessRollupsAgree(tenantId = ws.tenant.id) {
  const db = t.services.db
  const daySums = await db.execute<Record<string, unknown>>(sql`
    select platform, day::text as day, sum(streams)::bigint as streams, sum(listeners)::bigint as listeners, sum(artificial)::bigint as artificial
    from trend_daily where tenant_id = ${tenantId} group by 1, 2 order by 1, 2`)
  const platformDays = await db.execute<Record<string, unknown>>(sql`
    select platform, day::text as day, streams::bigint as streams, listeners::bigint as listeners, artificial::bigint as artificial
    from trend_platform_daily where tenant_id = ${tenantId} order by 1, 2`)
  const valueSums = await db.execute<Record<string, unknown>>(sql`
    select platform, day::text as day, dimension, value, sum(streams)::bigint as streams
    from ${breakdownRows} where tenant_id = ${tenantId} group by 1, 2, 3, 4 order by 1, 2, 3, 4`)
  const platformValues = await db.execute<Record<string, unknown>>(sql`
    select platform, day::text as day, dimension, value, streams::bigint as streams
    from trend_platform_breakdown_daily where tenant_id = ${tenantId} order by 1, 2, 3, 4`)
  const plain = (rows: Record<string, unknown>[]) =>
    rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, String(v)])))
  expect(daySums.rows.length).toBeGreaterThan(0)
  expect(plain(platformDays.rows)).toEqual(plain(daySums.rows))
  expect(plain(platformValues.rows)).toEqual(plain(valueSums.rows))
  // The per-track weeks, months and years (top songs, top accounts, "Tracks streamed", artificial
  // streams) hold the same days summed by week, month and year, streams and artificial streams, per
  // platform and for every platform (`*`, and its days).
  const periodSums = await db.execute<Record<string, unknown>>(sql`
    select p.platform, u.grain, u.starts_on::text as starts_on, d.track_id, sum(d.streams)::bigint as streams,
      sum(d.artificial)::bigint as artificial
    from trend_daily d
    cross join lateral (values (d.platform), ('*')) p(platform)
    cross join lateral (values ('d', d.day), ('w', date_trunc('week', d.day)::date), ('m', date_trunc('month', d.day)::date),
      ('y', date_trunc('year', d.day)::date)) u(grain, starts_on)
    where d.tenant_id = ${tenantId} and (u.grain <> 'd' or p.platform = '*') group by 1, 2, 3, 4 order by 1, 2, 3, 4`)
  const periods = await db.execute<Record<string, unknown>>(sql`
    select platform, grain, starts_on::text as starts_on, track_id, streams::bigint as streams, artificial::bigint as artificial
    from trend_track_period where tenant_id = ${tenantId} order by 1, 2, 3, 4`)
  expect(periods.rows.length).toBeGreaterThan(0)
  expect(plain(periods.rows)).toEqual(plain(periodSums.rows))
}

beforeAll(async () => {
  t = await createTestApp()
  ws = await createWorkspace(t.services, 'acme')
  other = await createWorkspace(t.services, 'other')
  const { tracks } = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Night Drive' }, [
    { isrc: 'USWL12600001' },
    { isrc: 'USWL12600002' },
  ])
  trackIds = tracks.map((track: { id: number }) => Number(track.id))
  admin = await signedIn(t.app, 'admin@acme.test')
})
afterAll(() => t.close())

describe('trend report import (Spotify)', () => {
  it('reads a file into a dry run with its ISRC match rate, and nothing counts until commit', async () => {
    const detail = await upload([
      '2026-01-05,USWL12600001,spotify:track:a,SE,100,40,album,paid,f,18-24,mobile',
      '2026-01-05,USWL12600002,spotify:track:b,US,50,20,search,free,m,25-34,desktop',
      '2026-02-01,USWL12600001,spotify:track:a,US,7,3,radio,paid,x,35-44,mobile',
      '2026-01-06,QZZZZ2600009,spotify:track:z,FR,30,9,collection,free,f,18-24,mobile',
      'yesterday,USWL12600001,,SE,5,1,album,paid,f,18-24,mobile',
    ])
    expect(detail.status, detail.error ?? '').toBe('review')
    expect(detail.report).toMatchObject({
      rows: 4,
      matched: 3,
      unmatched: 1,
      matchRate: 75,
      streams: 187,
      matchedStreams: 157,
      from: '2026-01-05',
      to: '2026-02-01',
      countries: 3,
      topUnmatched: [{ key: 'QZZZZ2600009', rows: 1, streams: 30 }],
    })
    expect(detail.report?.errors.count).toBe(1)
    expect(detail.report?.errors.first[0]).toEqual({ line: 6, message: 'the date "yesterday" is not a date (YYYY-MM-DD)' })
    expect(await daily()).toEqual([])
    // The facts landed in monthly partitions created for them.
    const parts = await t.services.db.execute<{ name: string }>(sql`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
      where p.relname = 'trend_facts' order by 1`)
    expect(parts.rows.map((row) => row.name)).toEqual(expect.arrayContaining(['trend_facts_202601', 'trend_facts_202602']))

    const committed = await admin.ok('analytics.importCommit', { params: { id: detail.id } })
    expect(committed.status).toBe('committed')
    expect(committed.committedBy?.id).toBe(ws.admin.id)
    expect(await daily()).toEqual([
      { track_id: trackIds[0], day: '2026-01-05', streams: 100, listeners: 40 },
      { track_id: trackIds[0], day: '2026-02-01', streams: 7, listeners: 3 },
      { track_id: trackIds[1], day: '2026-01-05', streams: 50, listeners: 20 },
    ])
    expect(await breakdown('country')).toEqual({ SE: 100, US: 57 })
    expect(await breakdown('source')).toEqual({ album: 100, radio: 7, search: 50 })
    expect(await breakdown('tier')).toEqual({ free: 50, paid: 107 })
    await expectTracklessRollupsAgree()
    const again = await admin.call('analytics.importCommit', { params: { id: detail.id } })
    expect(again.status).toBe(409)
  })

  it('refuses the same file twice: the rollups stay as they were', async () => {
    const lines = ['2026-03-01,USWL12600002,,US,11,4,album,paid,f,18-24,mobile']
    const first = await upload(lines, 'march.csv')
    await admin.ok('analytics.importCommit', { params: { id: first.id } })
    const before = await daily()
    const twice = await admin.call('analytics.importTrends', {
      params: { platform: 'spotify' },
      multipart: { files: file(lines, 'copy.csv') },
    })
    expect(twice.status).toBe(409)
    expect(JSON.stringify(twice.error)).toContain(`trend import #${first.id}`)
    expect(await daily()).toEqual(before)
  })

  it('keeps unmatched lines and rolls them up once a track with their ISRC exists', async () => {
    await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Late Match' }, [{ isrc: 'QZZZZ2600009' }])
    const late = await t.services.db.execute<{ id: number }>(
      sql`select id from tracks where tenant_id = ${ws.tenant.id} and isrc = 'QZZZZ2600009'`,
    )
    const lateId = Number(late.rows[0].id)
    // The next commit matches the lines that waited, and rolls them up once.
    const next = await upload(['2026-03-02,USWL12600001,,SE,1,1,album,paid,f,18-24,mobile'], 'next.csv')
    await admin.ok('analytics.importCommit', { params: { id: next.id } })
    expect((await daily()).filter((row) => row.track_id === lateId)).toEqual([
      { track_id: lateId, day: '2026-01-06', streams: 30, listeners: 9 },
    ])
    expect((await breakdown('country')).FR).toBe(30)
    await expectTracklessRollupsAgree()
  })

  it('cancels a dry run: its lines go and nothing is rolled up', async () => {
    const before = await daily()
    const detail = await upload(['2026-04-01,USWL12600001,,SE,999,1,album,paid,f,18-24,mobile'], 'april.csv')
    const cancelled = await admin.ok('analytics.importCancel', { params: { id: detail.id } })
    expect(cancelled.status).toBe('cancelled')
    const facts = await t.services.db.execute<{ n: number }>(sql`select count(*)::int as n from trend_facts where import_id = ${detail.id}`)
    expect(Number(facts.rows[0].n)).toBe(0)
    expect((await admin.call('analytics.importCommit', { params: { id: detail.id } })).status).toBe(409)
    expect(await daily()).toEqual(before)
  })

  it('refuses a file that is not this platform’s report, or not a CSV, before storing it', async () => {
    const wrong = await admin.call('analytics.importTrends', {
      params: { platform: 'spotify' },
      multipart: { files: { file: { filename: 'x.csv', data: Buffer.from('when,what\n1,2\n'), contentType: 'text/csv' } } },
    })
    expect(wrong.status).toBe(400)
    expect(JSON.stringify(wrong.error)).toContain('not a Spotify trend report')
    const binary = await admin.call('analytics.importTrends', {
      params: { platform: 'spotify' },
      multipart: {
        files: { file: { filename: 'x.csv', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]), contentType: 'text/csv' } },
      },
    })
    expect(binary.status).toBe(415)
    const unknown = await admin.call('analytics.importTrends', { params: { platform: 'shazam' }, multipart: { files: file([]) } })
    // A platform with no report format is no import path at all.
    expect(unknown.status).toBe(404)
  })

  it('lists imports newest first, and another workspace sees none of them', async () => {
    const list = await admin.ok('analytics.imports', { query: { platform: 'spotify' } })
    expect(list.data.length).toBeGreaterThanOrEqual(4)
    expect(list.data[0].fileName).toBe('april.csv')
    const stranger = await signedIn(t.app, 'admin@other.test')
    expect((await stranger.ok('analytics.imports', { query: {} })).data).toEqual([])
    expect((await stranger.call('analytics.import', { params: { id: list.data[0].id } })).status).toBe(404)
    expect((await stranger.call('analytics.importCommit', { params: { id: list.data[0].id } })).status).toBe(404)
    const artist = await signedIn(t.app, 'artist@acme.test')
    expect((await artist.call('analytics.imports', { query: {} })).status).toBe(403)
    void other
  })
})

describe('trend report import: long reports and days already rolled up', () => {
  it('reads a report of several batches across months: each line lands once, matched in its own workspace only', async () => {
    // Another workspace's track with the same ISRC as an unmatched line: never matched here.
    await createRelease(t.services, { tenantId: other.tenant.id, accountId: other.artist.id, title: 'Elsewhere' }, [{ isrc: 'QZZZZ2600077' }])
    const isrcs = ['USWL12600001', 'USWL12600002', 'QZZZZ2600077', 'QZZZZ2600078']
    const countries = ['SE', 'US', 'DE', 'FR', 'BR']
    // 12,000 lines (the dry run sends 5,000 at a time): June first, then July, then three lines of
    // August at the very end, so a later batch needs a month the earlier ones did not.
    const lines: string[] = []
    const expected = { matched: 0, streams: 0, matchedStreams: 0, daily: new Map<string, number>(), unmatched: new Map<string, number>() }
    for (let index = 0; index < 12_000; index += 1) {
      const day = index >= 11_997 ? '2026-08-01' : index < 7_000 ? `2026-06-${String(1 + (index % 28)).padStart(2, '0')}` : `2026-07-${String(1 + (index % 28)).padStart(2, '0')}`
      const isrc = index % 10 === 9 ? '' : isrcs[index % 4]
      const streams = 1 + (index % 13)
      lines.push(`${day},${isrc},spotify:track:t${index % 4},${countries[index % 5]},${streams},1,album,paid,f,18-24,mobile`)
      expected.streams += streams
      const track = isrc === 'USWL12600001' ? trackIds[0] : isrc === 'USWL12600002' ? trackIds[1] : null
      if (track !== null) {
        expected.matched += 1
        expected.matchedStreams += streams
        const key = `${track} ${day}`
        expected.daily.set(key, (expected.daily.get(key) ?? 0) + streams)
      } else {
        const key = isrc || `spotify:track:t${index % 4}`
        expected.unmatched.set(key, (expected.unmatched.get(key) ?? 0) + streams)
      }
    }
    const detail = await upload(lines, 'summer.csv')
    expect(detail.status, detail.error ?? '').toBe('review')
    const topUnmatched = [...expected.unmatched].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
    expect(detail.report).toMatchObject({
      rows: 12_000,
      matched: expected.matched,
      unmatched: 12_000 - expected.matched,
      streams: expected.streams,
      matchedStreams: expected.matchedStreams,
      from: '2026-06-01',
      to: '2026-08-01',
      countries: 5,
    })
    expect(detail.report?.topUnmatched.map((row) => [row.key, row.streams])).toEqual(topUnmatched)
    const facts = await t.services.db.execute<{ part: string; n: number; matched: number }>(sql`
      select tableoid::regclass::text as part, count(*)::int as n, count(track_id)::int as matched
      from trend_facts where import_id = ${detail.id} group by 1 order by 1`)
    expect(facts.rows.map((row) => [row.part, Number(row.n)])).toEqual([
      ['trend_facts_202606', 7_000],
      ['trend_facts_202607', 4_997],
      ['trend_facts_202608', 3],
    ])
    const lineNumbers = await t.services.db.execute<{ n: number; first: number; last: number }>(sql`
      select count(distinct line)::int as n, min(line)::int as first, max(line)::int as last from trend_facts where import_id = ${detail.id}`)
    expect(lineNumbers.rows[0]).toEqual({ n: 12_000, first: 2, last: 12_001 })

    await admin.ok('analytics.importCommit', { params: { id: detail.id } })
    const summer = (await daily()).filter((row) => row.day >= '2026-06-01' && row.day <= '2026-08-31')
    expect(new Map(summer.map((row) => [`${row.track_id} ${row.day}`, row.streams]))).toEqual(expected.daily)
    await expectTracklessRollupsAgree()
  })

  it('adds a report of days already rolled up to them, and the days it brings new', async () => {
    const first = await upload(
      ['2026-09-10,USWL12600001,,SE,10,2,album,paid,f,18-24,mobile', '2026-09-10,USWL12600002,,US,20,3,radio,free,m,25-34,mobile'],
      'september.csv',
    )
    await admin.ok('analytics.importCommit', { params: { id: first.id } })
    const second = await upload(
      ['2026-09-10,USWL12600001,,SE,5,1,album,paid,f,18-24,mobile', '2026-09-11,USWL12600001,,DE,7,1,search,paid,f,18-24,mobile'],
      'september-again.csv',
    )
    await admin.ok('analytics.importCommit', { params: { id: second.id } })
    expect((await daily()).filter((row) => row.day.startsWith('2026-09'))).toEqual([
      { track_id: trackIds[0], day: '2026-09-10', streams: 15, listeners: 3 },
      { track_id: trackIds[0], day: '2026-09-11', streams: 7, listeners: 1 },
      { track_id: trackIds[1], day: '2026-09-10', streams: 20, listeners: 3 },
    ])
    const september = await t.services.db.execute<{ value: string; streams: number }>(sql`
      select value, sum(streams)::int as streams from ${breakdownRows}
      where tenant_id = ${ws.tenant.id} and dimension = 'source' and day between '2026-09-01' and '2026-09-30' group by 1 order by 1`)
    expect(september.rows.map((row) => [row.value, Number(row.streams)])).toEqual([
      ['album', 15],
      ['radio', 20],
      ['search', 7],
    ])
    await expectTracklessRollupsAgree()
  })
})

describe('trend report import: the commit from the dry run’s stage', () => {
  // Hour and artificial streams, values that need quoting in an array (comma, quote, backslash,
  // braces, colon, spaces, non-ASCII), empty values, a line without a country, an unmatched ISRC,
  // days across a year and a week that spans it, and a second report into days and units already held.
  const STAGE_HEADER = 'date,isrc,country,streams,listeners,artificial_streams,hour,source,product,gender'
  const odd = ['"a,""b"" \\{c}:d"', 'radio', '', 'é ü 東京', '{x}', 'NULL']
  const report = (offset: number, count: number, days = ['2025-12-28', '2025-12-29', '2025-12-31', '2026-01-01', '2026-01-04', '2026-01-05', '2026-02-10']) => {
    const isrcs = ['USWL12699001', 'USWL12699002', 'USWL12699003', 'QZZZZ2699999']
    const lines: string[] = []
    for (let index = offset; index < offset + count; index += 1) {
      const country = index % 7 === 3 ? '' : ['SE', 'US', 'DE'][index % 3]
      lines.push(
        `${days[index % days.length]},${isrcs[index % isrcs.length]},${country},${1 + (index % 17)},${index % 5},${index % 4 === 0 ? 1 + (index % 3) : 0},${index % 24},${odd[index % odd.length]},${index % 3 ? 'paid' : 'free'},${index % 2 ? 'm' : ''}`,
      )
    }
    return { filename: `stage-${offset}.csv`, data: Buffer.from([STAGE_HEADER, ...lines].join('\n') + '\n'), contentType: 'text/csv' }
  }

  /** Every rollup row of a workspace, tracks by ISRC and breakdown arrays as sorted 'key=streams' text. */
  async function rollupsOf(tenantId: number) {
    const db = t.services.db
    const pairs = (table: string) => sql.raw(`(select coalesce(string_agg(k || '=' || s, '|' order by k), '') from unnest(${table}.breakdown_values, ${table}.breakdown_streams) b(k, s))`)
    const text = (rows: Record<string, unknown>[]) => rows.map((row) => Object.values(row).map(String).join(' '))
    return {
      daily: text((await db.execute<Record<string, unknown>>(sql`
        select d.platform, k.isrc, d.day::text, d.streams, d.listeners, d.artificial, ${pairs('d')} as b
        from trend_daily d join tracks k on k.id = d.track_id where d.tenant_id = ${tenantId} order by 1, 2, 3`)).rows),
      platformDaily: text((await db.execute<Record<string, unknown>>(sql`
        select platform, day::text, streams, listeners, artificial from trend_platform_daily where tenant_id = ${tenantId} order by 1, 2`)).rows),
      platformBreakdowns: text((await db.execute<Record<string, unknown>>(sql`
        select platform, day::text, dimension, value, streams from trend_platform_breakdown_daily where tenant_id = ${tenantId} order by 1, 2, 3, 4`)).rows),
      periods: text((await db.execute<Record<string, unknown>>(sql`
        select p.platform, p.grain, p.starts_on::text, k.isrc, p.streams, p.artificial, ${pairs('p')} as b
        from trend_track_period p join tracks k on k.id = p.track_id where p.tenant_id = ${tenantId} order by 1, 2, 3, 4`)).rows),
    }
  }

  const stageRows = async (importId: number) =>
    Number((await t.services.db.execute<{ n: number }>(sql`select count(*)::int as n from trend_import_stage where import_id = ${importId}`)).rows[0].n)

  async function workspaceWithTracks(slug: string) {
    const w = await createWorkspace(t.services, slug)
    await createRelease(t.services, { tenantId: w.tenant.id, accountId: w.artist.id, title: 'Stage' }, [
      { isrc: 'USWL12699001' },
      { isrc: 'USWL12699002' },
      { isrc: 'USWL12699003' },
    ])
    return { w, client: await signedIn(t.app, `admin@${slug}.test`) }
  }

  async function dryRunIn(client: TestClient, data: ReturnType<typeof report>) {
    const { id } = await client.ok('analytics.importTrends', { params: { platform: 'spotify' }, multipart: { files: { file: data } } })
    for (let attempt = 0; attempt < 100; attempt += 1) {
      await t.services.jobs.drain()
      const detail = await client.ok('analytics.import', { params: { id } })
      if (!['uploaded', 'parsing'].includes(detail.status)) return detail
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    throw new Error('never read')
  }

  it('writes the same rollups as the commit from the facts: a first report, and reports into days and units already held', async () => {
    const staged = await workspaceWithTracks('stagea')
    const grouped = await workspaceWithTracks('stageb')
    // The fourth report's only day, 1 January 2027, is in the week (from Monday 28 December) of the
    // third's: its week rows add to a unit that starts in the year before, where it holds nothing else.
    for (const [offset, count, days] of [
      [0, 7_000, undefined],
      [7_000, 600, undefined],
      [8_000, 40, ['2026-12-29']],
      [9_000, 40, ['2027-01-01']],
    ] as const) {
      const a = await dryRunIn(staged.client, report(offset, count, days && [...days]))
      const b = await dryRunIn(grouped.client, report(offset, count, days && [...days]))
      expect([a.status, b.status]).toEqual(['review', 'review'])
      // The dry run staged the commit's groups; the other workspace's stage is emptied, as a crash
      // of the server empties the unlogged table, so its commit groups the facts.
      expect(await stageRows(a.id)).toBeGreaterThan(0)
      await t.services.db.execute(sql`delete from trend_import_stage where import_id = ${b.id}`)
      await staged.client.ok('analytics.importCommit', { params: { id: a.id } })
      await grouped.client.ok('analytics.importCommit', { params: { id: b.id } })
      expect(await stageRows(a.id)).toBe(0)
      const [fromStage, fromFacts] = [await rollupsOf(staged.w.tenant.id), await rollupsOf(grouped.w.tenant.id)]
      expect(fromStage.daily.length).toBeGreaterThan(0)
      expect(fromStage.platformBreakdowns.some((row) => row.includes('source a,"b" \\{c}:d'))).toBe(true)
      expect(fromStage).toEqual(fromFacts)
    }
  })

  it('a commit that fails after the rollups leaves them and the stage as they were; committed again, it counts once', async () => {
    const { w, client } = await workspaceWithTracks('staged')
    const detail = await dryRunIn(client, report(3_000, 500))
    const staged = await stageRows(detail.id)
    expect(staged).toBeGreaterThan(0)
    // The import's status is set after the rollups, in the same transaction: refused here.
    const db = t.services.db
    await db.execute(sql.raw(`create function stage_commit_refused() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$`))
    await db.execute(sql.raw(`create trigger stage_commit_refused before update on trend_imports for each row
      when (new.status = 'committed' and new.id = ${Number(detail.id)}) execute function stage_commit_refused()`))
    try {
      const failed = await client.call('analytics.importCommit', { params: { id: detail.id } })
      expect(failed.status).toBeGreaterThanOrEqual(400)
    } finally {
      await db.execute(sql.raw('drop trigger stage_commit_refused on trend_imports'))
      await db.execute(sql.raw('drop function stage_commit_refused()'))
    }
    const rolled = async () =>
      (await db.execute<{ n: number }>(sql`
        select ((select count(*) from trend_daily where tenant_id = ${w.tenant.id}) + (select count(*) from trend_track_period where tenant_id = ${w.tenant.id})
          + (select count(*) from trend_platform_daily where tenant_id = ${w.tenant.id}))::int as n`)).rows[0].n
    expect(Number(await rolled())).toBe(0)
    expect(await stageRows(detail.id)).toBe(staged)
    await client.ok('analytics.importCommit', { params: { id: detail.id } })
    expect(await stageRows(detail.id)).toBe(0)
    const facts = await db.execute<{ streams: number }>(sql`
      select sum(streams)::bigint as streams from trend_facts where import_id = ${detail.id} and track_id is not null`)
    const daily = await db.execute<{ streams: number }>(sql`select sum(streams)::bigint as streams from trend_daily where tenant_id = ${w.tenant.id}`)
    expect(Number(daily.rows[0].streams)).toBe(Number(facts.rows[0].streams))
  })

  it('a report with more values in a track’s day than the tally looks up is not staged, and its commit groups the facts', async () => {
    const { w, client } = await workspaceWithTracks('stagee')
    // 120 sources on one track's day: past the tally's list of 96 values.
    const lines = Array.from({ length: 120 }, (_, index) => `2026-03-02,USWL12699001,SE,${1 + index},1,0,5,source${index},paid,m`)
    const data = { filename: 'many.csv', data: Buffer.from([STAGE_HEADER, ...lines].join('\n') + '\n'), contentType: 'text/csv' }
    const detail = await dryRunIn(client, data)
    expect(detail.status).toBe('review')
    expect(await stageRows(detail.id)).toBe(0)
    await client.ok('analytics.importCommit', { params: { id: detail.id } })
    const sources = await t.services.db.execute<{ n: number; streams: number }>(sql`
      select count(*)::int as n, sum(streams)::bigint as streams from trend_platform_breakdown_daily
      where tenant_id = ${w.tenant.id} and dimension = 'source'`)
    expect([Number(sources.rows[0].n), Number(sources.rows[0].streams)]).toEqual([120, (120 * 121) / 2])
  })

  it('a dry run read again (the stored file changed) stages its own lines only, and a cancel drops the stage', async () => {
    const { w, client } = await workspaceWithTracks('stagec')
    const first = await dryRunIn(client, report(0, 300))
    expect(await stageRows(first.id)).toBeGreaterThan(0)
    // The job's retry reads the file again: here its bytes have changed under the import.
    const open = t.services.files.open.bind(t.services.files)
    const changed = report(1_000, 50).data
    t.services.files.open = (async () => Readable.from([changed])) as typeof t.services.files.open
    try {
      await t.services.db.execute(sql`update trend_imports set status = 'parsing', job_id = 424242 where id = ${first.id}`)
      await parseTrendImport(t.services, w.tenant.id, first.id, { jobId: 424242 })
    } finally {
      t.services.files.open = open
    }
    await client.ok('analytics.importCommit', { params: { id: first.id } })
    const facts = await t.services.db.execute<{ streams: number }>(sql`
      select coalesce(sum(streams), 0)::bigint as streams from trend_facts where import_id = ${first.id} and track_id is not null`)
    const rolled = await t.services.db.execute<{ streams: number }>(sql`
      select coalesce(sum(streams), 0)::bigint as streams from trend_daily where tenant_id = ${w.tenant.id}`)
    expect(Number(rolled.rows[0].streams)).toBe(Number(facts.rows[0].streams))
    expect(Number(facts.rows[0].streams)).toBeGreaterThan(0)
    const second = await dryRunIn(client, report(2_000, 100))
    expect(await stageRows(second.id)).toBeGreaterThan(0)
    await client.ok('analytics.importCancel', { params: { id: second.id } })
    expect(await stageRows(second.id)).toBe(0)
  })

  /** A report's lines as (line, dims) the way the reader keeps them: every breakdown column, an empty cell as ''. */
  const expectedDims = (data: ReturnType<typeof report>) =>
    data.data
      .toString('utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((text, index) => {
        // The odd source value holds a quoted comma: read the line as the CSV reader does.
        const fields = ['']
        let quoted = false
        for (let at = 0; at < text.length; at += 1) {
          const c = text[at]
          if (c === '"' && quoted && text[at + 1] === '"') fields[fields.length - 1] += text[++at]
          else if (c === '"') quoted = !quoted
          else if (c === ',' && !quoted) fields.push('')
          else fields[fields.length - 1] += c
        }
        return { line: index + 2, isrc: fields[1], streams: Number(fields[3]), dims: { hour: String(Number(fields[6])), source: fields[7], tier: fields[8], gender: fields[9] } }
      })

  it('writes each line’s dims as its workspace’s combination, read back to the same values; a second report adds no combination', async () => {
    const { w, client } = await workspaceWithTracks('dictionary')
    const other = await workspaceWithTracks('dictionaryb')
    const data = report(0, 400)
    const detail = await dryRunIn(client, data)
    const db = t.services.db
    const stored = await db.execute<{ line: number; json: Record<string, string> | null; id: number | null; dims: Record<string, string>; owner: number }>(sql`
      select f.line, f.dims as json, f.dims_id as id, d.dims, d.tenant_id as owner
      from trend_facts f left join trend_dims d on d.id = f.dims_id where f.import_id = ${detail.id} order by f.line`)
    // No JSON in the fact: the id of a combination of its own workspace, which reads back to the line's dims.
    expect(stored.rows.every((row) => row.json === null && row.id !== null && Number(row.owner) === w.tenant.id)).toBe(true)
    expect(stored.rows.map((row) => ({ line: Number(row.line), dims: row.dims }))).toEqual(
      expectedDims(data).map(({ line, dims }) => ({ line, dims })),
    )
    const combinations = async (tenantId: number) =>
      Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from trend_dims where tenant_id = ${tenantId}`)).rows[0].n)
    const held = await combinations(w.tenant.id)
    expect(held).toBe(new Set(expectedDims(data).map(({ dims }) => JSON.stringify(dims))).size)
    // The same combinations again: none added. Another workspace has its own.
    await dryRunIn(client, report(1_200, 400))
    expect(await combinations(w.tenant.id)).toBe(held)
    const theirs = await dryRunIn(other.client, report(0, 400))
    expect(await combinations(other.w.tenant.id)).toBe(held)
    const crossed = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from trend_facts f join trend_dims d on d.id = f.dims_id
      where f.import_id = ${theirs.id} and d.tenant_id <> ${other.w.tenant.id}`)
    expect(Number(crossed.rows[0].n)).toBe(0)
  })

  it('lines matched later enter the breakdowns with their coded dims; a cancel leaves the rollups exact', async () => {
    const { w, client } = await workspaceWithTracks('dictlate')
    const data = report(0, 700)
    const first = await dryRunIn(client, data)
    await client.ok('analytics.importCommit', { params: { id: first.id } })
    // The fourth ISRC had no track: its lines wait. The track arrives, the next commit matches them.
    await createRelease(t.services, { tenantId: w.tenant.id, accountId: w.artist.id, title: 'Late' }, [{ isrc: 'QZZZZ2699999' }])
    const cancelled = await dryRunIn(client, report(5_000, 80))
    await client.ok('analytics.importCancel', { params: { id: cancelled.id } })
    const next = await dryRunIn(client, report(7_000, 40, ['2026-06-01']))
    await client.ok('analytics.importCommit', { params: { id: next.id } })
    const late = expectedDims(data).filter((line) => line.isrc === 'QZZZZ2699999')
    expect(late.length).toBeGreaterThan(100)
    const want: Record<string, number> = {}
    for (const { streams, dims } of late)
      for (const [name, value] of Object.entries(dims)) want[`${name}:${value}`] = (want[`${name}:${value}`] ?? 0) + streams
    const got = await t.services.db.execute<{ k: string; s: number }>(sql`
      select b.k, sum(b.s)::bigint as s from trend_daily d join tracks k on k.id = d.track_id
      cross join lateral unnest(d.breakdown_values, d.breakdown_streams) b(k, s)
      where d.tenant_id = ${w.tenant.id} and k.isrc = 'QZZZZ2699999' and d.day <> '2026-06-01' and b.k not like 'country:%' group by 1`)
    expect(Object.fromEntries(got.rows.map((row) => [row.k, Number(row.s)]))).toEqual(want)
    await expectTracklessRollupsAgree(w.tenant.id)
  })
})
