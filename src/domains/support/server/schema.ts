import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { accounts, files, tenantColumn } from '@server/db/schema/platform'
import { at, createdAt, idColumn, ref, updatedAt } from '@server/db/schema/columns'

// The support desk's tables (docs/support.md). Statuses and transitions: src/core/ticket-status.ts.

/**
 * A support ticket (spec "Support ticket"). The requester is an account, or only an email address
 * (mail from someone without an account); `requester_email` is kept for both so replies can be mailed.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    requesterAccountId: ref('requester_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    requesterEmail: text('requester_email').notNull(),
    requesterName: text('requester_name').notNull().default(''),
    subject: text('subject').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default('new'),
    priority: text('priority').notNull().default('normal'),
    source: text('source').notNull().default('app'),
    assigneeAccountId: ref('assignee_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    elevated: boolean('elevated').notNull().default(false),
    firstResponseAt: at('first_response_at'),
    solvedAt: at('solved_at'),
    closedAt: at('closed_at'),
    lastActivityAt: at('last_activity_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The staff list: newest first, alone or by status (keyset-friendly: created_at, id).
    index('support_tickets_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('support_tickets_tenant_status_created_idx').on(t.tenantId, t.status, t.createdAt.desc(), t.id.desc()),
    index('support_tickets_requester_idx').on(t.tenantId, t.requesterAccountId, t.createdAt.desc()),
    // A search by a whole email address (repository.ts searchCondition), newest first.
    index('support_tickets_requester_email_idx').on(t.tenantId, sql`lower(${t.requesterEmail})`, t.createdAt.desc(), t.id.desc()),
    index('support_tickets_assignee_idx').on(t.tenantId, t.assigneeAccountId, t.status),
    check('support_tickets_status_check', sql`${t.status} in ('new', 'open', 'pending', 'on_hold', 'solved', 'closed')`),
    check('support_tickets_priority_check', sql`${t.priority} in ('low', 'normal', 'high', 'urgent')`),
    check('support_tickets_source_check', sql`${t.source} in ('app', 'email', 'help_center')`),
  ],
)

/**
 * One message on a ticket: from the requester, a staff reply, or an internal note (`internal`: never
 * mailed, never shown to the requester, deletable). `html_body` is sanitised before it is stored.
 */
export const supportComments = pgTable(
  'support_comments',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    ticketId: ref('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorAccountId: ref('author_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    isSupportTeam: boolean('is_support_team').notNull().default(false),
    internal: boolean('internal').notNull().default(false),
    htmlBody: text('html_body').notNull(),
    plainBody: text('plain_body').notNull(),
    /** The mail's Message-ID when it came in or went out by mail: threading finds the ticket by it. */
    messageId: text('message_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_comments_ticket_idx').on(t.ticketId, t.createdAt),
    // Inbound mail finds its ticket by the Message-IDs it answers, before it knows the workspace.
    index('support_comments_message_idx').on(t.messageId),
  ],
)

export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    commentId: ref('comment_id')
      .notNull()
      .references(() => supportComments.id, { onDelete: 'cascade' }),
    fileId: ref('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
  },
  (t) => [index('support_attachments_comment_idx').on(t.commentId)],
)

/** A ready answer staff insert into the reply box: plain text (it becomes HTML like anything typed there). */
export interface CannedReply {
  title: string
  text: string
}

/** The workspace's support settings (admin/support/fetch-support-settings, update-setting): one row per workspace. */
export const supportSettings = pgTable('support_settings', {
  tenantId: tenantColumn().primaryKey(),
  autoReply: text('auto_reply').notNull().default(''),
  signature: text('signature').notNull().default(''),
  cannedReplies: jsonb('canned_replies').$type<CannedReply[]>().notNull().default([]),
  businessHours: text('business_hours').notNull().default(''),
  /** Minutes from a ticket's creation to the first staff reply that count as on target. */
  firstResponseMinutes: integer('first_response_minutes')
    .notNull()
    .default(24 * 60),
  /** Days after which a solved ticket closes by itself. */
  autoCloseDays: integer('auto_close_days').notNull().default(7),
  updatedAt: updatedAt(),
})

/** Accounts whose support is turned off (admin/support/change-disable-support). */
export const supportDisabledAccounts = pgTable(
  'support_disabled_accounts',
  {
    tenantId: tenantColumn(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.accountId] })],
)
