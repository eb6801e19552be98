import { sql, type SQL } from 'drizzle-orm'
import { MATCH_PLATFORMS, MATCH_STATUSES } from '@core/discovery'
import { bigint, boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
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

/**
 * A track registered with the usage-discovery provider (docs/discovery.md, "Usage discovery"): queued
 * until the register job sends its audio, then registered (with the provider's asset id) or failed.
 * Removing it sets cancelled_at, which overrides every other status. One open asset per track.
 */
export const usageAssets = pgTable(
  'usage_assets',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    trackId: ref('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    releaseId: ref('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    /** The release's owner when submitted: the "user" of the list, and who may action its matches. */
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    /**
     * The track's title, copied by the statement that writes the row (and by a trigger when the track
     * is renamed): In Discovery's search reads it through its trigram index instead of joining tracks.
     */
    trackTitle: text('track_title').notNull().default(''),
    /** The provider's asset id, once registered. */
    assetId: text('asset_id'),
    status: text('status').notNull().default('queued'),
    error: text('error'),
    /** The staff member who submitted it (the list's "admin id"). */
    submittedBy: ref('submitted_by').references(() => accounts.id, { onDelete: 'set null' }),
    cancelledAt: at('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('usage_assets_open_track_key')
      .on(t.tenantId, t.trackId)
      .where(sql`${t.cancelledAt} is null`),
    uniqueIndex('usage_assets_asset_id_key').on(t.assetId),
    // In Discovery's order, and its filters in that order: cancelled (rare) apart, the other statuses
    // among the open ones. Each ends with track_title (after the unique id, so it orders nothing): a
    // common title fragment filters the walk in the index alone, without a heap fetch per row passed
    // over (page 40 of a fragment of 30,000 assets: 39 ms reading the heap, 5 ms index-only, bench).
    index('usage_assets_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc(), t.trackTitle),
    index('usage_assets_tenant_release_idx').on(t.tenantId, t.releaseId),
    index('usage_assets_cancelled_idx')
      .on(t.tenantId, t.createdAt.desc(), t.id.desc(), t.trackTitle)
      .where(sql`${t.cancelledAt} is not null`),
    index('usage_assets_open_status_idx')
      .on(t.tenantId, t.status, t.createdAt.desc(), t.id.desc(), t.trackTitle)
      .where(sql`${t.cancelledAt} is null`),
    index('usage_assets_tenant_track_idx').on(t.tenantId, t.trackId),
    // A title search finds the assets (cancelled ones included), and through them the matches, of its tracks.
    index('usage_assets_track_title_trgm_idx').using('gin', sql`${t.trackTitle} gin_trgm_ops`),
  ],
)

/**
 * A match's title as usage_matches_title_filter_idx keys it: lowered, with the letters, digits and
 * space written in an alphabet of the match's own (status, platform) pair — twenty disjoint runs of
 * CJK ideographs, which pg_trgm counts as letters, so a title is one word and its trigrams keep the
 * space ("k 7" of "track 7") — so that each trigram is the pair's and the title's at once: a
 * fragment no match of a pair has is a trigram the index does not hold, answered without reading
 * either side (issue 23: "track 7" + apple walked apple's 250,000 entries). Exact: translate maps
 * character by character, so a fragment in the lowered title is, translated for the row's pair, in
 * the translated title; the list keeps its own conditions and only adds this one. Any other pair
 * (none: the check constraints) and every other character keep their own letters: still exact, less
 * selective.
 */
export const TITLE_KEY_LETTERS = ' etaoinsrhl0123456789dcumfpgwybvkxjqz'
const pairs = MATCH_STATUSES.flatMap((status) => MATCH_PLATFORMS.map((platform) => `${platform}/${status}`))
/** The (status, platform) pair's alphabet: 37 ideographs from U+4E00, one run per pair. */
export const titleKeyAlphabet = (platform: string, status: string) => {
  const index = pairs.indexOf(`${platform}/${status}`)
  if (index < 0) return TITLE_KEY_LETTERS
  return Array.from(TITLE_KEY_LETTERS, (_, offset) => String.fromCodePoint(0x4e00 + index * TITLE_KEY_LETTERS.length + offset)).join('')
}
const literal = (text: string) => sql.raw(`'${text.replace(/'/g, "''")}'`)
/** The row's key expression (the index's, and the list's side of the test: the same text for the planner to match). */
export function matchTitleKey(title: SQL, platform: SQL, status: SQL): SQL {
  const cases = pairs.map((pair) => {
    const [platformName, statusName] = pair.split('/')
    return sql`when ${literal(pair)} then ${literal(titleKeyAlphabet(platformName, statusName))}`
  })
  return sql`translate(lower(${title}), ${literal(TITLE_KEY_LETTERS)}, case ${platform} || '/' || ${status} ${sql.join(cases, sql` `)} else ${literal(TITLE_KEY_LETTERS)} end)`
}

/**
 * A use of a registered recording the provider found, stored once per provider match id (a refresh
 * updates its counts and keeps its status). Segments: [{ original: [start, end], copy: [start, end] }] in seconds.
 */
export const usageMatches = pgTable(
  'usage_matches',
  {
    id: idColumn(),
    // No foreign keys on tenant_id and asset_row_id: their per-row checks cost a third of a refresh's
    // time (bench), and the insert itself joins usage_assets of the workspace. Deleting assets (with
    // their track) still deletes their matches: a statement trigger, the migration's hand-written part.
    tenantId: ref('tenant_id').notNull(),
    providerId: text('provider_id').notNull(),
    assetRowId: ref('asset_row_id').notNull(),
    trackId: ref('track_id').notNull(),
    releaseId: ref('release_id').notNull(),
    title: text('title').notNull().default(''),
    /** Its asset's track_title, copied as it is stored: a common title fragment filters the list's walk without a join. */
    trackTitle: text('track_title').notNull().default(''),
    platform: text('platform').notNull().default('raw'),
    mediaUrl: text('media_url'),
    userUrl: text('user_url'),
    userName: text('user_name'),
    copyTitle: text('copy_title'),
    uploadDate: at('upload_date'),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    shares: bigint('shares', { mode: 'number' }).notNull().default(0),
    /** Seconds: the copy's length, and how much of it matches. */
    duration: numeric('duration', { precision: 12, scale: 3 }).notNull().default('0'),
    matchLength: numeric('match_length', { precision: 12, scale: 3 }).notNull().default('0'),
    copyPercentage: numeric('copy_percentage', { precision: 5, scale: 2 }).notNull().default('0'),
    segments: jsonb('segments').notNull().default([]).$type<{ original: [number, number]; copy: [number, number] }[]>(),
    status: text('status').notNull().default('new'),
    // No foreign key either: its check trigger is queued and run for every match stored, though new
    // matches have none (2 ms of a 64 ms batch, bench); deleting accounts clears it by a statement
    // trigger on accounts (migration's hand-written part), as the foreign key's set null did.
    actionedBy: ref('actioned_by'),
    actionedAt: at('actioned_at'),
    foundAt: at('found_at').notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('usage_matches_provider_key').on(t.tenantId, t.providerId),
    index('usage_matches_tenant_found_idx').on(t.tenantId, t.foundAt.desc(), t.id.desc()),
    // The filtered lists' one index: a status, a platform or both is a merge of its (status, platform)
    // ranges (matchesInOrder in usage/service.ts); an index per filter cost a refresh one more entry
    // per match. The check constraints (hand-written) keep every row inside those ranges. It ends with
    // track_title (after the unique id, so it orders nothing): a common title fragment with a filter
    // walks the filter's ranges testing the title in the index alone, without a heap read per entry
    // passed over (issue 23: "track 7" + apple, none of whose matches pass, read the whole list's heap).
    index('usage_matches_tenant_status_platform_idx').on(t.tenantId, t.status, t.platform, t.foundAt.desc(), t.id.desc(), t.trackTitle),
    index('usage_matches_asset_idx').on(t.assetRowId),
    // A common title fragment with a status or platform few of its matches have (matchTitleKey).
    index('usage_matches_title_filter_idx').using('gin', sql`(${matchTitleKey(sql`${t.trackTitle}`, sql`${t.platform}`, sql`${t.status}`)}) gin_trgm_ops`),
  ],
)

/** Where each workspace's match feed was read up to (the provider's cursor). */
export const usageCursors = pgTable('usage_cursors', {
  tenantId: tenantColumn().primaryKey(),
  cursor: text('cursor'),
  refreshedAt: at('refreshed_at'),
})

/** Matches and views per day and track, kept by the refresh job: what discovery's analytics read. */
export const usageDaily = pgTable(
  'usage_daily',
  {
    // No foreign key: checked for every row a refresh adds to (see usage_matches).
    tenantId: ref('tenant_id').notNull(),
    day: date('day').notNull(),
    trackId: ref('track_id').notNull(),
    matches: integer('matches').notNull().default(0),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.trackId] })],
)
