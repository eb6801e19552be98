import { z } from 'zod'
import { ACCOUNT_TYPES } from '@core/session'

/** A timestamp: handlers may return Date objects, clients always receive ISO strings. */
export const timestamp = z.union([z.date(), z.string()]).transform((value) => (typeof value === 'string' ? value : value.toISOString()))
export const nullableTimestamp = timestamp.nullable()

/**
 * A whole number as JSON sends it or as a path or query string carries it: plain decimal digits only.
 * `z.coerce.number` read "0x10", " 1" and "1e3" as 16, 1 and 1000, so a loose id reached another record.
 */
export function wholeNumber(message = 'Must be a whole number') {
  return z.union([z.number(), z.string().regex(/^\d{1,16}$/, message).transform(Number)])
}

/** A row id: every id column is bigint, and ids travel as JS numbers, so the safe-integer range. */
export const id = wholeNumber('Must be a positive whole number').pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
export const idParams = z.object({ id })

export const email = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Email must be valid'))
  .transform((value) => value.toLowerCase())

export const password = z.string().min(8, 'Password must be at least 8 characters').max(200, 'Password is too long')

export const accountType = z.enum(ACCOUNT_TYPES as unknown as ['artist', 'label', 'admin'])

export const ok = z.object({ ok: z.literal(true), message: z.string().optional() })
export const okResult = { ok: true as const }

export const errorBody = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
})
export type ErrorBody = z.infer<typeof errorBody>

/** A 1-based page number as a path segment or query value. */
export const page = wholeNumber().pipe(z.number().int().min(1).max(1_000_000)).default(1)
export const PAGE_SIZES = [25, 50, 100, 200, 500, 1000, 1500, 2000, 2500] as const
export const perPage = wholeNumber()
  .pipe(z.number().int())
  .refine((value) => (PAGE_SIZES as readonly number[]).includes(value), { message: `Page size must be one of ${PAGE_SIZES.join(', ')}` })
  .default(25)

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    meta: z.object({
      total: z.number().int(),
      /** True when the total is capped or estimated rather than counted. */
      totalIsEstimate: z.boolean().default(false),
      page: z.number().int(),
      per_page: z.number().int(),
      last_page: z.number().int(),
    }),
  })
}
