import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { pageMeta } from '@server/db/paging'
import { cappedTotal } from './paging'
import type { DeliveryRowResult, DeliveryStatus, DeliveryTargetType } from '@contract/catalogue-ops'
import type { AuthedContext, Services } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { HttpError, notConfigured, notFound } from '@server/errors'
import { auditedMutation, type AuditActor } from '@server/audit'
import { markDelivered } from '@domains/catalogue/server/public'
import { releasePackage } from './exports.service'
import { SFTP_NOT_CONFIGURED, createSftpTarget, type SftpTarget } from './sftp-target'
import { deliveries, deliveryEvents } from './schema'

// The delivery queue (docs/catalogue-ops.md "Delivery queue"): a job per release and target builds
// the package and hands it to the target's adapter, writing each step to the delivery's timeline.

export const DELIVERY_JOB = 'delivery.send'
const NO_DELIVERY = 'There is no such delivery.'

type DeliveryRecord = typeof deliveries.$inferSelect

function targetOf(services: Pick<Services, 'config'>, target: DeliveryTargetType): SftpTarget {
  // One target kind today; the switch is where the next adapter goes.
  switch (target) {
    case 'sftp':
      return createSftpTarget(services.config.deliverySftp)
  }
}

export function targetsConfigured(services: Pick<Services, 'config'>) {
  return [{ target: 'sftp' as const, configured: targetOf(services, 'sftp').configured }]
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

export async function deliveryQueue(ctx: AuthedContext, query: { page: number; per_page: number; status?: DeliveryStatus }) {
  const db = ctx.services.db
  const where = and(eq(deliveries.tenantId, ctx.tenant.id), query.status ? eq(deliveries.status, query.status) : undefined)
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
  if (!targetOf(ctx.services, target).configured) throw notConfigured(SFTP_NOT_CONFIGURED)
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

export async function retryDelivery(ctx: AuthedContext, id: number) {
  const lock = { table: deliveries, id, tenantId: ctx.tenant.id, missing: NO_DELIVERY }
  await auditedMutation(ctx, { action: 'delivery.retried', entityType: 'delivery', lock }, async (tx) => {
    const [row] = await tx.select().from(deliveries).where(eq(deliveries.id, id))
    if (row.status !== 'failed') throw new HttpError(409, 'Only a failed delivery is retried.', 'conflict')
    if (!targetOf(ctx.services, row.target as DeliveryTargetType).configured) throw notConfigured(SFTP_NOT_CONFIGURED)
    await tx.update(deliveries).set({ status: 'queued', error: null, updatedAt: ctx.services.now() }).where(eq(deliveries.id, id))
    await tx.insert(deliveryEvents).values({ tenantId: ctx.tenant.id, deliveryId: id, status: 'retried', message: null })
    await ctx.services.jobs.enqueue(tx, {
      type: DELIVERY_JOB,
      tenantId: ctx.tenant.id,
      createdBy: ctx.session.account.id,
      payload: { tenantId: ctx.tenant.id, deliveryId: id },
      maxAttempts: 1,
    })
    return { result: null, before: { status: 'failed' }, after: { status: 'queued' } }
  })
  return readOne(ctx.services.db, ctx.tenant.id, id)
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
    const pkg = await releasePackage(services, tenantId, row.releaseId, `delivery-${deliveryId}-${row.attempts + 1}`)
    const files: { path: string; data: Buffer | import('node:stream').Readable }[] = [
      { path: `${pkg.folder}/${pkg.folder}.xml`, data: Buffer.from(pkg.xml) },
    ]
    for (const file of pkg.files) {
      const stored = await services.files.find(db, tenantId, file.id)
      if (stored) files.push({ path: `${pkg.folder}/${file.uri}`, data: await services.files.open(stored) })
    }
    await targetOf(services, row.target as DeliveryTargetType).upload(files)
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
        message: `${files.length} file${files.length === 1 ? '' : 's'} in ${pkg.folder}/`,
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
