import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { RELEASE_STATUS } from '@core/release-status'
import { typeForTracks } from '@core/release-type'
import type { Tx } from '@server/db/engine'
import { releases, tracks } from './schema'

/**
 * Moves the accepted releases among these to 4 Exported (the only status the transition table lets
 * reach it), in the caller's transaction; others keep their status (a live release exported again
 * stays live). Answers the ids moved.
 */
export async function markExported(tx: Tx, tenantId: number, releaseIds: readonly number[], now: Date): Promise<number[]> {
  const moved: number[] = []
  for (let index = 0; index < releaseIds.length; index += 5000) {
    const rows = await tx
      .update(releases)
      .set({ status: RELEASE_STATUS.exported, updatedAt: now })
      .where(
        and(
          eq(releases.tenantId, tenantId),
          eq(releases.status, RELEASE_STATUS.accepted),
          inArray(releases.id, releaseIds.slice(index, index + 5000) as number[]),
        ),
      )
      .returning({ id: releases.id })
    moved.push(...rows.map((row) => row.id))
  }
  return moved
}

export type TypeConversion =
  { ok: true; before: string; after: string; because: string } | { ok: false; before: string | null; reason: string }

/**
 * The stores' type rule applied to one release in the caller's transaction (the bulk form of
 * `releases/convert/{id}`): its type set from its tracks, or why it keeps the one it has.
 */
export async function convertReleaseType(tx: Tx, tenantId: number, releaseId: number, now: Date): Promise<TypeConversion> {
  const [release] = await tx
    .select({ type: releases.type })
    .from(releases)
    .where(and(eq(releases.id, releaseId), eq(releases.tenantId, tenantId)))
    .for('update')
  if (!release) return { ok: false, before: null, reason: 'There is no such release.' }
  if (release.type === 'Compilation') return { ok: false, before: release.type, reason: 'A compilation keeps its type.' }
  const rows = await tx
    .select({ duration: tracks.duration })
    .from(tracks)
    .where(eq(tracks.releaseId, releaseId))
    .orderBy(asc(tracks.position), asc(tracks.id))
  const verdict = typeForTracks(rows.map((row) => row.duration))
  if (!verdict.ok) return { ok: false, before: release.type, reason: verdict.reason }
  if (verdict.type === release.type)
    return {
      ok: false,
      before: release.type,
      reason: `Already ${verdict.type === 'Single' ? 'a' : 'an'} ${verdict.type}: ${verdict.because}.`,
    }
  await tx.update(releases).set({ type: verdict.type, updatedAt: now }).where(eq(releases.id, releaseId))
  return { ok: true, before: release.type, after: verdict.type, because: verdict.because }
}

/** A release delivered to a target: its per-target delivery and completed flags set, in the caller's transaction. */
export async function markDelivered(tx: Tx, tenantId: number, releaseId: number, target: string, now: Date) {
  await tx
    .update(releases)
    .set({
      delivery: sql`jsonb_set(${releases.delivery}, ${`{${target}}`}::text[], '{"delivered": true, "completed": true}'::jsonb, true)`,
      updatedAt: now,
    })
    .where(and(eq(releases.id, releaseId), eq(releases.tenantId, tenantId)))
}
