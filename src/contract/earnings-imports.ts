import { z } from 'zod'
import { channelLabel } from '@core/channels'
import { endpoint } from './define'
import { idParams, nullableTimestamp, page, pageOf, perPage, timestamp } from './common'

// Statement imports (docs/royalties.md, docs/formats/): upload → parse → dry run (review) → commit
// or cancel; a committed import can be rolled back.

export const STATEMENT_SOURCES = ['cms', 'audiosalad'] as const
export type StatementSource = (typeof STATEMENT_SOURCES)[number]
export const SOURCE_LABELS: Record<StatementSource, string> = { cms: 'YouTube CMS', audiosalad: 'AudioSalad' }

export const IMPORT_STATUSES = ['uploaded', 'parsing', 'review', 'committing', 'committed', 'cancelled', 'failed', 'rolled_back'] as const
export type ImportStatus = (typeof IMPORT_STATUSES)[number]
export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  uploaded: 'Queued',
  parsing: 'Reading',
  review: 'Dry run ready',
  committing: 'Committing',
  committed: 'Committed',
  cancelled: 'Cancelled',
  failed: 'Failed',
  rolled_back: 'Rolled back',
}

/** Our fields a statement column can map to (docs/formats/). */
export const STATEMENT_FIELDS = ['isrc', 'upc', 'title', 'artist', 'channel', 'territory', 'quantity', 'gross', 'net', 'period'] as const
export type StatementField = (typeof STATEMENT_FIELDS)[number]
export const STATEMENT_FIELD_LABELS: Record<StatementField, string> = {
  isrc: 'ISRC',
  upc: 'UPC',
  title: 'Title',
  artist: 'Artist',
  channel: 'Channel / store',
  territory: 'Territory',
  quantity: 'Quantity',
  gross: 'Gross',
  net: 'Net',
  period: 'Month of the line',
}

/** Largest statement file accepted. */
export const STATEMENT_MAX_BYTES = 200 * 1024 * 1024

export const IMPORT_PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/

const mappingField = z
  .string()
  .optional()
  .transform((value, context) => {
    if (!value || !value.trim()) return {}
    let parsed: unknown
    try {
      parsed = JSON.parse(value)
    } catch {
      context.addIssue({ code: 'custom', message: 'The column mapping must be JSON: {"field": "Header"}' })
      return z.NEVER
    }
    const result = z
      .partialRecord(
        z.enum(STATEMENT_FIELDS, 'The column mapping names an unknown field'),
        z.string().trim().max(200, 'A header is too long'),
      )
      .safeParse(parsed)
    if (!result.success) {
      context.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? 'The column mapping is not valid' })
      return z.NEVER
    }
    return Object.fromEntries(Object.entries(result.data).filter(([, header]) => header !== '')) as Partial<Record<StatementField, string>>
  })

export const importUploadBody = z.object({
  period: z.string().trim().regex(IMPORT_PERIOD, 'Period must be a month like 2026-05'),
  currency: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value.toUpperCase() : 'USD'))
    .pipe(z.string().regex(/^[A-Z]{3}$/, 'Currency must be a three-letter code such as USD or EUR')),
  mapping: mappingField,
})

const person = z.object({ id: z.number(), name: z.string() }).nullable()

/** A row of an import history. */
export const importRow = z.object({
  id: z.number(),
  source: z.enum(STATEMENT_SOURCES),
  status: z.enum(IMPORT_STATUSES),
  fileName: z.string(),
  period: z.string(),
  currency: z.string(),
  rate: z.string().nullable(),
  rows: z.number(),
  matched: z.number(),
  unmatched: z.number(),
  gross: z.string(),
  net: z.string(),
  netBase: z.string(),
  error: z.string().nullable(),
  created: timestamp,
  createdBy: person,
})
export type ImportRow = z.infer<typeof importRow>

