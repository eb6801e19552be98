import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, json, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { accounts, files, tenantColumn } from '@server/db/schema/platform'
import { at, createdAt, idColumn, ref, updatedAt } from '@server/db/schema/columns'

// Catalogue operations' tables (docs/catalogue-ops.md): the UPC and ISRC code pools and their imports.

/**
 * One upload of codes: added to a pool (mode pool) or given to existing releases/tracks (mode assign).
 * `report` keeps the first problems found (line, value, reason) for the history.
 */
export const codeImports = pgTable(
  'code_imports',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    kind: text('kind').notNull(),
    mode: text('mode').notNull(),
    fileName: text('file_name').notNull().default(''),
    rows: integer('rows').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    invalid: integer('invalid').notNull().default(0),
    report: jsonb('report').$type<{ line: number; value: string; reason: string }[]>().notNull().default([]),
    createdBy: ref('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('code_imports_tenant_kind_idx').on(t.tenantId, t.kind, t.id.desc()),
    check('code_imports_kind_check', sql`${t.kind} in ('upc', 'isrc')`),
    check('code_imports_mode_check', sql`${t.mode} in ('pool', 'assign')`),
  ],
)

/**
 * A code the workspace owns. Free while `assigned_at` is null; taken once, at a release's or track's
 * submission (or when a CSV gives it to one), and never freed: a code once sent to stores stays spent.
 * `key` is the form duplicates are judged by: a UPC as its 13-digit GTIN (UPC-A 012345678905 and
 * EAN-13 0012345678905 are one code), an ISRC as its 12 characters.
 */
export const poolCodes = pgTable(
  'pool_codes',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    key: text('key').notNull(),
    importId: ref('import_id').references(() => codeImports.id, { onDelete: 'set null' }),
    /** release | track */
    assignedEntity: text('assigned_entity'),
    assignedId: ref('assigned_id'),
    assignedAt: at('assigned_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pool_codes_tenant_kind_key_uq').on(t.tenantId, t.kind, t.key),
    // The next free code is the oldest: this index serves "order by id limit 1 for update skip locked" and the count left.
    index('pool_codes_free_idx')
      .on(t.tenantId, t.kind, t.id)
      .where(sql`${t.assignedAt} is null`),
    check('pool_codes_kind_check', sql`${t.kind} in ('upc', 'isrc')`),
    check('pool_codes_assigned_check', sql`(${t.assignedAt} is null) = (${t.assignedEntity} is null)`),
  ],
)

/**
 * A catalogue ingestion: a CSV of one row per track (docs/formats/catalogue-ingestion.md) read by a
 * job into `ingestion_rows` (the dry run), then committed by another job release by release.
 */
