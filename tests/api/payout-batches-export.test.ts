import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { createAccount, twoWorkspaces } from '../helpers/fixtures'
import { auditLog, payoutBatches, userDetails } from '../../src/server/db/schema'
import { toScaled } from '../../src/core/decimal'
import { available, createPayout, credit, payoutRows } from './payout-batches-fixtures'

/** A fresh Idempotency-Key, as the browser client sends one per action. */
const key = () => ({ 'idempotency-key': randomUUID() })

let t: TestApp
let ws: Awaited<ReturnType<typeof twoWorkspaces>>['ws']
let admin: TestClient
let artist: TestClient
let otherAdmin: TestClient

beforeAll(async () => {
  t = await createTestApp()
  ;({ ws, admin, artist, otherAdmin } = await twoWorkspaces(t, 'batches', 'batchesother'))
})
afterAll(() => t.close())

async function payee(email: string, balance = '1000') {
  const account = await createAccount(t.services, { tenantId: ws.tenant.id, email })
  await credit(t.services, ws.tenant.id, account.id, balance)
  return account
}

async function download(client: TestClient, fileId: number) {
  const result = await client.call('files.get', { params: { id: fileId } })
  expect(result.status).toBe(200)
  return { text: result.response.body, disposition: String(result.response.headers['content-disposition']) }
}

