import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { createAccount, createWorkspace, twoWorkspaces } from '../helpers/fixtures'
import { addMonths, monthOf } from '../../src/core/months'
import { accounts } from '../../src/server/db/schema'
import {
  earningsAccountMonthly,
  earningsAccountTotals,
  earningsReleaseTotals,
  ledgerEntries,
  ledgerTransactions,
  statementImports,
  statementLineGroups,
  statementLines,
} from '../../src/domains/earnings/server/schema'
import { createRelease } from './releases-fixtures'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let other: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let otherAdmin: TestClient
let artist: TestClient
let first: Awaited<ReturnType<typeof createRelease>>
let second: Awaited<ReturnType<typeof createRelease>>
let quiet: Awaited<ReturnType<typeof createRelease>>

const thisMonth = monthOf(new Date())
const day = (month: string) => `${month}-01`

beforeAll(async () => {
  t = await createTestApp()
  ;({ ws, other, admin, artist, otherAdmin } = await twoWorkspaces(t, 'acme', 'globex'))
  const db = t.services.db
  const tenantId = ws.tenant.id
  first = await createRelease(t.services, { tenantId, accountId: ws.artist.id, title: 'First', coverUrl: '/covers/first.jpg' })
  second = await createRelease(t.services, { tenantId, accountId: ws.artist.id, title: 'Second' })
  quiet = await createRelease(t.services, { tenantId, accountId: ws.artist.id, title: 'Quiet' })
  const theirs = await createRelease(t.services, { tenantId, accountId: ws.label.id, title: 'Theirs' })

  await db.insert(earningsReleaseTotals).values([
    { tenantId, releaseId: first.release.id, quantity: 10, net: '10.5' },
    { tenantId, releaseId: second.release.id, quantity: 2000, net: '1234.567891', discoveryNet: '234.5' },
    { tenantId, releaseId: theirs.release.id, quantity: 1, net: '99999' },
  ])
  const lastMonth = addMonths(thisMonth, -1)
  await db.insert(earningsAccountMonthly).values([
    { tenantId, accountId: ws.artist.id, period: day(lastMonth), amount: '100.25' },
    { tenantId, accountId: ws.artist.id, period: day(thisMonth), amount: '0.75' },
    // Older than the 24 months shown: in the all-time total only.
    { tenantId, accountId: ws.artist.id, period: day(addMonths(thisMonth, -30)), amount: '1000' },
  ])
  await db.insert(earningsAccountTotals).values([{ tenantId, accountId: ws.artist.id, amount: '1101' }])
  // A release's sales are the matched lines of committed imports (earnings_release_detail is a view
  // over them): summed when the statement was read (groups, several rows may share a key) or matched
  // by hand later (a line with a release). Imports in review or rolled back do not count.
  const statement = async (status: string, hash: string) =>
    (
      await db
        .insert(statementImports)
        .values({
          tenantId,
          source: 'audiosalad',
          status,
          fileName: `${hash}.csv`,
          contentHash: hash,
          period: '2024-01-01',
          currency: 'USD',
        })
        .returning()
    )[0]
  const committed = await statement('committed', 'committed')
  const group = (importId: number, period: string, channel: string, territory: string, quantity: number, netBase: string) => ({
    tenantId,
    importId,
    period,
    channel,
    territory,
    releaseId: first.release.id,
    trackId: first.tracks[0]?.id ?? null,
    lines: 1,
    quantity,
    netBase,
  })
  await db
    .insert(statementLineGroups)
    .values([
      group(committed.id, '2024-01-01', 'Merlin', 'US', 5, '4'),
      group(committed.id, '2024-01-01', 'Spotify', 'US', 2, '3'),
      group(committed.id, '2024-01-01', 'Spotify', 'US', 1, '0.5'),
      group(committed.id, '2024-03-01', '', 'DE', 2, '3'),
      group((await statement('review', 'review')).id, '2024-01-01', 'Spotify', 'US', 100, '100'),
      group((await statement('rolled_back', 'rolled-back')).id, '2024-03-01', '', 'DE', 100, '100'),
    ])
  await db.insert(statementLines).values([
    {
      tenantId,
      importId: committed.id,
      lineNo: 7,
      period: '2024-03-01',
      channel: 'Spotify',
      territory: '',
      quantity: 1,
      netBase: '0.000001',
      releaseId: first.release.id,
      matchedBy: 'manual',
    },
    // Still unmatched: in no release's sales.
    { tenantId, importId: committed.id, lineNo: 8, period: '2024-03-01', channel: 'Spotify', territory: 'US', quantity: 9, netBase: '9' },
  ])

  // The ledger: two accounts with balances, one of them banned, and the workspace's payout fees.
  const fan = await createAccount(t.services, { tenantId, email: 'fan@acme.test' })
  const outcast = await createAccount(t.services, { tenantId, email: 'outcast@acme.test' })
  await db.update(accounts).set({ banned: true, bannedAt: new Date() }).where(eq(accounts.id, outcast.id))
  const [transaction] = await db.insert(ledgerTransactions).values({ tenantId, kind: 'adjustment', reason: 'test' }).returning()
  const [otherTransaction] = await db
    .insert(ledgerTransactions)
    .values({ tenantId: other.tenant.id, kind: 'adjustment', reason: 'test' })
    .returning()
  const entry = (book: string, category: string, amount: string, accountId: number | null = null) => ({
    tenantId,
    transactionId: transaction.id,
    book,
    category,
    amount,
    accountId,
  })
  await db.insert(ledgerEntries).values([
    entry('account', 'sales', '100.000001', fan.id),
    entry('account', 'earnings', '50.5', fan.id),
    entry('account', 'payouts', '-20', fan.id),
    entry('account', 'adjustment', '0.25', ws.artist.id),
    entry('account', 'publishing', '1000', outcast.id),
    entry('account', 'sales', '0.333333', outcast.id),
    entry('tenant', 'payout_fee', '2.5'),
    entry('tenant', 'payout_fee', '1.25'),
    // The operator's admin fee is not a payout fee; clearing is the stores' side.
    entry('tenant', 'sales', '77'),
    entry('clearing', 'sales', '-150.500001'),
    {
      tenantId: other.tenant.id,
      transactionId: otherTransaction.id,
      book: 'account',
      category: 'sales',
      amount: '5000',
      accountId: other.artist.id,
    },
  ])
})
afterAll(() => t.close())

