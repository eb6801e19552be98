import { MONEY_SCALE, fromScaled, toScaled } from '@core/decimal'

/** The exact sum of decimal strings, six places (never through floats). */
export function sumMoney(values: readonly string[]): string {
  return fromScaled(
    values.reduce((sum, value) => sum + toScaled(value, MONEY_SCALE), 0n),
    MONEY_SCALE,
  )
}
