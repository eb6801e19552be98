import { and, eq, inArray } from 'drizzle-orm'
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
