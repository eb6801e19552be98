import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { accounts, tenantColumn } from '@server/db/schema/platform'
import { createdAt, idColumn, ref, updatedAt } from '@server/db/schema/columns'
import { releases, tracks } from '@domains/catalogue/server/schema'

/**
 * A Spotify Discovery Mode submission (spec: "Spotify discovery: release title, updated date,
 * status, toggle, user"): a whole release (track_id null) or one of its tracks. Made from the
 * catalogue (releases/add-to-spotify-discovery); the discovery screens and their change-status
 * calls come with their own issue, which also settles the statuses after 'pending'.
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
    status: text('status').notNull().default('pending'),
    /** The list's toggle: whether Discovery Mode is on for it. */
    enabled: boolean('enabled').notNull().default(true),
    /** The staff member who submitted it. */
    createdBy: ref('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One submission per release, and per track: a second request is reported, not duplicated.
    uniqueIndex('spotify_discovery_release_track_key').on(t.releaseId, sql`coalesce(${t.trackId}, 0)`),
    index('spotify_discovery_tenant_updated_idx').on(t.tenantId, t.updatedAt.desc(), t.id.desc()),
    index('spotify_discovery_tenant_status_idx').on(t.tenantId, t.status, t.updatedAt.desc(), t.id.desc()),
  ],
)
