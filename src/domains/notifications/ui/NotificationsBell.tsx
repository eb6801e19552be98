import { useEffect, useRef, useState } from 'react'
import { Badge, Box, IconButton, Tooltip } from '@radix-ui/themes'
import { BellIcon } from '@radix-ui/react-icons'
import { api } from '@client/api'
import { deferredPopup, placeholderButton, type PlaceholderProps } from '@client/ui/dialogs/deferred'
import { useDataVersion } from '@client/state/useDataVersion'
import { useLoad, type LoadState } from '@client/state/useLoad'
import { useSession } from '@client/state/session'
import { useNavigateTo } from './notifications-ui'

/** The bell asks again this often, and whenever the window regains focus. */
export const BELL_REFRESH_MS = 60_000
export const BELL_FAILED = 'Something went wrong, try refreshing the site and try again.'

const fetchBadge = (_: string, signal: AbortSignal) => api.call('notifications.userBadge', undefined, { signal })
type BadgeData = Awaited<ReturnType<typeof fetchBadge>>

function countLabel(unread: number): string {
  return unread > 99 ? '99+' : String(unread)
}

/** The unread count on the bell. */
export function UnreadBadge({ unread }: { unread: number }) {
  if (unread <= 0) return null
  return (
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
  )
}

/** What the bell's popover (NotificationsBellPopup.tsx) is drawn from; the bell keeps the state. */
export interface BellPopupProps {
  open: boolean
  onOpenChange(open: boolean): void
  unread: number
  label: string
  badge: LoadState<BadgeData>
  reload(): void
  isAdmin: boolean
  navigateTo(path: string): void
}

/** The bell before its popover's chunk is here: the same button and count; a press opens it. */
function BellButton({ label, unread, onOpenChange, onOpen, buttonRef }: BellPopupProps & PlaceholderProps) {
  return (
    <Tooltip content="Notifications">
      <Box style={{ position: 'relative', display: 'inline-flex' }}>
        <IconButton
          variant="ghost"
          className="wl-navbar__button"
          aria-label={label}
          {...placeholderButton(
            {
              onOpen: () => {
                onOpenChange(true)
                onOpen()
              },
              buttonRef,
            },
            'dialog',
          )}
        >
          <BellIcon />
        </IconButton>
        <UnreadBadge unread={unread} />
      </Box>
    </Tooltip>
  )
}

const BellPopup = deferredPopup<BellPopupProps>(() => import('./NotificationsBellPopup').then((module) => module.default), BellButton)

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
  const handleOpenChange = (next: boolean) => {
    setOpen(next)
    if (next) reload.current()
  }
  return (
    <BellPopup
      open={open}
      onOpenChange={handleOpenChange}
      unread={unread}
      label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
      badge={badge}
      reload={() => reload.current()}
      isAdmin={me?.account.type === 'admin'}
      navigateTo={navigateTo}
    />
  )
}
