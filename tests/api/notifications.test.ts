import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { TestClient } from '../helpers/client'
import { PASSWORD, createAccount, createWorkspace, signedIn } from '../helpers/fixtures'
import { notifications } from '../../src/server/db/schema'
import { notify, notifyAdmins } from '../../src/domains/notifications/server/service'

let t: TestApp
let acme: Awaited<ReturnType<typeof createWorkspace>>
let globex: Awaited<ReturnType<typeof createWorkspace>>

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36'
const CHROME_MAC_UPDATED =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0'

/** Notifications for one account, oldest first, one minute apart. */
async function seed(tenantId: number, accountId: number, items: { title: string; message?: string; read?: boolean }[]) {
  const start = Date.now() - items.length * 60_000
  const rows = await t.services.db
    .insert(notifications)
    .values(
      items.map((item, index) => ({
        tenantId,
        accountId,
        title: item.title,
        message: item.message ?? `About ${item.title}`,
        createdAt: new Date(start + index * 60_000),
        readAt: item.read ? new Date() : null,
      })),
    )
    .returning()
  return rows
}

async function signInWithAgent(email: string, userAgent: string) {
  const client = new TestClient(t.app)
  await client.ok('auth.login', { body: { email, password: PASSWORD }, headers: { 'user-agent': userAgent } })
  return client
}

async function titlesOf(accountId: number) {
  const rows = await t.services.db.select().from(notifications).where(eq(notifications.accountId, accountId))
  return rows.map((row) => row.title)
}

beforeAll(async () => {
  t = await createTestApp()
  acme = await createWorkspace(t.services, 'acme')
  globex = await createWorkspace(t.services, 'globex')
})
afterAll(() => t.close())

describe('notifications list', () => {
  it('pages the signed-in account’s own notifications, newest first, five by default', async () => {
    const account = await createAccount(t.services, { tenantId: acme.tenant.id, email: 'pager@acme.test' })
    await seed(
      acme.tenant.id,
      account.id,
      Array.from({ length: 7 }, (_, index) => ({ title: `Release ${index + 1} delivered` })),
    )
    await seed(acme.tenant.id, acme.artist.id, [{ title: 'Someone else’s payout' }])
    const client = await signedIn(t.app, account.email)
    const first = await client.ok('notifications.list', { query: {} })
    expect(first.data.map((item) => item.title)).toEqual([
      'Release 7 delivered',
      'Release 6 delivered',
      'Release 5 delivered',
      'Release 4 delivered',
      'Release 3 delivered',
    ])
    expect(first.meta).toMatchObject({ total: 7, last_page: 2, page: 1, per_page: 5 })
    const second = await client.ok('notifications.list', { query: { page: 2 } })
    expect(second.data.map((item) => item.title)).toEqual(['Release 2 delivered', 'Release 1 delivered'])
    expect(second.data[0]).toMatchObject({ read: false, type: 'default', link: null, fileUrl: null, message: 'About Release 2 delivered' })
  })

  it('filters by read state and searches title and message case-insensitively, wildcards as characters', async () => {
    const account = await createAccount(t.services, { tenantId: acme.tenant.id, email: 'filter@acme.test' })
    await seed(acme.tenant.id, account.id, [
      { title: 'Payout sent', message: 'Your payout of $120 is on its way', read: true },
      { title: 'Release approved', message: 'Summer EP is live' },
      { title: 'Split invitation', message: 'You were added to a 50% split' },
      { title: 'Weekly report', message: 'Streams grew 5 percent' },
    ])
    const client = await signedIn(t.app, account.email)
    const titles = async (query: Record<string, string>) =>
      (await client.ok('notifications.list', { query })).data.map((item) => item.title)
    expect(await titles({ status: 'read' })).toEqual(['Payout sent'])
    expect(await titles({ status: 'unread' })).toEqual(['Weekly report', 'Split invitation', 'Release approved'])
    expect(await titles({ search: 'PAYOUT' })).toEqual(['Payout sent'])
    expect(await titles({ search: 'summer ep' })).toEqual(['Release approved'])
    expect(await titles({ search: '50%' })).toEqual(['Split invitation'])
    expect(await titles({ search: '5%' })).toEqual([])
    expect(await titles({ search: 'payout', status: 'unread' })).toEqual([])
    const empty = await client.ok('notifications.list', { query: { search: 'nothing like this' } })
    expect(empty.meta).toMatchObject({ total: 0, last_page: 1 })
  })

  it('refuses a bad filter and a guest', async () => {
    const client = await signedIn(t.app, acme.artist.email)
    const bad = await client.call('notifications.list', { query: { status: 'archived' as never } })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.error.errors ?? {})).toEqual(['status'])
    expect((await client.call('notifications.list', { query: { per_page: 0 } })).status).toBe(400)
    expect((await new TestClient(t.app).call('notifications.list', { query: {} })).status).toBe(401)
  })
})

