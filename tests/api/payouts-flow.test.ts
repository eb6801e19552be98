import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { createAccount, signedIn, twoWorkspaces, type createWorkspace } from '../helpers/fixtures'
import { auditsOf, available, book, fund, key, ledgerCount } from './payouts-fixtures'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let artist: TestClient
let otherAdmin: TestClient

beforeAll(async () => {
  t = await createTestApp()
  ;({ ws, admin, artist, otherAdmin } = await twoWorkspaces(t, 'payflow', 'payother'))
  await admin.ok('payouts.updateSettings', {
    body: {
      minimumWithdrawal: '50',
      fees: { paypal: { percent: '2', fixed: '0.30', cap: '20' }, tipalti: { percent: '0', fixed: '3', cap: null } },
    },
  })
})
afterAll(() => t.close())

async function newArtist(email: string, funds = '1000', method: { paypal?: boolean; tipalti?: boolean } = { paypal: true }) {
  const account = await createAccount(t.services, { tenantId: ws.tenant.id, email })
  await fund(admin, account.id, funds, method)
  return { account, client: await signedIn(t.app, email) }
}

describe('settings', () => {
  it('answers the minimum and fees, refuses bad values with clear messages, and admins only', async () => {
    expect(await admin.ok('payouts.settings')).toEqual({
      minimumWithdrawal: '50',
      fees: { paypal: { percent: '2', fixed: '0.3', cap: '20' }, tipalti: { percent: '0', fixed: '3', cap: null } },
    })
    const bad = await admin.call('payouts.updateSettings', {
      body: {
        minimumWithdrawal: '-5',
        fees: { paypal: { percent: '120', fixed: '0', cap: null }, tipalti: { percent: '0', fixed: 'x', cap: null } },
      },
    })
    expect(bad.status).toBe(400)
    expect(bad.error.errors).toMatchObject({
      minimumWithdrawal: expect.stringMatching(/minimum withdrawal must be a number/),
      'fees.paypal.percent': 'The percentage cannot be over 100',
      'fees.tipalti.fixed': expect.stringMatching(/fixed fee must be a number/),
    })
    expect((await artist.call('payouts.settings')).status).toBe(403)
    expect((await otherAdmin.ok('payouts.settings')).minimumWithdrawal).toBe('50')
    expect((await auditsOf(t.services, ws.tenant.id, 'payout_settings.updated')).length).toBe(1)
  })
})