export const ingestions = pgTable(
  'ingestions',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    /** uploaded → parsing → review → committing → committed; failed; cancelled (src/contract/catalogue-ops.ts). */
    status: text('status').notNull().default('uploaded'),
    fileId: ref('file_id').references(() => files.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull().default(''),
    fetchAudio: boolean('fetch_audio').notNull().default(true),
    rows: integer('rows').notNull().default(0),
    good: integer('good').notNull().default(0),
    bad: integer('bad').notNull().default(0),
    committed: integer('committed').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    releases: integer('releases').notNull().default(0),
    /** 0..1 of the running step (parse or commit). */
    progress: numeric('progress', { precision: 5, scale: 4 }).notNull().default('0'),
    error: text('error'),
    jobId: ref('job_id'),
    createdBy: ref('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    committedAt: at('committed_at'),
  },
  (t) => [
    index('ingestions_tenant_idx').on(t.tenantId, t.id.desc()),
    check(
      'ingestions_status_check',
      sql`${t.status} in ('uploaded', 'parsing', 'review', 'committing', 'committed', 'failed', 'cancelled')`,
    ),
  ],
)

/** One CSV row of an ingestion: what the row said, its verdict and, once committed, the release and track it made. */
export const ingestionRows = pgTable(
  'ingestion_rows',
  {
    id: idColumn(),
    // No foreign keys (as trend rows): their per-row checks were half of the dry run's insert (~16 of
    // ~33 ms a 1,000 rows with two keys; the ingestion's key alone ~60 of ~145 ms a 2,000-row COPY at
    // load 6). The rows are written only by their ingestion's jobs, which read the ingestion first,
    // and go with it: removeIngestion and clearIngestions delete them in the same transaction (what
    // the key's cascade did); the workspace is the ingestion's.
    tenantId: ref('tenant_id').notNull(),
    ingestionId: ref('ingestion_id').notNull(),
    csvRow: integer('csv_row').notNull(),
    /** Rows of one release share it: owner, then UPC or title and date. */
    releaseKey: text('release_key').notNull(),
    userEmail: text('user_email').notNull().default(''),
    releaseTitle: text('release_title').notNull().default(''),
    trackTitle: text('track_title').notNull().default(''),
    trackUrl: text('track_url'),
    isrc: text('isrc'),
    upc: text('upc'),
    /** valid | invalid (dry run) | committed | failed (at commit) */
    status: text('status').notNull(),
    error: text('error'),
    /**
     * The row as validated, ready to commit (account id, mapped genres, parsed participants). json, not
     * jsonb: only ever written whole and read whole, and building jsonb was most of the dry run's
     * insert (~55 of ~130 ms a 2,000 rows). Null once the row is committed (the commit's update drops it).
     */
    data: json('data').$type<Record<string, unknown>>(),
    releaseId: ref('release_id'),
    trackId: ref('track_id'),
    createdAt: createdAt(),
    committedAt: at('committed_at'),
  },
  (t) => [
    index('ingestion_rows_ingestion_idx').on(t.ingestionId, t.csvRow),
    // Not partial on status: the commit's update of its rows (status, release, track) then changes no
    // indexed column and, with the table's fillfactor (hand-written in migration 0036), stays HOT.
    index('ingestion_rows_commit_idx').on(t.ingestionId, t.releaseKey, t.csvRow),
    index('ingestion_rows_tenant_day_idx').on(t.tenantId, t.createdAt),
    check('ingestion_rows_status_check', sql`${t.status} in ('valid', 'invalid', 'committed', 'failed')`),
  ],
)

/** One export (YouTube CMS CSV, release metadata CSV, DDEX ERN message): its job's state, its file, what it covered. */
export const catalogueExports = pgTable(
  'catalogue_exports',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('queued'),
    /** The releases asked for; empty with `all`. */
    releaseIds: jsonb('release_ids').$type<number[]>().notNull().default([]),
    all: boolean('all').notNull().default(false),
    fileId: ref('file_id').references(() => files.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull().default(''),
    releases: integer('releases').notNull().default(0),
    tracks: integer('tracks').notNull().default(0),
    markedExported: integer('marked_exported').notNull().default(0),
    progress: numeric('progress', { precision: 5, scale: 4 }).notNull().default('0'),
    error: text('error'),
    createdBy: ref('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('catalogue_exports_tenant_idx').on(t.tenantId, t.id.desc()),
    check('catalogue_exports_kind_check', sql`${t.kind} in ('cms', 'release', 'ddex', 'convert', 'catalog-number', 'audiosalad')`),
    check('catalogue_exports_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
)

/**
 * A release queued for a delivery target (releases/queue): its job builds the package (the DDEX
 * message and the files) and hands it to the target. One live delivery per release and target.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    releaseId: ref('release_id').notNull(),
    target: text('target').notNull(),
    /** queued → sending → delivered | failed; a failed one is retried (queued again). */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdBy: ref('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    deliveredAt: at('delivered_at'),
  },
  (t) => [
    index('deliveries_tenant_idx').on(t.tenantId, t.id.desc()),
    index('deliveries_release_idx').on(t.releaseId, t.id),
    uniqueIndex('deliveries_live_uq')
      .on(t.tenantId, t.releaseId, t.target)
      .where(sql`${t.status} in ('queued', 'sending', 'failed')`),
    check('deliveries_status_check', sql`${t.status} in ('queued', 'sending', 'delivered', 'failed')`),
  ],
)

/** A delivery's timeline: queued, sending, delivered, failed (with the error), retried. */
export const deliveryEvents = pgTable(
  'delivery_events',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    deliveryId: ref('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    message: text('message'),
    createdAt: createdAt(),
  },
  (t) => [index('delivery_events_delivery_idx').on(t.deliveryId, t.id)],
)

/**
 * A release brought in from another distributor (releases/transfer-in): the release itself is the
 * catalogue's (flagged transfer_in); this row is the transfer-in history with what was kept.
 */
export const transfersIn = pgTable(
  'transfers_in',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    releaseId: ref('release_id').notNull(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The distributor the release comes from, as the staff named it. */
    fromDistributor: text('from_distributor').notNull(),
    upc: text('upc').notNull(),
    isrcs: jsonb('isrcs').notNull().default([]).$type<string[]>(),
    originalReleaseDate: text('original_release_date').notNull(),
    createdBy: ref('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('transfers_in_tenant_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc())],
)

/**
 * The workspace's DDEX identity (docs/formats/ddex-ern.md): the DDEX Party ID (DPID) DDEX allocated to
 * it and the name registered with it, the `MessageSender` of every ERN message it exports or delivers.
 */
export const ddexSettings = pgTable(
  'ddex_settings',
  {
    tenantId: tenantColumn().primaryKey(),
    /** 18 characters as messages carry it, without the hyphens of its printed form (PADPIDA3897722461G). */
    partyId: text('party_id').notNull(),
    partyName: text('party_name').notNull(),
    updatedBy: ref('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [check('ddex_settings_party_id_check', sql`${t.partyId} ~ '^PADPIDA[0-9A-Z]{11}$'`)],
)

/**
 * One comparison of an AudioSalad catalogue export with the workspace's catalogue (docs/formats/audiosalad-catalogue.md):
 * the uploaded file, its job's state and what it found.
 */
export const catalogueValidations = pgTable(
  'catalogue_validations',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    fileId: ref('file_id').references(() => files.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    status: text('status').notNull().default('uploaded'),
    rows: integer('rows').notNull().default(0),
    /** Releases (by UPC) on either side that were compared. */
    releases: integer('releases').notNull().default(0),
    /** Releases with at least one mismatch, and the mismatches in all. */
    mismatchedReleases: integer('mismatched_releases').notNull().default(0),
    mismatches: integer('mismatches').notNull().default(0),
    progress: numeric('progress', { precision: 5, scale: 4 }).notNull().default('0'),
    error: text('error'),
    createdBy: ref('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('catalogue_validations_tenant_idx').on(t.tenantId, t.id.desc()),
    check('catalogue_validations_status_check', sql`${t.status} in ('uploaded', 'running', 'done', 'failed')`),
  ],
)

/** The export's rows while a comparison runs (the comparison is SQL over them); dropped when it is done. */
export const catalogueValidationRows = pgTable(
  'catalogue_validation_rows',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    validationId: ref('validation_id')
      .notNull()
      .references(() => catalogueValidations.id, { onDelete: 'cascade' }),
    csvRow: integer('csv_row').notNull(),
    /** 13 digits (a UPC-A with its leading zero): how the comparison matches our releases' UPCs. */
    upc: text('upc').notNull(),
    isrc: text('isrc'),
    releaseTitle: text('release_title').notNull().default(''),
    artist: text('artist').notNull().default(''),
    label: text('label').notNull().default(''),
    /** YYYY-MM-DD, or what the file said when it is no date. */
    releaseDate: text('release_date').notNull().default(''),
  },
  (t) => [index('catalogue_validation_rows_upc_idx').on(t.validationId, t.upc, t.csvRow)],
)

/** One difference found, per release (by UPC): missing on either side, or a field that differs. */
export const catalogueValidationMismatches = pgTable(
  'catalogue_validation_mismatches',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    validationId: ref('validation_id')
      .notNull()
      .references(() => catalogueValidations.id, { onDelete: 'cascade' }),
    upc: text('upc').notNull(),
    releaseId: ref('release_id'),
    releaseTitle: text('release_title').notNull().default(''),
    kind: text('kind').notNull(),
    ours: text('ours'),
    theirs: text('theirs'),
  },
  (t) => [
    index('catalogue_validation_mismatches_idx').on(t.validationId, t.upc, t.id),
    check(
      'catalogue_validation_mismatches_kind_check',
      sql`${t.kind} in ('missing_here', 'missing_there', 'title', 'artist', 'label', 'release_date', 'isrcs')`,
    ),
  ],
)

/** One release metadata import (docs/formats/release-import.md): its file, status and outcome counts. */
export const releaseImports = pgTable(
  'release_imports',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    fileId: ref('file_id').references(() => files.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    status: text('status').notNull().default('uploaded'),
    rows: integer('rows').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    progress: numeric('progress', { precision: 5, scale: 4 }).notNull().default('0'),
    error: text('error'),
    createdBy: ref('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('release_imports_tenant_idx').on(t.tenantId, t.id.desc()),
    check('release_imports_status_check', sql`${t.status} in ('uploaded', 'parsing', 'committed', 'failed')`),
  ],
)

/** Each row of a release metadata import with its outcome, written in the transaction that applied it. */
export const releaseImportRows = pgTable(
  'release_import_rows',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    importId: ref('import_id')
      .notNull()
      .references(() => releaseImports.id, { onDelete: 'cascade' }),
    csvRow: integer('csv_row').notNull(),
    upc: text('upc').notNull().default(''),
    releaseTitle: text('release_title').notNull().default(''),
    ownerEmail: text('owner_email').notNull().default(''),
    result: text('result').notNull(),
    releaseId: ref('release_id'),
    message: text('message'),
  },
  (t) => [
    index('release_import_rows_import_idx').on(t.importId, t.csvRow),
    // The failed rows of a big file, in file order, without reading the good ones.
    index('release_import_rows_failed_idx')
      .on(t.importId, t.csvRow)
      .where(sql`${t.result} = 'failed'`),
    check('release_import_rows_result_check', sql`${t.result} in ('created', 'updated', 'unchanged', 'failed')`),
  ],
)
