import { and, eq, sql } from 'drizzle-orm'
import { displayName, initials } from '@core/names'
import { ERROR_CODES, SESSION_COOKIE, SESSION_TTL_MS } from '@core/session'
import type { LoginResultInput as LoginResult, MeResult as Me } from '@contract/auth'
import type { AuthedContext, RequestContext, SessionInfo, TenantInfo } from '@server/context'
import type { Queryable, Tx } from '@server/db/engine'
import { accounts, artistProfiles, invites, labelProfiles, promoRedemptions, sessions } from '@server/db/schema/platform'
import { HttpError, badRequest, fieldError, forbidden, unauthorized } from '@server/errors'
import { hashPassword, needsRehash, verifyPassword } from '@server/auth/passwords'
import { clearSessionCookies, clientInfo, createSession, revokeSessions, setSessionCookies, toSessionInfo } from '@server/auth/sessions'
import { hashToken, newCode, newToken } from '@server/auth/tokens'
import { queueMail } from '@server/mail/mailer'
import { mailTemplates } from '@server/mail/templates'
import { audit, actorOf, auditedMutation } from '@server/audit'
import { workspaceUrl } from '@server/urls'
import * as repo from './repository'
import { afterFailure, guardSignIn, rememberDevice } from './sign-in-guard'
import { notifyNewDevice } from '@domains/notifications/server/public'
import { missingSteps, setupProgress } from '@domains/site-setup/server/public'

export const LIMITS = {
  codeMinutes: 10,
  codeAttempts: 5,
  resendSeconds: 30,
  recoverMinutes: 60,
  recoverPerHour: 3,
  historyRows: 50,
} as const

/** Keeps the original staff session while continuing as another account (HttpOnly, like the session). */
export const ORIGIN_SESSION_COOKIE = 'wl_session_origin'

const minutes = (n: number) => n * 60 * 1000

// ---------------------------------------------------------------------------------------------
// Which workspace a guest call is about

/**
 * The host names the workspace; a `tenant` in the body is honoured only where the host names none
 * of its own (localhost, a shared domain). Null when nothing names one.
 */
export async function guestTenant(ctx: RequestContext, requested?: string): Promise<TenantInfo | null> {
  const { services, hostTenant } = ctx
  const hostNamesOne = hostTenant !== null && hostTenant.slug !== services.config.defaultTenant
  if (hostNamesOne) return hostTenant
  if (requested) {
    const tenant = await services.tenants.bySlug(requested)
    if (!tenant) throw fieldError('tenant', 'There is no workspace with this name.')
    return tenant
  }
  return hostTenant
}

async function requireGuestTenant(ctx: RequestContext, requested?: string): Promise<TenantInfo> {
  const tenant = await guestTenant(ctx, requested)
  if (!tenant) throw badRequest('Open this page from your workspace address.', { tenant: 'Workspace is required' })
  return tenant
}

function emailHint(email: string): string {
  const [local, domain] = email.split('@')
  return `${local.slice(0, 1)}${'•'.repeat(Math.max(2, Math.min(6, local.length - 1)))}@${domain}`
}

// ---------------------------------------------------------------------------------------------
// The signed-in picture

export async function buildMe(ctx: RequestContext, session: Omit<SessionInfo, 'viaCookie'>, tenant: TenantInfo): Promise<Me> {
  const { db, config } = ctx.services
  const names = await repo.profileNames(db, session.account.id)
  const account = session.account
  const name = displayName({ ...names, firstName: account.firstName, lastName: account.lastName, email: account.email })
  let actingAs: Me['actingAs'] = null
  if (session.actingForSessionId) {
    const original = await repo.findSessionById(db, session.actingForSessionId)
    if (original) {
      const originalAccount = await repo.findAccountById(db, tenant.id, original.accountId)
      const originalNames = await repo.profileNames(db, original.accountId)
      if (originalAccount) {
        actingAs = {
          originalAccountId: originalAccount.id,
          originalDisplayName: displayName({ ...originalNames, ...originalAccount }),
        }
      }
    }
  }
  return {
    account: {
      id: account.id,
      email: account.email,
      type: account.type,
      firstName: account.firstName,
      lastName: account.lastName,
      displayName: name,
      initials: initials(name),
      isOperator: tenant.ownerAccountId === account.id,
      hasInit: account.hasInit,
      initDeferred: Boolean(account.initDeferredAt && account.initDeferredAt.getTime() >= session.createdAt.getTime()),
      twoFactorEnabled: account.twoFactorEnabled,
      emailVerified: Boolean(account.emailVerifiedAt),
      changelogUnread: account.changelogReadVersion !== config.version,
    },
    tenant: { id: tenant.id, slug: tenant.slug, name: tenant.name },
    session: { id: session.id, createdAt: session.createdAt, expiresAt: session.expiresAt },
    csrfToken: session.csrfToken,
    actingAs,
  }
}

