import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { TestClient } from '../helpers/client'
import { PASSWORD, createAccount, createWorkspace, signedIn } from '../helpers/fixtures'
import { accounts, loginHistory, sessions } from '../../src/server/db/schema'
import { revokeSessions } from '../../src/server/auth/sessions'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>

beforeAll(async () => {
  t = await createTestApp()
  ws = await createWorkspace(t.services, 'acme')
})
afterAll(() => t.close())

describe('the page’s session check (auth/session)', () => {
  it('answers 200 with null when nobody is signed in, so a guest page logs no failed request', async () => {
    const guest = new TestClient(t.app)
    const answer = await guest.call('auth.session')
    expect([answer.status, answer.data]).toEqual([200, { me: null }])
    // auth/me itself still refuses a guest.
    expect((await guest.call('auth.me')).status).toBe(401)
  })

  it('answers the account exactly as auth/me does when signed in, and null again after sign-out', async () => {
    const client = new TestClient(t.app)
    await client.ok('auth.login', { body: { email: 'admin@acme.test', password: PASSWORD } })
    const { me } = await client.ok('auth.session')
    expect(me).toEqual(await client.ok('auth.me'))
    await client.ok('auth.logout')
    expect((await client.ok('auth.session')).me).toBeNull()
  })
})

describe('sign-in', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie for 7 days and a readable CSRF cookie', async () => {
    const client = new TestClient(t.app)
    const result = await client.call('auth.login', { body: { email: 'admin@acme.test', password: PASSWORD } })
    expect(result.status).toBe(200)
    expect(result.data).toMatchObject({
      status: 'authenticated',
      account: { email: 'admin@acme.test', type: 'admin' },
      tenant: { slug: 'acme' },
    })
    const cookies = Object.fromEntries(result.response.cookies.map((cookie) => [cookie.name, cookie]))
    expect(cookies.wl_session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(cookies.wl_session.value.length).toBeGreaterThanOrEqual(43) // 256 bits, base64url
    const days = (new Date(cookies.wl_session.expires!).getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThanOrEqual(7)
    expect(cookies.wl_csrf.httpOnly).toBeFalsy()
    expect(JSON.stringify(result.data)).not.toContain(cookies.wl_session.value)
    expect(result.response.headers['x-session-token']).toBeUndefined()
    const me = await client.ok('auth.me')
    expect(me.account.email).toBe('admin@acme.test')
  })

  it('stores only a hash of the session token', async () => {
    const client = await signedIn(t.app, 'artist@acme.test')
    const rows = await t.services.db.select({ tokenHash: sessions.tokenHash }).from(sessions)
    expect(rows.some((row) => row.tokenHash === client.sessionToken)).toBe(false)
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true)
  })

  it('stores passwords as argon2id with OWASP parameters', async () => {
    const [row] = await t.services.db.select({ hash: accounts.passwordHash }).from(accounts).where(eq(accounts.email, 'admin@acme.test'))
    expect(row.hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/)
  })

  it('refuses wrong credentials with one message and records Access Denied', async () => {
    const client = new TestClient(t.app)
    const wrong = await client.call('auth.login', { body: { email: 'label@acme.test', password: 'not the password' } })
    const unknown = await client.call('auth.login', { body: { email: 'nobody@acme.test', password: 'not the password' } })
    expect(wrong.status).toBe(422)
    expect(unknown.status).toBe(422)
    expect(wrong.error.message).toBe('These credentials do not match our records.')
    expect(unknown.error.message).toBe(wrong.error.message)
    const denied = await t.services.db.select().from(loginHistory).where(eq(loginHistory.email, 'label@acme.test'))
    expect(denied.filter((row) => !row.granted)).toHaveLength(1)
  })

  it('gives API clients a bearer token on request, without cookies, and needs no CSRF header for it', async () => {
    const client = new TestClient(t.app)
    const result = await client.call('auth.login', { body: { email: 'label@acme.test', password: PASSWORD, issueToken: true } })
    expect(result.status).toBe(200)
    expect(result.response.cookies).toHaveLength(0)
    const token = (result.data as { token?: string }).token
    expect(token).toBeTruthy()
    const api = new TestClient(t.app)
    api.bearer = token!
    expect((await api.ok('auth.me')).account.email).toBe('label@acme.test')
    expect((await api.call('auth.readChangelog')).status).toBe(200)
  })

  it('protects cookie-authenticated writes against CSRF', async () => {
    const client = await signedIn(t.app, 'artist@acme.test')
    const missing = await client.call('auth.readChangelog', { headers: { 'x-csrf-token': '' } })
    expect(missing.status).toBe(403)
    expect(missing.error.code).toBe('csrf_failed')
    const wrong = await client.call('auth.readChangelog', { headers: { 'x-csrf-token': 'forged' } })
    expect(wrong.status).toBe(403)
    const crossSite = await client.call('auth.readChangelog', { headers: { origin: 'https://evil.example' } })
    expect(crossSite.status).toBe(403)
    expect(crossSite.error.message).toBe('Cross-site request refused.')
    expect((await client.call('auth.readChangelog')).status).toBe(200)
    // Reads need no token.
    expect((await client.call('auth.me', { headers: { 'x-csrf-token': '' } })).status).toBe(200)
  })

  it('signs out: the session ends and its cookie stops working', async () => {
    const client = await signedIn(t.app, 'artist@acme.test')
    const token = client.sessionToken!
    await client.ok('auth.logout')
    expect(client.sessionToken).toBeUndefined()
    const replay = new TestClient(t.app)
    replay.cookies.set('wl_session', token)
    const result = await replay.call('auth.me')
    expect(result.status).toBe(401)
    expect(result.error.message).toBe('Your session has ended. Sign in again.')
  })

  it('answers 401 for an expired session', async () => {
    const client = await signedIn(t.app, 'artist@acme.test')
    const me = await client.ok('auth.me')
    await t.services.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, me.session.id))
    const result = await client.call('auth.me')
    expect(result.status).toBe(401)
    expect(result.error).toMatchObject({ code: 'unauthenticated', message: 'Your session has expired. Sign in again.' })
  })

  it('survives a server restart: the session lives in the database', async () => {
    const client = await signedIn(t.app, 'admin@acme.test')
    const other = await (
      await import('../../src/server/app')
    ).buildApp({ config: t.config, database: t.database, clientDir: null, logger: false })
    const again = new TestClient(other)
    again.cookies = new Map(client.cookies)
    expect((await again.ok('auth.me')).account.email).toBe('admin@acme.test')
    await other.close()
  })
})

