import { sql } from 'drizzle-orm'
import { check, date, index, integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core'
import { accounts, tenantColumn } from '@server/db/schema/platform'
import { at, createdAt, idColumn, ref, updatedAt } from '@server/db/schema/columns'
import { releases, tracks } from '@domains/catalogue/server/schema'

// Feature-control requests (docs/feature-controls.md): one table for every kind, since the review
// (status, reason, requester, dates) is the same; what a kind asks for lives in `fields`, validated
// by the kind's zod schema before it is stored. Statuses and transitions: src/core/feature-requests.ts.

export const featureRequests = pgTable(
  'feature_requests',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    requesterAccountId: ref('requester_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    releaseId: ref('release_id').references(() => releases.id, { onDelete: 'cascade' }),
    trackId: ref('track_id').references(() => tracks.id, { onDelete: 'cascade' }),
    /** What the list shows and searches: the release or track title, or the kind's own subject. */
    title: text('title').notNull(),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    /** The reason given with the last refusal or revocation; mailed to the requester. */
    reason: text('reason'),
    reviewedByAccountId: ref('reviewed_by_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    reviewedAt: at('reviewed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Each kind's staff list, newest first, alone or by status.
    index('feature_requests_kind_created_idx').on(t.tenantId, t.kind, t.createdAt.desc(), t.id.desc()),
    index('feature_requests_kind_status_created_idx').on(t.tenantId, t.kind, t.status, t.createdAt.desc(), t.id.desc()),
    // The requester's own requests of a kind.
    index('feature_requests_requester_idx').on(t.tenantId, t.requesterAccountId, t.kind, t.createdAt.desc()),
    // Usage discovery's "is this channel greenlisted for this release" (greenlisted.ts).
    index('feature_requests_release_idx').on(t.tenantId, t.releaseId),
    // The shared review queue: pending requests of every kind, oldest first.
    index('feature_requests_status_created_idx').on(t.tenantId, t.status, t.createdAt, t.id),
    check('feature_requests_kind_check', sql`${t.kind} in ('greenlist', 'blocklist', 'youtubeMcn', 'chartRegistration', 'pitch', 'licensing')`),
  ],
)

/** Per-workspace rules of the feature controls: how long before its release date a release may still be pitched. */
export const featureControlSettings = pgTable(
  'feature_control_settings',
  {
    tenantId: tenantColumn().primaryKey(),
    pitchLeadDays: integer('pitch_lead_days').notNull().default(7),
    updatedAt: updatedAt(),
  },
  (t) => [check('feature_control_settings_lead_check', sql`${t.pitchLeadDays} between 0 and 365`)],
)

/**
 * A workspace's mechanical rate table (src/core/mechanical-rates.ts), once staff have changed it;
 * until then the US statutory rates apply. Dollars with six places, never floats.
 */
export const mechanicalRates = pgTable(
  'mechanical_rates',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    format: text('format').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }),
    perCopy: numeric('per_copy', { precision: 12, scale: 6 }).notNull(),
    perMinute: numeric('per_minute', { precision: 12, scale: 6 }).notNull(),
    source: text('source').notNull().default(''),
  },
  (t) => [
    index('mechanical_rates_tenant_idx').on(t.tenantId, t.format, t.fromDate),
    check('mechanical_rates_format_check', sql`${t.format} in ('physical', 'download')`),
  ],
)
