import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'
import { releases, tracks } from './schema'

// Releases and tracks by id, for domains that act on a staff member's choice of them (discovery).

/** The chosen releases of this workspace (others are left out). */
export function releasesByIds(q: Queryable, tenantId: number, ids: number[]) {
  return q
    .select({ id: releases.id, title: releases.title, status: releases.status, accountId: releases.accountId })
    .from(releases)
    .where(and(eq(releases.tenantId, tenantId), inArray(releases.id, ids)))
}

/** The chosen tracks of this workspace, each with its release (others are left out). */
export function tracksByIds(q: Queryable, tenantId: number, ids: number[]) {
  return q
    .select({ id: tracks.id, releaseId: tracks.releaseId, title: tracks.title })
    .from(tracks)
    .where(and(eq(tracks.tenantId, tenantId), inArray(tracks.id, ids)))
}

/** Purposes of the files the catalogue stores for a release's artwork. */
export const RELEASE_IMAGE_PURPOSES: readonly string[] = ['release-cover', 'release-asset']

/**
 * Who may see a release image (a cover rendition or a generated post/story): anyone the file is
 * shown to when some release using it is past the draft stage; while every release using it is a
 * draft (or none does yet), only the owners of those releases (staff decide for themselves).
 */
export async function releaseImageAudience(q: Queryable, tenantId: number, fileId: number): Promise<{ released: boolean; owners: number[] }> {
  const { rows } = await q.execute<{ status: number; account_id: number }>(releaseImageAudienceQuery(tenantId, fileId))
  return { released: rows.some((row) => Number(row.status) !== 0), owners: rows.map((row) => Number(row.account_id)) }
}

/** The releases showing a file: each branch on its own index (releases_cover_files_idx, release_assets_file_idx). */
export function releaseImageAudienceQuery(tenantId: number, fileId: number) {
  const url = `/api/files/${fileId}`
  return sql`
    select r.status, r.account_id from releases r
    where r.tenant_id = ${tenantId}
      and array[r.cover_url, r.cover_medium_url, r.cover_large_url] @> array[${url}]::text[]
    union all
    select r.status, r.account_id from release_assets a join releases r on r.id = a.release_id
    where a.tenant_id = ${tenantId} and a.file_id = ${fileId}`
}
