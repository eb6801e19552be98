import { describe, expect, it } from 'vitest'
import {
  ANALYTICS_PLATFORMS,
  TrendFormatError,
  analyticsPlatform,
  readTrendLine,
  resolveTrendColumns,
} from '../../src/core/analytics-platforms'
import { ageLowerBound, dimensionLabel, labelBreakdown, wholePercentUp } from '../../src/core/analytics-labels'
import { addDays, boundUnits, eachDay, periodUnits, resolveRange } from '../../src/core/analytics-range'
import { topByBound } from '../../src/domains/analytics/server/track-periods'

const spotify = analyticsPlatform('spotify')!.format!

describe('platform registry', () => {
  it('lists every platform of spec section 7 once, with a label', () => {
    const slugs = ANALYTICS_PLATFORMS.map((platform) => platform.slug)
    expect(new Set(slugs).size).toBe(slugs.length)
    for (const slug of [
      'deezer',
      'spotify',
      'apple',
      'shazam',
      'tiktok',
      'youtube-shorts',
      'youtube-content',
      'meta',
      'amazon',
      'peloton',
      'pandora',
      'soundcloud',
      'anghami',
      'boomplay',
      'awa',
      'flo',
      'resso',
      'vevo',
      'iheart',
      'snap',
      'netease',
      'canva',
      'uma',
      'kkbox',
      'wesing',
      'qqmusic',
      'jiosaavn',
      'mixcloud',
      'audiomack',
      'audible-magic',
      'pinterest',
      'jaxsta',
    ])
      expect(slugs).toContain(slug)
    expect(ANALYTICS_PLATFORMS.filter((platform) => platform.format).length).toBeGreaterThanOrEqual(8)
  })

  it('reads a header whatever its case and separators, and says what a foreign one lacks', () => {
    const columns = resolveTrendColumns(
      spotify,
      ['Stream Date', 'ISRC', 'User Country Code', 'Streams', 'Stream Source', 'Product'],
      'Spotify',
    )
    expect(columns.fields).toEqual({ date: 0, isrc: 1, country: 2, streams: 3 })
    expect(columns.breakdowns).toEqual({ source: 4, tier: 5 })
    expect(() => resolveTrendColumns(spotify, ['when', 'what'], 'Spotify')).toThrow(
      'This is not a Spotify trend report: it has no a date column (date), a streams column (streams), an ISRC or track id column.',
    )
  })

  it('reads a line, and refuses a bad date, ISRC or count with the reason', () => {
    const columns = resolveTrendColumns(spotify, ['date', 'isrc', 'country', 'streams', 'listeners', 'gender'], 'Spotify')
    expect(readTrendLine(['2026-01-05', 'us-wl1-26-00001', 'se', '1,200', '', 'f'], columns)).toEqual({
      day: '2026-01-05',
      isrc: 'USWL12600001',
      trackId: null,
      country: 'SE',
      streams: 1200,
      listeners: 0,
      artificial: 0,
      dims: { gender: 'f' },
    })
    const line = (cells: string[]) => () => readTrendLine(cells, columns)
    expect(line(['2026-02-30', 'USWL12600001', 'SE', '1', '', ''])).toThrow(TrendFormatError)
    expect(line(['2026-01-05', 'NOTANISRC', 'SE', '1', '', ''])).toThrow('is not an ISRC')
    expect(line(['2026-01-05', 'USWL12600001', 'SE', '-3', '', ''])).toThrow('is not a whole number')
    expect(line(['2026-01-05', '', 'SE', '3', '', ''])).toThrow('neither an ISRC nor a track id')
  })
})

describe('labels of spec section 9', () => {
  it('maps Spotify sources, product, gender; other values are unknown', () => {
    expect(
      ['collection', 'other', 'others_playlist', 'album', 'play_queue', 'artist', 'search', 'radio', 'mystery'].map((value) =>
        dimensionLabel('spotify', 'source', value),
      ),
    ).toEqual(['collection', 'other', 'others playlist', 'album', 'play queue', 'artist profile', 'search', 'radio', 'unknown'])
    expect(dimensionLabel('spotify', 'tier', 'paid')).toBe('Premium')
    expect(dimensionLabel('spotify', 'tier', 'free')).toBe('Free')
    expect(['m', 'F', 'x', ''].map((value) => dimensionLabel(null, 'gender', value))).toEqual(['male', 'female', 'unknown', 'unknown'])
  })

  it('orders age buckets by lower bound and adds up values that share a label', () => {
    expect(ageLowerBound('<18')).toBe(0)
    expect(
      labelBreakdown('spotify', 'age', [
        { value: '55+', streams: 1 },
        { value: '18-24', streams: 5 },
        { value: '<18', streams: 2 },
        { value: '25-34', streams: 9 },
      ]).map((item) => item.label),
    ).toEqual(['<18', '18-24', '25-34', '55+'])
    expect(
      labelBreakdown(null, 'gender', [
        { value: 'x', streams: 3 },
        { value: '', streams: 4 },
        { value: 'm', streams: 5 },
      ]),
    ).toEqual([
      { label: 'unknown', streams: 7 },
      { label: 'male', streams: 5 },
    ])
  })

  it('shows rates as whole percentages rounded up', () => {
    expect(wholePercentUp(1, 3)).toBe(34)
    expect(wholePercentUp(1, 2)).toBe(50)
    expect(wholePercentUp(0, 0)).toBe(0)
  })
})

