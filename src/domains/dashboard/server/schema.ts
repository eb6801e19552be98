import { index, pgTable, text } from 'drizzle-orm/pg-core'
import { accounts, tenantColumn } from '@server/db/schema/platform'
import { createdAt, idColumn, ref } from '@server/db/schema/columns'

/** Feedback sent from the beta banner: message, severity and the page it was sent from. */
export const feedback = pgTable(
  'feedback',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: ref('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    severity: text('severity').notNull().$type<'info' | 'low' | 'medium' | 'high'>(),
    page: text('page').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_tenant_idx').on(t.tenantId, t.createdAt.desc())],
)
