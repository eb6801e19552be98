import { sql, type SQL } from 'drizzle-orm'
import { REVIEW_KINDS, requestPath, type ReviewKind } from '@core/feature-requests'
import { RELEASE_STATUS } from '@core/release-status'
import { displayName } from '@core/names'
import type { Queryable } from '@server/db/engine'
import { countCapped } from '@server/db/paging'

// The dashboard's feature-control lists (issue 22 item 8, spec section 3 "Dashboard"): for the
// whitelist (greenlist) and the blocklist, the requests waiting for staff, and their takedown
// variant: pending or approved requests whose release is pending takedown (status 8), which staff
// revoke or lift as the release goes. Each with its total.

export interface DashboardRequestItem {
  id: number
  title: string
  status: string
  requester: string
  created: string
  path: string
}
export interface DashboardRequestList {
  items: DashboardRequestItem[]
  total: number
}

async function list(db: Queryable, kind: ReviewKind, from: SQL, size: number): Promise<DashboardRequestList> {
  const result = await db.execute<{ id: number; title: string; status: string; created_at: Date | string; first_name: string | null; last_name: string | null; email: string }>(sql`
    select r.id, r.title, r.status, r.created_at, a.first_name, a.last_name, a.email
    from (select r.id, r.title, r.status, r.created_at, r.requester_account_id ${from} order by r.created_at desc, r.id desc limit ${size}) r
    join accounts a on a.id = r.requester_account_id
    order by r.created_at desc, r.id desc`)
  const { total } = await countCapped(db, from)
  return {
    items: result.rows.map((row) => ({
      id: Number(row.id),
      title: row.title,
      status: row.status,
      requester: displayName({ firstName: row.first_name, lastName: row.last_name, email: row.email }),
      created: new Date(row.created_at).toISOString(),
      path: requestPath(REVIEW_KINDS[kind], Number(row.id)),
    })),
    total,
  }
}

/** Pending requests of a kind (feature_requests_kind_status_created_idx), newest first. */
const pending = (tenantId: number, kind: ReviewKind) =>
  sql`from feature_requests r where r.tenant_id = ${tenantId} and r.kind = ${kind} and r.status = 'pending'`

/** Pending or approved requests of a kind on releases pending takedown (the few such releases first, releases_status index). */
const takedown = (tenantId: number, kind: ReviewKind) =>
  sql`from feature_requests r where r.tenant_id = ${tenantId} and r.kind = ${kind} and r.status in ('pending', 'approved')
    and r.release_id in (select x.id from releases x where x.tenant_id = ${tenantId} and x.status = ${RELEASE_STATUS.takedownPending})`

/** The dashboard's whitelist and blocklist lists and their takedown variants, `size` items each with its total. */
export async function dashboardRequestLists(db: Queryable, tenantId: number, size: number) {
  // One at a time: PGlite runs queries one after another anyway, and the pool stays free on PostgreSQL.
  const whitelist = await list(db, 'greenlist', pending(tenantId, 'greenlist'), size)
  const whitelistTakedown = await list(db, 'greenlist', takedown(tenantId, 'greenlist'), size)
  const blocklist = await list(db, 'blocklist', pending(tenantId, 'blocklist'), size)
  const blocklistTakedown = await list(db, 'blocklist', takedown(tenantId, 'blocklist'), size)
  return { whitelist, whitelistTakedown, blocklist, blocklistTakedown }
}
