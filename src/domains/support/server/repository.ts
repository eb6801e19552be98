import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { TicketStatus } from '@core/ticket-status'
import { UNRESOLVED_STATUSES } from '@core/ticket-status'
import type { Queryable } from '@server/db/engine'
import { likePattern, MIN_FUZZY_LENGTH } from '@server/search'
import { supportAttachments, supportComments, supportDisabledAccounts, supportSettings, supportTickets } from './schema'

// The support desk's SQL: list pages (index-backed for a million tickets), a ticket's thread, settings.

export type TicketRecord = typeof supportTickets.$inferSelect
export type CommentRecord = typeof supportComments.$inferSelect

export interface ListFilter {
  tenantId: number
  status?: TicketStatus
  unresolved?: boolean
  search?: string
  /** Inclusive calendar days (UTC). */
  from?: string
  to?: string
  requesterId?: number
  assigneeId?: number
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function searchCondition(text: string): SQL {
  const value = text.trim()
  // "#123" names a ticket and nothing else.
  const ticketRef = /^#(\d{1,15})$/.exec(value)
  if (ticketRef) return sql`t.id = ${Number(ticketRef[1])}`
  // A whole address is the requester's: support_tickets_requester_email_idx answers it at once, where
  // the trigrams every address shares ("com", "@gm", …) would make the trigram index read most of the table.
  if (EMAIL.test(value)) return sql`lower(t.requester_email) = ${value.toLowerCase()}`
  const parts: SQL[] = []
  // "123": the ticket's id, or those digits in a subject.
  const idMatch = /^(\d{1,15})$/.exec(value)
  if (idMatch) parts.push(sql`t.id = ${Number(idMatch[1])}`)
  if (value.length >= MIN_FUZZY_LENGTH) {
    const pattern = likePattern(value)
    // Both expressions match the trigram indexes of migration 0018 (support_tickets_*_trgm_idx).
    parts.push(sql`t.subject ilike ${pattern}`, sql`(t.requester_email || ' ' || t.requester_name) ilike ${pattern}`)
  } else if (!idMatch) {
    parts.push(sql`t.subject = ${value}`)
  }
  return sql`(${sql.join(parts, sql` or `)})`
}

export function listWhere(filter: ListFilter): SQL {
  const conditions: SQL[] = [sql`t.tenant_id = ${filter.tenantId}`]
  if (filter.status) conditions.push(sql`t.status = ${filter.status}`)
  else if (filter.unresolved)
    conditions.push(
      sql`t.status in (${sql.join(
        UNRESOLVED_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})`,
    )
  if (filter.from) conditions.push(sql`t.created_at >= ${filter.from}::date`)
  if (filter.to) conditions.push(sql`t.created_at < (${filter.to}::date + 1)`)
  if (filter.requesterId) conditions.push(sql`t.requester_account_id = ${filter.requesterId}`)
  if (filter.assigneeId) conditions.push(sql`t.assignee_account_id = ${filter.assigneeId}`)
  if (filter.search?.trim()) conditions.push(searchCondition(filter.search))
  return sql`where ${sql.join(conditions, sql` and `)}`
}

export function listFrom(filter: ListFilter): SQL {
  return sql`from support_tickets t ${listWhere(filter)}`
}

export type TicketListRow = {
  id: number
  subject: string
  status: string
  priority: string
  source: string
  requester_account_id: number | null
  requester_email: string
  requester_name: string
  assignee_account_id: number | null
  assignee_first_name: string | null
  assignee_last_name: string | null
  assignee_email: string | null
  elevated: boolean
  created_at: Date | string
  last_activity_at: Date | string
  first_response_at: Date | string | null
}

// support_tickets_tenant_created_idx and _tenant_status_created_idx are (…, created_at DESC, id DESC).
const NEWEST_FIRST = sql`t.created_at desc nulls last, t.id desc nulls last`

const withPeople = (from: SQL) => sql`
  select t.id, t.subject, t.status, t.priority, t.source, t.requester_account_id, t.requester_email, t.requester_name,
    t.assignee_account_id, s.first_name as assignee_first_name, s.last_name as assignee_last_name, s.email as assignee_email,
    t.elevated, t.created_at, t.last_activity_at, t.first_response_at
  ${from}
  left join accounts s on s.id = t.assignee_account_id and s.tenant_id = t.tenant_id`

/** One numbered page: ids from the index alone, then only those rows joined with their assignees. */
export async function listPage(db: Queryable, filter: ListFilter, page: number, perPage: number): Promise<TicketListRow[]> {
  const result = await db.execute<TicketListRow>(sql`
    with page as (
      select t.id from support_tickets t ${listWhere(filter)}
      order by ${NEWEST_FIRST}
      limit ${perPage} offset ${(page - 1) * perPage}
    )
    ${withPeople(sql`from page join support_tickets t on t.id = page.id`)}
    order by ${NEWEST_FIRST}`)
  return result.rows
}

export async function ticketsById(db: Queryable, tenantId: number, ids: readonly number[]): Promise<TicketListRow[]> {
  if (ids.length === 0) return []
  const result = await db.execute<TicketListRow>(sql`
    ${withPeople(sql`from support_tickets t`)}
    where t.tenant_id = ${tenantId} and t.id in (${sql.join(
      ids.map((value) => sql`${value}`),
      sql`, `,
    )})
    order by t.id`)
  return result.rows
}

export async function findTicket(db: Queryable, tenantId: number, id: number): Promise<TicketRecord | null> {
  const [row] = await db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.tenantId, tenantId), eq(supportTickets.id, id)))
  return row ?? null
}

