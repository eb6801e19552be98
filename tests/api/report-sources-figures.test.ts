import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { balanceLines } from '../../src/domains/earnings/server/ledger/service'
import { REPORT_SOURCES } from '../../src/domains/reports/server/sources'
import { SITE_REPORT_KINDS } from '../../src/core/report-kinds'
import { columnSum, csvOf, ledgerCents, records, reportWorld, scope } from './report-sources-fixtures'

let t: TestApp
let world: Awaited<ReturnType<typeof reportWorld>>
let tenantId: number

beforeAll(async () => {
  t = await createTestApp()
  world = await reportWorld(t, 'figures', 'elsewhere')
  tenantId = world.ws.tenant.id
})
afterAll(() => t.close())

const workspace = () => scope(tenantId, null)
const artist = () => scope(tenantId, world.ws.artist.id)
const report = async (kind: string, reportScope = workspace()) => records(await csvOf(t, kind, reportScope))

describe('every site report kind whose data exists has a source', () => {
  it('has a source for each available kind (raw-data is the report jobs part), none for the later ones', () => {
    for (const info of SITE_REPORT_KINDS) {
      if (info.kind === 'raw-data') continue
      expect(Boolean(REPORT_SOURCES[info.kind]), info.kind).toBe(info.arrivesWith === null)
    }
  })
})