describe('dashboard balance', () => {
  it('sums available balances apart for banned accounts, and the payout fees, exactly', async () => {
    expect(await admin.ok('dashboard.balance')).toEqual({
      available_account: '130.750001',
      banned_account: '1000.333333',
      payout_fee: '3.750000',
    })
  })

  it("counts only the workspace's own ledger", async () => {
    expect(await otherAdmin.ok('dashboard.balance')).toEqual({
      available_account: '5000.000000',
      banned_account: '0.000000',
      payout_fee: '0.000000',
    })
  })

  it('is for admins', async () => {
    expect((await artist.call('dashboard.balance')).status).toBe(403)
  })
})

describe("an account's sales", () => {
  it('lists the releases of the account with sales, best first, with artwork', async () => {
    const page = await admin.ok('users.sales', { params: { id: ws.artist.id }, query: {} })
    expect(page.data).toEqual([
      {
        release: { id: second.release.id, title: 'Second', artist: 'Test Artist', artwork: null },
        quantity: 2000,
        net: '1234.567891',
        discoveryMode: '234.500000',
      },
      {
        release: { id: first.release.id, title: 'First', artist: 'Test Artist', artwork: '/covers/first.jpg' },
        quantity: 10,
        net: '10.500000',
        discoveryMode: '0.000000',
      },
    ])
    expect(page.data.map((row) => row.release.id)).not.toContain(quiet.release.id)
    expect(page.meta).toMatchObject({ total: 2, page: 1, last_page: 1 })
    const empty = await admin.ok('users.sales', { params: { id: ws.label.id }, query: { page: 2 } })
    expect(empty).toMatchObject({ data: [], meta: { total: 1, page: 2 } })
  })

  it('gives 24 months of what the ledger credited, with the totals and the last earning', async () => {
    const overview = await admin.ok('users.salesOverview', { params: { id: ws.artist.id } })
    expect(overview.monthly).toHaveLength(24)
    expect(overview.to).toBe(thisMonth)
    expect(overview.monthly.slice(-3).map((row) => row.amount)).toEqual(['0.000000', '100.250000', '0.750000'])
    expect(overview).toMatchObject({
      rangeTotal: '101.000000',
      allTime: '1101.000000',
      lastEarning: { month: thisMonth, amount: '0.750000' },
    })
    const none = await admin.ok('users.salesOverview', { params: { id: ws.label.id } })
    expect(none).toMatchObject({ rangeTotal: '0.000000', allTime: '0.000000', lastEarning: null })
  })

  it("is for admins of the account's workspace", async () => {
    expect((await artist.call('users.sales', { params: { id: ws.artist.id }, query: {} })).status).toBe(403)
    expect((await otherAdmin.call('users.sales', { params: { id: ws.artist.id }, query: {} })).status).toBe(404)
    expect((await otherAdmin.call('users.salesOverview', { params: { id: ws.artist.id } })).status).toBe(404)
  })
})

