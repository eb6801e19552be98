import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { createWorkspace, twoWorkspaces } from '../helpers/fixtures'
import { accounts } from '../../src/server/db/schema'
import { postImport, rollbackImport } from '../../src/domains/earnings/server/ledger/posting'
import { sumMoney } from '../../src/core/decimal'
import { createRelease } from './releases-fixtures'
import { createImport, createSplit, setImportStatus } from './ledger-fixtures'

// An account's sales reports against two committed statements:
// - January (YouTube CMS → earnings): Nova's release A (tracks a1 10, a2 5, a UPC-only line 2),
//   the label's release L (track l1 8, split half and half with the artist, the label keeping 20 %
//   for the operator);
// - March (AudioSalad → sales): a1 4, Kite's release B 6.
// The artist is credited 10 + 5 + 2 + 3.2 (earnings) and 4 + 6 (sales) = 30.2.

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let other: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let artist: TestClient
let otherAdmin: TestClient
let a: Awaited<ReturnType<typeof createRelease>>
let b: Awaited<ReturnType<typeof createRelease>>
let l: Awaited<ReturnType<typeof createRelease>>
let january: { id: number }
let march: { id: number }

const commit = async (tenantId: number, importId: number) => {
  await t.services.db.transaction((tx) => postImport(tx, tenantId, importId, null))
  await setImportStatus(t.services, importId, 'committed')
}

beforeAll(async () => {
  t = await createTestApp()
  ;({ ws, other, admin, artist, otherAdmin } = await twoWorkspaces(t, 'reportsco', 'reportsother'))
  const tenantId = ws.tenant.id
  const release = (accountId: number, title: string, artist: string, upc: string, tracks: number) =>
    createRelease(
      t.services,
      { tenantId, accountId, title, artists: [artist], artistText: artist, upc },
      Array.from({ length: tracks }, (_, index) => ({ isrc: `QZRPT25${upc.slice(-3)}${index + 1}`.slice(0, 12).padEnd(12, '0') })),
    )
  a = await release(ws.artist.id, 'Aurora', 'Nova', '0000000000101', 2)
  b = await release(ws.artist.id, 'Breeze', 'Kite', '0000000000102', 1)
  l = await release(ws.label.id, 'Lantern', 'Label Act', '0000000000103', 1)
  await release(ws.artist.id, 'Quiet', 'Nova', '0000000000104', 1)
  await t.services.db.update(accounts).set({ tenantSplit: '20.0000' }).where(eq(accounts.id, ws.label.id))
  await createSplit(t.services, {
    tenantId,
    trackId: l.tracks[0].id,
    ownerAccountId: ws.label.id,
    payees: [
      { accountId: ws.label.id, share: '0.5000000000' },
      { accountId: ws.artist.id, share: '0.5000000000' },
    ],
  })
  january = await createImport(t.services, {
    tenantId,
    source: 'cms',
    period: '2025-01-01',
    lines: [
      { net: '10', quantity: 100, channel: 'Spotify', territory: 'US', trackId: a.tracks[0].id, releaseId: a.release.id },
      { net: '5', quantity: 50, channel: 'iTunes', territory: 'GB', trackId: a.tracks[1].id, releaseId: a.release.id },
      { net: '2', quantity: 20, channel: 'Deezer', territory: 'DE', releaseId: a.release.id },
      { net: '8', quantity: 80, channel: 'Spotify', territory: 'US', trackId: l.tracks[0].id, releaseId: l.release.id },
    ],
  })
  march = await createImport(t.services, {
    tenantId,
    source: 'audiosalad',
    period: '2025-03-01',
    lines: [
      { net: '4', quantity: 40, channel: 'Tik Tok', territory: 'FR', trackId: a.tracks[0].id, releaseId: a.release.id },
      { net: '6', quantity: 60, channel: 'Spotify', territory: 'US', trackId: b.tracks[0].id, releaseId: b.release.id },
    ],
  })
  await commit(tenantId, january.id)
  await commit(tenantId, march.id)

  // Another workspace's money never shows here.
  const theirs = await createRelease(t.services, { tenantId: other.tenant.id, accountId: other.artist.id, title: 'Elsewhere' }, [{}])
  const elsewhere = await createImport(t.services, {
    tenantId: other.tenant.id,
    period: '2025-01-01',
    lines: [{ net: '999', trackId: theirs.tracks[0].id, releaseId: theirs.release.id }],
  })
  await commit(other.tenant.id, elsewhere.id)
})
afterAll(() => t.close())

