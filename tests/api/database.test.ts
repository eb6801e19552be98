import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs'
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { afterCommit, openDatabase } from '../../src/server/db/engine'
import { DataDirLockedError, STALE_AFTER_MS, acquireDataDirLock } from '../../src/server/db/lock'
import { tenants } from '../../src/server/db/schema'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('database engine', () => {
  it('reads int8 as numbers and numeric as exact strings on this engine', async () => {
    const result = await t.services.db.execute<{ big: number; money: string; count: number }>(
      sql`select 9007199254740991::int8 as big, 1234567.8901::numeric(20,4) as money, (select count(*) from tenants) as count`,
    )
    expect(result.rows[0]).toEqual({ big: 9007199254740991, money: '1234567.8901', count: 0 })
  })

  it('keeps int8 values a JS number cannot hold exact (as strings) instead of rounding them', async () => {
    const result = await t.services.db.execute<{ too_big: unknown }>(sql`select 9007199254740993::int8 as too_big`)
    expect(result.rows[0].too_big).toBe('9007199254740993')
  })

  it('fails loudly when the outer handle is used inside a transaction', async () => {
    await expect(
      t.services.db.transaction(async () => {
        await t.services.db.select().from(tenants)
      }),
    ).rejects.toSatisfy((error: Error & { cause?: Error }) =>
      /outer database handle was used inside a transaction/.test(`${error.message} ${error.cause?.message}`),
    )
  })

  it('rolls back everything a failed transaction did', async () => {
    await expect(
      t.services.db.transaction(async (tx) => {
        await tx.insert(tenants).values({ slug: 'halfway', name: 'Halfway' })
        throw new Error('step two failed')
      }),
    ).rejects.toThrow('step two failed')
    expect(await t.services.db.select().from(tenants)).toEqual([])
  })

  it('runs what waits for a commit once the transaction has committed, with its rows visible, and never after a rollback', async () => {
    const seen: string[] = []
    await t.services.db.transaction(async (tx) => {
      await tx.insert(tenants).values({ slug: 'after-commit', name: 'After commit' })
      afterCommit(() => {
        // Outside the transaction now: the outer handle may be used, and sees the committed row.
        void t.services.db
          .select({ slug: tenants.slug })
          .from(tenants)
          .then((rows) => seen.push(...rows.map((row) => row.slug)))
      })
      expect(seen).toEqual([])
    })
    await expect.poll(() => seen).toEqual(['after-commit'])
    const ran: string[] = []
    await expect(
      t.services.db.transaction(async () => {
        afterCommit(() => ran.push('rolled back'))
        throw new Error('no commit')
      }),
    ).rejects.toThrow('no commit')
    afterCommit(() => ran.push('outside'))
    expect(ran).toEqual(['outside'])
    await t.services.db.delete(tenants)
  })

  it('answers the next query after a statement failed or a connection was replaced, named statements included', async () => {
    const pool = t.services.database.pool
    await expect(pool.query({ name: 'engine-probe', text: 'select $1::int + 1 as n', values: [1] })).resolves.toMatchObject({
      rows: [{ n: 2 }],
    })
    await expect(pool.query('select * from no_such_table')).rejects.toThrow(/no_such_table/)
    await expect(t.services.db.execute(sql`select 2 as n`)).resolves.toMatchObject({ rows: [{ n: 2 }] })
    await expect(pool.query({ name: 'engine-probe', text: 'select $1::int + 1 as n', values: [41] })).resolves.toMatchObject({
      rows: [{ n: 42 }],
    })
    // A connection that broke is replaced; the new one prepares the same name afresh.
    const client = await pool.connect()
    client.release(new Error('connection lost'))
    await new Promise((resolve) => setTimeout(resolve, 100))
    await expect(pool.query({ name: 'engine-probe', text: 'select $1::int + 1 as n', values: [2] })).resolves.toMatchObject({
      rows: [{ n: 3 }],
    })
  })

  it('has pg_trgm for search', async () => {
    const result = await t.services.db.execute<{ score: number }>(sql`select similarity('Nina Vale', 'nina') > 0 as score`)
    expect(result.rows[0].score).toBe(true)
  })
})

describe('PGlite data directory', () => {
  it('refuses a second process (or opener) with a clear message instead of corrupting it', async () => {
    if (process.env.DATABASE_URL) return
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wl-lock-'))
    const first = await openDatabase({ dataDir, pgliteMode: 'inline' })
    const second = openDatabase({ dataDir, pgliteMode: 'inline' })
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError)
    await expect(second).rejects.toThrow(/is in use by process \d+ .*PGlite allows one process per data directory/)
    await first.close()
    const third = await openDatabase({ dataDir, pgliteMode: 'inline' })
    await third.close()
    // Two fresh PGlite databases created and migrated in this process: past the default 30 s on a loaded machine (CI, load 13).
  }, 120_000)

  it('takes over a lock left by a process killed with kill -9, and still refuses a living holder', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wl-crash-'))
    const lockModule = fileURLToPath(new URL('../../src/server/db/lock.ts', import.meta.url))
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { acquireDataDirLock } from ${JSON.stringify(lockModule)}
         await acquireDataDirLock(${JSON.stringify(dataDir)}); console.log('locked'); setInterval(() => {}, 1000)`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    await new Promise<void>((resolve, reject) => {
      holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve())
      holder.on('exit', (code) => reject(new Error(`holder exited with ${code}`)))
    })
    // While it lives, the directory is refused.
    await expect(acquireDataDirLock(dataDir)).rejects.toThrow(new RegExp(`in use by process ${holder.pid}`))
    holder.kill('SIGKILL')
    await new Promise((resolve) => holder.once('exit', resolve))
    expect(existsSync(path.join(dataDir, 'wl-admin.lock'))).toBe(true)
    const restarted = await acquireDataDirLock(dataDir)
    await restarted.release()
  })

  it('takes over a stale lock whose pid was handed to the restarted process itself or to another program', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wl-reuse-'))
    const lockPath = path.join(dataDir, 'wl-admin.lock')
    // A container restart: the new process gets the pid the killed one had.
    writeFileSync(lockPath, JSON.stringify({ pid: process.pid, host: os.hostname(), since: '2026-01-01T00:00:00Z', started: '1' }))
    const mine = await acquireDataDirLock(dataDir)
    await mine.release()
    // The old pid now belongs to some other living program (started at another time).
    writeFileSync(lockPath, JSON.stringify({ pid: process.ppid, host: os.hostname(), since: '2026-01-01T00:00:00Z', started: '1' }))
    const again = await acquireDataDirLock(dataDir)
    await again.release()
    // Another host's lock that nobody has touched for longer than the heartbeat allows.
    writeFileSync(lockPath, JSON.stringify({ pid: 1, host: 'elsewhere', since: '2026-01-01T00:00:00Z' }))
    const old = new Date(Date.now() - STALE_AFTER_MS - 5_000)
    utimesSync(lockPath, old, old)
    const taken = await acquireDataDirLock(dataDir)
    await taken.release()
    // A fresh lock from another host is respected.
    writeFileSync(lockPath, JSON.stringify({ pid: 1, host: 'elsewhere', since: '2026-01-01T00:00:00Z' }))
    await expect(acquireDataDirLock(dataDir)).rejects.toBeInstanceOf(DataDirLockedError)
  })
})
