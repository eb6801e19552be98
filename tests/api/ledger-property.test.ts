import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { eq, sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { createAccount, createWorkspace } from '../helpers/fixtures'
import { accounts } from '../../src/server/db/schema'
import { postImport, rollbackImport } from '../../src/domains/earnings/server/ledger/posting'
import { divideHalfEven, fromScaled, toScaled } from '../../src/core/decimal'
import { balanceLines } from '../../src/domains/earnings/server/ledger/service'
import { accountBalance } from './ledger-fixtures'
import { createRelease } from './releases-fixtures'
import { createImport, createSplit, setImportStatus, type LineInput } from './ledger-fixtures'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let owners: number[]
let targets: { trackId: number | null; releaseId: number }[]

beforeAll(async () => {
  t = await createTestApp()
  ws = await createWorkspace(t.services, 'ledgerprop')
  const extra = await createAccount(t.services, { tenantId: ws.tenant.id, email: 'extra@ledgerprop.test' })
  owners = [ws.artist.id, ws.label.id, extra.id]
  await t.services.db.update(accounts).set({ tenantSplit: '12.5000' }).where(eq(accounts.id, ws.label.id))
  await t.services.db.update(accounts).set({ tenantSplit: '33.3333' }).where(eq(accounts.id, extra.id))
  const a = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id }, [{}, {}])
  const b = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.label.id }, [{}])
  const c = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: extra.id }, [{}])
  await createSplit(t.services, {
    tenantId: ws.tenant.id,
    trackId: a.tracks[0].id,
    ownerAccountId: ws.artist.id,
    payees: [
      { accountId: ws.artist.id, share: '0.3333333334' },
      { accountId: ws.label.id, share: '0.3333333333' },
      { accountId: extra.id, share: '0.3333333333' },
    ],
  })
  // A split from April only, with a 70/30 share.
  await createSplit(t.services, {
    tenantId: ws.tenant.id,
    trackId: c.tracks[0].id,
    ownerAccountId: extra.id,
    startsOn: '2025-04-01',
    payees: [
      { accountId: extra.id, share: '0.7000000000' },
      { accountId: ws.artist.id, share: '0.3000000000' },
    ],
  })
  targets = [
    { trackId: a.tracks[0].id, releaseId: a.release.id },
    { trackId: a.tracks[1].id, releaseId: a.release.id },
    { trackId: b.tracks[0].id, releaseId: b.release.id },
    { trackId: c.tracks[0].id, releaseId: c.release.id },
    { trackId: null, releaseId: b.release.id },
    { trackId: null, releaseId: a.release.id },
  ]
})
afterAll(() => t.close())

// Amounts in micro-units, including odd ones and negatives (store corrections).
const lineArb = fc.record({
  units: fc.bigInt({ min: -5_000_000n, max: 500_000_000n }),
  target: fc.integer({ min: -1, max: 5 }),
  month: fc.constantFrom('2025-03-01', '2025-04-01'),
})
const stepArb = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('import' as const),
      source: fc.constantFrom('cms' as const, 'audiosalad' as const),
      lines: fc.array(lineArb, { minLength: 1, maxLength: 12 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rollback' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('adjustment' as const),
      owner: fc.nat({ max: 2 }),
      units: fc.bigInt({ min: -100_000_000n, max: 100_000_000n }),
    }),
  },
)

async function one<T extends Record<string, unknown>>(query: ReturnType<typeof sql>) {
  return (await t.services.db.execute<T>(query)).rows
}

