import { sql } from 'drizzle-orm'
import { boolean, date, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { accounts, tenantColumn } from '@server/db/schema/platform'
import { at, createdAt, idColumn, ref, updatedAt } from '@server/db/schema/columns'
import { releases, tracks } from '@domains/catalogue/server/schema'

/**
 * A Spotify Discovery Mode submission (spec: "Spotify discovery: release title, updated date,
 * status, toggle, user"): a whole release (track_id null) or one of its tracks, for one campaign
 * month. Made from the catalogue (releases/add-to-spotify-discovery); its statuses, its removal
 * request and the toggle move as src/core/discovery.ts allows (docs/discovery.md). Statement lines of
 * its tracks for that month are tagged Discovery Mode when imported while it is approved and on.
 */
export const spotifyDiscovery = pgTable(
  'spotify_discovery',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    releaseId: ref('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    trackId: ref('track_id').references(() => tracks.id, { onDelete: 'cascade' }),
    /** The release's owner: the "user" the discovery list shows. */
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    /** First day of the campaign month. */
    campaignMonth: date('campaign_month')
      .notNull()
      .default(sql`date_trunc('month', now())::date`),
    status: text('status').notNull().default('pending'),
    /** The list's toggle: whether Discovery Mode is on for it (an approved one paused while off). */
    enabled: boolean('enabled').notNull().default(true),
    /** Why it was rejected: mailed to the artist. */
    reason: text('reason'),
    reviewedBy: ref('reviewed_by').references(() => accounts.id, { onDelete: 'set null' }),
    reviewedAt: at('reviewed_at'),
    /** The removal request: null while none was made, else requested | approved | rejected. */
    removalStatus: text('removal_status'),
    removalNote: text('removal_note'),
    removalReason: text('removal_reason'),
    removalRequestedAt: at('removal_requested_at'),
    removalReviewedAt: at('removal_reviewed_at'),
    /** The staff member who submitted it. */
    createdBy: ref('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One submission per release, and per track, per campaign month: a second request is reported, not duplicated.
    uniqueIndex('spotify_discovery_release_track_month_key').on(t.releaseId, sql`coalesce(${t.trackId}, 0)`, t.campaignMonth),
    index('spotify_discovery_tenant_updated_idx').on(t.tenantId, t.updatedAt.desc(), t.id.desc()),
    index('spotify_discovery_tenant_status_idx').on(t.tenantId, t.status, t.updatedAt.desc(), t.id.desc()),
    // The removals list, newest request first, only over submissions that have one.
    index('spotify_discovery_removals_idx')
      .on(t.tenantId, t.removalRequestedAt.desc(), t.id.desc())
      .where(sql`${t.removalStatus} is not null`),
    // Tagging an import's lines: the approved submissions of its months.
    index('spotify_discovery_tagging_idx')
      .on(t.tenantId, t.campaignMonth, t.releaseId)
      .where(sql`${t.status} = 'approved' and ${t.enabled}`),
  ],
)
