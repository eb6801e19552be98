import { describe, expect, it } from 'vitest'
import { addMonths, monthLabel, monthOf, monthRange, monthlyPoints, monthsBetween } from '../../src/core/months'

describe('months', () => {
  it('labels a month like "Jan 24"', () => {
    expect(monthLabel('2024-01')).toBe('Jan 24')
    expect(monthLabel('2025-12')).toBe('Dec 25')
    expect(monthLabel('2009-06')).toBe('Jun 09')
  })

  it('leaves what is not a month as given', () => {
    expect(monthLabel('')).toBe('')
    expect(monthLabel('2024-13')).toBe('2024-13')
  })

  it('steps across years and counts months inclusively', () => {
    expect(addMonths('2024-01', -1)).toBe('2023-12')
    expect(addMonths('2024-11', 14)).toBe('2026-01')
    expect(monthsBetween('2023-12', '2024-11')).toBe(12)
    expect(monthsBetween('2024-05', '2024-04')).toBe(0)
    expect(monthOf(new Date('2024-03-31T23:59:59Z'))).toBe('2024-03')
  })

  it('pads a single-point series with an empty point', () => {
    expect(monthlyPoints([{ month: '2024-01', count: 3 }])).toEqual([
      { label: 'Jan 24', value: 3 },
      { label: '', value: null },
    ])
    expect(monthlyPoints([])).toEqual([])
    expect(
      monthlyPoints([
        { month: '2023-12', count: 0 },
        { month: '2024-01', count: 2 },
      ]),
    ).toEqual([
      { label: 'Dec 23', value: 0 },
      { label: 'Jan 24', value: 2 },
    ])
  })
})

describe('monthRange', () => {
  const now = new Date('2026-11-22T10:00:00Z')
  it('ends this month and spans the months asked when no end is given', () => {
    expect(monthRange({}, 12, now)).toEqual({ from: '2025-12', to: '2026-11' })
    expect(monthRange({ from: '2026-01' }, 3, now)).toEqual({ from: '2026-01', to: '2026-03' })
    expect(monthRange({ to: '2026-02' }, 3, now)).toEqual({ from: '2025-12', to: '2026-02' })
    expect(monthRange({ from: '2024-05', to: '2024-06' }, 12, now)).toEqual({ from: '2024-05', to: '2024-06' })
  })
})
