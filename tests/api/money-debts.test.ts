import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { createAccount, createWorkspace, signedIn } from '../helpers/fixtures'
import { createRelease } from './releases-fixtures'
import { dryRun, statementFile } from './imports-helpers'
import { auditsOf, key } from './payouts-fixtures'

// Issue 17 item 2: a rollback or an adjustment cannot silently take a balance below zero; a
// confirmed shortfall is a recoupable debt (docs/royalties.md "Recoupable debts").

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let artist: TestClient

beforeAll(async () => {
  t = await createTestApp({ env: { ADJUSTMENT_MAX: '1000' } })
  ws = await createWorkspace(t.services, 'debts')
  admin = await signedIn(t.app, 'admin@debts.test')
  artist = await signedIn(t.app, 'artist@debts.test')
  await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Owed' }, [{ isrc: 'USWL12699001' }])
  await admin.ok('users.editPayoutMethods', {
    body: { userId: ws.artist.id, paypalEmail: 'artist@debts.test', paypalConfirmed: true },
  })
})
afterAll(() => t.close())

const balanceOf = async (accountId: number) => (await admin.ok('users.single', { params: { id: accountId } })).balance

async function committedImport(month: string, net: string) {
  const file = statementFile(`Sale Month,Store,ISRC,Quantity,Net\n${month},Spotify,USWL12699001,1,${net}\n`, `debts-${month}.csv`)
  const { id } = await admin.ok('earnings.importAudiosalad', { multipart: { fields: { period: month }, files: file } })
  await dryRun(t, admin, id)
  await admin.ok('earnings.importCommit', { params: { id } })
  return id
}

const debtRows = async (accountId: number) =>
  (
    await t.services.db.execute<{ amount: string; source: string; import_id: number | null; reason: string; created_by: number }>(
      sql`select amount::text as amount, source, import_id, reason, created_by from account_debts where account_id = ${accountId} order by id`,
    )
  ).rows

describe('rolling back an import whose money was withdrawn', () => {
  it('previews the shortfall, refuses without a confirmed reason, then records it as a recoupable debt', async () => {
    const importId = await committedImport('2026-06', '500.00')
    const credited = (await balanceOf(ws.artist.id)).available
    expect(credited).toBe('500.00')
    // 500.00 credited, 358.52 reserved by a withdrawal: rolling back takes the account to −358.52.
    await admin.ok('payouts.request', { body: { amount: '358.52', provider: 'paypal', userId: ws.artist.id }, headers: key() })
    expect((await balanceOf(ws.artist.id)).available).toBe('141.48')

    const preview = await admin.ok('earnings.importRollbackPreview', { params: { id: importId } })
    expect(preview).toEqual({
      importId,
      netBase: '500.000000',
      accounts: 1,
      shortfalls: [
        {
          id: ws.artist.id,
          name: expect.any(String),
          email: 'artist@debts.test',
          before: '141.48',
          change: '-500.00',
          after: '-358.52',
          shortfall: '358.52',
        },
      ],
      totalShortfall: '358.52',
      needsConfirmation: true,
    })
    expect((await artist.call('earnings.importRollbackPreview', { params: { id: importId } })).status).toBe(403)

    const silent = await admin.call('earnings.importRollback', { params: { id: importId }, body: {} })
    expect(silent.status).toBe(409)
    expect(silent.error).toMatchObject({ code: 'shortfall_unconfirmed', message: expect.stringMatching(/below zero.*358\.52/) })
    const stale = await admin.call('earnings.importRollback', {
      params: { id: importId },
      body: { confirmShortfall: '300.00', reason: 'Duplicate' },
    })
    expect(stale.status).toBe(409)
    expect(stale.error.code).toBe('shortfall_unconfirmed')
    const noReason = await admin.call('earnings.importRollback', { params: { id: importId }, body: { confirmShortfall: '358.52' } })
    expect(noReason.status).toBe(400)
    expect(noReason.error.errors).toMatchObject({ reason: expect.stringMatching(/reason is required/) })
    // Nothing moved while refused.
    expect((await admin.ok('earnings.import', { params: { id: importId } })).status).toBe('committed')
    expect((await balanceOf(ws.artist.id)).available).toBe('141.48')
    expect(await debtRows(ws.artist.id)).toEqual([])

    const rolled = await admin.ok('earnings.importRollback', {
      params: { id: importId },
      body: { confirmShortfall: '358.52', reason: 'The store sent the statement twice' },
    })
    expect(rolled.status).toBe('rolled_back')
    expect(await debtRows(ws.artist.id)).toEqual([
      {
        amount: '358.520000',
        source: 'rollback',
        import_id: importId,
        reason: 'The store sent the statement twice',
        created_by: ws.admin.id,
      },
    ])
    const balance = await balanceOf(ws.artist.id)
    expect(balance).toMatchObject({ available: '-358.52', debt: '358.52' })
    expect(balance.debtNote).toMatch(
      new RegExp(`^Rollback of import #${importId} on \\d{4}-\\d{2}-\\d{2}: The store sent the statement twice$`),
    )
    const [audit] = await auditsOf(t.services, ws.tenant.id, 'earnings.import.rollback')
    expect(audit.after).toMatchObject({ debt: '358.52', reason: 'The store sent the statement twice' })

    // Withdrawals are blocked while the debt stands.
    const blocked = await admin.call('payouts.request', {
      body: { amount: '50', provider: 'paypal', userId: ws.artist.id },
      headers: key(),
    })
    expect(blocked.status).toBe(409)
    expect(blocked.error.message).toMatch(/owes \$358\.52 \(a recoupable debt\): withdrawals are blocked/)
    expect((await admin.call('payouts.forceWithdraw', { body: { userId: ws.artist.id }, headers: key() })).status).toBe(409)

    // Later earnings repay it first: 400.00 credited leaves 41.48 available and no debt.
    await committedImport('2026-07', '300.00')
    expect(await balanceOf(ws.artist.id)).toMatchObject({ available: '-58.52', debt: '58.52' })
    await committedImport('2026-08', '100.00')
    expect(await balanceOf(ws.artist.id)).toMatchObject({ available: '41.48', debt: '0.00', debtNote: null })
  })

  it('rolls back without asking when no balance goes below zero', async () => {
    const other = await createAccount(t.services, { tenantId: ws.tenant.id, email: 'quiet@debts.test' })
    const importId = await committedImport('2026-09', '20.00')
    const preview = await admin.ok('earnings.importRollbackPreview', { params: { id: importId } })
    expect(preview).toMatchObject({ shortfalls: [], totalShortfall: '0.00', needsConfirmation: false, accounts: 1 })
    expect((await admin.ok('earnings.importRollback', { params: { id: importId }, body: {} })).status).toBe('rolled_back')
    expect((await balanceOf(other.id)).debt).toBe('0.00')
    const again = await admin.call('earnings.importRollbackPreview', { params: { id: importId } })
    expect(again.status).toBe(409)
  })
})

