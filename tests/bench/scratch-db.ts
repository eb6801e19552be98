import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openDatabase, type Database } from '../../src/server/db/engine'

/**
 * A bench's own database: on PostgreSQL (DATABASE_URL) a database named by `BENCH_DB` (else
 * `defaultName`), made anew unless `reuse` asks to keep one that exists; otherwise PGlite in a
 * temporary directory. Benches that need no shared dataset (fan blast, analytics, discovery) run here.
 */
export async function openBenchDatabase(options: {
  defaultName: string
  log(message: string): void
  reuse?: boolean
  /** PGlite in its worker thread (as the server runs it) or in the bench's own thread. */
  pgliteMode?: 'worker' | 'inline'
}): Promise<Database> {
  const { defaultName, log, reuse = false, pgliteMode = 'inline' } = options
  const url = process.env.DATABASE_URL
  if (!url) {
    log(`PGlite (${pgliteMode}) in a temporary directory`)
    return openDatabase({ dataDir: mkdtempSync(path.join(os.tmpdir(), `${defaultName.replace(/_/g, '-')}-`)), pgliteMode })
  }
  const name = (process.env.BENCH_DB ?? defaultName).replace(/[^a-z0-9_]/g, '')
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount
  if (!reuse || !exists) {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.query(`create database ${name}`)
  }
  await admin.end()
  const benchUrl = new URL(url)
  benchUrl.pathname = `/${name}`
  log(`PostgreSQL database ${name}`)
  return openDatabase({ url: benchUrl.toString() })
}
