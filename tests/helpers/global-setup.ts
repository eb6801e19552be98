import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../src/server/db/engine'
import { migrateDatabase } from '../../src/server/db/migrate'

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a migrated data directory dump each test file starts from. */
    snapshot: string
    /** PostgreSQL: a migrated template database each test file copies. */
    templateDatabase: string
  }
}

/**
 * The migrated template's name: one per run (the process id), so two runs on one PostgreSQL server (two
 * checkouts, or CI beside an engineer's run) never drop the template the other's test files are copying.
 * Dropped when the run ends.
 */
export const TEMPLATE_DATABASE = `wl_admin_test_template_${process.pid}`

/** Migrate once; every API test file then starts from a copy instead of migrating again. */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL
  if (url) {
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`)
    await admin.query(`create database ${TEMPLATE_DATABASE}`)
    await admin.end()
    const templateUrl = new URL(url)
    templateUrl.pathname = `/${TEMPLATE_DATABASE}`
    const database = await openDatabase({ url: templateUrl.toString() })
    await migrateDatabase(database)
    await database.close()
    project.provide('templateDatabase', TEMPLATE_DATABASE)
    project.provide('snapshot', '')
    return async () => {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      await client.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`)
      await client.end()
    }
  }
  const database = await openDatabase({ dataDir: null })
  await migrateDatabase(database)
  const dump = await database.dump()
  await database.close()
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wl-admin-snapshot-'))
  const file = path.join(dir, 'migrated.tgz')
  writeFileSync(file, dump)
  project.provide('snapshot', file)
  project.provide('templateDatabase', '')
  // Vitest runs what setup returns once every test file is done.
  return () => rmSync(dir, { recursive: true, force: true })
}
