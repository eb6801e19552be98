import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { TestClient } from '../helpers/client'
import { PASSWORD, createAccount, createWorkspace, signedIn } from '../helpers/fixtures'
import { startSmtpSink } from '../helpers/smtp'
import { accounts, auditLog, invites, promoCodes, sessions } from '../../src/server/db/schema'
import { hashToken } from '../../src/server/auth/tokens'

let t: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpSink>>
let ws: Awaited<ReturnType<typeof createWorkspace>>

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? ''

beforeAll(async () => {
  smtp = await startSmtpSink()
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Acme <no-reply@acme.test>', PUBLIC_URL: 'https://admin.acme.test' } })
  ws = await createWorkspace(t.services, 'acme')
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})

describe('second factor by email', () => {
  it('asks for the emailed code, then signs in with it', async () => {
    const account = await createAccount(t.services, { tenantId: ws.tenant.id, email: 'twofa@acme.test', twoFactor: true })
    const client = new TestClient(t.app)
    const first = await client.ok('auth.login', { body: { email: account.email, password: PASSWORD } })
    expect(first).toMatchObject({ status: 'two_factor_required', emailHint: 't••••@acme.test' })
    expect(client.sessionToken).toBeUndefined()
    const mail = await smtp.waitFor(account.email, (m) => m.subject.includes('sign-in code'))
    const code = codeIn(mail.subject)
    expect(code).toMatch(/^\d{6}$/)
    const challenge = (first as { challenge: string }).challenge
    const wrong = await client.call('auth.verifyLogin', { body: { challenge, code: code === '000000' ? '111111' : '000000' } })
    expect(wrong.status).toBe(400)
    expect(wrong.error.errors?.code).toBe('This code is not right. Check the latest email and try again.')
    const done = await client.ok('auth.verifyLogin', { body: { challenge, code } })
    expect(done.status).toBe('authenticated')
    expect((await client.ok('auth.me')).account.email).toBe(account.email)
    expect((await client.call('auth.verifyLogin', { body: { challenge, code } })).status).toBe(400)
  })

  it('kills the challenge after 5 wrong codes and paces resends', async () => {
    const account = await createAccount(t.services, { tenantId: ws.tenant.id, email: 'twofa2@acme.test', twoFactor: true })
    const client = new TestClient(t.app)
    const { challenge } = (await client.ok('auth.login', { body: { email: account.email, password: PASSWORD } })) as { challenge: string }
    const resend = await client.ok('auth.resendAuthCode', { body: { challenge } })
    expect(resend.sent).toBe(false)
    expect(resend.retryAfterSeconds).toBeGreaterThan(0)
    const mail = await smtp.waitFor(account.email)
    const right = codeIn(mail.subject)
    const wrongCode = right === '123456' ? '654321' : '123456'
    for (let i = 0; i < 5; i++) await client.call('auth.verifyLogin', { body: { challenge, code: wrongCode } })
    const late = await client.call('auth.verifyLogin', { body: { challenge, code: right } })
    expect(late.status).toBe(400)
    expect(late.error.message).toBe('This sign-in has expired. Sign in again.')
  })
})

