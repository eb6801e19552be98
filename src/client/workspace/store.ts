import { proxy, ref, subscribe } from 'valtio'
import type { ListHandle, RecordHandle } from './tab-context'
import * as layout from './layout'
import { leaveGuardFor } from './leave-guard'
import type { WorkspaceState, Where } from './layout'

/**
 * The live workspace: the layout, tabs and focus (persisted per account), plus what the lists in
 * the tabs publish (not persisted). Every change goes through `apply` with a pure layout function.
 */
interface Store {
  state: WorkspaceState
  /** Which account's workspace this is; it is saved under this key. */
  owner: string | null
  /** Published by list screens, by tab id; functions are kept out of valtio's proxies with ref(). */
  lists: Record<string, { handle: ListHandle; selectedCount: number }>
  /** Published by record screens, by tab id. */
  records: Record<string, RecordHandle>
  /** Bumped when an action changed data: screens include it in what they load, so they reload. */
  dataVersion: number
}

export const workspace = proxy<Store>({ state: layout.createWorkspace('/dashboard'), owner: null, lists: {}, records: {}, dataVersion: 0 })

const STORAGE_PREFIX = 'wl_workspace:'

function apply(change: (state: WorkspaceState) => WorkspaceState): void {
  const next = change(workspace.state)
  if (next === workspace.state) return
  // A tab with unsaved work is asked first; the change is made again on the state of that moment.
  const guard = leaveGuardFor(workspace.state, next)
  if (guard) {
    guard.ask(() => {
      workspace.state = change(workspace.state)
    })
    return
  }
  workspace.state = next
}

const navigationListeners = new Set<(path: string) => void>()

/** Called with the address as soon as a navigation to it is asked for (before any screen renders). */
export function onNavigationStart(listener: (path: string) => void): () => void {
  navigationListeners.add(listener)
  return () => navigationListeners.delete(listener)
}

function starting(path: string): void {
  for (const listener of navigationListeners) listener(path)
}

export const workspaceActions = {
  open: (path: string, where: Where = 'focused') => {
    starting(path)
    apply((s) => layout.openPath(s, path, where))
  },
  navigate: (tabId: string, path: string, options?: { replace?: boolean }) => {
    starting(path)
    apply((s) => layout.navigateTab(s, tabId, path, options))
  },
  focusTab: (tabId: string) => apply((s) => (s.focusedTab === tabId ? s : layout.focusTab(s, tabId))),
  split: (direction: 'right' | 'below') => apply((s) => layout.splitFocused(s, direction)),
  newTab: () => apply((s) => layout.openPath(s, '/dashboard', 'tab')),
  closeTab: (tabId?: string) => apply((s) => layout.closeTab(s, tabId ?? s.focusedTab)),
  /** Closes the other tabs of the pane of `tabId` (the focused tab by default). */
  closeOthers: (tabId?: string) => apply((s) => layout.closeOtherTabs(s, tabId ?? s.focusedTab)),
  /** A screen found nothing at its address: the tab is not restored next time. */
  markMissing: (tabId: string, missing: boolean) => apply((s) => layout.markTabMissing(s, tabId, missing)),
  cycleTab: (delta: 1 | -1) => apply((s) => layout.cycleTab(s, delta)),
  focusPane: (index: number) => apply((s) => layout.focusPane(s, index)),
  moveTabToPane: (index: number) => apply((s) => layout.moveTab(s, s.focusedTab, index)),
  back: (tabId?: string) => apply((s) => layout.stepHistory(s, tabId ?? s.focusedTab, -1)),
  forward: (tabId?: string) => apply((s) => layout.stepHistory(s, tabId ?? s.focusedTab, 1)),
  setHistoryIndex: (tabId: string, index: number) => apply((s) => layout.setHistoryIndex(s, tabId, index)),
  setTitle: (tabId: string, title: string | null) => apply((s) => layout.setTabTitle(s, tabId, title)),
  acceptLayout: (next: layout.Layout | null) => apply((s) => layout.acceptLayout(s, next)),
  /** Show an address: focus a tab already showing it, else open it as a new tab of the focused pane. */
  show: (path: string) => {
    starting(path)
    apply((s) => layout.showPath(s, path))
  },
  publishList: (tabId: string, handle: ListHandle | null) => {
    if (handle) workspace.lists[tabId] = { handle: ref(handle), selectedCount: handle.selectedIds.length }
    else delete workspace.lists[tabId]
  },
  publishRecord: (tabId: string, record: RecordHandle | null) => {
    if (record) workspace.records[tabId] = record
    else delete workspace.records[tabId]
  },
  refreshData: () => {
    workspace.dataVersion += 1
  },
}

export function focusedPath(): string {
  const tab = workspace.state.tabs[workspace.state.focusedTab]
  return tab ? layout.currentPath(tab) : '/dashboard'
}

/**
 * Loads this account's saved workspace (or starts one) and shows `path` in it: the tab already
 * showing it is focused, otherwise it opens as a new tab of the focused pane. Saved tabs on an
 * address no route knows (`isKnownPath`), or whose record was not found, are left behind.
 */
export function restoreWorkspace(owner: string, path: string, isKnownPath: (path: string) => boolean = () => true): void {
  let saved: unknown = null
  try {
    saved = JSON.parse(localStorage.getItem(STORAGE_PREFIX + owner) ?? 'null')
  } catch {
    saved = null
  }
  workspace.owner = owner
  workspace.lists = {}
  workspace.records = {}
  const kept = layout.isValidWorkspace(saved) ? layout.dropDeadTabs(saved, isKnownPath) : null
  if (kept) {
    workspace.state = kept
    const focused = kept.tabs[kept.focusedTab]
    if (layout.currentPath(focused) !== path) workspaceActions.show(path)
  } else {
    workspace.state = layout.createWorkspace(path)
  }
}

let saveTimer: ReturnType<typeof setTimeout> | undefined
subscribe(workspace, (ops) => {
  if (!workspace.owner || ops.every((op) => op[1][0] !== 'state')) return
  clearTimeout(saveTimer)
  const owner = workspace.owner
  // Resizing changes the layout many times a second: save once it settles.
  saveTimer = setTimeout(() => {
    try {
      localStorage.setItem(STORAGE_PREFIX + owner, JSON.stringify(workspace.state))
    } catch {
      // Storage full or disabled: the workspace still works, it just is not restored.
    }
  }, 250)
})

/** Save now (before a reload or sign-out), without waiting for the debounce. */
export function flushWorkspace(): void {
  clearTimeout(saveTimer)
  if (!workspace.owner) return
  try {
    localStorage.setItem(STORAGE_PREFIX + workspace.owner, JSON.stringify(workspace.state))
  } catch {
    // as above
  }
}