describe('withdrawal requests', () => {
  it('reserves exactly the amount at once, with the provider fee, and lists it for admins only', async () => {
    const { account, client } = await newArtist('req1@payflow.test', '1000')
    const payout = await client.ok('payouts.request', { body: { amount: '100.00', provider: 'paypal' }, headers: key() })
    expect(payout).toMatchObject({
      amount: '100.000000',
      orgAmount: '100.000000',
      fee: '2.300000',
      net: '97.700000',
      status: 'pending',
      type: 'withdrawal',
      isForce: false,
      processed: false,
      provider: 'paypal',
      providerAccountId: `payee${account.id}@example.com`,
      user: { id: account.id, name: 'Test Person' },
    })
    expect(await available(admin, account.id)).toBe('900.00')
    const list = await admin.ok('payouts.list', { query: { accountId: account.id } })
    expect(list.data.map((row) => row.id)).toEqual([payout.id])
    expect(list).toMatchObject({ tipaltiUrl: null, tipaltiExpire: null, meta: { total: 1, page: 1 } })
    expect((await artist.call('payouts.list', { query: {} })).status).toBe(403)
    expect((await otherAdmin.ok('payouts.list', { query: { accountId: account.id } })).data).toEqual([])
    expect((await otherAdmin.call('payouts.single', { params: { id: payout.id } })).status).toBe(404)
    const single = await admin.ok('payouts.single', { params: { id: payout.id } })
    expect(single.account).toMatchObject({ id: account.id, available: '900.000000' })
    expect(single.reserveTransactionId).toBeGreaterThan(0)
    expect(single.history).toMatchObject([{ action: 'Requested', to: 'pending', by: { id: account.id } }])
  })

  it('refuses, with the reason, over the balance, under the minimum, blocked, banned, or without a confirmed method', async () => {
    const { account, client } = await newArtist('req2@payflow.test', '120')
    const refuse = async (who: TestClient, body: { amount: string; provider: 'paypal' | 'tipalti'; userId?: number }) => {
      const result = await who.call('payouts.request', { body, headers: key() })
      expect(result.status).toBe(409)
      return result.error.message
    }
    expect(await refuse(client, { amount: '120.01', provider: 'paypal' })).toBe(
      'The amount of $120.01 is over the available balance of $120.00.',
    )
    expect(await refuse(client, { amount: '49.99', provider: 'paypal' })).toBe(
      'The amount of $49.99 is under the minimum withdrawal of $50.00.',
    )
    expect(await refuse(client, { amount: '60', provider: 'tipalti' })).toBe(
      'The account has no Tipalti payee id: its payout method is not confirmed.',
    )
    await admin.ok('users.editPayoutMethods', { body: { userId: account.id, paypalEmail: 'x@example.com', paypalConfirmed: false } })
    expect(await refuse(client, { amount: '60', provider: 'paypal' })).toBe(
      "The account's PayPal email is not confirmed: its payout method is not confirmed.",
    )
    await admin.ok('users.editPayoutMethods', { body: { userId: account.id, paypalEmail: 'x@example.com', paypalConfirmed: true } })
    await admin.ok('users.blockWithdraw', { body: { userId: account.id } })
    expect(await refuse(admin, { amount: '60', provider: 'paypal', userId: account.id })).toBe('Withdrawals are blocked for this account.')
    await admin.ok('users.unblockWithdraw', { body: { userId: account.id } })
    await admin.ok('users.banSubmit', { body: { userId: account.id, reason: 'Fraud' } })
    expect(await refuse(admin, { amount: '60', provider: 'paypal', userId: account.id })).toBe('The account is banned: it cannot withdraw.')
    expect(await available(admin, account.id)).toBe('120.00')
    expect((await admin.ok('payouts.list', { query: { accountId: account.id } })).data).toEqual([])
  })

  it('validates input and ownership: an artist asks only for itself, an admin names the account', async () => {
    const bad = await artist.call('payouts.request', { body: { amount: '12.345', provider: 'venmo' as 'paypal' }, headers: key() })
    expect(bad.status).toBe(400)
    expect(bad.error.errors).toMatchObject({
      amount: 'Enter an amount like 120.50 (at most two decimals)',
      provider: 'Choose a provider: paypal or tipalti',
    })
    const other = await artist.call('payouts.request', { body: { amount: '60', provider: 'paypal', userId: ws.label.id }, headers: key() })
    expect(other.status).toBe(403)
    expect(other.error.message).toBe('You can only ask for withdrawals from your own balance.')
    const missing = await admin.call('payouts.request', { body: { amount: '60', provider: 'paypal' }, headers: key() })
    expect(missing.status).toBe(400)
    expect(missing.error.errors).toMatchObject({ userId: 'Choose the account to withdraw for' })
    const foreign = await otherAdmin.call('payouts.request', {
      body: { amount: '60', provider: 'paypal', userId: ws.artist.id },
      headers: key(),
    })
    expect(foreign.status).toBe(404)
  })
})

