import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { TestClient } from '../helpers/client'
import { PASSWORD, createAccount, createTenant, createWorkspace } from '../helpers/fixtures'
import { startFakeServer } from '../helpers/fake-servers'
import { startSmtpSink } from '../helpers/smtp'
import { buildApp } from '../../src/server/app'
import { loginHistory } from '../../src/server/db/schema'
import { DEVICE_COOKIE, GUARD } from '../../src/domains/auth/server/sign-in-guard'
import { CSRF_COOKIE, SESSION_COOKIE } from '../../src/core/session'

/** Sign-in that a stranger cannot lock (issue 17 item 4; the rules are in docs/security.md). */
let t: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpSink>>
let ipCounter = 0
/** Each test speaks from its own address, so the per-address counter of one does not reach another. */
const address = () => ({ 'x-forwarded-for': `198.51.100.${++ipCounter}` })

beforeAll(async () => {
  smtp = await startSmtpSink()
  t = await createTestApp({ env: { TRUST_PROXY: '1', SMTP_URL: smtp.url, MAIL_FROM: 'Acme <no-reply@acme.test>' } })
  await createWorkspace(t.services, 'acme')
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})

async function fail(client: TestClient, email: string, headers: Record<string, string>, times: number, tenant?: string) {
  for (let i = 0; i < times; i++) {
    const result = await client.call('auth.login', { body: { email, password: `wrong-${i}`, tenant }, headers })
    expect(result.status).toBe(422)
  }
}

/** A browser that signed in to the account before and then signed out: it keeps only its device cookie. */
async function rememberedDevice(email: string, headers: Record<string, string>) {
  const device = new TestClient(t.app)
  await device.ok('auth.login', { body: { email, password: PASSWORD }, headers })
  expect(device.cookies.get(DEVICE_COOKIE)).toBeTruthy()
  device.cookies.delete(SESSION_COOKIE)
  device.cookies.delete(CSRF_COOKIE)
  return device
}

/** Moves every failure of this account back in time, as if the wait had passed. */
async function age(accountId: number, seconds: number) {
  const rows = await t.services.db.select().from(loginHistory).where(eq(loginHistory.accountId, accountId))
  for (const row of rows)
    await t.services.db
      .update(loginHistory)
      .set({ createdAt: new Date(row.createdAt.getTime() - seconds * 1000) })
      .where(eq(loginHistory.id, row.id))
}

