import { sql } from 'drizzle-orm'
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { accounts, files, tenantColumn } from '@server/db/schema/platform'
import { at, createdAt, idColumn, ref } from '@server/db/schema/columns'

// The analytics tables (docs/analytics.md). The facts themselves, `trend_facts`, are partitioned by
// month, which drizzle cannot declare: the table and its monthly partitions are hand-written SQL
// (the migration's `-- hand-written:` part, partitions created on demand by the import job).
// Screens read the two rollups, never the facts.

/** One trend report file and its import: uploaded → parsing → review (dry run) → committed, or cancelled / failed. */
export const trendImports = pgTable(
  'trend_imports',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    /** A slug of @core/analytics-platforms with a format. */
    platform: text('platform').notNull(),
    status: text('status').notNull().default('uploaded'),
    fileId: ref('file_id').references(() => files.id),
    fileName: text('file_name').notNull(),
    /** sha256 of the file's bytes, hex: the same file is not imported twice. */
    contentHash: text('content_hash').notNull(),
    rows: integer('rows').notNull().default(0),
    matched: integer('matched').notNull().default(0),
    unmatched: integer('unmatched').notNull().default(0),
    streams: bigint('streams', { mode: 'number' }).notNull().default(0),
    /** The dry run: match rate, date range, totals, unmatched ISRCs, errors (contract trendImportReport). */
    report: jsonb('report').notNull().default({}).$type<Record<string, unknown>>(),
    error: text('error'),
    jobId: ref('job_id'),
    createdBy: ref('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    committedBy: ref('committed_by').references(() => accounts.id, { onDelete: 'set null' }),
    committedAt: at('committed_at'),
    cancelledAt: at('cancelled_at'),
  },
  (t) => [
    index('trend_imports_history_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('trend_imports_hash_idx')
      .on(t.tenantId, t.contentHash)
      .where(sql`${t.status} not in ('cancelled', 'failed')`),
    check('trend_imports_status_check', sql`${t.status} in ('uploaded', 'parsing', 'review', 'committed', 'cancelled', 'failed')`),
  ],
)

/** Streams per workspace, platform, track and day: what totals, series and top lists read. */
export const trendDaily = pgTable(
  'trend_daily',
  {
    // No foreign key: a commit writes a row per track and day, and the key's check per row cost more
    // than the rest of the insert; the workspace is the import's, which has its key (as statement lines).
    tenantId: ref('tenant_id').notNull(),
    platform: text('platform').notNull(),
    trackId: ref('track_id').notNull(),
    day: date('day').notNull(),
    streams: bigint('streams', { mode: 'number' }).notNull().default(0),
    listeners: bigint('listeners', { mode: 'number' }).notNull().default(0),
    artificial: bigint('artificial', { mode: 'number' }).notNull().default(0),
    /**
     * The day's streams per dimension value (country and each breakdown the reports carried, raw
     * values): `breakdown_values[i]` is `dimension:value` (a dimension's name holds no colon),
     * `breakdown_streams[i]` its streams. What the reads of a few tracks split by country or
     * breakdown (the account filter, the release tab, the spike evidence). Two arrays per track and
     * day, written with its totals, instead of a row per value (trend_breakdown_daily until migration
     * 0046: 60 % of the rows a commit wrote); arrays rather than a jsonb object, which took three
     * times as long to build at commit.
     */
    breakdownValues: text('breakdown_values').array().notNull().default(sql`'{}'::text[]`),
    breakdownStreams: bigint('breakdown_streams', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.platform, t.trackId, t.day] }),
    // Two indexes drizzle cannot declare (INCLUDE), in the migration's hand-written part:
    // trend_daily_period_idx (tenant, platform, day) INCLUDE (track_id, streams): a period of one
    // platform (or of each, `platform = any(…)`) for top songs and accounts, as an index-only scan;
    // trend_daily_track_idx (tenant, track_id, platform, day) INCLUDE (streams, listeners, artificial):
    // a track's own series, and the account filter's series and totals (migrations 0050, 0054), without the heap;
    // trend_daily_artificial_idx (tenant, platform, day) INCLUDE (track_id, streams, artificial)
    // WHERE artificial > 0: the artificial-streams read's edge days, the flagged rows only.
  ],
)

/**
 * Streams per workspace, platform and day, without the track: what the overview and platform
 * views' totals, series and histograms read, so their cost is days × platforms, whatever the number
 * of tracks or facts. Filled by the same statement as trend_daily (commit and late matching).
 */
export const trendPlatformDaily = pgTable(
  'trend_platform_daily',
  {
    tenantId: ref('tenant_id').notNull(),
    platform: text('platform').notNull(),
    day: date('day').notNull(),
    streams: bigint('streams', { mode: 'number' }).notNull().default(0),
    listeners: bigint('listeners', { mode: 'number' }).notNull().default(0),
    artificial: bigint('artificial', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.platform] })],
)

