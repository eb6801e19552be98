import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { twoWorkspaces } from '../helpers/fixtures'
import { postImport, rollbackImport } from '../../src/domains/earnings/server/ledger/posting'
import { foldTrackPending, queueTrackFold, TRACK_FOLD_JOB } from '../../src/domains/earnings/server/ledger/track-fold'
import { workspaceTrackRows } from '../../src/domains/earnings/server/reports/report-rows'
import { createRelease } from './releases-fixtures'
import { createImport, rollupState, setImportStatus } from './ledger-fixtures'

// The per-track rollups (earnings_track_monthly, earnings_track_totals) are folded after the commit
// (ledger/track-fold.ts): the commit appends deltas to earnings_track_pending and queues a job;
// every reader folds first. These tests hold the job runner still and run its jobs by hand.

let t: TestApp
let ws: Awaited<ReturnType<typeof twoWorkspaces>>['ws']
let other: Awaited<ReturnType<typeof twoWorkspaces>>['other']
let admin: TestClient
let album: Awaited<ReturnType<typeof createRelease>>
let single: Awaited<ReturnType<typeof createRelease>>

beforeAll(async () => {
  t = await createTestApp()
  // Jobs run only when a test drains them: what is pending between a commit and its fold is seen.
  await t.services.jobs.stop()
  ;({ ws, other, admin } = await twoWorkspaces(t, 'foldco', 'elsewhere'))
  album = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Fold Album' }, [
    { isrc: 'QZFLD2500001' },
    { isrc: 'QZFLD2500002' },
  ])
  single = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.label.id, title: 'Fold Single' }, [
    { isrc: 'QZFLD2500003' },
  ])
})
afterAll(() => t.close())

const tenant = () => ws.tenant.id
/** Posted, with its fold queued, as the import's commit does in one transaction. */
const post = (importId: number) =>
  t.services.db.transaction(async (tx) => {
    await postImport(tx, tenant(), importId, ws.admin.id)
    await queueTrackFold(t.services.jobs, tx, tenant())
  })
/** Rolled back and marked so, as the import's rollback does in one transaction. */
async function rollback(importId: number) {
  await t.services.db.transaction(async (tx) => {
    await rollbackImport(tx, tenant(), importId, ws.admin.id)
    await queueTrackFold(t.services.jobs, tx, tenant())
  })
  await setImportStatus(t.services, importId, 'rolled_back')
}

/** A committed statement: posted and marked committed, as the import's commit does in one transaction. */
async function commit(lines: Parameters<typeof createImport>[1]['lines'], period = '2025-03-01') {
  const statement = await createImport(t.services, { tenantId: tenant(), period, lines })
  await post(statement.id)
  await setImportStatus(t.services, statement.id, 'committed')
  return statement
}

/** The raw table, read without folding. */
async function raw(table: 'earnings_track_pending' | 'earnings_track_totals' | 'earnings_track_monthly') {
  const { rows } = await t.services.db.execute<Record<string, unknown>>(
    sql`select * from ${sql.identifier(table)} where tenant_id = ${tenant()} order by release_id, track_id${
      table === 'earnings_track_totals' ? sql`` : sql`, period`
    }`,
  )
  return rows.map((row) => JSON.parse(JSON.stringify(row)) as Record<string, unknown>)
}

async function foldJobs() {
  const { rows } = await t.services.db.execute<{ status: string; result: { rows: number } | null }>(
    sql`select status, result from jobs where tenant_id = ${tenant()} and type = ${TRACK_FOLD_JOB} order by id`,
  )
  return rows
}

async function trackTotals() {
  const overview = await admin.ok('earnings.overview', { params: { id: 1 }, query: {} })
  return overview.tracks.map((row) => ({ id: row.id, quantity: row.quantity, total: row.total }))
}

async function trackRows() {
  const rows = []
  for await (const row of workspaceTrackRows(t.services.db, { tenantId: tenant(), accountId: null, from: null, to: null }))
    rows.push({ release: Number(row.release_id), track: Number(row.track_id), quantity: row.quantity, net: row.net })
  return rows
}