/** Tickets of the workspace by id, locked for update, in id order (so two bulk changes never deadlock). */
export async function lockTickets(db: Queryable, tenantId: number, ids: readonly number[]): Promise<TicketRecord[]> {
  return db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.tenantId, tenantId), inArray(supportTickets.id, [...ids])))
    .orderBy(asc(supportTickets.id))
    .for('update')
}

export async function insertTicket(db: Queryable, row: typeof supportTickets.$inferInsert): Promise<TicketRecord> {
  const [ticket] = await db.insert(supportTickets).values(row).returning()
  return ticket
}

export async function updateTicket(db: Queryable, tenantId: number, id: number, patch: Partial<typeof supportTickets.$inferInsert>) {
  await db
    .update(supportTickets)
    .set(patch)
    .where(and(eq(supportTickets.tenantId, tenantId), eq(supportTickets.id, id)))
}

export async function insertComment(db: Queryable, row: typeof supportComments.$inferInsert): Promise<CommentRecord> {
  const [comment] = await db.insert(supportComments).values(row).returning()
  return comment
}

export async function insertAttachment(db: Queryable, row: typeof supportAttachments.$inferInsert) {
  await db.insert(supportAttachments).values(row)
}

export type ThreadRow = {
  id: number
  html_body: string
  plain_body: string
  is_support_team: boolean
  internal: boolean
  author_account_id: number | null
  first_name: string | null
  last_name: string | null
  email: string | null
  created_at: Date | string
}

export async function thread(db: Queryable, tenantId: number, ticketId: number, includeInternal: boolean): Promise<ThreadRow[]> {
  const result = await db.execute<ThreadRow>(sql`
    select c.id, c.html_body, c.plain_body, c.is_support_team, c.internal, c.author_account_id, c.created_at,
      a.first_name, a.last_name, a.email
    from support_comments c
    left join accounts a on a.id = c.author_account_id and a.tenant_id = c.tenant_id
    where c.tenant_id = ${tenantId} and c.ticket_id = ${ticketId} ${includeInternal ? sql`` : sql`and not c.internal`}
    order by c.created_at, c.id`)
  return result.rows
}

export async function attachmentsOf(db: Queryable, tenantId: number, commentIds: readonly number[]) {
  if (commentIds.length === 0) return []
  return db
    .select()
    .from(supportAttachments)
    .where(and(eq(supportAttachments.tenantId, tenantId), inArray(supportAttachments.commentId, [...commentIds])))
    .orderBy(asc(supportAttachments.id))
}

/** The Message-IDs of a ticket's mailed messages, oldest first (References of the next reply). */
export async function threadMessageIds(db: Queryable, tenantId: number, ticketId: number): Promise<string[]> {
  const rows = await db
    .select({ messageId: supportComments.messageId })
    .from(supportComments)
    .where(
      and(eq(supportComments.tenantId, tenantId), eq(supportComments.ticketId, ticketId), sql`${supportComments.messageId} is not null`),
    )
    .orderBy(asc(supportComments.createdAt), asc(supportComments.id))
  return rows.map((row) => row.messageId!).slice(-20)
}