describe("a release's sales", () => {
  const params = () => ({ release: first.release.id, user: ws.artist.id })

  it('gives every month of the range', async () => {
    const monthly = await admin.ok('releases.salesMonthly', { params: params(), query: { from: '2024-01', to: '2024-03' } })
    expect(monthly).toEqual({
      from: '2024-01',
      to: '2024-03',
      monthly: [
        { month: '2024-01', quantity: 8, net: '7.500000' },
        { month: '2024-02', quantity: 0, net: '0.000000' },
        { month: '2024-03', quantity: 3, net: '3.000001' },
      ],
      total: '10.500001',
    })
    const recent = await admin.ok('releases.salesMonthly', { params: params(), query: {} })
    expect(recent.monthly).toHaveLength(24)
    expect(recent.total).toBe('0.000000')
  })

  it('labels channels and names territories', async () => {
    const channels = await admin.ok('releases.salesChannel', { params: params(), query: { from: '2024-01', to: '2024-12' } })
    expect(channels.channels).toEqual([
      { raw: 'Merlin', label: 'Admin Rebate', quantity: 5, net: '4.000000' },
      { raw: 'Spotify', label: 'Spotify', quantity: 4, net: '3.500001' },
      { raw: '', label: 'Other Revenue', quantity: 2, net: '3.000000' },
    ])
    const territories = await admin.ok('releases.salesTerritory', { params: params(), query: { from: '2024-01', to: '2024-12' } })
    expect(territories.territories).toEqual([
      { code: 'US', name: 'United States', quantity: 8, net: '7.500000' },
      { code: 'DE', name: 'Germany', quantity: 2, net: '3.000000' },
      { code: '', name: 'Unknown territory', quantity: 1, net: '0.000001' },
    ])
  })

  it('answers 404 with a clear message unless the user owns the release', async () => {
    const wrong = await admin.call('releases.salesMonthly', { params: { release: first.release.id, user: ws.label.id }, query: {} })
    expect(wrong.status).toBe(404)
    expect(wrong.error.message).toBe('There is no such release in this workspace, or it does not belong to this account.')
    expect((await otherAdmin.call('releases.salesChannel', { params: params(), query: {} })).status).toBe(404)
    expect((await artist.call('releases.salesTerritory', { params: params(), query: {} })).status).toBe(403)
  })
})
