import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db, Queryable, Tx } from '@server/db/engine'
import type { JobRunner } from '@server/jobs/runner'
import type { Services } from '@server/context'
import { bigintArray } from '@server/db/arrays'

// The per-track rollups (earnings_track_monthly, earnings_track_totals) out of the statement commit
// (issue 18; docs/royalties.md, "Rollups"). A million upserts into indexes larger than the shared
// buffers took ~32 s of a 1M-line commit. The commit (and a rollback, and a manual match) now only
// appends its per-(release, track, period) sums to earnings_track_pending, in its own transaction;
// a fold adds a workspace's pending rows to the two rollups and deletes exactly those rows, in one
// transaction, one fold per workspace at a time. The fold runs as a job the commit queues, and
// every reader of the two rollups folds first when anything is pending, so no figure ever leaves
// out a committed import.

/** The job that folds a workspace's pending track deltas; queued by the commit, rollback or match. */
export const TRACK_FOLD_JOB = 'earnings.track-fold'

const foldPayload = z.object({ tenantId: z.number().int().positive() })

/**
 * Appends pg_temp.ledger_line_agg's matched lines, summed per (release, track, period) and signed,
 * to the pending deltas. `dropEmpty` (a rollback): once folded, the rollup rows of these releases
 * left at zero go, so "before" is exactly restored. The caller queues the fold (queueTrackFold).
 */
export async function appendTrackDeltas(tx: Tx, tenantId: number, sign: 1 | -1, dropEmpty: boolean): Promise<void> {
  const s = sql.raw(sign === 1 ? '1' : '-1')
  await tx.execute(sql`
    insert into earnings_track_pending (tenant_id, release_id, track_id, period, quantity, net, drop_empty)
    select ${tenantId}, a.release_id, coalesce(a.track_id, 0), a.period, ${s} * sum(a.quantity), ${s} * sum(a.net), ${dropEmpty}
    from pg_temp.ledger_line_agg a
    where a.release_id is not null
    group by a.release_id, coalesce(a.track_id, 0), a.period`)
}

/**
 * Queues a fold of the workspace's pending deltas in the caller's transaction, through the job
 * runner (claimed once across processes, and woken once the transaction commits), unless one is
 * queued already: a fold folds whatever is pending when it runs.
 */
export async function queueTrackFold(jobs: JobRunner, tx: Tx, tenantId: number): Promise<void> {
  const { rows } = await tx.execute<{ queued: boolean }>(
    sql`select exists (select 1 from jobs where tenant_id = ${tenantId} and type = ${TRACK_FOLD_JOB} and status = 'queued') as queued`,
  )
  if (!rows[0]?.queued) await jobs.enqueue(tx, { type: TRACK_FOLD_JOB, tenantId, payload: { tenantId } })
}

export interface FoldResult {
  /** Pending rows folded (and deleted). */
  rows: number
  ms: number
}

/**
 * Folds the workspace's pending track deltas into earnings_track_monthly and earnings_track_totals
 * in the caller's transaction: serialised per workspace by an advisory lock held to its end, so a
 * second fold waits and then finds only what was appended since. The rows deleted are exactly the
 * rows added (one statement: the delete's returned rows feed both upserts, each in its key's order).
 */
export async function foldTrackPending(tx: Tx, tenantId: number): Promise<FoldResult> {
  const started = performance.now()
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`earnings-track-fold:${tenantId}`}))`)
  // Room to group in memory: up to a million pending rows after a 1M-line statement.
  await tx.execute(sql`set local work_mem = '64MB'`)
  const { rows } = await tx.execute<{ folded: number; releases: number[] | null }>(sql`
    with folded as (
      delete from earnings_track_pending where tenant_id = ${tenantId}
      returning release_id, track_id, period, quantity, net, drop_empty
    ),
    monthly as (
      insert into earnings_track_monthly (tenant_id, release_id, track_id, period, quantity, net)
      select ${tenantId}, f.release_id, f.track_id, f.period, sum(f.quantity), sum(f.net)
      from folded f
      group by f.release_id, f.track_id, f.period
      order by f.release_id, f.track_id, f.period
      on conflict (release_id, track_id, period) do update set
        quantity = earnings_track_monthly.quantity + excluded.quantity,
        net = earnings_track_monthly.net + excluded.net
    ),
    totals as (
      insert into earnings_track_totals (tenant_id, track_id, release_id, quantity, net)
      select ${tenantId}, f.track_id, min(f.release_id), sum(f.quantity), sum(f.net)
      from folded f
      where f.track_id <> 0
      group by f.track_id
      order by f.track_id
      on conflict (track_id) do update set
        quantity = earnings_track_totals.quantity + excluded.quantity,
        net = earnings_track_totals.net + excluded.net
    )
    select count(*)::int as folded, array_agg(distinct f.release_id) filter (where f.drop_empty) as releases
    from folded f`)
  const releases = (rows[0]?.releases ?? []).map(Number)
  if (releases.length) {
    // After the upserts (a later statement sees them): a rollback's releases lose their empty rows.
    const inReleases = sql`release_id = any(${bigintArray(releases)})`
    await tx.execute(sql`delete from earnings_track_monthly where tenant_id = ${tenantId} and ${inReleases} and quantity = 0 and net = 0`)
    await tx.execute(sql`delete from earnings_track_totals where tenant_id = ${tenantId} and ${inReleases} and quantity = 0 and net = 0`)
  }
  return { rows: Number(rows[0]?.folded ?? 0), ms: Math.round(performance.now() - started) }
}

/**
 * What every reader of earnings_track_monthly or earnings_track_totals calls first: when anything
 * is pending for the workspace (an index probe), folds it in a transaction of its own (a savepoint
 * when `q` is a transaction), so the reader sees every committed import. Returns the fold, or null.
 */
export async function foldPendingTracks(q: Queryable, tenantId: number): Promise<FoldResult | null> {
  const { rows } = await q.execute<{ pending: boolean }>(
    sql`select exists (select 1 from earnings_track_pending where tenant_id = ${tenantId}) as pending`,
  )
  if (!rows[0]?.pending) return null
  return (q as Db).transaction((tx) => foldTrackPending(tx, tenantId))
}

/** Rows of a reader's generator, after the workspace's pending track deltas are folded. */
export async function* afterFold<Row>(q: Queryable, tenantId: number, rows: () => AsyncGenerator<Row>): AsyncGenerator<Row> {
  await foldPendingTracks(q, tenantId)
  yield* rows()
}

export function registerTrackFoldJob(runner: JobRunner, services: Services): void {
  runner.register(TRACK_FOLD_JOB, async ({ payload }) => {
    const { tenantId } = foldPayload.parse(payload)
    return services.db.transaction((tx) => foldTrackPending(tx, tenantId))
  })
}