describe('status changes', () => {
  it('approves, marks paid (settling the fee to the workspace) and refuses edges that are not allowed', async () => {
    const { account, client } = await newArtist('st1@payflow.test', '500')
    const payout = await client.ok('payouts.request', { body: { amount: '200', provider: 'paypal' }, headers: key() })
    const feesBefore = (await admin.ok('dashboard.balance')).payout_fee
    const approved = await admin.ok('payouts.changeStatus', { body: { id: payout.id, status: 'approved' }, headers: key() })
    expect(approved.payout.status).toBe('approved')
    expect(approved.message).toBe(`Payout #${payout.id} of $200.00 is now approved.`)
    const paid = await admin.ok('payouts.changeStatus', { body: { id: payout.id, status: 'paid' }, headers: key() })
    expect(paid.payout).toMatchObject({ status: 'paid', processed: true, fee: '4.300000', net: '195.700000' })
    expect(paid.payout.paidAt).not.toBeNull()
    expect(await available(admin, account.id)).toBe('300.00')
    const feesAfter = (await admin.ok('dashboard.balance')).payout_fee
    expect(Number(feesAfter) - Number(feesBefore)).toBeCloseTo(4.3, 6)
    const again = await admin.call('payouts.changeStatus', { body: { id: payout.id, status: 'rejected' }, headers: key() })
    expect(again.status).toBe(409)
    expect(again.error.message).toBe(`Payout ${payout.id}: A paid payout cannot change any more.`)
    const processing = await admin.call('payouts.changeStatus', { body: { id: payout.id, status: 'processing' as 'paid' }, headers: key() })
    expect(processing.status).toBe(400)
    expect(processing.error.errors?.status).toMatch(/processing only through a batch export/)
    const history = (await admin.ok('payouts.single', { params: { id: payout.id } })).history
    expect(history.map((entry) => [entry.from, entry.to])).toEqual([
      [null, 'pending'],
      ['pending', 'approved'],
      ['approved', 'paid'],
    ])
    const notices = await client.ok('notifications.list', { query: {} } as never)
    expect(JSON.stringify(notices)).toContain('Your payout of $200.00 was paid through PayPal.')
    expect((await artist.call('payouts.changeStatus', { body: { id: payout.id, status: 'approved' }, headers: key() })).status).toBe(403)
  })

  it('rejecting releases the reservation exactly, with the reason on the payout and in the notice', async () => {
    const { account, client } = await newArtist('st2@payflow.test', '300')
    const payout = await client.ok('payouts.request', { body: { amount: '123.45', provider: 'paypal' }, headers: key() })
    expect(await available(admin, account.id)).toBe('176.55')
    const rejected = await admin.ok('payouts.changeStatus', {
      body: { id: payout.id, status: 'rejected', reason: 'Bank details mismatch' },
      headers: key(),
    })
    expect(rejected.payout).toMatchObject({ status: 'rejected', reason: 'Bank details mismatch' })
    expect(await available(admin, account.id)).toBe('300.00')
    const refused = await admin.call('payouts.changeStatus', { body: { id: payout.id, status: 'approved' }, headers: key() })
    expect(refused.error.message).toBe(`Payout ${payout.id}: A rejected payout cannot change any more.`)
    expect((await otherAdmin.call('payouts.changeStatus', { body: { id: payout.id, status: 'approved' }, headers: key() })).status).toBe(
      400,
    )
    expect((await auditsOf(t.services, ws.tenant.id, 'payout.status_changed')).some((row) => row.entityId === String(payout.id))).toBe(true)
  })

  it('changes many at once, all or nothing, naming every refused payout', async () => {
    const { account, client } = await newArtist('bulk@payflow.test', '1000')
    const ids = []
    for (const amount of ['60', '70', '80'])
      ids.push((await client.ok('payouts.request', { body: { amount, provider: 'paypal' }, headers: key() })).id)
    await admin.ok('payouts.changeStatus', { body: { id: ids[2], status: 'rejected' }, headers: key() })
    const refused = await admin.call('payouts.bulkStatus', { body: { ids, status: 'approved' }, headers: key() })
    expect(refused.status).toBe(409)
    expect(refused.error.message).toBe(`Payout ${ids[2]}: A rejected payout cannot change any more.`)
    const list = await admin.ok('payouts.list', { query: { accountId: account.id, status: 'pending' } })
    expect(list.data.map((row) => row.id).sort()).toEqual([ids[0], ids[1]].sort())
    const done = await admin.ok('payouts.bulkStatus', { body: { ids: ids.slice(0, 2), status: 'approved' }, headers: key() })
    expect(done).toMatchObject({ changed: 2, message: '2 payouts ($130.00) are now approved.' })
    expect((await admin.call('payouts.bulkStatus', { body: { ids: [], status: 'approved' }, headers: key() })).error.errors).toMatchObject({
      ids: 'Choose at least one payout',
    })
    expect(await available(admin, account.id)).toBe('870.00')
  })
})

