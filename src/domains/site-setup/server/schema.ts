import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { accounts, files, tenants, tenantColumn } from '@server/db/schema/platform'
import { at, createdAt, idColumn, ref, updatedAt } from '@server/db/schema/columns'

/** Branding and company details of a workspace (spec: Site settings, White-label company profile). */
export const siteSettings = pgTable('site_settings', {
  tenantId: ref('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  companyName: text('company_name'),
  logoFileId: ref('logo_file_id').references(() => files.id, { onDelete: 'set null' }),
  darkLogoFileId: ref('dark_logo_file_id').references(() => files.id, { onDelete: 'set null' }),
  logoSize: integer('logo_size').notNull().default(50),
  logoWidth: integer('logo_width'),
  logoHeight: integer('logo_height'),
  darkLogoWidth: integer('dark_logo_width'),
  darkLogoHeight: integer('dark_logo_height'),
  faviconFileId: ref('favicon_file_id').references(() => files.id, { onDelete: 'set null' }),
  /** Bumped on every favicon change: the URL carries it so browsers fetch the new one. */
  faviconVersion: integer('favicon_version').notNull().default(0),
  colors: jsonb('colors').$type<{ primary: string; accent: string; navbarBackground: string; navbarText: string; buttonText: string }>(),
  showSidebarSlider: boolean('show_sidebar_slider').notNull().default(false),
  supportEmail: text('support_email'),
  /** Smartlinks' host name or https URL (src/core/short-links.ts); null: the workspace's own address. */
  shortLinkHost: text('short_link_host'),
  country: text('country'),
  postcode: text('postcode'),
  state: text('state'),
  city: text('city'),
  addressLine1: text('address_line1'),
  addressLine2: text('address_line2'),
  /** Annual (default) or monthly plan with the platform, for the wallet. */
  plan: text('plan').notNull().default('annual').$type<'annual' | 'monthly'>(),
  planStartedAt: at('plan_started_at'),
  updatedBy: ref('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
})

/** The client portal's menu: items with label, visibility and order. */
export const menuItems = pgTable(
  'menu_items',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    visible: boolean('visible').notNull().default(true),
    position: integer('position').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('menu_items_tenant_key').on(t.tenantId, t.key)],
)

/** The featured-artist slider on the sign-in page. */
export const loginSlides = pgTable(
  'login_slides',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    imageFileId: ref('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    artistName: text('artist_name').notNull(),
    text: text('text').notNull().default(''),
    link: text('link'),
    visible: boolean('visible').notNull().default(true),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('login_slides_tenant_idx').on(t.tenantId, t.position)],
)

/** How the workspace sends mail: the platform's SMTP (with DNS records) or its own server. */
export const mailSettings = pgTable('mail_settings', {
  tenantId: ref('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  type: text('type').notNull().default('default').$type<'default' | 'smtp'>(),
  smtpHost: text('smtp_host'),
  smtpPort: integer('smtp_port'),
  smtpEncryption: text('smtp_encryption').$type<'starttls' | 'none' | 'ssl'>(),
  smtpUsername: text('smtp_username'),
  /** Encrypted at rest (AES-256-GCM with the application key); never sent to the client. */
  smtpPasswordEncrypted: text('smtp_password_encrypted'),
  fromName: text('from_name'),
  fromAddress: text('from_address'),
  replyToName: text('reply_to_name'),
  replyToAddress: text('reply_to_address'),
  /** The domain mail is sent from with the default SMTP, and its DKIM key pair. */
  sendingDomain: text('sending_domain'),
  dkimSelector: text('dkim_selector'),
  dkimPrivateKeyEncrypted: text('dkim_private_key_encrypted'),
  updatedAt: updatedAt(),
})

/** DNS records the default SMTP needs: sending (SPF, DKIM, return path) and receiving (MX). */
export const dnsRecords = pgTable(
  'dns_records',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    kind: text('kind').notNull().$type<'sending' | 'receiving'>(),
    recordType: text('record_type').notNull(),
    name: text('name').notNull(),
    value: text('value').notNull(),
    priority: integer('priority'),
    isActive: boolean('is_active').notNull().default(false),
    valid: boolean('valid').notNull().default(false),
    lastCheckedAt: at('last_checked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('dns_records_tenant_idx').on(t.tenantId, t.kind)],
)

/** Signed agreements: who signed which text version, when and from where. */
export const agreements = pgTable(
  'agreements',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    type: text('type').notNull().$type<'initial'>(),
    accountId: ref('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    signatureFileId: ref('signature_file_id').references(() => files.id),
    textVersion: text('text_version').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    signedAt: createdAt(),
  },
  (t) => [index('agreements_tenant_idx').on(t.tenantId, t.type)],
)
