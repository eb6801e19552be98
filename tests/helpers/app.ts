import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { loadConfig, type Config } from '../../src/server/config'
import { openDatabase, type Database } from '../../src/server/db/engine'
import { buildApp, type AppOptions } from '../../src/server/app'
import type { Services } from '../../src/server/context'

export interface TestApp {
  app: FastifyInstance
  services: Services
  database: Database
  config: Config
  /** The test database's address on PostgreSQL (other processes can open it); undefined on PGlite. */
  databaseUrl?: string
  close(): Promise<void>
}

export interface TestAppOptions extends Partial<Omit<AppOptions, 'config' | 'database'>> {
  env?: Record<string, string>
}

/** A fresh database for this test file: a copy of the migrated snapshot (PGlite) or template (PostgreSQL). */
export async function openTestDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL
  if (url) {
    const name = `wl_admin_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create database ${name} template ${inject('templateDatabase')}`)
    await admin.end()
    const testUrl = new URL(url)
    testUrl.pathname = `/${name}`
    const database = await openDatabase({ url: testUrl.toString(), poolSize: 5, connectionWaitMs: 15_000 })
    return {
      database,
      url: testUrl.toString(),
      async drop() {
        const client = new pg.Client({ connectionString: url })
        await client.connect()
        await client.query(`drop database if exists ${name} with (force)`)
        await client.end()
      },
    }
  }
  // A connection wait turns a deadlock (outer handle inside a transaction) into a failing test.
  const database = await openDatabase({ dataDir: null, snapshot: inject('snapshot'), connectionWaitMs: 15_000 })
  return { database, drop: async () => undefined }
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wl-admin-test-'))
  const config = loadConfig({ DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'silent', NODE_ENV: 'test', ...options.env })
  const { database, url, drop } = await openTestDatabase()
  const app = await buildApp({
    config,
    database,
    clientDir: null,
    logger: false,
    runner: { pollMs: 50, backoffMs: 50, ...options.runner },
    // The contract test is what fails for a missing handler; the other suites test what exists.
    strict: false,
    ...options,
  })
  await app.ready()
  await app.services.jobs.start()
  return {
    app,
    services: app.services,
    database,
    config,
    databaseUrl: url,
    async close() {
      await app.close()
      await database.close()
      await drop()
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 })
    },
  }
}
