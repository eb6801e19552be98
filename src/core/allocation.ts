// Exact money allocation for the ledger (rules: docs/royalties.md, "Ledger"). Pure bigint arithmetic:
// amounts are micro-units (MONEY_SCALE), shares are SHARE_SCALE units; nothing passes through floats.
import { divideHalfEven, MONEY_SCALE, toScaled } from './decimal'

/**
 * Split `amount` among payees in proportion to `shares` so the parts sum to `amount` exactly.
 * Each payee gets floor(|amount| × share / total); the units left over go one each to the payees
 * with the largest dropped fractions, ties to the lower index (largest remainder method). A
 * negative amount is allocated as the negation of its absolute value (sign-symmetric).
 */
export function allocate(amount: bigint, shares: bigint[]): bigint[] {
  if (shares.length === 0) throw new RangeError('allocate needs at least one share')
  let total = 0n
  for (const share of shares) {
    if (share < 0n) throw new RangeError('Shares cannot be negative')
    total += share
  }
  if (total === 0n) throw new RangeError('Shares sum to zero')
  const negative = amount < 0n
  const magnitude = negative ? -amount : amount
  const parts: bigint[] = []
  const remainders: bigint[] = []
  let given = 0n
  for (const share of shares) {
    const product = magnitude * share
    const part = product / total
    parts.push(part)
    remainders.push(product % total)
    given += part
  }
  let left = magnitude - given
  if (left > 0n) {
    const order = shares.map((_, index) => index)
    order.sort((a, b) => (remainders[a] === remainders[b] ? a - b : remainders[a] > remainders[b] ? -1 : 1))
    for (const index of order) {
      if (left === 0n) break
      parts[index] += 1n
      left -= 1n
    }
  }
  return negative ? parts.map((part) => -part) : parts
}

/** A percent ("15.0000" is 15% of the amount), read exactly at 10 places. */
const PERCENT_SCALE = 10
const PERCENT_DENOMINATOR = 100n * 10n ** BigInt(PERCENT_SCALE)

/** The operator's share: `amount × percent / 100`, rounded toward zero to a unit. */
export function operatorShare(amount: bigint, percent: string | null): bigint {
  if (percent === null || percent.trim() === '') return 0n
  const scaled = toScaled(percent, PERCENT_SCALE)
  if (scaled < 0n || scaled > 100n * 10n ** BigInt(PERCENT_SCALE)) throw new RangeError(`A tenant split must be 0-100%: ${percent}`)
  // BigInt division truncates toward zero, for negative amounts too.
  return (amount * scaled) / PERCENT_DENOMINATOR
}

/** Statement money in the base currency: `net × rate`, rounded half to even to 6 places (micro-units). */
export const RATE_SCALE = 10
export function convert(net: string, rate: string): bigint {
  const product = toScaled(net, 10) * toScaled(rate, RATE_SCALE)
  return divideHalfEven(product, 10n ** BigInt(10 + RATE_SCALE - MONEY_SCALE))
}
