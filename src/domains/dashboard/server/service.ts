import type { FEEDBACK_SEVERITIES } from '@contract/dashboard'
import type { AuthedContext } from '@server/context'
import { audit, actorOf } from '@server/audit'
import { notifyAdmins, truncate } from '@domains/notifications/server/service'
import * as repo from './repository'

export const FEEDBACK_SUBMITTED = 'Feedback submitted successfully'
/** How much of the feedback the admins' notification repeats; the whole text stays in the feedback row. */
const NOTIFIED_EXCERPT = 280

/** Stores feedback from the beta banner with the page it was sent from, and tells the workspace's admins. */
export async function submitFeedback(
  ctx: AuthedContext,
  input: { message: string; severity: (typeof FEEDBACK_SEVERITIES)[number]; page: string },
) {
  const { services, session, tenant } = ctx
  await services.db.transaction(async (tx) => {
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
    await audit(tx, actorOf(ctx), {
      action: 'feedback.submitted',
      entityType: 'feedback',
      entityId: saved.id,
      after: { severity: saved.severity, page: saved.page },
    })
  })
  return { ok: true as const, message: FEEDBACK_SUBMITTED }
}
