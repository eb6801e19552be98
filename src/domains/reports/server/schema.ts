import { sql } from 'drizzle-orm'
import { check, date, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { accounts, files, tenantColumn } from '@server/db/schema/platform'
import { at, createdAt, idColumn, ref } from '@server/db/schema/columns'

/**
 * A requested report (spec "Reports": period, file, type, date, status, user, admin; "Site report":
 * id, type, period, file, status, admin id). A job builds the file by streaming rows from the
 * database into storage. Rules: docs/reports.md; statuses in src/core/report-status.ts.
 */
export const reports = pgTable(
  'reports',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    /** user (an account's report) | admin (an admin's own report) | site (workspace-wide site report). */
    scope: text('scope').notNull(),
    /** The report kind, e.g. monthly-sales, sales/store, royalty-split, release-earning. */
    kind: text('kind').notNull(),
    periodFrom: date('period_from'),
    periodTo: date('period_to'),
    /** The account the report is about (user scope, release/artist earnings of an account). */
    accountId: ref('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** Kind-specific filters, e.g. { releaseId } or { artist }. */
    params: jsonb('params')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** queued | running | ready | failed */
    status: text('status').notNull().default('queued'),
    fileId: ref('file_id').references(() => files.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull().default(''),
    rows: integer('rows'),
    error: text('error').notNull().default(''),
    requestedBy: ref('requested_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('reports_tenant_scope_created_idx').on(t.tenantId, t.scope, t.createdAt.desc(), t.id.desc()),
    index('reports_account_idx').on(t.accountId, t.createdAt.desc()),
    check('reports_scope_check', sql`${t.scope} in ('user', 'admin', 'site')`),
    check('reports_status_check', sql`${t.status} in ('queued', 'running', 'ready', 'failed')`),
  ],
)