describe('force withdraw and totals', () => {
  it('pays the whole available balance regardless of the minimum, through the confirmed method', async () => {
    const { account } = await newArtist('force@payflow.test', '20.5', { tipalti: true })
    const payout = await admin.ok('payouts.forceWithdraw', { body: { userId: account.id }, headers: key() })
    expect(payout).toMatchObject({
      amount: '20.500000',
      fee: '3.000000',
      net: '17.500000',
      isForce: true,
      type: 'force',
      provider: 'tipalti',
    })
    expect(await available(admin, account.id)).toBe('0.00')
    const nothing = await admin.call('payouts.forceWithdraw', { body: { userId: account.id }, headers: key() })
    expect(nothing.status).toBe(409)
    expect(nothing.error.message).toBe('There is no available balance to withdraw ($0.00).')
    expect((await artist.call('payouts.forceWithdraw', { body: { userId: account.id }, headers: key() })).status).toBe(403)
    expect((await auditsOf(t.services, ws.tenant.id, 'payout.force_withdrawn')).length).toBe(1)
  })

  it('answers counts and totals per status and per provider for outstanding payouts', async () => {
    const totals = await admin.ok('payouts.pendingTotals')
    const list = await admin.ok('payouts.list', { query: { per_page: 100 } })
    const sum = (rows: typeof list.data) => rows.reduce((total, row) => total + Number(row.amount), 0)
    for (const entry of totals.byStatus) {
      const rows = list.data.filter((row) => row.status === entry.status)
      expect([entry.status, entry.count, Number(entry.amount)]).toEqual([entry.status, rows.length, sum(rows)])
    }
    const outstanding = list.data.filter((row) => ['pending', 'approved', 'processing'].includes(row.status))
    expect(totals.outstanding).toEqual({ count: outstanding.length, amount: expect.any(String) })
    expect(Number(totals.outstanding.amount)).toBeCloseTo(sum(outstanding), 6)
    const tipalti = totals.byProvider.find((entry) => entry.provider === 'tipalti')!
    expect(tipalti).toMatchObject({ count: 1, amount: '20.500000', pending: { count: 1 } })
    expect((await otherAdmin.ok('payouts.pendingTotals')).outstanding).toEqual({ count: 0, amount: '0.000000' })
    expect(await ledgerCount(t.services, ws.tenant.id, 'payout')).toBe(list.data.length)
    // The payouts book holds exactly what is still reserved.
    expect(Number(await book(t.services, ws.tenant.id, 'payouts'))).toBeCloseTo(sum(outstanding), 6)
  })

  it('filters the list by status, provider and search (name, provider account id, amount)', async () => {
    const byName = await admin.ok('payouts.list', { query: { search: 'bulk@payflow' } })
    expect(byName.data.length).toBe(3)
    const byPayee = await admin.ok('payouts.list', { query: { search: 'PAYEE-' } })
    expect(byPayee.data.every((row) => row.provider === 'tipalti')).toBe(true)
    const byAmount = await admin.ok('payouts.list', { query: { search: '123.45' } })
    expect(byAmount.data.map((row) => row.amount)).toEqual(['123.450000'])
    const tipalti = await admin.ok('payouts.list', { query: { provider: 'tipalti' } })
    expect(tipalti.data.map((row) => row.provider)).toEqual(['tipalti'])
    const hits = await admin.ok('search.query', { query: { q: '123.45', kinds: 'payout' } as never })
    expect(hits.hits[0]).toMatchObject({ kind: 'payout', title: expect.stringMatching(/^Payout #\d+ of \$123\.45 to /) })
  })

  it('answers the palette from identifiers: the account email, the payee id, an amount only when asked as one', async () => {
    const search = async (q: string) => (await admin.ok('search.query', { query: { q, kinds: 'payout' } as never })).hits
    expect((await search('BULK@payflow.test')).map((hit) => hit.title)).toEqual([
      expect.stringMatching(/ of \$80\.00 to /),
      expect.stringMatching(/ of \$70\.00 to /),
      expect.stringMatching(/ of \$60\.00 to /),
    ])
    const tipalti = (await admin.ok('payouts.list', { query: { provider: 'tipalti' } })).data[0]
    expect((await search(tipalti.providerAccountId.toLowerCase())).map((hit) => hit.id)).toEqual([tipalti.id])
    for (const q of ['$60', '60 USD', '60.00'])
      expect(
        (await search(q)).map((hit) => hit.title),
        q,
      ).toEqual([expect.stringMatching(/ of \$60\.00 to /)])
    // A bare number is an id: the $60.00 payout is not found by "60" unless it is payout #60.
    const bare = await search('60')
    expect(bare.every((hit) => hit.id === 60)).toBe(true)
  })
})