describe('notification actions', () => {
  it('marks one read, only the account’s own; another’s is not found and stays unread', async () => {
    const owner = await createAccount(t.services, { tenantId: acme.tenant.id, email: 'owner@acme.test' })
    const [mine] = await seed(acme.tenant.id, owner.id, [{ title: 'Mine' }])
    const [theirs] = await seed(acme.tenant.id, acme.label.id, [{ title: 'Theirs' }])
    const client = await signedIn(t.app, owner.email)
    const read = await client.ok('notifications.read', { params: { id: mine.id } })
    expect(read).toMatchObject({ id: mine.id, title: 'Mine', read: true })
    expect((await client.ok('notifications.userBadge')).unread).toBe(0)
    const foreign = await client.call('notifications.read', { params: { id: theirs.id } })
    expect(foreign.status).toBe(404)
    expect(foreign.error.message).toBe('There is no such notification.')
    expect((await client.call('notifications.read', { params: { id: 999_999 } })).status).toBe(404)
    const label = await signedIn(t.app, acme.label.email)
    expect((await label.ok('notifications.list', { query: { status: 'unread' } })).data.map((item) => item.id)).toContain(theirs.id)
  })

  it('marks all read and clears, without touching other accounts', async () => {
    const account = await createAccount(t.services, { tenantId: acme.tenant.id, email: 'bulk@acme.test' })
    const other = await createAccount(t.services, { tenantId: acme.tenant.id, email: 'bystander@acme.test' })
    await seed(acme.tenant.id, account.id, [{ title: 'One' }, { title: 'Two' }, { title: 'Three', read: true }])
    await seed(acme.tenant.id, other.id, [{ title: 'Bystander' }])
    const client = await signedIn(t.app, account.email)
    expect(await client.ok('notifications.markAllRead')).toEqual({ updated: 2 })
    expect((await client.ok('notifications.list', { query: { status: 'unread' } })).meta.total).toBe(0)
    expect(await client.ok('notifications.markAllRead')).toEqual({ updated: 0 })
    expect(await client.ok('notifications.clear')).toEqual({ deleted: 3 })
    expect((await client.ok('notifications.list', { query: {} })).meta.total).toBe(0)
    const bystander = await signedIn(t.app, other.email)
    expect(await bystander.ok('notifications.userBadge')).toMatchObject({ unread: 1, latest: [{ title: 'Bystander', read: false }] })
  })

  it('deletes one of the account’s own; another’s is not found and kept', async () => {
    const account = await createAccount(t.services, { tenantId: acme.tenant.id, email: 'deleter@acme.test' })
    const [keep, drop] = await seed(acme.tenant.id, account.id, [{ title: 'Keep' }, { title: 'Drop' }])
    const [foreign] = await seed(acme.tenant.id, acme.admin.id, [{ title: 'Admin only' }])
    const client = await signedIn(t.app, account.email)
    expect(await client.ok('notifications.remove', { params: { id: drop.id } })).toMatchObject({ ok: true })
    expect((await client.ok('notifications.list', { query: {} })).data.map((item) => item.id)).toEqual([keep.id])
    expect((await client.call('notifications.remove', { params: { id: drop.id } })).status).toBe(404)
    expect((await client.call('notifications.remove', { params: { id: foreign.id } })).status).toBe(404)
    expect(await titlesOf(acme.admin.id)).toContain('Admin only')
  })

  it('keeps workspaces apart: another workspace’s admin can neither see nor change these', async () => {
    const [acmeOnly] = await seed(acme.tenant.id, acme.operator.id, [{ title: 'Acme operator news' }])
    const globexAdmin = await signedIn(t.app, globex.admin.email)
    const listed = await globexAdmin.ok('notifications.list', { query: { search: 'acme operator' } })
    expect(listed.data).toEqual([])
    expect((await globexAdmin.call('notifications.read', { params: { id: acmeOnly.id } })).status).toBe(404)
    expect((await globexAdmin.call('notifications.remove', { params: { id: acmeOnly.id } })).status).toBe(404)
    await globexAdmin.ok('notifications.markAllRead')
    await globexAdmin.ok('notifications.clear')
    const operator = await signedIn(t.app, acme.operator.email)
    expect((await operator.ok('notifications.list', { query: { status: 'unread' } })).data.map((item) => item.id)).toContain(acmeOnly.id)
  })
})

