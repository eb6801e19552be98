import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { createAccount, createWorkspace, signedIn } from '../helpers/fixtures'
import { startFakeProviders, type FakeProviders } from '../helpers/fake-providers'
import { payoutBatches } from '../../src/server/db/schema'
import { applyTransition, lockPayouts } from '../../src/domains/payouts/server/postings'
import { MONEY_SCALE, toScaled } from '../../src/core/decimal'
import { available, createPayout, credit, payoutRows } from './payout-batches-fixtures'

/** A fresh Idempotency-Key, as the browser client sends one per action. */
const key = () => ({ 'idempotency-key': randomUUID() })

// The provider adapters against local fakes of PayPal's Payouts API and Tipalti's REST API.

let t: TestApp
let fake: FakeProviders
let admin: TestClient
let tenantId: number

beforeAll(async () => {
  fake = await startFakeProviders()
  t = await createTestApp({ env: fake.env() })
  const ws = await createWorkspace(t.services, 'providers')
  tenantId = ws.tenant.id
  admin = await signedIn(t.app, 'admin@providers.test')
})
afterAll(async () => {
  await t.close()
  await fake.close()
})
beforeEach(() => {
  fake.mode = 'ok'
})

let accounts = 0
async function approved(provider: 'paypal' | 'tipalti', amount: string, fee = '0') {
  const account = await createAccount(t.services, { tenantId, email: `payee${++accounts}@providers.test` })
  await credit(t.services, tenantId, account.id, '500')
  const payout = await createPayout(t.services, {
    tenantId,
    accountId: account.id,
    provider,
    payee: provider === 'paypal' ? account.email : `TIP-${account.id}`,
    amount,
    fee,
  })
  return { account, payout }
}

const batchCount = async () => (await t.services.db.select().from(payoutBatches)).length
const fileCount = async () => {
  const { rows } = await t.services.db.execute<{ n: number }>(sql`select count(*)::int as n from files where purpose = 'payout-batch'`)
  return Number(rows[0].n)
}

describe('connections with credentials', () => {
  it('says both providers are connected and submit through their APIs', async () => {
    const { data } = await admin.ok('payouts.connections')
    expect(data.map((entry) => [entry.provider, entry.configured, entry.delivery])).toEqual([
      ['paypal', true, 'api'],
      ['tipalti', true, 'api'],
    ])
    expect(data[0].message).toBe(`PayPal: connected — exported batches are submitted through the API at ${fake.url}/paypal`)
  })
})

describe('PayPal refusing', () => {
  // Runs before any PayPal token is cached on this app.
  it('leaves everything as it was when PayPal refuses the credentials or the batch', async () => {
    const { payout } = await approved('paypal', '25')
    const [batches, files] = [await batchCount(), await fileCount()]
    fake.mode = 'auth-fail'
    const denied = await admin.call('payouts.export', { headers: key(), body: { provider: 'paypal' } })
    expect(denied.status).toBe(502)
    expect(denied.error.message).toBe('PayPal refused the API credentials. Check them; nothing was changed.')

    fake.mode = 'error'
    const refused = await admin.call('payouts.export', { headers: key(), body: { provider: 'paypal' } })
    expect(refused.status).toBe(502)
    expect(refused.error.message).toBe('PayPal: Sender does not have sufficient funds. Nothing was changed.')
    expect((await payoutRows(t.services, [payout.id]))[0]).toMatchObject({ status: 'approved', batchId: null })
    expect(await batchCount()).toBe(batches)
    expect(await fileCount()).toBe(files)
    // Left approved, it goes into the next batch once PayPal takes it: reject it so the next test starts clean.
    await t.services.db.transaction(async (tx) =>
      applyTransition(tx, { tenantId, actorId: null }, await lockPayouts(tx, tenantId, [payout.id]), 'rejected', { reason: 'test' }),
    )
  })
})

