import { z } from 'zod'
import { endpoint } from './define'
import { id, idParams, ok, page, pageOf, perPage, timestamp } from './common'
import { balanceLines } from './users-admin'
export { SHORTFALL_UNCONFIRMED } from './ledger-vocabulary'

// The ledger's API: exchange rates, manual adjustments, an account's ledger and unmatched statement
// lines (rules: docs/royalties.md). Money is a decimal string, never a number.

const KNOWN_CURRENCIES: readonly string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : []

export const currency = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(
    z
      .string()
      .regex(/^[A-Z]{3}$/, 'A currency is a three-letter ISO 4217 code such as EUR')
      .refine((value) => KNOWN_CURRENCIES.length === 0 || KNOWN_CURRENCIES.includes(value), 'That is not an ISO 4217 currency code'),
  )

/** A statement month: YYYY-MM. */
export const month = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is written YYYY-MM, for example 2025-03')

export const rate = z
  .string()
  .trim()
  .regex(/^\d{1,10}(\.\d{1,10})?$/, 'A rate is a decimal number with at most 10 places, such as 1.0825')
  .refine((value) => /[1-9]/.test(value), 'A rate must be greater than zero')

/**
 * A signed amount with at most two decimals, not zero, written strictly: no spaces, no exponent,
 * no thousands separators (money is never guessed at). The upper bound is the server's
 * (ADJUSTMENT_MAX, docs/royalties.md).
 */
export const adjustmentAmount = z
  .string()
  .refine((value) => value.trim() === value, 'Enter the amount without spaces, like 120.50 or -35')
  .refine((value) => /^[-+]?\d{1,13}(\.\d{1,2})?$/.test(value.trim()), 'Enter an amount like 120.50 or -35 (at most two decimals)')
  .refine((value) => /[1-9]/.test(value), 'An adjustment cannot be zero')
  .transform((value) => value.replace(/^\+/, ''))

/** The total shortfall an admin saw and confirms (cents): see docs/royalties.md "Recoupable debts". */
export const confirmShortfall = z
  .string()
  .regex(/^\d{1,13}(\.\d{1,2})?$/, 'The shortfall to confirm is an amount like 358.52')
  .optional()

const personRef = z.object({ id: z.number(), name: z.string() }).nullable()

export const exchangeRate = z.object({
  id: z.number(),
  currency: z.string(),
  /** YYYY-MM */
  period: z.string(),
  rate: z.string(),
  created: timestamp,
  createdBy: personRef,
})
export type ExchangeRate = z.infer<typeof exchangeRate>
/** As a handler returns it (dates may be Date objects). */
export type ExchangeRateResult = z.input<typeof exchangeRate>

export const LEDGER_KINDS = ['import', 'rollback', 'match', 'adjustment', 'publishing', 'payout'] as const
export const LEDGER_CATEGORIES = ['earnings', 'sales', 'adjustment', 'publishing', 'payouts'] as const

export const ledgerEntry = z.object({
  id: z.number(),
  date: timestamp,
  kind: z.string(),
  category: z.string(),
  /** Six places, as the ledger keeps it. */
  amount: z.string(),
  /** YYYY-MM of the statement, or null. */
  period: z.string().nullable(),
  import: z.object({ id: z.number(), name: z.string(), source: z.string() }).nullable(),
  track: z.object({ id: z.number(), title: z.string() }).nullable(),
  release: z.object({ id: z.number(), title: z.string() }).nullable(),
  reason: z.string(),
  by: personRef,
})
export type LedgerEntry = z.infer<typeof ledgerEntry>
export type LedgerEntryResult = z.input<typeof ledgerEntry>

export const unmatchedKey = z.object({
  kind: z.enum(['isrc', 'upc']),
  key: z.string(),
  lines: z.number(),
  /** Base currency, six places. */
  total: z.string(),
  titles: z.array(z.string()),
  importIds: z.array(z.number()),
})
export type UnmatchedKey = z.infer<typeof unmatchedKey>

export const matchBody = z
  .object({
    kind: z.enum(['isrc', 'upc'], 'Choose ISRC or UPC'),
    key: z.string().trim().min(1, 'The key is required').max(64, 'The key is too long'),
    trackId: id.optional().nullable(),
    releaseId: id.optional().nullable(),
  })
  .refine((value) => !!value.trackId !== !!value.releaseId, { message: 'Choose either a track or a release', path: ['trackId'] })

export const balanceSummary = z.object({
  balance: balanceLines,
  lastEarnings: z.object({ date: z.string().nullable(), amount: z.string() }),
})

export const ledgerEndpoints = {
  'ledger.rates': endpoint({
    method: 'GET',
    path: 'reports/exchange-rate/{id}',
    access: 'admin',
    summary: 'Exchange rates, newest month first ({id} is the page number)',
    params: z.object({ id: page }),
    query: z.object({
      currency: z
        .string()
        .trim()
        .regex(/^[A-Za-z]{0,3}$/, 'Filter by up to three letters of a currency code')
        .optional(),
      per_page: perPage,
    }),
    response: pageOf(exchangeRate),
  }),
  'ledger.rateCreate': endpoint({
    method: 'POST',
    path: 'reports/exchange-rate',
    access: 'admin',
    summary: 'Add the rate of a currency for a month (base currency USD units per unit)',
    status: 201,
    body: z.object({ currency, period: month, rate }),
    response: exchangeRate,
  }),
  'ledger.rateDelete': endpoint({
    method: 'DELETE',
    path: 'reports/exchange-rate/{id}',
    access: 'admin',
    summary: 'Delete an exchange rate (imports keep the rate they used)',
    params: idParams,
    response: ok,
  }),
  'ledger.adjust': endpoint({
    method: 'POST',
    path: 'users/single/{id}/adjustments',
    access: 'admin',
    summary:
      "Add a manual adjustment to an account's balance, with a reason (at most ADJUSTMENT_MAX either way); one that would take the balance below zero is refused (409 shortfall_unconfirmed) unless confirmShortfall names the shortfall, which is then recorded as a recoupable debt",
    status: 201,
    params: idParams,
    body: z.object({
      amount: adjustmentAmount,
      reason: z.string().trim().min(1, 'A reason is required').max(500, 'The reason is too long'),
      confirmShortfall,
    }),
    response: balanceSummary,
  }),
  'ledger.entries': endpoint({
    method: 'GET',
    path: 'users/single/{id}/ledger',
    access: 'admin',
    summary: "An account's ledger entries, newest first: every balance figure explained",
    params: idParams,
    query: z.object({ page, per_page: perPage, category: z.enum(LEDGER_CATEGORIES).optional() }),
    response: pageOf(ledgerEntry),
  }),
  'ledger.unmatched': endpoint({
    method: 'GET',
    path: 'earnings/unmatched/{page}',
    access: 'admin',
    summary: 'Unmatched lines of committed statements, grouped by ISRC or UPC',
    params: z.object({ page }),
    query: z.object({ search: z.string().trim().max(100).optional(), per_page: perPage }),
    response: pageOf(unmatchedKey),
  }),
  'ledger.match': endpoint({
    method: 'POST',
    path: 'earnings/match',
    access: 'admin',
    summary: 'Match every unmatched line with an ISRC or UPC to a track or release, and remember it',
    body: matchBody,
    response: z.object({
      lines: z.number(),
      posted: z.number(),
      amount: z.string(),
      target: z.object({ trackId: z.number().nullable(), releaseId: z.number(), title: z.string() }),
    }),
  }),
} as const
