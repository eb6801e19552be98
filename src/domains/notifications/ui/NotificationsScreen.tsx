import { useEffect, useId, useMemo, useRef, useState } from 'react'
import {
  AlertDialog,
  Badge,
  Button,
  Callout,
  Card,
  Flex,
  Heading,
  IconButton,
  Link as RadixLink,
  SegmentedControl,
  Select,
  Skeleton,
  Text,
  TextField,
  Tooltip,
} from '@radix-ui/themes'
import { CheckIcon, ExclamationTriangleIcon, MagnifyingGlassIcon, TrashIcon } from '@radix-ui/react-icons'
import { NOTIFICATION_PAGE_SIZE, type NotificationItem } from '@contract/notifications'
import { fullDate, timeAgo } from '@core/time'
import { api } from '@client/api'
import { useDataVersion } from '@client/state/useDataVersion'
import { useLoad } from '@client/state/useLoad'
import { useTab } from '@client/workspace/tab-context'
import { NotificationIcon } from './NotificationIcon'
import { isInternalLink, notificationRecord, safeFileUrl } from './notifications-ui'
import { CLEAR_NOTIFICATIONS_CONFIRMED, MARK_ALL_NOTIFICATIONS_READ } from '@commands/notifications'
import { runRecordAction } from '@client/ui/RecordActions'
import { runCommand } from '@client/shell/run-command'

type Status = 'all' | 'read' | 'unread'

const STATUSES: { value: Status; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
]
export const NOTIFICATION_PAGE_SIZES = [NOTIFICATION_PAGE_SIZE, 10, 25, 50] as const
export const SEARCH_DEBOUNCE_MS = 400
const FAILED = 'Something went wrong, try refreshing the site and try again.'

interface Query {
  page: number
  per_page: number
  status: Status
  search: string
}

function readQuery(search: URLSearchParams): Query {
  const page = Number(search.get('page'))
  const perPage = Number(search.get('per_page'))
  const status = search.get('status')
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    per_page: (NOTIFICATION_PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : NOTIFICATION_PAGE_SIZE,
    status: status === 'read' || status === 'unread' ? status : 'all',
    search: (search.get('search') ?? '').trim(),
  }
}

const fetchPage = (key: string, signal: AbortSignal) => {
  const query = JSON.parse(key) as Query
  return api.call('notifications.list', { query: { ...query, search: query.search || undefined } }, { signal })
}

function NotificationCard({
  item,
  onOpen,
  onRead,
  onDelete,
}: {
  item: NotificationItem
  onOpen(item: NotificationItem): void
  onRead(item: NotificationItem): void
  onDelete(item: NotificationItem): void
}) {
  const file = safeFileUrl(item.fileUrl)
  const link = isInternalLink(item.link) ? item.link : null
  return (
    <Card asChild size="2" style={item.read ? undefined : { boxShadow: 'inset 3px 0 0 var(--accent-9)' }}>
      <li aria-label={item.title} data-unread={!item.read || undefined}>
        <Flex gap="3" align="start">
          <NotificationIcon type={item.type} />
          <Flex direction="column" gap="1" style={{ flex: 1, minWidth: 0 }}>
            <Flex gap="2" align="center" wrap="wrap">
              <Text weight={item.read ? 'medium' : 'bold'}>{item.title}</Text>
              {!item.read && (
                <Badge size="1" color="blue" variant="soft">
                  Unread
                </Badge>
              )}
            </Flex>
            <Text size="2" color="gray" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {item.message}
            </Text>
            <Flex gap="3" align="center" wrap="wrap">
              <Text size="1" color="gray" asChild>
                <time dateTime={item.created} title={fullDate(item.created)}>
                  {timeAgo(item.created)}
                </time>
              </Text>
              {link && (
                <RadixLink
                  size="1"
                  href={link}
                  onClick={(event) => {
                    event.preventDefault()
                    onOpen(item)
                  }}
                >
                  Open
                </RadixLink>
              )}
              {file && (
                <RadixLink size="1" href={file} target="_blank" rel="noopener noreferrer">
                  Open file
                </RadixLink>
              )}
            </Flex>
          </Flex>
          <Flex gap="2" align="center">
            {!item.read && (
              <Tooltip content="Mark read">
                <IconButton size="1" variant="soft" aria-label={`Mark “${item.title}” read`} onClick={() => onRead(item)}>
                  <CheckIcon />
                </IconButton>
              </Tooltip>
            )}
            <Tooltip content="Delete">
              <IconButton size="1" variant="soft" color="red" aria-label={`Delete “${item.title}”`} onClick={() => onDelete(item)}>
                <TrashIcon />
              </IconButton>
            </Tooltip>
          </Flex>
        </Flex>
      </li>
    </Card>
  )
}

