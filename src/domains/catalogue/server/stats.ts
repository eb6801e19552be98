import { and, count, eq, sql } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'
import { monthlyCounts } from '@server/db/monthly'
import { releases, tracks } from './schema'

// The catalogue's read API for other domains (the dashboard): they ask here, they do not read its tables.

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

export const monthlyReleases = (db: Queryable, tenantId: number, from: string, to: string) =>
  monthlyCounts(db, sql`${releases}`, tenantId, from, to)
export const monthlyTracks = (db: Queryable, tenantId: number, from: string, to: string) =>
  monthlyCounts(db, sql`${tracks}`, tenantId, from, to)
