import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { createAccount, createWorkspace, twoWorkspaces } from '../helpers/fixtures'
import { addMonths, monthOf } from '../../src/core/months'
import {
  earningsAccountMonthly,
  earningsAccountTotals,
  earningsChannelMonthly,
  earningsMonthly,
  earningsReleaseTotals,
  earningsTrackMonthly,
  earningsTrackTotals,
  ledgerTransactions,
} from '../../src/domains/earnings/server/schema'
import { createRelease } from './releases-fixtures'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let other: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let otherAdmin: TestClient
let artist: TestClient
let hits: Awaited<ReturnType<typeof createRelease>>
let deep: Awaited<ReturnType<typeof createRelease>>
const extra: number[] = []

const thisMonth = monthOf(new Date())
const day = (month: string) => `${month}-01`

beforeAll(async () => {
  t = await createTestApp()
  ;({ ws, other, admin, artist, otherAdmin } = await twoWorkspaces(t, 'acme', 'globex'))
  const db = t.services.db
  const tenantId = ws.tenant.id

  hits = await createRelease(t.services, { tenantId, accountId: ws.artist.id, title: 'Hits', coverUrl: '/covers/hits.jpg' }, [
    { isrc: 'USAAA2400001' },
    { isrc: 'USAAA2400002' },
  ])
  deep = await createRelease(t.services, { tenantId, accountId: ws.label.id, title: 'Deep Cuts' }, [{ isrc: 'USAAA2400003' }])
  for (let n = 0; n < 28; n++) {
    const account = await createAccount(t.services, { tenantId, email: `fan${n}@acme.test`, name: `Fan ${n}` })
    extra.push(account.id)
  }

  // Two months with statements in 2024 (and none in between), one this month.
  await db.insert(earningsMonthly).values([
    {
      tenantId,
      period: '2024-01-01',
      source: 'audiosalad',
      lines: 10,
      quantity: 1000,
      net: '1234567.891234',
      tenantShare: '123456.789123',
      unmatched: '0.5',
    },
    {
      tenantId,
      period: '2024-01-01',
      source: 'cms',
      lines: 5,
      quantity: 500,
      net: '100.000001',
      tenantShare: '10',
      unmatched: '0',
      discoveryLines: 2,
      discoveryNet: '40.000001',
    },
    {
      tenantId,
      period: '2024-03-01',
      source: 'audiosalad',
      lines: 2,
      quantity: 20,
      net: '50',
      tenantShare: '5',
      unmatched: '1',
      discoveryLines: 1,
      discoveryNet: '0.5',
    },
    { tenantId, period: day(thisMonth), source: 'audiosalad', lines: 1, quantity: 7, net: '7.25', tenantShare: '0.725', unmatched: '0' },
    // Another workspace's money never shows here.
    { tenantId: other.tenant.id, period: '2024-01-01', source: 'audiosalad', lines: 1, quantity: 1, net: '999999', tenantShare: '1' },
  ])
  await db.insert(earningsAccountMonthly).values([
    { tenantId, accountId: ws.artist.id, period: '2024-01-01', amount: '900000' },
    { tenantId, accountId: ws.label.id, period: '2024-01-01', amount: '200000.5' },
    { tenantId, accountId: ws.label.id, period: '2024-03-01', amount: '800000' },
    { tenantId, accountId: extra[0], period: '2024-03-01', amount: '30' },
    { tenantId, accountId: extra[1], period: '2024-03-01', amount: '20' },
    { tenantId, accountId: extra[2], period: '2024-03-01', amount: '10' },
  ])
  await db
    .insert(earningsAccountTotals)
    .values([
      { tenantId, accountId: ws.artist.id, amount: '900000' },
      { tenantId, accountId: ws.label.id, amount: '1000000.5' },
      ...extra.map((accountId, n) => ({ tenantId, accountId, amount: String(100 - n) })),
      { tenantId: other.tenant.id, accountId: other.artist.id, amount: '5000000' },
    ])
  await db.insert(earningsReleaseTotals).values([
    { tenantId, releaseId: hits.release.id, quantity: 901, net: '6000' },
    { tenantId, releaseId: deep.release.id, quantity: 100, net: '3000' },
  ])
  await db.insert(earningsTrackTotals).values([
    { tenantId, trackId: hits.tracks[0].id, releaseId: hits.release.id, quantity: 600, net: '700' },
    { tenantId, trackId: hits.tracks[1].id, releaseId: hits.release.id, quantity: 300, net: '300' },
    { tenantId, trackId: deep.tracks[0].id, releaseId: deep.release.id, quantity: 100, net: '3000' },
  ])
  await db.insert(earningsTrackMonthly).values([
    { tenantId, releaseId: hits.release.id, trackId: hits.tracks[0].id, period: '2024-01-01', quantity: 600, net: '700' },
    { tenantId, releaseId: hits.release.id, trackId: hits.tracks[1].id, period: '2024-01-01', quantity: 300, net: '300' },
    { tenantId, releaseId: deep.release.id, trackId: deep.tracks[0].id, period: '2024-03-01', quantity: 100, net: '3000' },
    // UPC-only lines (track 0) count for the release, never as a track.
    { tenantId, releaseId: hits.release.id, trackId: 0, period: '2024-03-01', quantity: 1, net: '5000' },
  ])
  await db.insert(earningsChannelMonthly).values([
    { tenantId, period: '2024-01-01', channel: 'Merlin', quantity: 10, net: '12.5' },
    { tenantId, period: '2024-01-01', channel: '', quantity: 1, net: '1' },
    { tenantId, period: '2024-01-01', channel: 'iTunes', quantity: 100, net: '1500' },
    { tenantId, period: '2024-03-01', channel: 'iTunes', quantity: 50, net: '500' },
  ])
})
afterAll(() => t.close())

