import { sql } from 'drizzle-orm'
import type { Seeder } from '@server/seed/seeder'
import { REPORT_SOURCES } from './sources'
import { createReport, type ReportRequest } from './service'
import { runReport } from './job'

/**
 * Demo reports built by THE REAL JOB: each is requested like a user would, then runReport streams
 * its rows from the seeded earnings (and payouts) into a stored CSV. Only kinds with a source here
 * are asked for, so every demo report is ready.
 */
export const reportsSeeder: Seeder = {
  name: 'reports',
  async run({ services, tenant, log }) {
    const { db } = services
    const admin = await db.execute<{ id: number }>(sql`
      select id from accounts where tenant_id = ${tenant.id} and type = 'admin' order by id limit 1`)
    if (!admin.rows[0]) return
    const adminId = Number(admin.rows[0].id)
    // The artists with the most earnings, and one of their releases.
    const earners = await db.execute<{ account_id: number; release_id: number | null }>(sql`
      select e.account_id, (select id from releases r where r.account_id = e.account_id and r.tenant_id = ${tenant.id} order by id limit 1) as release_id
      from earnings_account_monthly e join accounts a on a.id = e.account_id
      where e.tenant_id = ${tenant.id} and a.type <> 'admin'
      group by e.account_id order by sum(e.amount) desc, e.account_id limit 2`)
    const [first, second] = earners.rows
    const requests: { by: number; request: Omit<ReportRequest, 'tenantId'> }[] = [
      { by: adminId, request: { scope: 'site', kind: 'monthly-sales', accountId: null } },
      { by: adminId, request: { scope: 'site', kind: 'monthly-sales', accountId: null, from: '2025-01', to: '2025-12' } },
      { by: adminId, request: { scope: 'site', kind: 'raw-data', accountId: null, from: '2026-07', to: '2026-09' } },
      { by: adminId, request: { scope: 'site', kind: 'sales/store', accountId: null, from: '2026-01', to: '2026-09' } },
      { by: adminId, request: { scope: 'site', kind: 'sales/country', accountId: null } },
      { by: adminId, request: { scope: 'site', kind: 'catalog-overview', accountId: null } },
      { by: adminId, request: { scope: 'site', kind: 'payout-history', accountId: null } },
    ]
    if (first) {
      const artist = Number(first.account_id)
      requests.push(
        { by: artist, request: { scope: 'user', kind: 'monthly-sales', accountId: artist, from: '2025-10', to: '2026-09' } },
        { by: adminId, request: { scope: 'user', kind: 'raw-data', accountId: artist, from: '2026-09', to: '2026-09' } },
        { by: adminId, request: { scope: 'admin', kind: 'artist-earning', accountId: artist, params: { userId: artist } } },
      )
      if (first.release_id !== null)
        requests.push({
          by: adminId,
          request: { scope: 'admin', kind: 'release-earning', accountId: artist, params: { releaseId: Number(first.release_id) } },
        })
    }
    if (second) {
      const artist = Number(second.account_id)
      requests.push({ by: artist, request: { scope: 'user', kind: 'monthly-sales', accountId: artist } })
    }
    // The workspace's first artist (the demo sign-in) finds a report of its own too.
    const firstArtist = await db.execute<{ id: number }>(sql`
      select id from accounts where tenant_id = ${tenant.id} and type = 'artist' order by id limit 1`)
    const own = firstArtist.rows[0] ? Number(firstArtist.rows[0].id) : null
    if (own !== null && own !== Number(first?.account_id) && own !== Number(second?.account_id))
      requests.push({ by: own, request: { scope: 'user', kind: 'monthly-sales', accountId: own, from: '2025-10', to: '2026-09' } })
    let built = 0
    for (const { by, request } of requests) {
      if (!REPORT_SOURCES[request.kind]) continue
      const actor = { tenantId: tenant.id, actorAccountId: by, ip: null, requestId: 'seed' }
      const id = await db.transaction((tx) => createReport(services, tx, actor, { ...request, tenantId: tenant.id }, false))
      await runReport(services, id)
      built += 1
    }
    log(`${built} reports generated`)
  },
}
