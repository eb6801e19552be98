import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { accounts, tenantColumn } from '@server/db/schema/platform'
import { at, createdAt, idColumn, ref } from '@server/db/schema/columns'

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
