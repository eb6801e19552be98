import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { Services } from '@server/context'
import type { Queryable } from '@server/db/engine'
import type { BulkSender } from '@server/mail/mailer'
import { fanblastBlasts } from './schema'
import { blastText } from './sanitize'
import { blastTemplate, isSafeAddress, type BlastTemplate } from './message'
import { SEND_JOB } from './service'
import { unsubscribeToken } from './unsubscribe'

// The send job (docs/fanblast.md, "Sending"). Every recipient row is claimed (queued → sending, in the
// database) before its message leaves, so no second copy ever goes out: not after a restart, not from
// two workers. A claim whose worker died is never sent again: it ends failed ("interrupted").

/** Rows claimed at once; results are written per batch, so a crash leaves at most this many unknown. */
const BATCH = 500
/** Delivery attempts for a recipient the server keeps deferring (4xx). */
export const MAX_ATTEMPTS = 5
/** First retry after a 4xx; doubled each time, at most an hour. */
const BACKOFF_MS = 30_000
/** A claim older than this belongs to a worker that died. */
const CLAIM_LEASE_MS = 5 * 60_000
/** Messages a second per workspace unless the options or FANBLAST_RATE (config.ts) say otherwise. */
export const DEFAULT_RATE = 1000
/**
 * SMTP connections kept open per blast (FANBLAST_CONNECTIONS). Each message waits on a few round trips,
 * so throughput grows with connections until the server or the CPU is busy; the bench (20,000 on a loaded
 * machine) measured 8 connections at 257 MB peak and 16 at 388 MB for about twice the rate.
 */
export const DEFAULT_CONNECTIONS = 8

export interface SendOptions {
  /** Stops claiming (the job was aborted); what was claimed is finished or left to the lease. */
  signal?: AbortSignal
  /** Messages a second for this workspace. */
  ratePerSecond?: number
  connections?: number
  /** Recipients claimed at once (BATCH). */
  batch?: number
  /** Called after each batch (the job renews its lease with it). */
  onBatch?: (fraction: number) => Promise<void>
}

/**
 * Reserves `count` consecutive send slots of the workspace at `rate` a second, shared by every app process
 * through one row (fanblast_send_pace): a single atomic UPDATE moves the workspace's next free moment on by
 * count / rate seconds and answers how long to wait for the first slot. The database's clock decides, so
 * processes on machines whose clocks differ still share one pace. Slots reserved and then not used (a
 * stopped sender) are lost, which only ever slows a workspace down.
 */
export async function reserveSendSlots(db: Queryable, tenantId: number, rate: number, count: number): Promise<number> {
  const seconds = count / rate
  const reserved = await db.execute<{ wait_ms: number }>(sql`
    insert into fanblast_send_pace as p (tenant_id, next_at) values (${tenantId}, now() + make_interval(secs => ${seconds}))
    on conflict (tenant_id) do update set next_at = greatest(p.next_at, now()) + make_interval(secs => ${seconds})
    returning greatest(0, extract(epoch from (p.next_at - now())) * 1000 - ${seconds * 1000})::float8 as wait_ms`)
  return Number(reserved.rows[0]?.wait_ms ?? 0)
}

const sleep = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve())

type Claimed = {
  id: number
  fan_id: number
  email: string
  attempts: number
  unsubscribed: boolean
  bounced: boolean
}

/**
 * Claims up to `limit` rows (→ sending, attempts + 1) in one statement, rows another worker holds
 * skipped, with whether their fan has left or bounced since the approval.
 */
async function claim(services: Services, tenantId: number, blastId: number, which: SQL, limit: number): Promise<Claimed[]> {
  const claimed = await services.db.execute<Claimed>(sql`
    with claimed as (
      update fanblast_recipients set state = 'sending', claimed_at = now(), attempts = attempts + 1, updated_at = now()
      where id in (
        select id from fanblast_recipients
        where blast_id = ${blastId} and tenant_id = ${tenantId} and ${which}
        order by id limit ${limit}
        for update skip locked)
      returning id, fan_id, email, attempts)
    select c.id, c.fan_id, c.email, c.attempts, f.unsubscribed_at is not null as unsubscribed, f.bounced_at is not null as bounced
    from claimed c join fanblast_fans f on f.id = c.fan_id and f.tenant_id = ${tenantId}
    order by c.id`)
  return claimed.rows
}