/** Streams per workspace, platform, dimension, day and value, without the track: the views' breakdowns. */
export const trendPlatformBreakdownDaily = pgTable(
  'trend_platform_breakdown_daily',
  {
    tenantId: ref('tenant_id').notNull(),
    platform: text('platform').notNull(),
    day: date('day').notNull(),
    dimension: text('dimension').notNull(),
    value: text('value').notNull(),
    streams: bigint('streams', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.dimension, t.day, t.platform, t.value] })],
)

/**
 * Streams per workspace, platform (and `*`: every platform together), track and calendar week
 * (Monday) or month, and per day for every platform: what top songs, top accounts and "Tracks
 * streamed" read for the whole weeks and months of a period and the days at its edges (one
 * platform's edge days from trend_daily), so a period costs tracks × (months + weeks + edge days)
 * rows instead of tracks × platforms × days. Filled by the same
 * statement as trend_daily (commit and late matching).
 */
export const trendTrackPeriod = pgTable(
  'trend_track_period',
  {
    tenantId: ref('tenant_id').notNull(),
    /** A platform's slug, or `*` for every platform. */
    platform: text('platform').notNull(),
    /**
     * 'd' (a day, kept for `*` only: a platform's days are trend_daily's), 'w' (week from Monday),
     * 'm' (calendar month) or 'y' (calendar year: the coarse bound top songs and accounts rank their
     * candidates by, reads.ts `boundUnits`).
     */
    grain: text('grain').notNull(),
    startsOn: date('starts_on').notNull(),
    trackId: ref('track_id').notNull(),
    streams: bigint('streams', { mode: 'number' }).notNull().default(0),
    /** Of those streams, the ones the store flagged as artificial (the artificial-streams read, fraud.ts). */
    artificial: bigint('artificial', { mode: 'number' }).notNull().default(0),
    /**
     * On month rows ('m') only, empty on the others: the month's streams per dimension value, as
     * trend_daily's arrays of the same track and platform (or every platform for `*`) summed by
     * value, sorted by `dimension:value`. What "Analytics for this account" splits a long period by
     * (reads.ts `accountBreakdown`): a month per track instead of its days (migration 0049).
     */
    breakdownValues: text('breakdown_values').array().notNull().default(sql`'{}'::text[]`),
    breakdownStreams: bigint('breakdown_streams', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    // The key is the unique index trend_track_period_key (tenant, platform, grain, starts_on,
    // track_id) INCLUDE (streams), hand-written (drizzle cannot declare INCLUDE): the reads are
    // index-only scans of one period each, and the commit's upsert takes it as its arbiter.
    // trend_track_period_artificial_idx, the same columns INCLUDE (streams, artificial) WHERE
    // artificial > 0, also hand-written: the artificial-streams read scans the flagged rows only.
  },
  (t) => [check('trend_track_period_grain_check', sql`${t.grain} in ('d', 'w', 'm', 'y')`)],
)

/**
 * The commit's rows of an import in review, summed by its dry run (trend-stage.ts): a track's day
 * ('d', with its breakdown arrays), a track's week, month (with arrays) or year ('w', 'm', 'y'), and
 * the platform's day ('p', no track). The commit inserts them into the rollups and deletes them; a
 * new dry run, a cancel or a failure deletes them too. UNLOGGED (hand-written in the migration): a
 * crash of the server empties it, and a commit without a stage groups the import's facts instead.
 * No foreign keys: the COPY's check per row would cost more than the rows.
 */
export const trendImportStage = pgTable(
  'trend_import_stage',
  {
    tenantId: ref('tenant_id').notNull(),
    importId: ref('import_id').notNull(),
    grain: text('grain').notNull(),
    day: date('day').notNull(),
    trackId: ref('track_id'),
    streams: bigint('streams', { mode: 'number' }).notNull().default(0),
    listeners: bigint('listeners', { mode: 'number' }).notNull().default(0),
    artificial: bigint('artificial', { mode: 'number' }).notNull().default(0),
    /** The lines summed into a track's day ('d') or the platform's day ('p'). */
    lines: integer('lines').notNull().default(0),
    breakdownValues: text('breakdown_values').array().notNull().default(sql`'{}'::text[]`),
    breakdownStreams: bigint('breakdown_streams', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
  },
  (t) => [index('trend_import_stage_import_idx').on(t.importId)],
)

/**
 * The dims of the workspace's trend lines, each combination once (docs/analytics.md, "Session 40"):
 * a fact written by the dry run holds the combination's id in `dims_id` (its `dims` null) instead of
 * its JSON, which was most of the row. Readers of the facts take `coalesce(f.dims, d.dims)`.
 * Combinations are only added (shared by the workspace's imports; a cancel leaves them).
 */
export const trendDims = pgTable(
  'trend_dims',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    dims: jsonb('dims').notNull().$type<Record<string, string>>(),
  },
  (t) => [uniqueIndex('trend_dims_tenant_dims_idx').on(t.tenantId, t.dims)],
)

/**
 * A query too long for the rollups at once (analytics/submit), run as a job: queued → running →
 * done (its result kept for the next identical request) | failed. `key` names the question and the
 * data it was asked of (the workspace's last commit), so new data asks again.
 */
export const analyticsQueries = pgTable(
  'analytics_queries',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    key: text('key').notNull(),
    params: jsonb('params').notNull().$type<Record<string, unknown>>(),
    status: text('status').notNull().default('queued'),
    result: jsonb('result').$type<unknown>(),
    error: text('error'),
    jobId: ref('job_id'),
    createdBy: ref('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    uniqueIndex('analytics_queries_key_idx').on(t.tenantId, t.key),
    index('analytics_queries_list_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    check('analytics_queries_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
)

/**
 * A scheduled trend import source (docs/analytics.md, "Scheduled imports"): per platform, a watched
 * folder under the workspace's drop folder and/or an SFTP drop, polled by a repeating job. Secrets
 * are sealed with the application's SecretBox, bound to the workspace, platform and kind.
 */
export const trendSources = pgTable(
  'trend_sources',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    platform: text('platform').notNull(),
    /** 'folder' (a folder under DATA_DIR/trend-drops/<workspace>) or 'sftp'. */
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** The folder: relative to the workspace's drop folder, or the remote directory of the SFTP drop. */
    directory: text('directory').notNull().default(''),
    /** Which file names are fetched: `*` and `?` wildcards, case-insensitive. */
    pattern: text('pattern').notNull().default('*.csv'),
    host: text('host'),
    port: integer('port'),
    username: text('username'),
    passwordEncrypted: text('password_encrypted'),
    privateKeyEncrypted: text('private_key_encrypted'),
    /** The SFTP server's host key (SHA-256, hex), pinned at the first connection. */
    hostKeySha256: text('host_key_sha256'),
    everyMinutes: integer('every_minutes').notNull().default(60),
    /** Commit each fetched file's dry run at once (else it waits in the Imports section). */
    autoCommit: boolean('auto_commit').notNull().default(false),
    lastCheckedAt: at('last_checked_at'),
    lastError: text('last_error'),
    createdBy: ref('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: at('updated_at'),
  },
  (t) => [
    uniqueIndex('trend_sources_platform_idx').on(t.tenantId, t.platform, t.kind),
    check('trend_sources_kind_check', sql`${t.kind} in ('folder', 'sftp')`),
    check('trend_sources_every_check', sql`${t.everyMinutes} between 5 and 10080`),
  ],
)

/**
 * Each file a scheduled source fetched, once: (source, name, size, modification time) is claimed
 * before the fetch, so the same file is not fetched twice; the same bytes under another name reach
 * the import and are refused there by their content hash (status `duplicate`).
 */
export const trendSourceFiles = pgTable(
  'trend_source_files',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    sourceId: ref('source_id')
      .notNull()
      .references(() => trendSources.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    modifiedAt: at('modified_at').notNull(),
    /** fetching → imported (import_id set) | duplicate (import_id: the import that has these bytes) | failed. */
    status: text('status').notNull().default('fetching'),
    contentHash: text('content_hash'),
    importId: ref('import_id').references(() => trendImports.id, { onDelete: 'set null' }),
    error: text('error'),
    fetchedAt: at('fetched_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trend_source_files_seen_idx').on(t.sourceId, t.name, t.size, t.modifiedAt),
    index('trend_source_files_history_idx').on(t.tenantId, t.fetchedAt.desc(), t.id.desc()),
    index('trend_source_files_source_idx').on(t.tenantId, t.sourceId, t.fetchedAt.desc(), t.id.desc()),
    check('trend_source_files_status_check', sql`${t.status} in ('fetching', 'imported', 'duplicate', 'failed')`),
  ],
)

/**
 * A flagged track sent to the staff review queue (issue 24 item 5) from a spike or from the
 * artificial streams a store reported: open → confirmed (its earnings held) | dismissed (with a
 * reason). At most one open review per track.
 */
export const trackReviews = pgTable(
  'track_reviews',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    trackId: ref('track_id').notNull(),
    /** 'spike' (spotify/spike-detection) or 'artificial' ({platform}/artificial-streams). */
    flag: text('flag').notNull(),
    platform: text('platform').notNull(),
    /** The spike's day, or the last day of the period the artificial streams were counted in. */
    day: date('day').notNull(),
    /** What the row showed when it was sent, read again from the rollups (observed, baseline, artificial). */
    evidence: jsonb('evidence').notNull().default({}).$type<Record<string, unknown>>(),
    note: text('note'),
    status: text('status').notNull().default('open'),
    reason: text('reason'),
    sentBy: ref('sent_by').references(() => accounts.id, { onDelete: 'set null' }),
    sentAt: at('sent_at').notNull().defaultNow(),
    decidedBy: ref('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    decidedAt: at('decided_at'),
  },
  (t) => [
    uniqueIndex('track_reviews_open_idx').on(t.tenantId, t.trackId).where(sql`${t.status} = 'open'`),
    index('track_reviews_queue_idx').on(t.tenantId, t.status, t.id.desc()),
    check('track_reviews_flag_check', sql`${t.flag} in ('spike', 'artificial')`),
    check('track_reviews_status_check', sql`${t.status} in ('open', 'confirmed', 'dismissed')`),
  ],
)
