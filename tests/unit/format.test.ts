import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { formatCount, formatDecimal, formatMoney, formatPercent } from '../../src/core/format'

describe('formatMoney', () => {
  it('shows a dollar sign, thousands separators and exactly two decimals', () => {
    expect(formatMoney('1234.5')).toBe('$1,234.50')
    expect(formatMoney('1234567.891')).toBe('$1,234,567.89')
    expect(formatMoney('0')).toBe('$0.00')
    expect(formatMoney('999')).toBe('$999.00')
    expect(formatMoney('1000')).toBe('$1,000.00')
    expect(formatMoney(42)).toBe('$42.00')
    expect(formatMoney('.5')).toBe('$0.50')
    expect(formatMoney('  007.10 ')).toBe('$7.10')
  })

  it('puts the minus before the dollar sign', () => {
    expect(formatMoney('-12')).toBe('-$12.00')
    expect(formatMoney(-1234.5)).toBe('-$1,234.50')
  })

  it('rounds half up on the decimal digits, not through a float', () => {
    // 1.005 as a float is 1.00499999…, so toFixed(2) would give 1.00.
    expect(formatMoney('1.005')).toBe('$1.01')
    expect(formatMoney(1.005)).toBe('$1.01')
    expect(formatMoney('1.0049999')).toBe('$1.00')
    expect(formatMoney('999.995')).toBe('$1,000.00')
    expect(formatMoney('-2.675')).toBe('-$2.68')
    // Beyond float precision: every digit is kept.
    expect(formatMoney('12345678901234567890.125')).toBe('$12,345,678,901,234,567,890.13')
  })

  it('never shows a negative zero', () => {
    expect(formatMoney('-0.001')).toBe('$0.00')
    expect(formatMoney(-0)).toBe('$0.00')
  })

  it('reads numbers written with an exponent', () => {
    expect(formatMoney(1e21)).toBe('$1,000,000,000,000,000,000,000.00')
    expect(formatMoney(1.5e-7)).toBe('$0.00')
    expect(formatMoney('2.5e3')).toBe('$2,500.00')
  })

  it('shows text that is not a number as it came', () => {
    expect(formatMoney('n/a')).toBe('n/a')
    expect(formatMoney('')).toBe('')
    expect(formatMoney(Number.NaN)).toBe('NaN')
  })

  it('agrees with exact cent arithmetic for any amount in cents', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (cents) => {
        const negative = cents < 0n
        const abs = negative ? -cents : cents
        const text = `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`
        const expected = `${negative ? '-' : ''}$${(abs / 100n).toLocaleString('en-US')}.${String(abs % 100n).padStart(2, '0')}`
        expect(formatMoney(text)).toBe(expected)
      }),
    )
  })
})

describe('formatPercent', () => {
  it('shows two decimals by default, or as many as asked', () => {
    expect(formatPercent(12.5)).toBe('12.50%')
    expect(formatPercent('33.3333')).toBe('33.33%')
    expect(formatPercent('33.3335', 3)).toBe('33.334%')
    expect(formatPercent(0.125, 2)).toBe('0.13%')
    expect(formatPercent(99.6, 0)).toBe('100%')
    expect(formatPercent(-4.005)).toBe('-4.01%')
    expect(formatPercent(1234.5)).toBe('1,234.50%')
  })

  it('shows text that is not a number as it came', () => {
    expect(formatPercent('abc')).toBe('abc')
  })
})

describe('formatCount', () => {
  it('separates thousands', () => {
    expect(formatCount(0)).toBe('0')
    expect(formatCount(999)).toBe('999')
    expect(formatCount(1000)).toBe('1,000')
    expect(formatCount(1234567)).toBe('1,234,567')
    expect(formatCount(-1234)).toBe('-1,234')
    expect(formatCount('9007199254740993')).toBe('9,007,199,254,740,993')
    expect(formatCount(12345678901234567890n)).toBe('12,345,678,901,234,567,890')
  })

  it('rounds a fractional count to a whole one', () => {
    expect(formatCount(2.5)).toBe('3')
    expect(formatCount('10.4')).toBe('10')
  })
})

describe('formatDecimal', () => {
  it('gives plain digits with a fixed number of decimals', () => {
    expect(formatDecimal('1234.5')).toBe('1234.50')
    expect(formatDecimal(-12)).toBe('-12.00')
    expect(formatDecimal('-0.004')).toBe('0.00')
    expect(formatDecimal('2.0005', 3)).toBe('2.001')
    expect(formatDecimal('7.5', 0)).toBe('8')
  })
})