describe('a stranger cannot lock the real user out', () => {
  it("lets the owner's remembered device sign in with the right password after a stranger's failures", async () => {
    const ws = await createTenant(t.services, 'owner1')
    const account = await createAccount(t.services, { tenantId: ws.id, email: 'owner@owner1.test' })
    const device = await rememberedDevice(account.email, address())
    const stranger = new TestClient(t.app)
    await fail(stranger, account.email, address(), GUARD.accountFailures)
    expect((await stranger.call('auth.login', { body: { email: account.email, password: PASSWORD }, headers: address() })).status).toBe(429)
    const owner = await device.call('auth.login', { body: { email: account.email, password: PASSWORD }, headers: address() })
    expect(owner.status).toBe(200)
  })

  it('slows unknown devices down instead of locking them out: a wait that grows, then the right password works', async () => {
    const ws = await createTenant(t.services, 'slow1')
    const account = await createAccount(t.services, { tenantId: ws.id, email: 'slow@slow1.test' })
    const client = new TestClient(t.app)
    await fail(client, account.email, address(), GUARD.accountFailures)
    const waiting = await client.call('auth.login', { body: { email: account.email, password: PASSWORD }, headers: address() })
    expect(waiting.status).toBe(429)
    expect(waiting.error.code).toBe('rate_limited')
    expect(Number(waiting.response.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(waiting.response.headers['retry-after'])).toBeLessThanOrEqual(GUARD.firstDelaySeconds)
    await age(account.id, GUARD.firstDelaySeconds + 1)
    expect((await client.call('auth.login', { body: { email: account.email, password: PASSWORD }, headers: address() })).status).toBe(200)
  })

  it('asks unknown devices for the captcha when one is configured, and accepts the right password with it', async () => {
    const fake = await startFakeServer((_req, body) => ({ json: { success: new URLSearchParams(body).get('response') === 'human' } }))
    const app = await buildApp({
      config: { ...t.config, captcha: { secret: 's3cret', verifyUrl: `${fake.url}/siteverify` } },
      database: t.database,
      clientDir: null,
      logger: false,
      strict: false,
    })
    try {
      const ws = await createTenant(t.services, 'cap1')
      const account = await createAccount(t.services, { tenantId: ws.id, email: 'cap@cap1.test' })
      const client = new TestClient(app)
      const headers = address()
      await fail(client, account.email, headers, GUARD.accountFailures)
      const asked = await client.call('auth.login', { body: { email: account.email, password: PASSWORD }, headers })
      expect(asked.status).toBe(429)
      expect(asked.error).toMatchObject({ code: 'captcha_required', errors: { captchaToken: expect.any(String) } })
      const robot = await client.call('auth.login', { body: { email: account.email, password: PASSWORD, captchaToken: 'robot' }, headers })
      expect(robot.error.errors).toEqual({ captchaToken: 'The captcha was not accepted. Try again.' })
      const human = await client.call('auth.login', { body: { email: account.email, password: PASSWORD, captchaToken: 'human' }, headers })
      expect(human.status).toBe(200)
    } finally {
      await app.close()
      await fake.close()
    }
  })

  it('counts failures per workspace and account: failures at another workspace do not touch this one', async () => {
    const home = await createTenant(t.services, 'home1')
    const other = await createTenant(t.services, 'other1')
    await createAccount(t.services, { tenantId: home.id, email: 'same@shared.test' })
    await createAccount(t.services, { tenantId: other.id, email: 'same@shared.test' })
    const client = new TestClient(t.app)
    await fail(client, 'same@shared.test', address(), GUARD.accountFailures, 'other1')
    const atHome = await client.call('auth.login', { body: { email: 'same@shared.test', password: PASSWORD, tenant: 'home1' }, headers: address() })
    expect(atHome.status).toBe(200)
  })

  it('challenges an address that fails on many accounts, but not a remembered device behind it nor other addresses', async () => {
    const ws = await createTenant(t.services, 'nat1')
    const account = await createAccount(t.services, { tenantId: ws.id, email: 'member@nat1.test' })
    const office = address()
    const device = await rememberedDevice(account.email, office)
    const sprayer = new TestClient(t.app)
    for (let i = 0; i < GUARD.addressFailures; i++) {
      const result = await sprayer.call('auth.login', { body: { email: `spray${i}@nat1.test`, password: 'x', tenant: 'nat1' }, headers: office })
      expect(result.status).toBe(422)
    }
    const colleague = await createAccount(t.services, { tenantId: ws.id, email: 'colleague@nat1.test' })
    const newcomer = await new TestClient(t.app).call('auth.login', { body: { email: colleague.email, password: PASSWORD }, headers: office })
    expect(newcomer.status).toBe(429)
    expect((await device.call('auth.login', { body: { email: account.email, password: PASSWORD }, headers: office })).status).toBe(200)
    const elsewhere = await new TestClient(t.app).call('auth.login', { body: { email: colleague.email, password: PASSWORD }, headers: address() })
    expect(elsewhere.status).toBe(200)
  })

  it('stops trusting a remembered device after its own failures, and ignores a forged device cookie', async () => {
    const ws = await createTenant(t.services, 'dev1')
    const account = await createAccount(t.services, { tenantId: ws.id, email: 'dev@dev1.test' })
    const device = await rememberedDevice(account.email, address())
    await fail(device, account.email, address(), GUARD.deviceFailures)
    // Those failures were the device's own: the account counter for other devices did not move.
    const denied = await t.services.db
      .select()
      .from(loginHistory)
      .where(and(eq(loginHistory.accountId, account.id), eq(loginHistory.granted, false)))
    expect(denied.every((row) => row.device !== null)).toBe(true)
    expect((await device.call('auth.login', { body: { email: account.email, password: PASSWORD }, headers: address() })).status).toBe(429)

    const forger = new TestClient(t.app)
    const real = device.cookies.get(DEVICE_COOKIE)!
    forger.cookies.set(DEVICE_COOKIE, real.replace(/\.[^.]+$/, '.forged'))
    await fail(forger, account.email, address(), GUARD.accountFailures)
    expect((await forger.call('auth.login', { body: { email: account.email, password: PASSWORD }, headers: address() })).status).toBe(429)
  })

  it('emails the account once when failures reach the threshold', async () => {
    const ws = await createTenant(t.services, 'mail1', 'Mail One')
    const account = await createAccount(t.services, { tenantId: ws.id, email: 'notify@mail1.test' })
    await fail(new TestClient(t.app), account.email, address(), GUARD.accountFailures - 1)
    expect(smtp.messages.some((mail) => mail.to.includes(account.email))).toBe(false)
    await fail(new TestClient(t.app), account.email, address(), 1)
    const mail = await smtp.waitFor(account.email, (m) => m.subject.includes('Failed sign-ins'))
    expect(mail.subject).toBe('Failed sign-ins to your Mail One account')
    expect(mail.text).toContain(`${GUARD.accountFailures} failed attempts`)
  })

  it('keeps its counters in the database: a second app process sees the failures of the first', async () => {
    const second = await buildApp({ config: t.config, database: t.database, clientDir: null, logger: false, strict: false })
    try {
      const ws = await createTenant(t.services, 'multi1')
      const account = await createAccount(t.services, { tenantId: ws.id, email: 'multi@multi1.test' })
      await fail(new TestClient(t.app), account.email, address(), GUARD.accountFailures)
      const viaSecond = await new TestClient(second).call('auth.login', { body: { email: account.email, password: PASSWORD }, headers: address() })
      expect(viaSecond.status).toBe(429)
    } finally {
      await second.close()
    }
  })
})