describe('ledger invariants', () => {
  it('for any sequence of imports, rollbacks and adjustments: transactions balance, balances are entry sums, standing imports are fully credited', async () => {
    const standing: { id: number; net: bigint }[] = []
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 5 }), async (steps) => {
        for (const step of steps) {
          if (step.kind === 'import') {
            const lines: LineInput[] = step.lines.map((line) => {
              const target = line.target >= 0 ? targets[line.target] : null
              return {
                net: fromScaled(line.units, 6),
                period: line.month,
                trackId: target?.trackId ?? null,
                releaseId: target?.releaseId ?? null,
                isrc: target ? null : 'QZUNMATCHED1',
              }
            })
            const row = await createImport(t.services, { tenantId: ws.tenant.id, source: step.source, lines })
            const result = await t.services.db.transaction((tx) => postImport(tx, ws.tenant.id, row.id, null))
            await setImportStatus(t.services, row.id, 'committed')
            const net = step.lines.reduce((sum, line) => sum + line.units, 0n)
            expect(result.net).toBe(fromScaled(net, 6))
            standing.push({ id: row.id, net })
          } else if (step.kind === 'rollback') {
            if (standing.length === 0) continue
            const [victim] = standing.splice(step.pick % standing.length, 1)
            await t.services.db.transaction((tx) => rollbackImport(tx, ws.tenant.id, victim.id, null))
            await setImportStatus(t.services, victim.id, 'rolled_back')
          } else {
            if (step.units === 0n) continue
            await t.services.db.transaction(async (tx) => {
              const { createTransaction, insertEntries } = await import('../../src/domains/earnings/server/ledger/posting')
              const id = await createTransaction(tx, { tenantId: ws.tenant.id, kind: 'adjustment', reason: 'property', actorId: null })
              const base = { category: 'adjustment' as const, importId: null, trackId: null, releaseId: null, period: null }
              await insertEntries(tx, ws.tenant.id, id, [
                { ...base, book: 'account', accountId: owners[step.owner], amount: step.units },
                { ...base, book: 'tenant', accountId: null, amount: -step.units },
              ])
            })
          }
        }
        // Every transaction sums to zero.
        expect(await one(sql`select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0`)).toEqual([])
        // Standing imports: account + tenant + suspense credits (with their matches) equal their net; rolled back ones net to zero.
        const credits = await one<{ import_id: number; total: string }>(sql`
          select import_id, sum(amount)::numeric(24,6)::text as total from ledger_entries
          where tenant_id = ${ws.tenant.id} and import_id is not null and book <> 'clearing' group by import_id`)
        const byImport = new Map(credits.map((row) => [row.import_id, row.total]))
        for (const entry of standing) expect(byImport.get(entry.id) ?? '0.000000').toBe(fromScaled(entry.net, 6))
        const standingIds = new Set(standing.map((entry) => entry.id))
        for (const [id, total] of byImport) if (!standingIds.has(id)) expect(total).toBe('0.000000')
        // Each account's available balance is the sum of its entries (rounded to cents once).
        for (const owner of owners) {
          const exact = toScaled((await accountBalance(t.services, owner)) ?? '0', 6)
          const { balance } = await balanceLines(t.services.db, ws.tenant.id, owner)
          expect(balance.available).toBe(fromScaled(divideHalfEven(exact, 10_000n), 2))
          const lines = ['earnings', 'sales', 'adjustment', 'publishing'].reduce(
            (sum, key) => sum + toScaled(balance[key as 'sales'], 2),
            0n,
          )
          // Each line rounds on its own: the lines add up to available within a cent per line.
          const drift = lines - toScaled(balance.payouts, 2) - toScaled(balance.available, 2)
          expect(drift <= 3n && drift >= -3n).toBe(true)
        }
        // Each account's rollup total equals its statement entries; its balance equals its entries.
        const mismatches = await one(sql`
          select a.account_id from (
            select account_id, sum(amount) as amount from ledger_entries
            where tenant_id = ${ws.tenant.id} and book = 'account' and import_id is not null group by account_id
          ) a
          full join earnings_account_totals r on r.account_id = a.account_id and r.tenant_id = ${ws.tenant.id}
          where coalesce(a.amount, 0) <> coalesce(r.amount, 0) and coalesce(a.account_id, r.account_id) is not null
            and (r.tenant_id = ${ws.tenant.id} or r.tenant_id is null)`)
        expect(mismatches).toEqual([])
        const monthly = await one<{ net: string | null; lines: string | null }>(sql`
          select (select coalesce(sum(net), 0)::numeric(24,6)::text from earnings_monthly where tenant_id = ${ws.tenant.id}) as net,
                 (select coalesce(sum(l.net_base), 0)::numeric(24,6)::text from statement_lines l join statement_imports i on i.id = l.import_id
                   where i.tenant_id = ${ws.tenant.id} and i.status = 'committed') as lines`)
        expect(monthly[0].net).toBe(monthly[0].lines)
        const tenantShare = await one<{ rollup: string; ledger: string }>(sql`
          select (select coalesce(sum(tenant_share), 0)::numeric(24,6)::text from earnings_monthly where tenant_id = ${ws.tenant.id}) as rollup,
                 (select coalesce(sum(amount), 0)::numeric(24,6)::text from ledger_entries where tenant_id = ${ws.tenant.id} and book = 'tenant' and import_id is not null) as ledger`)
        expect(tenantShare[0].rollup).toBe(tenantShare[0].ledger)
      }),
      { numRuns: 12 },
    )
  }, 120_000)
})
