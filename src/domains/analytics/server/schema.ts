import { sql } from 'drizzle-orm'
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
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
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.platform, t.trackId, t.day] }),
    // Totals and series over a period for all platforms or one, and a track's own series.
    index('trend_daily_day_idx').on(t.tenantId, t.day, t.platform),
    index('trend_daily_track_idx').on(t.tenantId, t.trackId, t.day),
  ],
)

/** Streams per workspace, platform, track, day and dimension value (country and each breakdown). */
export const trendBreakdownDaily = pgTable(
  'trend_breakdown_daily',
  {
    // No foreign key, as trend_daily: several rows a line at commit.
    tenantId: ref('tenant_id').notNull(),
    platform: text('platform').notNull(),
    trackId: ref('track_id').notNull(),
    day: date('day').notNull(),
    /** 'country' or a TREND_BREAKDOWNS entry. */
    dimension: text('dimension').notNull(),
    value: text('value').notNull(),
    streams: bigint('streams', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.platform, t.dimension, t.day, t.trackId, t.value] }),
    index('trend_breakdown_daily_track_idx').on(t.tenantId, t.trackId, t.dimension, t.day),
  ],
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
