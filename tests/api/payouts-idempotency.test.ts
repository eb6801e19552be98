import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { createAccount, signedIn, twoWorkspaces, type createWorkspace } from '../helpers/fixtures'
import { available, fund, key, ledgerCount } from './payouts-fixtures'

// Runs on PGlite in process, and on PostgreSQL (real concurrency) when DATABASE_URL is set.

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient

beforeAll(async () => {
  t = await createTestApp()
  ;({ ws, admin } = await twoWorkspaces(t, 'payidem', 'payidemother'))
})
afterAll(() => t.close())

async function newArtist(email: string, funds: string) {
  const account = await createAccount(t.services, { tenantId: ws.tenant.id, email })
  await fund(admin, account.id, funds)
  return { account, client: await signedIn(t.app, email) }
}

const payoutsOf = async (accountId: number) =>
  (
    await t.services.db.execute<{ n: number; total: string | null }>(
      sql`select count(*)::int as n, sum(amount)::text as total from payouts where account_id = ${accountId}`,
    )
  ).rows[0]

const debitsOf = async (accountId: number) =>
  Number(
    (
      await t.services.db.execute<{ n: number }>(sql`
        select count(*)::int as n from ledger_entries e join ledger_transactions x on x.id = e.transaction_id
        where e.account_id = ${accountId} and x.kind = 'payout'`)
    ).rows[0].n,
  )

describe('Idempotency-Key', () => {
  it('is required on every call that creates or settles a payout', async () => {
    const { client } = await newArtist('nokey@payidem.test', '100')
    const missing = await client.call('payouts.request', { body: { amount: '60', provider: 'paypal' } })
    expect(missing.status).toBe(400)
    expect(missing.error).toMatchObject({
      code: 'idempotency_key_missing',
      message: expect.stringMatching(/needs an Idempotency-Key header/),
    })
    for (const [id, body] of [
      ['payouts.changeStatus', { id: 1, status: 'approved' }],
      ['payouts.bulkStatus', { ids: [1], status: 'approved' }],
      ['payouts.forceWithdraw', { userId: 1 }],
    ] as const) {
      expect((await admin.call(id, { body } as never)).status, id).toBe(400)
    }
  })

  it('answers the stored first result for the same key and body, 422 for another body', async () => {
    const { account, client } = await newArtist('replay@payidem.test', '500')
    const headers = key()
    const first = await client.call('payouts.request', { body: { amount: '75.5', provider: 'paypal' }, headers })
    const second = await client.call('payouts.request', { body: { amount: '75.5', provider: 'paypal' }, headers })
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(second.data).toEqual(first.data)
    expect(await payoutsOf(account.id)).toMatchObject({ n: 1 })
    expect(await available(admin, account.id)).toBe('424.50')
    const other = await client.call('payouts.request', { body: { amount: '80', provider: 'paypal' }, headers })
    expect(other.status).toBe(422)
    expect(other.error.message).toBe('This Idempotency-Key was used with a different request.')
    // A refusal is stored as well: retrying it answers the same refusal, even once it would pass.
    const refusalKey = key()
    const refused = await client.call('payouts.request', { body: { amount: '10', provider: 'paypal' }, headers: refusalKey })
    expect(refused.status).toBe(409)
    await admin.ok('payouts.updateSettings', {
      body: {
        minimumWithdrawal: '5',
        fees: { paypal: { percent: '0', fixed: '0', cap: null }, tipalti: { percent: '0', fixed: '0', cap: null } },
      },
    })
    const retried = await client.call('payouts.request', { body: { amount: '10', provider: 'paypal' }, headers: refusalKey })
    expect([retried.status, retried.error.message]).toEqual([409, refused.error.message])
    // The same key from another account is that account's own key.
    const { client: another } = await newArtist('another@payidem.test', '100')
    expect((await another.call('payouts.request', { body: { amount: '75.5', provider: 'paypal' }, headers })).status).toBe(201)
    // Settling calls replay too: the second approval with the key does not fail as "already approved".
    const approveKey = key()
    const id = first.data.id
    const approve = await admin.call('payouts.changeStatus', { body: { id, status: 'approved' }, headers: approveKey })
    const approveAgain = await admin.call('payouts.changeStatus', { body: { id, status: 'approved' }, headers: approveKey })
    expect([approve.status, approveAgain.status]).toEqual([200, 200])
    expect(approveAgain.data).toEqual(approve.data)
  })

  it('50 identical concurrent requests with one key make exactly one payout and one ledger debit', async () => {
    const { account, client } = await newArtist('storm@payidem.test', '1000')
    const headers = key()
    const before = await ledgerCount(t.services, ws.tenant.id, 'payout')
    const results = await Promise.all(
      Array.from({ length: 50 }, () => client.call('payouts.request', { body: { amount: '100', provider: 'paypal' }, headers })),
    )
    expect(new Set(results.map((result) => result.status))).toEqual(new Set([201]))
    expect(new Set(results.map((result) => result.data.id)).size).toBe(1)
    expect(await payoutsOf(account.id)).toMatchObject({ n: 1, total: '100.000000' })
    expect(await debitsOf(account.id)).toBe(1)
    expect(await ledgerCount(t.services, ws.tenant.id, 'payout')).toBe(before + 1)
    expect(await available(admin, account.id)).toBe('900.00')
  })

  it('concurrent withdrawals and approvals on one account never take the balance below zero', async () => {
    const { account, client } = await newArtist('race@payidem.test', '500')
    const seed = await client.ok('payouts.request', { body: { amount: '100', provider: 'paypal' }, headers: key() })
    const results = await Promise.all([
      ...Array.from({ length: 12 }, () => client.call('payouts.request', { body: { amount: '60', provider: 'paypal' }, headers: key() })),
      admin.call('payouts.changeStatus', { body: { id: seed.id, status: 'approved' }, headers: key() }),
      admin.call('payouts.forceWithdraw', { body: { userId: account.id }, headers: key() }),
    ])
    const made = results.filter((result) => result.status === 201).length
    expect(made).toBeGreaterThan(0)
    expect(results.every((result) => [200, 201, 409].includes(result.status))).toBe(true)
    const balance = await available(admin, account.id)
    expect(Number(balance)).toBeGreaterThanOrEqual(0)
    const { rows } = await t.services.db.execute<{ total: string }>(sql`
      select sum(amount)::text as total from ledger_entries where account_id = ${account.id} and book = 'account'`)
    expect(Number(rows[0].total)).toBeGreaterThanOrEqual(0)
    const payouts = await payoutsOf(account.id)
    expect(Number(payouts.total)).toBeLessThanOrEqual(500)
    expect(Number(payouts.total) + Number(rows[0].total)).toBeCloseTo(500, 6)
  })
})