/** Opens a session, records the granted sign-in, sets the cookies and answers the signed-in picture. */
async function signIn(ctx: RequestContext, tx: Tx, account: repo.AccountRow, tenant: TenantInfo): Promise<{ token: string; me: Me }> {
  const now = ctx.services.now()
  const client = clientInfo(ctx.req, ctx.services.config)
  const { token, session } = await createSession(tx, { tenantId: tenant.id, accountId: account.id, client, now })
  await notifyNewDevice(tx, session)
  await repo.recordLogin(tx, {
    tenantId: tenant.id,
    accountId: account.id,
    email: account.email,
    ip: client.ip,
    userAgent: client.userAgent,
    granted: true,
  })
  return { token, me: await buildMeInTx(ctx, tx, toSessionInfo(session, account), tenant) }
}

function buildMeInTx(ctx: RequestContext, tx: Tx, session: Omit<SessionInfo, 'viaCookie'>, tenant: TenantInfo) {
  return buildMe({ ...ctx, services: { ...ctx.services, db: tx as never } }, session, tenant)
}

/** Browsers get the token only as an HttpOnly cookie; API clients that ask get it in the body instead. */
function finishSignIn(ctx: RequestContext, result: { token: string; me: Me }, issueToken = false): LoginResult {
  if (issueToken) return { status: 'authenticated', ...result.me, token: result.token }
  rememberDevice(ctx, result.me.tenant.id, result.me.account.id)
  setSessionCookies(ctx.reply, ctx.req, ctx.services.config, result.token, result.me.csrfToken, new Date(result.me.session.expiresAt))
  return { status: 'authenticated', ...result.me }
}

// ---------------------------------------------------------------------------------------------
// Sign-in

const INVALID_CREDENTIALS = 'These credentials do not match our records.'

async function accountForSignIn(ctx: RequestContext, email: string, requestedTenant?: string) {
  const tenant = await guestTenant(ctx, requestedTenant)
  if (tenant) return { tenant, account: await repo.findAccount(ctx.services.db, tenant.id, email) }
  // No workspace named: an email that lives in exactly one workspace says which.
  const matches = await repo.findAccountsByEmailAnywhere(ctx.services.db, email)
  if (matches.length > 1) {
    throw badRequest('This email has accounts in several workspaces. Sign in from your workspace address.', {
      tenant: 'Workspace is required',
    })
  }
  const match = matches[0]
  if (!match) return { tenant: null, account: null }
  return { tenant: await ctx.services.tenants.byId(match.account.tenantId), account: match.account }
}

export async function login(
  ctx: RequestContext,
  input: { email: string; password: string; tenant?: string; issueToken?: boolean; captchaToken?: string },
): Promise<LoginResult> {
  const { services } = ctx
  const { tenant, account } = await accountForSignIn(ctx, input.email, input.tenant)
  const verdict = await guardSignIn(ctx, { tenant, account, email: input.email }, input.captchaToken)
  const valid = await verifyPassword(account?.passwordHash, input.password)
  const deny = (reason: string) =>
    repo.recordLogin(services.db, {
      tenantId: tenant?.id ?? null,
      accountId: account?.id ?? null,
      email: input.email,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      granted: false,
      reason,
      // Only a still-trusted device's failures count against the device instead of the account.
      device: verdict.untrusted ? null : verdict.device,
    })
  if (!account || !tenant || !valid) {
    await deny(account ? 'wrong_password' : 'unknown_email')
    await afterFailure(ctx, verdict, { tenant, account })
    throw new HttpError(422, INVALID_CREDENTIALS, 'invalid_credentials', { email: INVALID_CREDENTIALS })
  }
  if (account.banned) {
    await deny('banned')
    throw new HttpError(403, 'This account has been banned.', ERROR_CODES.banned)
  }
  if (account.passwordHash && needsRehash(account.passwordHash)) {
    await services.db
      .update(accounts)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(accounts.id, account.id))
  }
  if (account.twoFactorEnabled) return startSecondFactor(ctx, account, tenant)
  const result = await services.db.transaction((tx) => signIn(ctx, tx, account, tenant))
  return finishSignIn(ctx, result, input.issueToken)
}

async function startSecondFactor(ctx: RequestContext, account: repo.AccountRow, tenant: TenantInfo): Promise<LoginResult> {
  const { services } = ctx
  const challenge = newToken()
  const code = newCode()
  await services.db.transaction(async (tx) => {
    await repo.closeOpenTokens(tx, account.id, 'login_2fa', services.now())
    await repo.insertToken(tx, {
      tenantId: tenant.id,
      accountId: account.id,
      purpose: 'login_2fa',
      token: challenge,
      code,
      expiresAt: new Date(services.now().getTime() + minutes(LIMITS.codeMinutes)),
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    })
    await queueMail(services.jobs, tx, { to: account.email, ...mailTemplates.loginCode(tenant.name, code, LIMITS.codeMinutes) }, tenant.id)
  })
  return { status: 'two_factor_required', challenge, emailHint: emailHint(account.email) }
}

const BAD_CHALLENGE = 'This sign-in has expired. Sign in again.'