describe('periods', () => {
  it('lastThirtyDays ends today and has thirty days; a custom range is kept', () => {
    const range = resolveRange('lastThirtyDays', {}, '2026-03-10')
    expect(range).toEqual({ from: '2026-02-09', to: '2026-03-10' })
    expect(eachDay(range)).toHaveLength(30)
    expect(resolveRange('custom', { from: '2026-01-01', to: '2026-01-02' }, '2026-03-10')).toEqual({ from: '2026-01-01', to: '2026-01-02' })
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
  })

  it('cuts a period into whole months, then whole weeks from Monday, then the edge days, each day once', () => {
    // Thirty days inside two months: no whole month; four whole weeks and the days around them.
    expect(periodUnits({ from: '2026-10-28', to: '2026-11-26' })).toEqual({
      months: [],
      weeks: ['2026-11-02', '2026-11-09', '2026-11-16'],
      days: [
        { from: '2026-10-28', to: '2026-11-01' },
        { from: '2026-11-23', to: '2026-11-26' },
      ],
    })
    // A year: eleven whole months, the weeks and days before the first and after the last.
    const year = periodUnits({ from: '2025-11-27', to: '2026-11-26' })
    expect(year.months).toEqual(eachDay({ from: '2025-12-01', to: '2026-10-31' }).filter((day) => day.endsWith('-01')))
    expect(year.weeks).toEqual(['2026-11-02', '2026-11-09', '2026-11-16'])
    expect(year.days).toEqual([
      { from: '2025-11-27', to: '2025-11-30' },
      { from: '2026-11-01', to: '2026-11-01' },
      { from: '2026-11-23', to: '2026-11-26' },
    ])
    // A whole month alone; a range shorter than a week.
    expect(periodUnits({ from: '2026-02-01', to: '2026-02-28' })).toEqual({ months: ['2026-02-01'], weeks: [], days: [] })
    expect(periodUnits({ from: '2026-01-01', to: '2026-01-05' })).toEqual({ months: [], weeks: [], days: [{ from: '2026-01-01', to: '2026-01-05' }] })
    // Every day of many ranges is covered exactly once.
    for (let start = '2025-12-20'; start <= '2026-01-20'; start = addDays(start, 3))
      for (const length of [1, 6, 7, 13, 30, 45, 90, 365]) {
        const range = { from: start, to: addDays(start, length - 1) }
        const units = periodUnits(range)
        const covered = [
          ...units.months.flatMap((month) => eachDay({ from: month, to: addDays(addDays(`${month.slice(0, 7)}-28`, 4).slice(0, 8) + '01', -1) })),
          ...units.weeks.flatMap((week) => {
            expect(new Date(`${week}T00:00:00Z`).getUTCDay()).toBe(1)
            return eachDay({ from: week, to: addDays(week, 6) })
          }),
          ...units.days.flatMap((edge) => eachDay(edge)),
        ].sort()
        expect(covered).toEqual(eachDay(range))
      }
  })
})

