import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { accounts, files, tenantColumn } from '@server/db/schema/platform'
import { at, createdAt, idColumn, ref, updatedAt } from '@server/db/schema/columns'

export interface RoleRowData {
  name: string
  roles: string
  spotify?: string
  apple?: string
}
export interface WriterRowData {
  firstName: string
  lastName: string
  roles: string
}
export type DeliveryFlags = Record<string, { delivered: boolean; completed: boolean }>
export interface ReviewFileData {
  fileName: string
  url: string
  note: string | null
  date: string | null
}

/** A release (spec: Release). Status codes and transitions: src/core/release-status.ts. */
export const releases = pgTable(
  'releases',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    /** The account the release belongs to. */
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    title: text('title').notNull(),
    version: text('version'),
    /** Display artists, in order. */
    artists: jsonb('artists').notNull().default([]).$type<string[]>(),
    /** The artists joined for lists and trigram search. */
    artistText: text('artist_text').notNull().default(''),
    type: text('type').notNull().default('Single'),
    status: smallint('status').notNull().default(0),
    /** Digits only, GTIN check digit verified on the way in. */
    upc: text('upc'),
    catalogNumber: text('catalog_number'),
    label: text('label'),
    language: text('language'),
    languages: jsonb('languages').notNull().default([]).$type<string[]>(),
    primaryGenre: text('primary_genre'),
    secondaryGenre: text('secondary_genre'),
    licenseType: text('license_type'),
    cLine: text('c_line'),
    cYear: integer('c_year'),
    pLine: text('p_line'),
    pYear: integer('p_year'),
    releaseDate: date('release_date', { mode: 'string' }),
    originalReleaseDate: date('original_release_date', { mode: 'string' }),
    publishDate: date('publish_date', { mode: 'string' }),
    /** HH:MM in time_zone; null releases at the start of the date. */
    releaseTime: text('release_time'),
    timeZone: text('time_zone').notNull().default('utc'),
    applePreorder: boolean('apple_preorder').notNull().default(false),
    applePreorderDate: date('apple_preorder_date', { mode: 'string' }),
    coverUrl: text('cover_url'),
    coverMediumUrl: text('cover_medium_url'),
    coverLargeUrl: text('cover_large_url'),
    motionArtSquareUrl: text('motion_art_square_url'),
    motionArtPortraitUrl: text('motion_art_portrait_url'),
    isAiCover: boolean('is_ai_cover').notNull().default(false),
    restrictTakedown: boolean('restrict_takedown').notNull().default(false),
    transferIn: boolean('transfer_in').notNull().default(false),
    optInRecommendedTracks: boolean('opt_in_recommended_tracks').notNull().default(false),
    adminReview: boolean('admin_review').notNull().default(false),
    priorityReview: boolean('priority_review').notNull().default(false),
    participants: jsonb('participants').notNull().default([]).$type<RoleRowData[]>(),
    /** Delivery target ids (src/core/platforms.ts). */
    stores: jsonb('stores').notNull().default([]).$type<number[]>(),
    territories: jsonb('territories').notNull().default([]).$type<string[]>(),
    /** Per-target delivery and completed flags (soundcloud, youtube, ... audiosalad). */
    delivery: jsonb('delivery').notNull().default({}).$type<DeliveryFlags>(),
    reviewFile: jsonb('review_file').$type<ReviewFileData | null>(),
    takedownReason: text('takedown_reason'),
    takedownAt: at('takedown_at'),
    takedownBy: ref('takedown_by').references(() => accounts.id, { onDelete: 'set null' }),
    trackCount: integer('track_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list's default order and its deep pages: an index scan on (created_at, id) per tenant.
    index('releases_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('releases_tenant_status_created_idx').on(t.tenantId, t.status, t.createdAt.desc(), t.id.desc()),
    index('releases_tenant_release_date_idx').on(t.tenantId, t.releaseDate.desc(), t.id.desc()),
    index('releases_tenant_title_idx').on(t.tenantId, t.title, t.id),
    index('releases_account_idx').on(t.accountId, t.createdAt.desc()),
    index('releases_tenant_upc_idx').on(t.tenantId, t.upc),
    index('releases_tenant_catalog_idx').on(t.tenantId, t.catalogNumber),
    index('releases_priority_idx')
      .on(t.tenantId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.priorityReview}`),
    index('releases_admin_review_idx')
      .on(t.tenantId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.adminReview}`),
    // Text search, 3 characters or more.
    index('releases_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('releases_artist_trgm_idx').using('gin', sql`${t.artistText} gin_trgm_ops`),
    index('releases_catalog_trgm_idx').using('gin', sql`${t.catalogNumber} gin_trgm_ops`),
    // Catalogue health (releases/health): small partial indexes, so each count reads only the offenders.
    // Who may see a cover file (releaseImageAudience): one GIN over the three sizes' addresses.
    index('releases_cover_files_idx').using('gin', sql`(array[${t.coverUrl}, ${t.coverMediumUrl}, ${t.coverLargeUrl}])`),
    index('releases_health_no_cover_idx')
      .on(t.tenantId, t.id)
      .where(sql`${t.coverUrl} is null`),
    index('releases_health_live_no_upc_idx')
      .on(t.tenantId, t.id)
      .where(sql`${t.upc} is null and ${t.status} in (1, 7)`),
    check('releases_status_check', sql`${t.status} between 0 and 9`),
  ],
)

/** A track of a release (spec: Track). */
export const tracks = pgTable(
  'tracks',
  {
    id: idColumn(),
    // No foreign key to tenants: a track's workspace is its release's (same value, written from it),
    // and the release's key to tenants and the track's to the release already hold it. The key's
    // check per row was ~1/4 of a catalogue ingestion's tracks insert (5,000 rows: median 342 against
    // 263 ms at load 6; docs/catalogue-ops.md).
    tenantId: ref('tenant_id').notNull(),
    releaseId: ref('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** 12 upper-case characters, no hyphens. */
    isrc: text('isrc'),
    iswc: text('iswc'),
    title: text('title').notNull(),
    version: text('version'),
    language: text('language'),
    lyrics: text('lyrics'),
    explicit: boolean('explicit').notNull().default(false),
    duration: integer('duration'),
    audioUrl: text('audio_url'),
    instrumentUrl: text('instrument_url'),
    dolbyUrl: text('dolby_url'),
    /** m:ss */
    tiktokStart: text('tiktok_start'),
    linerNote: text('liner_note'),
    participants: jsonb('participants').notNull().default([]).$type<RoleRowData[]>(),
    writers: jsonb('writers').notNull().default([]).$type<WriterRowData[]>(),
    credits: jsonb('credits').notNull().default([]).$type<RoleRowData[]>(),
    /** 0 processing, 1 completed, other failed; null never requested. */
    scanStatus: smallint('scan_status'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tracks_release_idx').on(t.releaseId, t.position),
    index('tracks_tenant_isrc_idx').on(t.tenantId, t.isrc),
    index('tracks_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    // Catalogue health (releases/health): partial indexes over the offenders only.
    index('tracks_health_no_isrc_idx')
      .on(t.tenantId, t.id)
      .where(sql`${t.isrc} is null`),
    index('tracks_health_no_audio_idx')
      .on(t.tenantId, t.id)
      .where(sql`${t.audioUrl} is null`),
    index('tracks_health_scan_failed_idx')
      .on(t.tenantId, t.id)
      .where(sql`${t.scanStatus} not in (0, 1)`),
  ],
)

export const releaseNotes = pgTable(
  'release_notes',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    releaseId: ref('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    authorId: ref('author_id').references(() => accounts.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('release_notes_release_idx').on(t.releaseId, t.createdAt.desc())],
)

/** One proposed change: a release field, or a field of one of its tracks. */
export interface EditChangeData {
  scope: 'release' | 'track'
  trackId?: number
  field: string
  oldValue: unknown
  newValue: unknown
}

/** An owner's request to change a live release (spec: Edit request). */
export const editRequests = pgTable(
  'edit_requests',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    releaseId: ref('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    status: text('status').notNull().default('pending').$type<'pending' | 'approved' | 'rejected'>(),
    changes: jsonb('changes').notNull().default([]).$type<EditChangeData[]>(),
    /** The reviewer's comment (required to reject). */
    comment: text('comment'),
    decidedAt: at('decided_at'),
    decidedBy: ref('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('edit_requests_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('edit_requests_tenant_status_idx').on(t.tenantId, t.status, t.createdAt.desc(), t.id.desc()),
    index('edit_requests_release_idx').on(t.releaseId, t.createdAt.desc()),
    check('edit_requests_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
)

/** A match an audio-recognition scan found (spec: Track detail shows scan results). */
export interface ScanMatchData {
  title: string
  artists: string[]
  isrc: string | null
  label: string | null
  score: number | null
  offset: number | null
}

/**
 * One audio-recognition scan of a track: each request makes two, `fingerprint` (the commercial
 * catalogue) and `cover` (covers and remixes). Status as the track's: 0 processing, 1 completed, 2 failed.
 */
export const trackScans = pgTable(
  'track_scans',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    trackId: ref('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().$type<'fingerprint' | 'cover'>(),
    /** The provider's name when the scan was requested. */
    provider: text('provider').notNull(),
    /** Null when the provider refused the submission (the scan then failed at once). */
    providerJobId: text('provider_job_id'),
    status: smallint('status').notNull().default(0),
    matches: jsonb('matches').notNull().default([]).$type<ScanMatchData[]>(),
    error: text('error'),
    requestedBy: ref('requested_by').references(() => accounts.id, { onDelete: 'set null' }),
    requestedAt: at('requested_at').notNull().defaultNow(),
    completedAt: at('completed_at'),
  },
  (t) => [
    index('track_scans_track_idx').on(t.trackId, t.requestedAt.desc(), t.id.desc()),
    // What the background refresh polls: scans still processing, oldest first.
    index('track_scans_pending_idx')
      .on(t.requestedAt, t.id)
      .where(sql`${t.status} = 0`),
    check('track_scans_kind_check', sql`${t.kind} in ('fingerprint', 'cover')`),
    check('track_scans_status_check', sql`${t.status} in (0, 1, 2)`),
  ],
)

// ---------------------------------------------------------------------------------------------
// Links and assets of delivered releases (src/domains/catalogue/server/links.service.ts, assets.service.ts)

/**
 * Where a delivered release (track_id null) or one of its tracks is on a platform: its link and the
 * platform's own id (Spotify URI, Apple Music id, YouTube video id, Amazon ASIN). Written by delivery
 * and, in the demo, by the seed.
 */
export const platformLinks = pgTable(
  'platform_links',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    releaseId: ref('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    trackId: ref('track_id').references(() => tracks.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    url: text('url').notNull(),
    externalId: text('external_id'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('platform_links_release_uq')
      .on(t.releaseId, t.platform)
      .where(sql`${t.trackId} is null`),
    uniqueIndex('platform_links_track_uq')
      .on(t.trackId, t.platform)
      .where(sql`${t.trackId} is not null`),
  ],
)

export interface SmartlinkEntryData {
  platform: string
  url: string
  hidden: boolean
}

/** One short link per release: its code (unique in the workspace, so per short-link host) and the platforms it lists. */
export const smartlinks = pgTable(
  'smartlinks',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    releaseId: ref('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    title: text('title').notNull(),
    /** In the order the page lists them. */
    entries: jsonb('entries').notNull().default([]).$type<SmartlinkEntryData[]>(),
    createdBy: ref('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    refreshedAt: at('refreshed_at'),
  },
  (t) => [uniqueIndex('smartlinks_release_uq').on(t.releaseId), uniqueIndex('smartlinks_tenant_code_uq').on(t.tenantId, t.code)],
)

/** Clicks on a smartlink's platform buttons, one row per day and platform (a rollup, counted up in place). */
export const smartlinkClicks = pgTable(
  'smartlink_clicks',
  {
    smartlinkId: ref('smartlink_id')
      .notNull()
      .references(() => smartlinks.id, { onDelete: 'cascade' }),
    tenantId: tenantColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    platform: text('platform').notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.smartlinkId, t.day, t.platform] })],
)

/** The current promotional image of each kind (post, story, canvas) of a release, a public file. */
export const releaseAssets = pgTable(
  'release_assets',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    releaseId: ref('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().$type<'post' | 'story' | 'canvas'>(),
    fileId: ref('file_id')
      .notNull()
      .references(() => files.id),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdBy: ref('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('release_assets_release_kind_uq').on(t.releaseId, t.kind),
    // Who may see an asset file (releaseImageAudience).
    index('release_assets_file_idx').on(t.fileId),
    check('release_assets_kind_check', sql`${t.kind} in ('post', 'story', 'canvas')`),
  ],
)