export async function verifyLogin(
  ctx: RequestContext,
  input: { challenge: string; code: string; issueToken?: boolean },
): Promise<LoginResult> {
  const { services } = ctx
  const now = services.now()
  const token = await repo.findToken(services.db, input.challenge, 'login_2fa')
  if (!token || token.usedAt || token.expiresAt <= now || token.attempts >= LIMITS.codeAttempts) {
    throw new HttpError(400, BAD_CHALLENGE, 'challenge_expired', { code: BAD_CHALLENGE })
  }
  const tenant = await services.tenants.byId(token.tenantId)
  const account = tenant ? await repo.findAccountById(services.db, tenant.id, token.accountId) : null
  if (!tenant || !account) throw new HttpError(400, BAD_CHALLENGE, 'challenge_expired')
  if (token.codeHash !== repo.codeHash(token.tokenHash, input.code)) {
    const attempts = token.attempts + 1
    await services.db.transaction(async (tx) => {
      await tx.execute(
        sql`update auth_tokens set attempts = ${attempts}, used_at = ${attempts >= LIMITS.codeAttempts ? now : null} where id = ${token.id}`,
      )
      await repo.recordLogin(tx, {
        tenantId: tenant.id,
        accountId: account.id,
        email: account.email,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        granted: false,
        reason: 'wrong_code',
      })
    })
    const message =
      attempts >= LIMITS.codeAttempts
        ? 'Too many wrong codes. Sign in again.'
        : 'This code is not right. Check the latest email and try again.'
    throw fieldError('code', message)
  }
  if (account.banned) throw new HttpError(403, 'This account has been banned.', ERROR_CODES.banned)
  const result = await services.db.transaction(async (tx) => {
    if (!(await repo.useToken(tx, token.id, now))) throw new HttpError(400, BAD_CHALLENGE, 'challenge_expired')
    return signIn(ctx, tx, account, tenant)
  })
  return finishSignIn(ctx, result, input.issueToken)
}

export async function resendAuthCode(ctx: RequestContext, input: { challenge: string }) {
  const { services } = ctx
  const now = services.now()
  const token = await repo.findToken(services.db, input.challenge, 'login_2fa')
  if (!token || token.usedAt || token.attempts >= LIMITS.codeAttempts || now.getTime() - token.createdAt.getTime() > minutes(30)) {
    throw new HttpError(400, BAD_CHALLENGE, 'challenge_expired')
  }
  const waited = (now.getTime() - token.createdAt.getTime()) / 1000
  if (waited < LIMITS.resendSeconds) return { sent: false, retryAfterSeconds: Math.ceil(LIMITS.resendSeconds - waited) }
  const tenant = await services.tenants.byId(token.tenantId)
  const account = tenant ? await repo.findAccountById(services.db, tenant.id, token.accountId) : null
  if (!tenant || !account) throw new HttpError(400, BAD_CHALLENGE, 'challenge_expired')
  const code = newCode()
  await services.db.transaction(async (tx) => {
    await tx.execute(sql`update auth_tokens set code_hash = ${repo.codeHash(token.tokenHash, code)}, attempts = 0, created_at = ${now},
      expires_at = ${new Date(now.getTime() + minutes(LIMITS.codeMinutes))} where id = ${token.id}`)
    await queueMail(services.jobs, tx, { to: account.email, ...mailTemplates.loginCode(tenant.name, code, LIMITS.codeMinutes) }, tenant.id)
  })
  return { sent: true, retryAfterSeconds: LIMITS.resendSeconds }
}

export async function logout(ctx: AuthedContext) {
  const { services, session } = ctx
  await revokeSessions(services.db, { sessionId: session.id, reason: 'signed_out', now: services.now() })
  clearSessionCookies(ctx.reply, ctx.req, services.config)
  ctx.reply.clearCookie(ORIGIN_SESSION_COOKIE, { path: '/', domain: services.config.cookieDomain })
  return { ok: true as const, message: 'You are signed out.' }
}

// ---------------------------------------------------------------------------------------------
// Registration

async function createAccount(
  tx: Tx,
  input: {
    tenantId: number
    email: string
    type: 'artist' | 'label' | 'admin'
    firstName: string
    lastName: string
    password?: string
    username?: string
    emailVerified: boolean
    googleSubject?: string
  },
  now: Date,
): Promise<repo.AccountRow> {
  const [account] = await tx
    .insert(accounts)
    .values({
      tenantId: input.tenantId,
      email: input.email,
      type: input.type,
      firstName: input.firstName,
      lastName: input.lastName,
      username: input.username ?? null,
      passwordHash: input.password ? await hashPassword(input.password) : null,
      emailVerifiedAt: input.emailVerified ? now : null,
      googleSubject: input.googleSubject ?? null,
    })
    .returning()
  const name = `${input.firstName} ${input.lastName}`.trim() || input.email
  if (input.type === 'artist') await tx.insert(artistProfiles).values({ accountId: account.id, tenantId: input.tenantId, artistName: name })
  if (input.type === 'label') await tx.insert(labelProfiles).values({ accountId: account.id, tenantId: input.tenantId, labelName: name })
  return account
}

const EMAIL_TAKEN = 'An account with this email already exists. Sign in instead.'

