import { divideHalfEven, fromScaled, toScaled } from '@core/decimal'

// The values of a statement line, converted exactly and fast: a money cell as most files write it
// (at most 5 digits before the point, at most 10 after) is held as a Number of 10^-10 units, which
// is exact below 2^53; anything else goes through bigint. Conversion to the base currency rounds half
// to even to 6 places per line (docs/royalties.md), with Numbers when the product stays exact.

/** Statement amounts: 10 places. */
export const LINE_SCALE = 10
/** Ledger amounts: 6 places. */
export const BASE_SCALE = 6
/** numeric(28,10): at most 18 digits before the point. */
const LINE_LIMIT = 10n ** 28n
/** Below this magnitude a Number holds units and their running sums exactly. */
const SMALL = 2 ** 51

export type Units = number | bigint

/** A failure the person importing can act on; its message is shown as is. */
export class ImportFailure extends Error {}

/** An exact running sum of Number and bigint units. */
export class Sum {
  private small = 0
  private big = 0n
  add(value: Units) {
    if (typeof value === 'number' && value < SMALL && value > -SMALL) {
      this.small += value
      if (this.small >= SMALL || this.small <= -SMALL) {
        this.big += BigInt(this.small)
        this.small = 0
      }
    } else this.big += BigInt(value)
  }
  value(): bigint {
    return this.big + BigInt(this.small)
  }
}

const POWERS = Array.from({ length: 11 }, (_, index) => 10 ** index)

/**
 * A cell written as -?d{1,5}(.d{1,10})? as a Number of 10^-10 units (exact: below 10^15), read
 * digit by digit without allocating; null for anything else.
 */
function simpleUnits(raw: string): number | null {
  const length = raw.length
  let index = 0
  const negative = length > 0 && raw.charCodeAt(0) === 45
  if (negative) index = 1
  let whole = 0
  const wholeStart = index
  while (index < length) {
    const code = raw.charCodeAt(index) - 48
    if (code < 0 || code > 9) break
    whole = whole * 10 + code
    index += 1
  }
  const wholeDigits = index - wholeStart
  if (wholeDigits < 1 || wholeDigits > 5) return null
  let fraction = 0
  let places = 0
  if (index < length) {
    if (raw.charCodeAt(index) !== 46) return null
    index += 1
    while (index < length) {
      const code = raw.charCodeAt(index) - 48
      if (code < 0 || code > 9) return null
      fraction = fraction * 10 + code
      places += 1
      index += 1
    }
    if (places < 1 || places > 10) return null
  }
  const units = whole * 1e10 + fraction * POWERS[10 - places]
  return negative ? -units : units
}

/** A money cell as units of 10^-10 (rounded half to even); thousands separators and currency signs allowed. */
export function amountUnits(raw: string, label: string): Units {
  const simple = simpleUnits(raw)
  if (simple !== null) return simple
  const value = raw.replace(/[\s$€£]/g, '').replace(/,(?=\d{3}(?:\D|$))/g, '')
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d{1,2})?$/.test(value) || value.length > 40)
    throw new ImportFailure(`${label} "${raw}" is not a number`)
  const units = toScaled(value, LINE_SCALE)
  if (units >= LINE_LIMIT || units <= -LINE_LIMIT) throw new ImportFailure(`${label} "${raw}" is too large`)
  return units
}

/** Units of 10^-`scale` as a plain decimal with exactly `scale` places. */
export function unitsText(units: Units, scale: number): string {
  if (typeof units === 'bigint') return fromScaled(units, scale)
  const negative = units < 0
  const digits = String(negative ? -units : units).padStart(scale + 1, '0')
  return `${negative ? '-' : ''}${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}`
}

/**
 * Statement units (10 places) to base micro-units (6 places) at one rate: × rate, half to even.
 * The rate is reduced to m / 10^s so the product stays a small integer for ordinary amounts.
 */
export class BaseConverter {
  private readonly rateUnits: bigint
  private readonly divisor: bigint
  private readonly multiplier: number
  private readonly denominator: number
  private readonly limit: number
  constructor(rate: string) {
    this.rateUnits = toScaled(rate, LINE_SCALE)
    this.divisor = 10n ** BigInt(LINE_SCALE * 2 - BASE_SCALE)
    let m = this.rateUnits
    let s = LINE_SCALE
    while (s > 0 && m % 10n === 0n) {
      m /= 10n
      s -= 1
    }
    const small = m > 0n && m < 2n ** 31n
    this.multiplier = small ? Number(m) : 0
    this.denominator = 10 ** (s + LINE_SCALE - BASE_SCALE)
    this.limit = small ? Math.floor(2 ** 52 / this.multiplier) : 0
  }
  convert(units: Units): Units {
    if (typeof units === 'number' && units <= this.limit && units >= -this.limit) {
      const negative = units < 0
      const product = (negative ? -units : units) * this.multiplier
      const d = this.denominator
      let quotient = Math.trunc(product / d)
      let rest = product - quotient * d
      if (rest < 0) {
        quotient -= 1
        rest += d
      } else if (rest >= d) {
        quotient += 1
        rest -= d
      }
      if (rest * 2 > d || (rest * 2 === d && quotient % 2 === 1)) quotient += 1
      return negative ? -quotient : quotient
    }
    return divideHalfEven(BigInt(units) * this.rateUnits, this.divisor)
  }
}

const DIGITS = /^\d{1,15}$/

export function count(raw: string): number {
  if (raw === '') return 0
  if (DIGITS.test(raw)) return Number(raw)
  const value = raw.replace(/[\s,]/g, '')
  if (value === '') return 0
  if (!/^-?\d{1,15}$/.test(value)) throw new ImportFailure(`Quantity "${raw}" is not a whole number`)
  return Number(value)
}

const MONTH = /^(\d{4})[-/.]?(0[1-9]|1[0-2])(?:[-/.]?\d{1,2})?(?:[ T].*)?$/
const MONTH_FIRST = /^(0?[1-9]|1[0-2])[-/.](\d{4})$/

/** A line's month: 2026-05, 202605, 2026-05-31, 05/2026; the statement's when the file has none. */
export function month(raw: string, fallback: string): string {
  if (!raw) return fallback
  const iso = MONTH.exec(raw)
  if (iso) return `${iso[1]}-${iso[2]}-01`
  const us = MONTH_FIRST.exec(raw)
  if (us) return `${us[2]}-${us[1].padStart(2, '0')}-01`
  throw new ImportFailure(`Month "${raw}" is not a month like 2026-05`)
}

/** `month` remembering its last answer: a statement's lines nearly always repeat the same month. */
export function monthReader(fallback: string) {
  let lastRaw: string | null = null
  let lastMonth = fallback
  return (raw: string) => {
    if (raw !== lastRaw) {
      lastMonth = month(raw, fallback)
      lastRaw = raw
    }
    return lastMonth
  }
}

const PLAIN_ISRC = /^[A-Z0-9]+$/
const PLAIN_UPC = /^\d+$/
export const isrcOf = (raw: string) => (PLAIN_ISRC.test(raw) ? raw : raw.toUpperCase().replace(/[^A-Z0-9]/g, '') || null)
export const upcOf = (raw: string) => (PLAIN_UPC.test(raw) ? raw : raw.replace(/\D/g, '') || null)
export const territoryOf = (raw: string) => {
  if (raw.length !== 2) return ''
  const value = raw.toUpperCase()
  return /^[A-Z]{2}$/.test(value) ? value : ''
}
export const text = (raw: string) => (raw ? (raw.length > 500 ? raw.slice(0, 500) : raw) : null)