const of = (id: number, query: Record<string, unknown> = {}) => ({ params: { id }, query })

describe('ledger reports (what the account was credited)', () => {
  it('releases: per release with earnings and sales apart, totals equal to the balance lines', async () => {
    const report = await admin.ok('users.reportReleases', of(ws.artist.id))
    expect(report).toMatchObject({ from: null, to: null, basis: 'ledger', meta: { total: 3, page: 1 } })
    expect(report.note).toMatch(/credited this account/)
    expect(report.data.map((row) => [row.release.title, row.earnings, row.sales, row.amount])).toEqual([
      ['Aurora', '17.000000', '4.000000', '21.000000'],
      ['Breeze', '0.000000', '6.000000', '6.000000'],
      ['Lantern', '3.200000', '0.000000', '3.200000'],
    ])
    expect(report.data[0].release).toMatchObject({ id: a.release.id, artist: 'Nova' })
    expect(report.totals).toEqual({ earnings: '20.200000', sales: '10.000000', amount: '30.200000' })
    // The same money as the account's balance lines.
    const single = await admin.ok('users.single', { params: { id: ws.artist.id } })
    expect(single.balance).toMatchObject({ earnings: '20.20', sales: '10.00' })
    expect(sumMoney([single.balance.earnings, single.balance.sales])).toBe(report.totals.amount)
    // The label: its half of Lantern after the operator's 20 %.
    const label = await admin.ok('users.reportReleases', of(ws.label.id))
    expect(label.data.map((row) => [row.release.title, row.amount])).toEqual([['Lantern', '3.200000']])
  })

  it('filters by period and sorts by name or amount', async () => {
    const marchOnly = await admin.ok('users.reportReleases', of(ws.artist.id, { from: '2025-03', to: '2025-03' }))
    expect(marchOnly).toMatchObject({ from: '2025-03', to: '2025-03' })
    expect(marchOnly.data.map((row) => [row.release.title, row.amount])).toEqual([
      ['Breeze', '6.000000'],
      ['Aurora', '4.000000'],
    ])
    expect(marchOnly.totals.amount).toBe('10.000000')
    const sinceFebruary = await admin.ok('users.reportReleases', of(ws.artist.id, { from: '2025-02' }))
    expect(sinceFebruary.totals.amount).toBe('10.000000')
    const untilJanuary = await admin.ok('users.reportReleases', of(ws.artist.id, { to: '2025-01' }))
    expect(untilJanuary.totals).toEqual({ earnings: '20.200000', sales: '0.000000', amount: '20.200000' })
    const byName = await admin.ok('users.reportReleases', of(ws.artist.id, { sort: 'name', dir: 'asc' }))
    expect(byName.data.map((row) => row.release.title)).toEqual(['Aurora', 'Breeze', 'Lantern'])
    const smallest = await admin.ok('users.reportReleases', of(ws.artist.id, { dir: 'asc' }))
    expect(smallest.data.map((row) => row.release.title)).toEqual(['Lantern', 'Breeze', 'Aurora'])
    const beyond = await admin.ok('users.reportReleases', of(ws.artist.id, { page: 2 }))
    expect(beyond).toMatchObject({ data: [], meta: { total: 3, page: 2 }, totals: { amount: '30.200000' } })
  })

  it('tracks: per track with its release; release-only (UPC) credit apart', async () => {
    const report = await admin.ok('users.reportTracks', of(ws.artist.id))
    expect(report.data.map((row) => [row.track.title, row.release.title, row.amount])).toEqual([
      ['Aurora 1', 'Aurora', '14.000000'],
      ['Breeze 1', 'Breeze', '6.000000'],
      ['Aurora 2', 'Aurora', '5.000000'],
      ['Lantern 1', 'Lantern', '3.200000'],
    ])
    expect(report.data[0].track.isrc).toBe(a.tracks[0].isrc)
    expect(report.totals).toEqual({ earnings: '20.200000', sales: '10.000000', amount: '30.200000', releaseOnly: '2.000000' })
  })

  it('artists: per artist named on the credited releases', async () => {
    const report = await admin.ok('users.reportArtists', of(ws.artist.id))
    expect(report.data).toEqual([
      { artist: 'Nova', releases: 1, earnings: '17.000000', sales: '4.000000', amount: '21.000000' },
      { artist: 'Kite', releases: 1, earnings: '0.000000', sales: '6.000000', amount: '6.000000' },
      { artist: 'Label Act', releases: 1, earnings: '3.200000', sales: '0.000000', amount: '3.200000' },
    ])
    expect(report.totals.amount).toBe('30.200000')
  })
})

