import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { divideHalfEven, fromScaled, toScaled } from '../../src/core/decimal'
import { amountUnits, BaseConverter, ImportFailure, Sum, unitsText } from '../../src/domains/earnings/server/imports/line-values'

// The importer's fast money path (Numbers where exact) must agree with exact bigint arithmetic everywhere.

const decimalText = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 10 }))
  .map(([negative, digits, places]) => {
    const text = fromScaled(digits, places)
    return negative && digits !== 0n ? `-${text}` : text
  })
const rateText = fc
  .tuple(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 0, max: 10 }))
  .map(([digits, places]) => fromScaled(digits, places))

describe('statement line values', () => {
  it('reads a money cell to the same units as exact decimal parsing, fast path or not', () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        expect(BigInt(amountUnits(text, 'Net'))).toBe(toScaled(text, 10))
      }),
      { numRuns: 2000 },
    )
    expect(BigInt(amountUnits('$1,234,567.5', 'Net'))).toBe(12_345_675_000_000_000n)
    expect(() => amountUnits('12 apples', 'Net')).toThrow(ImportFailure)
  })

  it('converts to base micro-units exactly as bigint half-to-even, for any rate', () => {
    fc.assert(
      fc.property(decimalText, rateText, (text, rate) => {
        const units = amountUnits(text, 'Net')
        const exact = divideHalfEven(toScaled(text, 10) * toScaled(rate, 10), 10n ** 14n)
        expect(BigInt(new BaseConverter(rate).convert(units))).toBe(exact)
      }),
      { numRuns: 3000 },
    )
    // Ties go to even: 0.0000025 → 0.000002, 0.0000035 → 0.000004.
    const one = new BaseConverter('1')
    expect(one.convert(25_000)).toBe(2)
    expect(one.convert(35_000)).toBe(4)
    expect(one.convert(-25_000)).toBe(-2)
  })

  it('sums Number and bigint units without losing a unit past 2^53', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: -(2 ** 50), max: 2 ** 50 }), fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }))),
        (values) => {
          const sum = new Sum()
          for (const value of values) sum.add(value)
          expect(sum.value()).toBe(values.reduce<bigint>((total, value) => total + BigInt(value), 0n))
        },
      ),
    )
    expect(unitsText(-1_234_567, 6)).toBe('-1.234567')
    expect(unitsText(5, 6)).toBe('0.000005')
    expect(unitsText(-(10n ** 30n), 6)).toBe(fromScaled(-(10n ** 30n), 6))
  })
})
