import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { TestClient } from '../helpers/client'
import { createAccount, createWorkspace } from '../helpers/fixtures'
import { startFakeOidcIssuer, startFakeServer } from '../helpers/fake-servers'
import { accounts } from '../../src/server/db/schema'

describe('outside services that are not configured', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
    await createWorkspace(t.services, 'acme')
  })
  afterAll(() => t.close())

  it('says Google sign-in is not configured', async () => {
    const guest = new TestClient(t.app)
    for (const id of ['auth.loginGoogle', 'auth.registerGoogle'] as const) {
      const result = await guest.call(id, { body: { credential: 'x', tenant: 'acme' } })
      expect(result.status).toBe(503)
      expect(result.error).toEqual({ message: 'Google sign-in is not configured', code: 'not_configured' })
    }
    expect((await guest.ok('site.public')).googleSignIn).toEqual({ enabled: false, clientId: null })
  })

  it('says the captcha is not configured', async () => {
    const result = await new TestClient(t.app).call('auth.captcha', { body: { token: 'abc' } })
    expect(result.status).toBe(503)
    expect(result.error.message).toBe('Captcha is not configured')
  })
})

describe('Google sign-in against a local OpenID Connect issuer', () => {
  let t: TestApp
  let issuer: Awaited<ReturnType<typeof startFakeOidcIssuer>>
  beforeAll(async () => {
    issuer = await startFakeOidcIssuer()
    t = await createTestApp({ env: { GOOGLE_CLIENT_ID: 'wl-admin-test', GOOGLE_ISSUER: issuer.issuer } })
    await createWorkspace(t.services, 'acme')
  })
  afterAll(async () => {
    await t.close()
    await issuer.close()
  })

  it('registers from a verified ID token, then signs in with it', async () => {
    const token = await issuer.idToken(
      { sub: 'g-123', email: 'Gina@Gmail.test', email_verified: true, given_name: 'Gina', family_name: 'Gold' },
      { audience: 'wl-admin-test' },
    )
    const guest = new TestClient(t.app)
    const created = await guest.call('auth.registerGoogle', { body: { credential: token, type: 'label', tenant: 'acme' } })
    expect(created.status).toBe(201)
    expect(created.data).toMatchObject({ account: { email: 'gina@gmail.test', type: 'label', firstName: 'Gina', emailVerified: true } })
    const again = new TestClient(t.app)
    expect(await again.ok('auth.loginGoogle', { body: { credential: token, tenant: 'acme' } })).toMatchObject({
      status: 'authenticated',
      account: { email: 'gina@gmail.test' },
    })
    expect((await guest.ok('site.public')).googleSignIn).toEqual({ enabled: true, clientId: 'wl-admin-test' })
  })

  it('links a Google identity to an existing account with the same verified email', async () => {
    const ws = await t.services.tenants.bySlug('acme')
    const account = await createAccount(t.services, { tenantId: ws!.id, email: 'linked@acme.test' })
    const token = await issuer.idToken({ sub: 'g-456', email: 'linked@acme.test', email_verified: true }, { audience: 'wl-admin-test' })
    await new TestClient(t.app).ok('auth.loginGoogle', { body: { credential: token, tenant: 'acme' } })
    const [row] = await t.services.db.select().from(accounts).where(eq(accounts.id, account.id))
    expect(row.googleSubject).toBe('g-456')
  })

  it('refuses a token for another audience, from another issuer, or expired', async () => {
    const guest = new TestClient(t.app)
    const wrongAudience = await issuer.idToken({ sub: 'g-1', email: 'a@b.test', email_verified: true }, { audience: 'someone-else' })
    const wrongIssuer = await issuer.idToken(
      { sub: 'g-1', email: 'a@b.test', email_verified: true },
      { audience: 'wl-admin-test', issuer: 'https://evil.example' },
    )
    const expired = await issuer.idToken(
      { sub: 'g-1', email: 'a@b.test', email_verified: true },
      { audience: 'wl-admin-test', expiresIn: '-1m' },
    )
    for (const credential of [wrongAudience, wrongIssuer, expired, 'not.a.jwt']) {
      const result = await guest.call('auth.loginGoogle', { body: { credential, tenant: 'acme' } })
      expect(result.status).toBe(401)
      expect(result.error.message).toBe('The Google sign-in could not be verified. Try again.')
    }
  })

  it('answers clearly when no account matches', async () => {
    const token = await issuer.idToken({ sub: 'g-789', email: 'stranger@gmail.test', email_verified: true }, { audience: 'wl-admin-test' })
    const result = await new TestClient(t.app).call('auth.loginGoogle', { body: { credential: token, tenant: 'acme' } })
    expect(result.status).toBe(422)
    expect(result.error.message).toBe('There is no account for this Google address in this workspace. Register first.')
  })
})

describe('captcha against a local siteverify server', () => {
  let t: TestApp
  let fake: Awaited<ReturnType<typeof startFakeServer>>
  beforeAll(async () => {
    fake = await startFakeServer((_req, body) => ({
      json: { success: new URLSearchParams(body).get('response') === 'human' && new URLSearchParams(body).get('secret') === 's3cret' },
    }))
    t = await createTestApp({ env: { CAPTCHA_SECRET: 's3cret', CAPTCHA_VERIFY_URL: `${fake.url}/siteverify` } })
    await createWorkspace(t.services, 'acme')
  })
  afterAll(async () => {
    await t.close()
    await fake.close()
  })

  it('verifies tokens with the provider and requires one to register', async () => {
    const guest = new TestClient(t.app)
    expect(await guest.ok('auth.captcha', { body: { token: 'human' } })).toEqual({ success: true })
    expect(await guest.ok('auth.captcha', { body: { token: 'robot' } })).toEqual({ success: false })
    const body = { email: 'cap@acme.test', password: 'long enough', firstName: 'C', lastName: 'P', type: 'artist' as const, tenant: 'acme' }
    expect((await guest.call('auth.register', { body })).error.errors).toEqual({ captchaToken: 'Complete the captcha.' })
    expect((await guest.call('auth.register', { body: { ...body, captchaToken: 'robot' } })).error.errors).toEqual({
      captchaToken: 'The captcha was not accepted. Try again.',
    })
    expect((await guest.call('auth.register', { body: { ...body, captchaToken: 'human' } })).status).toBe(201)
    expect(fake.requests.every((request) => request.method === 'POST')).toBe(true)
  })
})