describe('the files add up to the ledger', () => {
  it("an artist's sales by track sum exactly to the earnings and sales lines of its balance", async () => {
    const rows = await report('sales/track', artist())
    const exact = await ledgerCents(t, sql`book = 'account' and account_id = ${world.ws.artist.id} and category in ('earnings', 'sales')`)
    expect(columnSum(rows, 'net_usd')).toBe(exact)
    const balance = await balanceLines(t.services.db, tenantId, world.ws.artist.id)
    // 60 % of 80 % of 150.000003 on Opening, 80 % of 10.5 and 5 (Closing, UPC only): 72.00 + 8.40 + 4.00
    expect(exact).toBe('84.40')
    expect(balance.balance.earnings).toBe('60.40')
    expect(balance.balance.sales).toBe('24.00')
    expect(rows.map((row) => [row.track, row.net_usd])).toEqual([
      ['(matched by UPC only)', '4.00'],
      ['Opening', '72.00'],
      ['Closing', '8.40'],
    ])
  })

  it("the workspace's monthly sales net sums to the committed imports' net, with the admin fee and unmatched net", async () => {
    const rows = await report('monthly-sales')
    expect(rows.map((row) => row.month)).toEqual(['2025-03', '2025-04'])
    expect(columnSum(rows, 'net_usd')).toBe('220.83')
    const imports = await t.services.db.execute<{ total: string }>(
      sql`select sum(net_base)::text as total from statement_imports where tenant_id = ${tenantId} and status = 'committed'`,
    )
    expect(imports.rows[0].total).toMatch(/^220\.833337/)
    expect(rows[0]).toMatchObject({ lines: '5', quantity: '22', net_usd: '150.83', unmatched_usd: '2.00' })
    expect(columnSum(rows, 'admin_fee_usd')).toBe(await ledgerCents(t, sql`tenant_id = ${tenantId} and book = 'tenant'`))
  })

  it('gross sales split into the admin fee and the payees, per track, and sum to the matched statement net', async () => {
    const rows = await report('gross-sales/track')
    for (const row of rows) {
      const shared = (Number(row.admin_fee_usd) * 100 + Number(row.payees_usd) * 100) / 100
      expect(Math.abs(shared - Number(row.gross_usd)), row.track).toBeLessThanOrEqual(0.021)
    }
    expect(rows.find((row) => row.track === 'Opening')).toMatchObject({
      quantity: '30',
      gross_usd: '150.00',
      admin_fee_usd: '30.00',
      payees_usd: '120.00',
      account_usd: '',
    })
    expect(columnSum(rows, 'gross_usd')).toBe('218.83')
    expect(columnSum(rows, 'payees_usd')).toBe(
      await ledgerCents(t, sql`tenant_id = ${tenantId} and book = 'account' and category in ('earnings', 'sales')`),
    )
    const mine = await report('gross-sales/release', artist())
    expect(mine.map((row) => [row.release, row.gross_usd, row.account_usd])).toEqual([['Night Album', '165.50', '84.40']])
  })

  it('earnings summaries split the credits by balance line, for the workspace and for an account', async () => {
    const byRelease = await report('earnings-summary/release')
    expect(byRelease.map((row) => [row.release, row.earnings_usd, row.sales_usd, row.total_usd])).toEqual([
      ['Night Album', '92.40', '40.00', '132.40'],
      ['Label Single', '33.33', '20.00', '53.33'],
    ])
    const labelByArtist = await report('earnings-summary/artist', scope(tenantId, world.ws.label.id))
    // The label: 40 % of Opening's 80 % (32 + 16) and its own single (33.333333 + 20.000001).
    expect(labelByArtist).toEqual([
      { artist: 'Band', earnings_usd: '33.33', sales_usd: '20.00', total_usd: '53.33' },
      { artist: 'Nova', earnings_usd: '32.00', sales_usd: '16.00', total_usd: '48.00' },
    ])
    expect(columnSum(labelByArtist, 'total_usd')).toBe(
      await ledgerCents(t, sql`book = 'account' and account_id = ${world.ws.label.id} and category in ('earnings', 'sales')`),
    )
  })

  it("sales by store and country: the workspace's statement lines, an account's credits shared out by its releases' net", async () => {
    const stores = await report('sales/store')
    expect(stores.find((row) => row.channel === 'iTunes')).toMatchObject({ month: '2025-03', store: 'Apple Music', net_usd: '5.00' })
    expect(columnSum(stores, 'net_usd')).toBe('220.83')
    const artistStores = await report('sales/store', artist())
    expect(columnSum(artistStores, 'net_usd')).toBe('84.40')
    const countries = await report('sales/country', artist())
    expect(countries.map((row) => [row.month, row.country_code, row.country])).toEqual([
      ['2025-03', 'DE', 'Germany'],
      ['2025-03', 'FR', 'France'],
      ['2025-03', 'US', 'United States'],
      ['2025-04', 'GB', 'United Kingdom'],
    ])
    expect(columnSum(countries, 'net_usd')).toBe('84.40')
  })

  it('sales by release and artist; the period filter keeps only its months', async () => {
    expect((await report('sales/release')).map((row) => [row.release, row.quantity, row.net_usd])).toEqual([
      ['Night Album', '34', '165.50'],
      ['Label Single', '11', '53.33'],
    ])
    expect(await report('sales/artist', scope(tenantId, null, { from: '2025-04-01', to: '2025-04-01' }))).toEqual([
      { artist: 'Band', quantity: '4', net_usd: '20.00' },
      { artist: 'Nova', quantity: '20', net_usd: '50.00' },
    ])
  })
})

