import { and, count, eq, sql, type SQL } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'
import { accounts } from '@server/db/schema/platform'
import { releases, tracks } from '@domains/catalogue/server/schema'
import { feedback } from './schema'

export type NewFeedback = typeof feedback.$inferInsert

export async function insertFeedback(db: Queryable, row: NewFeedback) {
  const [saved] = await db.insert(feedback).values(row).returning()
  return saved
}

/** The newest releases of the workspace (of one status when given), and how many there are. */
export async function newestReleases(db: Queryable, tenantId: number, limit: number, status?: number) {
  const where = and(eq(releases.tenantId, tenantId), status === undefined ? undefined : eq(releases.status, status))
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: releases.id,
        title: releases.title,
        artist: releases.artistText,
        coverUrl: releases.coverUrl,
        status: releases.status,
        releaseDate: releases.releaseDate,
        createdAt: releases.createdAt,
      })
      .from(releases)
      .where(where)
      // releases_tenant_created_idx and releases_tenant_status_created_idx are (…, created_at DESC NULLS LAST, id DESC NULLS LAST).
      .orderBy(sql`${releases.createdAt} desc nulls last`, sql`${releases.id} desc nulls last`)
      .limit(limit),
    db.select({ total: count() }).from(releases).where(where),
  ])
  return { rows, total: Number(counted?.total ?? 0) }
}

export interface MonthCount {
  month: string
  count: number
}

/**
 * Rows created per month of a workspace from `from` to `to` ('YYYY-MM', both included, UTC), every
 * month present: generate_series supplies the months and the counts join onto them.
 */
async function monthlyCounts(db: Queryable, table: SQL, tenantId: number, from: string, to: string): Promise<MonthCount[]> {
  const start = `${from}-01`
  const last = `${to}-01`
  const result = await db.execute(sql`
    select to_char(m.month, 'YYYY-MM') as month, coalesce(c.count, 0)::int as count
    from generate_series(${start}::timestamp, ${last}::timestamp, interval '1 month') as m(month)
    left join (
      select date_trunc('month', created_at at time zone 'UTC') as month, count(*) as count
      from ${table}
      where tenant_id = ${tenantId}
        and created_at >= (${start}::timestamp at time zone 'UTC')
        and created_at < ((${last}::timestamp + interval '1 month') at time zone 'UTC')
      group by 1
    ) as c on c.month = m.month
    order by m.month`)
  return (result.rows as { month: string; count: number | string }[]).map((row) => ({ month: row.month, count: Number(row.count) }))
}

export const monthlyReleases = (db: Queryable, tenantId: number, from: string, to: string) =>
  monthlyCounts(db, sql`${releases}`, tenantId, from, to)
export const monthlyTracks = (db: Queryable, tenantId: number, from: string, to: string) =>
  monthlyCounts(db, sql`${tracks}`, tenantId, from, to)
export const monthlyAccounts = (db: Queryable, tenantId: number, from: string, to: string) =>
  monthlyCounts(db, sql`${accounts}`, tenantId, from, to)
