import { describe, expect, it } from 'vitest'
import { rateInForce, ratePerCopy, rateTableRefusal, royaltyOwed, US_STATUTORY_RATES, type MechanicalRate } from '../../src/core/mechanical-rates'

describe('mechanical rates', () => {
  it('finds the US statutory rate in force for a format and a day, and none outside the seeded periods', () => {
    expect(rateInForce(US_STATUTORY_RATES, 'physical', '2015-06-01')).toMatchObject({ perCopy: '0.091', perMinute: '0.0175' })
    expect(rateInForce(US_STATUTORY_RATES, 'download', '2022-12-31')).toMatchObject({ perCopy: '0.091' })
    expect(rateInForce(US_STATUTORY_RATES, 'download', '2023-01-01')).toMatchObject({ perCopy: '0.12', perMinute: '0.0231' })
    expect(rateInForce(US_STATUTORY_RATES, 'physical', '2024-01-01')).toMatchObject({ perCopy: '0.124', perMinute: '0.0239' })
    expect(rateInForce(US_STATUTORY_RATES, 'download', '2024-12-31')).toMatchObject({ perCopy: '0.124', perMinute: '0.0239' })
    expect(rateInForce(US_STATUTORY_RATES, 'download', '2025-06-30')).toMatchObject({ perCopy: '0.127', perMinute: '0.0245' })
    expect(rateInForce(US_STATUTORY_RATES, 'physical', '2026-01-01')).toMatchObject({ perCopy: '0.131', perMinute: '0.0252' })
    expect(rateInForce(US_STATUTORY_RATES, 'download', '2026-12-31')).toMatchObject({ perCopy: '0.131', perMinute: '0.0252' })
    // 2027's adjustment is not yet published, so no rate is seeded for it (never a guessed one).
    expect(rateInForce(US_STATUTORY_RATES, 'physical', '2027-01-01')).toBeNull()
    expect(rateInForce(US_STATUTORY_RATES, 'physical', '2005-12-31')).toBeNull()
    expect(rateTableRefusal(US_STATUTORY_RATES)).toBeNull()
  })

  it('takes the larger of the per-copy rate and the per-minute rate, a started minute counting whole', () => {
    const rate = { perCopy: '0.12', perMinute: '0.0231' }
    expect(ratePerCopy(rate, 200)).toBe('0.120000')
    expect(ratePerCopy(rate, 300)).toBe('0.120000') // 5 × 2.31¢ = 11.55¢ < 12¢
    expect(ratePerCopy(rate, 301)).toBe('0.138600') // 6 minutes
    expect(ratePerCopy({ perCopy: '0.091', perMinute: '0.0175' }, 330)).toBe('0.105000')
  })

  it('computes royalty owed exactly, rounded half to even to cents', () => {
    expect(royaltyOwed('0.091', 1000)).toBe('91.00')
    expect(royaltyOwed('0.138600', 3)).toBe('0.42') // 0.4158
    expect(royaltyOwed('0.105', 1)).toBe('0.10') // 10.5¢: half to even
    expect(royaltyOwed('0.115', 1)).toBe('0.12')
    expect(royaltyOwed('0.12', 9_007_199)).toBe('1080863.88')
  })

  it('refuses overlapping periods of a format, backwards periods and negative rates', () => {
    const base: MechanicalRate = { format: 'physical', from: '2024-01-01', to: null, perCopy: '0.124', perMinute: '0.0239', source: 'staff' }
    expect(rateTableRefusal([...US_STATUTORY_RATES, { ...base, from: '2027-01-01' }])).toBeNull()
    expect(rateTableRefusal([...US_STATUTORY_RATES, base])).toBe('Two physical periods overlap: from 2024-01-01 and from 2024-01-01')
    expect(rateTableRefusal([...US_STATUTORY_RATES, { ...base, from: '2023-06-01' }])).toBe('Two physical periods overlap: from 2023-01-01 and from 2023-06-01')
    expect(rateTableRefusal([base, { ...base, from: '2025-01-01' }])).toBe('Two physical periods overlap: from 2024-01-01 and from 2025-01-01')
    expect(rateTableRefusal([{ ...base, to: '2023-01-01' }])).toBe('A physical period ends (2023-01-01) before it starts (2024-01-01)')
    expect(rateTableRefusal([{ ...base, perCopy: '-0.1' }])).toBe('A rate cannot be negative')
  })
})
