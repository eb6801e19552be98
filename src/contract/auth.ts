import { z } from 'zod'
import { endpoint } from './define'
import { accountType, email, id, idParams, nullableTimestamp, ok, password, timestamp } from './common'

const tenantSlug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'Workspace must be letters, digits and dashes')
  .optional()

export const sessionAccount = z.object({
  id: z.number(),
  email: z.string(),
  type: accountType,
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  initials: z.string(),
  /** The tenant's owning admin: the white-label operator. */
  isOperator: z.boolean(),
  hasInit: z.boolean(),
  initDeferred: z.boolean(),
  twoFactorEnabled: z.boolean(),
  emailVerified: z.boolean(),
  changelogUnread: z.boolean(),
})
export type SessionAccount = z.infer<typeof sessionAccount>

export const me = z.object({
  account: sessionAccount,
  tenant: z.object({ id: z.number(), slug: z.string(), name: z.string() }),
  session: z.object({ id: z.number(), createdAt: timestamp, expiresAt: timestamp }),
  /** Sent back in the x-csrf-token header on every write made with the session cookie. */
  csrfToken: z.string(),
  /** Set while staff continue as another account; the way back ends it. */
  actingAs: z.object({ originalAccountId: z.number(), originalDisplayName: z.string() }).nullable(),
})
export type Me = z.infer<typeof me>
/** What the server hands to the response schema (dates may be Date objects). */
export type MeResult = z.input<typeof me>

const authenticated = me.extend({
  status: z.literal('authenticated'),
  /** Only for API clients that asked with `issueToken`: browsers get an HttpOnly cookie instead. */
  token: z.string().optional(),
})
const twoFactorRequired = z.object({
  status: z.literal('two_factor_required'),
  challenge: z.string(),
  emailHint: z.string(),
})
export const loginResult = z.discriminatedUnion('status', [authenticated, twoFactorRequired])
export type LoginResult = z.infer<typeof loginResult>
export type LoginResultInput = z.input<typeof loginResult>

/** A body that sets a password: the confirmation must match. */
function withNewPassword<S extends z.ZodRawShape>(shape: S) {
  return z
    .object({ ...shape, password, passwordConfirmation: z.string() })
    .refine((value) => (value as { password: string }).password === (value as { passwordConfirmation: string }).passwordConfirmation, {
      message: 'Passwords do not match',
      path: ['passwordConfirmation'],
    })
}

export const activeSession = z.object({
  id: z.number(),
  created: timestamp,
  lastSeen: nullableTimestamp,
  country: z.string().nullable(),
  city: z.string().nullable(),
  device: z.string().nullable(),
  ip: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  current: z.boolean(),
})

export const loginHistoryEntry = z.object({
  id: z.number(),
  created: timestamp,
  ip: z.string().nullable(),
  type: z.enum(['Access Granted', 'Access Denied']),
  /** How many attempts in a row from the same address with the same outcome this row stands for. */
  repeated: z.number().int(),
})

const username = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(40, 'Username is too long')
  .regex(/^[a-zA-Z0-9._-]+$/, 'Username may contain letters, digits, dots, dashes and underscores')

const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code')
const name = (label: string) => z.string().trim().min(1, `${label} is required`).max(100, `${label} is too long`)

