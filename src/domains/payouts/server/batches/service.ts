import { createHash } from 'node:crypto'
import { and, eq, sql, type SQL } from 'drizzle-orm'
import { displayName } from '@core/names'
import { fromScaled, MONEY_SCALE, toScaled } from '@core/decimal'
import { PAYOUT_PROVIDER_LABELS, PAYOUT_PROVIDERS, type PayoutProvider } from '@core/payout-status'
import { providerActivityLink } from '@core/payment-links'
import type { PayoutBatchResult, PayoutConnectionResult } from '@contract/payout-batches'
import type { Services } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { auditedMutation, type AuditActor } from '@server/audit'
import { conflict, notConfigured, notFound } from '@server/errors'
import { countCapped, pageMeta } from '@server/db/paging'
import type { FileRow } from '@server/storage/file-store'
import { payableAccountCounts } from '@domains/users/server/public'
import { applyTransition, lockPayouts, type PayoutRow } from '../postings'
import { payoutBatches } from '../schema'
import { payoutProviders } from '../providers'
import { netCents, sumCents } from '../providers/files'
import { PAYOUT_CURRENCY, type BatchLine } from '../providers/types'

// Payout batches (docs/api.md "Payout batches", docs/formats/): export approved payouts into a provider's file (and
// its API when configured), the history of batches, the providers' state, and syncing a batch.

/** Who acts: the ledger's actor and the audit's. */
export interface BatchActor {
  tenantId: number
  tenantName: string
  actorId: number | null
  audit: AuditActor
}

/** A batch file is text; 5,000 lines fit easily. */
const MAX_FILE_BYTES = 20 * 1024 * 1024

/** Our reference for a payout at the provider (PayPal sender_item_id / customer id, Tipalti RefCode). */
export const payoutReference = (payoutId: number) => `P${payoutId}`

/**
 * The batch's id at the provider, derived from its tenant and payouts: a retried export of the same
 * payouts carries the same id, and the provider refuses it as a duplicate instead of paying twice.
 */
export function batchReference(tenantId: number, payoutIds: readonly number[]): string {
  const sorted = [...payoutIds].sort((a, b) => a - b).join(',')
  return `wl-${tenantId}-${createHash('sha256').update(sorted).digest('hex').slice(0, 24)}`
}

function batchLines(rows: readonly PayoutRow[], tenantName: string): BatchLine[] {
  return rows.map((row) => ({
    payoutId: row.id,
    payeeId: row.providerAccountId,
    net: netCents(row.net),
    currency: PAYOUT_CURRENCY,
    reference: payoutReference(row.id),
    note: `Payout ${payoutReference(row.id)} from ${tenantName}`,
  }))
}

// ---------------------------------------------------------------------------------------------
// Reading batches

interface BatchRow extends Record<string, unknown> {
  id: number
  created_at: Date | string
  provider: PayoutProvider
  file_id: number | null
  file_name: string
  stored_name: string | null
  count: number
  amount: string
  net: string
  delivery: 'file' | 'api'
  provider_batch_id: string | null
  by_id: number | null
  by_first: string | null
  by_last: string | null
  by_email: string | null
  processing: number
  paid: number
  failed: number
}

