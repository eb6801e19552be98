import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { eq, sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { createAccount, createWorkspace } from '../helpers/fixtures'
import { accounts } from '../../src/server/db/schema'
import { postImport } from '../../src/domains/earnings/server/ledger/posting'
import { allocate, operatorShare } from '../../src/core/allocation'
import { fromScaled, toScaled } from '../../src/core/decimal'
import { createRelease } from './releases-fixtures'
import { createImport, createSplit } from './ledger-fixtures'

// The import's allocation runs in SQL (issue 18: no per-track rows held in JavaScript). This checks
// it against the reference rule in @core/allocation for any statement: operatorShare toward zero,
// allocate by largest remainder with ties to the lower payee id, the owner when no split applies.

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
type Target = { trackId: number | null; releaseId: number; owner: number; split: { accountId: number; share: string }[] | null }
const targets: Target[] = []
const tenantSplits = new Map<number, string | null>()

beforeAll(async () => {
  t = await createTestApp()
  ws = await createWorkspace(t.services, 'allocsql')
  const odd = await createAccount(t.services, { tenantId: ws.tenant.id, email: 'odd@allocsql.test' })
  const tiny = await createAccount(t.services, { tenantId: ws.tenant.id, email: 'tiny@allocsql.test' })
  const splitsOf: [number, string | null][] = [
    [ws.artist.id, null],
    [ws.label.id, '12.5000'],
    [odd.id, '33.3333'],
    [tiny.id, '0.0001'],
  ]
  for (const [id, split] of splitsOf) {
    tenantSplits.set(id, split)
    if (split) await t.services.db.update(accounts).set({ tenantSplit: split }).where(eq(accounts.id, id))
  }
  const shares: ({ accountId: number; share: string }[] | null)[] = [
    null,
    [
      { accountId: ws.artist.id, share: '0.3333333333' },
      { accountId: ws.label.id, share: '0.3333333334' },
      { accountId: odd.id, share: '0.3333333333' },
    ],
    [
      { accountId: tiny.id, share: '0.1234567891' },
      { accountId: ws.artist.id, share: '0.0000000001' },
      { accountId: odd.id, share: '0.8765432108' },
    ],
    // Two payees of one account merge into one entry.
    [
      { accountId: ws.label.id, share: '0.5000000000' },
      { accountId: ws.label.id, share: '0.2500000000' },
      { accountId: tiny.id, share: '0.2500000000' },
    ],
    // Shares that do not sum to 1: ignored, the owner is paid.
    [
      { accountId: odd.id, share: '0.5000000000' },
      { accountId: tiny.id, share: '0.4000000000' },
    ],
  ]
  for (const [owner] of splitsOf) {
    const made = await createRelease(
      t.services,
      { tenantId: ws.tenant.id, accountId: owner },
      shares.map(() => ({})),
    )
    targets.push({ trackId: null, releaseId: made.release.id, owner, split: null })
    for (const [position, split] of shares.entries()) {
      const trackId = made.tracks[position].id
      if (split) await createSplit(t.services, { tenantId: ws.tenant.id, trackId, ownerAccountId: owner, payees: split })
      const applies = split && split.reduce((sum, payee) => sum + toScaled(payee.share, 10), 0n) === 10n ** 10n
      targets.push({ trackId, releaseId: made.release.id, owner, split: applies ? split : null })
    }
  }
})
afterAll(() => t.close())

/** The entries the reference rule gives, merged per (book, account, track, release), zeros dropped. */
function expected(lines: { target: number; units: bigint }[]): Map<string, bigint> {
  const groups = new Map<number, bigint>()
  for (const line of lines) groups.set(line.target, (groups.get(line.target) ?? 0n) + line.units)
  const out = new Map<string, bigint>()
  const add = (key: string, amount: bigint) => out.set(key, (out.get(key) ?? 0n) + amount)
  for (const [index, net] of groups) {
    const target = targets[index]
    const where = `${target.trackId}|${target.releaseId}`
    const operator = operatorShare(net, tenantSplits.get(target.owner) ?? null)
    add(`tenant||${where}`, operator)
    if (!target.split) {
      add(`account|${target.owner}|${where}`, net - operator)
      continue
    }
    const parts = allocate(
      net - operator,
      target.split.map((payee) => toScaled(payee.share, 10)),
    )
    target.split.forEach((payee, position) => add(`account|${payee.accountId}|${where}`, parts[position]))
  }
  for (const [key, amount] of out) if (amount === 0n) out.delete(key)
  return out
}

describe('statement allocation in SQL', () => {
  it('gives exactly the entries of operatorShare and allocate for any lines, negative and odd amounts included', async () => {
    const lineArb = fc.record({
      target: fc.nat({ max: 23 }),
      units: fc.oneof(fc.bigInt({ min: -3_000_000n, max: 3_000_000n }), fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n })),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(lineArb, { minLength: 1, maxLength: 16 }), async (lines) => {
        const usable = lines.map((line) => ({ ...line, target: line.target % targets.length }))
        const row = await createImport(t.services, {
          tenantId: ws.tenant.id,
          lines: usable.map((line) => ({
            net: fromScaled(line.units, 6),
            trackId: targets[line.target].trackId,
            releaseId: targets[line.target].releaseId,
          })),
        })
        const posted = await t.services.db.transaction((tx) => postImport(tx, ws.tenant.id, row.id, null))
        const { rows } = await t.services.db.execute<{
          book: string
          account_id: number | null
          track_id: number | null
          release_id: number
          amount: string
        }>(sql`
          select book, account_id, track_id, release_id, amount::text as amount from ledger_entries
          where transaction_id = ${posted.transactionId} and book in ('tenant', 'account')`)
        const actual = new Map(
          rows.map((entry) => [`${entry.book}|${entry.account_id ?? ''}|${entry.track_id}|${entry.release_id}`, toScaled(entry.amount, 6)]),
        )
        expect(actual).toEqual(expected(usable))
      }),
      { numRuns: 25 },
    )
  }, 120_000)
})
