import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { createAccount, createWorkspace, signedIn } from '../helpers/fixtures'
import { fromScaled, toScaled } from '../../src/core/decimal'
import { credit } from './payout-batches-fixtures'
import { book, key } from './payouts-fixtures'

// Issue 17 item 1: the file pays what the ledger says. Over random amounts, fee rules and batch
// sizes, the export's preview (payouts/connections), the batch (its net and its file's lines) and
// the ledger's clearing once paid are the same whole cents, and every fee and net is whole cents.

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let accounts = 0

beforeAll(async () => {
  t = await createTestApp()
  ws = await createWorkspace(t.services, 'cents')
  admin = await signedIn(t.app, 'admin@cents.test')
})
afterAll(() => t.close())

const micro = (value: string) => toScaled(value, 6)
const cents = (units: bigint) => fromScaled(units, 6)
const isCents = (value: string) => micro(value) % 10_000n === 0n

/** A fresh payee with a confirmed PayPal email and `balance` (six places: force withdrawals meet fractions of a cent). */
async function payee(balance: string) {
  accounts += 1
  const email = `payee${accounts}@cents.test`
  const account = await createAccount(t.services, { tenantId: ws.tenant.id, email })
  await credit(t.services, ws.tenant.id, account.id, balance)
  await admin.ok('users.editPayoutMethods', { body: { userId: account.id, paypalEmail: email, paypalConfirmed: true } })
  return account.id
}

async function fileLines(fileId: number): Promise<string[]> {
  const result = await admin.call('files.get', { params: { id: fileId } })
  expect(result.status).toBe(200)
  return String(result.response.body)
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(',').at(-5)!)
}

interface Run {
  fees: { percent: string; fixed: string; cap: string | null }
  payouts: { cents: number; extraMicros: number; force: boolean }[]
}

/** Requests, approves, previews, exports and pays the run's payouts; answers the figures to compare. */
async function exportAndPay(run: Run) {
  await admin.ok('payouts.updateSettings', {
    body: { minimumWithdrawal: '1', fees: { paypal: run.fees, tipalti: { percent: '0', fixed: '0', cap: null } } },
  })
  const ids: number[] = []
  for (const item of run.payouts) {
    const amount = fromScaled(BigInt(item.cents), 2)
    // The balance: the amount asked for plus a fraction of a cent and more (a force withdrawal takes whole cents of it).
    const accountId = await payee(cents(micro(amount) + BigInt(item.extraMicros)))
    const payout = item.force
      ? await admin.ok('payouts.forceWithdraw', { body: { userId: accountId, provider: 'paypal' }, headers: key() })
      : await admin.ok('payouts.request', { body: { amount, provider: 'paypal', userId: accountId }, headers: key() })
    expect(isCents(payout.amount) && isCents(payout.fee) && isCents(payout.net), JSON.stringify(payout)).toBe(true)
    expect(micro(payout.amount) - micro(payout.fee)).toBe(micro(payout.net))
    ids.push(payout.id)
  }
  await admin.ok('payouts.bulkStatus', { body: { ids, status: 'approved' }, headers: key() })
  const connections = await admin.ok('payouts.connections')
  const preview = connections.data.find((row) => row.provider === 'paypal')!.approved
  const batch = await admin.ok('payouts.export', { body: { provider: 'paypal' }, headers: key() })
  const lines = await fileLines(batch.file!.id)
  const clearingBefore = micro(await book(t.services, ws.tenant.id, 'clearing', 'payouts'))
  await admin.ok('payouts.bulkStatus', { body: { ids, status: 'paid' }, headers: key() })
  const clearing = micro(await book(t.services, ws.tenant.id, 'clearing', 'payouts')) - clearingBefore
  return {
    count: { preview: preview.count, batch: batch.count, file: lines.length, asked: ids.length },
    preview: micro(preview.net),
    batch: micro(batch.net),
    file: lines.reduce((sum, value) => sum + micro(value), 0n),
    clearing,
  }
}

const feeRule = fc.record({
  percent: fc.integer({ min: 0, max: 80_000 }).map((n) => fromScaled(BigInt(n), 4)),
  fixed: fc.integer({ min: 0, max: 500 }).map((n) => fromScaled(BigInt(n), 2)),
  cap: fc.option(
    fc.integer({ min: 100, max: 3_000 }).map((n) => fromScaled(BigInt(n), 2)),
    { nil: null },
  ),
})
const payoutSpec = fc.record({
  cents: fc.integer({ min: 1_000, max: 2_500_000 }),
  extraMicros: fc.integer({ min: 0, max: 999_999 }),
  force: fc.boolean(),
})

describe('payout money to the cent', () => {
  it('books what the file pays for the issue’s example: 100.25 with 2% + 0.30 (2.305) nets 97.95 everywhere', async () => {
    const figures = await exportAndPay({
      fees: { percent: '2', fixed: '0.30', cap: null },
      payouts: [{ cents: 10_025, extraMicros: 0, force: false }],
    })
    expect(figures).toMatchObject({ preview: micro('97.95'), batch: micro('97.95'), file: micro('97.95'), clearing: micro('97.95') })
  })

  it('preview total = batch total = file total = ledger clearing, over random amounts, fee rules and batch sizes', async () => {
    await fc.assert(
      fc.asyncProperty(feeRule, fc.array(payoutSpec, { minLength: 1, maxLength: 7 }), async (fees, payouts) => {
        const figures = await exportAndPay({ fees, payouts })
        expect(figures.count).toEqual({ preview: payouts.length, batch: payouts.length, file: payouts.length, asked: payouts.length })
        expect(figures.batch).toBe(figures.preview)
        expect(figures.file).toBe(figures.preview)
        expect(figures.clearing).toBe(figures.preview)
        expect(figures.preview % 10_000n).toBe(0n)
      }),
      { numRuns: 12, endOnFailure: true, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
    )
  }, 600_000)
})
