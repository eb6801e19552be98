import { z } from 'zod'
import { endpoint } from './define'
import { id, idParams, nullableTimestamp, page, pageOf, perPage, timestamp } from './common'
import { ddexPartyIdProblem } from '@core/ddex-party-id'
import { DELIVERY_TARGETS } from './delivery-vocabulary'
import { releaseRecord } from './releases'

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

// Catalogue ingestion (docs/catalogue-ops.md "Catalogue ingestion", docs/formats/catalogue-ingestion.md).

export const INGESTION_STATUSES = ['uploaded', 'parsing', 'review', 'committing', 'committed', 'failed', 'cancelled'] as const
export type IngestionStatus = (typeof INGESTION_STATUSES)[number]
export const INGESTION_STATUS_LABELS: Record<IngestionStatus, string> = {
  uploaded: 'Queued',
  parsing: 'Checking rows',
  review: 'Dry run ready',
  committing: 'Creating releases',
  committed: 'Committed',
  failed: 'Failed',
  cancelled: 'Cancelled',
}
export const INGESTION_ROW_STATUSES = ['valid', 'invalid', 'committed', 'failed'] as const
export type IngestionRowStatus = (typeof INGESTION_ROW_STATUSES)[number]

/** Largest catalogue CSV accepted (about a million rows). */
export const INGESTION_MAX_BYTES = 500 * 1024 * 1024
/** An audio file fetched from a row's URL: at most this big, within this time. */
export const INGESTION_AUDIO_MAX_BYTES = 200 * 1024 * 1024
export const INGESTION_FETCH_TIMEOUT_MS = 60_000

const person = z.object({ id: z.number(), name: z.string() }).nullable()

export const ingestionRow = z.object({
  id: z.number(),
  status: z.enum(INGESTION_STATUSES),
  fileName: z.string(),
  fetchAudio: z.boolean(),
  rows: z.number(),
  good: z.number(),
  bad: z.number(),
  committed: z.number(),
  failed: z.number(),
  releases: z.number(),
  /** 0..1 of the running step. */
  progress: z.number(),
  error: z.string().nullable(),
  created: timestamp,
  committedAt: nullableTimestamp,
  createdBy: person,
})
export type IngestionRow = z.infer<typeof ingestionRow>
/** As the server builds it (dates may still be Date objects). */
export type IngestionRowResult = z.input<typeof ingestionRow>

export const ingestionLine = z.object({
  id: z.number(),
  csvRow: z.number(),
  userEmail: z.string(),
  releaseTitle: z.string(),
  trackTitle: z.string(),
  trackUrl: z.string().nullable(),
  isrc: z.string().nullable(),
  status: z.enum(INGESTION_ROW_STATUSES),
  error: z.string().nullable(),
  releaseId: z.number().nullable(),
})
export type IngestionLine = z.infer<typeof ingestionLine>

const ingestionId = z.object({ id })
const accepted = z.object({ id: z.number(), status: z.enum(INGESTION_STATUSES) })

export const VALIDATION_STATUSES = ['uploaded', 'running', 'done', 'failed'] as const
export type ValidationStatus = (typeof VALIDATION_STATUSES)[number]
export const MISMATCH_KINDS = ['missing_here', 'missing_there', 'title', 'artist', 'label', 'release_date', 'isrcs'] as const
export type MismatchKind = (typeof MISMATCH_KINDS)[number]
export const MISMATCH_LABELS: Record<MismatchKind, string> = {
  missing_here: 'Not in our catalogue',
  missing_there: 'Not in the AudioSalad export',
  title: 'Title',
  artist: 'Artist',
  label: 'Label',
  release_date: 'Release date',
  isrcs: 'ISRCs',
}

export const validationRow = z.object({
  id: z.number(),
  fileName: z.string(),
  status: z.enum(VALIDATION_STATUSES),
  rows: z.number(),
  releases: z.number(),
  mismatchedReleases: z.number(),
  mismatches: z.number(),
  progress: z.number(),
  error: z.string().nullable(),
  created: timestamp,
  finished: nullableTimestamp,
  createdBy: person,
})
export type ValidationRow = z.infer<typeof validationRow>

