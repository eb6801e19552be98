import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { allocate, convert, operatorShare } from '../../src/core/allocation'
import { SHARE_ONE } from '../../src/core/decimal'

/** Random shares (positive, 10-place units) that sum to exactly SHARE_ONE. */
const sharesArb = fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 12 }).map((weights) => {
  const total = weights.reduce((sum, weight) => sum + BigInt(weight), 0n)
  const shares = weights.map((weight) => (BigInt(weight) * SHARE_ONE) / total)
  shares[0] += SHARE_ONE - shares.reduce((sum, share) => sum + share, 0n)
  return shares
})
const amountArb = fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n })

describe('allocate', () => {
  it('gives thirds of 100.000001 as 33.333334, 33.333334, 33.333333 (extra units to the largest fractions, ties to the lower index)', () => {
    expect(allocate(100_000_001n, [3_333_333_334n, 3_333_333_333n, 3_333_333_333n])).toEqual([33_333_334n, 33_333_334n, 33_333_333n])
    expect(allocate(1n, [3_333_333_333n, 3_333_333_333n, 3_333_333_334n])).toEqual([0n, 0n, 1n])
    expect(allocate(2n, [5_000_000_000n, 5_000_000_000n])).toEqual([1n, 1n])
    expect(allocate(1n, [5_000_000_000n, 5_000_000_000n])).toEqual([1n, 0n])
  })

  it('is sign-symmetric and refuses empty or zero shares', () => {
    expect(allocate(-100_000_001n, [3_333_333_334n, 3_333_333_333n, 3_333_333_333n])).toEqual([-33_333_334n, -33_333_334n, -33_333_333n])
    expect(() => allocate(1n, [])).toThrow()
    expect(() => allocate(1n, [0n])).toThrow()
  })

  it('always sums exactly to the amount, each part within one unit of its exact share, for any shares summing to 1', () => {
    fc.assert(
      fc.property(amountArb, sharesArb, (amount, shares) => {
        const parts = allocate(amount, shares)
        expect(parts.reduce((sum, part) => sum + part, 0n)).toBe(amount)
        parts.forEach((part, index) => {
          // |part − amount × share| < 1 unit  ⇔  |part × ONE − amount × share| < ONE
          const difference = part * SHARE_ONE - amount * shares[index]
          expect(difference < SHARE_ONE && difference > -SHARE_ONE).toBe(true)
        })
        expect(allocate(-amount, shares)).toEqual(parts.map((part) => -part))
      }),
      { numRuns: 500 },
    )
  })

  it('thirds of any amount', () => {
    fc.assert(
      fc.property(amountArb, (amount) => {
        const parts = allocate(amount, [3_333_333_334n, 3_333_333_333n, 3_333_333_333n])
        expect(parts[0] + parts[1] + parts[2]).toBe(amount)
        expect(parts[0] >= parts[1] || amount < 0n).toBe(true)
      }),
    )
  })
})

describe('operatorShare', () => {
  it('takes the percent rounded toward zero, null is nothing', () => {
    expect(operatorShare(20_000_000n, '15.0000')).toBe(3_000_000n)
    expect(operatorShare(1n, '15')).toBe(0n)
    expect(operatorShare(7n, '50')).toBe(3n)
    expect(operatorShare(-7n, '50')).toBe(-3n)
    expect(operatorShare(123n, null)).toBe(0n)
    expect(operatorShare(123n, '100')).toBe(123n)
    expect(() => operatorShare(1n, '101')).toThrow()
  })
  it('never exceeds the amount and leaves the account side with the same sign', () => {
    fc.assert(
      fc.property(amountArb, fc.integer({ min: 0, max: 1_000_000 }), (amount, basisPoints) => {
        const percent = `${Math.floor(basisPoints / 10_000)}.${String(basisPoints % 10_000).padStart(4, '0')}`
        const share = operatorShare(amount, percent)
        const rest = amount - share
        expect(share * amount >= 0n && rest * amount >= 0n).toBe(true)
      }),
    )
  })
})

describe('convert', () => {
  it('multiplies by the rate and rounds half to even to 6 places', () => {
    expect(convert('10', '1')).toBe(10_000_000n)
    expect(convert('1.0000005', '1')).toBe(1_000_000n)
    expect(convert('1.0000015', '1')).toBe(1_000_002n)
    expect(convert('-1.0000005', '1')).toBe(-1_000_000n)
    expect(convert('3.3333333333', '0.9123456789')).toBe(3_041_152n)
  })
})
