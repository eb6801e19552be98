import { sql } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'
import { monthlyCounts } from '@server/db/monthly'
import { accounts } from '@server/db/schema/platform'
import { feedback } from './schema'

export type NewFeedback = typeof feedback.$inferInsert

export async function insertFeedback(db: Queryable, row: NewFeedback) {
  const [saved] = await db.insert(feedback).values(row).returning()
  return saved
}

export const monthlyAccounts = (db: Queryable, tenantId: number, from: string, to: string) =>
  monthlyCounts(db, sql`${accounts}`, tenantId, from, to)
