import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { createWorkspace, twoWorkspaces } from '../helpers/fixtures'
import { accounts } from '../../src/server/db/schema'
import { monthOf } from '../../src/core/months'
import { createRelease } from './releases-fixtures'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let other: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let otherAdmin: TestClient
let artist: TestClient

const at = (iso: string) => new Date(iso)

beforeAll(async () => {
  t = await createTestApp()
  ;({ ws, other, admin, artist, otherAdmin } = await twoWorkspaces(t, 'acme', 'globex'))

  const base = { tenantId: ws.tenant.id, accountId: ws.artist.id }
  // Seven releases in 2024: two pending takedown, one pending edit; tracks follow their release's month.
  const plan: { title: string; status: number; created: string; tracks: number }[] = [
    { title: 'Jan One', status: 1, created: '2024-01-05T10:00:00Z', tracks: 2 },
    { title: 'Jan Two', status: 8, created: '2024-01-20T10:00:00Z', tracks: 1 },
    { title: 'Mar One', status: 6, created: '2024-03-02T10:00:00Z', tracks: 3 },
    { title: 'Mar Two', status: 0, created: '2024-03-31T23:30:00Z', tracks: 1 },
    { title: 'May One', status: 8, created: '2024-05-15T10:00:00Z', tracks: 1 },
    { title: 'May Two', status: 2, created: '2024-05-16T10:00:00Z', tracks: 1 },
    { title: 'May Three', status: 1, created: '2024-05-17T10:00:00Z', tracks: 1 },
  ]
  for (const row of plan) {
    await createRelease(
      t.services,
      { ...base, title: row.title, status: row.status, createdAt: at(row.created), coverUrl: `/covers/${row.title}.jpg` },
      Array.from({ length: row.tracks }, () => ({ createdAt: at(row.created) })),
    )
  }
  await createRelease(t.services, {
    tenantId: other.tenant.id,
    accountId: other.artist.id,
    title: 'Elsewhere',
    status: 8,
    createdAt: at('2024-05-20T10:00:00Z'),
  })
  await t.services.db
    .update(accounts)
    .set({ createdAt: at('2024-03-10T10:00:00Z') })
    .where(eq(accounts.id, ws.label.id))
})
afterAll(() => t.close())

describe('dashboard overview', () => {
  it('lists the newest five releases, pending takedown and pending edit, each with its total', async () => {
    const overview = await admin.ok('dashboard.overview')
    expect(overview.releases.total).toBe(7)
    expect(overview.releases.items.map((row) => row.title)).toEqual(['May Three', 'May Two', 'May One', 'Mar Two', 'Mar One'])
    expect(overview.releases.items[0]).toMatchObject({
      artist: 'Test Artist',
      coverUrl: '/covers/May Three.jpg',
      status: 1,
      displayStatus: 1,
      releaseDate: '2025-01-10',
      created: '2024-05-17T10:00:00.000Z',
    })
    expect(overview.pendingTakedown.total).toBe(2)
    expect(overview.pendingTakedown.items.map((row) => row.title)).toEqual(['May One', 'Jan Two'])
    expect(overview.pendingEdit).toMatchObject({ total: 1, items: [{ title: 'Mar One', status: 6, displayStatus: 6 }] })
  })

  it("shows only the workspace's own releases", async () => {
    const overview = await otherAdmin.ok('dashboard.overview')
    expect(overview.releases.items.map((row) => row.title)).toEqual(['Elsewhere'])
    expect(overview.pendingTakedown.total).toBe(1)
    expect(overview.pendingEdit).toEqual({ items: [], total: 0 })
  })

  it('refuses an artist', async () => {
    expect((await artist.call('dashboard.overview')).status).toBe(403)
    expect((await artist.call('dashboard.statistics', { body: {} })).status).toBe(403)
  })
})

describe('dashboard statistics', () => {
  it('counts releases, tracks and accounts per month with every month of the range present', async () => {
    const stats = await admin.ok('dashboard.statistics', { body: { from: '2023-12', to: '2024-06' } })
    expect(stats.from).toBe('2023-12')
    expect(stats.to).toBe('2024-06')
    expect(stats.releases).toEqual([
      { month: '2023-12', count: 0 },
      { month: '2024-01', count: 2 },
      { month: '2024-02', count: 0 },
      { month: '2024-03', count: 2 },
      { month: '2024-04', count: 0 },
      { month: '2024-05', count: 3 },
      { month: '2024-06', count: 0 },
    ])
    expect(stats.tracks.map((row) => row.count)).toEqual([0, 3, 0, 4, 0, 3, 0])
    expect(stats.accounts.map((row) => row.count)).toEqual([0, 0, 0, 1, 0, 0, 0])

    const elsewhere = await otherAdmin.ok('dashboard.statistics', { body: { from: '2024-05', to: '2024-05' } })
    expect(elsewhere.releases).toEqual([{ month: '2024-05', count: 1 }])
    expect(elsewhere.accounts).toEqual([{ month: '2024-05', count: 0 }])
  })

  it('covers the last twelve months by default', async () => {
    const stats = await admin.ok('dashboard.statistics', { body: {} })
    const thisMonth = monthOf(new Date())
    expect(stats.to).toBe(thisMonth)
    expect(stats.releases).toHaveLength(12)
    expect(stats.accounts).toHaveLength(12)
    // The workspace's operator, admin and artist were created this month; the label was moved to March 2024.
    expect(stats.accounts.at(-1)).toEqual({ month: thisMonth, count: 3 })
  })

  it('refuses a reversed or malformed range', async () => {
    expect((await admin.call('dashboard.statistics', { body: { from: '2024-06', to: '2024-01' } })).status).toBe(400)
    expect((await admin.call('dashboard.statistics', { body: { from: '2024-13' } })).status).toBe(400)
  })
})
