/**
 * The White Label B2B agreement's commercial terms (spec section 9), kept as data: the agreement
 * text the operator signs, the wallet's figures and the server's invoice preview are all derived
 * from these constants, so a change here changes all three (and the agreement's version) together.
 * Money is in whole cents: never a float.
 */

export type PlanKind = 'annual' | 'monthly'

export interface BillingTier {
  id: 1 | 2 | 3 | 4 | 5
  name: string
  minRecordings: number
  /** null: no upper bound. */
  maxRecordings: number | null
  /** null: priced by agreement. */
  monthlyFeeCents: number | null
}

export const BILLING_TIERS: readonly BillingTier[] = [
  { id: 1, name: 'Tier 1', minRecordings: 1, maxRecordings: 9_999, monthlyFeeCents: 49_900 },
  { id: 2, name: 'Tier 2', minRecordings: 10_000, maxRecordings: 49_999, monthlyFeeCents: 100_000 },
  { id: 3, name: 'Tier 3', minRecordings: 50_000, maxRecordings: 99_999, monthlyFeeCents: 150_000 },
  { id: 4, name: 'Tier 4', minRecordings: 100_000, maxRecordings: 249_999, monthlyFeeCents: 200_000 },
  { id: 5, name: 'Tier 5', minRecordings: 250_000, maxRecordings: null, monthlyFeeCents: null },
]

/** Charged monthly on the month's distribution revenue, in percent. */
export const DISTRIBUTION_FEE_PERCENT = 5
export const DEFAULT_PLAN: PlanKind = 'annual'
export const PLAN_TERMS: Readonly<Record<PlanKind, { label: string; months: number; autoRenew: boolean; noticeDays: number }>> = {
  annual: { label: 'Annual plan', months: 12, autoRenew: true, noticeDays: 30 },
  monthly: { label: 'Monthly plan', months: 1, autoRenew: true, noticeDays: 30 },
}

const DAY_MS = 24 * 60 * 60 * 1000

/** The tier a catalogue of `recordings` live recordings falls in; an empty catalogue starts on the first tier. */
export function tierFor(recordings: number): BillingTier {
  const count = Math.max(0, Math.floor(recordings))
  return BILLING_TIERS.find((tier) => tier.maxRecordings === null || count <= tier.maxRecordings) ?? BILLING_TIERS[BILLING_TIERS.length - 1]
}

/** The setup fee equals the tier's monthly fee. */
export function setupFeeCents(tier: BillingTier): number | null {
  return tier.monthlyFeeCents
}

export function daysInMonthUtc(date: Date): number {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate()
}

/** Half-up rounding of a fraction of whole cents, in integers only. */
function fractionOfCents(cents: number, numerator: number, denominator: number): number {
  return Math.floor((cents * numerator * 2 + denominator) / (denominator * 2))
}

export interface ProratedMonth {
  /** Days billed: from the start day to the end of its month, both included. */
  days: number
  daysInMonth: number
  cents: number
}

/** The first month is billed for the days left in it, the start day included (UTC calendar days). */
export function proratedFirstMonth(monthlyFeeCents: number, start: Date): ProratedMonth {
  const daysInMonth = daysInMonthUtc(start)
  const days = daysInMonth - start.getUTCDate() + 1
  return { days, daysInMonth, cents: fractionOfCents(monthlyFeeCents, days, daysInMonth) }
}

/** The first day of the month after `date`, at 00:00 UTC: when monthly invoices are issued. */
export function firstOfNextMonthUtc(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1))
}

export function addMonthsUtc(date: Date, months: number): Date {
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1))
  const day = Math.min(date.getUTCDate(), daysInMonthUtc(target))
  return new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), day))
}

/** When the current term renews and the last day notice can still be given, for a plan started at `start`. */
export function renewal(plan: PlanKind, start: Date, now: Date): { renewsAt: Date; noticeBy: Date } {
  const { months, noticeDays } = PLAN_TERMS[plan]
  let renewsAt = addMonthsUtc(start, months)
  for (let terms = 2; renewsAt.getTime() <= now.getTime(); terms++) renewsAt = addMonthsUtc(start, months * terms)
  return { renewsAt, noticeBy: new Date(renewsAt.getTime() - noticeDays * DAY_MS) }
}

/** "499.00" from 49900: money travels as decimal strings. */
export function centsToDecimal(cents: number): string {
  const negative = cents < 0
  const value = Math.abs(Math.round(cents))
  return `${negative ? '-' : ''}${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`
}

const grouped = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
const dollars = (cents: number) => `$${grouped(Math.floor(cents / 100))}${cents % 100 ? `.${String(cents % 100).padStart(2, '0')}` : ''}`

/** "1–9,999", "250,000+". */
export function recordingRange(tier: BillingTier): string {
  return tier.maxRecordings === null ? `${grouped(tier.minRecordings)}+` : `${grouped(tier.minRecordings)}–${grouped(tier.maxRecordings)}`
}

export function tierPrice(tier: BillingTier): string {
  return tier.monthlyFeeCents === null ? 'by agreement' : `${dollars(tier.monthlyFeeCents)} per month`
}

/** The White Label B2B agreement, paragraph by paragraph, generated from the constants above. */
export function agreementParagraphs(): { heading: string; body: string[] }[] {
  const annual = PLAN_TERMS.annual
  const monthly = PLAN_TERMS.monthly
  return [
    {
      heading: 'White Label B2B Agreement',
      body: [
        'This agreement is between the platform and the company operating this white-label workspace (the Operator). By signing, the Operator accepts the terms below for distributing and administering recordings through the platform under its own brand.',
      ],
    },
    {
      heading: '1. Monthly fee by catalogue size',
      body: [
        'The monthly fee depends on the number of recordings the Operator has live through the platform:',
        ...BILLING_TIERS.map((tier) => `${tier.name}: ${recordingRange(tier)} recordings, ${tierPrice(tier)}.`),
        'The tier is reviewed each month against the number of live recordings; a change of tier applies from the next monthly invoice.',
      ],
    },
    {
      heading: '2. Distribution fee',
      body: [`A distribution fee of ${DISTRIBUTION_FEE_PERCENT}% of the month's distribution revenue is charged monthly.`],
    },
    {
      heading: '3. Setup fee and first month',
      body: [
        'A one-time setup fee equal to the monthly fee of the Operator’s tier is due at signing.',
        'The first month is prorated: it is billed for the days from the start date to the end of that calendar month.',
      ],
    },
    {
      heading: '4. Term, renewal and notice',
      body: [
        `${annual.label} (the default): a term of ${annual.months} months that renews automatically; either party may end it with ${annual.noticeDays} days’ written notice before the renewal date.`,
        `${monthly.label}: renews each month; either party may end it with ${monthly.noticeDays} days’ written notice.`,
      ],
    },
    {
      heading: '5. Signature',
      body: [
        'The person signing confirms they are authorised to bind the Operator. The signature, the signer, the time and the address it was given from are kept with the version of this text.',
      ],
    },
  ]
}

export function agreementText(): string {
  return agreementParagraphs()
    .map((section) => [section.heading, ...section.body].join('\n'))
    .join('\n\n')
}

/** FNV-1a: a short, stable fingerprint of the text, so any change to the terms gives a new version. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(16).padStart(8, '0')
}

/** The version a signature is recorded against. */
export const AGREEMENT_VERSION = `wl-b2b-${fingerprint(agreementText())}`
