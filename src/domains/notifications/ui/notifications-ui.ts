import { useCallback } from 'react'
import type { NotificationItem } from '@contract/notifications'
import type { RecordRef } from '@commands/records'
import { useTab } from '@client/workspace/tab-context'
import { workspace, workspaceActions } from '@client/workspace/store'

/** A notification as a record its declared actions (commands/notifications.ts) act on. */
export function notificationRecord(item: NotificationItem): RecordRef<'notification'> {
  return { kind: 'notification', id: String(item.id), title: item.title, state: { read: item.read, title: item.title } }
}

/** Only back-office addresses are followed from a notification. */
export function isInternalLink(link: string | null | undefined): link is string {
  return Boolean(link && link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\'))
}

/** A file to open: a path of ours or an https address; anything else is not shown. */
export function safeFileUrl(url: string | null | undefined): string | null {
  if (!url) return null
  if (isInternalLink(url)) return url
  return /^https:\/\//i.test(url) ? url : null
}

/**
 * Moves to an address from anywhere: inside a tab, that tab; from the shell's chrome (the navbar
 * sits outside every tab), the focused tab of the workspace; outside the workspace, the window.
 */
export function useNavigateTo(): (to: string) => void {
  const tab = useTab()
  return useCallback(
    (to: string) => {
      if (tab.tabId || !workspace.owner) tab.navigate(to)
      else workspaceActions.open(to)
    },
    [tab],
  )
}
