import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { openDatabase, type Database } from '../../src/server/db/engine'
import { migrateDatabase } from '../../src/server/db/migrate'
import { JobRunner } from '../../src/server/jobs/runner'
import { jobs } from '../../src/server/db/schema'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  await t.services.jobs.stop()
})
afterAll(() => t.close())

const runners: JobRunner[] = []
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()))
})

function runner(options: ConstructorParameters<typeof JobRunner>[1] = {}) {
  const created = new JobRunner(t.services.db, { pollMs: 20, backoffMs: 20, ...options })
  runners.push(created)
  return created
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const row = async (id: number) => (await t.services.db.select().from(jobs).where(eq(jobs.id, id)))[0]

describe('job runner', () => {
  it('runs a queued job, reporting progress, and keeps its result', async () => {
    const worker = runner()
    const seen: number[] = []
    worker.register<{ n: number }>('probe.square', async ({ payload, progress }) => {
      await progress(0.5)
      seen.push((await row(id)).progress)
      return { square: payload.n * payload.n }
    })
    const id = await worker.enqueue(t.services.db, { type: 'probe.square', payload: { n: 12 } })
    await worker.start()
    await until(async () => (await row(id)).status === 'done')
    expect(await row(id)).toMatchObject({ status: 'done', progress: 1, result: { square: 144 }, attempts: 1, lastError: null })
    expect(seen).toEqual([0.5])
  })

  it('retries a failing job with growing delays, then marks it failed with the error', async () => {
    const worker = runner({ backoffMs: 40 })
    const attempts: number[] = []
    worker.register('probe.flaky', async () => {
      attempts.push(Date.now())
      throw new Error('provider answered 503')
    })
    const id = await worker.enqueue(t.services.db, { type: 'probe.flaky', maxAttempts: 3 })
    await worker.start()
    await until(async () => (await row(id)).status === 'failed')
    const failed = await row(id)
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, lastError: 'provider answered 503' })
    expect(attempts).toHaveLength(3)
    // 40 ms then 80 ms: each retry waits at least its doubled delay (a busy machine only adds to a
    // wait, so comparing the two observed gaps with each other would be a coin toss under load).
    expect(attempts[1] - attempts[0]).toBeGreaterThanOrEqual(35)
    expect(attempts[2] - attempts[1]).toBeGreaterThanOrEqual(75)
  })

  it('recovers a job whose runner died while running it', async () => {
    const worker = runner({ leaseMs: 1000 })
    let runs = 0
    worker.register('probe.orphan', async () => {
      runs += 1
      return 'ok'
    })
    const [orphan] = await t.services.db
      .insert(jobs)
      .values({
        type: 'probe.orphan',
        status: 'running',
        attempts: 1,
        lockedBy: 'dead-process',
        heartbeatAt: new Date(Date.now() - 60_000),
      })
      .returning()
    const [alive] = await t.services.db
      .insert(jobs)
      .values({ type: 'probe.orphan', status: 'running', attempts: 1, lockedBy: 'busy-process', heartbeatAt: new Date() })
      .returning()
    await worker.start()
    await until(async () => (await row(orphan.id)).status === 'done')
    expect(runs).toBe(1)
    expect((await row(alive.id)).status).toBe('running')
  })

  it('never runs one job twice when two runners compete', async () => {
    const first = runner({ concurrency: 2 })
    const second = runner({ concurrency: 2 })
    const runs = new Map<number, number>()
    for (const worker of [first, second]) {
      worker.register('probe.once', async ({ job }) => {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1)
        await new Promise((resolve) => setTimeout(resolve, 5))
      })
    }
    const ids = await Promise.all(Array.from({ length: 12 }, () => first.enqueue(t.services.db, { type: 'probe.once' })))
    await Promise.all([first.start(), second.start()])
    await until(async () => (await Promise.all(ids.map(row))).every((job) => job.status === 'done'))
    expect(ids.map((id) => runs.get(id))).toEqual(ids.map(() => 1))
  })
})

describe('durability', () => {
  it('keeps queued jobs across a restart of the process', async () => {
    if (process.env.DATABASE_URL) return // PostgreSQL keeps rows by nature; this checks PGlite's data directory.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wl-jobs-'))
    let database: Database = await openDatabase({ dataDir, pgliteMode: 'inline' })
    await migrateDatabase(database)
    const before = new JobRunner(database.db)
    const id = await before.enqueue(database.db, { type: 'probe.later', payload: { note: 'queued before the restart' } })
    await database.close()

    database = await openDatabase({ dataDir, pgliteMode: 'inline' })
    const after = new JobRunner(database.db, { pollMs: 20 })
    let payload: unknown
    after.register('probe.later', async (context) => {
      payload = context.payload
    })
    await after.start()
    const deadline = Date.now() + 10_000
    while ((await database.db.select().from(jobs).where(eq(jobs.id, id)))[0].status !== 'done') {
      if (Date.now() > deadline) throw new Error('job did not run after restart')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(payload).toEqual({ note: 'queued before the restart' })
    await after.stop()
    await database.close()
    // A fresh PGlite database migrated and opened twice in this process: past 30 s at CI load 13.
  }, 120_000)
})