describe("statement reports (the account's own releases)", () => {
  it('gross releases: statement net before the operator and splits, only releases the account owns', async () => {
    const report = await admin.ok('users.reportGrossReleases', of(ws.artist.id))
    expect(report).toMatchObject({ basis: 'statement', totals: { quantity: 270, net: '27.000000' } })
    expect(report.note).toMatch(/statement/i)
    expect(report.data.map((row) => [row.release.title, row.quantity, row.net])).toEqual([
      ['Aurora', 210, '21.000000'],
      ['Breeze', 60, '6.000000'],
    ])
    // The label's release: its whole net of 8, though the label was credited 3.2.
    const label = await admin.ok('users.reportGrossReleases', of(ws.label.id))
    expect(label.data.map((row) => [row.release.title, row.net])).toEqual([['Lantern', '8.000000']])
    const byUnits = await admin.ok(
      'users.reportGrossReleases',
      of(ws.artist.id, { sort: 'quantity', dir: 'asc', from: '2025-01', to: '2025-01' }),
    )
    expect(byUnits.data.map((row) => [row.release.title, row.quantity])).toEqual([['Aurora', 170]])
  })

  it('countries and channels of the releases, named and labelled', async () => {
    const countries = await admin.ok('users.reportCountries', of(ws.artist.id))
    expect(countries.data.map((row) => [row.code, row.name, row.quantity, row.net])).toEqual([
      ['US', 'United States', 160, '16.000000'],
      ['GB', 'United Kingdom', 50, '5.000000'],
      ['FR', 'France', 40, '4.000000'],
      ['DE', 'Germany', 20, '2.000000'],
    ])
    expect(countries.totals).toEqual({ quantity: 270, net: '27.000000' })
    const channels = await admin.ok('users.reportChannels', of(ws.artist.id, { sort: 'name', dir: 'asc' }))
    expect(channels.data.map((row) => [row.raw, row.label, row.net])).toEqual([
      ['iTunes', 'Apple Music', '5.000000'],
      ['Deezer', 'Deezer', '2.000000'],
      ['Spotify', 'Spotify', '16.000000'],
      ['Tik Tok', 'TikTok', '4.000000'],
    ])
    const march = await admin.ok('users.reportChannels', of(ws.artist.id, { from: '2025-03', to: '2025-12' }))
    expect(march.totals.net).toBe('10.000000')
  })

  it('channel overview: every month, per channel, for a chart', async () => {
    const overview = await admin.ok('users.reportChannelOverview', { body: { userId: ws.artist.id } })
    expect(overview).toMatchObject({ from: '2025-01', to: '2025-03', months: ['2025-01', '2025-02', '2025-03'], total: '27.000000' })
    expect(overview.channels.map((row) => [row.label, row.monthly])).toEqual([
      ['Spotify', ['10.000000', '0.000000', '6.000000']],
      ['Apple Music', ['5.000000', '0.000000', '0.000000']],
      ['TikTok', ['0.000000', '0.000000', '4.000000']],
      ['Deezer', ['2.000000', '0.000000', '0.000000']],
    ])
    expect(overview.monthly).toEqual(['17.000000', '0.000000', '10.000000'])
    const asked = await admin.ok('users.reportChannelOverview', { body: { userId: ws.artist.id, from: '2024-12', to: '2025-01' } })
    expect(asked).toMatchObject({ months: ['2024-12', '2025-01'], monthly: ['0.000000', '17.000000'] })
    const none = await admin.ok('users.reportChannelOverview', { body: { userId: ws.admin.id } })
    expect(none).toMatchObject({ channels: [], total: '0.000000' })
    expect(none.months).toHaveLength(12)
  })
})

