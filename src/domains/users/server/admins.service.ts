import { and, desc, eq, ilike, or, sql } from 'drizzle-orm'
import { displayName, initials } from '@core/names'
import type { AuthedContext } from '@server/context'
import { accounts, loginHistory } from '@server/db/schema/platform'
import { auditedMutation } from '@server/audit'
import { notFound } from '@server/errors'
import { likePattern } from '@server/search'
import { pageMeta } from '@server/db/paging'
import { requireStaff } from './account.service'

/** What an admin row shows (`toAdmin`): the list and the record read these columns, not the whole account. */
const adminColumns = {
  id: accounts.id,
  email: accounts.email,
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  createdAt: accounts.createdAt,
  banned: accounts.banned,
}
type AdminRecord = { [K in keyof typeof adminColumns]: (typeof accounts.$inferSelect)[K] }

const lastSignIn = sql<Date | null>`(select max(${loginHistory.createdAt}) from ${loginHistory} where ${loginHistory.accountId} = ${accounts.id} and ${loginHistory.granted})`

function toAdmin(ctx: AuthedContext, row: AdminRecord & { lastSignIn: Date | string | null }) {
  const name = displayName(row)
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    displayName: name,
    initials: initials(name),
    created: row.createdAt,
    isOperator: ctx.tenant.ownerAccountId === row.id,
    banned: row.banned,
    lastSignIn: row.lastSignIn ? new Date(row.lastSignIn) : null,
  }
}

export async function listAdmins(ctx: AuthedContext, query: { page: number; per_page: number; search?: string }) {
  requireStaff(ctx)
  const { db } = ctx.services
  const conditions = [eq(accounts.tenantId, ctx.tenant.id), eq(accounts.type, 'admin')]
  if (query.search) {
    const pattern = likePattern(query.search)
    conditions.push(or(ilike(accounts.email, pattern), ilike(sql`${accounts.firstName} || ' ' || ${accounts.lastName}`, pattern))!)
  }
  const where = and(...conditions)
  // The page and the count at once (two pool connections).
  const [rows, [counted]] = await Promise.all([
    db
      .select({ account: adminColumns, lastSignIn })
      .from(accounts)
      .where(where)
      .orderBy(desc(accounts.createdAt), desc(accounts.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(accounts)
      .where(where),
  ])
  return {
    data: rows.map((row) => toAdmin(ctx, { ...row.account, lastSignIn: row.lastSignIn })),
    meta: pageMeta(counted?.n ?? 0, false, query.page, query.per_page),
  }
}

async function findAdmin(ctx: AuthedContext, id: number) {
  const [row] = await ctx.services.db
    .select({ account: adminColumns, lastSignIn })
    .from(accounts)
    .where(and(eq(accounts.tenantId, ctx.tenant.id), eq(accounts.id, id), eq(accounts.type, 'admin')))
  if (!row) throw notFound('There is no such admin in this workspace.')
  return { ...row.account, lastSignIn: row.lastSignIn }
}

export async function singleAdmin(ctx: AuthedContext, id: number) {
  requireStaff(ctx)
  return toAdmin(ctx, await findAdmin(ctx, id))
}

export async function updateAdmin(ctx: AuthedContext, id: number, input: { first_name: string; last_name: string }) {
  requireStaff(ctx)
  const admin = await findAdmin(ctx, id)
  await auditedMutation(ctx, { action: 'admin.name_changed', entityType: 'account', entityId: admin.id }, async (tx) => {
    await tx
      .update(accounts)
      .set({ firstName: input.first_name, lastName: input.last_name, updatedAt: new Date() })
      .where(eq(accounts.id, admin.id))
    return {
      result: undefined,
      before: { firstName: admin.firstName, lastName: admin.lastName },
      after: { firstName: input.first_name, lastName: input.last_name },
    }
  })
  return toAdmin(ctx, await findAdmin(ctx, id))
}
