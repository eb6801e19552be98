import { and, eq } from 'drizzle-orm'
import type { AuthedContext } from './context'
import type { Queryable } from './db/engine'
import { accounts } from './db/schema/platform'
import { forbidden, notFound } from './errors'

// Accounts are platform rows (src/server/db/schema/platform.ts) that every domain keys its data
// on; looking one up is platform work, so no domain has to import the users domain to do it.

export type AccountRecord = typeof accounts.$inferSelect

export const isStaff = (ctx: AuthedContext) => ctx.session.account.type === 'admin'

/** For services that serve both staff and account holders, or that something other than a route calls. */
export function requireStaff(ctx: AuthedContext): void {
  if (!isStaff(ctx)) throw forbidden('This needs an admin account.')
}

/** The account of this workspace, or 404: ids from other workspaces look exactly like missing ones. */
export async function findAccount(db: Queryable, tenantId: number, id: number): Promise<AccountRecord> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.id, id)))
    .limit(1)
  if (!row) throw notFound('There is no such account in this workspace.')
  return row
}
