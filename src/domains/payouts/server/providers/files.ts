import { CENT_UNITS, fromScaled, moneyUnits, toScaled, unitsToCents } from '@core/decimal'
import { csvLine } from '@server/csv-stream'
import type { BatchLine } from './types'

// The providers' batch files (docs/formats/paypal-payouts.md, docs/formats/tipalti-payment-file.md).
// Pure: the export stores what these return, and the unit tests read them.

/**
 * What the payee receives: the payout's stored net (whole cents since it was requested:
 * docs/payouts.md "Rounding") as a two-place string. A net with a fraction of a cent is refused
 * rather than rounded, so the file never pays other than what the ledger books.
 */
export function netCents(net: string): string {
  const units = moneyUnits(net)
  if (units <= 0n) throw new RangeError(`A payout's net must be positive (net ${net})`)
  if (units % CENT_UNITS !== 0n) throw new RangeError(`A payout's net must be whole cents (net ${net})`)
  return unitsToCents(units)
}

/** The sum of two-decimal amounts, exactly. */
export function sumCents(values: readonly string[]): string {
  return fromScaled(
    values.reduce((sum, value) => sum + toScaled(value, 2), 0n),
    2,
  )
}

/** A note fits PayPal's 400 characters and carries no line breaks. */
const oneLine = (text: string, max: number) => text.replace(/[\r\n]+/g, ' ').slice(0, max)

/**
 * PayPal Payouts web upload: no header row; per payout the recipient identifier (PayPal email),
 * the amount, the currency, a customer id (our reference, at most 30 characters, no spaces), the
 * note to the recipient and the recipient wallet (PAYPAL). One currency per file.
 */
export function paypalPayoutsCsv(lines: readonly BatchLine[]): string {
  return lines
    .map((line) =>
      csvLine([line.payeeId, line.net, line.currency, line.reference.replace(/\s+/g, '').slice(0, 30), oneLine(line.note, 400), 'PAYPAL']),
    )
    .join('')
}

export const TIPALTI_HEADER = [
  'Idap',
  'Amount',
  'SubmittedAmountCurrency',
  'RefCode',
  'EWalletMessage',
  'BankingMessage',
  'EmailMessage',
] as const

/**
 * Tipalti payment file (Payments › Upload payment file): a header row, then per payout the payee
 * id (Idap), the amount, its currency, the RefCode (unique per payment: Tipalti refuses a RefCode
 * it has already paid) and the messages shown to the payee.
 */
export function tipaltiPaymentFile(lines: readonly BatchLine[]): string {
  return (
    csvLine(TIPALTI_HEADER) +
    lines
      .map((line) =>
        csvLine([
          line.payeeId,
          line.net,
          line.currency,
          line.reference,
          oneLine(line.note, 100),
          oneLine(line.reference, 20),
          oneLine(line.note, 400),
        ]),
      )
      .join('')
  )
}
