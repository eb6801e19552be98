import type { FEEDBACK_SEVERITIES } from '@contract/dashboard'
import type { AuthedContext } from '@server/context'
import { auditedMutation } from '@server/audit'
import { notifyAdmins, truncate } from '@domains/notifications/server/public'
import { displayStatus, RELEASE_STATUS } from '@core/release-status'
import { monthRange } from '@core/months'
import { requireStaff } from '@server/accounts'
import { catalogueStats as catalogue } from '@domains/catalogue/server/public'
import { monthlyEarnings } from '@domains/earnings/server/public'
import { dashboardRequestLists } from '@domains/feature-controls/server/public'
import { dashboardSplitLists } from '@domains/splits/server/public'
import * as repo from './repository'

/** How many releases each dashboard list shows; its total counts them all. */
export const DASHBOARD_LIST_SIZE = 5
/** The statistics' default range: this month and the eleven before it. */
const DEFAULT_MONTHS = 12

export const FEEDBACK_SUBMITTED = 'Feedback submitted successfully'
/** How much of the feedback the admins' notification repeats; the whole text stays in the feedback row. */
const NOTIFIED_EXCERPT = 280

/** Stores feedback from the beta banner with the page it was sent from, and tells the workspace's admins. */
export async function submitFeedback(
  ctx: AuthedContext,
  input: { message: string; severity: (typeof FEEDBACK_SEVERITIES)[number]; page: string },
) {
  const { session, tenant } = ctx
  await auditedMutation(ctx, { action: 'feedback.submitted', entityType: 'feedback' }, async (tx) => {
    const saved = await repo.insertFeedback(tx, {
      tenantId: tenant.id,
      accountId: session.account.id,
      message: input.message,
      severity: input.severity,
      page: input.page,
      userAgent: ctx.userAgent || null,
    })
    await notifyAdmins(tx, tenant.id, {
      title: `Feedback received (${input.severity})`,
      message: truncate(input.message, NOTIFIED_EXCERPT),
      type: input.severity === 'info' ? 'info' : 'feedback',
      link: input.page,
    })
    return { result: saved.id, entityId: saved.id, after: { severity: saved.severity, page: saved.page } }
  })
  return { ok: true as const, message: FEEDBACK_SUBMITTED }
}

type NewestReleases = Awaited<ReturnType<typeof catalogue.newestReleases>>

function listOf({ rows, total }: NewestReleases, now: Date) {
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      artist: row.artist,
      coverUrl: row.coverUrl,
      status: row.status,
      displayStatus: displayStatus(row.status, row.releaseDate, now),
      releaseDate: row.releaseDate,
      created: row.createdAt ? row.createdAt.toISOString() : null,
    })),
    total,
  }
}

/** Admins only (artists and labels land on their own dashboard): the newest releases, those pending takedown and those pending edit, each with its total. */
export async function dashboardOverview(ctx: AuthedContext) {
  // dashboard/* are signed-in calls in the spec (endpoints.tsv: auth): staff only is checked here.
  requireStaff(ctx)
  const { db } = ctx.services
  const tenantId = ctx.tenant.id
  // One at a time: PGlite runs queries one after another anyway, and the pool stays free on PostgreSQL.
  const recent = await catalogue.newestReleases(db, tenantId, DASHBOARD_LIST_SIZE)
  const takedown = await catalogue.newestReleases(db, tenantId, DASHBOARD_LIST_SIZE, RELEASE_STATUS.takedownPending)
  const edit = await catalogue.newestReleases(db, tenantId, DASHBOARD_LIST_SIZE, RELEASE_STATUS.editPending)
  const now = new Date()
  const requests = await dashboardRequestLists(db, tenantId, DASHBOARD_LIST_SIZE)
  const splits = await dashboardSplitLists(db, tenantId, DASHBOARD_LIST_SIZE)
  return { releases: listOf(recent, now), pendingTakedown: listOf(takedown, now), pendingEdit: listOf(edit, now), ...requests, ...splits }
}

/** Releases, accounts and tracks created, and earnings and admin fees, per month of the range (the last 12 months by default), zero-filled. */
export async function dashboardStatistics(ctx: AuthedContext, input: { from?: string; to?: string }, now: Date = new Date()) {
  // A signed-in call in the spec (endpoints.tsv: auth): staff only is checked here.
  requireStaff(ctx)
  const { db } = ctx.services
  const tenantId = ctx.tenant.id
  const { from, to } = monthRange(input, DEFAULT_MONTHS, now)
  const releases = await catalogue.monthlyReleases(db, tenantId, from, to)
  const accounts = await repo.monthlyAccounts(db, tenantId, from, to)
  const tracks = await catalogue.monthlyTracks(db, tenantId, from, to)
  const { earnings, adminFees } = await monthlyEarnings(db, tenantId, from, to)
  return { from, to, releases, accounts, tracks, earnings, adminFees }
}
