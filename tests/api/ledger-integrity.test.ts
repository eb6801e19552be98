// The ledger's integrity without a per-entry foreign key (session 40, migration 0053): an entry's
// transaction exists, checked once per statement by triggers, and the account rollups the posting
// statement writes equal the entries' sums after a commit, a second commit and a rollback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { createAccount, createWorkspace } from '../helpers/fixtures'
import { accounts } from '../../src/server/db/schema'
import { createTransaction, postImport, rollbackImport } from '../../src/domains/earnings/server/ledger/posting'
import { createRelease, upc } from './releases-fixtures'
import { createImport, createSplit, setImportStatus } from './ledger-fixtures'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let third: Awaited<ReturnType<typeof createAccount>>
let r1: Awaited<ReturnType<typeof createRelease>>
let r2: Awaited<ReturnType<typeof createRelease>>

beforeAll(async () => {
  t = await createTestApp()
  ws = await createWorkspace(t.services, 'integrity')
  third = await createAccount(t.services, { tenantId: ws.tenant.id, email: 'third@integrity.test' })
  r1 = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Split Album', upc: upc(21) }, [
    { isrc: 'QZINT2500001' },
    { isrc: 'QZINT2500002' },
  ])
  r2 = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.label.id, title: 'Label Single', upc: upc(22) }, [{}])
  await t.services.db.update(accounts).set({ tenantSplit: '12.5000' }).where(eq(accounts.id, ws.label.id))
  await createSplit(t.services, {
    tenantId: ws.tenant.id,
    trackId: r1.tracks[0].id,
    ownerAccountId: ws.artist.id,
    payees: [
      { accountId: ws.artist.id, share: '0.5' },
      { accountId: third.id, share: '0.5' },
    ],
  })
})
afterAll(() => t.close())

const post = (importId: number) => t.services.db.transaction((tx) => postImport(tx, ws.tenant.id, importId, ws.admin.id))
const rollback = (importId: number) => t.services.db.transaction((tx) => rollbackImport(tx, ws.tenant.id, importId, ws.admin.id))

/** The error a statement fails with (its SQLSTATE and message), or null when it succeeds. */
async function failure(run: () => Promise<unknown>): Promise<{ code: string; message: string } | null> {
  try {
    await run()
    return null
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause ?? (error as { code?: string; message?: string })
    return { code: String(cause.code), message: String(cause.message) }
  }
}