describe('report details', () => {
  it('balance lines, credit and gross over the period, months, counts and top channel', async () => {
    const details = await admin.ok('users.reportDetails', of(ws.artist.id))
    expect(details).toMatchObject({
      from: null,
      to: null,
      balance: { earnings: '20.20', sales: '10.00', available: '30.20' },
      credited: { earnings: '20.200000', sales: '10.000000', amount: '30.200000' },
      gross: { quantity: 270, net: '27.000000' },
      firstMonth: '2025-01',
      lastMonth: '2025-03',
      releases: 3,
      tracks: 4,
      topChannel: { raw: 'Spotify', label: 'Spotify', net: '16.000000' },
    })
    expect(details.lastEarnings.amount).toBe('10.00')
    const january = await admin.ok('users.reportDetails', of(ws.artist.id, { from: '2025-01', to: '2025-01' }))
    expect(january).toMatchObject({ credited: { amount: '20.200000' }, releases: 2, tracks: 3, gross: { net: '17.000000' } })
    const nothing = await admin.ok('users.reportDetails', of(ws.admin.id))
    expect(nothing).toMatchObject({ firstMonth: null, lastMonth: null, releases: 0, topChannel: null, credited: { amount: '0.000000' } })
  })
})

describe('rules', () => {
  const calls = [
    ['users.reportArtists', 'users.reportReleases', 'users.reportTracks', 'users.reportGrossReleases'],
    ['users.reportCountries', 'users.reportChannels', 'users.reportDetails'],
  ].flat() as ('users.reportArtists' | 'users.reportDetails')[]

  it('are for admins, and another workspace’s account is 404', async () => {
    for (const id of calls) {
      expect((await artist.call(id, of(ws.artist.id))).status, id).toBe(403)
      const missing = await otherAdmin.call(id, of(ws.artist.id))
      expect(missing.status, id).toBe(404)
      expect(missing.error.message).toBe('There is no such account in this workspace.')
    }
    expect((await artist.call('users.reportChannelOverview', { body: { userId: ws.artist.id } })).status).toBe(403)
    expect((await otherAdmin.call('users.reportChannelOverview', { body: { userId: ws.artist.id } })).status).toBe(404)
    // The other workspace sees its own account's money only.
    const theirs = await otherAdmin.ok('users.reportReleases', of(other.artist.id))
    expect(theirs.totals.amount).toBe('999.000000')
  })

  it('refuses a bad period or sort with a clear message', async () => {
    const backwards = await admin.call('users.reportReleases', of(ws.artist.id, { from: '2025-03', to: '2025-01' }))
    expect(backwards.status).toBe(400)
    expect(backwards.error.errors).toMatchObject({ from: 'From must not be after to' })
    const month = await admin.call('users.reportCountries', of(ws.artist.id, { from: '2025-13' }))
    expect(month.error.errors).toMatchObject({ from: 'Month must be YYYY-MM' })
    const sort = await admin.call('users.reportReleases', of(ws.artist.id, { sort: 'quantity' }))
    expect(sort.status).toBe(400)
    expect(sort.error.errors?.sort).toBe('Sort by one of: amount, name')
    const long = await admin.call('users.reportChannelOverview', { body: { userId: ws.artist.id, from: '2010-01', to: '2025-01' } })
    expect(long.error.errors).toMatchObject({ to: 'The period is at most 120 months' })
  })

  it('a rolled-back statement leaves nothing behind', async () => {
    await t.services.db.transaction((tx) => rollbackImport(tx, ws.tenant.id, march.id, null))
    await setImportStatus(t.services, march.id, 'rolled_back')
    const report = await admin.ok('users.reportReleases', of(ws.artist.id))
    expect(report.data.map((row) => [row.release.title, row.amount])).toEqual([
      ['Aurora', '17.000000'],
      ['Lantern', '3.200000'],
    ])
    const gross = await admin.ok('users.reportGrossReleases', of(ws.artist.id))
    expect(gross.data.map((row) => row.release.title)).toEqual(['Aurora'])
    const details = await admin.ok('users.reportDetails', of(ws.artist.id))
    expect(details).toMatchObject({ lastMonth: '2025-01', credited: { amount: '20.200000' }, balance: { sales: '0.00' } })
  })
})
