import { Box, Button, Flex, IconButton, Popover, Separator, Text, Tooltip } from '@radix-ui/themes'
import { BellIcon } from '@radix-ui/react-icons'
import type { NotificationItem } from '@contract/notifications'
import { fullDate, timeAgo } from '@core/time'
import { MARK_ALL_NOTIFICATIONS_READ } from '@commands/notifications'
import { runRecordAction } from '@client/ui/RecordActions'
import { runCommand } from '@client/shell/run-command'
import type { PopupProps } from '@client/ui/dialogs/deferred'
import { NotificationIcon } from './NotificationIcon'
import { isInternalLink, notificationRecord } from './notifications-ui'
import { BELL_FAILED, UnreadBadge, type BellPopupProps } from './NotificationsBell'

/** The bell's popover: the latest notifications, mark all read, see all. Fetched on first use. */
export default function NotificationsBellPopup({
  open,
  onOpenChange,
  unread,
  label,
  badge,
  reload,
  isAdmin,
  navigateTo,
  autoFocus,
}: BellPopupProps & PopupProps) {
  const latest = badge.data?.latest ?? []
  const handleItem = async (item: NotificationItem) => {
    onOpenChange(false)
    if (!item.read) await runRecordAction(notificationRecord(item), 'notifications.read')
    if (isInternalLink(item.link)) navigateTo(item.link)
  }
  const handleMarkAll = () => runCommand(MARK_ALL_NOTIFICATIONS_READ)
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Tooltip content="Notifications">
        <Box style={{ position: 'relative', display: 'inline-flex' }}>
          <Popover.Trigger>
            {/* autoFocus: only when the placeholder it replaces had the focus. */}
            <IconButton variant="ghost" className="wl-navbar__button" aria-label={label} autoFocus={autoFocus}>
              <BellIcon />
            </IconButton>
          </Popover.Trigger>
          <UnreadBadge unread={unread} />
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
              {badge.error?.message ?? BELL_FAILED}
            </Text>
            <Button size="1" variant="soft" onClick={reload}>
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
        {isAdmin && (
          <>
            <Separator size="4" />
            <Flex justify="center" pt="2">
              <Button
                size="1"
                variant="ghost"
                asChild
                onClick={(event) => {
                  event.preventDefault()
                  onOpenChange(false)
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
