import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { createWorkspace, twoWorkspaces } from '../helpers/fixtures'
import { auditLog, manualMatches } from '../../src/server/db/schema'
import { postImport } from '../../src/domains/earnings/server/ledger/posting'
import { exchangeRateFor } from '../../src/domains/earnings/server/ledger/service'
import { createRelease } from './releases-fixtures'
import { accountBalance, bookSum, createImport, setImportStatus } from './ledger-fixtures'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let other: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let artist: TestClient
let otherAdmin: TestClient

beforeAll(async () => {
  t = await createTestApp()
  ;({ ws, other, admin, artist, otherAdmin } = await twoWorkspaces(t, 'ledgerapi', 'ledgerother'))
})
afterAll(() => t.close())

const audits = (action: string) =>
  t.services.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.tenantId, ws.tenant.id)))

describe('exchange rates', () => {
  it('adds, lists with a currency filter, refuses duplicates and bad input, deletes; the importer reads them', async () => {
    const eur = await admin.ok('ledger.rateCreate', { body: { currency: 'eur', period: '2025-03', rate: '1.0825' } })
    expect(eur).toMatchObject({ currency: 'EUR', period: '2025-03', rate: '1.0825', createdBy: { id: ws.admin.id } })
    await admin.ok('ledger.rateCreate', { body: { currency: 'GBP', period: '2025-03', rate: '1.27' } })
    const duplicate = await admin.call('ledger.rateCreate', { body: { currency: 'EUR', period: '2025-03', rate: '1.1' } })
    expect(duplicate.status).toBe(409)
    expect(duplicate.error.message).toBe('There is already a rate for EUR in 2025-03. Delete it first to enter a new one.')
    const bad = await admin.call('ledger.rateCreate', { body: { currency: 'EURO', period: '2025-13', rate: '0' } })
    expect(bad.status).toBe(400)
    expect(bad.error.errors).toMatchObject({
      currency: expect.stringMatching(/ISO 4217/),
      period: expect.stringMatching(/YYYY-MM/),
      rate: 'A rate must be greater than zero',
    })
    expect((await admin.call('ledger.rateCreate', { body: { currency: 'XYZ', period: '2025-03', rate: '1' } })).status).toBe(400)

    const list = await admin.ok('ledger.rates', { params: { id: 1 }, query: { currency: 'eu' } })
    expect(list.data.map((row) => row.currency)).toEqual(['EUR'])
    expect((await admin.ok('ledger.rates', { params: { id: 1 }, query: {} })).meta.total).toBe(2)
    expect((await otherAdmin.ok('ledger.rates', { params: { id: 1 }, query: {} })).meta.total).toBe(0)
    expect((await admin.call('ledger.rates', { params: { id: 1 }, query: { currency: 'E%' } })).error.errors).toMatchObject({
      currency: 'Filter by up to three letters of a currency code',
    })

    expect(await exchangeRateFor(t.services.db, ws.tenant.id, 'EUR', '2025-03-01')).toBe('1.0825')
    expect(await exchangeRateFor(t.services.db, ws.tenant.id, 'usd', '2025-03')).toBe('1')
    expect(await exchangeRateFor(t.services.db, other.tenant.id, 'EUR', '2025-03')).toBeNull()

    expect((await otherAdmin.call('ledger.rateDelete', { params: { id: eur.id } })).status).toBe(404)
    expect((await artist.call('ledger.rateDelete', { params: { id: eur.id } })).status).toBe(403)
    await admin.ok('ledger.rateDelete', { params: { id: eur.id } })
    expect(await exchangeRateFor(t.services.db, ws.tenant.id, 'EUR', '2025-03')).toBeNull()
    expect((await audits('exchange_rate.created')).length).toBe(2)
    expect((await audits('exchange_rate.deleted'))[0].before).toMatchObject({ currency: 'EUR', rate: '1.0825' })
  })
})

