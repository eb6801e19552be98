import { and, eq, inArray } from 'drizzle-orm'
import { RELEASE_STATUS } from '@core/release-status'
import type { Tx } from '@server/db/engine'
import { releases } from './schema'

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
