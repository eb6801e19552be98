import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { RequestContext, TenantInfo } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { HttpError } from '@server/errors'
import { queueMail } from '@server/mail/mailer'
import { mailTemplates } from '@server/mail/templates'
import type { AccountRow } from './repository'

/**
 * Sign-in throttling that a stranger cannot turn into a lockout (OWASP Authentication Cheat Sheet,
 * "Login Throttling" and "Device Cookies"; the rules are written out in docs/security.md):
 *
 * - failures are counted per (workspace, account) and per client address separately, in a sliding
 *   window, from `login_history` (in the database, so several app processes share them);
 * - past a threshold the next attempt must pass a challenge: the captcha when one is configured,
 *   otherwise a growing wait since the last failure. The right password is never refused for good;
 * - a device that signed in to the account before carries a signed device cookie; attempts from it
 *   skip the account and address counters (a stranger's failures do not reach its owner), and are
 *   counted against that cookie alone, which stops being trusted after its own few failures;
 * - the account is emailed when its failures reach the threshold.
 */
export const GUARD = {
  windowMinutes: 15,
  /** Failures from untrusted clients on one account before a challenge. */
  accountFailures: 5,
  /** Failures from one client address (untrusted clients, any account) before a challenge. */
  addressFailures: 20,
  /** Failures from one remembered device before it is no longer trusted. */
  deviceFailures: 5,
  /** Without a captcha: the wait after the last failure, doubling per failure past the threshold. */
  firstDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
  deviceCookieDays: 365,
} as const

export const DEVICE_COOKIE = 'wl_device'

interface DeviceClaim {
  tenantId: number
  accountId: number
  nonce: string
}

function deviceContext(claim: Omit<DeviceClaim, 'nonce'>) {
  return `device:${claim.tenantId}:${claim.accountId}`
}

/** The device cookie's claim when it was issued by this server for this account, else null. */
export function readDeviceCookie(ctx: RequestContext, tenantId: number, accountId: number): string | null {
  const raw = ctx.req.cookies[DEVICE_COOKIE]
  if (!raw) return null
  const [tenant, account, nonce, mac] = raw.split('.')
  if (Number(tenant) !== tenantId || Number(account) !== accountId || !nonce || !mac) return null
  const expected = ctx.services.secrets.sign(nonce, deviceContext({ tenantId, accountId }))
  return expected === mac ? nonce : null
}

/** After a successful sign-in: remember this device for the account (unless it already is). */
export function rememberDevice(ctx: RequestContext, tenantId: number, accountId: number): void {
  if (readDeviceCookie(ctx, tenantId, accountId)) return
  const nonce = randomBytes(16).toString('base64url')
  const mac = ctx.services.secrets.sign(nonce, deviceContext({ tenantId, accountId }))
  ctx.reply.setCookie(DEVICE_COOKIE, `${tenantId}.${accountId}.${nonce}.${mac}`, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.services.config.cookieSecure === 'always' || (ctx.services.config.cookieSecure === 'auto' && ctx.req.protocol === 'https'),
    domain: ctx.services.config.cookieDomain,
    maxAge: GUARD.deviceCookieDays * 24 * 60 * 60,
  })
}

interface Counts {
  account: number
  address: number
  device: number
  lastAccountFailure: Date | null
  lastAddressFailure: Date | null
  lastDeviceFailure: Date | null
}

async function countFailures(
  db: Queryable,
  target: { tenantId: number | null; accountId: number | null; email: string; ip: string; device: string | null },
  since: Date,
): Promise<Counts> {
  // Failures from remembered devices count against the device only, never against the account or address.
  const accountMatch =
    target.accountId !== null
      ? sql`account_id = ${target.accountId}`
      : target.tenantId !== null
        ? sql`account_id is null and tenant_id = ${target.tenantId} and email = ${target.email}`
        : sql`account_id is null and tenant_id is null and email = ${target.email}`
  const deviceMatch = target.device === null ? sql`false` : sql`device = ${target.device}`
  const result = await db.execute<{
    account: number
    address: number
    device: number
    last_account: unknown
    last_address: unknown
    last_device: unknown
  }>(sql`
    select
      (select count(*) from login_history where ${accountMatch} and granted = false and device is null and created_at > ${since}) as account,
      (select max(created_at) from login_history where ${accountMatch} and granted = false and device is null and created_at > ${since}) as last_account,
      (select count(*) from login_history where ip = ${target.ip} and granted = false and device is null and created_at > ${since}) as address,
      (select max(created_at) from login_history where ip = ${target.ip} and granted = false and device is null and created_at > ${since}) as last_address,
      (select count(*) from login_history where ${deviceMatch} and granted = false and created_at > ${since}) as device,
      (select max(created_at) from login_history where ${deviceMatch} and granted = false and created_at > ${since}) as last_device`)
  const row = result.rows[0]
  const date = (value: unknown) => (value ? new Date(value as string) : null)
  return {
    account: Number(row?.account ?? 0),
    address: Number(row?.address ?? 0),
    device: Number(row?.device ?? 0),
    lastAccountFailure: date(row?.last_account),
    lastAddressFailure: date(row?.last_address),
    lastDeviceFailure: date(row?.last_device),
  }
}

