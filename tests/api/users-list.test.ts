import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { createAccount, createWorkspace, signedIn } from '../helpers/fixtures'
import { accounts } from '../../src/server/db/schema'
import { countCapped } from '../../src/server/db/paging'
import { sql } from 'drizzle-orm'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>

beforeAll(async () => {
  t = await createTestApp()
  ws = await createWorkspace(t.services, 'acme')
  const day = 24 * 3600 * 1000
  for (let i = 0; i < 30; i++) {
    const account = await createAccount(t.services, {
      tenantId: ws.tenant.id,
      email: `artist${String(i).padStart(2, '0')}@music.test`,
      type: i % 5 === 0 ? 'label' : 'artist',
      firstName: `First${i}`,
      lastName: i === 7 ? 'Harbor' : `Last${i}`,
      name: i === 12 ? 'Velvet Harbor' : undefined,
    })
    await t.services.db
      .update(accounts)
      .set({
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * day),
        priorityMember: i % 3 === 0,
        verified: i % 2 === 0,
        banned: i === 4,
        labelAccountId: i === 6 ? ws.label.id : null,
      })
      .where(eq(accounts.id, account.id))
  }
  const other = await createWorkspace(t.services, 'globex')
  await createAccount(t.services, { tenantId: other.tenant.id, email: 'artist99@music.test' })
})
afterAll(() => t.close())

describe('users list', () => {
  it('pages the workspace newest first with the display-name fallback and the label', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    const first = await admin.ok('users.list', { query: { per_page: 25 } })
    expect(first.meta).toMatchObject({ total: 34, page: 1, per_page: 25, last_page: 2, totalIsEstimate: false })
    expect(first.data).toHaveLength(25)
    const second = await admin.ok('users.list', { query: { per_page: 25, page: 2 } })
    expect(second.data).toHaveLength(9)
    const ids = [...first.data, ...second.data].map((row) => row.id)
    expect(new Set(ids).size).toBe(34)
    expect(ids.some((id) => first.data.find((row) => row.email === 'artist99@music.test')?.id === id)).toBe(false)
    const harbor = [...first.data, ...second.data].find((row) => row.email === 'artist12@music.test')!
    expect(harbor).toMatchObject({ displayName: 'Velvet Harbor', initials: 'VH', type: 'artist' })
    const signed = [...first.data, ...second.data].find((row) => row.email === 'artist06@music.test')!
    expect(signed.label).toEqual({ id: ws.label.id, name: 'Test Records' })
  })

  it('filters by type, flags and creation dates, and sorts', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    const labels = await admin.ok('users.list', { query: { type: 'label', per_page: 100 } })
    expect(labels.data.every((row) => row.type === 'label')).toBe(true)
    expect(labels.meta.total).toBe(7)
    const banned = await admin.ok('users.list', { query: { banned: 'true' } })
    expect(banned.data.map((row) => row.email)).toEqual(['artist04@music.test'])
    const priorityVerified = await admin.ok('users.list', { query: { priority: 'true', verified: 'true', per_page: 100 } })
    expect(priorityVerified.data.every((row) => row.priorityMember && row.verified)).toBe(true)
    const january = await admin.ok('users.list', { query: { from: '2026-01-01', to: '2026-01-05', per_page: 100 } })
    expect(january.data.map((row) => row.email).sort()).toEqual([
      'artist00@music.test',
      'artist01@music.test',
      'artist02@music.test',
      'artist03@music.test',
      'artist04@music.test',
    ])
    const byEmail = await admin.ok('users.list', { query: { sort: 'email', dir: 'asc', per_page: 25 } })
    const emails = byEmail.data.map((row) => row.email)
    expect(emails).toEqual([...emails].sort())
  })

  it('searches email, name, artist and label name, and ids', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    const harbor = await admin.ok('users.list', { query: { search: 'harbor' } })
    expect(harbor.data.map((row) => row.email).sort()).toEqual(['artist07@music.test', 'artist12@music.test'])
    const byEmail = await admin.ok('users.list', { query: { search: 'artist2' } })
    expect(byEmail.meta.total).toBe(10)
    const byId = await admin.ok('users.list', { query: { search: String(ws.label.id) } })
    expect(byId.data.map((row) => row.id)).toEqual([ws.label.id])
    const tooShort = await admin.call('users.list', { query: { search: 'ar' } })
    expect(tooShort.status).toBe(400)
    expect(tooShort.error.errors?.search).toBe('Type at least 3 characters to search.')
    const invalid = await admin.call('users.list', { query: { per_page: 30 } })
    expect(invalid.status).toBe(400)
    expect(invalid.error.errors?.per_page).toMatch(/Page size must be one of 25, 50/)
  })

  it('pages a search in the list order with its exact total, within the filters', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    // 'music.test' is in 30 emails of this workspace (and one of another), in the list's order.
    const first = await admin.ok('users.list', { query: { search: 'music.test', per_page: 25 } })
    const second = await admin.ok('users.list', { query: { search: 'music.test', per_page: 25, page: 2 } })
    expect(first.meta).toMatchObject({ total: 30, last_page: 2, totalIsEstimate: false })
    const all = await admin.ok('users.list', { query: { per_page: 50 } })
    const expected = all.data.filter((row) => row.email.endsWith('@music.test')).map((row) => row.email)
    expect([...first.data, ...second.data].map((row) => row.email)).toEqual(expected)
    const byEmail = await admin.ok('users.list', { query: { search: 'music.test', sort: 'email', dir: 'desc', per_page: 25, page: 2 } })
    expect(byEmail.data.map((row) => row.email)).toEqual([
      'artist04@music.test',
      'artist03@music.test',
      'artist02@music.test',
      'artist01@music.test',
      'artist00@music.test',
    ])
    const labels = await admin.ok('users.list', { query: { search: 'music.test', type: 'label', per_page: 25 } })
    expect(labels.meta.total).toBe(6)
    expect(labels.data.every((row) => row.type === 'label')).toBe(true)
  })

  it('shows a label only its artists, and an artist only itself', async () => {
    const label = await signedIn(t.app, 'label@acme.test')
    expect((await label.ok('users.list', { query: {} })).data.map((row) => row.email)).toEqual(['artist06@music.test'])
    const artist = await signedIn(t.app, 'artist@acme.test')
    expect((await artist.ok('users.list', { query: {} })).data.map((row) => row.email)).toEqual(['artist@acme.test'])
  })
})

describe('counting large lists', () => {
  it('counts exactly up to the cap, and estimates beyond it', async () => {
    const small = await countCapped(t.services.db, sql`from accounts where tenant_id = ${ws.tenant.id}`)
    expect(small).toEqual({ total: 34, estimate: false })
    const big = await countCapped(t.services.db, sql`from generate_series(1, 12000) g`)
    expect(big.estimate).toBe(true)
    expect(big.total).toBeGreaterThan(10_000)
  })
})
