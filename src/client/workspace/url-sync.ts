import { subscribe } from 'valtio'
import { locationState } from '../routing/navigation'
import { currentPath } from './layout'
import { workspace, workspaceActions } from './store'

interface EntryState {
  tabId: string
  index: number
}

/**
 * The focused tab's address is the address bar. Each entry the browser keeps names a tab and a
 * point in its history, so Back and Forward move through tabs' histories and refocus the tab; a
 * jump to another tab (a route already open there) is an entry too, so Back returns from it.
 */
export function startUrlSync(): () => void {
  const writeUrl = () => {
    const { state } = workspace
    const tab = state.tabs[state.focusedTab]
    if (!tab) return
    const path = currentPath(tab)
    const entry: EntryState = { tabId: tab.id, index: tab.index }
    const current = window.history.state as EntryState | null
    const here = `${window.location.pathname}${window.location.search}`
    if (here === path && current?.tabId === entry.tabId && current.index === entry.index) return
    // A new browser entry when the focused tab went forward in its own history, or when the focus
    // moved to another tab that is still open (Back returns to it). Anything else replaces: Back and
    // Forward themselves, and the focus a closed tab hands on.
    const forward = current?.tabId === entry.tabId && entry.index > current.index
    const switched = Boolean(current?.tabId && current.tabId !== entry.tabId && state.tabs[current.tabId])
    if (forward || switched) window.history.pushState(entry, '', path)
    else window.history.replaceState(entry, '', path)
    const url = new URL(path, window.location.origin)
    locationState.pathname = url.pathname
    locationState.search = url.search
  }
  const onPopState = (event: PopStateEvent) => {
    const entry = event.state as EntryState | null
    const path = `${window.location.pathname}${window.location.search}`
    if (entry?.tabId && workspace.state.tabs[entry.tabId]) {
      workspaceActions.focusTab(entry.tabId)
      workspaceActions.setHistoryIndex(entry.tabId, entry.index)
      if (currentPath(workspace.state.tabs[entry.tabId]) !== path) workspaceActions.navigate(entry.tabId, path, { replace: true })
    } else {
      // An address typed or pasted into the bar, or an entry of a tab since closed.
      workspaceActions.show(path)
    }
  }
  writeUrl()
  const unsubscribe = subscribe(workspace, writeUrl)
  window.addEventListener('popstate', onPopState)
  return () => {
    unsubscribe()
    window.removeEventListener('popstate', onPopState)
  }
}