async function entryCount() {
  const { rows } = await t.services.db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_entries`)
  return Number(rows[0].n)
}

/** A balanced pair of entries under a new transaction (whose id is returned). */
async function postedTransaction(): Promise<number> {
  return t.services.db.transaction(async (tx) => {
    const id = await createTransaction(tx, { tenantId: ws.tenant.id, kind: 'adjustment', reason: 'integrity test', actorId: ws.admin.id })
    await tx.execute(sql`
      insert into ledger_entries (tenant_id, transaction_id, book, account_id, category, amount)
      values (${ws.tenant.id}, ${id}, 'account', ${ws.artist.id}, 'adjustment', 1.25), (${ws.tenant.id}, ${id}, 'tenant', null, 'adjustment', -1.25)`)
    return id
  })
}

describe("an entry's transaction", () => {
  it('is checked once per statement, not by a per-entry foreign key, and the unread (tenant, book, category) index is gone', async () => {
    const { rows: constraints } = await t.services.db.execute<{ conname: string }>(
      sql`select conname from pg_constraint where conrelid = 'ledger_entries'::regclass and contype = 'f'`,
    )
    expect(constraints).toEqual([])
    const { rows: triggers } = await t.services.db.execute<{ tgname: string; statement: boolean }>(sql`
      select tgname, (tgtype & 1) = 0 as statement from pg_trigger
      where tgrelid = 'ledger_entries'::regclass order by tgname`)
    expect(triggers).toEqual([
      { tgname: 'ledger_entries_transaction_insert', statement: true },
      { tgname: 'ledger_entries_transaction_update', statement: true },
    ])
    const { rows: indexes } = await t.services.db.execute<{ indexname: string }>(
      sql`select indexname from pg_indexes where tablename = 'ledger_entries' order by indexname`,
    )
    expect(indexes.map((row) => row.indexname)).toEqual([
      'ledger_entries_account_idx',
      'ledger_entries_import_idx',
      'ledger_entries_pkey',
      'ledger_entries_track_idx',
      'ledger_entries_transaction_idx',
    ])
  })

  it('must exist: an insert naming a missing transaction is refused whole, as the foreign key refused it', async () => {
    const existing = await postedTransaction()
    const before = await entryCount()
    const missing = existing + 1_000_000
    const refused = await failure(() =>
      t.services.db.execute(sql`
        insert into ledger_entries (tenant_id, transaction_id, book, account_id, category, amount)
        values (${ws.tenant.id}, ${existing}, 'account', ${ws.artist.id}, 'adjustment', 2), (${ws.tenant.id}, ${missing}, 'tenant', null, 'adjustment', -2)`),
    )
    expect(refused?.code).toBe('23503')
    expect(refused?.message).toContain('ledger_entries_transaction_id_fk')
    expect(await entryCount()).toBe(before)
    // The same through an INSERT ... SELECT of many rows, as the posting statement writes them.
    const many = await failure(() =>
      t.services.db.execute(sql`
        insert into ledger_entries (tenant_id, transaction_id, book, account_id, category, amount)
        select ${ws.tenant.id}, case when g = 500 then ${missing}::bigint else ${existing}::bigint end, 'tenant', null, 'adjustment', 0.01
        from generate_series(1, 1000) g`),
    )
    expect(many?.code).toBe('23503')
    expect(await entryCount()).toBe(before)
    // Moving an entry to a missing transaction is refused too.
    const moved = await failure(() =>
      t.services.db.execute(sql`update ledger_entries set transaction_id = ${missing} where transaction_id = ${existing}`),
    )
    expect(moved?.code).toBe('23503')
    const { rows } = await t.services.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ledger_entries where transaction_id = ${existing}`,
    )
    expect(Number(rows[0].n)).toBe(2)
  })

  it('cannot be deleted, renumbered or truncated away while entries name it; one without entries can go', async () => {
    const used = await postedTransaction()
    const deleted = await failure(() => t.services.db.execute(sql`delete from ledger_transactions where id = ${used}`))
    expect(deleted?.code).toBe('23503')
    const renumbered = await failure(() => t.services.db.execute(sql`update ledger_transactions set id = default where id = ${used}`))
    expect(renumbered?.code).toBe('23503')
    const truncated = await failure(() => t.services.db.execute(sql`truncate ledger_transactions cascade`))
    expect(truncated).not.toBeNull()
    const { rows } = await t.services.db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_transactions where id = ${used}`)
    expect(Number(rows[0].n)).toBe(1)
    // Other columns of a used transaction may change (an account's deletion sets created_by null).
    expect(await failure(() => t.services.db.execute(sql`update ledger_transactions set reason = 'renamed' where id = ${used}`))).toBeNull()
    const unused = await t.services.db.transaction((tx) =>
      createTransaction(tx, { tenantId: ws.tenant.id, kind: 'adjustment', reason: 'never used', actorId: ws.admin.id }),
    )
    expect(await failure(() => t.services.db.execute(sql`delete from ledger_transactions where id = ${unused}`))).toBeNull()
  })
})

/** Per (account, period) and per account: the rollups beside the account book's entries with a period. */
async function rollupsAgainstEntries() {
  const { rows: monthly } = await t.services.db.execute<{
    account_id: number
    period: string
    rollup: string | null
    entries: string | null
  }>(sql`
    with sums as (
      select account_id, period, sum(amount) as amount from ledger_entries
      where tenant_id = ${ws.tenant.id} and book = 'account' and period is not null group by account_id, period
    )
    select coalesce(r.account_id, s.account_id) as account_id, to_char(coalesce(r.period, s.period), 'YYYY-MM-DD') as period,
      r.amount::text as rollup, s.amount::numeric(24,6)::text as entries
    from earnings_account_monthly r
    full join sums s on s.account_id = r.account_id and s.period = r.period
    where coalesce(r.tenant_id, ${ws.tenant.id}) = ${ws.tenant.id} and not (r.amount is null and s.amount = 0)
    order by 1, 2`)
  const { rows: totals } = await t.services.db.execute<{ account_id: number; rollup: string | null; entries: string | null }>(sql`
    with sums as (
      select account_id, sum(amount) as amount from ledger_entries
      where tenant_id = ${ws.tenant.id} and book = 'account' and period is not null group by account_id
    )
    select coalesce(r.account_id, s.account_id) as account_id, r.amount::text as rollup, s.amount::numeric(24,6)::text as entries
    from earnings_account_totals r
    full join sums s on s.account_id = r.account_id
    where coalesce(r.tenant_id, ${ws.tenant.id}) = ${ws.tenant.id} and not (r.amount is null and s.amount = 0)
    order by 1`)
  return { monthly, totals }
}

/** Every rollup row equals its entries' sum (an entry sum of zero has no row after a rollback: left out above). */
function expectAgree(state: Awaited<ReturnType<typeof rollupsAgainstEntries>>) {
  for (const row of [...state.monthly, ...state.totals]) {
    const rollup = row.rollup ?? '0.000000'
    const entries = row.entries ?? '0.000000'
    expect({ ...row, rollup, entries }).toEqual({ ...row, rollup: entries, entries })
  }
}

describe('the account rollups of a posting', () => {
  it('equal the entries per (account, period) and per account after a commit, a second commit and a rollback', async () => {
    const first = await createImport(t.services, {
      tenantId: ws.tenant.id,
      period: '2025-04-01',
      lines: [
        { net: '10.000001', trackId: r1.tracks[0].id, releaseId: r1.release.id },
        { net: '3.5', trackId: r1.tracks[1].id, releaseId: r1.release.id },
        { net: '7.25', trackId: r2.tracks[0].id, releaseId: r2.release.id },
        { net: '2', period: '2025-05-01', trackId: r2.tracks[0].id, releaseId: r2.release.id },
        { net: '1.1', isrc: 'QZNOPE000001', title: 'Unmatched' },
      ],
    })
    await post(first.id)
    await setImportStatus(t.services, first.id, 'committed')
    const afterFirst = await rollupsAgainstEntries()
    expectAgree(afterFirst)
    // Three accounts (artist, label, third), two months for the label.
    expect(afterFirst.totals.filter((row) => row.entries !== null)).toHaveLength(3)
    expect(afterFirst.monthly.filter((row) => row.account_id === ws.label.id && row.entries !== null)).toHaveLength(2)

    // A second import adds to rows that exist (the upsert's update) and makes new ones (its insert).
    const second = await createImport(t.services, {
      tenantId: ws.tenant.id,
      period: '2025-04-01',
      lines: [
        { net: '4.000003', trackId: r1.tracks[0].id, releaseId: r1.release.id },
        { net: '-1.5', period: '2025-06-01', trackId: r2.tracks[0].id, releaseId: r2.release.id },
      ],
    })
    await post(second.id)
    await setImportStatus(t.services, second.id, 'committed')
    const afterSecond = await rollupsAgainstEntries()
    expectAgree(afterSecond)
    const label = afterSecond.totals.find((row) => row.account_id === ws.label.id)
    // The label: (7.25 + 2 - 1.5) less its 12.5 % operator share.
    expect(label?.entries).toBe('6.781250')

    await rollback(second.id)
    await setImportStatus(t.services, second.id, 'rolled_back')
    const afterRollback = await rollupsAgainstEntries()
    expectAgree(afterRollback)
    // Back to exactly what the first commit left (an emptied month's row goes).
    expect(afterRollback).toEqual(afterFirst)
  })

  it('are left as they were, with the entries, when the posting fails after its statement', async () => {
    const elsewhere = await createWorkspace(t.services, 'integrity-other')
    const foreign = await createRelease(
      t.services,
      { tenantId: elsewhere.tenant.id, accountId: elsewhere.artist.id, title: 'Not here', upc: upc(23) },
      [{}],
    )
    const before = await rollupsAgainstEntries()
    const entriesBefore = await entryCount()
    const broken = await createImport(t.services, {
      tenantId: ws.tenant.id,
      period: '2025-07-01',
      lines: [
        { net: '9', trackId: r1.tracks[1].id, releaseId: r1.release.id },
        { net: '1', trackId: foreign.tracks[0].id, releaseId: foreign.release.id },
      ],
    })
    // The posting statement writes the entries and rollups, then the stray release is refused.
    const refused = await failure(() => post(broken.id))
    expect(refused?.message ?? '').toMatch(/not in this workspace/)
    expect(await rollupsAgainstEntries()).toEqual(before)
    expect(await entryCount()).toBe(entriesBefore)
  })
})
