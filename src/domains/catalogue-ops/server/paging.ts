import { sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Queryable } from '@server/db/engine'
import { countCapped } from '@server/db/paging'

/**
 * A catalogue-ops list's total as every list of the platform gives it: counted up to COUNT_CAP, then
 * the planner's estimate (src/server/db/paging.ts), so a history of millions of rows pages as fast.
 */
export function cappedTotal(db: Queryable, table: PgTable, where: SQL | undefined): Promise<{ total: number; estimate: boolean }> {
  return countCapped(db, where ? sql`from ${table} where ${where}` : sql`from ${table}`)
}
