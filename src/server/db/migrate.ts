import { fileURLToPath } from 'node:url'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import { drizzle } from 'drizzle-orm/node-postgres'
import type { Database } from './engine'

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** Applies pending migrations; on PostgreSQL an advisory lock keeps concurrent starts in line. */
export async function migrateDatabase(database: Database): Promise<void> {
  const client = await database.pool.connect()
  try {
    if (database.kind === 'postgres') await client.query('select pg_advisory_lock(724911)')
    await migrate(drizzle(client), { migrationsFolder })
  } finally {
    if (database.kind === 'postgres') await client.query('select pg_advisory_unlock(724911)').catch(() => undefined)
    client.release()
  }
}
