import { describe, expect, it } from 'vitest'
import {
  AGREEMENT_VERSION,
  BILLING_TIERS,
  addMonthsUtc,
  agreementText,
  centsToDecimal,
  firstOfNextMonthUtc,
  proratedFirstMonth,
  recordingRange,
  renewal,
  setupFeeCents,
  tierFor,
} from '../../src/core/billing'

describe('billing tiers', () => {
  it('are the agreement’s five tiers', () => {
    expect(BILLING_TIERS.map((tier) => [tier.name, recordingRange(tier), tier.monthlyFeeCents])).toEqual([
      ['Tier 1', '1–9,999', 49_900],
      ['Tier 2', '10,000–49,999', 100_000],
      ['Tier 3', '50,000–99,999', 150_000],
      ['Tier 4', '100,000–249,999', 200_000],
      ['Tier 5', '250,000+', null],
    ])
  })

  it('pick the tier by live recordings, at each boundary', () => {
    const cases: [number, number][] = [
      [0, 1],
      [1, 1],
      [9_999, 1],
      [10_000, 2],
      [49_999, 2],
      [50_000, 3],
      [99_999, 3],
      [100_000, 4],
      [249_999, 4],
      [250_000, 5],
      [3_000_000, 5],
    ]
    for (const [recordings, tier] of cases) expect(tierFor(recordings).id, String(recordings)).toBe(tier)
  })

  it('set the setup fee equal to the monthly fee (by agreement on the top tier)', () => {
    expect(setupFeeCents(tierFor(20_000))).toBe(100_000)
    expect(setupFeeCents(tierFor(300_000))).toBeNull()
  })
})

describe('proration and dates', () => {
  it('bills the first month for the days left in it, start day included, rounded half up to the cent', () => {
    expect(proratedFirstMonth(49_900, new Date('2030-04-10T12:00:00Z'))).toEqual({ days: 21, daysInMonth: 30, cents: 34_930 })
    expect(proratedFirstMonth(49_900, new Date('2030-04-01T00:00:00Z'))).toEqual({ days: 30, daysInMonth: 30, cents: 49_900 })
    expect(proratedFirstMonth(49_900, new Date('2030-04-30T23:00:00Z'))).toEqual({ days: 1, daysInMonth: 30, cents: 1_663 })
    // February of a leap year: 100000 x 1 / 29 = 3448.27... cents -> 3448.
    expect(proratedFirstMonth(100_000, new Date('2028-02-29T08:00:00Z'))).toEqual({ days: 1, daysInMonth: 29, cents: 3_448 })
    // 150000 x 3 / 31 = 14516.129 -> 14516; 499 x 5 / 31 -> 80.48 (8048.38 cents -> 8048).
    expect(proratedFirstMonth(150_000, new Date('2030-01-29T00:00:00Z')).cents).toBe(14_516)
    expect(proratedFirstMonth(49_900, new Date('2030-03-27T00:00:00Z')).cents).toBe(8_048)
  })

  it('issues monthly invoices on the first of the next month and renews annual plans after 12 months', () => {
    expect(firstOfNextMonthUtc(new Date('2030-12-15T10:00:00Z')).toISOString()).toBe('2031-01-01T00:00:00.000Z')
    expect(addMonthsUtc(new Date('2030-01-31T00:00:00Z'), 1).toISOString()).toBe('2030-02-28T00:00:00.000Z')
    const start = new Date('2030-04-10T00:00:00Z')
    expect(renewal('annual', start, new Date('2030-06-01T00:00:00Z'))).toEqual({
      renewsAt: new Date('2031-04-10T00:00:00Z'),
      noticeBy: new Date('2031-03-11T00:00:00Z'),
    })
    // Past the first renewal, the next one is a year later.
    expect(renewal('annual', start, new Date('2031-05-01T00:00:00Z')).renewsAt.toISOString()).toBe('2032-04-10T00:00:00.000Z')
    expect(renewal('monthly', start, new Date('2030-06-20T00:00:00Z')).renewsAt.toISOString()).toBe('2030-07-10T00:00:00.000Z')
  })

  it('writes money as decimal strings', () => {
    expect([centsToDecimal(49_900), centsToDecimal(34_930), centsToDecimal(5), centsToDecimal(-1_050)]).toEqual([
      '499.00',
      '349.30',
      '0.05',
      '-10.50',
    ])
  })
})

describe('the agreement text', () => {
  it('is generated from the constants: tiers, fees, proration and terms', () => {
    const text = agreementText()
    expect(text).toContain('Tier 1: 1–9,999 recordings, $499 per month.')
    expect(text).toContain('Tier 2: 10,000–49,999 recordings, $1,000 per month.')
    expect(text).toContain('Tier 4: 100,000–249,999 recordings, $2,000 per month.')
    expect(text).toContain('Tier 5: 250,000+ recordings, by agreement.')
    expect(text).toContain('A distribution fee of 5% of the month')
    expect(text).toContain('setup fee equal to the monthly fee')
    expect(text).toContain('The first month is prorated')
    expect(text).toContain('Annual plan (the default): a term of 12 months that renews automatically')
    expect(text).toContain('30 days’ written notice')
    expect(AGREEMENT_VERSION).toMatch(/^wl-b2b-[0-9a-f]{8}$/)
  })
})
