import type { Queryable } from '@server/db/engine'
import { feedback } from './schema'

export type NewFeedback = typeof feedback.$inferInsert

export async function insertFeedback(db: Queryable, row: NewFeedback) {
  const [saved] = await db.insert(feedback).values(row).returning()
  return saved
}