export const mismatchRow = z.object({
  id: z.number(),
  upc: z.string(),
  releaseId: z.number().nullable(),
  releaseTitle: z.string(),
  kind: z.enum(MISMATCH_KINDS),
  /** Our value and AudioSalad's; for ISRCs, the codes only on that side. */
  ours: z.string().nullable(),
  theirs: z.string().nullable(),
})
export type MismatchRow = z.infer<typeof mismatchRow>

// The release metadata import (docs/formats/release-import.md): one row per release, created or
// updated by UPC; a job goes through the file once and keeps each row's outcome.

export const RELEASE_IMPORT_STATUSES = ['uploaded', 'parsing', 'committed', 'failed'] as const
export type ReleaseImportStatus = (typeof RELEASE_IMPORT_STATUSES)[number]
export const RELEASE_IMPORT_STATUS_LABELS: Record<ReleaseImportStatus, string> = {
  uploaded: 'Queued',
  parsing: 'Importing',
  committed: 'Done',
  failed: 'Failed',
}
export const RELEASE_IMPORT_RESULTS = ['created', 'updated', 'unchanged', 'failed'] as const
export type ReleaseImportResult = (typeof RELEASE_IMPORT_RESULTS)[number]
/** Largest release metadata CSV accepted: about 200,000 releases. */
export const RELEASE_IMPORT_MAX_BYTES = 64 * 1024 * 1024

