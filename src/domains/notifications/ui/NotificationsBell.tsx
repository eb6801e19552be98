import { useEffect, useRef, useState } from 'react'
import { Badge, Box, Button, Flex, IconButton, Popover, Separator, Text, Tooltip } from '@radix-ui/themes'
import { BellIcon } from '@radix-ui/react-icons'
import type { NotificationItem } from '@contract/notifications'
import { fullDate, timeAgo } from '@core/time'
import { api } from '@client/api'
import { MARK_ALL_NOTIFICATIONS_READ } from '@commands/notifications'
import { runRecordAction } from '@client/ui/RecordActions'
import { runCommand } from '@client/shell/run-command'
import { useDataVersion } from '@client/state/useDataVersion'
import { useLoad } from '@client/state/useLoad'
import { useSession } from '@client/state/session'
import { NotificationIcon } from './NotificationIcon'
import { isInternalLink, notificationRecord, useNavigateTo } from './notifications-ui'

/** The bell asks again this often, and whenever the window regains focus. */
export const BELL_REFRESH_MS = 60_000
const FAILED = 'Something went wrong, try refreshing the site and try again.'

const fetchBadge = (_: string, signal: AbortSignal) => api.call('notifications.userBadge', undefined, { signal })

function countLabel(unread: number): string {
  return unread > 99 ? '99+' : String(unread)
}

/** The navbar's bell: unread count, the latest notifications, mark all read and a way to see them all. */
export function NotificationsBell() {
  const { me } = useSession()
  const [open, setOpen] = useState(false)
  const badge = useLoad(fetchBadge, 'bell')
  const navigateTo = useNavigateTo()
  // Any action that changed data (the declared notification actions included) reloads it.
  const version = useDataVersion()
  const reload = useRef(badge.reload)
  useEffect(() => {
    reload.current = badge.reload
  })

  useEffect(() => {
    const refresh = () => reload.current()
    const timer = setInterval(refresh, BELL_REFRESH_MS)
    window.addEventListener('focus', refresh)
    return () => {
      clearInterval(timer)
      window.removeEventListener('focus', refresh)
    }
  }, [])

  // Changes made elsewhere (the notifications screen) show here at once.
  const seenVersion = useRef(version)
  useEffect(() => {
    if (seenVersion.current === version) return
    seenVersion.current = version
    reload.current()
  }, [version])

  const unread = badge.data?.unread ?? 0
  const latest = badge.data?.latest ?? []

  const handleOpenChange = (next: boolean) => {
    setOpen(next)
    if (next) reload.current()
  }

  const handleItem = async (item: NotificationItem) => {
    setOpen(false)
    if (!item.read) await runRecordAction(notificationRecord(item), 'notifications.read')
    if (isInternalLink(item.link)) navigateTo(item.link)
  }

  const handleMarkAll = () => runCommand(MARK_ALL_NOTIFICATIONS_READ)

  const label = unread ? `Notifications, ${unread} unread` : 'Notifications'
  return (
    <Popover.Root open={open} onOpenChange={handleOpenChange}>
      <Tooltip content="Notifications">
        <Box style={{ position: 'relative', display: 'inline-flex' }}>
          <Popover.Trigger>
            <IconButton variant="ghost" className="wl-navbar__button" aria-label={label}>
              <BellIcon />
            </IconButton>
          </Popover.Trigger>
          {unread > 0 && (
            <Badge
              color="red"
              variant="solid"
              radius="full"
              size="1"
              aria-hidden
              data-testid="unread-count"
              style={{
                position: 'absolute',
                top: -6,
                right: -8,
                pointerEvents: 'none',
                padding: '0 5px',
                minWidth: 18,
                justifyContent: 'center',
              }}
            >
              {countLabel(unread)}
            </Badge>
          )}
        </Box>
      </Tooltip>
      <Popover.Content width="380px" align="end" aria-label="Notifications">
        <Flex align="center" justify="between" mb="2">
          <Text weight="bold">Notifications</Text>
          <Button size="1" variant="ghost" disabled={unread === 0} onClick={() => void handleMarkAll()}>
            Mark all read
          </Button>
        </Flex>
        <Separator size="4" />
        {badge.status === 'error' && !badge.data ? (
          <Flex direction="column" align="start" gap="2" py="3" role="alert">
            <Text size="2" color="red">
              {badge.error?.message ?? FAILED}
            </Text>
            <Button size="1" variant="soft" onClick={() => reload.current()}>
              Try again
            </Button>
          </Flex>
        ) : latest.length === 0 ? (
          <Text as="p" size="2" color="gray" my="3">
            {badge.status === 'loading' && !badge.data ? 'Loading…' : 'You have no notifications.'}
          </Text>
        ) : (
          <Flex asChild direction="column" my="2" gap="1">
            <ul aria-label="Latest notifications" style={{ listStyle: 'none', padding: 0 }}>
              {latest.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className="wl-notification-item"
                    data-unread={!item.read || undefined}
                    onClick={() => void handleItem(item)}
                    style={{
                      display: 'flex',
                      gap: 10,
                      width: '100%',
                      textAlign: 'left',
                      padding: '8px',
                      border: 0,
                      borderRadius: 'var(--radius-2)',
                      cursor: 'pointer',
                      color: 'inherit',
                      background: item.read ? 'transparent' : 'var(--accent-a3)',
                    }}
                  >
                    <NotificationIcon type={item.type} />
                    <Flex direction="column" style={{ minWidth: 0, flex: 1 }}>
                      <Text size="2" weight={item.read ? 'regular' : 'bold'} truncate>
                        {item.title}
                      </Text>
                      <Text size="1" color="gray" truncate>
                        {item.message}
                      </Text>
                      <Text size="1" color="gray" title={fullDate(item.created)}>
                        {timeAgo(item.created)}
                        {!item.read && ' · unread'}
                      </Text>
                    </Flex>
                  </button>
                </li>
              ))}
            </ul>
          </Flex>
        )}
        {me?.account.type === 'admin' && (
          <>
            <Separator size="4" />
            <Flex justify="center" pt="2">
              <Button
                size="1"
                variant="ghost"
                asChild
                onClick={(event) => {
                  event.preventDefault()
                  setOpen(false)
                  navigateTo('/notifications')
                }}
              >
                <a href="/notifications">See all</a>
              </Button>
            </Flex>
          </>
        )}
      </Popover.Content>
    </Popover.Root>
  )
}
