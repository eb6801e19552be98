import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { notificationEndpoints } from '@contract/notifications'
import type { Handlers, IdsOf } from '@server/handlers'
import { notifications } from '@server/db/schema/platform'
import * as service from './service'
import { toNotificationItem } from './service'

export { toNotificationItem }

const LATEST_NOTIFICATIONS = 5

export const notificationHandlers: Handlers<IdsOf<typeof notificationEndpoints>> = {
  'notifications.userBadge': async ({ ctx }) => {
    const { db } = ctx.services
    const accountId = ctx.session.account.id
    const own = and(eq(notifications.tenantId, ctx.tenant.id), eq(notifications.accountId, accountId))
    const [counted] = await db
      .select({ unread: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(own, isNull(notifications.readAt)))
    const latest = await db
      .select()
      .from(notifications)
      .where(own)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(LATEST_NOTIFICATIONS)
    return { unread: counted?.unread ?? 0, latest: latest.map(toNotificationItem) }
  },
  'notifications.list': ({ ctx, query }) => service.list(ctx, query),
  'notifications.read': ({ ctx, params }) => service.read(ctx, params.id),
  'notifications.markAllRead': ({ ctx }) => service.markAllRead(ctx),
  'notifications.remove': ({ ctx, params }) => service.remove(ctx, params.id),
  'notifications.clear': ({ ctx }) => service.clear(ctx),
}
