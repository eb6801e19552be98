import { fromScaled, MONEY_SCALE, moneyUnits, unitsToCents } from './decimal'

// US statutory mechanical rates (17 U.S.C. 115) for cover song licensing (issue 22 item 4,
// docs/feature-controls.md "Mechanical rates"): per format, per period, the larger of a rate per
// copy and a rate per minute of playing time or fraction thereof. Pure and exact: amounts are
// decimal strings in dollars, computed as scaled bigints, never floats.

export const MECHANICAL_FORMATS = ['physical', 'download'] as const
export type MechanicalFormat = (typeof MECHANICAL_FORMATS)[number]

export const MECHANICAL_FORMAT_LABELS: Readonly<Record<MechanicalFormat, string>> = {
  physical: 'Physical phonorecord (CD, vinyl, cassette)',
  download: 'Permanent download',
}

/** One period of a format's rate: both days inclusive, `to` null while open-ended; dollars as decimal strings. */
export interface MechanicalRate {
  format: MechanicalFormat
  from: string
  to: string | null
  perCopy: string
  perMinute: string
  source: string
}

/**
 * The published US statutory rates this product seeds, only those whose figures were found in the
 * sources cited (docs/feature-controls.md). Later periods (2027's adjustment is announced each December)
 * are added by staff through the rate table call: a date with no rate in force has no royalty computed
 * rather than a guessed one.
 */
export const US_STATUTORY_RATES: readonly MechanicalRate[] = MECHANICAL_FORMATS.flatMap((format) => [
  {
    format,
    from: '2006-01-01',
    to: '2022-12-31',
    perCopy: '0.091',
    perMinute: '0.0175',
    source: '9.1¢ or 1.75¢ per minute: CRB final determination, 74 FR 4510 (Jan. 26, 2009); 9.1¢ since 2006 until the Phonorecords IV settlement (digitalmediawire.com, May 6, 2022)',
  },
  {
    format,
    from: '2023-01-01',
    to: '2023-12-31',
    perCopy: '0.12',
    perMinute: '0.0231',
    source: 'Phonorecords IV, 87 FR 76937 (Dec. 16, 2022): 12¢ or 2.31¢ per minute from Jan. 1, 2023; adjusted yearly from 2024 (88 FR 86058)',
  },
  {
    format,
    from: '2024-01-01',
    to: '2024-12-31',
    perCopy: '0.124',
    perMinute: '0.0239',
    source:
      'Phonorecords IV cost-of-living adjustment for 2024 (88 FR 86058): 12.4¢ or 2.39¢ per minute, as published by Affordable Song Licensing ("statutory mechanical licensing rates as of January 2024": $0.124 up to 5:00, $0.239 for 9:01–10:00)',
  },
  {
    format,
    from: '2025-01-01',
    to: '2025-12-31',
    perCopy: '0.127',
    perMinute: '0.0245',
    source:
      "Phonorecords IV cost-of-living adjustment for 2025, announced by the Copyright Royalty Judges in December 2024: 12.7¢ or 2.45¢ per minute from Jan. 1, 2025 (Music Tech Policy via Hypebot, Dec. 2024; The Trichordist, Jan. 16, 2025: 12.4¢ to 12.7¢)",
  },
  {
    format,
    from: '2026-01-01',
    to: '2026-12-31',
    perCopy: '0.131',
    perMinute: '0.0252',
    source:
      'Phonorecords IV cost-of-living adjustment for 2026 (37 CFR 385.11, CPI-U 324.800), announced by the Copyright Royalty Judges in December 2025: 13.1¢ or 2.52¢ per minute or fraction thereof from Jan. 1, 2026 (Hypebot, "2026 U.S. Mechanical Royalty Rates Increase", Dec. 2025; Dynamoi, Dec. 9, 2025)',
  },
])

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The rate in force for a format on a day (YYYY-MM-DD), or null. */
export function rateInForce(rates: readonly MechanicalRate[], format: MechanicalFormat, day: string): MechanicalRate | null {
  return rates.find((rate) => rate.format === format && rate.from <= day && (rate.to === null || day <= rate.to)) ?? null
}

/** Why a rate table cannot be kept (bad days, negative amounts, overlapping periods of a format), or null. */
export function rateTableRefusal(rates: readonly MechanicalRate[]): string | null {
  for (const rate of rates) {
    if (!DAY.test(rate.from) || (rate.to !== null && !DAY.test(rate.to))) return 'Use dates like 2026-01-31'
    if (rate.to !== null && rate.to < rate.from) return `A ${rate.format} period ends (${rate.to}) before it starts (${rate.from})`
    if (moneyUnits(rate.perCopy) < 0n || moneyUnits(rate.perMinute) < 0n) return 'A rate cannot be negative'
  }
  for (const format of MECHANICAL_FORMATS) {
    const periods = rates.filter((rate) => rate.format === format).sort((a, b) => a.from.localeCompare(b.from))
    for (let index = 1; index < periods.length; index += 1) {
      const before = periods[index - 1]
      if (before.to === null || before.to >= periods[index].from)
        return `Two ${format} periods overlap: from ${before.from} and from ${periods[index].from}`
    }
  }
  return null
}

/** The rate for one copy of a song of this playing time: the larger of the per-copy rate and the per-minute rate × minutes, a started minute counting whole. */
export function ratePerCopy(rate: Pick<MechanicalRate, 'perCopy' | 'perMinute'>, playingSeconds: number): string {
  const minutes = BigInt(Math.max(1, Math.ceil(playingSeconds / 60)))
  const byMinute = moneyUnits(rate.perMinute) * minutes
  const byCopy = moneyUnits(rate.perCopy)
  return fromScaled(byMinute > byCopy ? byMinute : byCopy, MONEY_SCALE)
}

/** Royalty owed for `quantity` copies at a per-copy rate: exact, then rounded half to even to cents. */
export function royaltyOwed(perCopy: string, quantity: number): string {
  return unitsToCents(moneyUnits(perCopy) * BigInt(quantity))
}
