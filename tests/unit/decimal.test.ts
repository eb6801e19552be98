import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { divideHalfEven, fromScaled, isDecimal, toScaled } from '@core/decimal'

describe('exact decimals', () => {
  it('reads statement amounts without float error', () => {
    expect(toScaled('0.1', 6) + toScaled('0.2', 6)).toBe(toScaled('0.3', 6))
    expect(toScaled('1234.5678', 6)).toBe(1234567800n)
    expect(toScaled('-0.000001', 6)).toBe(-1n)
    expect(toScaled('1.5e-3', 6)).toBe(1500n)
    expect(toScaled('.5', 2)).toBe(50n)
  })

  it('rounds half to even when a value has more places than the scale', () => {
    expect(toScaled('0.0000005', 6)).toBe(0n)
    expect(toScaled('0.0000015', 6)).toBe(2n)
    expect(toScaled('0.00000151', 6)).toBe(2n)
    expect(toScaled('-0.0000025', 6)).toBe(-2n)
    expect(divideHalfEven(5n, 2n)).toBe(2n)
    expect(divideHalfEven(7n, 2n)).toBe(4n)
    expect(divideHalfEven(-7n, 2n)).toBe(-4n)
  })

  it('writes units back with exactly the scale places', () => {
    expect(fromScaled(1n, 6)).toBe('0.000001')
    expect(fromScaled(-1234567800n, 6)).toBe('-1234.567800')
    expect(fromScaled(3333333334n, 10)).toBe('0.3333333334')
    expect(fromScaled(42n, 0)).toBe('42')
  })

  it('refuses what is not a number', () => {
    expect(isDecimal('12.50')).toBe(true)
    expect(isDecimal('1,000')).toBe(false)
    expect(isDecimal('.')).toBe(false)
    expect(() => toScaled('abc', 6)).toThrow(RangeError)
  })

  it('round-trips any amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), (units) => {
        expect(toScaled(fromScaled(units, 6), 6)).toBe(units)
      }),
    )
  })
})
