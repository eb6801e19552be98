// Exact decimals as scaled bigints: money and shares never pass through floats.

/** Ledger and rollup amounts: micro-units (6 places). */
export const MONEY_SCALE = 6
/** Split shares: 10 places, so thirds lose at most one unit, which the rounding rule assigns. */
export const SHARE_SCALE = 10
export const SHARE_ONE = 10n ** BigInt(SHARE_SCALE)

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/

/** Whether `value` is a plain decimal number (optionally signed, optionally with an exponent). */
export function isDecimal(value: string): boolean {
  const match = DECIMAL.exec(value.trim())
  return !!match && (match[2] ?? '').length + (match[3] ?? '').length > 0
}

/**
 * `value` as an integer count of 10^-scale units, rounded half to even. PostgreSQL's round() sends
 * ties away from zero instead, so money is rounded here, in one place, never in SQL.
 */
export function toScaled(value: string, scale: number): bigint {
  const match = DECIMAL.exec(value.trim())
  if (!match || (match[2] ?? '').length + (match[3] ?? '').length === 0) throw new RangeError(`Not a decimal: ${value}`)
  const negative = match[1] === '-'
  const exponent = Number(match[4] ?? 0)
  const digits = (match[2] ?? '') + (match[3] ?? '')
  // value = digits × 10^(exponent − fractionLength); we want value × 10^scale.
  const shift = exponent - (match[3] ?? '').length + scale
  let units: bigint
  if (shift >= 0) {
    units = BigInt(digits || '0') * 10n ** BigInt(shift)
  } else {
    const divisor = 10n ** BigInt(-shift)
    const whole = BigInt(digits || '0')
    units = whole / divisor
    const rest = whole % divisor
    const twice = rest * 2n
    if (twice > divisor || (twice === divisor && units % 2n === 1n)) units += 1n
  }
  return negative ? -units : units
}

/** Units back to a plain decimal string with exactly `scale` places. */
export function fromScaled(units: bigint, scale: number): string {
  const negative = units < 0n
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0')
  const whole = digits.slice(0, digits.length - scale)
  const fraction = digits.slice(digits.length - scale)
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`
}

/** Round half to even of `numerator / denominator` (denominator > 0). */
export function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n
  const magnitude = negative ? -numerator : numerator
  let quotient = magnitude / denominator
  const twice = (magnitude % denominator) * 2n
  if (twice > denominator || (twice === denominator && quotient % 2n === 1n)) quotient += 1n
  return negative ? -quotient : quotient
}

/** The exact sum of money strings, with six places (never through floats). */
export function sumMoney(values: readonly string[]): string {
  return fromScaled(
    values.reduce((sum, value) => sum + toScaled(value, MONEY_SCALE), 0n),
    MONEY_SCALE,
  )
}

/** Ledger money (six places) as exact micro-units; null or undefined count as zero. */
export const moneyUnits = (value: string | null | undefined): bigint => toScaled(value ?? '0', MONEY_SCALE)

/** Micro-units back to a six-place money string. */
export const moneyText = (units: bigint): string => fromScaled(units, MONEY_SCALE)

/** Micro-units in one cent. */
export const CENT_UNITS = 10n ** BigInt(MONEY_SCALE - 2)

/** Micro-units rounded half to even to cents, as a two-place decimal string. */
export const unitsToCents = (units: bigint): string => fromScaled(divideHalfEven(units, CENT_UNITS), 2)