export const releaseImportRow = z.object({
  id: z.number(),
  status: z.enum(RELEASE_IMPORT_STATUSES),
  fileName: z.string(),
  rows: z.number(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  failed: z.number(),
  /** 0..1 of the file read. */
  progress: z.number(),
  error: z.string().nullable(),
  createdAt: timestamp,
  finished: nullableTimestamp,
  createdBy: person,
})
export type ReleaseImportRow = z.infer<typeof releaseImportRow>
export type ReleaseImportRowResult = z.input<typeof releaseImportRow>

export const releaseImportLine = z.object({
  id: z.number(),
  csvRow: z.number(),
  upc: z.string(),
  releaseTitle: z.string(),
  ownerEmail: z.string(),
  result: z.enum(RELEASE_IMPORT_RESULTS),
  releaseId: z.number().nullable(),
  /** Why a row failed, or what an unchanged row repeated (its release's first line). */
  message: z.string().nullable(),
})
export type ReleaseImportLine = z.infer<typeof releaseImportLine>

export const releaseImportEndpoints = {
  'releaseImport.upload': endpoint({
    method: 'POST',
    path: 'releases/import',
    access: 'admin',
    summary:
      'Upload a release metadata CSV (one row per release): a job creates the releases whose UPC is new as drafts of the named accounts and updates those not yet in the stores; each bad row is kept with its reason',
    bodyType: 'multipart',
    files: { file: { maxBytes: RELEASE_IMPORT_MAX_BYTES, required: true, spool: true } },
    body: z.object({}),
    response: z.object({ id: z.number(), status: z.enum(RELEASE_IMPORT_STATUSES) }),
    status: 202,
  }),
  'releaseImport.history': endpoint({
    method: 'GET',
    path: 'releases/import/history',
    access: 'admin',
    summary: 'Release metadata imports, newest first: file, rows, created, updated, unchanged, failed, status',
    query: z.object({ page, per_page: perPage }),
    response: pageOf(releaseImportRow),
  }),
  'releaseImport.single': endpoint({
    method: 'GET',
    path: 'releases/import/single/{id}',
    access: 'admin',
    summary: 'One release metadata import: its status, progress and counts',
    params: idParams,
    response: releaseImportRow,
  }),
  'releaseImport.rows': endpoint({
    method: 'GET',
    path: 'releases/import/rows',
    access: 'admin',
    summary: "A release metadata import's rows in file order with their outcome: all, or only the failed ones",
    query: z.object({ id, page, per_page: perPage, filter: z.enum(['all', 'errors']).default('errors') }),
    response: pageOf(releaseImportLine),
  }),
}

export const ingestionEndpoints = {
  'ingestion.upload': endpoint({
    method: 'POST',
    path: 'releases/import/catalog-ingestion',
    access: 'admin',
    summary:
      'Upload a catalogue CSV (one row per track): a job checks every row (codes, duplicates, account, genre, dates) into a dry run; fetchAudio=false skips fetching the audio at commit',
    bodyType: 'multipart',
    files: { file: { maxBytes: INGESTION_MAX_BYTES, required: true, spool: true } },
    body: z.object({ fetchAudio: z.stringbool().default(true) }),
    response: accepted,
    status: 202,
  }),
  'ingestion.single': endpoint({
    method: 'GET',
    path: 'releases/catalog-ingestion/single/{id}',
    access: 'admin',
    summary: 'One catalogue ingestion: its status, progress and row counts',
    params: idParams,
    response: ingestionRow,
  }),
  'ingestion.commit': endpoint({
    method: 'POST',
    path: 'releases/catalog-ingestion/import',
    access: 'admin',
    summary: 'Commit a dry run: a job creates the releases of its good rows, release by release; bad rows are kept with their reason',
    body: ingestionId,
    response: ingestionRow,
    status: 202,
  }),
  'ingestion.history': endpoint({
    method: 'GET',
    path: 'releases/catalog-ingestion/history',
    access: 'admin',
    summary: 'Catalogue ingestions, newest first',
    query: z.object({ page, per_page: perPage }),
    response: pageOf(ingestionRow),
  }),
  'ingestion.errorLogs': endpoint({
    method: 'GET',
    path: 'releases/catalog-ingestion/error-logs',
    access: 'admin',
    summary: "An ingestion's rows in file order: all, or only those with an error (invalid in the dry run, failed at commit)",
    query: z.object({ id, page, per_page: perPage, filter: z.enum(['all', 'errors']).default('errors') }),
    response: pageOf(ingestionLine),
  }),
  'ingestion.logsDownload': endpoint({
    method: 'GET',
    path: 'releases/catalog-ingestion/logs/download',
    access: 'admin',
    summary: "An ingestion's rows as CSV (csv row, email, release and track title, track url, isrc, status, error), streamed",
    query: ingestionId,
    response: z.unknown(),
    responseType: 'file',
  }),
  'ingestion.graph': endpoint({
    method: 'GET',
    path: 'releases/catalog-ingestion/graph',
    access: 'admin',
    summary: 'Rows ingested and failed per day over the last days (30 unless said)',
    query: z.object({
      days: z
        .union([
          z.number(),
          z
            .string()
            .regex(/^\d{1,3}$/)
            .transform(Number),
        ])
        .pipe(z.number().int().min(1).max(365))
        .default(30),
    }),
    response: z.object({ data: z.array(z.object({ day: z.string(), ingested: z.number(), failed: z.number() })) }),
  }),
  'ingestion.remove': endpoint({
    method: 'POST',
    path: 'releases/catalog-ingestion/remove',
    access: 'admin',
    summary: 'Remove an ingestion that is not running (its rows and file; releases it created stay)',
    body: ingestionId,
    response: ingestionRow,
  }),
  'ingestion.clear': endpoint({
    method: 'POST',
    path: 'releases/catalog-ingestion/clear',
    access: 'admin',
    summary: 'Clear the ingestion history: every ingestion that is not running, with its rows (releases stay)',
    response: z.object({ removed: z.number() }),
  }),
  // AudioSalad validation (issue 19 item 3; docs/formats/audiosalad-catalogue.md): an import that changes nothing.
  'validation.upload': endpoint({
    method: 'POST',
    path: 'releases/import/audiosalad-validation',
    access: 'admin',
    summary:
      "Upload an AudioSalad catalogue export (CSV, one row per track): a job compares it with the workspace's catalogue by UPC and ISRC and lists the mismatches per release",
    bodyType: 'multipart',
    files: { file: { maxBytes: INGESTION_MAX_BYTES, required: true, spool: true } },
    body: z.object({}),
    response: z.object({ id: z.number(), status: z.enum(VALIDATION_STATUSES) }),
    status: 202,
  }),
  'validation.history': endpoint({
    method: 'GET',
    path: 'releases/import/audiosalad-validation/history',
    access: 'admin',
    summary: 'AudioSalad validations, newest first: file, rows, releases compared, mismatches, status',
    query: z.object({ page, per_page: perPage }),
    response: pageOf(validationRow),
  }),
  'validation.single': endpoint({
    method: 'GET',
    path: 'releases/import/audiosalad-validation/single/{id}',
    access: 'admin',
    summary: 'One AudioSalad validation: its status, progress and counts',
    params: idParams,
    response: validationRow,
  }),
  'validation.mismatches': endpoint({
    method: 'GET',
    path: 'releases/import/audiosalad-validation/mismatches',
    access: 'admin',
    summary: "A validation's mismatches, release by release (by UPC), optionally of one kind",
    query: z.object({ id, page, per_page: perPage, kind: z.enum(MISMATCH_KINDS).optional() }),
    response: pageOf(mismatchRow),
  }),
  'validation.download': endpoint({
    method: 'GET',
    path: 'releases/import/audiosalad-validation/mismatches/download',
    access: 'admin',
    summary: "A validation's mismatches as CSV (upc, release id, release title, mismatch, ours, AudioSalad's), streamed",
    query: z.object({ id }),
    response: z.unknown(),
    responseType: 'file',
  }),
}

// Exports (docs/catalogue-ops.md "Exports", docs/formats/youtube-cms-assets.md, docs/formats/ddex-ern.md).

export const EXPORT_KINDS = ['cms', 'release', 'ddex', 'convert', 'catalog-number', 'audiosalad'] as const
export type ExportKind = (typeof EXPORT_KINDS)[number]
export const EXPORT_KIND_LABELS: Record<ExportKind, string> = {
  cms: 'YouTube CMS assets',
  release: 'Release metadata',
  ddex: 'DDEX ERN 4.3',
  convert: 'Type conversion report',
  'catalog-number': 'Catalogue numbers',
  audiosalad: 'AudioSalad metadata',
}
export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const
export type ExportStatus = (typeof EXPORT_STATUSES)[number]
/** Most releases one bulk export may name (a whole catalogue goes with `all`). */
export const EXPORT_MAX_IDS = 10_000

export const exportRow = z.object({
  id: z.number(),
  kind: z.enum(EXPORT_KINDS),
  status: z.enum(EXPORT_STATUSES),
  fileName: z.string(),
  releases: z.number(),
  tracks: z.number(),
  /** Accepted releases the export moved to 4 Exported. */
  markedExported: z.number(),
  progress: z.number(),
  error: z.string().nullable(),
  hasFile: z.boolean(),
  created: timestamp,
  finished: nullableTimestamp,
  createdBy: person,
})
export type ExportRow = z.infer<typeof exportRow>
export type ExportRowResult = z.input<typeof exportRow>

const releaseIdParams = z.object({ id })

// The workspace's DDEX identity (docs/formats/ddex-ern.md "Sender").

export { ddexPartyId, ddexPartyIdProblem, printedPartyId } from '@core/ddex-party-id'

export const ddexSettings = z.object({
  /** The recorded DPID (18 characters, no hyphens), or null when none is recorded. */
  partyId: z.string().nullable(),
  partyName: z.string(),
  /** What the messages carry now: the recorded DPID, or the stand-in `PADPIDA-{workspace}` that stores refuse. */
  sender: z.object({ partyId: z.string(), name: z.string() }),
  updated: nullableTimestamp,
})
export type DdexSettings = z.infer<typeof ddexSettings>

export const exportEndpoints = {
  'exports.cms': endpoint({
    method: 'POST',
    path: 'releases/export/cms',
    access: 'admin',
    summary:
      'Export releases (the ids given, or with all=true every accepted, exported, live or edited release) as a YouTube Content ID sound-recording CSV: a streamed job writing through the file store; accepted releases move to 4 Exported',
    body: z
      .object({
        ids: z
          .array(id)
          .max(EXPORT_MAX_IDS, `At most ${EXPORT_MAX_IDS.toLocaleString('en')} releases per export`)
          .default([]),
        all: z.boolean().default(false),
      })
      .refine((value) => value.all || value.ids.length > 0, { message: 'Choose the releases to export', path: ['ids'] }),
    response: exportRow,
    status: 202,
  }),
  'exports.audiosalad': endpoint({
    method: 'POST',
    path: 'releases/export/audiosalad',
    access: 'admin',
    summary:
      "Export releases (the ids given, or with all=true every accepted, exported, live or edited release) in AudioSalad's release metadata XML (v3.4), one document per release in a ZIP archive: a streamed job writing through the file store; accepted releases move to 4 Exported",
    body: z
      .object({
        ids: z
          .array(id)
          .max(EXPORT_MAX_IDS, `At most ${EXPORT_MAX_IDS.toLocaleString('en')} releases per export`)
          .default([]),
        all: z.boolean().default(false),
      })
      .refine((value) => value.all || value.ids.length > 0, { message: 'Choose the releases to export', path: ['ids'] }),
    response: exportRow,
    status: 202,
  }),
  'exports.cmsCsv': endpoint({
    method: 'POST',
    path: 'releases/export/cms/csv',
    access: 'admin',
    summary:
      'Export to YouTube CMS the releases a CSV names by UPC (one a line, or the first column): UPCs that are invalid or name no release are listed, the rest exported as one job',
    bodyType: 'multipart',
    files: { file: { maxBytes: CODES_MAX_BYTES, required: true } },
    body: z.object({}),
    response: exportRow.extend({ requested: z.number(), notFound: z.array(codeProblem) }),
    status: 202,
  }),
  'exports.bulkConvertCsv': endpoint({
    method: 'POST',
    path: 'releases/export/bulk-convert/csv',
    access: 'admin',
    summary:
      "Set by the stores' rule the type of the releases a CSV names by UPC (one a line, or the first column), as a job with a per-release report: UPCs that are invalid or name no release are listed",
    bodyType: 'multipart',
    files: { file: { maxBytes: CODES_MAX_BYTES, required: true } },
    body: z.object({}),
    response: exportRow.extend({ requested: z.number(), notFound: z.array(codeProblem) }),
    status: 202,
  }),
  'exports.cmsSingle': endpoint({
    method: 'POST',
    path: 'releases/{id}/export-single/cms',
    access: 'admin',
    summary: "Export one release's tracks as a YouTube Content ID sound-recording CSV (a job); an accepted release moves to 4 Exported",
    params: releaseIdParams,
    response: exportRow,
    status: 202,
  }),
  'exports.release': endpoint({
    method: 'POST',
    path: 'releases/export/releases/{id}',
    access: 'admin',
    summary: "Export one release's metadata, a row per track with the release's fields (a job); an accepted release moves to 4 Exported",
    params: releaseIdParams,
    response: exportRow,
    status: 202,
  }),
  'exports.ddex': endpoint({
    method: 'POST',
    path: 'releases/{id}/export-single/ddex',
    access: 'admin',
    summary:
      'Build a DDEX ERN 4.3 NewReleaseMessage for one release (resources with file references and SHA-256 hashes, the release and its track releases, deals per territory) as a job; an accepted release moves to 4 Exported',
    params: releaseIdParams,
    response: exportRow,
    status: 202,
  }),
  'exports.catalogNumber': endpoint({
    method: 'POST',
    path: 'releases/export/catalog-number/{id}',
    access: 'admin',
    summary:
      "Export an account's releases by catalogue number (catalog_number, upc, title, artists, label, type, status, release date, tracks) as a job",
    params: z.object({ id }),
    response: exportRow,
    status: 202,
  }),
  'exports.bulkConvert': endpoint({
    method: 'POST',
    path: 'releases/export/bulk-convert',
    access: 'admin',
    summary:
      "Set the type of each release given (Single, EP, Album) by the stores' rule from its tracks, as a job; its file is the per-release report (converted, or why not)",
    body: z.object({
      ids: z
        .array(id)
        .min(1, 'Choose the releases to convert')
        .max(EXPORT_MAX_IDS, `At most ${EXPORT_MAX_IDS.toLocaleString('en')} releases at once`),
    }),
    response: exportRow,
    status: 202,
  }),
  'exports.history': endpoint({
    method: 'GET',
    path: 'releases/export/history',
    access: 'admin',
    summary: 'Exports, newest first: kind, file, releases and tracks exported, status',
    query: z.object({ page, per_page: perPage }),
    response: pageOf(exportRow),
  }),
  'exports.single': endpoint({
    method: 'GET',
    path: 'releases/export/single/{id}',
    access: 'admin',
    summary: 'One export: status, progress and counts',
    params: idParams,
    response: exportRow,
  }),
  'exports.file': endpoint({
    method: 'GET',
    path: 'releases/export/single/{id}/file',
    access: 'admin',
    summary: "Download a finished export's file",
    params: idParams,
    response: z.unknown(),
    responseType: 'file',
  }),
  'exports.ddexSettings': endpoint({
    method: 'GET',
    path: 'releases/export/ddex-settings',
    access: 'admin',
    summary: "The workspace's DDEX Party ID (DPID) and name: the MessageSender of the DDEX messages it exports and delivers",
    response: ddexSettings,
  }),
  'exports.updateDdexSettings': endpoint({
    method: 'PUT',
    path: 'releases/export/ddex-settings',
    access: 'admin',
    summary:
      "Record the workspace's DDEX Party ID (DPID, with or without the hyphens of its printed form; its check character is verified) and name",
    body: z.object({
      partyId: z
        .string()
        .trim()
        .max(40)
        .superRefine((value, ctx) => {
          const problem = ddexPartyIdProblem(value)
          if (problem) ctx.addIssue({ code: 'custom', message: problem })
        }),
      /** The name DDEX registered with the DPID; the workspace's name when left out. */
      partyName: z.string().trim().max(200).optional(),
    }),
    response: z.object({ settings: ddexSettings, message: z.string() }),
  }),
}

// The delivery queue (docs/catalogue-ops.md "Delivery queue").

export { DELIVERY_TARGETS, DELIVERY_TARGET_LABELS, type DeliveryTargetType } from './delivery-vocabulary'
export const DELIVERY_STATUSES = ['queued', 'sending', 'delivered', 'failed'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

export const deliveryEvent = z.object({ status: z.string(), message: z.string().nullable(), at: timestamp })

export const deliveryRow = z.object({
  id: z.number(),
  releaseId: z.number(),
  releaseTitle: z.string(),
  upc: z.string().nullable(),
  target: z.enum(DELIVERY_TARGETS),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number(),
  error: z.string().nullable(),
  created: timestamp,
  delivered: nullableTimestamp,
  /** The timeline, oldest first. */
  events: z.array(deliveryEvent),
})
export type DeliveryRow = z.infer<typeof deliveryRow>
export type DeliveryRowResult = z.input<typeof deliveryRow>

/** A page of the delivery queue, with every target's setup beside it. */
export const deliveryPage = pageOf(deliveryRow).extend({
  /** Every target, configured or not; `reason` says why queueing for it is refused. */
  targets: z.array(z.object({ target: z.enum(DELIVERY_TARGETS), configured: z.boolean(), reason: z.string().nullable() })),
})
export type DeliveryPage = z.infer<typeof deliveryPage>

/** The first page of one release's deliveries, as its tab shows them (the record and the poll ask the same). */
export const releaseDeliveriesQuery = (releaseId: number) => ({ release_id: releaseId, page: 1, per_page: 50 })

export const deliveryEndpoints = {
  'delivery.queue': endpoint({
    method: 'GET',
    path: 'releases/queue',
    access: 'admin',
    summary:
      "The delivery queue, newest first, each delivery with its timeline; optionally one status or one release's deliveries only (the release tab's timeline)",
    query: z.object({ page, per_page: perPage, status: z.enum(DELIVERY_STATUSES).optional(), release_id: id.optional() }),
    response: deliveryPage,
  }),
  'delivery.add': endpoint({
    method: 'POST',
    path: 'releases/queue/add/{type}/{id}',
    access: 'admin',
    summary:
      'Queue a release for a delivery target: a job builds its package (DDEX ERN 4.3 message and files) and hands it to the target; 503 when the target is not configured, 409 when the release is already in the queue for it',
    params: z.object({ type: z.enum(DELIVERY_TARGETS, 'Unknown delivery target'), id }),
    response: deliveryRow,
    status: 202,
  }),
  'delivery.remove': endpoint({
    method: 'POST',
    path: 'releases/queue/remove/{id}',
    access: 'admin',
    summary: 'Take a queued or failed delivery out of the queue (one being sent cannot be)',
    params: idParams,
    response: z.object({ ok: z.literal(true) }),
  }),
  'delivery.retry': endpoint({
    method: 'POST',
    path: 'releases/queue/retry/{id}',
    access: 'admin',
    summary: 'Send a failed delivery again',
    params: idParams,
    response: deliveryRow,
    status: 202,
  }),
  'delivery.retryMany': endpoint({
    method: 'POST',
    path: 'releases/queue/retry',
    access: 'admin',
    summary:
      'Send failed deliveries again in bulk: the ids given, the failed deliveries of the releases given, or every failed delivery of the workspace (optionally of one target); the others are listed with the reason',
    body: z
      .object({
        ids: z.array(id).min(1).max(500).optional(),
        release_ids: z.array(id).min(1).max(500).optional(),
        target: z.enum(DELIVERY_TARGETS, 'Unknown delivery target').optional(),
      })
      .strict(),
    response: z.object({ retried: z.number().int(), refused: z.array(z.object({ id: z.number().int(), reason: z.string() })) }),
    status: 202,
  }),
}

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

// Transfers (docs/catalogue-ops.md "Transfers"): releases move to another artist or label account
// of the workspace with their tracks, open splits and future earnings; the ledger stays as it was.

/** Most releases one bulk transfer moves (a page of the release list's selection). */
export const TRANSFER_MAX = 500

export const transferPlanRow = z.object({
  releaseId: z.number(),
  title: z.string(),
  from: z.object({ id: z.number(), email: z.string() }).nullable(),
  tracks: z.number(),
  /** Open (pending or active) splits of its tracks owned by the old owner: they move with it. */
  splits: z.number(),
  /** Null when it can move (or moved); otherwise why it cannot. */
  refused: z.string().nullable(),
})
export type TransferPlanRow = z.infer<typeof transferPlanRow>

export const transferResult = z.object({
  dryRun: z.boolean(),
  to: z.object({ id: z.number(), email: z.string(), type: z.enum(['artist', 'label']) }),
  releases: z.array(transferPlanRow),
  /** Releases moved (0 on a dry run). */
  moved: z.number(),
  refused: z.number(),
})
export type TransferResult = z.infer<typeof transferResult>

const dryRun = z.boolean().default(false)

/** A release brought in from another distributor: its codes and original release date are kept. */
export const transferInBody = z.object({
  accountId: id,
  fromDistributor: z.string().trim().min(1, 'Name the distributor it comes from').max(200),
  title: z.string().trim().min(1, 'The title is required').max(300),
  artists: z.array(z.string().trim().min(1).max(200)).min(1, 'Name at least one artist').max(20),
  type: z.enum(['Single', 'EP', 'Album']).default('Single'),
  upc: z.string().trim().min(1, 'The UPC is required: a transferred release keeps its code'),
  label: z.string().trim().min(1, 'The label is required').max(200),
  primaryGenre: z.string().trim().min(1, 'The genre is required').max(100),
  originalReleaseDate: z.iso.date('Dates are YYYY-MM-DD'),
  tracks: z
    .array(
      z.object({
        title: z.string().trim().min(1, 'Every track needs a title').max(300),
        isrc: z.string().trim().min(1, 'Every track keeps its ISRC'),
        explicit: z.boolean().default(false),
      }),
    )
    .min(1, 'A release has at least one track')
    .max(100),
  dryRun: z.boolean().default(false),
})
export type TransferInBody = z.infer<typeof transferInBody>

export const transferInResult = z.object({
  dryRun: z.boolean(),
  /** Null on a dry run. */
  releaseId: z.number().nullable(),
  upc: z.string(),
  isrcs: z.array(z.string()),
  /** Every reason it cannot come in (empty when it can). */
  problems: z.array(z.object({ field: z.string(), message: z.string() })),
})
export type TransferInResult = z.infer<typeof transferInResult>

export const transferInRow = z.object({
  id: z.number(),
  releaseId: z.number(),
  title: z.string(),
  status: z.number().nullable(),
  account: z.object({ id: z.number(), email: z.string() }),
  fromDistributor: z.string(),
  upc: z.string(),
  isrcs: z.array(z.string()),
  originalReleaseDate: z.string(),
  created: timestamp,
  createdBy: z.object({ id: z.number(), name: z.string() }).nullable(),
})
export type TransferInRow = z.infer<typeof transferInRow>

export const transferEndpoints = {
  'transfers.in': endpoint({
    method: 'POST',
    path: 'releases/transfer-in',
    access: 'admin',
    summary:
      'Bring a release in from another distributor for an artist or label account, keeping its UPC, ISRCs and original release date (a draft flagged transfer-in); `dryRun` lists every problem without creating it, a refused one answers 400 with them',
    body: transferInBody,
    response: transferInResult,
  }),
  'transfers.inHistory': endpoint({
    method: 'GET',
    path: 'releases/transfer-in-history',
    access: 'admin',
    summary: 'Releases brought in from other distributors, newest first, with the codes and original release date they kept',
    query: z.object({ page, per_page: perPage }),
    response: pageOf(transferInRow),
  }),
  'transfers.single': endpoint({
    method: 'POST',
    path: 'releases/transfer-single-release',
    access: 'admin',
    summary:
      'Move a release to another artist or label account of the workspace with its tracks, open splits and future earnings (past ledger entries stay); `dryRun` previews it. 422 with the reason when it cannot move',
    body: z.object({ releaseId: id, accountId: id, dryRun }),
    response: transferResult,
  }),
  'transfers.bulk': endpoint({
    method: 'POST',
    path: 'releases/transfer-bulk-release',
    access: 'admin',
    summary:
      'Move releases to another artist or label account of the workspace: each that can move does (in its own audited transaction), each that cannot is listed with its reason; `dryRun` previews it',
    body: z.object({ ids: z.array(id).min(1, 'Choose at least one release').max(TRANSFER_MAX), accountId: id, dryRun }),
    response: transferResult,
  }),
}

/**
 * The release tab's first screen in one call. Declared here, not with the releases: it adds the
 * release's deliveries (catalogue operations) to the catalogue's release, and catalogue operations
 * is the domain that reads the catalogue (the catalogue cannot call it back).
 */
export const releaseRecordEndpoints = {
  'releases.record': endpoint({
    method: 'GET',
    path: 'releases/single/record/{id}',
    access: 'admin',
    summary:
      "The release tab's first screen in one round trip: the general answer, the additional details and the first page of the release's deliveries",
    params: idParams,
    response: releaseRecord.extend({ deliveries: deliveryPage }),
  }),
}
