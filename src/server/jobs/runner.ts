import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterCommit, detachFromTransaction, type Db, type Queryable } from '../db/engine'
import { jobs } from '../db/schema/platform'

export type JobRow = typeof jobs.$inferSelect

export interface JobContext<P = unknown> {
  job: JobRow
  payload: P
  /** Report progress (0..1); also renews the job's lease. */
  progress(fraction: number): Promise<void>
  /** Aborted when the runner stops: long jobs should check it between chunks. */
  signal: AbortSignal
}

export type JobHandler<P = unknown> = (context: JobContext<P>) => Promise<unknown>

export interface EnqueueInput {
  type: string
  payload?: unknown
  tenantId?: number | null
  createdBy?: number | null
  runAt?: Date
  maxAttempts?: number
}

export interface RunnerOptions {
  /** How often an idle runner looks for work. */
  pollMs?: number
  /** First retry delay; each further attempt doubles it (capped at an hour). */
  backoffMs?: number
  /** A running job whose heartbeat is older than this is presumed dead and queued again. */
  leaseMs?: number
  /** Jobs run at once by this process. */
  concurrency?: number
  log?: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void }
}

/**
 * Jobs are rows: queued -> running (with progress and a heartbeat) -> done | failed, retried with
 * exponential backoff. A restart loses nothing: rows stay, and a job whose runner died is queued again.
 * Claiming uses FOR UPDATE SKIP LOCKED so several processes on PostgreSQL never run one job twice.
 */
export class JobRunner {
  readonly workerId = `${process.pid}-${randomUUID().slice(0, 8)}`
  private handlers = new Map<string, JobHandler>()
  private timer: NodeJS.Timeout | undefined
  private running = new Set<Promise<void>>()
  /** Claims the poll loop has sent but not yet heard back from: their job is not in `running` yet. */
  private claiming = new Set<Promise<unknown>>()
  private abort = new AbortController()
  private started = false
  private polling = false
  private readonly options: Required<Omit<RunnerOptions, 'log'>> & Pick<RunnerOptions, 'log'>

  constructor(
    private readonly db: Db,
    options: RunnerOptions = {},
  ) {
    this.options = { pollMs: 1000, backoffMs: 5000, leaseMs: 60_000, concurrency: 1, ...options }
  }

  register<P>(type: string, handler: JobHandler<P>): void {
    this.handlers.set(type, handler as JobHandler)
  }

  async enqueue(db: Queryable, input: EnqueueInput): Promise<number> {
    const [row] = await db
      .insert(jobs)
      .values({
        type: input.type,
        payload: input.payload ?? {},
        tenantId: input.tenantId ?? null,
        createdBy: input.createdBy ?? null,
        runAt: input.runAt ?? new Date(),
        maxAttempts: input.maxAttempts ?? 5,
      })
      .returning({ id: jobs.id })
    this.wake()
    return row.id
  }

  /** Start polling. Jobs left running by a dead process are queued again first. */
  async start(): Promise<void> {
    if (this.started) return
    this.started = true
    this.abort = new AbortController()
    await this.recoverStale()
    this.schedule(0)
  }

  async stop(): Promise<void> {
    this.started = false
    if (this.timer) clearTimeout(this.timer)
    this.abort.abort()
    await Promise.allSettled([...this.running])
  }

  /** Look for work now rather than at the next poll: inside a transaction, once it has committed (its job is visible then). */
  wake(): void {
    afterCommit(() => {
      if (this.started) this.schedule(5)
    })
  }

  /** Run queued jobs until none is due; for tests and scripts. */
  async drain(): Promise<void> {
    for (;;) {
      const claimed = await this.claim()
      if (!claimed) {
        // A job the poll loop is claiming right now is neither queued nor in `running` yet.
        if (this.running.size === 0 && this.claiming.size === 0) return
        await Promise.race([...this.running, ...[...this.claiming].map((claim) => claim.catch(() => null))])
        continue
      }
      await this.execute(claimed)
    }
  }