describe('earnings overview', () => {
  it('gives every month of the range, zero when nothing was imported, with its admin fee', async () => {
    const overview = await admin.ok('earnings.overview', { params: { id: 1 }, query: { from: '2023-12', to: '2024-04' } })
    expect(overview).toMatchObject({ from: '2023-12', to: '2024-04', scope: 'range' })
    expect(overview.monthly).toEqual([
      { month: '2023-12', total: '0.000000', adminFee: '0.000000', quantity: 0, discoveryMode: '0.000000' },
      { month: '2024-01', total: '1234667.891235', adminFee: '123466.789123', quantity: 1500, discoveryMode: '40.000001' },
      { month: '2024-02', total: '0.000000', adminFee: '0.000000', quantity: 0, discoveryMode: '0.000000' },
      { month: '2024-03', total: '50.000000', adminFee: '5.000000', quantity: 20, discoveryMode: '0.500000' },
      { month: '2024-04', total: '0.000000', adminFee: '0.000000', quantity: 0, discoveryMode: '0.000000' },
    ])
    // Exact: net − admin fee − unmatched, to the micro-unit.
    expect(overview.totals).toEqual({
      net: '1234717.891235',
      adminFee: '123471.789123',
      unmatched: '1.500000',
      accounts: '1111244.602112',
      quantity: 1520,
      lines: 17,
      // The part of the net from tracks in Spotify Discovery Mode, from the same rollup.
      discoveryMode: { lines: 3, net: '40.500001' },
    })
  })

  it('covers the last 12 months by default, with all-time top lists', async () => {
    const overview = await admin.ok('earnings.overview', { params: { id: 1 }, query: {} })
    expect(overview.scope).toBe('all')
    expect(overview.to).toBe(thisMonth)
    expect(overview.from).toBe(addMonths(thisMonth, -11))
    expect(overview.monthly).toHaveLength(12)
    expect(overview.monthly.at(-1)).toEqual({ month: thisMonth, total: '7.250000', adminFee: '0.725000', quantity: 7, discoveryMode: '0.000000' })
    expect(overview.users.data.slice(0, 4).map((row) => [row.rank, row.id, row.total])).toEqual([
      [1, ws.label.id, '1000000.500000'],
      [2, ws.artist.id, '900000.000000'],
      [3, extra[0], '100.000000'],
      [4, extra[1], '99.000000'],
    ])
    expect(overview.users.data[1]).toMatchObject({ user: 'Test Person', email: 'artist@acme.test', image: null })
    expect(overview.users.data[2].user).toBe('Fan 0')
    expect(overview.releases.map((row) => [row.title, row.total, row.quantity])).toEqual([
      ['Hits', '6000.000000', 901],
      ['Deep Cuts', '3000.000000', 100],
    ])
    expect(overview.releases[0]).toMatchObject({ artwork: '/covers/hits.jpg', artist: 'Test Artist' })
    expect(overview.tracks.map((row) => [row.id, row.isrc, row.total, row.release?.title])).toEqual([
      [deep.tracks[0].id, 'USAAA2400003', '3000.000000', 'Deep Cuts'],
      [hits.tracks[0].id, 'USAAA2400001', '700.000000', 'Hits'],
      [hits.tracks[1].id, 'USAAA2400002', '300.000000', 'Hits'],
    ])
  })

  it('shows channels with their labels: Merlin as Admin Rebate, an empty channel as Other Revenue', async () => {
    const overview = await admin.ok('earnings.overview', { params: { id: 1 }, query: {} })
    expect(overview.channels).toEqual([
      { raw: 'iTunes', label: 'Apple Music', quantity: 150, total: '2000.000000' },
      { raw: 'Merlin', label: 'Admin Rebate', quantity: 10, total: '12.500000' },
      { raw: '', label: 'Other Revenue', quantity: 1, total: '1.000000' },
    ])
  })

  it('pages the top accounts by the page in the path', async () => {
    const first = await admin.ok('earnings.overview', { params: { id: 1 }, query: { per_page: 25 } })
    expect(first.users.meta).toMatchObject({ total: 30, page: 1, per_page: 25, last_page: 2 })
    expect(first.users.data).toHaveLength(25)
    const second = await admin.ok('earnings.overview', { params: { id: 2 }, query: {} })
    expect(second.users.data.map((row) => [row.rank, row.id])).toEqual(extra.slice(23).map((id, n) => [26 + n, id]))
    const beyond = await admin.ok('earnings.overview', { params: { id: 3 }, query: {} })
    expect(beyond.users.data).toEqual([])
    expect(beyond.users.meta).toMatchObject({ total: 30, page: 3, last_page: 2 })
    const odd = await admin.call('earnings.overview', { params: { id: 1 }, query: { per_page: 7 as 25 } })
    expect(odd.status).toBe(400)
  })

  it('sums the months of a range for the top lists', async () => {
    const march = await admin.ok('earnings.overview', { params: { id: 1 }, query: { from: '2024-03', to: '2024-03' } })
    expect(march.users.data.map((row) => [row.id, row.total])).toEqual([
      [ws.label.id, '800000.000000'],
      [extra[0], '30.000000'],
      [extra[1], '20.000000'],
      [extra[2], '10.000000'],
    ])
    // The release's UPC-only money counts for the release; no track "0" appears.
    expect(march.releases.map((row) => [row.title, row.total])).toEqual([
      ['Hits', '5000.000000'],
      ['Deep Cuts', '3000.000000'],
    ])
    expect(march.tracks.map((row) => row.id)).toEqual([deep.tracks[0].id])
    expect(march.channels).toEqual([{ raw: 'iTunes', label: 'Apple Music', quantity: 50, total: '500.000000' }])
    const january = await admin.ok('earnings.overview', { params: { id: 1 }, query: { from: '2024-01', to: '2024-01' } })
    expect(january.releases.map((row) => [row.title, row.total])).toEqual([['Hits', '1000.000000']])
  })

  it('answers a range again from what it kept until the ledger moves, then sums afresh', async () => {
    const query = { from: '2024-02', to: '2024-03' }
    const before = await admin.ok('earnings.overview', { params: { id: 1 }, query })
    expect(before.releases.map((row) => [row.title, row.total])).toEqual([
      ['Hits', '5000.000000'],
      ['Deep Cuts', '3000.000000'],
    ])
    expect(before.users.data[0].id).toBe(ws.label.id)
    const db = t.services.db
    // Rollups written without a ledger transaction (no posting does that) are not seen: the ranking was kept.
    await db.insert(earningsAccountMonthly).values({ tenantId: ws.tenant.id, accountId: extra[5], period: '2024-02-01', amount: '900000' })
    const kept = await admin.ok('earnings.overview', { params: { id: 1 }, query })
    expect(kept.users.data[0].id).toBe(ws.label.id)
    expect(kept.users.meta.total).toBe(before.users.meta.total)
    // What a posting does: the rollups and a ledger transaction in one go.
    await db.transaction(async (tx) => {
      await tx.insert(earningsTrackMonthly).values({
        tenantId: ws.tenant.id,
        releaseId: deep.release.id,
        trackId: deep.tracks[0].id,
        period: '2024-02-01',
        quantity: 1,
        net: '2500',
      })
      await tx.insert(ledgerTransactions).values({ tenantId: ws.tenant.id, kind: 'adjustment', reason: 'test' })
    })
    const after = await admin.ok('earnings.overview', { params: { id: 1 }, query })
    expect(after.releases.map((row) => [row.title, row.total])).toEqual([
      ['Deep Cuts', '5500.000000'],
      ['Hits', '5000.000000'],
    ])
    expect(after.users.data.slice(0, 2).map((row) => [row.id, row.total])).toEqual([
      [extra[5], '900000.000000'],
      [ws.label.id, '800000.000000'],
    ])
    await db
      .delete(earningsAccountMonthly)
      .where(and(eq(earningsAccountMonthly.accountId, extra[5]), eq(earningsAccountMonthly.period, '2024-02-01')))
    await db
      .delete(earningsTrackMonthly)
      .where(and(eq(earningsTrackMonthly.trackId, deep.tracks[0].id), eq(earningsTrackMonthly.period, '2024-02-01')))
  })

  it('takes the all-time lists for a range that covers every month with statements', async () => {
    const whole = await admin.ok('earnings.overview', { params: { id: 1 }, query: { from: '2023-01', to: thisMonth } })
    expect(whole.scope).toBe('range')
    expect(whole.releases.map((row) => [row.title, row.total])).toEqual([
      ['Hits', '6000.000000'],
      ['Deep Cuts', '3000.000000'],
    ])
    expect(whole.tracks.map((row) => row.total)).toEqual(['3000.000000', '700.000000', '300.000000'])
  })

  it("shows only the workspace's own earnings", async () => {
    const overview = await otherAdmin.ok('earnings.overview', { params: { id: 1 }, query: { from: '2024-01', to: '2024-01' } })
    expect(overview.monthly[0].total).toBe('999999.000000')
    expect(overview.users.data.map((row) => row.id)).toEqual([])
    const allTime = await otherAdmin.ok('earnings.overview', { params: { id: 1 }, query: {} })
    expect(allTime.users.data.map((row) => row.id)).toEqual([other.artist.id])
    expect(allTime.releases).toEqual([])
    expect(allTime.channels).toEqual([])
  })

  it('is for admins, and says what is wrong with a bad range', async () => {
    expect((await artist.call('earnings.overview', { params: { id: 1 }, query: {} })).status).toBe(403)
    const backwards = await admin.call('earnings.overview', { params: { id: 1 }, query: { from: '2024-05', to: '2024-01' } })
    expect(backwards.status).toBe(400)
    expect(backwards.error.errors?.from).toBe('From must not be after to')
    const bad = await admin.call('earnings.overview', { params: { id: 1 }, query: { from: '2024-13' } })
    expect(bad.error.errors?.from).toBe('Month must be YYYY-MM')
    const long = await admin.call('earnings.overview', { params: { id: 1 }, query: { from: '2000-01', to: '2024-01' } })
    expect(long.error.errors?.to).toBe('The range is at most 120 months')
  })
})

describe('dashboard statistics', () => {
  it('adds the earnings and admin-fee series from the rollups', async () => {
    const statistics = await admin.ok('dashboard.statistics', { body: { from: '2024-01', to: '2024-03' } })
    expect(statistics.earnings).toEqual([
      { month: '2024-01', amount: '1234667.891235' },
      { month: '2024-02', amount: '0.000000' },
      { month: '2024-03', amount: '50.000000' },
    ])
    expect(statistics.adminFees.map((row) => row.amount)).toEqual(['123466.789123', '0.000000', '5.000000'])
  })
})
