import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Services } from '@server/context'
import type { Tx } from '@server/db/engine'
import { releases, tracks } from './schema'

// Codes on releases and tracks (docs/catalogue-ops.md "Code pools"): taken from the workspace's pools
// when a release is submitted, or given from a CSV by catalogue operations.

/**
 * Gives a submitted release without a UPC, and its tracks without an ISRC, the next free codes of
 * the pools, inside the submitting transaction. A pool that is empty leaves the code blank (the
 * release still goes to review; the importer's low-pool warning is the operator's cue).
 */
export async function fillCodesAtSubmission(tx: Tx, services: Pick<Services, 'codes' | 'now'>, tenantId: number, releaseId: number) {
  const given: { upc?: string; isrc?: Record<number, string> } = {}
  const [release] = await tx
    .select({ upc: releases.upc })
    .from(releases)
    .where(and(eq(releases.id, releaseId), eq(releases.tenantId, tenantId)))
  if (release && !release.upc) {
    const [upc] = await services.codes.take(tx, tenantId, 'upc', [{ entity: 'release', id: releaseId }])
    if (upc) {
      await tx.update(releases).set({ upc, updatedAt: services.now() }).where(eq(releases.id, releaseId))
      given.upc = upc
    }
  }
  const uncoded = await tx
    .select({ id: tracks.id })
    .from(tracks)
    .where(and(eq(tracks.releaseId, releaseId), eq(tracks.tenantId, tenantId), isNull(tracks.isrc)))
    .orderBy(asc(tracks.position), asc(tracks.id))
  if (uncoded.length) {
    const isrcs = await services.codes.take(
      tx,
      tenantId,
      'isrc',
      uncoded.map((track) => ({ entity: 'track' as const, id: track.id })),
    )
    for (const [index, isrc] of isrcs.entries()) {
      if (!isrc) break
      await tx.update(tracks).set({ isrc, updatedAt: services.now() }).where(eq(tracks.id, uncoded[index].id))
      given.isrc = { ...given.isrc, [uncoded[index].id]: isrc }
    }
  }
  return given
}

/**
 * Sets the given codes on releases (UPC) or tracks (ISRC) that have none, in the caller's transaction;
 * answers the ids it set. One that gained a code meanwhile is left as it is and not in the answer.
 */
export async function giveCodes(tx: Tx, tenantId: number, kind: 'upc' | 'isrc', rows: readonly { id: number; code: string }[], now: Date) {
  const set: number[] = []
  for (const row of rows) {
    const updated =
      kind === 'upc'
        ? await tx
            .update(releases)
            .set({ upc: row.code, updatedAt: now })
            .where(and(eq(releases.id, row.id), eq(releases.tenantId, tenantId), isNull(releases.upc)))
            .returning({ id: releases.id })
        : await tx
            .update(tracks)
            .set({ isrc: row.code, updatedAt: now })
            .where(and(eq(tracks.id, row.id), eq(tracks.tenantId, tenantId), isNull(tracks.isrc)))
            .returning({ id: tracks.id })
    if (updated.length) set.push(row.id)
  }
  return set
}
