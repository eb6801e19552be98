import { and, desc, eq, ilike, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'
import { accounts, notifications, sessions } from '@server/db/schema/platform'
import { likePattern } from '@server/search'

export type NotificationRow = typeof notifications.$inferSelect
export type NewNotification = typeof notifications.$inferInsert

export interface Owner {
  tenantId: number
  accountId: number
}

export interface ListFilter extends Owner {
  status: 'all' | 'read' | 'unread'
  search?: string
  page: number
  perPage: number
}

const own = (owner: Owner) => and(eq(notifications.tenantId, owner.tenantId), eq(notifications.accountId, owner.accountId))

export async function insertMany(db: Queryable, rows: NewNotification[]): Promise<number> {
  if (rows.length === 0) return 0
  const inserted = await db.insert(notifications).values(rows).returning({ id: notifications.id })
  return inserted.length
}

/** Active admin accounts of a workspace: who hears about workspace-wide events. */
export async function adminIds(db: Queryable, tenantId: number): Promise<number[]> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.type, 'admin'), eq(accounts.banned, false)))
  return rows.map((row) => row.id)
}

/** One page of an account's notifications, newest first, and how many match in all. */
export async function list(db: Queryable, filter: ListFilter): Promise<{ rows: NotificationRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [own(filter)]
  if (filter.status === 'read') conditions.push(isNotNull(notifications.readAt))
  if (filter.status === 'unread') conditions.push(isNull(notifications.readAt))
  if (filter.search) {
    const pattern = likePattern(filter.search)
    conditions.push(or(ilike(notifications.title, pattern), ilike(notifications.message, pattern)))
  }
  const where = and(...conditions)
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(notifications)
    .where(where)
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage)
  return { rows, total: counted?.total ?? 0 }
}

/** Marks one of the owner's notifications read (keeping the first read time); null when it is not theirs. */
export async function markRead(db: Queryable, owner: Owner, id: number, now: Date): Promise<NotificationRow | null> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now})` })
    .where(and(own(owner), eq(notifications.id, id)))
    .returning()
  return row ?? null
}

export async function markAllRead(db: Queryable, owner: Owner, now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(own(owner), isNull(notifications.readAt)))
    .returning({ id: notifications.id })
  return rows.length
}

export async function remove(db: Queryable, owner: Owner, id: number): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(own(owner), eq(notifications.id, id)))
    .returning({ id: notifications.id })
  return rows.length === 1
}

export async function clear(db: Queryable, owner: Owner): Promise<number> {
  const rows = await db.delete(notifications).where(own(owner)).returning({ id: notifications.id })
  return rows.length
}

/** Browsers of the account's earlier sign-ins (not continue-as sessions opened by staff), one per distinct agent. */
export async function earlierSignInAgents(db: Queryable, accountId: number, exceptSessionId: number, limit: number) {
  return db
    .selectDistinct({ userAgent: sessions.userAgent })
    .from(sessions)
    .where(and(eq(sessions.accountId, accountId), ne(sessions.id, exceptSessionId), isNull(sessions.actingForSessionId)))
    .limit(limit)
}