async function batchRows(q: Queryable, where: SQL, limit: number, offset: number): Promise<PayoutBatchResult[]> {
  const { rows } = await q.execute<BatchRow>(sql`
    select b.id, b.created_at, b.provider, b.file_id, b.file_name, f.original_name as stored_name, b.count,
           b.amount::text as amount, b.net::text as net, b.delivery, b.provider_batch_id,
           a.id as by_id, a.first_name as by_first, a.last_name as by_last, a.email as by_email,
           coalesce(s.processing, 0)::int as processing, coalesce(s.paid, 0)::int as paid, coalesce(s.failed, 0)::int as failed
    from payout_batches b
    left join files f on f.id = b.file_id and f.tenant_id = b.tenant_id
    left join accounts a on a.id = b.created_by
    left join lateral (
      select count(*) filter (where p.status = 'processing') as processing,
             count(*) filter (where p.status = 'paid') as paid,
             count(*) filter (where p.status = 'failed') as failed
      from payouts p where p.batch_id = b.id and p.tenant_id = b.tenant_id
    ) s on true
    where ${where}
    order by b.created_at desc, b.id desc
    limit ${limit} offset ${offset}`)
  return rows.map((row) => ({
    id: Number(row.id),
    date: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
    provider: row.provider,
    file: row.file_id ? { id: Number(row.file_id), name: row.stored_name ?? row.file_name } : null,
    count: Number(row.count),
    amount: row.amount,
    net: row.net,
    delivery: row.delivery,
    providerBatchId: row.provider_batch_id,
    by: row.by_id
      ? { id: Number(row.by_id), name: displayName({ firstName: row.by_first, lastName: row.by_last, email: row.by_email ?? '' }) }
      : null,
    statuses: { processing: row.processing, paid: row.paid, failed: row.failed },
  }))
}

export async function findBatch(q: Queryable, tenantId: number, batchId: number): Promise<PayoutBatchResult> {
  const [batch] = await batchRows(q, sql`b.tenant_id = ${tenantId} and b.id = ${batchId}`, 1, 0)
  if (!batch) throw notFound('There is no such payout batch in this workspace.')
  return batch
}

/** Payout history: batches newest first. */
export async function listBatches(q: Queryable, tenantId: number, input: { page: number; perPage: number; provider?: PayoutProvider }) {
  const where = sql`b.tenant_id = ${tenantId}${input.provider ? sql` and b.provider = ${input.provider}` : sql``}`
  const data = await batchRows(q, where, input.perPage, (input.page - 1) * input.perPage)
  const { total, estimate } = await countCapped(q, sql`from payout_batches b where ${where}`)
  return { data, meta: pageMeta(total, estimate, input.page, input.perPage) }
}

// ---------------------------------------------------------------------------------------------
// Export

/**
 * Exports approved payouts of one provider in one transaction: locks them, builds and stores the
 * batch file, submits it through the provider's API when configured (a refusal rolls everything
 * back), adds the history row and moves the payouts to processing. Nothing approved: 409.
 */