describe('the per-track rollups folded after the commit', () => {
  it('a commit leaves its deltas pending and queues a fold; the top tracks and report rows already show the import exactly', async () => {
    const [a, b] = album.tracks
    const [c] = single.tracks
    await commit([
      { net: '10.000001', trackId: a.id, releaseId: album.release.id, quantity: 3 },
      { net: '2.5', trackId: a.id, releaseId: album.release.id, quantity: 1, channel: 'spotify' },
      { net: '0.333333', trackId: b.id, releaseId: album.release.id, quantity: 2 },
      { net: '7', trackId: c.id, releaseId: single.release.id, quantity: 5 },
      { net: '1.25', releaseId: single.release.id, upc: '0000000000017', quantity: 1 },
      { net: '4', isrc: 'QZNOPE000001', quantity: 1 },
    ])
    // Nothing folded yet: the commit wrote the deltas only, one per (release, track, period).
    expect(await raw('earnings_track_totals')).toEqual([])
    expect(await raw('earnings_track_monthly')).toEqual([])
    expect(await raw('earnings_track_pending')).toEqual([
      {
        tenant_id: tenant(),
        release_id: album.release.id,
        track_id: a.id,
        period: expect.anything(),
        quantity: 4,
        net: '12.500001',
        drop_empty: false,
      },
      {
        tenant_id: tenant(),
        release_id: album.release.id,
        track_id: b.id,
        period: expect.anything(),
        quantity: 2,
        net: '0.333333',
        drop_empty: false,
      },
      {
        tenant_id: tenant(),
        release_id: single.release.id,
        track_id: 0,
        period: expect.anything(),
        quantity: 1,
        net: '1.250000',
        drop_empty: false,
      },
      {
        tenant_id: tenant(),
        release_id: single.release.id,
        track_id: c.id,
        period: expect.anything(),
        quantity: 5,
        net: '7.000000',
        drop_empty: false,
      },
    ])
    expect(await foldJobs()).toEqual([{ status: 'queued', result: null }])

    // The overview's top tracks fold first: exact, and nothing is left pending.
    expect(await trackTotals()).toEqual([
      { id: a.id, quantity: 4, total: '12.500001' },
      { id: c.id, quantity: 5, total: '7.000000' },
      { id: b.id, quantity: 2, total: '0.333333' },
    ])
    expect(await raw('earnings_track_pending')).toEqual([])
    expect(await trackRows()).toEqual([
      { release: album.release.id, track: a.id, quantity: '4', net: '12.500001' },
      { release: album.release.id, track: b.id, quantity: '2', net: '0.333333' },
      { release: single.release.id, track: 0, quantity: '1', net: '1.250000' },
      { release: single.release.id, track: c.id, quantity: '5', net: '7.000000' },
    ])

    // The queued job then finds nothing left, and the figures stay as they were.
    const before = await rollupState(t.services, tenant())
    await t.services.jobs.drain()
    expect(await foldJobs()).toEqual([{ status: 'done', result: expect.objectContaining({ rows: 0 }) }])
    expect(await rollupState(t.services, tenant())).toEqual(before)
  })

  it('the job folds a commit into the rollups and empties the pending table; the figures are the same to the micro-unit', async () => {
    const [a, b] = album.tracks
    // A report row read before the fold (the generator folds first) is the expected answer.
    await commit(
      [
        { net: '0.000001', trackId: a.id, releaseId: album.release.id, quantity: 1 },
        { net: '100.123456', trackId: b.id, releaseId: album.release.id, quantity: 9 },
        { net: '-0.333333', trackId: b.id, releaseId: album.release.id, quantity: 0 },
      ],
      '2025-04-01',
    )
    expect((await raw('earnings_track_pending')).length).toBe(2)
    await t.services.jobs.drain()
    expect(await raw('earnings_track_pending')).toEqual([])
    expect((await foldJobs()).at(-1)).toEqual({ status: 'done', result: expect.objectContaining({ rows: 2 }) })
    // All time: the first import's figures plus these, each track once.
    expect(await raw('earnings_track_totals')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ track_id: a.id, release_id: album.release.id, quantity: 5, net: '12.500002' }),
        expect.objectContaining({ track_id: b.id, release_id: album.release.id, quantity: 11, net: '100.123456' }),
      ]),
    )
    expect(await raw('earnings_track_monthly')).toContainEqual(
      expect.objectContaining({ track_id: b.id, period: expect.stringContaining('2025-04'), quantity: 9, net: '99.790123' }),
    )
    expect(await trackTotals()).toEqual([
      { id: b.id, quantity: 11, total: '100.123456' },
      { id: a.id, quantity: 5, total: '12.500002' },
      { id: single.tracks[0].id, quantity: 5, total: '7.000000' },
    ])
  })

  it('a rollback folded later gives back the figures from before the import, empty rows gone; before its fold the readers already show it', async () => {
    const [a] = album.tracks
    const before = await rollupState(t.services, tenant())
    const fresh = await createRelease(t.services, { tenantId: tenant(), accountId: ws.artist.id, title: 'Gone Soon' }, [
      { isrc: 'QZFLD2500009' },
    ])
    const statement = await commit(
      [
        { net: '3.3', trackId: a.id, releaseId: album.release.id, quantity: 3 },
        { net: '50', trackId: fresh.tracks[0].id, releaseId: fresh.release.id, quantity: 2 },
      ],
      '2025-05-01',
    )
    await t.services.jobs.drain()
    expect(await trackTotals()).toContainEqual({ id: fresh.tracks[0].id, quantity: 2, total: '50.000000' })
    await rollback(statement.id)
    expect(await raw('earnings_track_pending')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ track_id: fresh.tracks[0].id, quantity: -2, net: '-50.000000', drop_empty: true }),
      ]),
    )
    // Read before the job: folded on read, the rolled-back track is gone from the top list.
    expect((await trackTotals()).map((row) => row.id)).not.toContain(fresh.tracks[0].id)
    await t.services.jobs.drain()
    expect(await rollupState(t.services, tenant())).toEqual(before)
    expect(await raw('earnings_track_pending')).toEqual([])

    // Commit and rollback both pending when one fold runs: the same "before", no empty row left.
    const again = await commit([{ net: '8', trackId: fresh.tracks[0].id, releaseId: fresh.release.id, quantity: 1 }], '2025-06-01')
    await rollback(again.id)
    expect((await raw('earnings_track_pending')).length).toBe(2)
    await t.services.jobs.drain()
    expect((await raw('earnings_track_monthly')).filter((row) => row.release_id === fresh.release.id)).toEqual([])
    expect(await rollupState(t.services, tenant())).toEqual(before)
  })

  it('two folds at once add each pending row once', async () => {
    const [a, b] = album.tracks
    const before = await raw('earnings_track_totals')
    await commit(
      [
        { net: '1.000001', trackId: a.id, releaseId: album.release.id, quantity: 1 },
        { net: '2.000002', trackId: b.id, releaseId: album.release.id, quantity: 2 },
      ],
      '2025-07-01',
    )
    const fold = () =>
      t.services.db.transaction(async (tx) => {
        const result = await foldTrackPending(tx, tenant())
        // Held open a moment: the other fold runs meanwhile (on PostgreSQL, waiting on the lock).
        await new Promise((resolve) => setTimeout(resolve, 100))
        return result
      })
    const results = await Promise.all([fold(), fold()])
    expect(results.map((result) => result.rows).sort()).toEqual([0, 2])
    const after = await raw('earnings_track_totals')
    const net = (rows: Record<string, unknown>[], trackId: number) => rows.find((row) => row.track_id === trackId)?.net
    expect(net(before, a.id)).toBe('12.500002')
    expect(net(after, a.id)).toBe('13.500003')
    expect(net(before, b.id)).toBe('100.123456')
    expect(net(after, b.id)).toBe('102.123458')
  })

  it('a workspace folds only its own deltas', async () => {
    const theirs = await createRelease(t.services, { tenantId: other.tenant.id, accountId: other.artist.id, title: 'Theirs' }, [
      { isrc: 'QZFLD2500099' },
    ])
    const statement = await createImport(t.services, {
      tenantId: other.tenant.id,
      lines: [{ net: '5', trackId: theirs.tracks[0].id, releaseId: theirs.release.id, quantity: 1 }],
    })
    await t.services.db.transaction(async (tx) => {
      await postImport(tx, other.tenant.id, statement.id, other.admin.id)
      await queueTrackFold(t.services.jobs, tx, other.tenant.id)
    })
    // This workspace's reader folds nothing of the other's.
    await trackTotals()
    const { rows } = await t.services.db.execute<{ n: number }>(
      sql`select count(*)::int as n from earnings_track_pending where tenant_id = ${other.tenant.id}`,
    )
    expect(rows[0].n).toBe(1)
    await t.services.jobs.drain()
    const { rows: folded } = await t.services.db.execute<{ net: string }>(
      sql`select net::text as net from earnings_track_totals where tenant_id = ${other.tenant.id} and track_id = ${theirs.tracks[0].id}`,
    )
    expect(folded).toEqual([{ net: '5.000000' }])
  })
})