describe('notifying', () => {
  it('writes one per account and to every active admin of the workspace only', async () => {
    const banned = await createAccount(t.services, {
      tenantId: acme.tenant.id,
      email: 'banned-admin@acme.test',
      type: 'admin',
      banned: true,
    })
    const written = await notifyAdmins(t.services.db, acme.tenant.id, {
      title: 'Catalogue import finished',
      message: 'All rows imported',
      link: '/releases/import/1',
    })
    expect(written).toBe(2)
    expect(await titlesOf(acme.operator.id)).toContain('Catalogue import finished')
    expect(await titlesOf(acme.admin.id)).toContain('Catalogue import finished')
    expect(await titlesOf(banned.id)).not.toContain('Catalogue import finished')
    expect(await titlesOf(acme.artist.id)).not.toContain('Catalogue import finished')
    expect(await titlesOf(globex.admin.id)).not.toContain('Catalogue import finished')
    await notify(t.services.db, {
      tenantId: acme.tenant.id,
      accountIds: [acme.label.id, acme.label.id],
      title: 'Off-site',
      message: 'A link that leaves the back-office is dropped',
      link: 'https://evil.test/phish',
    })
    const rows = (await t.services.db.select().from(notifications).where(eq(notifications.accountId, acme.label.id))).filter(
      (row) => row.title === 'Off-site',
    )
    expect(rows).toHaveLength(1)
    expect(rows[0].link).toBeNull()
  })
})

describe('sign-in from a new device', () => {
  it('tells the account about a new browser, OS and device, but not about its first sign-in or a known device', async () => {
    const account = await createAccount(t.services, { tenantId: acme.tenant.id, email: 'traveller@acme.test' })
    await signInWithAgent(account.email, CHROME_MAC)
    expect(await titlesOf(account.id)).toEqual([])
    await signInWithAgent(account.email, CHROME_MAC)
    expect(await titlesOf(account.id)).toEqual([])
    const fromWindows = await signInWithAgent(account.email, FIREFOX_WINDOWS)
    expect(await titlesOf(account.id)).toEqual(['New sign-in to your account'])
    const { latest } = await fromWindows.ok('notifications.userBadge')
    expect(latest[0]).toMatchObject({ title: 'New sign-in to your account', type: 'info', read: false })
    expect(latest[0].message).toContain('Browser: Firefox 125.0')
    expect(latest[0].message).toContain('OS: Windows 10')
    expect(latest[0].message).toContain('Device: Desktop')
    expect(latest[0].message).toMatch(/IP: \d+\.\d+\.\d+\.\d+/)
    // The same device again, and the same browser after an update, are not news.
    await signInWithAgent(account.email, FIREFOX_WINDOWS)
    await signInWithAgent(account.email, CHROME_MAC_UPDATED)
    expect(await titlesOf(account.id)).toEqual(['New sign-in to your account'])
  })

  it('does not count a failed sign-in as a known device', async () => {
    const account = await createAccount(t.services, { tenantId: acme.tenant.id, email: 'careful@acme.test' })
    await signInWithAgent(account.email, CHROME_MAC)
    const guest = new TestClient(t.app)
    const denied = await guest.call('auth.login', {
      body: { email: account.email, password: 'not the password' },
      headers: { 'user-agent': FIREFOX_WINDOWS },
    })
    expect(denied.status).toBe(422)
    await signInWithAgent(account.email, FIREFOX_WINDOWS)
    expect(await titlesOf(account.id)).toEqual(['New sign-in to your account'])
  })
})
