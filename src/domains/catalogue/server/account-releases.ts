import { and, count, eq, sql } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'
import { displayStatus } from '@core/release-status'
import { releases } from './schema'

/** One page of an account's releases, newest first, with the status lists show (10 when scheduled). */
export async function listAccountReleases(db: Queryable, tenantId: number, accountId: number, page: number, perPage: number) {
  const where = and(eq(releases.tenantId, tenantId), eq(releases.accountId, accountId))
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: releases.id,
        title: releases.title,
        status: releases.status,
        artwork: releases.coverUrl,
        releaseDate: releases.releaseDate,
        upc: releases.upc,
      })
      .from(releases)
      .where(where)
      // releases_account_idx is (account_id, created_at DESC NULLS LAST).
      .orderBy(sql`${releases.createdAt} desc nulls last`, sql`${releases.id} desc`)
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(releases).where(where),
  ])
  const now = new Date()
  return {
    rows: rows.map((row) => ({ ...row, status: displayStatus(row.status, row.releaseDate, now) })),
    total: Number(counted?.total ?? 0),
  }
}