type Outcome = {
  id: number
  fanId: number
  state: 'queued' | 'sent' | 'deferred' | 'bounced' | 'failed' | 'unsubscribed'
  response: string
  attempts: number
}

/** What a failed send means for the recipient: 4xx and lost connections are tried again, 5xx is a bounce. */
function outcomeOf(error: unknown, row: Claimed): Outcome {
  const failure = error as { responseCode?: number; response?: string; message?: string; code?: string }
  const response = (failure.response ?? failure.message ?? 'failed').slice(0, 500)
  const code = failure.responseCode
  if (code !== undefined && code >= 500) return { id: row.id, fanId: row.fan_id, state: 'bounced', response, attempts: row.attempts }
  // A 4xx, or no answer at all (connection refused or dropped): temporary, unless tried enough.
  const state = row.attempts >= MAX_ATTEMPTS ? 'failed' : 'deferred'
  return { id: row.id, fanId: row.fan_id, state, response, attempts: row.attempts }
}

/** Sends (or resumes) one blast. Answers whether the blast is finished. */
export async function sendBlast(services: Services, tenantId: number, blastId: number, options: SendOptions = {}): Promise<boolean> {
  const { db } = services
  const [blast] = await db
    .select()
    .from(fanblastBlasts)
    .where(and(eq(fanblastBlasts.id, blastId), eq(fanblastBlasts.tenantId, tenantId)))
  if (!blast || (blast.status !== 'approved' && blast.status !== 'sending')) return true
  if (blast.status === 'approved')
    await db.execute(
      sql`update fanblast_blasts set status = 'sending', started_at = now(), updated_at = now() where id = ${blastId} and tenant_id = ${tenantId} and status = 'approved'`,
    )
  // A claim whose worker died: its message may or may not have left, so it is never sent again.
  await db.execute(sql`
    update fanblast_recipients set state = 'failed', response = 'Interrupted while sending: not sent again, so nobody gets two copies', updated_at = now()
    where blast_id = ${blastId} and tenant_id = ${tenantId} and state = 'sending' and claimed_at < now() - make_interval(secs => ${CLAIM_LEASE_MS / 1000})`)
  const settings = services.config.fanblast
  const sender = await services.mail.bulk(tenantId, options.connections ?? settings?.connections ?? DEFAULT_CONNECTIONS)
  const rate = options.ratePerSecond ?? settings?.rate ?? DEFAULT_RATE
  // A batch's slots are reserved at once, so a slow pace claims less: a claim must leave well within its lease.
  const batch = Math.max(1, Math.min(options.batch ?? BATCH, Math.floor((rate * CLAIM_LEASE_MS) / 1000 / 5)))
  // Built once per run; each copy only fills in its address, message id, date and unsubscribe link.
  const template = blastTemplate({
    fromName: blast.fromName,
    fromAddress: sender.fromAddress,
    subject: blast.subject,
    html: blast.content,
    text: blastText(blast.content),
  })
  let done = 0
  try {
    while (!options.signal?.aborted) {
      // Queued rows first, in id order (fanblast_recipients_state_idx), then deferred ones come due.
      let claimed = await claim(services, tenantId, blastId, sql`state = 'queued'`, batch)
      if (claimed.length === 0)
        claimed = await claim(services, tenantId, blastId, sql`state = 'deferred' and next_attempt_at <= now()`, batch)
      if (claimed.length === 0) break
      // Fans who unsubscribed or bounced since approval get nothing.
      const suppressed: Outcome[] = claimed
        .filter((row) => row.unsubscribed || row.bounced)
        .map((row) => ({
          id: row.id,
          fanId: row.fan_id,
          state: 'unsubscribed',
          response: row.bounced ? 'Suppressed: the address bounced' : 'Unsubscribed before sending',
          attempts: row.attempts - 1,
        }))
      const sendable = claimed.filter((row) => !row.unsubscribed && !row.bounced)
      const outcomes = [
        ...suppressed,
        ...(await sendBatch(sender, services, blast, sendable, { template, rate, tenantId, signal: options.signal })),
      ]
      await record(services, tenantId, outcomes)
      done += outcomes.length
      await options.onBatch?.(Math.min(0.99, done / Math.max(1, blast.recipients)))
    }
  } finally {
    sender.close()
  }
  return finishOrWait(services, tenantId, blastId)
}