export async function register(
  ctx: RequestContext,
  input: {
    email: string
    password: string
    firstName: string
    lastName: string
    type: 'artist' | 'label'
    username?: string
    captchaToken?: string
    tenant?: string
  },
): Promise<LoginResult> {
  const { services } = ctx
  const tenant = await requireGuestTenant(ctx, input.tenant)
  if (services.captcha.enabled) {
    if (!input.captchaToken) throw fieldError('captchaToken', 'Complete the captcha.')
    if (!(await services.captcha.verify(input.captchaToken, ctx.ip || null)))
      throw fieldError('captchaToken', 'The captcha was not accepted. Try again.')
  }
  if (await repo.findAccount(services.db, tenant.id, input.email))
    throw new HttpError(409, EMAIL_TAKEN, ERROR_CODES.conflict, { email: EMAIL_TAKEN })
  if (input.username && (await repo.usernameTaken(services.db, tenant.id, input.username))) {
    throw new HttpError(409, 'This username is taken.', ERROR_CODES.conflict, { username: 'This username is taken.' })
  }
  const result = await services.db
    .transaction(async (tx) => {
      const now = services.now()
      const account = await createAccount(tx, { ...input, tenantId: tenant.id, emailVerified: false }, now)
      await sendVerificationCode(ctx, tx, account, tenant)
      // audit() stays: the actor is the account this transaction creates, unknown before auditedMutation would open it.
      await audit(
        tx,
        { ...actorOf(ctx, tenant.id), actorAccountId: account.id },
        { action: 'account.registered', entityType: 'account', entityId: account.id, after: { email: account.email, type: account.type } },
      )
      return signIn(ctx, tx, account, tenant)
    })
    .catch(rethrowUniqueAsConflict)
  return finishSignIn(ctx, result)
}

function rethrowUniqueAsConflict(error: unknown): never {
  const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code
  if (code === '23505') throw new HttpError(409, EMAIL_TAKEN, ERROR_CODES.conflict, { email: EMAIL_TAKEN })
  throw error
}

export async function availability(ctx: RequestContext, input: { username?: string; email?: string; tenant?: string }) {
  const tenant = await requireGuestTenant(ctx, input.tenant)
  if (input.email) return { available: !(await repo.findAccount(ctx.services.db, tenant.id, input.email)) }
  return { available: !(await repo.usernameTaken(ctx.services.db, tenant.id, input.username ?? '')) }
}

// ---------------------------------------------------------------------------------------------
// Google (OpenID Connect)

export async function loginGoogle(ctx: RequestContext, input: { credential: string; tenant?: string }): Promise<LoginResult> {
  const { services } = ctx
  const profile = await services.google.verify(input.credential)
  const tenant = await requireGuestTenant(ctx, input.tenant)
  let account = await repo.findAccountByGoogleSubject(services.db, tenant.id, profile.subject)
  if (!account && profile.emailVerified) {
    const byEmail = await repo.findAccount(services.db, tenant.id, profile.email)
    if (byEmail && !byEmail.googleSubject) {
      await services.db.update(accounts).set({ googleSubject: profile.subject }).where(eq(accounts.id, byEmail.id))
      account = { ...byEmail, googleSubject: profile.subject }
    }
  }
  if (!account) throw new HttpError(422, 'There is no account for this Google address in this workspace. Register first.', 'no_account')
  if (account.banned) throw new HttpError(403, 'This account has been banned.', ERROR_CODES.banned)
  const found = account
  const result = await services.db.transaction((tx) => signIn(ctx, tx, found, tenant))
  return finishSignIn(ctx, result)
}

export async function registerGoogle(
  ctx: RequestContext,
  input: { credential: string; type: 'artist' | 'label'; tenant?: string },
): Promise<LoginResult> {
  const { services } = ctx
  const profile = await services.google.verify(input.credential)
  const tenant = await requireGuestTenant(ctx, input.tenant)
  if (!profile.emailVerified) throw new HttpError(422, 'Google has not verified this email address.', 'google_unverified')
  if (await repo.findAccount(services.db, tenant.id, profile.email))
    throw new HttpError(409, EMAIL_TAKEN, ERROR_CODES.conflict, { email: EMAIL_TAKEN })
  const result = await services.db
    .transaction(async (tx) => {
      const account = await createAccount(
        tx,
        {
          tenantId: tenant.id,
          email: profile.email,
          type: input.type,
          firstName: profile.givenName,
          lastName: profile.familyName,
          emailVerified: true,
          googleSubject: profile.subject,
        },
        services.now(),
      )
      return signIn(ctx, tx, account, tenant)
    })
    .catch(rethrowUniqueAsConflict)
  return finishSignIn(ctx, result)
}

// ---------------------------------------------------------------------------------------------
// Email verification and step-up codes

async function sendVerificationCode(
  ctx: RequestContext,
  tx: Queryable,
  account: repo.AccountRow | SessionInfo['account'],
  tenant: TenantInfo,
) {
  const code = newCode()
  const now = ctx.services.now()
  await repo.closeOpenTokens(tx, account.id, 'verify_email', now)
  await repo.insertToken(tx, {
    tenantId: tenant.id,
    accountId: account.id,
    purpose: 'verify_email',
    token: newToken(),
    code,
    expiresAt: new Date(now.getTime() + minutes(60)),
    ip: ctx.ip,
  })
  await queueMail(ctx.services.jobs, tx, { to: account.email, ...mailTemplates.verifyEmail(tenant.name, code, 60) }, tenant.id)
}