describe('the other sources', () => {
  it("release and artist earning reports: a release's months by track and by store, an account's credits per month and release", async () => {
    const rows = await report('release-earning', scope(tenantId, null, { params: { releaseId: world.album.release.id } }))
    const tracks = rows.filter((row) => row.breakdown === 'track')
    const stores = rows.filter((row) => row.breakdown === 'store')
    expect(columnSum(tracks, 'net_usd')).toBe('165.50')
    expect(columnSum(stores, 'net_usd')).toBe('165.50')
    expect(stores.map((row) => `${row.month} ${row.store} ${row.country_code}`).sort()).toEqual([
      '2025-03 Apple Music DE',
      '2025-03 Spotify FR',
      '2025-03 YouTube US',
      '2025-04 Spotify GB',
    ])
    const earning = await report('artist-earning', scope(tenantId, world.ws.label.id))
    expect(earning.map((row) => [row.month, row.release, row.total_usd])).toEqual([
      ['2025-03', 'Night Album', '32.00'],
      ['2025-03', 'Label Single', '33.33'],
      ['2025-04', 'Night Album', '16.00'],
      ['2025-04', 'Label Single', '20.00'],
    ])
    await expect(csvOf(t, 'release-earning', workspace())).rejects.toThrow('needs a release')
  })

  it('royalty splits: every payee for the workspace, the account its own share, or every payee of its splits', async () => {
    const all = await report('royalty-split')
    expect(all.map((row) => [row.track, row.payee_email, row.share_percent, row.status])).toEqual([
      ['Opening', `payee${world.ws.artist.id}@example.test`, '60.00000000', 'Active'],
      ['Opening', `payee${world.ws.label.id}@example.test`, '40.00000000', 'Active'],
    ])
    const own = await report('royalty-split', scope(tenantId, world.ws.label.id))
    expect(own.map((row) => row.share_percent)).toEqual(['40.00000000'])
    expect(await report('royalty-split', scope(tenantId, world.ws.label.id, { params: { everyPayee: true } }))).toHaveLength(2)
    expect(await report('royalty-split', scope(tenantId, world.stranger.id))).toEqual([])
    expect(await report('royalty-split', scope(tenantId, null, { to: '2024-12-01' }))).toEqual([])
  })

  it('catalog overview, payout history and exchange rates stay inside the workspace', async () => {
    const catalogue = await report('catalog-overview')
    expect(catalogue.map((row) => row.track)).toEqual(['Opening', 'Closing', 'Single Song'])
    expect(catalogue[0]).toMatchObject({ release: 'Night Album', artist: 'Nova', isrc: 'QZNOV2500001', owner_email: world.ws.artist.email })
    expect((await report('catalog-overview', scope(tenantId, world.ws.label.id))).map((row) => row.track)).toEqual(['Single Song'])
    const payouts = await report('payout-history')
    expect(payouts).toHaveLength(1)
    expect(payouts[0]).toMatchObject({ requested: '2025-05-10', status: 'Pending', amount_usd: '10.00', fee_usd: '0.50', net_usd: '9.50' })
    expect(await report('payout-history', scope(tenantId, world.ws.label.id))).toEqual([])
    expect(await report('exchange-rate')).toEqual([
      { month: '2025-03', currency: 'EUR', rate_to_usd: '1.0825', entered: expect.any(String), entered_by: world.ws.admin.email },
    ])
    const everything = (
      await Promise.all(
        Object.keys(REPORT_SOURCES)
          .filter((kind) => !kind.startsWith('account-') && kind !== 'release-earning')
          .map((kind) => csvOf(t, kind, workspace())),
      )
    ).join('\n')
    expect(everything).not.toContain('Foreign Hit')
    expect(everything).not.toContain('Stranger')
    expect(everything).not.toContain('QZFOR')
  })

  it("an account's statement for a month: its entries, the month's total and the balance after; transactions keep a running balance", async () => {
    const march = await report('account-statement', scope(tenantId, world.ws.artist.id, { from: '2025-03-01', to: '2025-03-01' }))
    const entries = march.filter((row) => row.entry_id)
    expect(entries.every((row) => row.month === '2025-03')).toBe(true)
    const total = march.find((row) => row.kind === 'Month total')
    expect(total?.amount_usd).toBe(columnSum(entries, 'amount_usd'))
    expect(total?.amount_usd).toBe('60.40')
    const may = await report('account-statement', scope(tenantId, world.ws.artist.id, { from: '2025-05-01', to: '2025-05-01' }))
    expect(may.map((row) => [row.kind, row.category, row.amount_usd])).toEqual([
      ['payout', 'payouts', '-10.00'],
      ['Month total', '', '-10.00'],
      ['Balance after', '', '74.40'],
    ])
    const transactions = await report('account-transactions', scope(tenantId, world.ws.artist.id, { from: '2025-04-01' }))
    expect(transactions[0]).toMatchObject({ kind: 'Opening balance', balance_usd: '60.40' })
    expect(transactions.at(-1)).toMatchObject({ kind: 'payout', balance_usd: '74.40' })
    await expect(csvOf(t, 'account-statement', workspace())).rejects.toThrow('one account')
  })
})