describe('password recovery', () => {
  it('emails a one-time link that sets a new password and ends every session', async () => {
    const account = await createAccount(t.services, { tenantId: ws.tenant.id, email: 'forgetful@acme.test' })
    const open = await signedIn(t.app, account.email)
    const guest = new TestClient(t.app)
    const answer = await guest.ok('auth.recover', { body: { email: account.email } })
    expect(answer.message).toBe('If an account exists for this email, a link to reset the password is on its way.')
    const mail = await smtp.waitFor(account.email, (m) => m.subject.startsWith('Reset your'))
    const link = /https:\/\/admin\.acme\.test\/recover\/([A-Za-z0-9_-]{43})/.exec(mail.text)
    expect(link, mail.text).not.toBeNull()
    const token = link![1]
    expect(await guest.ok('auth.recoverCheck', { body: { token } })).toEqual({ valid: true, email: account.email })
    const mismatch = await guest.call('auth.recoverSubmit', { body: { token, password: 'brand new pass', passwordConfirmation: 'other' } })
    expect(mismatch.error.errors).toEqual({ passwordConfirmation: 'Passwords do not match' })
    await guest.ok('auth.recoverSubmit', { body: { token, password: 'brand new pass', passwordConfirmation: 'brand new pass' } })
    expect((await open.call('auth.me')).status).toBe(401)
    expect((await guest.call('auth.login', { body: { email: account.email, password: PASSWORD } })).status).toBe(422)
    expect((await guest.call('auth.login', { body: { email: account.email, password: 'brand new pass' } })).status).toBe(200)
    const reuse = await guest.call('auth.recoverSubmit', {
      body: { token, password: 'another pass', passwordConfirmation: 'another pass' },
    })
    expect(reuse.status).toBe(400)
    expect(reuse.error.errors?.token).toBe('This recovery link is invalid or has expired. Ask for a new one.')
    expect(await guest.ok('auth.recoverCheck', { body: { token } })).toEqual({ valid: false, email: null })
    await smtp.waitFor(account.email, (m) => m.subject.includes('password was changed'))
  })

  it('answers the same for an unknown email and sends nothing', async () => {
    const before = smtp.messages.length
    const answer = await new TestClient(t.app).ok('auth.recover', { body: { email: 'ghost@acme.test' } })
    expect(answer.message).toBe('If an account exists for this email, a link to reset the password is on its way.')
    await t.services.jobs.drain()
    expect(smtp.messages.length).toBe(before)
  })
})

describe('invitations', () => {
  async function invite(email: string, type: 'admin' | 'artist', expiresInMs = 86_400_000) {
    const token = `invite-${email}`
    await t.services.db.insert(invites).values({
      tenantId: ws.tenant.id,
      email,
      type,
      firstName: 'In',
      lastName: 'Vited',
      tokenHash: hashToken(token),
      invitedBy: ws.operator.id,
      expiresAt: new Date(Date.now() + expiresInMs),
    })
    return token
  }

  it('verifies the link and sets up the invited account, signed in', async () => {
    const token = await invite('new-admin@acme.test', 'admin')
    const guest = new TestClient(t.app)
    expect(await guest.ok('auth.inviteVerify', { body: { token } })).toMatchObject({
      email: 'new-admin@acme.test',
      type: 'admin',
      workspace: 'acme music',
      firstName: 'In',
    })
    const accepted = await guest.ok('auth.inviteAccept', {
      body: { token, firstName: 'Nia', lastName: 'Ward', password: 'invited pass', passwordConfirmation: 'invited pass' },
    })
    expect(accepted).toMatchObject({
      status: 'authenticated',
      account: { email: 'new-admin@acme.test', type: 'admin', firstName: 'Nia', emailVerified: true },
    })
    expect((await guest.call('auth.inviteVerify', { body: { token } })).status).toBe(400)
    const [row] = await t.services.db.select().from(invites).where(eq(invites.email, 'new-admin@acme.test'))
    expect(row.status).toBe('accepted')
    const audits = await t.services.db.select().from(auditLog).where(eq(auditLog.action, 'invite.accepted'))
    expect(audits).toHaveLength(1)
  })

  it('refuses an expired invitation', async () => {
    const token = await invite('late@acme.test', 'artist', -1000)
    const result = await new TestClient(t.app).call('auth.inviteVerify', { body: { token } })
    expect(result.status).toBe(400)
    expect(result.error.message).toBe('This invitation is invalid or has expired. Ask for a new one.')
  })
})

