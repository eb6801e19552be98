import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import UAParser from 'ua-parser-js'
import { CSRF_COOKIE, SESSION_COOKIE, SESSION_TTL_MS } from '@core/session'
import type { Config } from '../config'
import type { Queryable } from '../db/engine'
import { preparedFor } from '../db/prepared'
import { accounts, sessions } from '../db/schema/platform'
import type { SessionInfo } from '../context'
import { hashToken, newToken } from './tokens'

export interface ClientInfo {
  ip: string | null
  userAgent: string | null
  country: string | null
  city: string | null
}

export function describeDevice(userAgent: string | null): { device: string | null; browser: string | null; os: string | null } {
  if (!userAgent) return { device: null, browser: null, os: null }
  const result = new UAParser(userAgent).getResult()
  const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ') || null
  const kind = result.device.type ? result.device.type[0].toUpperCase() + result.device.type.slice(1) : 'Desktop'
  return {
    device: join(kind, result.device.vendor, result.device.model),
    browser: join(result.browser.name, result.browser.version),
    os: join(result.os.name, result.os.version),
  }
}

/** Country and city only where a trusted proxy tells us; never guessed. */
export function clientInfo(req: FastifyRequest, config: Pick<Config, 'trustProxy'>): ClientInfo {
  const header = (name: string) => {
    const value = req.headers[name]
    return typeof value === 'string' && value.trim() ? value.trim().slice(0, 100) : null
  }
  const country = config.trustProxy ? (header('cf-ipcountry') ?? header('x-geo-country')) : null
  return {
    ip: req.ip ?? null,
    userAgent: header('user-agent')?.slice(0, 500) ?? null,
    country: country && country !== 'XX' ? country.toUpperCase() : null,
    city: config.trustProxy ? header('x-geo-city') : null,
  }
}

export async function createSession(
  db: Queryable,
  input: { tenantId: number; accountId: number; client: ClientInfo; now: Date; actingForSessionId?: number | null },
): Promise<{ token: string; session: typeof sessions.$inferSelect }> {
  const token = newToken()
  const [session] = await db
    .insert(sessions)
    .values({
      tenantId: input.tenantId,
      accountId: input.accountId,
      tokenHash: hashToken(token),
      csrfToken: newToken(),
      createdAt: input.now,
      lastSeenAt: input.now,
      expiresAt: new Date(input.now.getTime() + SESSION_TTL_MS),
      ip: input.client.ip,
      userAgent: input.client.userAgent,
      country: input.client.country,
      city: input.client.city,
      actingForSessionId: input.actingForSessionId ?? null,
      ...describeDevice(input.client.userAgent),
    })
    .returning()
  return { token, session }
}

export type SessionLookup =
  | { status: 'ok'; session: Omit<SessionInfo, 'viaCookie'>; lastSeenAt: Date | null }
  | { status: 'missing' | 'expired' | 'revoked' | 'banned' }

/** What a request's session look-up reads: the columns the checks below and `toSessionInfo` use, nothing more (no password hash). */
const sessionColumns = {
  id: sessions.id,
  tenantId: sessions.tenantId,
  csrfToken: sessions.csrfToken,
  createdAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
  revokedAt: sessions.revokedAt,
  revokedReason: sessions.revokedReason,
  actingForSessionId: sessions.actingForSessionId,
}
const sessionAccountColumns = {
  id: accounts.id,
  email: accounts.email,
  type: accounts.type,
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  banned: accounts.banned,
  hasInit: accounts.hasInit,
  initDeferredAt: accounts.initDeferredAt,
  twoFactorEnabled: accounts.twoFactorEnabled,
  emailVerifiedAt: accounts.emailVerifiedAt,
  changelogReadVersion: accounts.changelogReadVersion,
}

// Every authenticated request runs it: built once per database handle, a named statement per connection.
const lookUpSession = (db: Queryable) =>
  preparedFor(db, 'wl_session_lookup', (handle, name) =>
    handle
      .select({ session: sessionColumns, account: sessionAccountColumns })
      .from(sessions)
      .innerJoin(accounts, eq(accounts.id, sessions.accountId))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .limit(1)
      .prepare(name),
  )