describe('payouts/export', () => {
  it('puts exactly the approved payouts of the provider into its file, with net amounts, and moves them to processing', async () => {
    const ana = await payee('ana@batches.test')
    const ben = await payee('ben,quoted@batches.test')
    const cleo = await payee('cleo@batches.test')
    const a = await createPayout(t.services, {
      tenantId: ws.tenant.id,
      accountId: ana.id,
      provider: 'paypal',
      payee: 'ana@batches.test',
      amount: '120.50',
      fee: '2.41',
    })
    const b = await createPayout(t.services, {
      tenantId: ws.tenant.id,
      accountId: ben.id,
      provider: 'paypal',
      payee: 'ben,quoted@batches.test',
      // A payout migrated from before whole-cent nets: the fee absorbed the fraction of a cent.
      amount: '1234.575',
      fee: '0.005',
    })
    const pending = await createPayout(t.services, {
      tenantId: ws.tenant.id,
      accountId: cleo.id,
      provider: 'paypal',
      payee: 'cleo@batches.test',
      amount: '50',
      status: 'pending',
    })
    const tipalti = await createPayout(t.services, {
      tenantId: ws.tenant.id,
      accountId: cleo.id,
      provider: 'tipalti',
      payee: 'TIP-CLEO',
      amount: '75',
      fee: '3',
    })
    const before = await available(t.services, ws.tenant.id, ana.id)

    const batch = await admin.ok('payouts.export', { headers: key(), body: { provider: 'paypal' } })
    expect(batch).toMatchObject({
      provider: 'paypal',
      count: 2,
      amount: '1355.075000',
      // 118.09 + 1234.57: the stored nets, whole cents
      net: '1352.660000',
      delivery: 'file',
      providerBatchId: null,
      statuses: { processing: 2, paid: 0, failed: 0 },
    })
    expect(batch.by?.id).toBe(ws.admin.id)
    expect(batch.file?.name).toMatch(/^paypal-payouts-\d{4}-\d{2}-\d{2}-batch-\d+\.csv$/)

    const file = await download(admin, batch.file!.id)
    expect(file.disposition).toContain('attachment')
    expect(file.text).toBe(
      `ana@batches.test,118.09,USD,P${a.id},Payout P${a.id} from batches music,PAYPAL\r\n` +
        `"ben,quoted@batches.test",1234.57,USD,P${b.id},Payout P${b.id} from batches music,PAYPAL\r\n`,
    )
    expect(await payoutRows(t.services, [a.id, b.id, pending.id, tipalti.id])).toEqual([
      { id: a.id, status: 'processing', batchId: batch.id, reason: '' },
      { id: b.id, status: 'processing', batchId: batch.id, reason: '' },
      { id: pending.id, status: 'pending', batchId: null, reason: '' },
      { id: tipalti.id, status: 'approved', batchId: null, reason: '' },
    ])
    // The amount was reserved at request; exporting moves no money.
    expect(await available(t.services, ws.tenant.id, ana.id)).toBe(before)
    const [logged] = await t.services.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'payouts.exported' and ${auditLog.entityId} = ${String(batch.id)}`)
    expect(logged.actorAccountId).toBe(ws.admin.id)

    const history = await admin.ok('payouts.history', { params: { page: 1 }, query: { per_page: 25 } })
    expect(history.data[0]).toEqual(batch)

    const again = await admin.call('payouts.export', { headers: key(), body: { provider: 'paypal' } })
    expect(again.status).toBe(409)
    expect(again.error.message).toBe('There are no approved PayPal payouts to export.')

    // Tipalti's file: a header row, then Idap, amount, currency, RefCode and the messages.
    const tip = await admin.ok('payouts.export', { headers: key(), body: { provider: 'tipalti' } })
    const tipFile = await download(admin, tip.file!.id)
    expect(tipFile.text.split('\r\n')).toEqual([
      'Idap,Amount,SubmittedAmountCurrency,RefCode,EWalletMessage,BankingMessage,EmailMessage',
      `TIP-CLEO,72.00,USD,P${tipalti.id},Payout P${tipalti.id} from batches music,P${tipalti.id},Payout P${tipalti.id} from batches music`,
      '',
    ])
  })

  it('exports only the payouts named, and refuses one that is not an approved payout of that provider', async () => {
    const dan = await payee('dan@batches.test')
    const one = await createPayout(t.services, {
      tenantId: ws.tenant.id,
      accountId: dan.id,
      provider: 'paypal',
      payee: 'dan@batches.test',
      amount: '10',
    })
    const two = await createPayout(t.services, {
      tenantId: ws.tenant.id,
      accountId: dan.id,
      provider: 'paypal',
      payee: 'dan@batches.test',
      amount: '20',
    })
    const other = await createPayout(t.services, {
      tenantId: ws.tenant.id,
      accountId: dan.id,
      provider: 'tipalti',
      payee: 'TIP-DAN',
      amount: '30',
    })
    const batchesBefore = (await t.services.db.select().from(payoutBatches)).length

    const refused = await admin.call('payouts.export', { headers: key(), body: { provider: 'paypal', ids: [one.id, other.id] } })
    expect(refused.status).toBe(409)
    expect(refused.error.message).toBe(`Payout ${other.id} is paid through Tipalti, not PayPal.`)
    expect((await t.services.db.select().from(payoutBatches)).length).toBe(batchesBefore)
    expect((await payoutRows(t.services, [one.id])).map((row) => row.status)).toEqual(['approved'])

    const batch = await admin.ok('payouts.export', { headers: key(), body: { provider: 'paypal', ids: [one.id] } })
    expect(batch.count).toBe(1)
    expect((await payoutRows(t.services, [one.id, two.id])).map((row) => row.status)).toEqual(['processing', 'approved'])

    const notApproved = await admin.call('payouts.export', { headers: key(), body: { provider: 'paypal', ids: [one.id] } })
    expect(notApproved.status).toBe(409)
    expect(notApproved.error.message).toBe(`Payout ${one.id} is processing, not approved.`)

    const invalid = await admin.call('payouts.export', { headers: key(), body: { provider: 'venmo' } as never })
    expect(invalid.status).toBe(400)
    expect(invalid.error.errors?.provider).toBe('Choose PayPal or Tipalti')
  })

  it('is for staff of the workspace only', async () => {
    const eve = await payee('eve@batches.test')
    const mine = await createPayout(t.services, {
      tenantId: ws.tenant.id,
      accountId: eve.id,
      provider: 'paypal',
      payee: 'eve@batches.test',
      amount: '15',
    })
    expect((await artist.call('payouts.export', { headers: key(), body: { provider: 'paypal' } })).status).toBe(403)
    expect((await artist.call('payouts.history', { params: { page: 1 }, query: { per_page: 25 } })).status).toBe(403)
    expect((await artist.call('payouts.connections')).status).toBe(403)

    // Another workspace sees none of these batches and cannot export these payouts.
    const theirs = await otherAdmin.ok('payouts.history', { params: { page: 1 }, query: { per_page: 25 } })
    expect(theirs.data).toEqual([])
    const foreign = await otherAdmin.call('payouts.export', { headers: key(), body: { provider: 'paypal', ids: [mine.id] } })
    expect(foreign.status).toBe(400)
    expect(foreign.error.message).toBe(`There is no payout ${mine.id} in this workspace.`)
    const nothing = await otherAdmin.call('payouts.export', { headers: key(), body: { provider: 'paypal' } })
    expect(nothing.status).toBe(409)
    expect((await payoutRows(t.services, [mine.id]))[0].status).toBe('approved')
  })

  it('answers a replayed Idempotency-Key with the first batch', async () => {
    const fay = await payee('fay@batches.test')
    await createPayout(t.services, {
      tenantId: ws.tenant.id,
      accountId: fay.id,
      provider: 'paypal',
      payee: 'fay@batches.test',
      amount: '40',
    })
    const headers = { 'idempotency-key': 'export-fay-1' }
    const first = await admin.call('payouts.export', { body: { provider: 'paypal' }, headers })
    const replay = await admin.call('payouts.export', { body: { provider: 'paypal' }, headers })
    expect(first.status).toBe(201)
    expect(replay.status).toBe(201)
    expect(replay.data.id).toBe(first.data.id)
    expect(
      (
        await t.services.db
          .select()
          .from(payoutBatches)
          .where(sql`${payoutBatches.id} = ${first.data.id}`)
      ).length,
    ).toBe(1)
    const otherBody = await admin.call('payouts.export', { body: { provider: 'tipalti' }, headers })
    expect(otherBody.status).toBe(422)
  })
})

describe('payouts/history', () => {
  it('pages batches newest first and filters by provider', async () => {
    const { rows } = await t.services.db.execute<{ n: number }>(
      sql`select count(*)::int as n from payout_batches where tenant_id = ${ws.tenant.id}`,
    )
    const existing = Number(rows[0].n)
    const base = Date.parse('2024-01-01T00:00:00Z')
    await t.services.db.insert(payoutBatches).values(
      Array.from({ length: 30 }, (_, index) => ({
        tenantId: ws.tenant.id,
        provider: index % 3 === 0 ? 'tipalti' : 'paypal',
        fileName: `old-${index}.csv`,
        count: 1,
        amount: `${index + 1}.000000`,
        net: `${index + 1}.000000`,
        createdAt: new Date(base + index * 86_400_000),
      })),
    )
    const first = await admin.ok('payouts.history', { params: { page: 1 }, query: { per_page: 25 } })
    expect(first.meta).toMatchObject({ total: existing + 30, page: 1, per_page: 25, last_page: Math.ceil((existing + 30) / 25) })
    const dates = first.data.map((batch) => Date.parse(batch.date))
    expect([...dates].sort((x, y) => y - x)).toEqual(dates)
    const second = await admin.ok('payouts.history', { params: { page: 2 }, query: { per_page: 25 } })
    expect(second.data.length).toBe(existing + 30 - 25)
    expect(second.data.at(-1)).toMatchObject({ amount: '1.000000', file: null, provider: 'tipalti' })
    const tipalti = await admin.ok('payouts.history', { params: { page: 1 }, query: { per_page: 25, provider: 'tipalti' } })
    expect(tipalti.data.every((batch) => batch.provider === 'tipalti')).toBe(true)
    expect((await admin.call('payouts.history', { params: { page: 1 }, query: { per_page: 7 } as never })).status).toBe(400)
  })
})

describe('payouts/connections', () => {
  it('says each provider is not configured and paid by file, with its activity link, payable accounts and approved totals', async () => {
    const gil = await payee('gil@batches.test')
    await t.services.db
      .insert(userDetails)
      .values([{ accountId: gil.id, tenantId: ws.tenant.id, paypalEmail: 'gil@batches.test', paypalConfirmed: true, tipaltiId: 'TIP-GIL' }])
    await createPayout(t.services, {
      tenantId: ws.tenant.id,
      accountId: gil.id,
      provider: 'tipalti',
      payee: 'TIP-GIL',
      amount: '99.99',
      fee: '3',
    })
    const { data } = await admin.ok('payouts.connections')
    const paypal = data.find((entry) => entry.provider === 'paypal')!
    const tipalti = data.find((entry) => entry.provider === 'tipalti')!
    expect(paypal).toMatchObject({
      label: 'PayPal',
      configured: false,
      delivery: 'file',
      apiBase: 'https://api-m.paypal.com',
      message: 'PayPal: not configured — batches are paid by uploading the file',
      activityUrl: 'https://www.paypal.com/myaccount/activities',
      payableAccounts: 1,
    })
    expect(paypal.lastBatch?.id).toBeGreaterThan(0)
    expect(tipalti).toMatchObject({
      configured: false,
      message: 'Tipalti: not configured — batches are paid by uploading the file',
      activityUrl: 'https://hub.tipalti.com/dashboard/payments',
      payableAccounts: 1,
    })
    expect(toScaled(tipalti.approved.amount, 6)).toBeGreaterThanOrEqual(toScaled('99.99', 6))
    expect(tipalti.approved.count).toBeGreaterThanOrEqual(1)
  })
})