describe('PayPal Payouts API', () => {
  it('submits the batch, stores its id, and a sync marks payouts paid or failed (failed gives the money back)', async () => {
    const one = await approved('paypal', '100.00', '2.00')
    const two = await approved('paypal', '40.01')
    const batch = await admin.ok('payouts.export', { headers: key(), body: { provider: 'paypal' } })
    expect(batch).toMatchObject({ delivery: 'api', providerBatchId: 'PB-1', count: 2 })
    expect(batch.file).not.toBeNull()

    const sent = fake.paypalBatches[0].body as {
      sender_batch_header: { sender_batch_id: string }
      items: { receiver: string; amount: { value: string; currency: string }; sender_item_id: string; recipient_wallet: string }[]
    }
    expect(sent.sender_batch_header.sender_batch_id).toMatch(/^wl-\d+-[0-9a-f]{24}$/)
    expect(sent.items).toEqual([
      expect.objectContaining({
        receiver: one.account.email,
        amount: { value: '98.00', currency: 'USD' },
        sender_item_id: `P${one.payout.id}`,
        recipient_wallet: 'PAYPAL',
      }),
      expect.objectContaining({
        receiver: two.account.email,
        amount: { value: '40.01', currency: 'USD' },
        sender_item_id: `P${two.payout.id}`,
      }),
    ])
    const tokenCall = fake.requests.find((request) => request.url === '/paypal/v1/oauth2/token')!
    expect(tokenCall.body).toBe('grant_type=client_credentials')

    // Nothing settled yet: the sync changes nothing.
    const early = await admin.ok('payouts.batchSync', { headers: key(), params: { id: batch.id } })
    expect(early).toMatchObject({ paid: 0, failed: 0, pending: 2 })
    expect(early.message).toBe(`PayPal has not settled any payout of batch ${batch.id} yet (SUCCESS).`)

    const balanceBefore = await available(t.services, tenantId, two.account.id)
    fake.itemStatus.set(`P${one.payout.id}`, 'SUCCESS')
    fake.itemStatus.set(`P${two.payout.id}`, 'FAILED')
    const synced = await admin.ok('payouts.batchSync', { headers: key(), params: { id: batch.id } })
    expect(synced).toMatchObject({ paid: 1, failed: 1, pending: 0, batch: { statuses: { processing: 0, paid: 1, failed: 1 } } })
    expect(await payoutRows(t.services, [one.payout.id, two.payout.id])).toEqual([
      { id: one.payout.id, status: 'paid', batchId: batch.id, reason: '' },
      { id: two.payout.id, status: 'failed', batchId: batch.id, reason: 'PayPal: Receiver is unregistered' },
    ])
    // The failed payout's reservation went back to its account.
    expect(await available(t.services, tenantId, two.account.id)).toBe(balanceBefore + toScaled('40.01', MONEY_SCALE))

    // Asking again is harmless.
    expect(await admin.ok('payouts.batchSync', { headers: key(), params: { id: batch.id } })).toMatchObject({
      paid: 0,
      failed: 0,
      pending: 0,
    })
  })

  it('refuses to sync a batch that was paid by file', async () => {
    const [row] = await t.services.db
      .insert(payoutBatches)
      .values({ tenantId, provider: 'paypal', count: 0, amount: '0', net: '0', delivery: 'file' })
      .returning()
    const result = await admin.call('payouts.batchSync', { headers: key(), params: { id: row.id } })
    expect(result.status).toBe(409)
    expect(result.error.message).toBe(
      `Batch ${row.id} was paid by file: mark its payouts paid or failed on the payouts list once PayPal has paid them.`,
    )
    expect((await admin.call('payouts.batchSync', { headers: key(), params: { id: 999999 } })).status).toBe(404)
  })
})

describe('Tipalti REST API', () => {
  it('submits amounts as exact JSON numbers with refCodes, and syncs Paid and Error instructions', async () => {
    const one = await approved('tipalti', '310.10', '3')
    const two = await approved('tipalti', '12.50', '3')
    const batch = await admin.ok('payouts.export', { headers: key(), body: { provider: 'tipalti' } })
    expect(batch).toMatchObject({ delivery: 'api', providerBatchId: 'TB-1', net: '316.600000' })
    const submitted = fake.tipaltiBatches[0]
    expect(submitted.raw).toContain(`"amountSubmitted":{"amount":307.10,"currency":"USD"},"refCode":"P${one.payout.id}"`)
    expect(submitted.raw).toContain(`"payeeId":"TIP-${two.account.id}","amountSubmitted":{"amount":9.50,"currency":"USD"}`)

    fake.itemStatus.set(`P${one.payout.id}`, 'Paid')
    fake.itemStatus.set(`P${two.payout.id}`, 'Error')
    const synced = await admin.ok('payouts.batchSync', { headers: key(), params: { id: batch.id } })
    expect(synced).toMatchObject({ providerStatus: 'Processed', paid: 1, failed: 1 })
    expect((await payoutRows(t.services, [two.payout.id]))[0].reason).toBe('Tipalti: Payee is not payable')
  })

  it('leaves everything as it was when Tipalti answers an error', async () => {
    const { payout } = await approved('tipalti', '60')
    const batches = await batchCount()
    fake.mode = 'error'
    const result = await admin.call('payouts.export', { headers: key(), body: { provider: 'tipalti' } })
    expect(result.status).toBe(502)
    expect(result.error.message).toBe('Tipalti: Payer balance is insufficient. Nothing was changed.')
    expect((await payoutRows(t.services, [payout.id]))[0]).toMatchObject({ status: 'approved', batchId: null })
    expect(await batchCount()).toBe(batches)
  })
})