describe('banned accounts', () => {
  it('has every session revoked at once and the next request refused with code banned', async () => {
    const account = await createAccount(t.services, { tenantId: ws.tenant.id, email: 'soon-banned@acme.test' })
    const first = await signedIn(t.app, account.email)
    const second = await signedIn(t.app, account.email)
    await t.services.db.transaction(async (tx) => {
      await tx.update(accounts).set({ banned: true }).where(eq(accounts.id, account.id))
      await revokeSessions(tx, { accountId: account.id, reason: 'banned', now: new Date() })
    })
    for (const client of [first, second]) {
      const result = await client.call('auth.me')
      expect(result.status).toBe(401)
      expect(result.error).toEqual({ code: 'banned', message: 'Your account has been banned.' })
    }
    const login = await new TestClient(t.app).call('auth.login', { body: { email: account.email, password: PASSWORD } })
    expect(login.status).toBe(403)
    expect(login.error.code).toBe('banned')
  })

  it('refuses a banned account even if a session was left open', async () => {
    const account = await createAccount(t.services, { tenantId: ws.tenant.id, email: 'flag-only@acme.test' })
    const client = await signedIn(t.app, account.email)
    await t.services.db.update(accounts).set({ banned: true }).where(eq(accounts.id, account.id))
    expect((await client.call('auth.me')).error.code).toBe('banned')
    const [open] = await t.services.db
      .select({ count: sql<number>`count(*)::int` })
      .from(sessions)
      .where(sql`${sessions.accountId} = ${account.id} and ${sessions.revokedAt} is null`)
    expect(open.count).toBe(0)
  })
})

