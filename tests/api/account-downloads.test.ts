import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { signedIn } from '../helpers/fixtures'
import { columnSum, ledgerCents, records, reportWorld } from './report-sources-fixtures'

let t: TestApp
let world: Awaited<ReturnType<typeof reportWorld>>
let admin: TestClient
let artistClient: TestClient
let otherAdmin: TestClient

beforeAll(async () => {
  t = await createTestApp()
  world = await reportWorld(t, 'downloads', 'rival')
  admin = await signedIn(t.app, 'admin@downloads.test')
  artistClient = await signedIn(t.app, 'artist@downloads.test')
  otherAdmin = await signedIn(t.app, 'admin@rival.test', { tenant: 'rival' })
})
afterAll(() => t.close())

const file = (result: { status: number; response: { body: string; headers: Record<string, unknown> } }) => {
  expect(result.status, result.response.body).toBe(200)
  expect(String(result.response.headers['content-type'])).toMatch(/^text\/csv/)
  return records(result.response.body)
}

describe('account downloads', () => {
  it("the track report is the account's credits per track, named after the account, kind and period, summing to its ledger", async () => {
    const userId = world.ws.artist.id
    const result = await admin.call('accountReports.track', { body: { userId, from: '2025-03', to: '2025-04' } })
    const rows = file(result)
    expect(result.response.headers['content-disposition']).toBe('attachment; filename="test-person-tracks-2025-03-2025-04.csv"')
    expect(rows.map((row) => [row.track, row.net_usd])).toEqual([
      ['(matched by UPC only)', '4.00'],
      ['Opening', '72.00'],
      ['Closing', '8.40'],
    ])
    expect(columnSum(rows, 'net_usd')).toBe(
      await ledgerCents(t, sql`book = 'account' and account_id = ${userId} and category in ('earnings', 'sales')`),
    )
    const april = file(await admin.call('accountReports.track', { body: { userId, from: '2025-04' } }))
    expect(april.map((row) => [row.track, row.net_usd])).toEqual([['Opening', '24.00']])
  })

  it('release, gross release, store, country and catalogue reports come from the same sources', async () => {
    const userId = world.ws.label.id
    expect(file(await admin.call('accountReports.release', { body: { userId } })).map((row) => [row.release, row.net_usd])).toEqual([
      ['Night Album', '48.00'],
      ['Label Single', '53.33'],
    ])
    const gross = file(await admin.call('accountReports.grossRelease', { body: { userId } }))
    expect(gross.map((row) => [row.release, row.gross_usd, row.account_usd])).toEqual([
      // Only Opening credited the label: the gross of the album's other tracks is not its business.
      ['Night Album', '150.00', '48.00'],
      ['Label Single', '53.33', '53.33'],
    ])
    expect(columnSum(file(await admin.call('accountReports.channel', { body: { userId } })), 'net_usd')).toBe('101.33')
    expect(file(await admin.call('accountReports.country', { body: { userId, to: '2025-03' } })).map((row) => row.country_code)).toEqual([
      'DE',
      'FR',
      'US',
    ])
    expect(file(await admin.call('accountReports.catalog', { body: { userId } })).map((row) => row.track)).toEqual(['Single Song'])
  })

  it('royalty shares: its own share, or every payee of its splits; payouts', async () => {
    const userId = world.ws.label.id
    expect(
      file(await admin.call('accountReports.royaltyShares', { params: { userId }, body: {} })).map((row) => row.share_percent),
    ).toEqual(['40.00000000'])
    expect(
      file(await admin.call('accountReports.fullRoyaltyShares', { params: { userId }, body: {} })).map((row) => row.share_percent),
    ).toEqual(['60.00000000', '40.00000000'])
    const payouts = file(await admin.call('accountReports.payouts', { params: { userId: world.ws.artist.id }, body: { from: '2025-05' } }))
    expect(payouts.map((row) => [row.status, row.amount_usd, row.net_usd])).toEqual([['Pending', '10.00', '9.50']])
    expect(file(await admin.call('accountReports.payouts', { params: { userId }, body: {} }))).toEqual([])
  })

  it("the statement for a month and the transaction report end on the account's balance", async () => {
    const userId = world.ws.artist.id
    const result = await admin.call('accountReports.statement', { params: { userId, date: '2025-04' } })
    const rows = file(result)
    expect(result.response.headers['content-disposition']).toBe('attachment; filename="test-person-statement-2025-04.csv"')
    expect(rows.map((row) => [row.kind, row.track, row.amount_usd])).toEqual([
      ['import', 'Opening', '24.00'],
      ['Month total', '', '24.00'],
      ['Balance after', '', '84.40'],
    ])
    const transactions = file(await admin.call('accountReports.transactions', { body: { userId } }))
    expect(transactions.at(-1)?.balance_usd).toBe(await ledgerCents(t, sql`book = 'account' and account_id = ${userId}`))
    expect((await admin.call('accountReports.statement', { params: { userId, date: '2025-13' } })).status).toBe(404)
  })

  it("the audience download is the account's own fans, with consent and suppression", async () => {
    const userId = world.ws.artist.id
    const tenant = world.ws.tenant.id
    await t.services.db.execute(sql`
      insert into fanblast_fans (tenant_id, account_id, email, source, consent_at, consent_proof, unsubscribed_at)
      values (${tenant}, ${userId}, 'ana@fans.test', 'import', '2025-03-02T10:00:00Z', 'signup sheet 3', null),
        (${tenant}, ${userId}, 'bo@fans.test', 'smartlink', '2025-04-05T10:00:00Z', 'LINK42', '2025-05-01T00:00:00Z'),
        (${tenant}, ${world.ws.label.id}, 'cy@fans.test', 'import', '2025-03-02T10:00:00Z', 'list', null)`)
    const rows = file(await admin.call('accountReports.audience', { body: { userId } }))
    expect(rows.map((row) => [row.email, row.source, row.consent_date, row.consent_proof, row.unsubscribed])).toEqual([
      ['ana@fans.test', 'import', '2025-03-02', 'signup sheet 3', ''],
      ['bo@fans.test', 'smartlink', '2025-04-05', 'LINK42', '2025-05-01'],
    ])
  })

  it('answers 409 with the reason for the reports whose data arrives later', async () => {
    const userId = world.ws.artist.id
    const influencer = await admin.call('accountReports.influencer', { body: { userId } })
    expect(influencer.status).toBe(409)
    expect(influencer.error.message).toBe('The influencer report is not available yet: its data arrives with Audience.')
    const delivery = await admin.call('accountReports.deliveryLog', { body: { userId } })
    expect(delivery.status).toBe(409)
    expect(delivery.error.message).toContain('arrives with Delivery')
  })

  it('is for admins of the workspace only: 403 for an artist, 404 for another workspace, 400 for a reversed period', async () => {
    const userId = world.ws.artist.id
    expect((await artistClient.call('accountReports.track', { body: { userId } })).status).toBe(403)
    expect((await artistClient.call('accountReports.statement', { params: { userId, date: '2025-03' } })).status).toBe(403)
    for (const result of [
      await otherAdmin.call('accountReports.track', { body: { userId } }),
      await otherAdmin.call('accountReports.payouts', { params: { userId }, body: {} }),
      await otherAdmin.call('accountReports.statement', { params: { userId, date: '2025-03' } }),
      await otherAdmin.call('accountReports.influencer', { body: { userId } }),
    ]) {
      expect(result.status).toBe(404)
      expect(result.response.body).not.toContain('Opening')
    }
    const reversed = await admin.call('accountReports.release', { body: { userId, from: '2025-05', to: '2025-03' } })
    expect(reversed.status).toBe(400)
    expect(reversed.response.body).toContain('The first month must not be after the last')
  })
})
