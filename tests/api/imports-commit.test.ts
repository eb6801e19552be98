import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import { createRelease } from './releases-fixtures'
import { dryRun, expectStatus, ledgerTotal, lineCount, statementFile } from './imports-helpers'
import { fromScaled, toScaled } from '../../src/core/decimal'
import { parseImport } from '../../src/domains/earnings/server/imports/parse'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>

beforeAll(async () => {
  t = await createTestApp()
  ws = await createWorkspace(t.services, 'acme')
  await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Night Drive' }, [
    { isrc: 'USWL12600001' },
    { isrc: 'USWL12600002' },
  ])
})
afterAll(() => t.close())

/** Matched lines for the two tracks, and one line whose ISRC matches nothing (0.50). */
const file = (month: string, amounts: string[]) =>
  statementFile(
    [
      'Sale Month,Store,ISRC,Quantity,Net',
      ...amounts.map((amount, index) => `${month},Spotify,USWL1260000${(index % 2) + 1},${index + 1},${amount}`),
      `${month},Tidal,QZZZZ2600009,1,0.50`,
    ].join('\n') + '\n',
    `sales-${month}.csv`,
  )

const plus = (a: string, b: string) => fromScaled(toScaled(a, 6) + toScaled(b, 6), 6)

const artistBalance = () => ledgerTotal(t, ws.tenant.id, sql`book = 'account' and account_id = ${ws.artist.id}`)
const credits = () => ledgerTotal(t, ws.tenant.id, sql`book <> 'clearing'`)
const rollupNet = async () =>
  (
    await t.services.db.execute<{ net: string }>(
      sql`select coalesce(sum(net), 0)::numeric(24,6)::text as net from earnings_monthly where tenant_id = ${ws.tenant.id}`,
    )
  ).rows[0].net

async function upload(month: string, amounts: string[]) {
  const admin = await signedIn(t.app, 'admin@acme.test')
  const { id } = await admin.ok('earnings.importAudiosalad', { multipart: { fields: { period: month }, files: file(month, amounts) } })
  const detail = await dryRun(t, admin, id)
  expectStatus(detail, 'review')
  return { admin, id, detail }
}

