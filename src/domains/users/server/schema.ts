import { boolean, date, index, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core'
import { accounts, files, tenantColumn } from '@server/db/schema/platform'
import { at, createdAt, idColumn, ref, updatedAt } from '@server/db/schema/columns'

export interface AddressParts {
  line1?: string
  line2?: string
  city?: string
  state?: string
  postcode?: string
  country?: string
}

/** Payment connections, personal and business details of an account (spec: User details). */
export const userDetails = pgTable('user_details', {
  accountId: ref('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  tenantId: tenantColumn(),
  paypalEmail: text('paypal_email'),
  paypalConfirmed: boolean('paypal_confirmed').notNull().default(false),
  venmoPhone: text('venmo_phone'),
  venmoConfirmed: boolean('venmo_confirmed').notNull().default(false),
  tipaltiId: text('tipalti_id'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  displayName: text('display_name'),
  citizenship: text('citizenship'),
  nationality: text('nationality'),
  address: jsonb('address').notNull().default({}).$type<AddressParts>(),
  legalEntity: text('legal_entity'),
  representativeFirstName: text('representative_first_name'),
  representativeLastName: text('representative_last_name'),
  companyPosition: text('company_position'),
  legalAddress: jsonb('legal_address').notNull().default({}).$type<AddressParts>(),
  mailingAddress: jsonb('mailing_address').notNull().default({}).$type<AddressParts>(),
  updatedAt: updatedAt(),
})

export const accountNotes = pgTable(
  'account_notes',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    authorId: ref('author_id').references(() => accounts.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('account_notes_account_idx').on(t.accountId, t.createdAt.desc())],
)

export const accountDocuments = pgTable(
  'account_documents',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    fileId: ref('file_id')
      .notNull()
      .references(() => files.id),
    title: text('title').notNull(),
    /** Private documents are for staff only; the account does not see them. */
    private: boolean('private').notNull().default(false),
    createdBy: ref('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('account_documents_account_idx').on(t.accountId, t.createdAt.desc())],
)

/** Manual publishing entries (a balance line of their own); removal is recorded, never a delete. */
export const publishingEntries = pgTable(
  'publishing_entries',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    period: date('period').notNull(),
    note: text('note').notNull().default(''),
    createdBy: ref('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    removedAt: at('removed_at'),
    removedBy: ref('removed_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [index('publishing_entries_account_idx').on(t.accountId, t.period.desc())],
)
