import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core'
import { accounts, files, tenantColumn } from '@server/db/schema/platform'
import { at, createdAt, idColumn, ref, updatedAt } from '@server/db/schema/columns'

/** A conversation between a workspace account and the platform's support team. */
export const helpThreads = pgTable(
  'help_threads',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    status: text('status').notNull().default('open').$type<'open' | 'answered' | 'closed'>(),
    lastMessageAt: at('last_message_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('help_threads_account_idx').on(t.tenantId, t.accountId, t.lastMessageAt.desc()),
    // The staff list and the dashboard's latest threads: the workspace's threads by their latest message.
    index('help_threads_tenant_recent_idx').on(t.tenantId, t.lastMessageAt.desc(), t.id.desc()),
  ],
)

export const helpMessages = pgTable(
  'help_messages',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    threadId: ref('thread_id')
      .notNull()
      .references(() => helpThreads.id, { onDelete: 'cascade' }),
    accountId: ref('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    fileId: ref('file_id').references(() => files.id, { onDelete: 'set null' }),
    fromSupport: boolean('from_support').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('help_messages_thread_idx').on(t.threadId, t.createdAt)],
)
