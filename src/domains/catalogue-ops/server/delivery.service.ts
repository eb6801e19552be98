import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { pageMeta } from '@server/db/paging'
import { cappedTotal } from './paging'
import { DELIVERY_TARGETS, type DeliveryRowResult, type DeliveryStatus, type DeliveryTargetType } from '@contract/catalogue-ops'
import type { AuthedContext, Services } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { HttpError, notConfigured, notFound } from '@server/errors'
import { auditedMutation, type AuditActor } from '@server/audit'
import { markDelivered } from '@domains/catalogue/server/public'
import { releasePackage } from './exports.service'
import { deliveryTarget } from './delivery-targets'
import { deliveries, deliveryEvents } from './schema'

// The delivery queue (docs/catalogue-ops.md "Delivery queue"): a job per release and target builds
// the package and hands it to the target's adapter, writing each step to the delivery's timeline.

export const DELIVERY_JOB = 'delivery.send'
const NO_DELIVERY = 'There is no such delivery.'

type DeliveryRecord = typeof deliveries.$inferSelect

export function targetsConfigured(services: Pick<Services, 'config' | 'audioSalad'>) {
  return DELIVERY_TARGETS.map((target) => {
    const adapter = deliveryTarget(services, target)
    return { target, configured: adapter.configured, reason: adapter.configured ? null : adapter.notConfigured }
  })
}

function configuredTarget(services: Pick<Services, 'config' | 'audioSalad'>, target: DeliveryTargetType) {
  const adapter = deliveryTarget(services, target)
  if (!adapter.configured) throw notConfigured(adapter.notConfigured)
  return adapter
}

async function rowsOf(q: Queryable, tenantId: number, records: DeliveryRecord[]): Promise<DeliveryRowResult[]> {
  if (!records.length) return []
  const ids = records.map((row) => row.id)
  const [events, titles] = await Promise.all([
    q.select().from(deliveryEvents).where(inArray(deliveryEvents.deliveryId, ids)).orderBy(deliveryEvents.id),
    q.execute<{ id: number; title: string; upc: string | null }>(
      sql`select id, title, upc from releases where tenant_id = ${tenantId} and id = any(${sql.param(`{${records.map((row) => row.releaseId).join(',')}}`)}::bigint[])`,
    ),
  ])
  const release = new Map(titles.rows.map((row) => [Number(row.id), row]))
  return records.map((row) => ({
    id: row.id,
    releaseId: row.releaseId,
    releaseTitle: release.get(row.releaseId)?.title ?? `Release #${row.releaseId}`,
    upc: release.get(row.releaseId)?.upc ?? null,
    target: row.target as DeliveryTargetType,
    status: row.status as DeliveryStatus,
    attempts: row.attempts,
    error: row.error,
    created: row.createdAt,
    delivered: row.deliveredAt,
    events: events
      .filter((event) => event.deliveryId === row.id)
      .map((event) => ({ status: event.status, message: event.message, at: event.createdAt })),
  }))
}

async function readOne(q: Queryable, tenantId: number, id: number) {
  const [row] = await q
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.id, id), eq(deliveries.tenantId, tenantId)))
  if (!row) throw notFound(NO_DELIVERY)
  return (await rowsOf(q, tenantId, [row]))[0]
}

