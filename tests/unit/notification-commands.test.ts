import { describe, expect, it } from 'vitest'
import { CLEAR_NOTIFICATIONS_CONFIRMED, MARK_ALL_NOTIFICATIONS_READ, NOTIFICATION_ACTIONS, NOTIFICATION_COMMANDS } from '../../commands/notifications'
import { targetOfRecord } from '../../commands/actions'
import type { CommandContext } from '../../commands/types'
import { fakeCommandEnv } from '../helpers/command-env'

const artist: CommandContext = { account: { id: 3, type: 'artist', isOperator: false }, route: null, record: null, list: null, paneCount: 1 }
const action = (key: string) => NOTIFICATION_ACTIONS.find((entry) => entry.key === key)!
const notification = (read: boolean) => targetOfRecord({ kind: 'notification', id: '5', title: 'Payout sent', state: { read, title: 'Payout sent' } })!

describe('notification actions', () => {
  it('marks one read only while it is unread, quietly; deletes one saying so', async () => {
    expect(action('notifications.read').availability(notification(false), artist)).toBe(true)
    expect(action('notifications.read').availability(notification(true), artist)).toBe(false)
    const env = fakeCommandEnv()
    await action('notifications.read').command(notification(false)).run!(artist, env)
    expect(env.call).toHaveBeenCalledWith('notifications.read', { params: { id: 5 } })
    expect(env.notify).not.toHaveBeenCalled()
    expect(env.refresh).toHaveBeenCalled()
    await action('notifications.remove').command(notification(true)).run!(artist, env)
    expect(env.call).toHaveBeenLastCalledWith('notifications.remove', { params: { id: 5 } })
    expect(env.notify).toHaveBeenLastCalledWith('Notification deleted.', 'success')
  })

  it('marks all read and clears all (after the question) with a refresh, so the bell follows from wherever it was done', async () => {
    const env = fakeCommandEnv({ 'notifications.markAllRead': { updated: 2 }, 'notifications.clear': { deleted: 7 } })
    await MARK_ALL_NOTIFICATIONS_READ.run!(artist, env)
    expect(env.notify).toHaveBeenLastCalledWith('Marked 2 notifications read', 'success')
    expect(env.refresh).toHaveBeenCalledTimes(1)
    const clear = NOTIFICATION_COMMANDS.find((command) => command.id === 'notifications.clear')!
    expect(await clear.children!(artist, env)).toEqual([CLEAR_NOTIFICATIONS_CONFIRMED])
    await CLEAR_NOTIFICATIONS_CONFIRMED.run!(artist, env)
    expect(env.call).toHaveBeenLastCalledWith('notifications.clear')
    expect(env.notify).toHaveBeenLastCalledWith('All notifications deleted.', 'success')
    expect(env.refresh).toHaveBeenCalledTimes(2)
  })
})