describe('adjustments and the account ledger', () => {
  it('moves the adjustment and available lines, writes the tenant side and an audit row with the reason, and lists the entry', async () => {
    const result = await admin.ok('ledger.adjust', {
      params: { id: ws.artist.id },
      // The artist has nothing yet: the chargeback is a shortfall the admin confirms (a recoupable debt).
      body: { amount: '-12.5', reason: 'Chargeback from store', confirmShortfall: '12.50' },
    })
    expect(result.balance).toMatchObject({ adjustment: '-12.50', available: '-12.50', earnings: '0.00' })
    await admin.ok('ledger.adjust', { params: { id: ws.artist.id }, body: { amount: '+100.05', reason: 'Bonus' } })
    const single = await admin.ok('users.single', { params: { id: ws.artist.id } })
    expect(single.balance).toMatchObject({ adjustment: '87.55', available: '87.55' })
    expect(await bookSum(t.services, ws.tenant.id, 'tenant')).toBe('-87.550000')
    const row = (await audits('account.adjustment_added')).find(
      (audit) => (audit.after as { reason: string }).reason === 'Chargeback from store',
    )
    expect(row).toMatchObject({ entityType: 'account', entityId: String(ws.artist.id), actorAccountId: ws.admin.id })
    expect(row?.after).toMatchObject({ amount: '-12.5', reason: 'Chargeback from store' })

    const entries = await admin.ok('ledger.entries', { params: { id: ws.artist.id }, query: {} })
    expect(entries.data.map((entry) => [entry.kind, entry.category, entry.amount, entry.reason])).toEqual([
      ['adjustment', 'adjustment', '100.050000', 'Bonus'],
      ['adjustment', 'adjustment', '-12.500000', 'Chargeback from store'],
    ])
    expect(entries.data[0].by).toMatchObject({ id: ws.admin.id })

    const invalid = await admin.call('ledger.adjust', { params: { id: ws.artist.id }, body: { amount: '1.234', reason: '' } })
    expect(invalid.status).toBe(400)
    expect(invalid.error.errors).toMatchObject({ amount: expect.stringMatching(/two decimals/), reason: 'A reason is required' })
    expect(
      (await admin.call('ledger.adjust', { params: { id: ws.artist.id }, body: { amount: '0', reason: 'x' } })).error.errors,
    ).toMatchObject({
      amount: 'An adjustment cannot be zero',
    })
    // Another workspace's admin and a non-admin cannot adjust or read.
    expect((await otherAdmin.call('ledger.adjust', { params: { id: ws.artist.id }, body: { amount: '5', reason: 'x' } })).status).toBe(404)
    expect((await otherAdmin.call('ledger.entries', { params: { id: ws.artist.id }, query: {} })).status).toBe(404)
    expect((await artist.call('ledger.adjust', { params: { id: ws.artist.id }, body: { amount: '5', reason: 'x' } })).status).toBe(403)
    expect((await artist.call('ledger.entries', { params: { id: ws.artist.id }, query: {} })).status).toBe(403)
    expect(await accountBalance(t.services, ws.artist.id)).toBe('87.550000')
  })

  it('publishing entries post to the ledger and their removal compensates', async () => {
    const added = await admin.ok('users.publishingManual', {
      body: { userId: ws.label.id, amount: '50.10', period: '2025-04-01', note: 'Sync' },
    })
    expect(added.balance).toMatchObject({ publishing: '50.10', available: '50.10' })
    await admin.ok('users.publishingRemove', { body: { userId: ws.label.id, entryId: added.publishing[0].id } })
    const entries = await admin.ok('ledger.entries', { params: { id: ws.label.id }, query: { category: 'publishing' } })
    expect(entries.data.map((entry) => entry.amount)).toEqual(['-50.100000', '50.100000'])
    expect(entries.data[0].reason).toMatch(/removed/)
    expect((await admin.ok('users.single', { params: { id: ws.label.id } })).balance.publishing).toBe('0.00')
  })
})

