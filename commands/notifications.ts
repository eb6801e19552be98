import type { Command } from './types'
import { defineAction, type RecordAction } from './actions'

// The signed-in account's notifications: one read or deleted (from the bell and the notifications
// screen), all marked read or all deleted (the screen's buttons and the palette).

const notification = ['notification'] as const

export const NOTIFICATION_ACTIONS: readonly RecordAction[] = [
  defineAction({
    id: 'notifications.read',
    kinds: notification,
    scope: 'one',
    label: 'Mark read',
    title: (target) => `Mark “${target.items[0]?.state?.title ?? 'notification'}” read`,
    group: 'Notifications',
    keywords: ['notification', 'read'],
    available: (state) => !state.read,
    input: (item) => ({ params: { id: item.id } }),
    // Quiet: the card and the bell's count change, which says it.
    success: () => null,
  }),
  defineAction({
    id: 'notifications.remove',
    kinds: notification,
    scope: 'one',
    label: 'Delete',
    tone: 'red',
    title: (target) => `Delete “${target.items[0]?.state?.title ?? 'notification'}”`,
    group: 'Notifications',
    keywords: ['notification', 'delete', 'remove'],
    input: (item) => ({ params: { id: item.id } }),
    success: () => 'Notification deleted.',
  }),
]

/** Deletes every notification of the account: the palette's confirmation, and the screen's after its dialog. */
export const CLEAR_NOTIFICATIONS_CONFIRMED: Command = {
  id: 'notifications.clear.confirm',
  title: 'Yes, delete all my notifications',
  group: 'Confirm',
  access: 'auth',
  run: async (_context, env) => {
    const { deleted } = await env.call('notifications.clear')
    env.refresh()
    env.notify(deleted ? 'All notifications deleted.' : 'There were no notifications to delete.', 'success')
  },
}

/** Marks every notification of the account read: the palette, the bell's and the screen's buttons. */
export const MARK_ALL_NOTIFICATIONS_READ: Command = {
    id: 'notifications.markAllRead',
    title: 'Mark all notifications read',
    group: 'Actions',
    keywords: ['notifications', 'read', 'bell'],
    access: 'auth',
    run: async (_c, env) => {
      const { updated } = await env.call('notifications.markAllRead')
      env.refresh()
      env.notify(updated ? `Marked ${updated} notification${updated === 1 ? '' : 's'} read` : 'No unread notifications', 'success')
    },
}

export const NOTIFICATION_COMMANDS: readonly Command[] = [
  MARK_ALL_NOTIFICATIONS_READ,
  {
    id: 'notifications.clear',
    title: 'Delete all notifications…',
    group: 'Actions',
    keywords: ['notifications', 'clear', 'delete', 'bell'],
    access: 'auth',
    placeholder: 'Delete every notification? This cannot be undone.',
    children: () => [CLEAR_NOTIFICATIONS_CONFIRMED],
  },
]