export async function exportApproved(
  services: Services,
  actor: BatchActor,
  input: { provider: PayoutProvider; ids?: number[] },
  options: { createdAt?: Date } = {},
): Promise<PayoutBatchResult> {
  const adapter = payoutProviders(services.config)[input.provider]
  const label = PAYOUT_PROVIDER_LABELS[input.provider]
  const { tenantId } = actor
  let stored: FileRow | null = null
  try {
    const scope = { db: services.db, actor: actor.audit }
    return await auditedMutation(scope, { action: 'payouts.exported', entityType: 'payout_batch' }, async (tx) => {
      let rows: PayoutRow[]
      if (input.ids) {
        rows = await lockPayouts(tx, tenantId, input.ids)
        const refusals = rows.flatMap((row) =>
          row.status !== 'approved'
            ? [`Payout ${row.id} is ${row.status}, not approved.`]
            : row.provider !== input.provider
              ? [
                  `Payout ${row.id} is paid through ${PAYOUT_PROVIDER_LABELS[row.provider as PayoutProvider] ?? row.provider}, not ${label}.`,
                ]
              : [],
        )
        if (refusals.length > 0) throw conflict(refusals.join(' '))
      } else {
        const { rows: ids } = await tx.execute<{ id: number }>(sql`
          select id from payouts
          where tenant_id = ${tenantId} and provider = ${input.provider} and status = 'approved'
          order by id limit 5000`)
        // Locked, then checked again: a payout rejected meanwhile stays out of the batch.
        rows = (
          await lockPayouts(
            tx,
            tenantId,
            ids.map((row) => Number(row.id)),
          )
        ).filter((row) => row.status === 'approved' && row.provider === input.provider)
      }
      if (rows.length === 0) throw conflict(`There are no approved ${label} payouts to export.`)

      const lines = batchLines(rows, actor.tenantName)
      const amount = fromScaled(
        rows.reduce((sum, row) => sum + toScaled(row.amount, MONEY_SCALE), 0n),
        MONEY_SCALE,
      )
      const net = sumCents(lines.map((line) => line.net))
      const [batch] = await tx
        .insert(payoutBatches)
        .values({
          tenantId,
          provider: input.provider,
          count: rows.length,
          amount,
          net,
          delivery: 'file',
          createdBy: actor.actorId,
          ...(options.createdAt ? { createdAt: options.createdAt } : {}),
        })
        .returning()
      const fileName = adapter.fileName(batch.id, batch.createdAt)
      stored = await services.files.save(tx, {
        tenantId,
        purpose: 'payout-batch',
        originalName: fileName,
        data: Buffer.from(adapter.buildFile(lines), 'utf8'),
        kind: 'csv',
        maxBytes: MAX_FILE_BYTES,
        createdBy: actor.actorId,
      })
      let delivery: 'file' | 'api' = 'file'
      let providerBatchId: string | null = null
      if (adapter.configured) {
        const submitted = await adapter.submit({
          reference: batchReference(
            tenantId,
            rows.map((row) => row.id),
          ),
          lines,
        })
        delivery = 'api'
        providerBatchId = submitted.providerBatchId
      }
      await tx.update(payoutBatches).set({ fileId: stored.id, fileName, delivery, providerBatchId }).where(eq(payoutBatches.id, batch.id))
      await applyTransition(tx, { tenantId, actorId: actor.actorId }, rows, 'processing', { batchId: batch.id })
      return {
        result: await findBatch(tx, tenantId, batch.id),
        entityId: batch.id,
        after: {
          provider: input.provider,
          count: rows.length,
          amount,
          net,
          delivery,
          providerBatchId,
          payoutIds: rows.map((row) => row.id),
          fileName,
        },
      }
    })
  } catch (error) {
    // The row went with the rollback; the stored bytes must go too.
    const orphan = stored as FileRow | null
    if (orphan) await services.files.backend.delete(orphan.storageKey).catch(() => undefined)
    throw error
  }
}

// ---------------------------------------------------------------------------------------------
// Sync

/**
 * Asks the provider how an API-submitted batch stands and moves its processing payouts to paid or
 * failed (failed releases the reservation: docs/payouts.md). Payouts the provider still works on
 * stay processing; asking again later is safe.
 */
