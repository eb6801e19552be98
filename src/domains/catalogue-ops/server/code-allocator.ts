import { sql } from 'drizzle-orm'
import type { CodeKind } from '@contract/catalogue-ops'
import type { Tx } from '@server/db/engine'
import { poolCodes } from './schema'

/** What gets a code: a release (UPC) or a track (ISRC). */
export interface CodeTarget {
  entity: 'release' | 'track'
  id: number
}

/**
 * Hands out the workspace's free codes. Built once per app (src/server/app.ts) and reached through
 * `ctx.services.codes`, so the catalogue can take codes while it submits a release without importing
 * this domain (which reads the catalogue).
 */
export interface CodeAllocator {
  /**
   * The next free code of the pool for each target, in order, taken inside the caller's transaction:
   * the row is locked with `for update skip locked`, so two transactions submitting at once never
   * take the same code, and a rolled-back submission gives its codes back. null once the pool is empty.
   */
  take(tx: Tx, tenantId: number, kind: CodeKind, targets: readonly CodeTarget[]): Promise<(string | null)[]>
}

export function createCodeAllocator(): CodeAllocator {
  return {
    async take(tx, tenantId, kind, targets) {
      const taken: (string | null)[] = []
      for (const target of targets) {
        const { rows } = await tx.execute<{ code: string }>(sql`
          update ${poolCodes}
             set assigned_entity = ${target.entity}, assigned_id = ${target.id}, assigned_at = now()
           where id = (
                   select id from ${poolCodes}
                    where tenant_id = ${tenantId} and kind = ${kind} and assigned_at is null
                    order by id
                    limit 1
                    for update skip locked)
             and tenant_id = ${tenantId}
          returning code`)
        taken.push(rows[0]?.code ?? null)
        // An empty pool stays empty for the rest of this submission.
        if (!rows[0]) return [...taken, ...targets.slice(taken.length).map(() => null)]
      }
      return taken
    },
  }
}
