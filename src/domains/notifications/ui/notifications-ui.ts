import { useCallback } from 'react'
import { proxy } from 'valtio'
import { useTab } from '@client/workspace/tab-context'
import { workspace, workspaceActions } from '@client/workspace/store'

/** Bumped after any change to the account's notifications, so the bell and the screen stay in step. */
export const notificationsSignal = proxy({ version: 0 })

export function notificationsChanged(): void {
  notificationsSignal.version += 1
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