export async function deliveryQueue(
  ctx: AuthedContext,
  query: { page: number; per_page: number; status?: DeliveryStatus; release_id?: number },
) {
  const db = ctx.services.db
  const where = and(
    eq(deliveries.tenantId, ctx.tenant.id),
    query.status ? eq(deliveries.status, query.status) : undefined,
    query.release_id ? eq(deliveries.releaseId, query.release_id) : undefined,
  )
  const [records, { total, estimate }] = await Promise.all([
    db
      .select()
      .from(deliveries)
      .where(where)
      .orderBy(desc(deliveries.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    cappedTotal(db, deliveries, where),
  ])
  return {
    data: await rowsOf(db, ctx.tenant.id, records),
    meta: pageMeta(total, estimate, query.page, query.per_page),
    targets: targetsConfigured(ctx.services),
  }
}

/** Queues a release for a target: refused when the target is not configured or the release is queued there already. */
export async function queueDelivery(ctx: AuthedContext, target: DeliveryTargetType, releaseId: number) {
  const tenantId = ctx.tenant.id
  configuredTarget(ctx.services, target)
  const { rows } = await ctx.services.db.execute<{ id: number }>(
    sql`select id from releases where id = ${releaseId} and tenant_id = ${tenantId}`,
  )
  if (!rows.length) throw notFound('There is no such release.')
  let id: number
  try {
    id = await auditedMutation(ctx, { action: 'delivery.queued', entityType: 'release', entityId: releaseId }, async (tx) => {
      const [created] = await tx
        .insert(deliveries)
        .values({ tenantId, releaseId, target, createdBy: ctx.session.account.id })
        .returning({ id: deliveries.id })
      await tx.insert(deliveryEvents).values({ tenantId, deliveryId: created.id, status: 'queued', message: null })
      await ctx.services.jobs.enqueue(tx, {
        type: DELIVERY_JOB,
        tenantId,
        createdBy: ctx.session.account.id,
        payload: { tenantId, deliveryId: created.id },
        maxAttempts: 1,
      })
      return { result: created.id, after: { target, deliveryId: created.id } }
    })
  } catch (error) {
    const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code
    if (code === '23505')
      throw new HttpError(409, 'This release is in the queue for this target already: retry or remove that delivery.', 'conflict')
    throw error
  }
  return readOne(ctx.services.db, tenantId, id)
}

export async function removeDelivery(ctx: AuthedContext, id: number) {
  const lock = { table: deliveries, id, tenantId: ctx.tenant.id, missing: NO_DELIVERY }
  await auditedMutation(ctx, { action: 'delivery.removed', entityType: 'delivery', lock }, async (tx) => {
    const [row] = await tx.select().from(deliveries).where(eq(deliveries.id, id))
    if (row.status === 'sending' || row.status === 'delivered')
      throw new HttpError(
        409,
        row.status === 'sending' ? 'It is being sent: wait until it is delivered or failed.' : 'It was delivered already.',
        'conflict',
      )
    await tx.delete(deliveries).where(eq(deliveries.id, id))
    return { result: null, before: { releaseId: row.releaseId, target: row.target, status: row.status } }
  })
  return { ok: true as const }
}

/** Puts a failed delivery back in the queue inside the caller's transaction, or says why not. */
async function requeue(ctx: AuthedContext, tx: Queryable, id: number): Promise<string | null> {
  const [row] = await tx
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.id, id), eq(deliveries.tenantId, ctx.tenant.id)))
  if (!row) return NO_DELIVERY
  if (row.status !== 'failed') return 'Only a failed delivery is retried.'
  const adapter = deliveryTarget(ctx.services, row.target as DeliveryTargetType)
  if (!adapter.configured) return adapter.notConfigured
  await tx.update(deliveries).set({ status: 'queued', error: null, updatedAt: ctx.services.now() }).where(eq(deliveries.id, id))
  await tx.insert(deliveryEvents).values({ tenantId: ctx.tenant.id, deliveryId: id, status: 'retried', message: null })
  await ctx.services.jobs.enqueue(tx, {
    type: DELIVERY_JOB,
    tenantId: ctx.tenant.id,
    createdBy: ctx.session.account.id,
    payload: { tenantId: ctx.tenant.id, deliveryId: id },
    maxAttempts: 1,
  })
  return null
}

export async function retryDelivery(ctx: AuthedContext, id: number) {
  const lock = { table: deliveries, id, tenantId: ctx.tenant.id, missing: NO_DELIVERY }
  await auditedMutation(ctx, { action: 'delivery.retried', entityType: 'delivery', lock }, async (tx) => {
    const [row] = await tx.select({ target: deliveries.target }).from(deliveries).where(eq(deliveries.id, id))
    configuredTarget(ctx.services, row.target as DeliveryTargetType)
    const refused = await requeue(ctx, tx, id)
    if (refused) throw new HttpError(409, refused, 'conflict')
    return { result: null, before: { status: 'failed' }, after: { status: 'queued' } }
  })
  return readOne(ctx.services.db, ctx.tenant.id, id)
}

/**
 * The bulk retry: the ids given, or the failed deliveries of the releases given, or every failed
 * delivery (of one target); one audited transaction each, so one refusal leaves the others sent.
 */