export async function sendEmailVerification(ctx: AuthedContext) {
  const { services, session, tenant } = ctx
  if (session.account.emailVerifiedAt) return { sent: false, message: 'Your email is already confirmed.' }
  const since = new Date(services.now().getTime() - LIMITS.resendSeconds * 1000)
  if ((await repo.countTokensSince(services.db, session.account.id, 'verify_email', since)) > 0) {
    return { sent: false, message: `A code was sent less than ${LIMITS.resendSeconds} seconds ago. Check your inbox.` }
  }
  await services.db.transaction((tx) => sendVerificationCode(ctx, tx, session.account, tenant))
  return { sent: true, message: `We sent a code to ${session.account.email}.` }
}

const BAD_CODE = 'This code is not right or has expired.'

export async function verifyEmail(ctx: RequestContext, input: { email: string; code: string; tenant?: string }) {
  const { services } = ctx
  const { tenant, account } = await accountForSignIn(ctx, input.email, input.tenant)
  const now = services.now()
  const token = account ? await repo.latestOpenToken(services.db, account.id, 'verify_email', now) : null
  if (!tenant || !account || !token || token.attempts >= LIMITS.codeAttempts) throw fieldError('code', BAD_CODE)
  if (token.codeHash !== repo.codeHash(token.tokenHash, input.code)) {
    await services.db.execute(sql`update auth_tokens set attempts = attempts + 1 where id = ${token.id}`)
    throw fieldError('code', BAD_CODE)
  }
  await services.db.transaction(async (tx) => {
    await repo.useToken(tx, token.id, now)
    await tx.update(accounts).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(accounts.id, account.id))
  })
  return { ok: true as const, message: 'Your email is confirmed.' }
}

export async function sendStepUpCode(ctx: AuthedContext) {
  const { services, session, tenant } = ctx
  const now = services.now()
  const since = new Date(now.getTime() - LIMITS.resendSeconds * 1000)
  const open = await repo.latestOpenToken(services.db, session.account.id, 'step_up', now)
  if (open && open.createdAt > since) return { sent: false, expiresAt: open.expiresAt }
  const code = newCode()
  const expiresAt = new Date(now.getTime() + minutes(LIMITS.codeMinutes))
  await services.db.transaction(async (tx) => {
    await repo.closeOpenTokens(tx, session.account.id, 'step_up', now)
    await repo.insertToken(tx, {
      tenantId: tenant.id,
      accountId: session.account.id,
      purpose: 'step_up',
      token: newToken(),
      code,
      expiresAt,
      ip: ctx.ip,
    })
    await queueMail(
      services.jobs,
      tx,
      { to: session.account.email, ...mailTemplates.stepUp(tenant.name, code, LIMITS.codeMinutes) },
      tenant.id,
    )
  })
  return { sent: true, expiresAt }
}

/** For sensitive changes (payout methods): true once, for the latest emailed step-up code. */
export async function consumeStepUpCode(db: Queryable, accountId: number, code: string, now: Date): Promise<boolean> {
  const token = await repo.latestOpenToken(db, accountId, 'step_up', now)
  if (!token || token.attempts >= LIMITS.codeAttempts) return false
  if (token.codeHash !== repo.codeHash(token.tokenHash, code)) {
    await db.execute(sql`update auth_tokens set attempts = attempts + 1 where id = ${token.id}`)
    return false
  }
  return repo.useToken(db, token.id, now)
}

export async function setTwoFactor(ctx: AuthedContext, input: { enabled: boolean; code: string }) {
  const { services, session } = ctx
  const now = services.now()
  const mutation = {
    action: input.enabled ? 'account.two_factor_enabled' : 'account.two_factor_disabled',
    entityType: 'account',
    entityId: session.account.id,
  }
  await auditedMutation(ctx, mutation, async (tx) => {
    if (!(await consumeStepUpCode(tx, session.account.id, input.code, now))) throw fieldError('code', BAD_CODE)
    await tx.update(accounts).set({ twoFactorEnabled: input.enabled, updatedAt: now }).where(eq(accounts.id, session.account.id))
    return { result: undefined, before: { twoFactorEnabled: session.account.twoFactorEnabled }, after: { twoFactorEnabled: input.enabled } }
  })
  return { twoFactorEnabled: input.enabled }
}

// ---------------------------------------------------------------------------------------------
// Password recovery

const RECOVER_SENT = 'If an account exists for this email, a link to reset the password is on its way.'
const BAD_RECOVERY = 'This recovery link is invalid or has expired. Ask for a new one.'

export async function recover(ctx: RequestContext, input: { email: string; tenant?: string }) {
  const { services } = ctx
  const tenant = await guestTenant(ctx, input.tenant)
  const candidates = tenant
    ? [await repo.findAccount(services.db, tenant.id, input.email)].filter((a): a is repo.AccountRow => Boolean(a))
    : (await repo.findAccountsByEmailAnywhere(services.db, input.email)).map((row) => row.account)
  const now = services.now()
  for (const account of candidates) {
    if (account.banned) continue
    const recent = await repo.countTokensSince(services.db, account.id, 'recover', new Date(now.getTime() - minutes(60)))
    if (recent >= LIMITS.recoverPerHour) continue
    const accountTenant = await services.tenants.byId(account.tenantId)
    if (!accountTenant) continue
    const token = newToken()
    await services.db.transaction(async (tx) => {
      await repo.closeOpenTokens(tx, account.id, 'recover', now)
      await repo.insertToken(tx, {
        tenantId: account.tenantId,
        accountId: account.id,
        purpose: 'recover',
        token,
        expiresAt: new Date(now.getTime() + minutes(LIMITS.recoverMinutes)),
        ip: ctx.ip,
        userAgent: ctx.userAgent,
      })
      const url = `${workspaceUrl(ctx, accountTenant)}/recover/${token}`
      await queueMail(
        services.jobs,
        tx,
        { to: account.email, ...mailTemplates.recover(accountTenant.name, url, LIMITS.recoverMinutes) },
        account.tenantId,
      )
    })
  }
  return { ok: true as const, message: RECOVER_SENT }
}