describe('registration', () => {
  it('creates an artist in the named workspace, signs in and emails a confirmation code', async () => {
    const guest = new TestClient(t.app)
    expect(await guest.ok('auth.emailAvailability', { body: { email: 'fresh@acme.test', tenant: 'acme' } })).toEqual({ available: true })
    expect(await guest.ok('auth.emailAvailability', { body: { email: 'artist@acme.test', tenant: 'acme' } })).toEqual({ available: false })
    expect(await guest.ok('auth.usernameAvailability', { body: { username: 'freshsound', tenant: 'acme' } })).toEqual({ available: true })
    const created = await guest.call('auth.register', {
      body: {
        email: 'Fresh@Acme.test',
        password: 'fresh password',
        firstName: 'Fay',
        lastName: 'Rush',
        type: 'artist',
        username: 'FreshSound',
        tenant: 'acme',
      },
    })
    expect(created.status).toBe(201)
    expect(created.data).toMatchObject({
      status: 'authenticated',
      account: { email: 'fresh@acme.test', type: 'artist', emailVerified: false, displayName: 'Fay Rush' },
    })
    expect(await guest.ok('auth.usernameAvailability', { body: { username: 'freshsound', tenant: 'acme' } })).toEqual({ available: false })
    const mail = await smtp.waitFor('fresh@acme.test', (m) => m.subject.startsWith('Confirm your email'))
    const wrong = await guest.call('auth.verifyEmail', {
      body: { email: 'fresh@acme.test', code: codeIn(mail.text) === '000000' ? '000001' : '000000', tenant: 'acme' },
    })
    expect(wrong.status).toBe(400)
    await guest.ok('auth.verifyEmail', { body: { email: 'fresh@acme.test', code: codeIn(mail.text), tenant: 'acme' } })
    expect((await guest.ok('auth.me')).account.emailVerified).toBe(true)
    expect(await guest.ok('auth.sendEmailVerification')).toEqual({ sent: false, message: 'Your email is already confirmed.' })
  })

  it('refuses a taken email with a field message and needs a workspace', async () => {
    const guest = new TestClient(t.app)
    const taken = await guest.call('auth.register', {
      body: { email: 'artist@acme.test', password: 'long enough', firstName: 'A', lastName: 'B', type: 'artist', tenant: 'acme' },
    })
    expect(taken.status).toBe(409)
    expect(taken.error.errors?.email).toBe('An account with this email already exists. Sign in instead.')
    const nowhere = await guest.call('auth.register', {
      body: { email: 'x@y.test', password: 'long enough', firstName: 'A', lastName: 'B', type: 'label' },
    })
    expect(nowhere.status).toBe(400)
    expect(nowhere.error.message).toBe('Open this page from your workspace address.')
    const weak = await guest.call('auth.register', {
      body: { email: 'x@y.test', password: 'short', firstName: '', lastName: 'B', type: 'label', tenant: 'acme' },
    })
    expect(weak.error.errors).toMatchObject({ password: 'Password must be at least 8 characters', firstName: 'First name is required' })
  })
})

describe('account settings', () => {
  it('redeems a promotional code once', async () => {
    await t.services.db.insert(promoCodes).values([
      { tenantId: ws.tenant.id, code: 'SPRING', description: 'Three months free' },
      { tenantId: ws.tenant.id, code: 'OLD', description: 'Gone', expiresAt: new Date(Date.now() - 1000) },
      { tenantId: ws.tenant.id, code: 'ONE', description: 'Single use', maxRedemptions: 1 },
    ])
    const artist = await signedIn(t.app, 'artist@acme.test')
    const label = await signedIn(t.app, 'label@acme.test')
    expect(await artist.ok('auth.applyPromotionalCode', { body: { code: 'spring' } })).toMatchObject({
      code: 'SPRING',
      description: 'Three months free',
    })
    expect((await artist.call('auth.applyPromotionalCode', { body: { code: 'SPRING' } })).error.message).toBe(
      'You have already used this code.',
    )
    expect((await artist.call('auth.applyPromotionalCode', { body: { code: 'OLD' } })).error.errors?.code).toBe('This code has expired.')
    expect((await artist.call('auth.applyPromotionalCode', { body: { code: 'NOPE' } })).error.errors?.code).toBe('This code is not valid.')
    await artist.ok('auth.applyPromotionalCode', { body: { code: 'ONE' } })
    expect((await label.call('auth.applyPromotionalCode', { body: { code: 'ONE' } })).error.errors?.code).toBe(
      'This code has been fully used.',
    )
  })

  it('marks the changelog read and the first-run setup postponed for the session', async () => {
    const client = await signedIn(t.app, 'operator@acme.test')
    const before = await client.ok('auth.me')
    expect(before.account).toMatchObject({ changelogUnread: true, hasInit: false, initDeferred: false, isOperator: true })
    await client.ok('auth.readChangelog')
    await client.ok('auth.initCompleteLater')
    expect((await client.ok('auth.me')).account).toMatchObject({ changelogUnread: false, initDeferred: true })
    // Postponing lasts for this session only.
    const nextSession = await signedIn(t.app, 'operator@acme.test')
    expect((await nextSession.ok('auth.me')).account.initDeferred).toBe(false)
    // Completing needs the wizard's steps done first (tests/api/site-setup.test.ts).
    expect((await client.call('auth.initComplete')).status).toBe(409)
    expect((await client.ok('auth.me')).account.hasInit).toBe(false)
  })

  it('emails a step-up code for sensitive changes', async () => {
    const client = await signedIn(t.app, 'label@acme.test')
    const sent = await client.ok('auth.stepUpOtpSend')
    expect(sent.sent).toBe(true)
    const mail = await smtp.waitFor('label@acme.test', (m) => m.subject.includes('confirms your change'))
    const { consumeStepUpCode } = await import('../../src/domains/auth/server/service')
    const [label] = await t.services.db.select().from(accounts).where(eq(accounts.email, 'label@acme.test'))
    expect(await consumeStepUpCode(t.services.db, label.id, codeIn(mail.subject), new Date())).toBe(true)
    expect(await consumeStepUpCode(t.services.db, label.id, codeIn(mail.subject), new Date())).toBe(false)
  })
})