export async function setCommentMessageId(db: Queryable, tenantId: number, commentId: number, messageId: string) {
  await db
    .update(supportComments)
    .set({ messageId })
    .where(and(eq(supportComments.tenantId, tenantId), eq(supportComments.id, commentId)))
}

/** The ticket (and workspace) a known Message-ID belongs to: ids are unique, the mail says nothing of workspaces. */
export async function ticketOfMessageIds(
  db: Queryable,
  messageIds: readonly string[],
): Promise<{ tenantId: number; ticketId: number } | null> {
  if (messageIds.length === 0) return null
  const [row] = await db
    .select({ tenantId: supportComments.tenantId, ticketId: supportComments.ticketId })
    .from(supportComments)
    .where(inArray(supportComments.messageId, [...messageIds]))
    .orderBy(sql`${supportComments.createdAt} desc`)
    .limit(1)
  return row ?? null
}

export async function appendToComment(db: Queryable, tenantId: number, commentId: number, html: string, plain: string) {
  await db
    .update(supportComments)
    .set({ htmlBody: sql`${supportComments.htmlBody} || ${html}`, plainBody: sql`${supportComments.plainBody} || ${`\n\n${plain}`}` })
    .where(and(eq(supportComments.tenantId, tenantId), eq(supportComments.id, commentId)))
}

export async function findComment(db: Queryable, tenantId: number, id: number): Promise<CommentRecord | null> {
  const [row] = await db
    .select()
    .from(supportComments)
    .where(and(eq(supportComments.tenantId, tenantId), eq(supportComments.id, id)))
  return row ?? null
}

export async function deleteComment(db: Queryable, tenantId: number, id: number) {
  await db.delete(supportComments).where(and(eq(supportComments.tenantId, tenantId), eq(supportComments.id, id)))
}

export async function otherTickets(db: Queryable, tenantId: number, accountId: number, exceptId: number, limit: number) {
  return db
    .select({ id: supportTickets.id, subject: supportTickets.subject, status: supportTickets.status, created: supportTickets.createdAt })
    .from(supportTickets)
    .where(
      and(
        eq(supportTickets.tenantId, tenantId),
        eq(supportTickets.requesterAccountId, accountId),
        sql`${supportTickets.id} <> ${exceptId}`,
      ),
    )
    .orderBy(sql`${supportTickets.createdAt} desc nulls last`)
    .limit(limit)
}

export async function readSettings(db: Queryable, tenantId: number) {
  const [row] = await db.select().from(supportSettings).where(eq(supportSettings.tenantId, tenantId))
  return row ?? null
}

export async function writeSettings(db: Queryable, tenantId: number, values: Omit<typeof supportSettings.$inferInsert, 'tenantId'>) {
  await db
    .insert(supportSettings)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: supportSettings.tenantId, set: { ...values, updatedAt: sql`now()` } })
}

export async function supportDisabled(db: Queryable, tenantId: number, accountId: number): Promise<boolean> {
  const rows = await db
    .select({ accountId: supportDisabledAccounts.accountId })
    .from(supportDisabledAccounts)
    .where(and(eq(supportDisabledAccounts.tenantId, tenantId), eq(supportDisabledAccounts.accountId, accountId)))
  return rows.length > 0
}

export async function setSupportDisabled(db: Queryable, tenantId: number, accountId: number, disabled: boolean) {
  if (disabled) await db.insert(supportDisabledAccounts).values({ tenantId, accountId }).onConflictDoNothing()
  else
    await db
      .delete(supportDisabledAccounts)
      .where(and(eq(supportDisabledAccounts.tenantId, tenantId), eq(supportDisabledAccounts.accountId, accountId)))
}

/** A ticket by id alone: inbound mail learns the workspace from the ticket it answers. */
export async function ticketById(db: Queryable, id: number): Promise<TicketRecord | null> {
  const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id))
  return row ?? null
}

/** Solved tickets of the workspace solved at or before `before`, locked, at most `limit`. */
export async function dueSolved(db: Queryable, tenantId: number, before: Date, limit: number): Promise<TicketRecord[]> {
  return db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.tenantId, tenantId), eq(supportTickets.status, 'solved'), sql`${supportTickets.solvedAt} <= ${before}`))
    .orderBy(asc(supportTickets.id))
    .limit(limit)
    .for('update', { skipLocked: true })
}