async function openRecovery(ctx: RequestContext, token: string) {
  const row = await repo.findToken(ctx.services.db, token, 'recover')
  if (!row || row.usedAt || row.expiresAt <= ctx.services.now()) return null
  return row
}

export async function recoverCheck(ctx: RequestContext, input: { token: string }) {
  const row = await openRecovery(ctx, input.token)
  if (!row) return { valid: false, email: null }
  const account = await repo.findAccountById(ctx.services.db, row.tenantId, row.accountId)
  return { valid: Boolean(account), email: account?.email ?? null }
}

export async function recoverSubmit(ctx: RequestContext, input: { token: string; password: string }) {
  const { services } = ctx
  const row = await openRecovery(ctx, input.token)
  const account = row ? await repo.findAccountById(services.db, row.tenantId, row.accountId) : null
  if (!row || !account) throw fieldError('token', BAD_RECOVERY)
  const tenant = await services.tenants.byId(account.tenantId)
  const passwordHash = await hashPassword(input.password)
  const now = services.now()
  // The account resetting its password is the actor: nobody is signed in.
  const scope = { db: services.db, actor: { ...actorOf(ctx, account.tenantId), actorAccountId: account.id } }
  await auditedMutation(scope, { action: 'account.password_reset', entityType: 'account', entityId: account.id }, async (tx) => {
    if (!(await repo.useToken(tx, row.id, now))) throw fieldError('token', BAD_RECOVERY)
    await tx.update(accounts).set({ passwordHash, updatedAt: now }).where(eq(accounts.id, account.id))
    await revokeSessions(tx, { accountId: account.id, reason: 'password_reset', now })
    await queueMail(
      services.jobs,
      tx,
      { to: account.email, ...mailTemplates.passwordChanged(tenant?.name ?? 'your workspace') },
      account.tenantId,
    )
    return { result: undefined }
  })
  return { ok: true as const, message: 'Your password has been changed. Sign in with your new password.' }
}

// ---------------------------------------------------------------------------------------------
// Invitations

const BAD_INVITE = 'This invitation is invalid or has expired. Ask for a new one.'

async function openInvite(ctx: RequestContext, token: string) {
  const found = await repo.findInvite(ctx.services.db, token)
  if (!found || found.invite.status !== 'pending' || found.invite.expiresAt <= ctx.services.now()) return null
  return found
}

export async function inviteVerify(ctx: RequestContext, input: { token: string }) {
  const found = await openInvite(ctx, input.token)
  if (!found) throw fieldError('token', BAD_INVITE)
  const { invite, workspace } = found
  return {
    email: invite.email,
    type: invite.type,
    firstName: invite.firstName,
    lastName: invite.lastName,
    workspace,
    expiresAt: invite.expiresAt,
  }
}

export async function inviteAccept(
  ctx: RequestContext,
  input: { token: string; firstName: string; lastName: string; password: string },
): Promise<LoginResult> {
  const { services } = ctx
  const found = await openInvite(ctx, input.token)
  if (!found) throw fieldError('token', BAD_INVITE)
  const { invite } = found
  const tenant = await services.tenants.byId(invite.tenantId)
  if (!tenant) throw fieldError('token', BAD_INVITE)
  // An account imported without a password is claimed by its invitation; any other existing account is not.
  const existing = await repo.findAccount(services.db, tenant.id, invite.email)
  if (existing && existing.passwordHash) throw new HttpError(409, EMAIL_TAKEN, ERROR_CODES.conflict, { email: EMAIL_TAKEN })
  const inviter = invite.invitedBy ? await repo.findAccountById(services.db, tenant.id, invite.invitedBy) : null
  const result = await services.db
    .transaction(async (tx) => {
      const now = services.now()
      const accepted = await tx
        .update(invites)
        .set({ status: 'accepted', acceptedAt: now })
        .where(and(eq(invites.id, invite.id), eq(invites.status, 'pending')))
        .returning({ id: invites.id })
      if (accepted.length !== 1) throw fieldError('token', BAD_INVITE)
      let account: repo.AccountRow
      if (existing) {
        const [claimed] = await tx
          .update(accounts)
          .set({
            firstName: input.firstName,
            lastName: input.lastName,
            passwordHash: await hashPassword(input.password),
            emailVerifiedAt: now,
            updatedAt: now,
          })
          .where(eq(accounts.id, existing.id))
          .returning()
        account = claimed
      } else {
        account = await createAccount(
          tx,
          {
            tenantId: tenant.id,
            email: invite.email,
            type: invite.type,
            firstName: input.firstName,
            lastName: input.lastName,
            password: input.password,
            emailVerified: true,
          },
          now,
        )
      }
      // An artist invited by a label belongs to that label.
      if (inviter?.type === 'label' && account.type === 'artist') {
        await tx.update(accounts).set({ labelAccountId: inviter.id }).where(eq(accounts.id, account.id))
      }
      await tx.update(invites).set({ accountId: account.id }).where(eq(invites.id, invite.id))
      // audit() stays: the actor is the account this transaction creates (or claims), unknown before auditedMutation would open it.
      await audit(
        tx,
        { ...actorOf(ctx, tenant.id), actorAccountId: account.id },
        {
          action: 'invite.accepted',
          entityType: 'invite',
          entityId: invite.id,
          after: { accountId: account.id, type: account.type },
        },
      )
      return signIn(ctx, tx, account, tenant)
    })
    .catch(rethrowUniqueAsConflict)
  return finishSignIn(ctx, result)
}