export async function syncBatch(services: Services, actor: BatchActor, batchId: number) {
  const { tenantId } = actor
  const [batch] = await services.db
    .select()
    .from(payoutBatches)
    .where(and(eq(payoutBatches.tenantId, tenantId), eq(payoutBatches.id, batchId)))
  if (!batch) throw notFound('There is no such payout batch in this workspace.')
  const label = PAYOUT_PROVIDER_LABELS[batch.provider as PayoutProvider] ?? batch.provider
  if (batch.delivery !== 'api' || !batch.providerBatchId)
    throw conflict(`Batch ${batch.id} was paid by file: mark its payouts paid or failed on the payouts list once ${label} has paid them.`)
  const adapter = payoutProviders(services.config)[batch.provider as PayoutProvider]
  if (!adapter.configured) throw notConfigured(`${label} is not configured`)
  const remote = await adapter.status(batch.providerBatchId)
  const byReference = new Map(remote.items.map((item) => [item.reference, item]))

  const scope = { db: services.db, actor: actor.audit }
  const result = await auditedMutation(scope, { action: 'payouts.batch_synced', entityType: 'payout_batch' }, async (tx) => {
    const { rows: ids } = await tx.execute<{ id: number }>(sql`
      select id from payouts where tenant_id = ${tenantId} and batch_id = ${batch.id} and status = 'processing' order by id`)
    const locked = (
      await lockPayouts(
        tx,
        tenantId,
        ids.map((row) => Number(row.id)),
      )
    ).filter((row) => row.status === 'processing')
    const paid = locked.filter((row) => byReference.get(payoutReference(row.id))?.status === 'paid')
    const failed = locked.filter((row) => byReference.get(payoutReference(row.id))?.status === 'failed')
    const ledgerActor = { tenantId, actorId: actor.actorId }
    if (paid.length > 0) await applyTransition(tx, ledgerActor, paid, 'paid', { reason: `Paid by ${label} (batch ${batch.id})` })
    for (const row of failed) {
      const item = byReference.get(payoutReference(row.id))!
      await applyTransition(tx, ledgerActor, [row], 'failed', { reason: `${label}: ${item.reason ?? item.providerStatus}` })
    }
    return {
      result: { paid: paid.length, failed: failed.length, pending: locked.length - paid.length - failed.length },
      // Nothing settled yet: nothing changed, so no audit row.
      records:
        paid.length + failed.length > 0
          ? [
              {
                entityId: batch.id,
                after: { providerStatus: remote.batchStatus, paid: paid.map((row) => row.id), failed: failed.map((row) => row.id) },
              },
            ]
          : [],
    }
  })
  const plural = (n: number) => (n === 1 ? '' : 's')
  const message =
    result.paid + result.failed === 0
      ? `${label} has not settled any payout of batch ${batch.id} yet (${remote.batchStatus}).`
      : `Batch ${batch.id}: ${result.paid} payout${plural(result.paid)} paid, ${result.failed} failed, ${result.pending} still processing.`
  return { batch: await findBatch(services.db, tenantId, batch.id), providerStatus: remote.batchStatus, ...result, message }
}

// ---------------------------------------------------------------------------------------------
// Connections

export async function connections(services: Services, tenantId: number): Promise<PayoutConnectionResult[]> {
  const { db } = services
  const adapters = payoutProviders(services.config)
  const payable = await payableAccountCounts(db, tenantId)
  const { rows: approved } = await db.execute<{ provider: string; count: number; amount: string; net: string }>(sql`
    select provider, count(*)::int as count, sum(amount)::text as amount, sum(net)::text as net
    from payouts where tenant_id = ${tenantId} and status = 'approved' group by provider`)
  const { rows: last } = await db.execute<{ provider: string; id: number; created_at: Date | string; count: number; amount: string }>(sql`
    select distinct on (provider) provider, id, created_at, count, amount::text as amount
    from payout_batches where tenant_id = ${tenantId}
    order by provider, created_at desc, id desc`)
  return PAYOUT_PROVIDERS.map((provider) => {
    const adapter = adapters[provider]
    const waiting = approved.find((row) => row.provider === provider)
    const latest = last.find((row) => row.provider === provider)
    return {
      provider,
      label: adapter.label,
      configured: adapter.configured,
      apiBase: adapter.apiBase,
      delivery: adapter.configured ? 'api' : 'file',
      message: adapter.configured
        ? `${adapter.label}: connected — exported batches are submitted through the API at ${adapter.apiBase}`
        : `${adapter.label}: not configured — batches are paid by uploading the file`,
      activityUrl: providerActivityLink(provider, { apiBase: adapter.apiBase }),
      lastBatch: latest
        ? {
            id: Number(latest.id),
            date: latest.created_at instanceof Date ? latest.created_at : new Date(latest.created_at),
            count: Number(latest.count),
            amount: latest.amount,
          }
        : null,
      payableAccounts: payable[provider],
      approved: {
        count: Number(waiting?.count ?? 0),
        amount: fromScaled(toScaled(waiting?.amount ?? '0', MONEY_SCALE), MONEY_SCALE),
        net: fromScaled(toScaled(waiting?.net ?? '0', MONEY_SCALE), MONEY_SCALE),
      },
    }
  })
}