describe('manual adjustments', () => {
  it('take a strict decimal within the configured bound, with field messages', async () => {
    const account = await createAccount(t.services, { tenantId: ws.tenant.id, email: 'strict@debts.test' })
    for (const amount of [' 5 ', '5 ', '1e3', '1,000', '5.001', '0', '']) {
      const refused = await admin.call('ledger.adjust', { params: { id: account.id }, body: { amount, reason: 'Test' } })
      expect(refused.status, amount).toBe(400)
      expect(refused.error.errors?.amount, amount).toEqual(expect.any(String))
    }
    const spaced = await admin.call('ledger.adjust', { params: { id: account.id }, body: { amount: ' 5 ', reason: 'Test' } })
    expect(spaced.error.errors?.amount).toBe('Enter the amount without spaces, like 120.50 or -35')
    const over = await admin.call('ledger.adjust', { params: { id: account.id }, body: { amount: '1000.01', reason: 'Test' } })
    expect(over.status).toBe(400)
    expect(over.error.errors?.amount).toBe('An adjustment is at most $1,000.00 either way (ADJUSTMENT_MAX)')
    expect((await admin.call('ledger.adjust', { params: { id: account.id }, body: { amount: '-1000.01', reason: 'Test' } })).status).toBe(
      400,
    )
    const ok = await admin.ok('ledger.adjust', { params: { id: account.id }, body: { amount: '+1000', reason: 'Test' } })
    expect(ok.balance).toMatchObject({ available: '1000.00', debt: '0.00' })
  })

  it('that would go below zero need the shortfall confirmed with a reason, and record it as a debt', async () => {
    const account = await createAccount(t.services, { tenantId: ws.tenant.id, email: 'minus@debts.test' })
    await admin.ok('ledger.adjust', { params: { id: account.id }, body: { amount: '40', reason: 'Advance' } })
    const silent = await admin.call('ledger.adjust', { params: { id: account.id }, body: { amount: '-100', reason: 'Chargeback' } })
    expect(silent.status).toBe(409)
    expect(silent.error).toMatchObject({ code: 'shortfall_unconfirmed', message: expect.stringMatching(/below zero.*60\.00/) })
    const wrong = await admin.call('ledger.adjust', {
      params: { id: account.id },
      body: { amount: '-100', reason: 'Chargeback', confirmShortfall: '100.00' },
    })
    expect(wrong.status).toBe(409)
    expect((await balanceOf(account.id)).available).toBe('40.00')
    const done = await admin.ok('ledger.adjust', {
      params: { id: account.id },
      body: { amount: '-100', reason: 'Chargeback', confirmShortfall: '60.00' },
    })
    expect(done.balance).toMatchObject({ available: '-60.00', debt: '60.00' })
    expect(done.balance.debtNote).toMatch(/^Manual adjustment on \d{4}-\d{2}-\d{2}: Chargeback$/)
    expect(await debtRows(account.id)).toMatchObject([{ amount: '60.000000', source: 'adjustment', import_id: null, reason: 'Chargeback' }])
    // A further debit needs its own confirmation: only the new shortfall (25.00) is confirmed and recorded.
    const further = await admin.call('ledger.adjust', { params: { id: account.id }, body: { amount: '-25', reason: 'Fee' } })
    expect(further.status).toBe(409)
    await admin.ok('ledger.adjust', { params: { id: account.id }, body: { amount: '-25', reason: 'Fee', confirmShortfall: '25' } })
    expect((await debtRows(account.id)).map((row) => row.amount)).toEqual(['60.000000', '25.000000'])
    // Credits never need a confirmation, and repay the debt first.
    const repaid = await admin.ok('ledger.adjust', { params: { id: account.id }, body: { amount: '100', reason: 'Correction' } })
    expect(repaid.balance).toMatchObject({ available: '15.00', debt: '0.00' })
  })
})