async function sendBatch(
  sender: BulkSender,
  services: Services,
  blast: typeof fanblastBlasts.$inferSelect,
  rows: Claimed[],
  context: { template: BlastTemplate; rate: number; tenantId: number; signal?: AbortSignal },
): Promise<Outcome[]> {
  const base = blast.baseUrl.replace(/\/+$/, '')
  // One reservation for the whole batch; its messages then leave 1/rate apart.
  const firstAt = Date.now() + (rows.length ? await reserveSendSlots(services.db, context.tenantId, context.rate, rows.length) : 0)
  return Promise.all(
    rows.map(async (row, index): Promise<Outcome> => {
      await sleep(firstAt + (index * 1000) / context.rate - Date.now())
      // Stopped before this one left: its claim is handed back, a later run sends it.
      if (context.signal?.aborted) return { id: row.id, fanId: row.fan_id, state: 'queued', response: '', attempts: row.attempts - 1 }
      if (!isSafeAddress(row.email))
        return { id: row.id, fanId: row.fan_id, state: 'failed', response: 'The address cannot be written in a message', attempts: row.attempts }
      const unsubscribeUrl = `${base}/u/${unsubscribeToken(services, context.tenantId, row.id)}`
      try {
        const raw = context.template.fill({ to: row.email, messageId: `<blast-${blast.id}.${row.id}.${blast.messageId}>`, unsubscribeUrl })
        const info = await sender.sendRaw({ from: context.template.from, to: row.email }, raw)
        return { id: row.id, fanId: row.fan_id, state: 'sent', response: info.response.slice(0, 500), attempts: row.attempts }
      } catch (error) {
        return outcomeOf(error, row)
      }
    }),
  )
}

/** Writes a batch's outcomes in one statement each kind; a bounce marks the fan so later blasts skip them. */
async function record(services: Services, tenantId: number, outcomes: Outcome[]): Promise<void> {
  if (outcomes.length === 0) return
  const values = sql.join(
    outcomes.map(
      (o) =>
        sql`(${o.id}::bigint, ${o.state}::text, ${o.response}::text, ${o.attempts}::int, ${o.state === 'deferred' ? new Date(Date.now() + Math.min(BACKOFF_MS * 2 ** (o.attempts - 1), 3_600_000)).toISOString() : null}::timestamptz)`,
    ),
    sql`, `,
  )
  await services.db.execute(sql`
    update fanblast_recipients r set state = v.state, response = v.response, next_attempt_at = v.next_at, attempts = v.attempts,
      sent_at = case when v.state = 'sent' then now() else r.sent_at end, updated_at = now()
    from (values ${values}) as v(id, state, response, attempts, next_at)
    where r.id = v.id and r.tenant_id = ${tenantId} and r.state = 'sending'`)
  const bounced = outcomes.filter((o) => o.state === 'bounced').map((o) => o.fanId)
  if (bounced.length)
    await services.db.execute(
      sql`update fanblast_fans set bounced_at = now() where tenant_id = ${tenantId} and bounced_at is null and id in (${sql.join(
        bounced.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
}

/**
 * Done when no recipient is waiting: sent when anyone got it (or nobody was to get it), failed when
 * every copy failed. Otherwise a later run picks up the deferred ones and claims of other workers.
 */
async function finishOrWait(services: Services, tenantId: number, blastId: number): Promise<boolean> {
  const { db } = services
  const pending = await db.execute<{ waiting: number; next_at: string | null; sent: number; total: number }>(sql`
    select count(*) filter (where state in ('queued', 'deferred', 'sending'))::int as waiting,
      min(case when state = 'deferred' then next_attempt_at when state = 'sending' then claimed_at + make_interval(secs => ${CLAIM_LEASE_MS / 1000}) when state = 'queued' then now() end) as next_at,
      count(*) filter (where state = 'sent')::int as sent, count(*)::int as total
    from fanblast_recipients where blast_id = ${blastId} and tenant_id = ${tenantId}`)
  const row = pending.rows[0]
  if (Number(row.waiting) > 0) {
    const runAt = row.next_at ? new Date(row.next_at) : new Date(Date.now() + BACKOFF_MS)
    await services.jobs.enqueue(db, { type: SEND_JOB, tenantId, payload: { id: blastId }, runAt, maxAttempts: 20 })
    return false
  }
  const status = Number(row.total) > 0 && Number(row.sent) === 0 ? 'failed' : 'sent'
  await db.execute(
    sql`update fanblast_blasts set status = ${status}, finished_at = now(), updated_at = now() where id = ${blastId} and tenant_id = ${tenantId} and status = 'sending'`,
  )
  return true
}
