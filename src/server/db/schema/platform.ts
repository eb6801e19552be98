import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, numeric, pgTable, real, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { at, createdAt, idColumn, ref, updatedAt } from './columns'

/** A white-label: one operator's workspace. Every tenant-owned row carries tenant_id. */
export const tenants = pgTable('tenants', {
  id: idColumn(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** The operator's own host name (custom domain), when they have one. */
  domain: text('domain').unique(),
  /** The tenant's owning admin account: the white-label operator. */
  ownerAccountId: ref('owner_account_id'),
  createdAt: createdAt(),
})

/** The workspace a row belongs to: every tenant-owned table has one, and no query runs without it. */
export const tenantColumn = () =>
  ref('tenant_id')
    .notNull()
    .references(() => tenants.id)

export const accounts = pgTable(
  'accounts',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    /** Always stored lower-cased. */
    email: text('email').notNull(),
    username: text('username'),
    passwordHash: text('password_hash'),
    type: text('type').notNull().$type<'artist' | 'label' | 'admin'>(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    emailVerifiedAt: at('email_verified_at'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    banned: boolean('banned').notNull().default(false),
    bannedAt: at('banned_at'),
    bannedReason: text('banned_reason'),
    hasInit: boolean('has_init').notNull().default(false),
    initDeferredAt: at('init_deferred_at'),
    changelogReadVersion: text('changelog_read_version'),
    googleSubject: text('google_subject'),
    // Staff flags on an account (spec: User (single)).
    verified: boolean('verified').notNull().default(false),
    priorityMember: boolean('priority_member').notNull().default(false),
    verifiedInvestor: boolean('verified_investor').notNull().default(false),
    verifiedCharity: boolean('verified_charity').notNull().default(false),
    bulkImportOption: boolean('bulk_import_option').notNull().default(false),
    releaseNotification: boolean('release_notification').notNull().default(true),
    partnerNotification: boolean('partner_notification').notNull().default(false),
    dmcaMode: boolean('dmca_mode').notNull().default(false),
    blockWithdraw: boolean('block_withdraw').notNull().default(false),
    enableFanBlast: boolean('enable_fan_blast').notNull().default(false),
    publishingApplication: boolean('publishing_application').notNull().default(false),
    publishingManual: boolean('publishing_manual').notNull().default(false),
    isAudioScanEnable: boolean('is_audio_scan_enable').notNull().default(false),
    /** Banned from releasing (users/ban/release). */
    restrictRelease: boolean('restrict_release').notNull().default(false),
    restrictNewRelease: boolean('restrict_new_release').notNull().default(false),
    /** The operator's share of this account's earnings, in percent (0-100); null uses the workspace default. */
    tenantSplit: numeric('tenant_split', { precision: 7, scale: 4 }),
    /** The label account an artist belongs to (users/edit/label). */
    labelAccountId: ref('label_account_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('accounts_label_idx')
      .on(t.labelAccountId)
      .where(sql`${t.labelAccountId} is not null`),
    index('accounts_tenant_type_created_idx').on(t.tenantId, t.type, t.createdAt.desc(), t.id.desc()),
    index('accounts_tenant_email_order_idx').on(t.tenantId, t.email, t.id),
    uniqueIndex('accounts_tenant_email_key').on(t.tenantId, t.email),
    uniqueIndex('accounts_tenant_username_key').on(t.tenantId, sql`lower(${t.username})`),
    uniqueIndex('accounts_tenant_google_key').on(t.tenantId, t.googleSubject),
    index('accounts_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('accounts_email_idx').on(t.email),
    // Palette and list search: trigram indexes, 3 characters or more.
    index('accounts_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('accounts_name_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    check('accounts_type_check', sql`${t.type} in ('artist', 'label', 'admin')`),
  ],
)

/** Public artist profile; the accounts issue adds the rest of its fields. */
export const artistProfiles = pgTable(
  'artist_profiles',
  {
    accountId: ref('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tenantId: tenantColumn(),
    artistName: text('artist_name').notNull(),
    about: text('about'),
    primaryGenre: text('primary_genre'),
    secondaryGenre: text('secondary_genre'),
    profileImageFileId: ref('profile_image_file_id'),
    /** Default release time of day (HH:MM) and its time zone. */
    releaseTime: text('release_time'),
    timeZone: text('time_zone').notNull().default('utc'),
    labelName: text('label_name'),
    /** c_line is the licensing (composition) name, p_line the sound-recording name. */
    cLine: text('c_line'),
    pLine: text('p_line'),
    platformLinks: jsonb('platform_links').notNull().default({}).$type<Record<string, string>>(),
    socials: jsonb('socials').notNull().default({}).$type<Record<string, string>>(),
    extraIds: jsonb('extra_ids').notNull().default({}).$type<Record<string, string>>(),
    /** Delivery target ids (src/core/platforms.ts). */
    stores: jsonb('stores').notNull().default([]).$type<number[]>(),
    /** Country codes, or ['WW'] for the world. */
    territories: jsonb('territories').notNull().default([]).$type<string[]>(),
    defaultArtists: jsonb('default_artists')
      .notNull()
      .default([])
      .$type<{ name: string; roles: string; spotify?: string; apple?: string }[]>(),
    defaultWriters: jsonb('default_writers').notNull().default([]).$type<{ firstName: string; lastName: string; roles: string }[]>(),
    defaultCredits: jsonb('default_credits').notNull().default([]).$type<{ name: string; roles: string }[]>(),
    deliveryFlags: jsonb('delivery_flags').notNull().default({}).$type<Record<string, boolean>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('artist_profiles_name_trgm_idx').using('gin', sql`${t.artistName} gin_trgm_ops`)],
)

export const labelProfiles = pgTable(
  'label_profiles',
  {
    accountId: ref('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tenantId: tenantColumn(),
    labelName: text('label_name').notNull(),
    about: text('about'),
    genres: jsonb('genres').notNull().default([]).$type<string[]>(),
    language: text('language'),
    platforms: jsonb('platforms').notNull().default({}).$type<Record<string, string>>(),
    socials: jsonb('socials').notNull().default({}).$type<Record<string, string>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('label_profiles_name_trgm_idx').using('gin', sql`${t.labelName} gin_trgm_ops`)],
)

export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** sha256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    csrfToken: text('csrf_token').notNull(),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at'),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    device: text('device'),
    browser: text('browser'),
    os: text('os'),
    country: text('country'),
    city: text('city'),
    /** Continue-as: the staff session this one was opened from, and returns to. */
    actingForSessionId: ref('acting_for_session_id'),
  },
  (t) => [index('sessions_account_idx').on(t.accountId, t.createdAt.desc())],
)

export const loginHistory = pgTable(
  'login_history',
  {
    id: idColumn(),
    tenantId: ref('tenant_id').references(() => tenants.id),
    accountId: ref('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    granted: boolean('granted').notNull(),
    reason: text('reason'),
    /** The remembered device (its device-cookie nonce) the attempt came from; failures from it count apart. */
    device: text('device'),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_history_account_idx').on(t.accountId, t.createdAt.desc()),
    index('login_history_device_idx').on(t.device, t.createdAt.desc()),
    index('login_history_email_idx').on(t.email, t.createdAt.desc()),
    index('login_history_ip_idx').on(t.ip, t.createdAt.desc()),
  ],
)

/** One-time secrets: recovery links, email and second-factor codes, step-up codes. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull().$type<'recover' | 'verify_email' | 'login_2fa' | 'step_up'>(),
    tokenHash: text('token_hash').notNull().unique(),
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip'),
    userAgent: text('user_agent'),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('auth_tokens_account_idx').on(t.accountId, t.purpose, t.createdAt.desc())],
)

export const invites = pgTable(
  'invites',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    email: text('email').notNull(),
    type: text('type').notNull().$type<'artist' | 'label' | 'admin'>(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    tokenHash: text('token_hash').notNull().unique(),
    status: text('status').notNull().default('pending').$type<'pending' | 'accepted' | 'cancelled'>(),
    invitedBy: ref('invited_by').references(() => accounts.id, { onDelete: 'set null' }),
    accountId: ref('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
    cancelledAt: at('cancelled_at'),
    createdAt: createdAt(),
  },
  (t) => [index('invites_tenant_idx').on(t.tenantId, t.type, t.createdAt.desc())],
)

export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type').notNull().default('default'),
    fileUrl: text('file_url'),
    link: text('link'),
    readAt: at('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_account_idx').on(t.accountId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx')
      .on(t.accountId, t.createdAt.desc())
      .where(sql`${t.readAt} is null`),
  ],
)

/** Who did what to which record, before and after. Append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: idColumn(),
    tenantId: ref('tenant_id').references(() => tenants.id),
    actorAccountId: ref('actor_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.tenantId, t.entityType, t.entityId, t.createdAt.desc()),
    index('audit_log_actor_idx').on(t.actorAccountId, t.createdAt.desc()),
  ],
)

/** Durable background work: imports, exports, reports, mail. */
export const jobs = pgTable(
  'jobs',
  {
    id: idColumn(),
    tenantId: ref('tenant_id').references(() => tenants.id),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: text('status').notNull().default('queued').$type<'queued' | 'running' | 'done' | 'failed'>(),
    progress: real('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: at('run_at').notNull().defaultNow(),
    lockedAt: at('locked_at'),
    lockedBy: text('locked_by'),
    heartbeatAt: at('heartbeat_at'),
    lastError: text('last_error'),
    result: jsonb('result'),
    createdBy: ref('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('jobs_queue_idx')
      .on(t.runAt, t.id)
      .where(sql`${t.status} = 'queued'`),
    index('jobs_running_idx')
      .on(t.heartbeatAt)
      .where(sql`${t.status} = 'running'`),
    index('jobs_tenant_idx').on(t.tenantId, t.type, t.createdAt.desc()),
  ],
)

/** Uploaded and generated files; the bytes live in the storage module. */
export const files = pgTable(
  'files',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    storageKey: text('storage_key').notNull().unique(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: ref('size').notNull(),
    sha256: text('sha256').notNull(),
    visibility: text('visibility').notNull().default('private').$type<'private' | 'public'>(),
    purpose: text('purpose').notNull(),
    createdBy: ref('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('files_tenant_idx').on(t.tenantId, t.purpose, t.createdAt.desc())],
)

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    /** Stored upper-cased. */
    code: text('code').notNull(),
    description: text('description').notNull(),
    maxRedemptions: integer('max_redemptions'),
    expiresAt: at('expires_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('promo_codes_tenant_code_key').on(t.tenantId, t.code)],
)

export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    promoCodeId: ref('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('promo_redemptions_once_key').on(t.promoCodeId, t.accountId)],
)

/**
 * Idempotency-Key records (src/server/idempotency.ts) for the calls that create or settle payouts: the first answer is kept and
 * replayed for the same key and body; the same key with another body answers 422.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    actorId: ref('actor_id').notNull(),
    endpoint: text('endpoint').notNull(),
    key: text('key').notNull(),
    /** sha256 of the canonical JSON of the request's params and body. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_key_idx').on(t.tenantId, t.actorId, t.endpoint, t.key)],
)