const money = z.string()
/** `channel` as the statement names it; `label` as every screen shows it (spec section 9: MERLIN is Admin Rebate). */
export const channelTotal = z
  .object({ channel: z.string(), rows: z.number(), net: money })
  .transform((row) => ({ ...row, label: channelLabel(row.channel) }))
export const unmatchedKey = z.object({
  key: z.string(),
  kind: z.enum(['isrc', 'upc', 'none']),
  title: z.string(),
  rows: z.number(),
  net: money,
})
export const lineError = z.object({ line: z.number(), message: z.string() })

/** The dry run: what committing would credit, and how well the lines matched. */
export const importReport = z.object({
  rows: z.number(),
  gross: money,
  net: money,
  currency: z.string(),
  rate: z.string().nullable(),
  netBase: money,
  matched: z.object({ isrc: z.number(), upc: z.number(), manual: z.number() }),
  matchRate: z.object({ isrc: z.number(), upc: z.number(), manual: z.number(), total: z.number() }),
  unmatched: z.object({ rows: z.number(), net: money }),
  topUnmatched: z.array(unmatchedKey),
  channels: z.array(channelTotal),
  errors: z.object({ count: z.number(), samples: z.array(lineError) }),
  /** Matched lines of tracks that were in Spotify Discovery Mode that month (docs/discovery.md); absent in reports read before tagging existed. */
  discoveryMode: z.object({ lines: z.number(), net: money }).optional(),
  previous: z
    .object({
      id: z.number(),
      period: z.string(),
      rows: z.number(),
      netBase: money,
      rowsChange: z.number(),
      rowsChangePercent: z.number().nullable(),
      netChange: money,
      netChangePercent: z.number().nullable(),
    })
    .nullable(),
})
/** As the server builds and stores it; readers get each channel's label added by the schema. */
export type ImportReport = z.input<typeof importReport>

export const importDetail = importRow.extend({
  mapping: z.record(z.string(), z.string()),
  report: importReport.nullable(),
  committed: nullableTimestamp,
  committedBy: person,
  rolledBack: nullableTimestamp,
  rolledBackBy: person,
  cancelled: nullableTimestamp,
  /** Why Commit is refused now, or null when it may go ahead. */
  commitBlocked: z.string().nullable(),
})
export type ImportDetail = z.infer<typeof importDetail>

export const importLine = z.object({
  /** The stored row's id for a line kept as a row (unmatched when read: the id to match by hand); null for a line in a block. */
  id: z.number().nullable(),
  lineNo: z.number(),
  period: z.string(),
  isrc: z.string().nullable(),
  upc: z.string().nullable(),
  title: z.string().nullable(),
  artist: z.string().nullable(),
  channel: z.string(),
  territory: z.string(),
  quantity: z.number(),
  gross: money,
  net: money,
  netBase: money,
  matchedBy: z.enum(['isrc', 'upc', 'manual']).nullable(),
  track: z.object({ id: z.number(), title: z.string() }).nullable(),
  release: z.object({ id: z.number(), title: z.string() }).nullable(),
})
export type ImportLine = z.infer<typeof importLine>

const accepted = z.object({ id: z.number(), status: z.enum(IMPORT_STATUSES) })

/** An account a rollback would take below zero: balances before and after, the change, the shortfall (cents). */
export const rollbackShortfall = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  before: money,
  change: money,
  after: money,
  shortfall: money,
})
export type RollbackShortfall = z.infer<typeof rollbackShortfall>

/**
 * What rolling an import back would do (docs/royalties.md "Recoupable debts"): the accounts it would
 * take below zero and by how much. A total shortfall above zero must be confirmed (the same figure
 * as `confirmShortfall`, with a reason) and is recorded as recoupable debts.
 */
export const rollbackPreview = z.object({
  importId: z.number(),
  netBase: money,
  /** Accounts whose balance the rollback lowers. */
  accounts: z.number(),
  shortfalls: z.array(rollbackShortfall),
  totalShortfall: money,
  needsConfirmation: z.boolean(),
})
export type RollbackPreview = z.infer<typeof rollbackPreview>

