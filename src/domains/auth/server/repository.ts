import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'
import {
  accounts,
  artistProfiles,
  authTokens,
  invites,
  labelProfiles,
  loginHistory,
  promoCodes,
  promoRedemptions,
  sessions,
  tenants,
} from '@server/db/schema/platform'
import { hashToken } from '@server/auth/tokens'

export type AccountRow = typeof accounts.$inferSelect
export type TokenPurpose = (typeof authTokens.$inferSelect)['purpose']

export async function findAccount(db: Queryable, tenantId: number, email: string): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.email, email.toLowerCase())))
    .limit(1)
  return row ?? null
}

export async function findAccountById(db: Queryable, tenantId: number, id: number): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.id, id)))
    .limit(1)
  return row ?? null
}

/** Accounts with this email in any workspace, with the workspace slug (for hosts that name none). */
export async function findAccountsByEmailAnywhere(db: Queryable, email: string) {
  return db
    .select({ account: accounts, tenantSlug: tenants.slug })
    .from(accounts)
    .innerJoin(tenants, eq(tenants.id, accounts.tenantId))
    .where(eq(accounts.email, email.toLowerCase()))
    .limit(5)
}

export async function findAccountByGoogleSubject(db: Queryable, tenantId: number, subject: string): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.googleSubject, subject)))
    .limit(1)
  return row ?? null
}

export async function usernameTaken(db: Queryable, tenantId: number, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), sql`lower(${accounts.username}) = ${username.toLowerCase()}`))
    .limit(1)
  return Boolean(row)
}

/** Artist and label names feed the display-name fallback. */
export async function profileNames(db: Queryable, accountId: number): Promise<{ artistName: string | null; labelName: string | null }> {
  const [row] = await db
    .select({ artistName: artistProfiles.artistName, labelName: labelProfiles.labelName })
    .from(accounts)
    .leftJoin(artistProfiles, eq(artistProfiles.accountId, accounts.id))
    .leftJoin(labelProfiles, eq(labelProfiles.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
  return { artistName: row?.artistName ?? null, labelName: row?.labelName ?? null }
}

export async function recordLogin(
  db: Queryable,
  entry: {
    tenantId: number | null
    accountId: number | null
    email: string
    ip: string | null
    userAgent: string | null
    granted: boolean
    reason?: string
    device?: string | null
  },
): Promise<void> {
  await db.insert(loginHistory).values({ ...entry, reason: entry.reason ?? null, device: entry.device ?? null })
}

export async function loginHistoryFor(db: Queryable, accountId: number, limit: number) {
  return db
    .select({ id: loginHistory.id, createdAt: loginHistory.createdAt, ip: loginHistory.ip, granted: loginHistory.granted })
    .from(loginHistory)
    .where(eq(loginHistory.accountId, accountId))
    .orderBy(desc(loginHistory.createdAt), desc(loginHistory.id))
    .limit(limit)
}

export async function openSessionsFor(db: Queryable, accountId: number, now: Date) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt))
    .limit(100)
}

export async function findSessionById(db: Queryable, id: number) {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1)
  return row ?? null
}

export async function insertToken(
  db: Queryable,
  input: {
    tenantId: number
    accountId: number
    purpose: TokenPurpose
    token: string
    code?: string
    expiresAt: Date
    ip?: string | null
    userAgent?: string | null
  },
) {
  const tokenHash = hashToken(input.token)
  const [row] = await db
    .insert(authTokens)
    .values({
      tenantId: input.tenantId,
      accountId: input.accountId,
      purpose: input.purpose,
      tokenHash,
      codeHash: input.code ? codeHash(tokenHash, input.code) : null,
      expiresAt: input.expiresAt,
      ip: input.ip ?? null,
      userAgent: input.userAgent ?? null,
    })
    .returning()
  return row
}

/** A code is only meaningful with its token: the hash binds the two. */
export function codeHash(tokenHash: string, code: string): string {
  return hashToken(`${tokenHash}:${code}`)
}

export async function findToken(db: Queryable, token: string, purpose: TokenPurpose) {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.purpose, purpose)))
    .limit(1)
  return row ?? null
}

export async function latestOpenToken(db: Queryable, accountId: number, purpose: TokenPurpose, now: Date) {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(
      and(eq(authTokens.accountId, accountId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)),
    )
    .orderBy(desc(authTokens.createdAt), desc(authTokens.id))
    .limit(1)
  return row ?? null
}

export async function countTokensSince(db: Queryable, accountId: number, purpose: TokenPurpose, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(authTokens)
    .where(and(eq(authTokens.accountId, accountId), eq(authTokens.purpose, purpose), gt(authTokens.createdAt, since)))
  return row?.count ?? 0
}

export async function useToken(db: Queryable, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.id, id), isNull(authTokens.usedAt)))
    .returning({ id: authTokens.id })
  return rows.length === 1
}

export async function closeOpenTokens(db: Queryable, accountId: number, purpose: TokenPurpose, now: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.accountId, accountId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)))
}

export async function findInvite(db: Queryable, token: string) {
  const [row] = await db
    .select({ invite: invites, workspace: tenants.name })
    .from(invites)
    .innerJoin(tenants, eq(tenants.id, invites.tenantId))
    .where(eq(invites.tokenHash, hashToken(token)))
    .limit(1)
  return row ?? null
}

export async function findPromoCode(db: Queryable, tenantId: number, code: string, lock: boolean) {
  const query = db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.tenantId, tenantId), eq(promoCodes.code, code.toUpperCase())))
    .limit(1)
  const [row] = lock ? await query.for('update') : await query
  return row ?? null
}

export async function promoUsage(db: Queryable, promoCodeId: number, accountId: number) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      mine: sql<number>`count(*) filter (where ${promoRedemptions.accountId} = ${accountId})::int`,
    })
    .from(promoRedemptions)
    .where(eq(promoRedemptions.promoCodeId, promoCodeId))
  return { total: row?.total ?? 0, mine: row?.mine ?? 0 }
}