describe('unmatched lines', () => {
  it('lists unmatched keys of committed imports and matches one to a track: balance, last earnings and remembered key', async () => {
    const { release, tracks } = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.label.id, title: 'Found Songs' }, [
      { title: 'Found' },
    ])
    const statement = await createImport(t.services, {
      tenantId: ws.tenant.id,
      source: 'audiosalad',
      lines: [
        { net: '10.005', isrc: 'QZNNN2500001', title: 'Lost One' },
        { net: '2', isrc: 'QZNNN2500001', title: 'Lost One (Remix)' },
        { net: '1', upc: '0000000000123', title: 'Some Album' },
        { net: '4', isrc: 'QZNNN2500002', title: 'Other' },
      ],
    })
    // An import still in review is not listed.
    const pending = await createImport(t.services, { tenantId: ws.tenant.id, lines: [{ net: '99', isrc: 'QZNNN2500003' }] })
    await t.services.db.transaction((tx) => postImport(tx, ws.tenant.id, statement.id, ws.admin.id))
    await setImportStatus(t.services, statement.id, 'committed')

    const list = await admin.ok('ledger.unmatched', { params: { page: 1 }, query: {} })
    expect(list.data.map((row) => [row.kind, row.key, row.lines, row.total])).toEqual([
      ['isrc', 'QZNNN2500001', 2, '12.005000'],
      ['isrc', 'QZNNN2500002', 1, '4.000000'],
      ['upc', '0000000000123', 1, '1.000000'],
    ])
    expect(list.data[0].titles).toEqual(['Lost One', 'Lost One (Remix)'])
    expect(list.data[0].importIds).toEqual([statement.id])
    expect((await admin.ok('ledger.unmatched', { params: { page: 1 }, query: { search: 'remix' } })).data.map((row) => row.key)).toEqual([
      'QZNNN2500001',
    ])
    // % and _ are plain characters, not wildcards.
    expect((await admin.ok('ledger.unmatched', { params: { page: 1 }, query: { search: '%' } })).data).toEqual([])
    expect((await otherAdmin.ok('ledger.unmatched', { params: { page: 1 }, query: {} })).data).toEqual([])
    expect(pending.id).toBeGreaterThan(0)

    const before = await admin.ok('users.single', { params: { id: ws.label.id } })
    const matched = await admin.ok('ledger.match', { body: { kind: 'isrc', key: 'qznnn2500001', trackId: tracks[0].id } })
    expect(matched).toMatchObject({
      lines: 2,
      posted: 2,
      amount: '12.005000',
      target: { trackId: tracks[0].id, releaseId: release.id, title: 'Found' },
    })
    const after = await admin.ok('users.single', { params: { id: ws.label.id } })
    // 12.005 of sales; shown half-even to cents.
    expect(after.balance.sales).toBe('12.00')
    expect(Number(after.balance.available) - Number(before.balance.available)).toBeCloseTo(12, 2)
    expect(after.lastEarnings).toMatchObject({ amount: '12.00', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) })
    expect(await bookSum(t.services, ws.tenant.id, 'suspense')).toBe('5.000000')
    expect((await admin.ok('ledger.unmatched', { params: { page: 1 }, query: {} })).data.map((row) => row.key)).toEqual([
      'QZNNN2500002',
      '0000000000123',
    ])
    const [remembered] = await t.services.db.select().from(manualMatches).where(eq(manualMatches.key, 'QZNNN2500001'))
    expect(remembered).toMatchObject({ tenantId: ws.tenant.id, keyKind: 'isrc', trackId: tracks[0].id, releaseId: release.id })
    expect((await audits('earnings.lines_matched'))[0]).toMatchObject({ entityId: 'isrc:QZNNN2500001' })
    const ledger = await admin.ok('ledger.entries', { params: { id: ws.label.id }, query: { category: 'sales' } })
    expect(ledger.data[0]).toMatchObject({
      kind: 'match',
      amount: '12.005000',
      track: { title: 'Found' },
      release: { title: 'Found Songs' },
    })

    // Validation, tenant isolation and authorization.
    const neither = await admin.call('ledger.match', { body: { kind: 'upc', key: '0000000000123' } })
    expect(neither.status).toBe(400)
    expect(neither.error.errors).toMatchObject({ trackId: 'Choose either a track or a release' })
    const foreign = await createRelease(t.services, { tenantId: other.tenant.id, accountId: other.artist.id })
    expect((await admin.call('ledger.match', { body: { kind: 'upc', key: '0000000000123', releaseId: foreign.release.id } })).status).toBe(
      404,
    )
    expect((await artist.call('ledger.match', { body: { kind: 'upc', key: '0000000000123', releaseId: release.id } })).status).toBe(403)
    expect((await artist.call('ledger.unmatched', { params: { page: 1 }, query: {} })).status).toBe(403)
  })
})