describe('commit, cancel and rollback of a statement import', () => {
  it('commits: the ledger credits exactly the statement net and nothing else moves until then', async () => {
    const { admin, id, detail } = await upload('2026-01', ['10.000001', '5.333333', '0.666666'])
    expect(detail.netBase).toBe('16.500000')
    expect(await credits()).toBe('0.000000')
    const committed = await admin.ok('earnings.importCommit', { params: { id } })
    expect(committed.status).toBe('committed')
    expect(committed.committedBy?.id).toBe(ws.admin.id)
    expect(await credits()).toBe('16.500000')
    expect(await ledgerTotal(t, ws.tenant.id)).toBe('0.000000')
    expect(await rollupNet()).toBe('16.500000')
    // The commit queued the fold of its per-track deltas (earnings.track-fold): once the jobs ran, nothing is pending.
    await t.services.jobs.drain()
    const fold = await t.services.db.execute<{ pending: number; folds: number }>(sql`
      select (select count(*)::int from earnings_track_pending where tenant_id = ${ws.tenant.id}) as pending,
        (select count(*)::int from jobs where tenant_id = ${ws.tenant.id} and type = 'earnings.track-fold' and status = 'done') as folds`)
    expect(fold.rows[0]).toEqual({ pending: 0, folds: 1 })
    // The matched 16.000000 reached the artist (the owner, no split) less the operator's share; 0.50 waits in suspense.
    expect(await ledgerTotal(t, ws.tenant.id, sql`book = 'suspense'`)).toBe('0.500000')
    const toArtist = await artistBalance()
    const toTenant = await ledgerTotal(t, ws.tenant.id, sql`book = 'tenant'`)
    expect(plus(toArtist, toTenant)).toBe('16.000000')
    expect(toScaled(toArtist, 6)).toBeGreaterThan(0n)
    const again = await admin.call('earnings.importCommit', { params: { id } })
    expect(again.status).toBe(409)
    expect(await credits()).toBe('16.500000')
    const audits = await t.services.db.execute<{ action: string }>(
      sql`select action from audit_log where entity_type = 'statementImport' and entity_id = ${String(id)} order by id`,
    )
    expect(audits.rows.map((row) => row.action)).toEqual(['earnings.import.upload', 'earnings.import.commit'])
  })

  it('compares the dry run with the previous committed statement of the same source', async () => {
    const { admin, id, detail } = await upload('2026-02', ['20', '13'])
    expect(detail.report!.previous).toMatchObject({
      period: '2026-01',
      rows: 4,
      netBase: '16.500000',
      rowsChange: -1,
      rowsChangePercent: -25,
      netChange: '17.000000',
      netChangePercent: 103.03,
    })
    await admin.ok('earnings.importCancel', { params: { id } })
  })

  it('cancel leaves no trace: no lines, no ledger entries, the import kept as cancelled; the same file may come again', async () => {
    const before = await credits()
    const { admin, id } = await upload('2026-03', ['7.25'])
    expect(await lineCount(t, id)).toBe(2)
    const cancelled = await admin.ok('earnings.importCancel', { params: { id } })
    expect(cancelled.status).toBe('cancelled')
    expect(await lineCount(t, id)).toBe(0)
    expect(await credits()).toBe(before)
    expect((await admin.call('earnings.importCommit', { params: { id } })).status).toBe(409)
    const again = await admin.ok('earnings.importAudiosalad', {
      multipart: { fields: { period: '2026-03' }, files: file('2026-03', ['7.25']) },
    })
    expect(again.id).not.toBe(id)
    await dryRun(t, admin, again.id)
    await admin.ok('earnings.importCancel', { params: { id: again.id } })
  })

  it('a crash in the middle of a commit leaves balances as before, the import in review, and a retry works', async () => {
    const { admin, id } = await upload('2026-04', ['3.141592', '2.718281'])
    const before = { credits: await credits(), artist: await artistBalance(), rollups: await rollupNet() }
    // Fails after the posting has written its entries and rollups, inside the same transaction.
    await t.services.db.execute(sql`
      create or replace function fail_commit() returns trigger language plpgsql as $$
      begin raise exception 'simulated crash during commit'; end $$`)
    await t.services.db.execute(sql`
      create trigger fail_commit before update of status on statement_imports
      for each row when (new.status = 'committed') execute function fail_commit()`)
    const crashed = await admin.call('earnings.importCommit', { params: { id } })
    expect(crashed.status).toBe(500)
    await t.services.db.execute(sql`drop trigger fail_commit on statement_imports`)
    expect({ credits: await credits(), artist: await artistBalance(), rollups: await rollupNet() }).toEqual(before)
    expect((await admin.ok('earnings.import', { params: { id } })).status).toBe('review')
    const retried = await admin.ok('earnings.importCommit', { params: { id } })
    expect(retried.status).toBe('committed')
    expect(await credits()).toBe(plus(before.credits, '6.359873'))
  })

  it('rolls a committed import back with compensating entries; the same file can then be imported again', async () => {
    const { admin, id } = await upload('2026-05', ['100.00'])
    await admin.ok('earnings.importCommit', { params: { id } })
    const committed = { credits: await credits(), artist: await artistBalance() }
    const entriesBefore = Number((await t.services.db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_entries`)).rows[0].n)
    const rolled = await admin.ok('earnings.importRollback', { params: { id }, body: {} })
    expect(rolled).toMatchObject({ status: 'rolled_back', rolledBackBy: { id: ws.admin.id } })
    expect(await credits()).toBe(plus(committed.credits, '-100.500000'))
    expect(await artistBalance()).not.toBe(committed.artist)
    const entriesAfter = Number((await t.services.db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_entries`)).rows[0].n)
    expect(entriesAfter).toBeGreaterThan(entriesBefore)
    expect((await admin.call('earnings.importRollback', { params: { id }, body: {} })).status).toBe(409)
    expect((await admin.call('earnings.importCancel', { params: { id } })).status).toBe(409)
    const again = await admin.call('earnings.importAudiosalad', {
      multipart: { fields: { period: '2026-05' }, files: file('2026-05', ['100.00']) },
    })
    expect(again.status).toBe(202)
  })

  it('a parse that died half way starts again from no lines', async () => {
    const { admin, id } = await upload('2026-06', ['1', '2', '3'])
    await admin.ok('earnings.importCancel', { params: { id } })
    const fresh = await admin.ok('earnings.importAudiosalad', {
      multipart: { fields: { period: '2026-06' }, files: file('2026-06', ['1', '2', '3']) },
    })
    await dryRun(t, admin, fresh.id)
    // As if the runner died mid-parse: status parsing, every line (rows, blocks and their sums) written twice.
    await t.services.db.execute(sql`update statement_imports set status = 'parsing' where id = ${fresh.id}`)
    await t.services.db.execute(
      sql`insert into statement_lines (tenant_id, import_id, line_no, period, net) select tenant_id, import_id, line_no, period, net from statement_lines where import_id = ${fresh.id}`,
    )
    await t.services.db.execute(sql`
      insert into statement_line_blocks (import_id, block_no, tenant_id, first_line, last_line, lines, byte_start, byte_end, data)
      select import_id, block_no + 1000, tenant_id, first_line, last_line, lines, byte_start, byte_end, data
      from statement_line_blocks where import_id = ${fresh.id}`)
    await t.services.db.execute(sql`
      insert into statement_line_groups (tenant_id, import_id, period, channel, territory, release_id, track_id, lines, quantity, net_base)
      select tenant_id, import_id, period, channel, territory, release_id, track_id, lines, quantity, net_base
      from statement_line_groups where import_id = ${fresh.id}`)
    expect(await lineCount(t, fresh.id)).toBe(8)
    const job = await t.services.db.execute<{ job_id: number }>(sql`select job_id from statement_imports where id = ${fresh.id}`)
    // Another reader (no job, or another job) may not take it over; its own job re-run may.
    expect(await parseImport(t.services, ws.tenant.id, fresh.id)).toBe(false)
    expect(await parseImport(t.services, ws.tenant.id, fresh.id, { jobId: Number(job.rows[0].job_id) })).toBe(true)
    expect(await lineCount(t, fresh.id)).toBe(4)
    expect((await admin.ok('earnings.import', { params: { id: fresh.id } })).netBase).toBe('6.500000')
  })

  it('pages both histories newest first with status, rows, totals and who ran each', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    const first = await admin.ok('earnings.audiosaladHistory', { query: { per_page: 25 } })
    expect(first.meta.total).toBeGreaterThanOrEqual(8)
    expect(first.data[0].id).toBeGreaterThan(first.data[1].id)
    expect(first.data.find((row) => row.period === '2026-01')).toMatchObject({
      status: 'committed',
      rows: 4,
      matched: 3,
      unmatched: 1,
      netBase: '16.500000',
      createdBy: { id: ws.admin.id },
    })
    const statuses = new Set(first.data.map((row) => row.status))
    expect([...statuses].sort()).toEqual(expect.arrayContaining(['cancelled', 'committed', 'rolled_back']))
    const page2 = await admin.ok('earnings.audiosaladHistory', { query: { page: 2, per_page: 25 } })
    expect(page2.meta.page).toBe(2)
    expect((await admin.ok('earnings.cmsHistory', { query: {} })).meta.total).toBe(0)
  })
})
