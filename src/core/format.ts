/**
 * Number formatting for screens. Money arrives from the server as NUMERIC strings; rounding works on
 * the decimal digits themselves so "1.005" shows as $1.01, which a float (1.00499…) would get wrong.
 */

interface Decimal {
  negative: boolean
  /** Integer digits, no leading zeros except a lone "0". */
  whole: string
  /** Fraction digits, any length. */
  fraction: string
}

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i

function parseDecimal(value: string | number | bigint): Decimal | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null
  // String(number) is the shortest text that reads back as the same number, i.e. what the author wrote.
  const text = typeof value === 'string' ? value.trim().replace(/_/g, '') : String(value)
  const match = DECIMAL.exec(text)
  if (!match) return null
  const [, sign, wholeDigits = '', fractionDigits = '', exponentText] = match
  if (!wholeDigits && !fractionDigits) return null
  let digits = wholeDigits + fractionDigits
  let point = wholeDigits.length + Number(exponentText ?? 0)
  if (point < 0) {
    digits = '0'.repeat(-point) + digits
    point = 0
  } else if (point > digits.length) {
    digits = digits + '0'.repeat(point - digits.length)
  }
  const whole = digits.slice(0, point).replace(/^0+(?=\d)/, '') || '0'
  return { negative: sign === '-', whole, fraction: digits.slice(point) }
}

/** Adds one to a string of digits ("199" -> "200", "99" -> "100"). */
function increment(digits: string): string {
  const out = digits.split('')
  for (let index = out.length - 1; index >= 0; index--) {
    if (out[index] === '9') out[index] = '0'
    else {
      out[index] = String(Number(out[index]) + 1)
      return out.join('')
    }
  }
  return `1${out.join('')}`
}

/** Rounds half away from zero ("half-up" as people mean it for money) to `decimals` places. */
function round(decimal: Decimal, decimals: number): Decimal {
  const padded = decimal.fraction.padEnd(decimals + 1, '0')
  const kept = decimal.whole + padded.slice(0, decimals)
  const rounded = Number(padded[decimals]) >= 5 ? increment(kept) : kept
  const whole = rounded.slice(0, rounded.length - decimals).replace(/^0+(?=\d)/, '') || '0'
  const fraction = rounded.slice(rounded.length - decimals)
  // Nothing left but zeros: no "-$0.00".
  const negative = decimal.negative && /[1-9]/.test(whole + fraction)
  return { negative, whole, fraction }
}

function group(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

function render(decimal: Decimal): string {
  return decimal.fraction ? `${group(decimal.whole)}.${decimal.fraction}` : group(decimal.whole)
}

/**
 * "$1,234.50": a dollar sign, thousands separators, exactly two decimals, "-$12.00" when negative.
 * Text that is not a number is shown as it came, so a bad value stays visible rather than becoming $0.00.
 */
export function formatMoney(value: string | number): string {
  const decimal = parseDecimal(value)
  if (!decimal) return String(value).trim()
  const rounded = round(decimal, 2)
  return `${rounded.negative ? '-' : ''}$${render(rounded)}`
}

/** A value already in percent (12.5 -> "12.50%"), with `decimals` places (the spec uses 2, sometimes 3). */
export function formatPercent(value: string | number, decimals = 2): string {
  const decimal = parseDecimal(value)
  if (!decimal) return String(value).trim()
  const rounded = round(decimal, Math.max(0, Math.trunc(decimals)))
  return `${rounded.negative ? '-' : ''}${render(rounded)}%`
}

/** A whole count with thousands separators: 1234567 -> "1,234,567" (int8 columns may arrive as strings). */
export function formatCount(value: number | string | bigint): string {
  const decimal = parseDecimal(value)
  if (!decimal) return String(value).trim()
  const rounded = round(decimal, 0)
  return `${rounded.negative ? '-' : ''}${render(rounded)}`
}

/** Plain digits for files and inputs: 1234.5 -> "1234.50" (no sign for zero, no separators, no currency). */
export function formatDecimal(value: string | number, decimals = 2): string {
  const decimal = parseDecimal(value)
  if (!decimal) return String(value).trim()
  const rounded = round(decimal, Math.max(0, Math.trunc(decimals)))
  return `${rounded.negative ? '-' : ''}${rounded.fraction ? `${rounded.whole}.${rounded.fraction}` : rounded.whole}`
}