// ---------------------------------------------------------------------------------------------
// The signed-in account's own settings

export async function me(ctx: AuthedContext): Promise<Me> {
  return buildMe(ctx, ctx.session, ctx.tenant)
}

/**
 * auth/me for a page that does not know yet whether anyone is signed in: signed out (no cookie, an
 * expired or ended session, another workspace's session) is an answer, not a failure.
 */
export async function currentSession(ctx: RequestContext): Promise<{ me: Me | null }> {
  if (!ctx.session) return { me: null }
  const tenant = await ctx.services.tenants.byId(ctx.session.tenantId)
  return { me: tenant ? await buildMe(ctx, ctx.session, tenant) : null }
}

export async function setInitComplete(ctx: AuthedContext) {
  const { services, session, tenant } = ctx
  // The operator's first-run setup is complete only when the workspace has done every step of it.
  if (tenant.ownerAccountId === session.account.id) {
    const missing = missingSteps(await setupProgress(services.db, tenant.id))
    if (missing.length) {
      throw new HttpError(409, `Finish the setup first: ${missing.join(', ')}.`, ERROR_CODES.conflict, { setup: missing.join(', ') })
    }
  }
  await auditedMutation(ctx, { action: 'account.init_completed', entityType: 'account', entityId: session.account.id }, async (tx) => {
    await tx
      .update(accounts)
      .set({ hasInit: true, initDeferredAt: null, updatedAt: services.now() })
      .where(eq(accounts.id, session.account.id))
    return { result: undefined, before: { hasInit: session.account.hasInit }, after: { hasInit: true } }
  })
  return { hasInit: true }
}

export async function deferInit(ctx: AuthedContext) {
  await ctx.services.db.update(accounts).set({ initDeferredAt: ctx.services.now() }).where(eq(accounts.id, ctx.session.account.id))
  return { ok: true as const, message: 'Setup postponed. It opens again at your next sign-in.' }
}

export async function readChangelog(ctx: AuthedContext) {
  await ctx.services.db
    .update(accounts)
    .set({ changelogReadVersion: ctx.services.config.version })
    .where(eq(accounts.id, ctx.session.account.id))
  return { ok: true as const }
}

export async function applyPromotionalCode(ctx: AuthedContext, input: { code: string }) {
  const { services, session, tenant } = ctx
  return auditedMutation(ctx, { action: 'promo.redeemed', entityType: 'account', entityId: session.account.id }, async (tx) => {
    const promo = await repo.findPromoCode(tx, tenant.id, input.code, true)
    const now = services.now()
    if (!promo) throw fieldError('code', 'This code is not valid.')
    if (promo.expiresAt && promo.expiresAt <= now) throw fieldError('code', 'This code has expired.')
    const usage = await repo.promoUsage(tx, promo.id, session.account.id)
    if (usage.mine > 0)
      throw new HttpError(409, 'You have already used this code.', ERROR_CODES.conflict, { code: 'You have already used this code.' })
    if (promo.maxRedemptions !== null && usage.total >= promo.maxRedemptions) throw fieldError('code', 'This code has been fully used.')
    const [redemption] = await tx
      .insert(promoRedemptions)
      .values({ tenantId: tenant.id, promoCodeId: promo.id, accountId: session.account.id, createdAt: now })
      .returning()
    return {
      result: { code: promo.code, description: promo.description, redeemedAt: redemption.createdAt },
      after: { code: promo.code },
    }
  })
}

export function activeSessions(ctx: AuthedContext) {
  return openSessionsOf(ctx.services.db, ctx.session.account.id, ctx.services.now(), ctx.session.id)
}

export async function revokeOwnSession(ctx: AuthedContext, id: number) {
  const { services, session } = ctx
  const target = await repo.findSessionById(services.db, id)
  if (!target || target.accountId !== session.account.id) throw new HttpError(404, 'There is no such session.', ERROR_CODES.notFound)
  await revokeSessions(services.db, { sessionId: id, reason: 'signed_out_elsewhere', now: services.now() })
  if (id === session.id) clearSessionCookies(ctx.reply, ctx.req, services.config)
  return { ok: true as const, message: 'That session is signed out.' }
}