export const authEndpoints = {
  'auth.login': endpoint({
    method: 'POST',
    path: 'auth/login',
    access: 'guest',
    summary: 'Sign in with email and password; answers a session or a second-factor challenge',
    body: z.object({
      email,
      password: z.string().min(1, 'Password is required').max(200),
      tenant: tenantSlug,
      /** API clients: answer the token in the body (use it as a bearer token) and set no cookie. */
      issueToken: z.boolean().optional(),
      /** Asked for (429 `captcha_required`) after repeated failures, when a captcha provider is configured. */
      captchaToken: z.string().max(4096).optional(),
    }),
    response: loginResult,
  }),
  'auth.logout': endpoint({ method: 'POST', path: 'auth/logout', access: 'auth', summary: 'End the current session', response: ok }),
  'auth.register': endpoint({
    method: 'POST',
    path: 'auth/register',
    access: 'guest',
    summary: 'Create an artist or label account in this workspace and sign in',
    status: 201,
    body: z.object({
      email,
      password,
      firstName: name('First name'),
      lastName: name('Last name'),
      type: z.enum(['artist', 'label']),
      username: username.optional(),
      /** Required when a captcha provider is configured. */
      captchaToken: z.string().optional(),
      tenant: tenantSlug,
    }),
    response: loginResult,
  }),
  'auth.registerGoogle': endpoint({
    method: 'POST',
    path: 'auth/register/google',
    access: 'guest',
    summary: 'Create an account from a Google ID token (OpenID Connect)',
    status: 201,
    body: z.object({
      credential: z.string().min(1, 'Google credential is required'),
      type: z.enum(['artist', 'label']).default('artist'),
      tenant: tenantSlug,
    }),
    response: loginResult,
  }),
  'auth.loginGoogle': endpoint({
    method: 'POST',
    path: 'auth/login/google',
    access: 'guest',
    summary: 'Sign in with a Google ID token (OpenID Connect)',
    body: z.object({ credential: z.string().min(1, 'Google credential is required'), tenant: tenantSlug }),
    response: loginResult,
  }),
  'auth.usernameAvailability': endpoint({
    method: 'POST',
    path: 'auth/register/availability/username',
    access: 'guest',
    summary: 'Whether a username is free in this workspace',
    body: z.object({ username, tenant: tenantSlug }),
    response: z.object({ available: z.boolean() }),
  }),
  'auth.emailAvailability': endpoint({
    method: 'POST',
    path: 'auth/register/availability/email',
    access: 'guest',
    summary: 'Whether an email is free in this workspace',
    body: z.object({ email, tenant: tenantSlug }),
    response: z.object({ available: z.boolean() }),
  }),
  'auth.verifyLogin': endpoint({
    method: 'POST',
    path: 'auth/verify/login',
    access: 'guest',
    summary: 'Second factor: the emailed code that completes a sign-in',
    body: z.object({ challenge: z.string().min(1), code, issueToken: z.boolean().optional() }),
    response: loginResult,
  }),
  'auth.verifyEmail': endpoint({
    method: 'POST',
    path: 'auth/verify/email',
    access: 'guest',
    summary: 'Confirm an email address with the emailed code',
    body: z.object({ email, code, tenant: tenantSlug }),
    response: ok,
  }),
  'auth.sendEmailVerification': endpoint({
    method: 'POST',
    path: 'auth/verify/email/send',
    access: 'auth',
    summary: 'Email a verification code to the signed-in account',
    response: z.object({ sent: z.boolean(), message: z.string() }),
  }),
  'auth.me': endpoint({
    method: 'GET',
    path: 'auth/me',
    access: 'auth',
    summary: 'The signed-in account, its workspace and session',
    response: me,
  }),
  'auth.session': endpoint({
    method: 'GET',
    path: 'auth/session',
    access: 'guest',
    summary:
      'The page’s session check: the signed-in account as auth/me gives it, or null when signed out (200 either way, so a guest page logs no failed request)',
    response: z.object({ me: me.nullable() }),
  }),
  'auth.recover': endpoint({
    method: 'POST',
    path: 'auth/recover',
    access: 'guest',
    summary: 'Email a one-time password recovery link (same answer whether or not the account exists)',
    body: z.object({ email, tenant: tenantSlug }),
    response: ok,
  }),
  'auth.recoverSubmit': endpoint({
    method: 'POST',
    path: 'auth/recover/submit',
    access: 'guest',
    summary: 'Set a new password from a recovery link; ends every session of the account',
    body: withNewPassword({ token: z.string().min(1, 'The recovery link is incomplete') }),
    response: ok,
  }),
  'auth.recoverCheck': endpoint({
    method: 'POST',
    path: 'auth/recover/check',
    access: 'guest',
    summary: 'Whether a recovery link is still valid (path chosen here)',
    body: z.object({ token: z.string().min(1) }),
    response: z.object({ valid: z.boolean(), email: z.string().nullable() }),
  }),
  'auth.initComplete': endpoint({
    method: 'POST',
    path: 'auth/init/complete',
    access: 'auth',
    summary: 'Mark the first-run setup complete',
    response: z.object({ hasInit: z.boolean() }),
  }),
  'auth.initCompleteLater': endpoint({
    method: 'POST',
    path: 'auth/init/completeLater',
    access: 'auth',
    summary: 'Postpone the first-run setup; it opens again at the next sign-in',
    response: ok,
  }),
  'auth.resendAuthCode': endpoint({
    method: 'POST',
    path: 'auth/resend/auth-code',
    access: 'guest',
    summary: 'Email a fresh second-factor code for a pending sign-in',
    body: z.object({ challenge: z.string().min(1) }),
    response: z.object({ sent: z.boolean(), retryAfterSeconds: z.number().int() }),
  }),
  'auth.captcha': endpoint({
    method: 'POST',
    path: 'auth/captcha',
    access: 'guest',
    summary: 'Verify a captcha response token with the configured provider',
    body: z.object({ token: z.string().min(1, 'Captcha token is required') }),
    response: z.object({ success: z.boolean() }),
  }),
  'auth.readChangelog': endpoint({
    method: 'POST',
    path: 'auth/read-changelog',
    access: 'auth',
    summary: "Mark this version's changelog as read",
    response: ok,
  }),
  'auth.applyPromotionalCode': endpoint({
    method: 'POST',
    path: 'auth/apply-promotional-code',
    access: 'auth',
    summary: 'Redeem a promotional code for the signed-in account',
    body: z.object({ code: z.string().trim().min(1, 'Code is required').max(64) }),
    response: z.object({ code: z.string(), description: z.string(), redeemedAt: timestamp }),
  }),
  'auth.activeSessions': endpoint({
    method: 'GET',
    path: 'auth/active-sessions',
    access: 'auth',
    summary: "The signed-in account's open sessions",
    response: z.object({ data: z.array(activeSession) }),
  }),
  'auth.revokeSession': endpoint({
    method: 'DELETE',
    path: 'auth/active-sessions/{id}',
    access: 'auth',
    summary: 'Sign out one of your own sessions (path chosen here)',
    params: idParams,
    response: ok,
  }),
  'auth.loginHistory': endpoint({
    method: 'GET',
    path: 'auth/login-history',
    access: 'auth',
    summary: "The signed-in account's recent sign-in attempts (path chosen here)",
    response: z.object({ data: z.array(loginHistoryEntry) }),
  }),
  'auth.continueAsCollaborator': endpoint({
    method: 'POST',
    path: 'auth/continue-as-collaborator',
    access: 'auth',
    summary: 'Continue as another account of this workspace (staff), or with no accountId go back to your own',
    body: z.object({ accountId: id.optional() }),
    response: me,
  }),
  'auth.inviteVerify': endpoint({
    method: 'POST',
    path: 'auth/invite/verify',
    access: 'guest',
    summary: 'Check an invitation link and say who it is for',
    body: z.object({ token: z.string().min(1, 'The invitation link is incomplete') }),
    response: z.object({
      email: z.string(),
      type: accountType,
      firstName: z.string(),
      lastName: z.string(),
      workspace: z.string(),
      expiresAt: timestamp,
    }),
  }),
  'auth.inviteAccept': endpoint({
    method: 'POST',
    path: 'auth/invite/accept',
    access: 'guest',
    summary: 'Accept an invitation: set name and password, then sign in (path chosen here)',
    body: withNewPassword({ token: z.string().min(1), firstName: name('First name'), lastName: name('Last name') }),
    response: loginResult,
  }),
  'auth.twoFactor': endpoint({
    method: 'POST',
    path: 'auth/two-factor',
    access: 'auth',
    summary: 'Turn the emailed second factor on or off, confirmed with a code from auth/no-opt-g2fa/otp/send (path chosen here)',
    body: z.object({ enabled: z.boolean(), code }),
    response: z.object({ twoFactorEnabled: z.boolean() }),
  }),
  'auth.stepUpOtpSend': endpoint({
    method: 'POST',
    path: 'auth/no-opt-g2fa/otp/send',
    access: 'auth',
    summary: 'Email a one-time code that confirms a sensitive change for accounts without a second factor',
    response: z.object({ sent: z.boolean(), expiresAt: timestamp }),
  }),
} as const