export async function findSession(db: Queryable, token: string, now: Date): Promise<SessionLookup> {
  const [row] = await lookUpSession(db).execute({ tokenHash: hashToken(token) })
  if (!row) return { status: 'missing' }
  const { session, account } = row
  if (session.revokedAt) return { status: session.revokedReason === 'banned' ? 'banned' : 'revoked' }
  if (account.banned) {
    await revokeSessions(db, { accountId: account.id, reason: 'banned', now })
    return { status: 'banned' }
  }
  if (session.expiresAt.getTime() <= now.getTime()) return { status: 'expired' }
  return { status: 'ok', lastSeenAt: session.lastSeenAt, session: toSessionInfo(session, account) }
}

/** The request's view of a session row and its account. */
export function toSessionInfo(
  session: Pick<typeof sessions.$inferSelect, 'id' | 'tenantId' | 'csrfToken' | 'createdAt' | 'expiresAt' | 'actingForSessionId'>,
  account: Pick<
    typeof accounts.$inferSelect,
    | 'id'
    | 'email'
    | 'type'
    | 'firstName'
    | 'lastName'
    | 'banned'
    | 'hasInit'
    | 'initDeferredAt'
    | 'twoFactorEnabled'
    | 'emailVerifiedAt'
    | 'changelogReadVersion'
  >,
): Omit<SessionInfo, 'viaCookie'> {
  return {
    id: session.id,
    tenantId: session.tenantId,
    csrfToken: session.csrfToken,
    createdAt: session.createdAt,
    expiresAt: session.expiresAt,
    actingForSessionId: session.actingForSessionId,
    account: {
      id: account.id,
      email: account.email,
      type: account.type,
      firstName: account.firstName,
      lastName: account.lastName,
      banned: account.banned,
      hasInit: account.hasInit,
      initDeferredAt: account.initDeferredAt,
      twoFactorEnabled: account.twoFactorEnabled,
      emailVerifiedAt: account.emailVerifiedAt,
      changelogReadVersion: account.changelogReadVersion,
    },
  }
}

/** Revokes one session, or every open session of an account (optionally but one). */
export async function revokeSessions(
  db: Queryable,
  target: { sessionId?: number; accountId?: number; exceptSessionId?: number; reason: string; now: Date },
): Promise<number> {
  const conditions = [isNull(sessions.revokedAt)]
  if (target.sessionId !== undefined) conditions.push(eq(sessions.id, target.sessionId))
  if (target.accountId !== undefined) conditions.push(eq(sessions.accountId, target.accountId))
  if (target.exceptSessionId !== undefined) conditions.push(ne(sessions.id, target.exceptSessionId))
  if (target.sessionId === undefined && target.accountId === undefined) throw new Error('revokeSessions needs a session or an account')
  const rows = await db
    .update(sessions)
    .set({ revokedAt: target.now, revokedReason: target.reason })
    .where(and(...conditions))
    .returning({ id: sessions.id })
  return rows.length
}

export async function touchSession(db: Queryable, sessionId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId))
}

function secure(req: FastifyRequest, config: Pick<Config, 'cookieSecure'>): boolean {
  if (config.cookieSecure === 'always') return true
  if (config.cookieSecure === 'never') return false
  return req.protocol === 'https'
}

/**
 * The session token travels only in an HttpOnly cookie (never readable by page scripts);
 * the CSRF token in a readable one that the client echoes in a header.
 */
export function setSessionCookies(
  reply: FastifyReply,
  req: FastifyRequest,
  config: Pick<Config, 'cookieSecure' | 'cookieDomain'>,
  token: string,
  csrfToken: string,
  expiresAt: Date,
): void {
  const common = { path: '/', sameSite: 'lax' as const, secure: secure(req, config), domain: config.cookieDomain, expires: expiresAt }
  reply.setCookie(SESSION_COOKIE, token, { ...common, httpOnly: true })
  reply.setCookie(CSRF_COOKIE, csrfToken, { ...common, httpOnly: false })
}

export function clearSessionCookies(reply: FastifyReply, req: FastifyRequest, config: Pick<Config, 'cookieSecure' | 'cookieDomain'>): void {
  const common = { path: '/', sameSite: 'lax' as const, secure: secure(req, config), domain: config.cookieDomain }
  reply.clearCookie(SESSION_COOKIE, { ...common, httpOnly: true })
  reply.clearCookie(CSRF_COOKIE, common)
}
