import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { accounts, tenantColumn } from '@server/db/schema/platform'
import { at, createdAt, idColumn, ref, updatedAt } from '@server/db/schema/columns'
import { tracks } from '@domains/catalogue/server/schema'

/**
 * One bulk upload of splits (splits/bulk/process, splits/bulk-creator-split/process): the parsed
 * rows wait here under `token` until they are submitted; the splits created carry the batch id,
 * so a whole batch can change status at once (splits/bulk/status/{id}/{status}).
 */
export const splitBatches = pgTable(
  'split_batches',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    /** splits | creator (docs/formats/splits-bulk.md). */
    kind: text('kind').notNull(),
    /** preview | submitted */
    status: text('status').notNull().default('preview'),
    token: text('token').notNull(),
    fileName: text('file_name').notNull().default(''),
    /** The file's rows as read: [{ row, isrc, email, share, startsOn }]. */
    rows: jsonb('rows').$type<{ row: number; isrc: string; email: string; share: string; startsOn: string }[]>().notNull(),
    splitCount: integer('split_count').notNull().default(0),
    createdBy: ref('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    submittedAt: at('submitted_at'),
  },
  (t) => [
    uniqueIndex('split_batches_token_idx').on(t.token),
    index('split_batches_tenant_created_idx').on(t.tenantId, t.createdAt.desc()),
    check('split_batches_kind_check', sql`${t.kind} in ('splits', 'creator')`),
    check('split_batches_status_check', sql`${t.status} in ('preview', 'submitted')`),
  ],
)

/**
 * A royalty split of one track among payees (spec: Split list item, Single split). Statuses and
 * their rules: docs/royalties.md. A split applies to statement periods from `starts_on` (a month's
 * first day) up to, not including, `ended_on`.
 */
export const splits = pgTable(
  'splits',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    trackId: ref('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    ownerAccountId: ref('owner_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** pending | active | declined | ended (src/core/split-status.ts). */
    status: text('status').notNull().default('pending'),
    locked: boolean('locked').notNull().default(false),
    lockedBy: ref('locked_by').references(() => accounts.id, { onDelete: 'set null' }),
    lockedAt: at('locked_at'),
    startsOn: date('starts_on').notNull(),
    endedOn: date('ended_on'),
    createdBy: ref('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    /** The bulk upload that created it, if any. */
    batchId: ref('batch_id').references(() => splitBatches.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('splits_batch_idx').on(t.batchId),
    index('splits_tenant_status_created_idx').on(t.tenantId, t.status, t.createdAt.desc(), t.id.desc()),
    index('splits_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('splits_owner_idx').on(t.ownerAccountId, t.createdAt.desc()),
    index('splits_track_idx').on(t.trackId, t.startsOn),
    // A track has at most one open (pending or active) split at a time.
    uniqueIndex('splits_track_open_idx')
      .on(t.trackId)
      .where(sql`${t.status} in ('pending', 'active')`),
    check('splits_status_check', sql`${t.status} in ('pending', 'active', 'declined', 'ended')`),
  ],
)

/**
 * A payee of a split: shares are decimals with ten places that sum to exactly 1 over the split's
 * payees that are not removed (so a third is 0.3333333334 + 0.3333333333 + 0.3333333333).
 */
export const splitPayees = pgTable(
  'split_payees',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    splitId: ref('split_id')
      .notNull()
      .references(() => splits.id, { onDelete: 'cascade' }),
    /** Always lower-cased. */
    email: text('email').notNull(),
    /** Set when the email belongs to an account of the workspace (spec: isUser). */
    accountId: ref('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    share: numeric('share', { precision: 11, scale: 10 }).notNull(),
    /** invited | confirmed | removal_requested | removed (src/core/split-status.ts). */
    status: text('status').notNull().default('invited'),
    confirmedAt: at('confirmed_at'),
    removedAt: at('removed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('split_payees_split_idx').on(t.splitId, t.id),
    index('split_payees_account_idx').on(t.accountId),
    index('split_payees_email_idx').on(t.tenantId, t.email),
    check('split_payees_share_check', sql`${t.share} > 0 and ${t.share} <= 1`),
    check('split_payees_status_check', sql`${t.status} in ('invited', 'confirmed', 'removal_requested', 'removed')`),
  ],
)