/** Consecutive attempts from one address with one outcome collapse into a row with a count. */
export async function loginHistoryOf(db: Queryable, accountId: number) {
  const rows = await repo.loginHistoryFor(db, accountId, LIMITS.historyRows * 4)
  const data: { id: number; created: Date; ip: string | null; type: 'Access Granted' | 'Access Denied'; repeated: number }[] = []
  for (const row of rows) {
    const type = row.granted ? 'Access Granted' : 'Access Denied'
    const last = data[data.length - 1]
    if (last && last.ip === row.ip && last.type === type) last.repeated += 1
    else data.push({ id: row.id, created: row.createdAt, ip: row.ip, type, repeated: 1 })
    if (data.length > LIMITS.historyRows) break
  }
  return { data: data.slice(0, LIMITS.historyRows) }
}

export function ownLoginHistory(ctx: AuthedContext) {
  return loginHistoryOf(ctx.services.db, ctx.session.account.id)
}

/** Open sessions of an account; `currentSessionId` marks the one making the request. */
export async function openSessionsOf(db: Queryable, accountId: number, now: Date, currentSessionId: number | null) {
  const rows = await repo.openSessionsFor(db, accountId, now)
  return {
    data: rows.map((row) => ({
      id: row.id,
      created: row.createdAt,
      lastSeen: row.lastSeenAt,
      country: row.country,
      city: row.city,
      device: row.device,
      ip: row.ip,
      browser: row.browser,
      os: row.os,
      current: row.id === currentSessionId,
    })),
  }
}

// ---------------------------------------------------------------------------------------------
// Continue as another account, and back

export async function continueAsCollaborator(ctx: AuthedContext, input: { accountId?: number }): Promise<Me> {
  const { services, session, tenant } = ctx
  const now = services.now()
  if (input.accountId === undefined) return returnToOwnSession(ctx)
  if (session.actingForSessionId) throw badRequest('Go back to your own account first.')
  if (session.account.type !== 'admin') throw forbidden('Only staff can continue as another account.')
  if (input.accountId === session.account.id) throw badRequest('You are already signed in as this account.')
  const target = await repo.findAccountById(services.db, tenant.id, input.accountId)
  if (!target) throw new HttpError(404, 'There is no such account in this workspace.', ERROR_CODES.notFound)
  if (target.type === 'admin') throw forbidden('You can continue as artists and labels only.')
  if (target.banned) throw badRequest('This account is banned.')
  const currentToken = ctx.req.cookies[SESSION_COOKIE] ?? null
  const result = await auditedMutation(ctx, { action: 'account.continue_as', entityType: 'account', entityId: target.id }, async (tx) => {
    const { token, session: acting } = await createSession(tx, {
      tenantId: tenant.id,
      accountId: target.id,
      client: clientInfo(ctx.req, services.config),
      now,
      actingForSessionId: session.id,
    })
    // The acting session never outlives the staff session it came from.
    const expiresAt = new Date(Math.min(session.expiresAt.getTime(), now.getTime() + SESSION_TTL_MS))
    await tx.update(sessions).set({ expiresAt }).where(eq(sessions.id, acting.id))
    return {
      result: { token, me: await buildMeInTx(ctx, tx, toSessionInfo({ ...acting, expiresAt }, target), tenant) },
      after: { sessionId: acting.id },
    }
  })
  if (currentToken) {
    ctx.reply.setCookie(ORIGIN_SESSION_COOKIE, currentToken, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.req.protocol === 'https' || services.config.cookieSecure === 'always',
      domain: services.config.cookieDomain,
      expires: session.expiresAt,
    })
  }
  finishSignIn(ctx, result)
  return result.me
}

async function returnToOwnSession(ctx: AuthedContext): Promise<Me> {
  const { services, session, tenant } = ctx
  if (!session.actingForSessionId) throw badRequest('You are not continuing as another account.')
  const originToken = ctx.req.cookies[ORIGIN_SESSION_COOKIE]
  const original = await repo.findSessionById(services.db, session.actingForSessionId)
  const now = services.now()
  await revokeSessions(services.db, { sessionId: session.id, reason: 'returned', now })
  ctx.reply.clearCookie(ORIGIN_SESSION_COOKIE, { path: '/', domain: services.config.cookieDomain })
  const usable = original && !original.revokedAt && original.expiresAt > now && originToken && hashToken(originToken) === original.tokenHash
  if (!usable || !original || !originToken) {
    clearSessionCookies(ctx.reply, ctx.req, services.config)
    throw unauthorized('Your own session has ended. Sign in again.')
  }
  const account = await repo.findAccountById(services.db, tenant.id, original.accountId)
  if (!account) throw unauthorized()
  // audit() stays: an event after the acting session is already revoked (that revocation stands even when the return fails).
  await audit(
    services.db,
    { ...actorOf(ctx), actorAccountId: account.id },
    { action: 'account.continue_as_ended', entityType: 'account', entityId: session.account.id },
  )
  const me = await buildMe(ctx, toSessionInfo(original, account), tenant)
  setSessionCookies(ctx.reply, ctx.req, services.config, originToken, original.csrfToken, original.expiresAt)
  return me
}

export async function verifyCaptcha(ctx: RequestContext, input: { token: string }) {
  return { success: await ctx.services.captcha.verify(input.token, ctx.ip || null) }
}