describe('rate limits', () => {
  it('makes an unknown device wait after 5 failures in 15 minutes, even for the right password', async () => {
    const account = await createAccount(t.services, { tenantId: ws.tenant.id, email: 'target@acme.test' })
    const client = new TestClient(t.app)
    for (let i = 0; i < 5; i++)
      expect((await client.call('auth.login', { body: { email: account.email, password: 'guess' + i } })).status).toBe(422)
    const blocked = await client.call('auth.login', { body: { email: account.email, password: PASSWORD } })
    expect(blocked.status).toBe(429)
    expect(blocked.error.message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ seconds\.$/)
    await t.services.db
      .update(loginHistory)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(loginHistory.email, account.email))
    expect((await client.call('auth.login', { body: { email: account.email, password: PASSWORD } })).status).toBe(200)
  })

  it('limits one address trying many accounts', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.9' }
    // Without TRUST_PROXY the socket address counts, so this uses its own app.
    const trusted = await createTestApp({ env: { TRUST_PROXY: '1' } })
    await createWorkspace(trusted.services, 'ipco')
    const viaProxy = new TestClient(trusted.app)
    for (let i = 0; i < 20; i++) await viaProxy.call('auth.login', { body: { email: `spray${i}@ipco.test`, password: 'x' }, headers: ip })
    const blocked = await viaProxy.call('auth.login', { body: { email: 'admin@ipco.test', password: PASSWORD }, headers: ip })
    expect(blocked.status).toBe(429)
    const elsewhere = await viaProxy.call('auth.login', {
      body: { email: 'admin@ipco.test', password: PASSWORD },
      headers: { 'x-forwarded-for': '198.51.100.4' },
    })
    expect(elsewhere.status).toBe(200)
    await trusted.close()
  })
})

describe('sessions and history', () => {
  it('lists open sessions with device details and revokes one of them', async () => {
    const phone = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'
    const mobile = new TestClient(t.app)
    await mobile.ok('auth.login', { body: { email: 'label@acme.test', password: PASSWORD }, headers: { 'user-agent': phone } })
    const desktop = await signedIn(t.app, 'label@acme.test')
    const list = await desktop.ok('auth.activeSessions')
    const current = list.data.find((session) => session.current)!
    const pixel = list.data.find((session) => session.device === 'Mobile Google Pixel 8')!
    expect(current).toBeDefined()
    expect(pixel).toMatchObject({ browser: 'Chrome 126.0.0.0', os: 'Android 14', ip: '127.0.0.1', current: false })
    await desktop.ok('auth.revokeSession', { params: { id: pixel.id } })
    expect((await mobile.call('auth.me')).status).toBe(401)
    expect((await desktop.ok('auth.activeSessions')).data.map((s) => s.id)).not.toContain(pixel.id)
  })

  it("cannot revoke another account's session", async () => {
    const mine = await signedIn(t.app, 'artist@acme.test')
    const theirs = await signedIn(t.app, 'label@acme.test')
    const theirSession = (await theirs.ok('auth.me')).session.id
    expect((await mine.call('auth.revokeSession', { params: { id: theirSession } })).status).toBe(404)
    expect((await theirs.call('auth.me')).status).toBe(200)
  })

  it('shows login history with repeated attempts grouped', async () => {
    const account = await createAccount(t.services, { tenantId: ws.tenant.id, email: 'history@acme.test' })
    const client = new TestClient(t.app)
    await client.call('auth.login', { body: { email: account.email, password: 'wrong-1' } })
    await client.call('auth.login', { body: { email: account.email, password: 'wrong-2' } })
    await client.ok('auth.login', { body: { email: account.email, password: PASSWORD } })
    const history = await client.ok('auth.loginHistory')
    expect(history.data.map((row) => [row.type, row.repeated])).toEqual([
      ['Access Granted', 1],
      ['Access Denied', 2],
    ])
  })
})