describe('turning the second factor on', () => {
  it('needs the emailed code, and then every sign-in asks for one', async () => {
    const account = await createAccount(t.services, { tenantId: ws.tenant.id, email: 'careful@acme.test' })
    const client = await signedIn(t.app, account.email)
    const refused = await client.call('auth.twoFactor', { body: { enabled: true, code: '123456' } })
    expect(refused.status).toBe(400)
    expect(refused.error.errors?.code).toBe('This code is not right or has expired.')
    await client.ok('auth.stepUpOtpSend')
    const mail = await smtp.waitFor(account.email, (m) => m.subject.includes('confirms your change'))
    expect(await client.ok('auth.twoFactor', { body: { enabled: true, code: codeIn(mail.subject) } })).toEqual({ twoFactorEnabled: true })
    expect((await client.ok('auth.me')).account.twoFactorEnabled).toBe(true)
    const next = await new TestClient(t.app).ok('auth.login', { body: { email: account.email, password: PASSWORD } })
    expect(next.status).toBe('two_factor_required')
    const trail = await t.services.db.select().from(auditLog).where(eq(auditLog.action, 'account.two_factor_enabled'))
    expect(trail).toHaveLength(1)
  })
})

describe('continue as another account', () => {
  it('lets staff act as an artist with a way back, and audits both', async () => {
    const staff = await signedIn(t.app, 'admin@acme.test')
    const ownSession = (await staff.ok('auth.me')).session.id
    const acting = await staff.ok('auth.continueAsCollaborator', { body: { accountId: ws.artist.id } })
    expect(acting.account.email).toBe('artist@acme.test')
    expect(acting.actingAs).toEqual({ originalAccountId: ws.admin.id, originalDisplayName: 'Test Person' })
    expect((await staff.ok('auth.me')).account.email).toBe('artist@acme.test')
    const back = await staff.ok('auth.continueAsCollaborator', { body: {} })
    expect(back.account.email).toBe('admin@acme.test')
    expect(back.session.id).toBe(ownSession)
    expect(back.actingAs).toBeNull()
    expect((await staff.ok('auth.me')).account.email).toBe('admin@acme.test')
    const trail = await t.services.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(ws.artist.id)))
    expect(trail.map((row) => row.action)).toEqual(expect.arrayContaining(['account.continue_as', 'account.continue_as_ended']))
    const [acted] = await t.services.db.select().from(sessions).where(eq(sessions.id, acting.session.id))
    expect(acted.revokedReason).toBe('returned')
  })

  it('is refused to non-staff and towards other admins', async () => {
    const artist = await signedIn(t.app, 'artist@acme.test')
    expect((await artist.call('auth.continueAsCollaborator', { body: { accountId: ws.label.id } })).status).toBe(403)
    const staff = await signedIn(t.app, 'admin@acme.test')
    expect((await staff.call('auth.continueAsCollaborator', { body: { accountId: ws.operator.id } })).status).toBe(403)
    expect((await staff.call('auth.continueAsCollaborator', { body: {} })).error.message).toBe('You are not continuing as another account.')
  })
})
