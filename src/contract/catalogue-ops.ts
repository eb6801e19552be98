import { z } from 'zod'
import { endpoint } from './define'
import { page, pageOf, perPage, timestamp } from './common'

// Catalogue operations (docs/catalogue-ops.md): the workspace's UPC and ISRC code pools, and the
// codes given to existing releases and tracks from a CSV (docs/formats/code-pools.md).

export const CODE_KINDS = ['upc', 'isrc'] as const
export type CodeKind = (typeof CODE_KINDS)[number]
export const CODE_KIND_LABELS: Record<CodeKind, string> = { upc: 'UPC', isrc: 'ISRC' }

/** A pool with fewer free codes than this is shown with a warning: a few days of submissions. */
export const LOW_POOL_THRESHOLD = 100
/** Largest code list accepted: about 250,000 codes, one a line. */
export const CODES_MAX_BYTES = 4 * 1024 * 1024
/** Most codes one ISRC range may add (a registrant's designation codes run 00000–99999 a year). */
export const ISRC_RANGE_MAX = 100_000
/** How many problems an answer lists; the counts say how many there were in all. */
export const PROBLEMS_LISTED = 500

/** How an import used its file: codes added to a pool, or codes given to existing releases or tracks. */
export const CODE_IMPORT_MODES = ['pool', 'assign'] as const
export type CodeImportMode = (typeof CODE_IMPORT_MODES)[number]

export const codeProblem = z.object({
  /** The file's line (1 is the first), or the designation code's position in a range. */
  line: z.number(),
  value: z.string(),
  reason: z.string(),
})
export type CodeProblem = z.infer<typeof codeProblem>

export const codePool = z.object({
  kind: z.enum(CODE_KINDS),
  total: z.number(),
  left: z.number(),
  assigned: z.number(),
  low: z.boolean(),
})
export type CodePool = z.infer<typeof codePool>

export const codeImportResult = z.object({
  importId: z.number(),
  kind: z.enum(CODE_KINDS),
  mode: z.enum(CODE_IMPORT_MODES),
  rows: z.number(),
  /** Codes added to the pool, or codes given to releases/tracks. */
  imported: z.number(),
  duplicates: z.number(),
  invalid: z.number(),
  problems: z.array(codeProblem),
  pool: codePool,
})
export type CodeImportResult = z.infer<typeof codeImportResult>

export const codeImportRow = z.object({
  id: z.number(),
  kind: z.enum(CODE_KINDS),
  mode: z.enum(CODE_IMPORT_MODES),
  fileName: z.string(),
  rows: z.number(),
  imported: z.number(),
  duplicates: z.number(),
  invalid: z.number(),
  created: timestamp,
  createdBy: z.object({ id: z.number(), name: z.string() }).nullable(),
})
export type CodeImportRow = z.infer<typeof codeImportRow>

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))

/**
 * An ISRC range: the registrant code (country and registrant, CC-XXX), the year of reference (YY)
 * and the first and last designation codes. All four or none; a file may come with it.
 */
export const isrcRangeBody = z
  .object({
    registrant: optionalText.pipe(
      z
        .string()
        .transform((value) => value.replace(/-/g, '').toUpperCase())
        .pipe(z.string().regex(/^[A-Z]{2}[A-Z0-9]{3}$/, 'The registrant code is a country and three letters or digits, like US-RC1'))
        .optional(),
    ),
    year: optionalText.pipe(
      z
        .string()
        .regex(/^\d{2}$/, 'The year is two digits, like 26')
        .optional(),
    ),
    from: optionalText.pipe(
      z
        .string()
        .regex(/^\d{1,5}$/, 'The first designation code is up to five digits')
        .transform(Number)
        .optional(),
    ),
    to: optionalText.pipe(
      z
        .string()
        .regex(/^\d{1,5}$/, 'The last designation code is up to five digits')
        .transform(Number)
        .optional(),
    ),
  })
  .superRefine((range, context) => {
    const given = [range.registrant, range.year, range.from, range.to].filter((value) => value !== undefined).length
    if (given !== 0 && given !== 4)
      context.addIssue({
        code: 'custom',
        path: ['registrant'],
        message: 'A range needs the registrant code, the year, and the first and last codes',
      })
    if (range.from !== undefined && range.to !== undefined) {
      if (range.to < range.from) context.addIssue({ code: 'custom', path: ['to'], message: 'The last code comes before the first' })
      else if (range.to - range.from + 1 > ISRC_RANGE_MAX)
        context.addIssue({ code: 'custom', path: ['to'], message: `At most ${ISRC_RANGE_MAX.toLocaleString('en')} codes per range` })
    }
  })
export type IsrcRangeBody = z.output<typeof isrcRangeBody>

const historyQuery = z.object({ page, per_page: perPage })
const codesFile = { file: { maxBytes: CODES_MAX_BYTES, required: true } } as const

export const catalogueOpsEndpoints = {
  'codes.importUpc': endpoint({
    method: 'POST',
    path: 'site/import/upc',
    access: 'admin',
    summary:
      'Add UPC/EAN codes the workspace owns to its pool (a CSV or text file, one code a line): invalid codes and duplicates (in the file, the pool or on a release) are reported and never stored',
    bodyType: 'multipart',
    files: codesFile,
    body: z.object({}),
    response: codeImportResult,
  }),
  'codes.importIsrc': endpoint({
    method: 'POST',
    path: 'site/import/isrc',
    access: 'admin',
    summary:
      'Add ISRCs to the pool from a file (one a line) and/or a range (registrant code, year, first and last designation code): invalid codes and duplicates are reported and never stored',
    bodyType: 'multipart',
    files: { file: { maxBytes: CODES_MAX_BYTES } },
    body: isrcRangeBody,
    response: codeImportResult,
  }),
  'codes.upcHistory': endpoint({
    method: 'GET',
    path: 'site/import/upc/history',
    access: 'admin',
    summary: 'UPC imports, newest first: pool imports and UPCs given to releases from a CSV',
    query: historyQuery,
    response: pageOf(codeImportRow),
  }),
  'codes.isrcHistory': endpoint({
    method: 'GET',
    path: 'site/import/isrc/history',
    access: 'admin',
    summary: 'ISRC imports, newest first: pool imports and ISRCs given to tracks from a CSV',
    query: historyQuery,
    response: pageOf(codeImportRow),
  }),
  'codes.pools': endpoint({
    method: 'GET',
    path: 'site/import/pools',
    access: 'admin',
    summary: 'Codes left in the UPC and ISRC pools, and whether each runs low',
    response: z.object({ data: z.array(codePool), threshold: z.number() }),
  }),
  'codes.assignUpc': endpoint({
    method: 'POST',
    path: 'releases/import/upc',
    access: 'admin',
    summary:
      'Give UPCs to existing releases from a CSV (release_id, upc): good rows are saved, bad rows (unknown release, invalid code, code used elsewhere, release already coded) are listed with their reason',
    bodyType: 'multipart',
    files: codesFile,
    body: z.object({}),
    response: codeImportResult,
  }),
  'codes.assignIsrc': endpoint({
    method: 'POST',
    path: 'releases/import/isrc',
    access: 'admin',
    summary:
      'Give ISRCs to existing tracks from a CSV (track_id, isrc): good rows are saved, bad rows (unknown track, invalid code, code used elsewhere, track already coded) are listed with their reason',
    bodyType: 'multipart',
    files: codesFile,
    body: z.object({}),
    response: codeImportResult,
  }),
}