export const rollbackBody = z.object({
  /** The total shortfall the admin saw in the preview and accepts as recoupable debt (cents). */
  confirmShortfall: z
    .string()
    .regex(/^\d{1,13}(\.\d{1,2})?$/, 'The shortfall to confirm is an amount like 358.52')
    .optional(),
  reason: z.string().trim().max(500, 'The reason is too long').optional(),
})
const historyQuery = z.object({ page, per_page: perPage })

const upload = (source: StatementSource, label: string) =>
  endpoint({
    method: 'POST',
    path: `earnings/import/${source}`,
    access: 'admin',
    summary: `Upload a ${label} statement (CSV, period YYYY-MM, currency, optional column mapping as JSON): queued for a dry run`,
    bodyType: 'multipart',
    files: { file: { maxBytes: STATEMENT_MAX_BYTES, required: true, spool: true } },
    body: importUploadBody,
    response: accepted,
    status: 202,
  })

const action = (verb: 'commit' | 'cancel', summary: string) =>
  endpoint({
    method: 'POST',
    path: `earnings/imports/{id}/${verb}`,
    access: 'admin',
    summary,
    params: idParams,
    response: importDetail,
  })

export const earningsImportsEndpoints = {
  'earnings.importCms': upload('cms', 'YouTube CMS revenue'),
  'earnings.importAudiosalad': upload('audiosalad', 'AudioSalad sales'),
  'earnings.cmsHistory': endpoint({
    method: 'GET',
    path: 'earnings/cms/history',
    access: 'auth',
    summary: 'YouTube CMS statement imports, newest first (admins): status, rows, totals and who ran each',
    query: historyQuery,
    response: pageOf(importRow),
  }),
  'earnings.audiosaladHistory': endpoint({
    method: 'GET',
    path: 'earnings/audiosalad/history',
    access: 'auth',
    summary: 'AudioSalad statement imports, newest first (admins): status, rows, totals and who ran each',
    query: historyQuery,
    response: pageOf(importRow),
  }),
  'earnings.import': endpoint({
    method: 'GET',
    path: 'earnings/imports/{id}',
    access: 'admin',
    summary: 'One statement import with its dry-run report (matches, unmatched, channels, change against the previous period)',
    params: idParams,
    response: importDetail,
  }),
  'earnings.importLines': endpoint({
    method: 'GET',
    path: 'earnings/imports/{id}/lines',
    access: 'admin',
    summary: 'The lines of a statement import, in file order, optionally only the matched or unmatched ones',
    params: idParams,
    query: z.object({ page, per_page: perPage, filter: z.enum(['all', 'matched', 'unmatched']).default('all') }),
    response: pageOf(importLine),
  }),
  'earnings.importCommit': action('commit', 'Commit a dry-run import: credits the ledger with exactly its net, in one transaction'),
  'earnings.importCancel': action('cancel', 'Cancel an import before it is committed: its lines are dropped, the import is kept'),
  'earnings.importRollbackPreview': endpoint({
    method: 'GET',
    path: 'earnings/imports/{id}/rollback-preview',
    access: 'admin',
    summary: 'What rolling a committed import back would do: each account it would take below zero, by how much, and the total shortfall to confirm',
    params: idParams,
    response: rollbackPreview,
  }),
  'earnings.importRollback': endpoint({
    method: 'POST',
    path: 'earnings/imports/{id}/rollback',
    access: 'admin',
    summary:
      'Roll a committed import back with compensating ledger entries (history is never deleted); one that would take balances below zero is refused (409 shortfall_unconfirmed) unless confirmShortfall names the total shortfall with a reason, which records it as recoupable debts',
    params: idParams,
    body: rollbackBody,
    response: importDetail,
  }),
}
