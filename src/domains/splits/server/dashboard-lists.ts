import { sql, type SQL } from 'drizzle-orm'
import { RELEASE_STATUS } from '@core/release-status'
import { displayName } from '@core/names'
import type { Queryable } from '@server/db/engine'
import { countCapped } from '@server/db/paging'

// The dashboard's split portal lists (spec section 3 "Dashboard", issue 22 item 8; documented in
// docs/feature-controls.md, "Dashboard lists"). A split portal item is a royalty split still
// waiting in the payees' portal: pending, its payees not all accepted yet. Its takedown variant:
// open splits (pending or active) of tracks whose release is pending takedown, which staff end as
// the release goes. Each item opens the staff's single split.

export interface DashboardSplitItem {
  id: number
  title: string
  status: string
  requester: string
  created: string
  path: string
}

async function list(db: Queryable, from: SQL, size: number): Promise<{ items: DashboardSplitItem[]; total: number }> {
  const result = await db.execute<{ id: number; title: string; status: string; created_at: Date | string; first_name: string | null; last_name: string | null; email: string }>(sql`
    select s.id, t.title, s.status, s.created_at, a.first_name, a.last_name, a.email
    from (select s.id, s.track_id, s.owner_account_id, s.status, s.created_at ${from} order by s.created_at desc, s.id desc limit ${size}) s
    join tracks t on t.id = s.track_id
    join accounts a on a.id = s.owner_account_id
    order by s.created_at desc, s.id desc`)
  const { total } = await countCapped(db, from)
  return {
    items: result.rows.map((row) => ({
      id: Number(row.id),
      title: row.title,
      status: row.status,
      requester: displayName({ firstName: row.first_name, lastName: row.last_name, email: row.email }),
      created: new Date(row.created_at).toISOString(),
      path: `/royalty-shares/single/${Number(row.id)}`,
    })),
    total,
  }
}

/** The dashboard's split portal list (pending splits, splits_tenant_status_created_idx) and its takedown variant, `size` items each with its total. */
export async function dashboardSplitLists(db: Queryable, tenantId: number, size: number) {
  const pending = sql`from splits s where s.tenant_id = ${tenantId} and s.status = 'pending'`
  // The releases pending takedown are few: their tracks first (releases_tenant_status_created_idx, tracks_release_idx), then their splits (splits_track_idx).
  const takedown = sql`from splits s where s.tenant_id = ${tenantId} and s.status in ('pending', 'active')
    and s.track_id in (select t.id from tracks t join releases x on x.id = t.release_id
      where x.tenant_id = ${tenantId} and x.status = ${RELEASE_STATUS.takedownPending})`
  const splits = await list(db, pending, size)
  const splitsTakedown = await list(db, takedown, size)
  return { splits, splitsTakedown }
}
