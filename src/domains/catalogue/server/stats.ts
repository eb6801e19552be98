import { and, count, eq, inArray, sql } from 'drizzle-orm'
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

/** Titles, artists and artwork of releases of the workspace, by id (the earnings lists name them). */
export async function releaseCards(db: Queryable, tenantId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { id: number; title: string; artist: string; artwork: string | null; ownerId: number }>()
  const rows = await db
    .select({
      id: releases.id,
      title: releases.title,
      artist: releases.artistText,
      artwork: releases.coverUrl,
      ownerId: releases.accountId,
    })
    .from(releases)
    .where(and(eq(releases.tenantId, tenantId), inArray(releases.id, [...ids])))
  return new Map(rows.map((row) => [row.id, row]))
}

/** Titles and ISRCs of tracks of the workspace, by id, with their release's id. */
export async function trackCards(db: Queryable, tenantId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { id: number; title: string; isrc: string | null; releaseId: number }>()
  const rows = await db
    .select({ id: tracks.id, title: tracks.title, isrc: tracks.isrc, releaseId: tracks.releaseId })
    .from(tracks)
    .where(and(eq(tracks.tenantId, tenantId), inArray(tracks.id, [...ids])))
  return new Map(rows.map((row) => [row.id, row]))
}

/** The owner of a release of the workspace, or null when the workspace has no such release. */
export async function releaseOwner(db: Queryable, tenantId: number, releaseId: number): Promise<number | null> {
  const [row] = await db
    .select({ ownerId: releases.accountId })
    .from(releases)
    .where(and(eq(releases.tenantId, tenantId), eq(releases.id, releaseId)))
    .limit(1)
  return row ? row.ownerId : null
}

/** The ids of every release an account owns in the workspace. */
export async function accountReleaseIds(db: Queryable, tenantId: number, accountId: number): Promise<number[]> {
  const rows = await db
    .select({ id: releases.id })
    .from(releases)
    .where(and(eq(releases.tenantId, tenantId), eq(releases.accountId, accountId)))
  return rows.map((row) => row.id)
}