function delaySeconds(failures: number, threshold: number): number {
  return Math.min(GUARD.maxDelaySeconds, GUARD.firstDelaySeconds * 2 ** Math.max(0, failures - threshold))
}

export interface GuardVerdict {
  /** The remembered-device nonce the attempt carries (trusted or not), recorded with a failure. */
  device: string | null
  /** Counted against the account and address (no trusted device cookie). */
  untrusted: boolean
  accountFailures: number
}

/**
 * Before the password is checked: decides whether this attempt must first pass a challenge, and
 * refuses it (429) when it has not.
 */
export async function guardSignIn(
  ctx: RequestContext,
  target: { tenant: TenantInfo | null; account: AccountRow | null; email: string },
  captchaToken: string | undefined,
): Promise<GuardVerdict> {
  const { services } = ctx
  const now = services.now()
  const since = new Date(now.getTime() - GUARD.windowMinutes * 60 * 1000)
  const device = target.tenant && target.account ? readDeviceCookie(ctx, target.tenant.id, target.account.id) : null
  const counts = await countFailures(
    services.db,
    { tenantId: target.tenant?.id ?? null, accountId: target.account?.id ?? null, email: target.email, ip: ctx.ip, device },
    since,
  )
  const trusted = device !== null && counts.device < GUARD.deviceFailures
  const verdict = { device, untrusted: !trusted, accountFailures: counts.account }
  if (trusted) return verdict

  const accountOver = counts.account >= GUARD.accountFailures
  const addressOver = counts.address >= GUARD.addressFailures
  // A remembered device that failed too often is challenged like any stranger's.
  const deviceOver = device !== null && counts.device >= GUARD.deviceFailures
  if (!accountOver && !addressOver && !deviceOver) return verdict

  if (services.captcha.enabled) {
    const message = 'Complete the captcha to continue signing in.'
    if (!captchaToken) throw new HttpError(429, message, 'captcha_required', { captchaToken: message })
    if (!(await services.captcha.verify(captchaToken, ctx.ip || null))) {
      throw new HttpError(429, 'The captcha was not accepted. Try again.', 'captcha_required', {
        captchaToken: 'The captcha was not accepted. Try again.',
      })
    }
    return verdict
  }

  const waits: number[] = []
  if (accountOver && counts.lastAccountFailure)
    waits.push(counts.lastAccountFailure.getTime() + delaySeconds(counts.account, GUARD.accountFailures) * 1000 - now.getTime())
  if (addressOver && counts.lastAddressFailure)
    waits.push(counts.lastAddressFailure.getTime() + delaySeconds(counts.address, GUARD.addressFailures) * 1000 - now.getTime())
  if (deviceOver && counts.lastDeviceFailure)
    waits.push(counts.lastDeviceFailure.getTime() + delaySeconds(counts.device, GUARD.deviceFailures) * 1000 - now.getTime())
  const waitMs = Math.max(0, ...waits)
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000)
    ctx.reply.header('retry-after', String(seconds))
    throw new HttpError(429, `Too many failed sign-in attempts. Try again in ${seconds} seconds.`, 'rate_limited')
  }
  return verdict
}

/** After a failed password: the account hears of repeated failures once, when they reach the threshold. */
export async function afterFailure(
  ctx: RequestContext,
  verdict: GuardVerdict,
  target: { tenant: TenantInfo | null; account: AccountRow | null },
): Promise<void> {
  const { tenant, account } = target
  if (!tenant || !account || !verdict.untrusted) return
  if (verdict.accountFailures + 1 !== GUARD.accountFailures) return
  await queueMail(
    ctx.services.jobs,
    ctx.services.db,
    { to: account.email, ...mailTemplates.signInFailures(tenant.name, GUARD.accountFailures, GUARD.windowMinutes) },
    tenant.id,
  )
}
