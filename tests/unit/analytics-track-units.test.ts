import { describe, expect, it } from 'vitest'
import { addDays, eachDay, type DayRange } from '../../src/core/analytics-range'
import { unitCount, unitsOf, type TrackUnits } from '../../src/domains/analytics/server/track-periods'

// The units a per-track sum reads (track-periods.ts): whole calendar years, then months, weeks and
// edge days; with `keep`, a wider range's units that touch `keep` (the others lie on days without
// streams, exactUnits).

/** Every day the units cover, in order (a year or month as all its days). */
function daysOf(units: TrackUnits): string[] {
  const days: string[] = []
  const span = (from: string, last: (day: string) => boolean) => {
    for (let day = from; ; day = addDays(day, 1)) {
      days.push(day)
      if (last(day)) break
    }
  }
  for (const year of units.years) span(year, (day) => day.endsWith('-12-31'))
  for (const month of units.months) span(month, (day) => addDays(day, 1).endsWith('-01'))
  for (const week of units.weeks) span(week, (day) => day === addDays(week, 6))
  for (const edge of units.days) days.push(...eachDay(edge))
  return days.sort()
}

describe('per-track units of a period', () => {
  it('a range of whole years reads one row a year, and the rest as periodUnits', () => {
    expect(unitsOf({ from: '2025-01-01', to: '2026-12-31' })).toEqual({ years: ['2025-01-01', '2026-01-01'], months: [], weeks: [], days: [] })
    expect(unitsOf({ from: '2025-12-01', to: '2027-01-04' })).toEqual({
      years: ['2026-01-01'],
      months: ['2025-12-01'],
      weeks: [],
      days: [{ from: '2027-01-01', to: '2027-01-04' }],
    })
  })

  it('a year ending yesterday, widened to the end of its calendar year: the year, a month and four days', () => {
    const units = unitsOf({ from: '2025-11-27', to: '2026-12-31' }, { from: '2025-11-27', to: '2026-11-26' })
    expect(units).toEqual({ years: ['2026-01-01'], months: ['2025-12-01'], weeks: [], days: [{ from: '2025-11-27', to: '2025-11-30' }] })
    expect(unitCount(units)).toBe(6)
  })

  it('the last 30 days widened: units wholly after the period are left out, edges clipped to it', () => {
    const units = unitsOf({ from: '2026-10-28', to: '2026-12-31' }, { from: '2026-10-28', to: '2026-11-26' })
    expect(units).toEqual({ years: [], months: ['2026-11-01'], weeks: [], days: [{ from: '2026-10-28', to: '2026-10-31' }] })
    expect(unitCount(units)).toBe(5)
    // Kept units touch the period; a short month before it (February) is not kept for 2 March.
    expect(unitsOf({ from: '2026-02-01', to: '2026-03-31' }, { from: '2026-03-02', to: '2026-03-02' }).months).toEqual(['2026-03-01'])
  })

  it('units cover each day of the range once, and every kept unit touches `keep`', () => {
    const ranges: DayRange[] = [
      { from: '2024-12-30', to: '2027-01-02' },
      { from: '2026-02-03', to: '2026-02-03' },
      { from: '2026-01-01', to: '2026-01-31' },
      { from: '2025-11-27', to: '2026-11-26' },
      { from: '2025-03-17', to: '2025-12-31' },
    ]
    for (const range of ranges) {
      const days = daysOf(unitsOf(range))
      expect(days, `${range.from}..${range.to}`).toEqual(eachDay(range))
    }
    const keep = { from: '2026-03-11', to: '2026-05-02' }
    const wide = daysOf(unitsOf({ from: '2026-01-01', to: '2026-12-31' }, keep))
    expect(wide.filter((day) => day >= keep.from && day <= keep.to)).toEqual(eachDay(keep))
    expect(new Set(wide).size).toBe(wide.length)
  })
})
