import { describe, expect, it } from 'vitest'
import {
  ANALYTICS_PLATFORMS,
  TrendFormatError,
  analyticsPlatform,
  readTrendLine,
  resolveTrendColumns,
} from '../../src/core/analytics-platforms'
import { ageLowerBound, dimensionLabel, labelBreakdown, wholePercentUp } from '../../src/core/analytics-labels'
import { addDays, eachDay, periodUnits, resolveRange } from '../../src/core/analytics-range'

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