describe('bounds for top lists', () => {
  const lastOf = (month: string) => addDays(`${addDays(`${month.slice(0, 7)}-28`, 4).slice(0, 7)}-01`, -1)

  it('covers a period with the months it overlaps, or a year held from 1 January to October at least', () => {
    expect(boundUnits({ from: '2026-10-28', to: '2026-11-26' })).toEqual({ years: [], months: ['2026-10-01', '2026-11-01'], weeks: [] })
    expect(boundUnits({ from: '2025-11-27', to: '2026-11-26' })).toEqual({
      years: ['2026-01-01'],
      months: ['2025-11-01', '2025-12-01'],
      weeks: [],
    })
    // With weeks: a period without a whole month is covered by the weeks it overlaps; one with a
    // whole month as without.
    expect(boundUnits({ from: '2026-10-28', to: '2026-11-26' }, { weeks: true })).toEqual({
      years: [],
      months: [],
      weeks: ['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'],
    })
    expect(boundUnits({ from: '2026-11-02', to: '2026-11-08' }, { weeks: true }).weeks).toEqual(['2026-11-02'])
    expect(boundUnits({ from: '2025-11-27', to: '2026-11-26' }, { weeks: true })).toEqual(boundUnits({ from: '2025-11-27', to: '2026-11-26' }))
    expect(boundUnits({ from: '2026-01-01', to: '2026-09-30' }).years).toEqual([])
    expect(boundUnits({ from: '2026-01-01', to: '2026-10-01' })).toEqual({ years: ['2026-01-01'], months: [], weeks: [] })
    expect(boundUnits({ from: '2026-03-04', to: '2026-03-04' })).toEqual({ years: [], months: ['2026-03-01'], weeks: [] })
    // Every day of many ranges lies in exactly one unit.
    for (let start = '2025-12-20'; start <= '2026-01-20'; start = addDays(start, 3))
      for (const length of [1, 6, 30, 90, 300, 365, 400]) {
        const range = { from: start, to: addDays(start, length - 1) }
        const units = boundUnits(range)
        const covered = [
          ...units.years.flatMap((year) => eachDay({ from: year, to: `${year.slice(0, 4)}-12-31` })),
          ...units.months.flatMap((month) => eachDay({ from: month, to: lastOf(month) })),
        ]
        expect(new Set(covered).size).toBe(covered.length)
        const withWeeks = boundUnits(range, { weeks: true })
        const coveredByWeeks = [
          ...withWeeks.years.flatMap((year) => eachDay({ from: year, to: `${year.slice(0, 4)}-12-31` })),
          ...withWeeks.months.flatMap((month) => eachDay({ from: month, to: lastOf(month) })),
          ...withWeeks.weeks.flatMap((week) => {
            expect(new Date(`${week}T00:00:00Z`).getUTCDay()).toBe(1)
            return eachDay({ from: week, to: addDays(week, 6) })
          }),
        ]
        expect(new Set(coveredByWeeks).size).toBe(coveredByWeeks.length)
        const byWeeks = new Set(coveredByWeeks)
        expect(eachDay(range).every((day) => byWeeks.has(day))).toBe(true)
        const inside = new Set(covered)
        expect(eachDay(range).every((day) => inside.has(day))).toBe(true)
      }
  })

  // Keys 1..200 with a long tail of streams (100,000 / key, ties in pairs), bounds 1.5× the
  // streams, and key 200 with a bound above everyone's but few streams.
  const streams = (key: number) => (key === 200 ? 1 : Math.floor(100_000 / (2 * Math.ceil(key / 2))))
  const bound = (key: number) => (key === 200 ? 100_000 : Math.ceil(streams(key) * 1.5))
  const keys = Array.from({ length: 200 }, (_, index) => index + 1)
  const byBound = [...keys].sort((a, b) => bound(b) - bound(a) || a - b)
  const full = keys.map((key) => ({ key, streams: streams(key) })).sort((a, b) => b.streams - a.streams || a.key - b.key)

  const boundsOf = (asked: string[]) => async (ask: { limit: number } | { atLeast: number }) => {
    asked.push(JSON.stringify(ask))
    return 'limit' in ask
      ? byBound.slice(0, ask.limit).map((key) => ({ key, bound: bound(key) }))
      : byBound.filter((key) => bound(key) >= ask.atLeast).map((key) => ({ key, bound: bound(key) }))
  }

  it('answers the full ranking’s top k, ties by key, summing only the candidates it needs', async () => {
    for (const first of [1, 12, 20, 64]) {
      const summed: number[] = []
      const asked: string[] = []
      const top = await topByBound(
        10,
        boundsOf(asked),
        async (candidates) => {
          summed.push(...candidates)
          return candidates.map((key) => ({ key, streams: streams(key) }))
        },
        first,
      )
      expect(top).toEqual(full.slice(0, 10))
      // Never a key twice.
      expect(new Set(summed).size).toBe(summed.length)
      if (first === 1) {
        // One candidate cannot decide and gives no k-th sum: every key is summed.
        expect(asked).toEqual(['{"limit":2}', '{"atLeast":0}'])
        expect(summed).toHaveLength(200)
      } else if (first === 12) {
        // Key 12's bound (12,500) is above the 10th sum (10,000): a second round takes the keys whose
        // bound reaches 10,000, keys 1 to 14 and 200.
        expect(asked).toEqual(['{"limit":13}', '{"atLeast":10000}'])
        expect(summed.sort((a, b) => a - b)).toEqual([...keys.slice(0, 14), 200])
      } else {
        // The next bound (key 20: 7,500; key 64: 2,343) is below the 10th sum: one round.
        expect(asked).toEqual([`{"limit":${first + 1}}`])
        expect(summed).toHaveLength(first)
      }
    }
  })

  it('sums every key whose bound ties the k-th sum (a smaller key could come first)', async () => {
    const asked: string[] = []
    const top = await topByBound(
      3,
      async (ask) => {
        asked.push(JSON.stringify(ask))
        const flat = keys.map((key) => ({ key, bound: 7 }))
        return 'limit' in ask ? flat.slice(0, ask.limit) : flat.filter((row) => row.bound >= ask.atLeast)
      },
      // Key 150 has the streams of its bound: it ties the first ones and is listed by its key.
      async (candidates) => candidates.map((key) => ({ key, streams: key === 150 || key < 3 ? 7 : 1 })),
      5,
    )
    expect(top.map((row) => row.key)).toEqual([1, 2, 150])
    // The first five give a 3rd sum of 1: every key whose bound reaches 1 is summed.
    expect(asked).toEqual(['{"limit":6}', '{"atLeast":1}'])
  })
})
