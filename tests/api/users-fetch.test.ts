import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import { TestClient } from '../helpers/client'
import { createAccount, createTenant, signedIn } from '../helpers/fixtures'

let t: TestApp
let tenantId: number
let me: { id: number }

beforeAll(async () => {
  t = await createTestApp()
  const tenant = await createTenant(t.services, 'acme')
  tenantId = tenant.id
  const add = (email: string, input: { type?: 'artist' | 'label' | 'admin'; firstName?: string; lastName?: string; name?: string } = {}) =>
    createAccount(t.services, { tenantId, email, ...input })
  await add('zed@acme.test', { type: 'admin', firstName: 'Zed', lastName: 'Admin' })
  me = await add('nina@acme.test', { firstName: 'Nina', lastName: 'Vale', name: 'Velvet Harbor' })
  await add('carl@acme.test', { type: 'label', firstName: 'Carl', lastName: 'Stone', name: 'Amber Sound Records' })
  await add('bea@acme.test', { firstName: 'Bea', lastName: 'Moss', name: 'Moss Garden' })
  await add('100%real@acme.test', { firstName: 'Per', lastName: 'Cent', name: 'Percent' })
  await add('under_score@acme.test', { firstName: 'Uma', lastName: 'Dash', name: 'Dashes' })
  await add('dora@acme.test', { type: 'admin', firstName: 'Dora', lastName: 'Velvet' })
  const globex = await createTenant(t.services, 'globex')
  await createAccount(t.services, { tenantId: globex.id, email: 'alice@globex.test', firstName: 'Alice', lastName: 'Velvet' })
})
afterAll(() => t.close())

const emails = (page: { data: { email: string }[] }) => page.data.map((user) => user.email)

describe('user picker search', () => {
  it('lists every account of the workspace to an admin, alphabetical by email, ten a page by default', async () => {
    const admin = await signedIn(t.app, 'zed@acme.test')
    const page = await admin.ok('users.fetchUsers', { query: {} })
    expect(emails(page)).toEqual([
      '100%real@acme.test',
      'bea@acme.test',
      'carl@acme.test',
      'dora@acme.test',
      'nina@acme.test',
      'under_score@acme.test',
      'zed@acme.test',
    ])
    expect(page.meta).toMatchObject({ total: 7, page: 1, per_page: 10, last_page: 1 })
    expect(page.data.find((user) => user.email === 'nina@acme.test')).toEqual({
      id: me.id,
      email: 'nina@acme.test',
      type: 'artist',
      displayName: 'Velvet Harbor',
      initials: 'VH',
    })
    expect(page.data.find((user) => user.email === 'zed@acme.test')).toMatchObject({
      type: 'admin',
      displayName: 'Zed Admin',
      initials: 'ZA',
    })
  })

  it('lists only artists and labels when asked for release owners (the uploader picks one)', async () => {
    const admin = await signedIn(t.app, 'zed@acme.test')
    const page = await admin.ok('users.fetchUsers', { query: { owners: 'true' } })
    expect(page.data.map((user) => user.type)).not.toContain('admin')
    expect(emails(page)).toContain('nina@acme.test')
    expect(page.meta.total).toBe(page.data.length)
    expect(emails(page)).not.toContain('zed@acme.test')
  })

  it('pages and sorts both ways', async () => {
    const admin = await signedIn(t.app, 'zed@acme.test')
    const first = await admin.ok('users.fetchUsers', { query: { count: 3 } })
    expect(emails(first)).toEqual(['100%real@acme.test', 'bea@acme.test', 'carl@acme.test'])
    expect(first.meta).toMatchObject({ total: 7, last_page: 3 })
    const third = await admin.ok('users.fetchUsers', { query: { count: 3, page: 3 } })
    expect(emails(third)).toEqual(['zed@acme.test'])
    const reversed = await admin.ok('users.fetchUsers', { query: { count: 2, sort: 'desc' } })
    expect(emails(reversed)).toEqual(['zed@acme.test', 'under_score@acme.test'])
  })

  it('searches emails case-insensitively, with % and _ as plain characters', async () => {
    const admin = await signedIn(t.app, 'zed@acme.test')
    expect(emails(await admin.ok('users.fetchUsers', { query: { search: 'NINA' } }))).toEqual(['nina@acme.test'])
    expect(emails(await admin.ok('users.fetchUsers', { query: { search: '0%r' } }))).toEqual(['100%real@acme.test'])
    expect(emails(await admin.ok('users.fetchUsers', { query: { search: '%' } }))).toEqual(['100%real@acme.test'])
    expect(emails(await admin.ok('users.fetchUsers', { query: { search: 'r_a' } }))).toEqual([])
    expect(emails(await admin.ok('users.fetchUsers', { query: { search: 'under_' } }))).toEqual(['under_score@acme.test'])
    const none = await admin.ok('users.fetchUsers', { query: { search: 'globex' } })
    expect(none).toMatchObject({ data: [], meta: { total: 0, last_page: 1 } })
  })

  it('searches names in first and last name and artist or label name, sorted by display name', async () => {
    const admin = await signedIn(t.app, 'zed@acme.test')
    const velvet = await admin.ok('users.fetchUsers', { query: { searchType: 'name', search: 'velvet' } })
    // Dora Velvet (last name) and Velvet Harbor (artist name); never the other workspace's Alice Velvet.
    expect(velvet.data.map((user) => user.displayName)).toEqual(['Dora Velvet', 'Velvet Harbor'])
    const byLabel = await admin.ok('users.fetchUsers', { query: { searchType: 'name', search: 'amber sound' } })
    expect(byLabel.data.map((user) => user.email)).toEqual(['carl@acme.test'])
    const byFullName = await admin.ok('users.fetchUsers', { query: { searchType: 'name', search: 'nina vale' } })
    expect(byFullName.data.map((user) => user.email)).toEqual(['nina@acme.test'])
    const all = await admin.ok('users.fetchUsers', { query: { searchType: 'name', sort: 'desc' } })
    expect(all.data.map((user) => user.displayName)).toEqual([
      'Zed Admin',
      'Velvet Harbor',
      'Percent',
      'Moss Garden',
      'Dora Velvet',
      'Dashes',
      'Amber Sound Records',
    ])
  })

  it('shows an artist or label only their own account', async () => {
    const artist = await signedIn(t.app, 'nina@acme.test')
    const page = await artist.ok('users.fetchUsers', { query: {} })
    expect(emails(page)).toEqual(['nina@acme.test'])
    expect(page.meta.total).toBe(1)
    expect((await artist.ok('users.fetchUsers', { query: { search: 'bea' } })).data).toEqual([])
    const label = await signedIn(t.app, 'carl@acme.test')
    expect(emails(await label.ok('users.fetchUsers', { query: { searchType: 'name', search: 'velvet' } }))).toEqual([])
  })

  it('refuses bad parameters and guests', async () => {
    const admin = await signedIn(t.app, 'zed@acme.test')
    const badType = await admin.call('users.fetchUsers', { query: { searchType: 'phone' as never } })
    expect(badType.status).toBe(400)
    expect(Object.keys(badType.error.errors ?? {})).toEqual(['searchType'])
    expect((await admin.call('users.fetchUsers', { query: { count: 500 } })).status).toBe(400)
    expect((await admin.call('users.fetchUsers', { query: { page: 0 } })).status).toBe(400)
    expect((await new TestClient(t.app).call('users.fetchUsers', { query: {} })).status).toBe(401)
  })
})
