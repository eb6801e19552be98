import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { createAccount, createWorkspace } from '../helpers/fixtures'
import { accounts, manualMatches, statementLines } from '../../src/server/db/schema'
import { lookupManualMatches, matchLines, postImport, rollbackImport } from '../../src/domains/earnings/server/ledger/posting'
import { createRelease, upc } from './releases-fixtures'
import { accountBalance, bookSum, createImport, createSplit, rollupState, setImportStatus } from './ledger-fixtures'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let other: Awaited<ReturnType<typeof createWorkspace>>
let third: Awaited<ReturnType<typeof createAccount>>
let r1: Awaited<ReturnType<typeof createRelease>>
let r2: Awaited<ReturnType<typeof createRelease>>

beforeAll(async () => {
  t = await createTestApp()
  ws = await createWorkspace(t.services, 'ledger')
  other = await createWorkspace(t.services, 'otherco')
  third = await createAccount(t.services, { tenantId: ws.tenant.id, email: 'third@ledger.test' })
  r1 = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Split Album', upc: upc(11) }, [
    { isrc: 'QZAAA2500001' },
    { isrc: 'QZAAA2500002' },
  ])
  r2 = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.label.id, title: 'Label Single', upc: upc(12) }, [{}])
  await t.services.db.update(accounts).set({ tenantSplit: '15.0000' }).where(eq(accounts.id, ws.label.id))
  // Thirds: the first payee (lowest payee id) holds the extra unit of share.
  await createSplit(t.services, {
    tenantId: ws.tenant.id,
    trackId: r1.tracks[0].id,
    ownerAccountId: ws.artist.id,
    payees: [
      { accountId: ws.artist.id, share: '0.3333333334' },
      { accountId: ws.label.id, share: '0.3333333333' },
      { accountId: third.id, share: '0.3333333333' },
    ],
  })
})
afterAll(() => t.close())

const post = (importId: number) => t.services.db.transaction((tx) => postImport(tx, ws.tenant.id, importId, ws.admin.id))
const rollback = (importId: number) => t.services.db.transaction((tx) => rollbackImport(tx, ws.tenant.id, importId, ws.admin.id))

async function transactionsBalance() {
  const { rows } = await t.services.db.execute<{ transaction_id: number; total: string }>(
    sql`select transaction_id, sum(amount)::text as total from ledger_entries group by transaction_id having sum(amount) <> 0`,
  )
  return rows
}

