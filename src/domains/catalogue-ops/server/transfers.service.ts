import { and, eq, sql } from 'drizzle-orm'
import type { TransferPlanRow, TransferResult } from '@contract/catalogue-ops'
import { RELEASE_STATUS, statusLabel } from '@core/release-status'
import type { AuthedContext } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { bigintArray } from '@server/db/arrays'
import { accounts } from '@server/db/schema/platform'
import { auditedMutation } from '@server/audit'
import { HttpError, conflict, fieldError, notFound } from '@server/errors'
import { moveReleaseOwner } from '@domains/catalogue/server/public'
import { countOpenSplitsOwned, moveSplitOwner } from '@domains/splits/server/public'

// Transfers (docs/catalogue-ops.md "Transfers"): a release moves to another artist or label account
// of the workspace. Earnings are posted to whoever owns the release when a statement is posted
// (earnings' ledger posting asks the catalogue for the owner), so changing the owner moves future
// earnings while the ledger entries already made keep their account.

/**
 * States a release cannot move in: staff or the stores are acting on it for its current owner
 * (under review, edit pending, takedown pending); the move waits until that is settled.
 */
const IN_FLIGHT: Readonly<Record<number, string>> = {
  [RELEASE_STATUS.underReview]: 'it is under review: decide the review first',
  [RELEASE_STATUS.editPending]: 'an edit of it is pending: accept or reject the edit first',
  [RELEASE_STATUS.takedownPending]: 'its takedown is pending',
}

type Target = TransferResult['to']

/** The account the releases go to: of this workspace, an artist or a label, not banned. */
async function targetAccount(q: Queryable, tenantId: number, accountId: number): Promise<Target> {
  const [account] = await q
    .select({ id: accounts.id, email: accounts.email, type: accounts.type, banned: accounts.banned })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.tenantId, tenantId)))
  if (!account) throw fieldError('accountId', 'There is no such account in this workspace.')
  if (account.type !== 'artist' && account.type !== 'label')
    throw fieldError('accountId', 'Releases move to an artist or a label account, not a staff account.')
  if (account.banned) throw fieldError('accountId', 'This account is banned: releases cannot move to it.')
  return { id: account.id, email: account.email, type: account.type }
}

interface Plan extends TransferPlanRow {
  trackIds: number[]
}

/** What a transfer of `releaseIds` to `to` would do, release by release (input order, unknown ids refused). */
async function plan(q: Queryable, tenantId: number, releaseIds: number[], to: Target): Promise<Plan[]> {
  const { rows } = await q.execute<{
    id: number
    title: string
    status: number
    account_id: number
    email: string
    track_ids: number[] | null
  }>(
    sql`select r.id, r.title, r.status, r.account_id, a.email,
          (select array_agg(t.id order by t.position) from tracks t where t.release_id = r.id and t.tenant_id = ${tenantId}) as track_ids
        from releases r join accounts a on a.id = r.account_id
        where r.tenant_id = ${tenantId} and r.id = any(${bigintArray(releaseIds)})`,
  )
  const found = new Map(rows.map((row) => [Number(row.id), row]))
  const plans: Plan[] = []
  for (const releaseId of [...new Set(releaseIds)]) {
    const row = found.get(releaseId)
    if (!row) {
      plans.push({
        releaseId,
        title: `Release #${releaseId}`,
        from: null,
        tracks: 0,
        splits: 0,
        refused: 'There is no such release.',
        trackIds: [],
      })
      continue
    }
    const from = Number(row.account_id)
    const trackIds = (row.track_ids ?? []).map(Number)
    const reason =
      from === to.id
        ? 'It belongs to this account already.'
        : IN_FLIGHT[row.status]
          ? `It cannot move while ${IN_FLIGHT[row.status]} (${statusLabel(row.status).toLowerCase()}).`
          : null
    plans.push({
      releaseId,
      title: row.title,
      from: { id: from, email: row.email },
      tracks: trackIds.length,
      splits: reason ? 0 : await countOpenSplitsOwned(q, tenantId, trackIds, from),
      refused: reason,
      trackIds,
    })
  }
  return plans
}

/** One release moves in its own audited transaction, so a bulk transfer's refusals never undo the others. */
async function moveOne(ctx: AuthedContext, item: Plan, to: Target): Promise<Plan> {
  const tenantId = ctx.tenant.id
  const from = item.from!.id
  try {
    return await auditedMutation(ctx, { action: 'release.transferred', entityType: 'release', entityId: item.releaseId }, async (tx) => {
      // The status and owner are read again under the row lock: the preview may be out of date.
      const { rows } = await tx.execute<{ status: number; account_id: number }>(
        sql`select status, account_id from releases where id = ${item.releaseId} and tenant_id = ${tenantId} for update`,
      )
      const now = rows[0]
      if (!now || Number(now.account_id) !== from) throw conflict('Its owner changed meanwhile: preview the transfer again.')
      if (IN_FLIGHT[now.status]) throw conflict(`It cannot move while ${IN_FLIGHT[now.status]}.`)
      const trackIds = await moveReleaseOwner(tx, tenantId, item.releaseId, from, to.id)
      if (!trackIds) throw conflict('Its owner changed meanwhile: preview the transfer again.')
      const splits = await moveSplitOwner(tx, tenantId, trackIds, from, to.id)
      return {
        result: { ...item, tracks: trackIds.length, splits },
        before: { accountId: from },
        after: { accountId: to.id, tracks: trackIds.length, splitsMoved: splits },
      }
    })
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409) return { ...item, refused: error.message }
    throw error
  }
}

function answer(dryRun: boolean, to: Target, plans: Plan[]): TransferResult {
  const releases = plans.map(({ trackIds: _trackIds, ...row }) => row)
  const refused = releases.filter((row) => row.refused).length
  return { dryRun, to, releases, moved: dryRun ? 0 : releases.length - refused, refused }
}

export async function transferReleases(ctx: AuthedContext, input: { ids: number[]; accountId: number; dryRun: boolean }) {
  const tenantId = ctx.tenant.id
  const to = await targetAccount(ctx.services.db, tenantId, input.accountId)
  const plans = await plan(ctx.services.db, tenantId, input.ids, to)
  if (input.dryRun) return answer(true, to, plans)
  const done: Plan[] = []
  for (const item of plans) done.push(item.refused ? item : await moveOne(ctx, item, to))
  return answer(false, to, done)
}

/** One release: a refusal is the answer's error (409 with the reason) rather than a row of a report. */
export async function transferRelease(ctx: AuthedContext, input: { releaseId: number; accountId: number; dryRun: boolean }) {
  const result = await transferReleases(ctx, { ids: [input.releaseId], accountId: input.accountId, dryRun: input.dryRun })
  const [row] = result.releases
  if (row.refused) {
    if (!row.from) throw notFound(row.refused)
    throw conflict(`“${row.title}” cannot move: ${lowerFirst(row.refused)}`)
  }
  return result
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)
