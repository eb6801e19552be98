import type { Queryable } from '@server/db/engine'
import { helpMessages, helpThreads } from './schema'

export async function insertThread(db: Queryable, row: typeof helpThreads.$inferInsert) {
  const [thread] = await db.insert(helpThreads).values(row).returning()
  return thread
}

export async function insertMessage(db: Queryable, row: typeof helpMessages.$inferInsert) {
  const [message] = await db.insert(helpMessages).values(row).returning()
  return message
}