export async function retryDeliveries(ctx: AuthedContext, body: { ids?: number[]; release_ids?: number[]; target?: DeliveryTargetType }) {
  const ids =
    body.ids ??
    (
      await ctx.services.db
        .select({ id: deliveries.id })
        .from(deliveries)
        .where(
          and(
            eq(deliveries.tenantId, ctx.tenant.id),
            eq(deliveries.status, 'failed'),
            body.target ? eq(deliveries.target, body.target) : undefined,
            body.release_ids ? inArray(deliveries.releaseId, body.release_ids) : undefined,
          ),
        )
        .orderBy(deliveries.id)
    ).map((row) => row.id)
  const refused: { id: number; reason: string }[] = []
  let retried = 0
  for (const id of new Set(ids)) {
    const lock = { table: deliveries, id, tenantId: ctx.tenant.id, missing: NO_DELIVERY }
    try {
      await auditedMutation(ctx, { action: 'delivery.retried', entityType: 'delivery', lock }, async (tx) => {
        const why = await requeue(ctx, tx, id)
        // A refusal writes nothing, so it throws to roll back the audit row with it.
        if (why) throw new HttpError(409, why, 'conflict')
        return { result: null, before: { status: 'failed' }, after: { status: 'queued' } }
      })
      retried += 1
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
      refused.push({ id, reason: error.message })
    }
  }
  return { retried, refused }
}

/**
 * Sends one delivery: sending → the package (message and files) written to the target → delivered,
 * with the release's flags for the target set; any error → failed with it (a retry sends again).
 */
export async function sendDelivery(services: Services, tenantId: number, deliveryId: number) {
  const db = services.db
  const [row] = await db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.id, deliveryId), eq(deliveries.tenantId, tenantId)))
  if (!row || row.status !== 'queued') return { skipped: true }
  const step = async (status: DeliveryStatus, message: string | null, extra: Partial<DeliveryRecord> = {}) => {
    await db
      .update(deliveries)
      .set({ status, updatedAt: services.now(), ...extra })
      .where(eq(deliveries.id, deliveryId))
    await db.insert(deliveryEvents).values({ tenantId, deliveryId, status, message })
  }
  await step('sending', null, { attempts: row.attempts + 1 })
  try {
    const adapter = deliveryTarget(services, row.target as DeliveryTargetType)
    if (!adapter.configured) throw new Error(adapter.notConfigured)
    const pkg = await releasePackage(services, tenantId, row.releaseId, `delivery-${deliveryId}-${row.attempts + 1}`)
    const { rows: codes } = await db.execute<{ upc: string | null }>(
      sql`select upc from releases where id = ${row.releaseId} and tenant_id = ${tenantId}`,
    )
    const [before] = await db
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(
        and(
          eq(deliveries.tenantId, tenantId),
          eq(deliveries.releaseId, row.releaseId),
          eq(deliveries.target, row.target),
          eq(deliveries.status, 'delivered'),
        ),
      )
      .limit(1)
    const delivered = await adapter.deliver(
      { releaseId: row.releaseId, upc: codes[0]?.upc ?? null, folder: pkg.folder, xml: pkg.xml, files: pkg.files },
      { services, tenantId, deliveredBefore: Boolean(before) },
    )
    const actor: AuditActor = { tenantId, actorAccountId: row.createdBy }
    await auditedMutation({ db, actor }, { action: 'release.delivered', entityType: 'release', entityId: row.releaseId }, async (tx) => {
      await markDelivered(tx, tenantId, row.releaseId, row.target, services.now())
      await tx
        .update(deliveries)
        .set({ status: 'delivered', error: null, deliveredAt: services.now(), updatedAt: services.now() })
        .where(eq(deliveries.id, deliveryId))
      await tx.insert(deliveryEvents).values({
        tenantId,
        deliveryId,
        status: 'delivered',
        message: delivered,
      })
      return { result: null, after: { target: row.target, deliveryId } }
    })
    return { delivered: true }
  } catch (error) {
    const message = (error as Error).message || 'The delivery failed'
    await step('failed', message, { error: message })
    return { failed: message }
  }
}

export function registerDeliveryJobs(runner: Services['jobs'], services: Services) {
  runner.register<{ tenantId: number; deliveryId: number }>(DELIVERY_JOB, ({ payload }) =>
    sendDelivery(services, payload.tenantId, payload.deliveryId),
  )
}
