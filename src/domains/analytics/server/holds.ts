import { sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { trackHold } from '@contract/analytics'
import type { AuthedContext } from '@server/context'
import { auditedMutation } from '@server/audit'
import type { Queryable } from '@server/db/engine'
import { bigintArray } from '@server/db/arrays'
import { pageMeta } from '@server/db/paging'
import { notFound } from '@server/errors'
import { heldAmounts, listHolds, placeHold, releaseHold, type HoldRow } from '@domains/earnings/server/public'
import { trackRefs } from './fraud'

// Holding a flagged track's earnings (issue 24 item 5): the ledger moves are the earnings domain's
// (ledger/holds.ts); this names the tracks and accounts and audits the two actions.

async function namesOf(db: Queryable, tenantId: number, ids: readonly number[]) {
  if (!ids.length) return new Map<number, string>()
  const { rows } = await db.execute<{ id: number; name: string }>(sql`
    select id, coalesce(nullif(trim(first_name || ' ' || last_name), ''), username, email) as name
    from accounts where tenant_id = ${tenantId} and id = any(${bigintArray([...ids])})`)
  return new Map(rows.map((row) => [Number(row.id), String(row.name)]))
}

/** Holds as the contract shows them: the track, who acted, and what is held per account now. */
async function describe(db: Queryable, tenantId: number, holds: readonly HoldRow[]): Promise<z.input<typeof trackHold>[]> {
  const trackIds = [...new Set(holds.map((hold) => hold.trackId))]
  const refs = await trackRefs(db, tenantId, trackIds)
  const amounts = await heldAmounts(db, tenantId, trackIds)
  const people = new Set<number>()
  for (const hold of holds) {
    if (hold.heldBy !== null) people.add(hold.heldBy)
    if (hold.releasedBy !== null) people.add(hold.releasedBy)
    for (const part of amounts.get(hold.trackId)?.accounts ?? []) people.add(part.accountId)
  }
  const names = await namesOf(db, tenantId, [...people])
  const nameOf = (accountId: number | null) => (accountId === null ? null : (names.get(accountId) ?? `Account #${accountId}`))
  return holds.map((hold) => {
    const ref = refs.get(hold.trackId) ?? { title: `Track #${hold.trackId}`, isrc: null, releaseId: 0, releaseTitle: '' }
    // Money held belongs to the standing hold; a released one shows what it kept as zero.
    const held = hold.releasedAt === null ? amounts.get(hold.trackId) : undefined
    const parts = held?.accounts ?? []
    return {
      id: hold.id,
      trackId: hold.trackId,
      ...ref,
      reason: hold.reason,
      heldAt: hold.heldAt,
      heldBy: nameOf(hold.heldBy),
      releasedAt: hold.releasedAt,
      releasedBy: nameOf(hold.releasedBy),
      releaseReason: hold.releaseReason,
      amount: held?.total ?? '0.00',
      accounts: parts.map((part) => ({ id: part.accountId, name: nameOf(part.accountId)!, amount: part.amount })),
    }
  })
}

export async function holdsPage(
  ctx: AuthedContext,
  query: { page: number; per_page: number; track_id?: number; account_id?: number; standing?: 'true' | 'false' },
) {
  const { db } = ctx.services
  const filter = { trackId: query.track_id, accountId: query.account_id, standing: query.standing === 'true' }
  const { rows, total } = await listHolds(db, ctx.tenant.id, filter, query.per_page, (query.page - 1) * query.per_page)
  return { data: await describe(db, ctx.tenant.id, rows), meta: pageMeta(total, false, query.page, query.per_page) }
}

async function requireTrack(db: Queryable, tenantId: number, trackId: number) {
  const refs = await trackRefs(db, tenantId, [trackId])
  if (!refs.has(trackId)) throw notFound('There is no such track in this workspace.')
}

export async function holdTrack(ctx: AuthedContext, trackId: number, reason: string) {
  const tenantId = ctx.tenant.id
  await requireTrack(ctx.services.db, tenantId, trackId)
  return auditedMutation(ctx, { action: 'analytics.earnings_held', entityType: 'track', entityId: trackId }, async (tx) => {
    const { hold, transactionId } = await placeHold(tx, { tenantId, trackId, reason, actorId: ctx.session.account.id })
    const [described] = await describe(tx, tenantId, [hold])
    return { result: described, after: { reason, held: described.amount, transactionId } }
  })
}

export async function releaseTrackHold(ctx: AuthedContext, trackId: number, reason: string) {
  const tenantId = ctx.tenant.id
  await requireTrack(ctx.services.db, tenantId, trackId)
  return auditedMutation(ctx, { action: 'analytics.earnings_released', entityType: 'track', entityId: trackId }, async (tx) => {
    const [before] = await describe(tx, tenantId, (await listHolds(tx, tenantId, { trackId, standing: true }, 1, 0)).rows)
    const { hold, transactionId } = await releaseHold(tx, { tenantId, trackId, reason, actorId: ctx.session.account.id })
    const [described] = await describe(tx, tenantId, [hold])
    return { result: described, before: { held: before?.amount ?? '0.00' }, after: { reason, released: before?.amount ?? '0.00', transactionId } }
  })
}