/** The account's notifications: filter, search, page, mark read, delete and clear; the state lives in the tab's address. */
export default function NotificationsScreen() {
  const tab = useTab()
  const query = useMemo(() => readQuery(tab.search), [tab.search])
  const key = useMemo(() => JSON.stringify(query), [query])
  const list = useLoad(fetchPage, key)
  const [confirmClear, setConfirmClear] = useState(false)
  const [busy, setBusy] = useState(false)
  const perPageLabel = useId()
  // Any action that changed data (the declared notification actions included) reloads it.
  const version = useDataVersion()

  // The search box: typed text settles for 400 ms before it becomes the address.
  const [text, setText] = useState(query.search)
  const written = useRef(query.search)
  useEffect(() => {
    // Back and Forward (or a pasted address) change the search from outside: show it.
    if (query.search === written.current) return
    written.current = query.search
    setText(query.search)
  }, [query.search])
  useEffect(() => {
    const next = text.trim()
    if (next === query.search) return
    const timer = setTimeout(() => {
      written.current = next
      tab.setSearch({ search: next || null, page: null }, { replace: true })
    }, SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, query.search, tab])

  const reload = useRef(list.reload)
  useEffect(() => {
    reload.current = list.reload
  })
  // The bell, or an action anywhere, changed something: show it.
  const seenVersion = useRef(version)
  useEffect(() => {
    if (seenVersion.current === version) return
    seenVersion.current = version
    reload.current()
  }, [version])

  // A page that no longer exists (after deleting its last items) moves to the last one that does.
  const lastPage = list.data?.meta.last_page ?? 1
  useEffect(() => {
    if (list.status === 'success' && query.page > lastPage) {
      tab.setSearch({ page: lastPage > 1 ? String(lastPage) : null }, { replace: true })
    }
  }, [list.status, query.page, lastPage, tab])

  const setPage = (page: number) => tab.setSearch({ page: page > 1 ? String(page) : null })

  // Each runs as declared (commands/notifications.ts): the same call, wording and refresh as the palette.
  const run = async (action: () => Promise<void>) => {
    setBusy(true)
    try {
      await action()
    } finally {
      setBusy(false)
    }
  }
  const handleRead = (item: NotificationItem) => run(() => runRecordAction(notificationRecord(item), 'notifications.read'))
  const handleDelete = (item: NotificationItem) => run(() => runRecordAction(notificationRecord(item), 'notifications.remove'))
  const handleMarkAll = () => run(() => runCommand(MARK_ALL_NOTIFICATIONS_READ))
  const handleClear = () => {
    setConfirmClear(false)
    return run(() => runCommand(CLEAR_NOTIFICATIONS_CONFIRMED))
  }
  const handleOpen = async (item: NotificationItem) => {
    if (!item.read) await handleRead(item)
    if (isInternalLink(item.link)) tab.navigate(item.link)
  }

  const items = list.data?.data ?? []
  const total = list.data?.meta.total ?? 0
  const filtered = query.status !== 'all' || query.search !== ''
  const firstLoad = list.status === 'loading' && !list.data

  return (
    <Flex direction="column" gap="4" style={{ maxWidth: 900 }}>
      <Flex align="center" justify="between" gap="3" wrap="wrap">
        <Heading as="h1" size="6">
          Notifications
        </Heading>
        <Flex gap="2">
          <Button variant="soft" disabled={busy || total === 0} onClick={() => void handleMarkAll()}>
            <CheckIcon /> Mark all read
          </Button>
          <Button variant="soft" color="red" disabled={busy || (total === 0 && !filtered)} onClick={() => setConfirmClear(true)}>
            <TrashIcon /> Clear all
          </Button>
        </Flex>
      </Flex>

      <Flex gap="3" align="center" wrap="wrap">
        <SegmentedControl.Root
          value={query.status}
          onValueChange={(value) => tab.setSearch({ status: value === 'all' ? null : value, page: null })}
          aria-label="Show"
        >
          {STATUSES.map((status) => (
            <SegmentedControl.Item key={status.value} value={status.value}>
              {status.label}
            </SegmentedControl.Item>
          ))}
        </SegmentedControl.Root>
        <TextField.Root
          placeholder="Search title and message"
          aria-label="Search notifications"
          value={text}
          onChange={(event) => setText(event.target.value)}
          style={{ flex: 1, minWidth: 220 }}
        >
          <TextField.Slot>
            <MagnifyingGlassIcon />
          </TextField.Slot>
        </TextField.Root>
      </Flex>

      {list.status === 'error' && (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>
            {list.error?.message ?? FAILED}{' '}
            <Button size="1" variant="soft" color="red" onClick={() => reload.current()}>
              Try again
            </Button>
          </Callout.Text>
        </Callout.Root>
      )}

      {firstLoad ? (
        <Flex direction="column" gap="2" aria-busy="true">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} height="72px" />
          ))}
        </Flex>
      ) : list.status !== 'error' && items.length === 0 ? (
        <Card size="3">
          <Flex direction="column" align="center" gap="2" py="4" role="status">
            <Text color="gray">{filtered ? 'No notifications match your filters.' : 'You have no notifications.'}</Text>
            {filtered && (
              <Button variant="soft" size="1" onClick={() => (setText(''), tab.setSearch({ status: null, search: null, page: null }))}>
                Clear filters
              </Button>
            )}
          </Flex>
        </Card>
      ) : (
        <Flex asChild direction="column" gap="2">
          <ul aria-label="Notifications" aria-busy={list.status === 'loading'} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((item) => (
              <NotificationCard
                key={item.id}
                item={item}
                onOpen={(target) => void handleOpen(target)}
                onRead={(target) => void handleRead(target)}
                onDelete={(target) => void handleDelete(target)}
              />
            ))}
          </ul>
        </Flex>
      )}

      {total > 0 && (
        <Flex align="center" justify="between" gap="3" wrap="wrap">
          <Text size="2" color="gray">
            {total} {total === 1 ? 'notification' : 'notifications'}
          </Text>
          <Flex align="center" gap="3">
            <Flex align="center" gap="2">
              <Text size="2" color="gray" id={perPageLabel}>
                Per page
              </Text>
              <Select.Root
                size="1"
                value={String(query.per_page)}
                onValueChange={(value) => tab.setSearch({ per_page: value === String(NOTIFICATION_PAGE_SIZE) ? null : value, page: null })}
              >
                <Select.Trigger aria-labelledby={perPageLabel} />
                <Select.Content>
                  {NOTIFICATION_PAGE_SIZES.map((size) => (
                    <Select.Item key={size} value={String(size)}>
                      {size}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            </Flex>
            <Button size="1" variant="soft" color="gray" disabled={query.page <= 1} onClick={() => setPage(query.page - 1)}>
              Previous
            </Button>
            <Text size="2">
              Page {Math.min(query.page, lastPage)} of {lastPage}
            </Text>
            <Button size="1" variant="soft" color="gray" disabled={query.page >= lastPage} onClick={() => setPage(query.page + 1)}>
              Next
            </Button>
          </Flex>
        </Flex>
      )}

      <AlertDialog.Root open={confirmClear} onOpenChange={setConfirmClear}>
        <AlertDialog.Content maxWidth="420px">
          <AlertDialog.Title>Clear all notifications?</AlertDialog.Title>
          <AlertDialog.Description size="2">Every notification, read or not, is deleted. This cannot be undone.</AlertDialog.Description>
          <Flex gap="3" justify="end" mt="4">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray">
                Cancel
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action>
              <Button color="red" onClick={() => void handleClear()}>
                Clear all
              </Button>
            </AlertDialog.Action>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </Flex>
  )
}