  async recoverStale(): Promise<number> {
    const stale = await this.db
      .update(jobs)
      .set({ status: 'queued', lockedBy: null, lockedAt: null, updatedAt: new Date() })
      .where(
        and(
          eq(jobs.status, 'running'),
          sql`(${jobs.heartbeatAt} is null or ${jobs.heartbeatAt} < now() - make_interval(secs => ${this.options.leaseMs / 1000}))`,
        ),
      )
      .returning({ id: jobs.id })
    if (stale.length) this.options.log?.info({ jobs: stale.map((job) => job.id) }, 'queued again jobs whose runner stopped')
    return stale.length
  }

  private schedule(delay: number) {
    if (this.timer) clearTimeout(this.timer)
    // wake() is often called inside the caller's transaction; the poll must not inherit it.
    this.timer = detachFromTransaction(() => setTimeout(() => void this.poll(), delay))
    this.timer.unref?.()
  }

  private async poll() {
    if (!this.started || this.polling) return
    this.polling = true
    try {
      while (this.started && this.running.size < this.options.concurrency) {
        const claiming = this.claim()
        this.claiming.add(claiming)
        const job = await claiming.finally(() => this.claiming.delete(claiming))
        if (!job) break
        const run = this.execute(job).finally(() => {
          this.running.delete(run)
          this.wake()
        })
        this.running.add(run)
      }
    } catch (error) {
      this.options.log?.error({ err: error }, 'job poll failed')
    } finally {
      this.polling = false
      if (this.started) this.schedule(this.options.pollMs)
    }
  }

  private async claim(): Promise<JobRow | null> {
    const result = await this.db.execute<Record<string, unknown>>(sql`
      update jobs set status = 'running', attempts = attempts + 1, locked_at = now(), heartbeat_at = now(),
        locked_by = ${this.workerId}, updated_at = now()
      where id = (
        select id from jobs where status = 'queued' and run_at <= now()
        order by run_at, id for update skip locked limit 1
      )
      returning id`)
    const id = result.rows[0]?.id as number | undefined
    if (!id) return null
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id))
    return row ?? null
  }

  private async execute(job: JobRow): Promise<void> {
    const handler = this.handlers.get(job.type)
    const heartbeat = setInterval(() => void this.beat(job.id), Math.max(1000, this.options.leaseMs / 4))
    heartbeat.unref?.()
    try {
      if (!handler) throw new Error(`No handler for job type ${job.type}`)
      const result = await handler({
        job,
        payload: job.payload,
        signal: this.abort.signal,
        progress: async (fraction) => {
          await this.db
            .update(jobs)
            .set({ progress: Math.max(0, Math.min(1, fraction)), heartbeatAt: new Date(), updatedAt: new Date() })
            .where(eq(jobs.id, job.id))
        },
      })
      await this.db
        .update(jobs)
        .set({
          status: 'done',
          progress: 1,
          result: (result ?? null) as never,
          finishedAt: new Date(),
          updatedAt: new Date(),
          lastError: null,
        })
        .where(eq(jobs.id, job.id))
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const retry = job.attempts < job.maxAttempts && !this.abort.signal.aborted
      const delay = Math.min(this.options.backoffMs * 2 ** (job.attempts - 1), 3_600_000)
      await this.db
        .update(jobs)
        .set(
          retry
            ? { status: 'queued', lastError: message, runAt: new Date(Date.now() + delay), lockedBy: null, updatedAt: new Date() }
            : {
                status: this.abort.signal.aborted ? 'queued' : 'failed',
                lastError: message,
                finishedAt: new Date(),
                lockedBy: null,
                updatedAt: new Date(),
              },
        )
        .where(eq(jobs.id, job.id))
        .catch(() => undefined)
      this.options.log?.error(
        { jobId: job.id, type: job.type, attempt: job.attempts, err: error },
        retry ? 'job failed, will retry' : 'job failed',
      )
    } finally {
      clearInterval(heartbeat)
    }
  }

  private async beat(id: number) {
    await this.db
      .update(jobs)
      .set({ heartbeatAt: new Date() })
      .where(and(eq(jobs.id, id), eq(jobs.lockedBy, this.workerId)))
      .catch(() => undefined)
  }
}
