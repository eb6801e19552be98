import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { accounts, tenantColumn } from '@server/db/schema/platform'
import { at, createdAt, idColumn, ref, updatedAt } from '@server/db/schema/columns'
import type { BlastStatus, FanSource, RecipientState } from '@core/fanblast'

// Fan blast (docs/fanblast.md): an artist's audience, their email campaigns and each recipient's fate.

/** A person who agreed to hear from one artist or label account: by its smartlink page or an imported list with proof. */
export const fanblastFans = pgTable(
  'fanblast_fans',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Lower-cased: one fan per address and account. */
    email: text('email').notNull(),
    source: text('source').notNull().$type<FanSource>(),
    consentAt: at('consent_at').notNull(),
    /** Where the consent is recorded: the smartlink code, or the import's proof column. */
    consentProof: text('consent_proof').notNull().default(''),
    unsubscribedAt: at('unsubscribed_at'),
    bouncedAt: at('bounced_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('fanblast_fans_email_uq').on(t.tenantId, t.accountId, t.email),
    index('fanblast_fans_account_idx').on(t.tenantId, t.accountId, t.id.desc()),
  ],
)

/** One campaign; `content` is HTML already sanitised by the server's allow-list. */
export const fanblastBlasts = pgTable(
  'fanblast_blasts',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    /** The artist or label whose fans receive it (the spec's user). */
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    fromName: text('from_name').notNull(),
    content: text('content').notNull(),
    status: text('status').notNull().default('submitted').$type<BlastStatus>(),
    /** The Message-ID root: each recipient's copy is <blast-{id}.{recipient}.{root}>. */
    messageId: text('message_id').notNull(),
    reason: text('reason'),
    /** The workspace's address when approved: the send job (no request of its own) builds unsubscribe links from it. */
    baseUrl: text('base_url').notNull().default(''),
    reviewedBy: ref('reviewed_by').references(() => accounts.id, { onDelete: 'set null' }),
    reviewedAt: at('reviewed_at'),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
    recipients: integer('recipients').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('fanblast_blasts_list_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('fanblast_blasts_status_idx').on(t.tenantId, t.status, t.createdAt.desc(), t.id.desc()),
    index('fanblast_blasts_account_idx').on(t.tenantId, t.accountId, t.createdAt.desc()),
    index('fanblast_blasts_subject_trgm_idx').using('gin', sql`${t.subject} gin_trgm_ops`),
  ],
)

/** The email log: one row per blast and fan, claimed atomically before its message leaves. */
export const fanblastRecipients = pgTable(
  'fanblast_recipients',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    blastId: ref('blast_id')
      .notNull()
      .references(() => fanblastBlasts.id, { onDelete: 'cascade' }),
    fanId: ref('fan_id')
      .notNull()
      .references(() => fanblastFans.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    state: text('state').notNull().default('queued').$type<RecipientState>(),
    /** What the SMTP server answered last (or why nothing was sent). */
    response: text('response').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    /** A deferred recipient is tried again from this moment. */
    nextAttemptAt: at('next_attempt_at'),
    claimedAt: at('claimed_at'),
    sentAt: at('sent_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('fanblast_recipients_uq').on(t.blastId, t.fanId),
    index('fanblast_recipients_log_idx').on(t.tenantId, t.blastId, t.id),
    index('fanblast_recipients_state_idx').on(t.blastId, t.state, t.id),
  ],
)

/**
 * A workspace's sending pace, shared by every app process (docs/fanblast.md, "Rate limit"): the moment its
 * next message may leave. Senders reserve a run of slots with one atomic UPDATE … RETURNING.
 */
export const fanblastSendPace = pgTable('fanblast_send_pace', {
  tenantId: tenantColumn().primaryKey(),
  nextAt: at('next_at').notNull(),
})
