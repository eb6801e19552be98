import { z } from 'zod'
import { endpoint } from './define'
import { idParams, ok, pageOf, timestamp } from './common'

export const notificationItem = z.object({
  id: z.number(),
  title: z.string(),
  message: z.string(),
  created: timestamp,
  /** `info` shows an info icon and colour; anything else a bell in the primary colour. */
  type: z.string(),
  fileUrl: z.string().nullable(),
  read: z.boolean(),
  link: z.string().nullable(),
})
export type NotificationItem = z.infer<typeof notificationItem>

export const NOTIFICATION_PAGE_SIZE = 5

export const notificationEndpoints = {
  'notifications.userBadge': endpoint({
    method: 'GET',
    path: 'portal/notifications/user-notification',
    access: 'auth',
    summary: 'Unread count and latest notifications for the bell',
    response: z.object({ unread: z.number().int(), latest: z.array(notificationItem) }),
  }),
  'notifications.list': endpoint({
    method: 'GET',
    path: 'admin/notifications',
    access: 'auth',
    summary: "The signed-in account's notifications, newest first, filtered by read state and searched in title and message",
    query: z.object({
      page: z.coerce.number<number>().int().min(1).max(100_000).default(1),
      per_page: z.coerce.number<number>().int().min(1).max(100).default(NOTIFICATION_PAGE_SIZE),
      status: z.enum(['all', 'read', 'unread']).default('all'),
      search: z.string().trim().max(200).optional(),
    }),
    response: pageOf(notificationItem),
  }),
  'notifications.read': endpoint({
    method: 'PATCH',
    path: 'admin/notifications/{id}/read',
    access: 'auth',
    summary: 'Mark one notification read',
    params: idParams,
    response: notificationItem,
  }),
  'notifications.markAllRead': endpoint({
    method: 'PATCH',
    path: 'admin/notifications/mark-all-read',
    access: 'auth',
    summary: 'Mark every notification read',
    response: z.object({ updated: z.number().int() }),
  }),
  'notifications.remove': endpoint({
    method: 'DELETE',
    path: 'admin/notifications/{id}',
    access: 'auth',
    summary: 'Delete one notification',
    params: idParams,
    response: ok,
  }),
  'notifications.clear': endpoint({
    method: 'DELETE',
    path: 'admin/notifications/clear',
    access: 'auth',
    summary: 'Delete every notification',
    response: z.object({ deleted: z.number().int() }),
  }),
} as const
