import { and, eq, inArray, sql } from 'drizzle-orm'
import { bigintArray } from '@server/db/arrays'
import type { Queryable } from '@server/db/engine'
import { releases, tracks } from './schema'

// The catalogue's read API for the royalties ledger: owners and titles of releases and tracks.
// Other domains ask here; they do not read the catalogue's tables.

/** The owner account of each of `releaseIds` (those of this workspace; others are left out). */
export async function releaseOwners(q: Queryable, tenantId: number, releaseIds: number[]): Promise<Map<number, number>> {
  const owners = new Map<number, number>()
  if (releaseIds.length === 0) return owners
  const { rows } = await q.execute<{ id: number; account_id: number }>(
    sql`select id, account_id from releases where tenant_id = ${tenantId} and id = any(${bigintArray(releaseIds)})`,
  )
  for (const row of rows) owners.set(Number(row.id), Number(row.account_id))
  return owners
}

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