describe('posting an import', () => {
  it('splits thirds by largest remainder, takes the tenant split, pays UPC-only lines to the release owner and parks unmatched net in suspense', async () => {
    const before = await rollupState(t.services, ws.tenant.id)
    const statement = await createImport(t.services, {
      tenantId: ws.tenant.id,
      lines: [
        { net: '60.000001', trackId: r1.tracks[0].id, releaseId: r1.release.id, quantity: 10, channel: 'youtube', territory: 'US' },
        { net: '40', trackId: r1.tracks[0].id, releaseId: r1.release.id, quantity: 5, channel: 'spotify', territory: 'FR' },
        { net: '10.5', trackId: r1.tracks[1].id, releaseId: r1.release.id, quantity: 3 },
        { net: '-0.5', trackId: r1.tracks[1].id, releaseId: r1.release.id, quantity: 0 },
        { net: '20', releaseId: r2.release.id, upc: upc(12), quantity: 4 },
        { net: '7.25', isrc: 'QZZZZ9900001', title: 'Unknown song', quantity: 2 },
      ],
    })
    const result = await post(statement.id)
    expect(result).toMatchObject({ net: '137.250001', tenantShare: '3.000000', suspense: '7.250000' })
    // 100.000001 in thirds: 33.333334 (first payee, larger remainder), 33.333334 (tie → lower index), 33.333333.
    // Artist: 33.333334 + track 2 (10.5 − 0.5 = 10, no split → owner).
    expect(await accountBalance(t.services, ws.artist.id)).toBe('43.333334')
    // Label: 33.333334 of the split (its tenant split applies to its own releases only) + 20 − 15% = 17.
    expect(await accountBalance(t.services, ws.label.id)).toBe('50.333334')
    expect(await accountBalance(t.services, third.id)).toBe('33.333333')
    expect(await bookSum(t.services, ws.tenant.id, 'tenant')).toBe('3.000000')
    expect(await bookSum(t.services, ws.tenant.id, 'suspense')).toBe('7.250000')
    expect(await bookSum(t.services, ws.tenant.id, 'clearing')).toBe('-137.250001')
    expect(await transactionsBalance()).toEqual([])

    const state = await rollupState(t.services, ws.tenant.id)
    expect(state.earnings_monthly).toEqual([
      {
        tenant_id: ws.tenant.id,
        period: expect.anything(),
        source: 'cms',
        lines: 6,
        quantity: 24,
        net: '137.250001',
        tenant_share: '3.000000',
        unmatched: '7.250000',
        discovery_lines: 0,
        discovery_net: '0.000000',
      },
    ])
    expect(state.earnings_release_totals).toEqual(
      expect.arrayContaining([
        { tenant_id: ws.tenant.id, release_id: r1.release.id, quantity: 18, net: '110.000001', discovery_net: '0.000000' },
        { tenant_id: ws.tenant.id, release_id: r2.release.id, quantity: 4, net: '20.000000', discovery_net: '0.000000' },
      ]),
    )
    expect(state.earnings_track_monthly).toContainEqual(
      expect.objectContaining({ release_id: r2.release.id, track_id: 0, net: '20.000000' }),
    )
    expect(state.earnings_account_totals).toContainEqual({ tenant_id: ws.tenant.id, account_id: ws.label.id, amount: '50.333334' })
    expect(state.earnings_channel_monthly).toContainEqual(expect.objectContaining({ channel: 'spotify', quantity: 5, net: '40.000000' }))
    // Per release, month, channel and territory is a view over the committed imports' lines: this
    // import counts there once its status says committed (the commit sets it in the posting's transaction).
    expect(state.earnings_release_detail).toEqual(before.earnings_release_detail)
    await setImportStatus(t.services, statement.id, 'committed')
    expect((await rollupState(t.services, ws.tenant.id)).earnings_release_detail).toContainEqual({
      tenant_id: ws.tenant.id,
      release_id: r1.release.id,
      period: expect.anything(),
      channel: 'spotify',
      territory: 'FR',
      quantity: expect.any(Number),
      net: '40.000000',
    })

    // Posting twice is refused; the other workspace cannot post it.
    await expect(post(statement.id)).rejects.toThrow(/already been posted/)
    await expect(t.services.db.transaction((tx) => postImport(tx, other.tenant.id, statement.id, null))).rejects.toThrow(
      /no such statement import/,
    )

    // Rollback (the service then marks the import rolled back): every balance and rollup is as before.
    await rollback(statement.id)
    await setImportStatus(t.services, statement.id, 'rolled_back')
    for (const id of [ws.artist.id, ws.label.id, third.id]) expect(await accountBalance(t.services, id)).toBe('0.000000')
    expect(await bookSum(t.services, ws.tenant.id, 'suspense')).toBe('0.000000')
    expect(await rollupState(t.services, ws.tenant.id)).toEqual(before)
    expect(await transactionsBalance()).toEqual([])
    await expect(rollback(statement.id)).rejects.toThrow(/already been rolled back/)
  })

  it('an audiosalad statement credits the sales line; a matched line moves from suspense to the payees and rolls back with its import', async () => {
    const before = await rollupState(t.services, ws.tenant.id)
    const statement = await createImport(t.services, {
      tenantId: ws.tenant.id,
      source: 'audiosalad',
      lines: [
        { net: '5', trackId: r1.tracks[1].id, releaseId: r1.release.id },
        { net: '3.000001', isrc: 'QZXXX2500009', title: 'Lost track' },
        { net: '1', isrc: 'QZXXX2500009', title: 'Lost track' },
      ],
    })
    await post(statement.id)
    await setImportStatus(t.services, statement.id, 'committed')
    const { rows: categories } = await t.services.db.execute<{ category: string }>(
      sql`select distinct category from ledger_entries where import_id = ${statement.id}`,
    )
    expect(categories).toEqual([{ category: 'sales' }])
    expect(await bookSum(t.services, ws.tenant.id, 'suspense')).toBe('4.000001')

    // Match to the split track: 4.000001 in thirds (1.333334, 1.333334, 1.333333).
    const matched = await t.services.db.transaction((tx) =>
      matchLines(tx, ws.tenant.id, { key: { kind: 'isrc', value: 'qzxxx2500009' } }, { trackId: r1.tracks[0].id }, ws.admin.id),
    )
    expect(matched).toMatchObject({ lines: 2, posted: 2, amount: '4.000001' })
    expect(await bookSum(t.services, ws.tenant.id, 'suspense')).toBe('0.000000')
    expect(await accountBalance(t.services, third.id)).toBe('1.333333')
    expect(await accountBalance(t.services, ws.artist.id)).toBe(`6.333334`)
    const lines = await t.services.db.select().from(statementLines).where(eq(statementLines.importId, statement.id))
    expect(lines.filter((line) => line.matchedBy === 'manual').map((line) => line.trackId)).toEqual([r1.tracks[0].id, r1.tracks[0].id])
    const state = await rollupState(t.services, ws.tenant.id)
    expect(state.earnings_monthly).toContainEqual(expect.objectContaining({ source: 'audiosalad', unmatched: '0.000000', net: '9.000001' }))
    expect(state.earnings_track_totals).toContainEqual(expect.objectContaining({ track_id: r1.tracks[0].id, net: '4.000001' }))
    // The release's sales: the line matched when read (5) and the two matched by hand since.
    const releaseNet = (state.earnings_release_detail as { release_id: number; net: string }[])
      .filter((row) => row.release_id === r1.release.id)
      .map((row) => row.net)
    expect(releaseNet.reduce((sum, net) => sum + BigInt(net.replace('.', '')), 0n)).toBe(9_000_001n)
    // Remembered for the next statement.
    const remembered = await lookupManualMatches(t.services.db, ws.tenant.id, { isrc: ['QZXXX2500009', 'NOPE00000000'] })
    expect([...remembered.isrc.entries()]).toEqual([['QZXXX2500009', { trackId: r1.tracks[0].id, releaseId: r1.release.id }]])
    expect(await t.services.db.select().from(manualMatches).where(eq(manualMatches.tenantId, other.tenant.id))).toEqual([])

    await rollback(statement.id)
    await setImportStatus(t.services, statement.id, 'rolled_back')
    expect(await accountBalance(t.services, ws.artist.id)).toBe('0.000000')
    expect(await accountBalance(t.services, third.id)).toBe('0.000000')
    expect(await rollupState(t.services, ws.tenant.id)).toEqual(before)
    expect(await transactionsBalance()).toEqual([])
  })

  it('lines of an import still in review are only marked; they post at commit', async () => {
    const statement = await createImport(t.services, { tenantId: ws.tenant.id, lines: [{ net: '2', upc: '0000000000017' }] })
    const matched = await t.services.db.transaction((tx) =>
      matchLines(tx, ws.tenant.id, { key: { kind: 'upc', value: '0000000000017' } }, { releaseId: r2.release.id }, ws.admin.id),
    )
    expect(matched).toMatchObject({ lines: 1, posted: 0, transactionId: null })
    const result = await post(statement.id)
    expect(result).toMatchObject({ suspense: '0.000000', tenantShare: '0.300000' })
    expect(await accountBalance(t.services, ws.label.id)).toBe('1.700000')
    await setImportStatus(t.services, statement.id, 'committed')
    await rollback(statement.id)
  })

  it("refuses a statement whose matched line names another workspace's release, and writes nothing", async () => {
    const foreign = await createRelease(t.services, { tenantId: other.tenant.id, accountId: other.artist.id, title: 'Not Ours' }, [{}])
    const before = await rollupState(t.services, ws.tenant.id)
    const statement = await createImport(t.services, {
      tenantId: ws.tenant.id,
      lines: [
        { net: '5', trackId: r2.tracks[0].id, releaseId: r2.release.id },
        { net: '7', trackId: foreign.tracks[0].id, releaseId: foreign.release.id },
      ],
    })
    await expect(post(statement.id)).rejects.toThrow(`Release #${foreign.release.id} of a matched statement line is not in this workspace`)
    const { rows } = await t.services.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ledger_transactions where import_id = ${statement.id}`,
    )
    expect(rows[0].n).toBe(0)
    expect(await rollupState(t.services, ws.tenant.id)).toEqual(before)
  })
})
