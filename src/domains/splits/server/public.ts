// The splits domain's public module: the only file of src/domains/splits/server that another domain may
// import (eslint.config.js, boundaries/domain-imports). docs/architecture.md, "Boundaries".
import { sql } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'
import { bigintArray } from '@server/db/arrays'

export { payeesForTracks, writeApplyingPayees } from './allocation'
export { splitPayeeRows } from './report-rows'
export { accountSplitsPage } from './service'
export { dashboardSplitLists } from './dashboard-lists'

/** Relations of this domain that other domains may name in SQL (read only); none. */
export const readModels: readonly string[] = []

/**
 * Transfers (catalogue operations): the open (pending or active) splits of `trackIds` owned by
 * `fromAccountId` pass to `toAccountId` in the caller's transaction. Ended and declined splits stay
 * as they were, like the ledger entries made under them. Returns how many moved.
 */
export async function moveSplitOwner(
  tx: Queryable,
  tenantId: number,
  trackIds: number[],
  fromAccountId: number,
  toAccountId: number,
): Promise<number> {
  if (!trackIds.length) return 0
  const { rows } = await tx.execute(
    sql`update splits set owner_account_id = ${toAccountId}, updated_at = now() where tenant_id = ${tenantId} and track_id = any(${bigintArray(trackIds)}) and owner_account_id = ${fromAccountId} and status in ('pending', 'active') returning id`,
  )
  return rows.length
}

/** How many open splits of `trackIds` `ownerAccountId` owns: what a transfer would move (its preview). */
export async function countOpenSplitsOwned(q: Queryable, tenantId: number, trackIds: number[], ownerAccountId: number): Promise<number> {
  if (!trackIds.length) return 0
  const { rows } = await q.execute<{ n: number }>(
    sql`select count(*)::int as n from splits where tenant_id = ${tenantId} and track_id = any(${bigintArray(trackIds)}) and owner_account_id = ${ownerAccountId} and status in ('pending', 'active')`,
  )
  return Number(rows[0]?.n ?? 0)
}

/**
 * The status of a track's open split (pending or active; a track has at most one), or null when it
 * has none. Usage discovery refuses to action a match while it is pending (docs/discovery.md).
 */
export async function trackSplitStatus(q: Queryable, tenantId: number, trackId: number): Promise<string | null> {
  const { rows } = await q.execute<{ status: string }>(
    sql`select status from splits where tenant_id = ${tenantId} and track_id = ${trackId} and status in ('pending', 'active') order by id desc limit 1`,
  )
  return rows[0]?.status ?? null
}
