import { and, eq, inArray } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'
import { releases, tracks } from './schema'

// The catalogue's read API for the royalties ledger: titles of releases and tracks, match targets.
// Other domains ask here; they do not read the catalogue's tables.

export interface MatchTarget {
  trackId: number | null
  releaseId: number
  title: string
  accountId: number
}

/** A track of this workspace as a statement match target (with its release), or null. */
export async function trackTarget(q: Queryable, tenantId: number, trackId: number): Promise<MatchTarget | null> {
  const [row] = await q
    .select({ trackId: tracks.id, releaseId: tracks.releaseId, title: tracks.title, accountId: releases.accountId })
    .from(tracks)
    .innerJoin(releases, eq(releases.id, tracks.releaseId))
    .where(and(eq(tracks.tenantId, tenantId), eq(tracks.id, trackId)))
    .limit(1)
  return row ?? null
}

/** A release of this workspace as a statement match target, or null. */
export async function releaseTarget(q: Queryable, tenantId: number, releaseId: number): Promise<MatchTarget | null> {
  const [row] = await q
    .select({ releaseId: releases.id, title: releases.title, accountId: releases.accountId })
    .from(releases)
    .where(and(eq(releases.tenantId, tenantId), eq(releases.id, releaseId)))
    .limit(1)
  return row ? { ...row, trackId: null } : null
}

/** Titles of tracks and releases (for explaining ledger entries). */
export async function catalogueTitles(q: Queryable, tenantId: number, trackIds: number[], releaseIds: number[]) {
  const trackTitles = new Map<number, string>()
  const releaseTitles = new Map<number, string>()
  if (trackIds.length > 0) {
    const rows = await q
      .select({ id: tracks.id, title: tracks.title })
      .from(tracks)
      .where(and(eq(tracks.tenantId, tenantId), inArray(tracks.id, trackIds)))
    for (const row of rows) trackTitles.set(row.id, row.title)
  }
  if (releaseIds.length > 0) {
    const rows = await q
      .select({ id: releases.id, title: releases.title })
      .from(releases)
      .where(and(eq(releases.tenantId, tenantId), inArray(releases.id, releaseIds)))
    for (const row of rows) releaseTitles.set(row.id, row.title)
  }
  return { trackTitles, releaseTitles }
}
