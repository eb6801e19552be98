import type { MosaicNode, MosaicSplitNode, MosaicTabsNode } from 'react-mosaic-component'

/**
 * The workspace, as plain data: a mosaic tree whose leaves are tab groups (panes), and a record per
 * tab with its own history. Every operation is a pure function returning a new state, so the rules
 * are tested without a browser; the valtio store applies them.
 */
export interface TabRecord {
  id: string
  /** Addresses this tab has shown (pathname + search); `index` is the current one. */
  history: string[]
  index: number
  /** Set by the screen (a record's name); otherwise the route's title is shown. */
  title: string | null
  /** The screen found nothing at this address (its record is gone): such a tab is not restored. */
  missing?: boolean
}

export type Layout = MosaicNode<string>
export type Pane = MosaicTabsNode<string>

export interface WorkspaceState {
  version: 1
  layout: Layout
  tabs: Record<string, TabRecord>
  focusedTab: string
}

export type Where = 'focused' | 'tab' | 'right' | 'below'

const HISTORY_LIMIT = 50

let counter = 0
export function newTabId(): string {
  counter += 1
  return `t${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

export const isPane = (node: Layout): node is Pane => typeof node === 'object' && node.type === 'tabs'
export const isSplit = (node: Layout): node is MosaicSplitNode<string> => typeof node === 'object' && node.type === 'split'

export function currentPath(tab: { readonly history: readonly string[]; readonly index: number }): string {
  return tab.history[tab.index] ?? '/dashboard'
}

export function createWorkspace(path: string, tabId = newTabId()): WorkspaceState {
  return {
    version: 1,
    layout: { type: 'tabs', tabs: [tabId], activeTabIndex: 0 },
    tabs: { [tabId]: { id: tabId, history: [path], index: 0, title: null } },
    focusedTab: tabId,
  }
}

/** Panes in reading order (left to right, top to bottom), with their paths in the tree. */
export function listPanes(layout: Layout): { path: number[]; pane: Pane }[] {
  const panes: { path: number[]; pane: Pane }[] = []
  const walk = (node: Layout, path: number[]) => {
    if (isPane(node)) panes.push({ path, pane: node })
    else if (isSplit(node)) node.children.forEach((child, index) => walk(child, [...path, index]))
    else panes.push({ path, pane: { type: 'tabs', tabs: [node], activeTabIndex: 0 } })
  }
  walk(layout, [])
  return panes
}

export function paneOf(layout: Layout, tabId: string): { path: number[]; pane: Pane; index: number } | null {
  for (const { path, pane } of listPanes(layout)) {
    const index = pane.tabs.indexOf(tabId)
    if (index !== -1) return { path, pane, index }
  }
  return null
}

function nodeAt(layout: Layout, path: number[]): Layout {
  let node = layout
  for (const index of path) {
    if (!isSplit(node)) throw new Error(`No node at ${path.join('.')}`)
    node = node.children[index]
  }
  return node
}

function replaceAt(layout: Layout, path: number[], replacement: Layout): Layout {
  if (path.length === 0) return replacement
  const [head, ...rest] = path
  if (!isSplit(layout)) throw new Error('Path leads through a leaf')
  const children = layout.children.map((child, index) => (index === head ? replaceAt(child, rest, replacement) : child))
  return { ...layout, children }
}

/** Removes a node; a split left with one child gives way to that child. Null when nothing is left. */
function removeAt(layout: Layout, path: number[]): Layout | null {
  if (path.length === 0) return null
  const parentPath = path.slice(0, -1)
  const parent = nodeAt(layout, parentPath)
  if (!isSplit(parent)) throw new Error('Parent is not a split')
  const index = path[path.length - 1]
  const children = parent.children.filter((_, i) => i !== index)
  let replacement: Layout
  if (children.length === 1) replacement = children[0]
  else {
    const percentages = parent.splitPercentages?.filter((_, i) => i !== index)
    const total = percentages?.reduce((sum, value) => sum + value, 0) ?? 0
    replacement = {
      ...parent,
      children,
      splitPercentages: percentages && total > 0 ? percentages.map((value) => (value * 100) / total) : undefined,
    }
  }
  return replaceAt(layout, parentPath, replacement)
}

/** Puts `node` after the pane at `path`, side by side (row) or stacked (column). */
function insertBeside(layout: Layout, path: number[], node: Layout, direction: 'row' | 'column'): Layout {
  const parentPath = path.slice(0, -1)
  const parent = path.length ? nodeAt(layout, parentPath) : null
  if (parent && isSplit(parent) && parent.direction === direction) {
    const index = path[path.length - 1]
    const children = [...parent.children.slice(0, index + 1), node, ...parent.children.slice(index + 1)]
    return replaceAt(layout, parentPath, { ...parent, children, splitPercentages: undefined })
  }
  const target = nodeAt(layout, path)
  return replaceAt(layout, path, { type: 'split', direction, children: [target, node] })
}

function withPane(state: WorkspaceState, tabId: string, update: (pane: Pane) => Pane): Layout {
  const found = paneOf(state.layout, tabId)
  if (!found) return state.layout
  return replaceAt(state.layout, found.path, update(found.pane))
}

/** Focus a tab: it becomes its pane's active tab and the workspace's focused one. */
export function focusTab(state: WorkspaceState, tabId: string): WorkspaceState {
  if (!state.tabs[tabId]) return state
  const layout = withPane(state, tabId, (pane) => ({ ...pane, activeTabIndex: pane.tabs.indexOf(tabId) }))
  return { ...state, layout, focusedTab: tabId }
}

const pathnameOf = (path: string) => path.split(/[?#]/)[0]

/**
 * The tab that already shows this route (the same pathname), preferring one on the exact address,
 * then the focused tab, then the others in reading order.
 */
export function tabOnRoute(state: WorkspaceState, path: string): string | null {
  const exact = findTabShowing(state, path)
  if (exact) return exact
  const order = [state.focusedTab, ...listPanes(state.layout).flatMap(({ pane }) => pane.tabs)]
  return order.find((id) => state.tabs[id] && pathnameOf(currentPath(state.tabs[id])) === pathnameOf(path)) ?? null
}

/**
 * Open an address: in the focused tab (it navigates), as a new tab of the focused pane, or in a new
 * pane to the right of or below it. A route already open in another tab is not opened twice: that
 * tab is focused (and moved to the requested address when its query differs).
 */
export function openPath(state: WorkspaceState, path: string, where: Where = 'focused', tabId = newTabId()): WorkspaceState {
  const open = tabOnRoute(state, path)
  if (open && open !== state.focusedTab) return navigateTab(focusTab(state, open), open, path, { replace: true })
  if (open && where !== 'focused') return navigateTab(state, open, path)
  return openNew(state, path, where, tabId)
}

function openNew(state: WorkspaceState, path: string, where: Where, tabId: string): WorkspaceState {
  if (where === 'focused') return navigateTab(state, state.focusedTab, path)
  const tab: TabRecord = { id: tabId, history: [path], index: 0, title: null }
  const tabs = { ...state.tabs, [tabId]: tab }
  const found = paneOf(state.layout, state.focusedTab)
  if (!found) return { ...createWorkspace(path, tabId), tabs: { [tabId]: tab } }
  if (where === 'tab') {
    const pane = found.pane
    const nextTabs = [...pane.tabs.slice(0, found.index + 1), tabId, ...pane.tabs.slice(found.index + 1)]
    const layout = replaceAt(state.layout, found.path, { ...pane, tabs: nextTabs, activeTabIndex: found.index + 1 })
    return { ...state, layout, tabs, focusedTab: tabId }
  }
  const pane: Pane = { type: 'tabs', tabs: [tabId], activeTabIndex: 0 }
  const layout = insertBeside(state.layout, found.path, pane, where === 'right' ? 'row' : 'column')
  return { ...state, layout, tabs, focusedTab: tabId }
}

/** Splitting shows the focused tab's address again in the new pane. */
export function splitFocused(state: WorkspaceState, direction: 'right' | 'below', tabId = newTabId()): WorkspaceState {
  const focused = state.tabs[state.focusedTab]
  // The one deliberate duplicate: the same address side by side.
  return openNew(state, focused ? currentPath(focused) : '/dashboard', direction, tabId)
}

export function navigateTab(state: WorkspaceState, tabId: string, path: string, options: { replace?: boolean } = {}): WorkspaceState {
  const tab = state.tabs[tabId]
  if (!tab) return state
  if (currentPath(tab) === path) return state
  const kept = tab.history.slice(0, tab.index + (options.replace ? 0 : 1))
  const history = [...kept, path].slice(-HISTORY_LIMIT)
  return { ...state, tabs: { ...state.tabs, [tabId]: { ...tab, history, index: history.length - 1, title: null, missing: undefined } } }
}

/** Move through a tab's own history; false when there is nowhere to go. */
export function stepHistory(state: WorkspaceState, tabId: string, delta: -1 | 1): WorkspaceState {
  const tab = state.tabs[tabId]
  if (!tab) return state
  const index = tab.index + delta
  if (index < 0 || index >= tab.history.length) return state
  return { ...state, tabs: { ...state.tabs, [tabId]: { ...tab, index, title: null, missing: undefined } } }
}

export function setHistoryIndex(state: WorkspaceState, tabId: string, index: number): WorkspaceState {
  const tab = state.tabs[tabId]
  if (!tab || index < 0 || index >= tab.history.length || tab.index === index) return state
  return { ...state, tabs: { ...state.tabs, [tabId]: { ...tab, index, title: null, missing: undefined } } }
}

/** Closing the last tab leaves a fresh dashboard tab: the workspace is never empty. */
export function closeTab(state: WorkspaceState, tabId: string): WorkspaceState {
  const found = paneOf(state.layout, tabId)
  if (!found) return state
  const tabs = { ...state.tabs }
  delete tabs[tabId]
  const remaining = found.pane.tabs.filter((id) => id !== tabId)
  let layout: Layout | null
  if (remaining.length) {
    const activeTabIndex = Math.min(
      found.pane.activeTabIndex > found.index ? found.pane.activeTabIndex - 1 : found.pane.activeTabIndex,
      remaining.length - 1,
    )
    layout = replaceAt(state.layout, found.path, { ...found.pane, tabs: remaining, activeTabIndex })
  } else {
    layout = removeAt(state.layout, found.path)
  }
  if (!layout) return createWorkspace('/dashboard')
  let focusedTab = state.focusedTab
  if (focusedTab === tabId) {
    // Stay in the same pane when it has tabs left; otherwise go to the pane before it.
    let pane: Pane
    if (remaining.length) pane = paneOf(layout, remaining[0])!.pane
    else {
      const oldIndex = listPanes(state.layout).findIndex(({ pane: p }) => p.tabs.includes(tabId))
      const panes = listPanes(layout)
      pane = panes[Math.max(0, Math.min(panes.length - 1, oldIndex - 1))].pane
    }
    focusedTab = pane.tabs[pane.activeTabIndex] ?? pane.tabs[0]
  }
  return { ...state, layout, tabs, focusedTab }
}

/** Closes every tab of `tabId`'s pane but that one, which becomes focused; other panes stay. */
export function closeOtherTabs(state: WorkspaceState, tabId: string): WorkspaceState {
  const found = paneOf(state.layout, tabId)
  if (!found) return state
  const others = new Set(found.pane.tabs.filter((id) => id !== tabId))
  if (!others.size) return focusTab(state, tabId)
  const tabs = Object.fromEntries(Object.entries(state.tabs).filter(([id]) => !others.has(id)))
  const layout = replaceAt(state.layout, found.path, { ...found.pane, tabs: [tabId], activeTabIndex: 0 })
  return { ...state, layout, tabs, focusedTab: tabId }
}

/** How many tabs the pane of `tabId` holds (0 when the tab is unknown). */
export function tabsInPane(state: WorkspaceState, tabId: string): number {
  return paneOf(state.layout, tabId)?.pane.tabs.length ?? 0
}

/**
 * A restored workspace keeps only tabs worth coming back to: a tab whose address no route knows, or
 * whose screen found nothing there, is dropped. Null when nothing is left.
 */
export function dropDeadTabs(state: WorkspaceState, isKnownPath: (path: string) => boolean): WorkspaceState | null {
  let next = state
  for (const tab of Object.values(state.tabs)) {
    if (tab.missing || !isKnownPath(currentPath(tab))) {
      if (Object.keys(next.tabs).length === 1) return null
      next = closeTab(next, tab.id)
    }
  }
  return next
}

export function markTabMissing(state: WorkspaceState, tabId: string, missing: boolean): WorkspaceState {
  const tab = state.tabs[tabId]
  if (!tab || Boolean(tab.missing) === missing) return state
  return { ...state, tabs: { ...state.tabs, [tabId]: { ...tab, missing: missing || undefined } } }
}

/** Next or previous tab in the focused pane, wrapping around. */
export function cycleTab(state: WorkspaceState, delta: 1 | -1): WorkspaceState {
  const found = paneOf(state.layout, state.focusedTab)
  if (!found || found.pane.tabs.length < 2) return state
  const next = (found.index + delta + found.pane.tabs.length) % found.pane.tabs.length
  return focusTab(state, found.pane.tabs[next])
}

/** Focus the n-th pane (0-based, reading order) on its active tab. */
export function focusPane(state: WorkspaceState, index: number): WorkspaceState {
  const pane = listPanes(state.layout)[index]?.pane
  if (!pane) return state
  return focusTab(state, pane.tabs[pane.activeTabIndex] ?? pane.tabs[0])
}

/** Move the focused tab into the n-th pane, where it becomes the active tab. */
export function moveTab(state: WorkspaceState, tabId: string, paneIndex: number): WorkspaceState {
  const source = paneOf(state.layout, tabId)
  const target = listPanes(state.layout)[paneIndex]
  if (!source || !target || target.pane.tabs.includes(tabId)) return state
  const targetTabs = target.pane.tabs
  // Remove from the source first (paths may shift), then find the target again by one of its tabs.
  const withoutTab = closeTab({ ...state, focusedTab: targetTabs[0] }, tabId)
  const anchor = paneOf(withoutTab.layout, targetTabs[0])
  if (!anchor) return state
  const pane: Pane = { ...anchor.pane, tabs: [...anchor.pane.tabs, tabId], activeTabIndex: anchor.pane.tabs.length }
  const layout = replaceAt(withoutTab.layout, anchor.path, pane)
  return { ...withoutTab, layout, tabs: { ...withoutTab.tabs, [tabId]: state.tabs[tabId] }, focusedTab: tabId }
}

/**
 * The mosaic changed the tree itself (resize, a dragged tab, a closed tab): keep the tab records
 * and the focus consistent with it.
 */
export function acceptLayout(state: WorkspaceState, incoming: Layout | null): WorkspaceState {
  if (!incoming) return createWorkspace('/dashboard')
  const layout = normalize(incoming)
  const present = new Set(listPanes(layout).flatMap(({ pane }) => pane.tabs))
  const tabs = Object.fromEntries(Object.entries(state.tabs).filter(([id]) => present.has(id)))
  let focusedTab = state.focusedTab
  if (!present.has(focusedTab)) {
    const first = listPanes(layout)[0].pane
    focusedTab = first.tabs[first.activeTabIndex] ?? first.tabs[0]
  }
  return { ...state, layout, tabs, focusedTab }
}

/** Every pane is a tab group: a bare leaf (a tab dragged out on its own) becomes a group of one. */
function normalize(node: Layout): Layout {
  if (isSplit(node)) return { ...node, children: node.children.map(normalize) }
  if (isPane(node)) return node
  return { type: 'tabs', tabs: [node], activeTabIndex: 0 }
}

export function setTabTitle(state: WorkspaceState, tabId: string, title: string | null): WorkspaceState {
  const tab = state.tabs[tabId]
  if (!tab || tab.title === title) return state
  return { ...state, tabs: { ...state.tabs, [tabId]: { ...tab, title } } }
}

export function findTabShowing(state: WorkspaceState, path: string): string | null {
  for (const tab of Object.values(state.tabs)) if (currentPath(tab) === path) return tab.id
  return null
}

/**
 * Shows an address typed into the bar or opened from a link outside the workspace: the tab showing
 * it is focused; a tab showing the same screen with other query parameters (another section of the
 * same account, say) is focused and moved there; otherwise it opens as a new tab of the focused pane.
 */
export function showPath(state: WorkspaceState, path: string, tabId = newTabId()): WorkspaceState {
  const exact = findTabShowing(state, path)
  if (exact) return focusTab(state, exact)
  const focused = state.tabs[state.focusedTab]
  const samePlace =
    focused && pathnameOf(currentPath(focused)) === pathnameOf(path)
      ? focused
      : Object.values(state.tabs).find((tab) => pathnameOf(currentPath(tab)) === pathnameOf(path))
  if (samePlace) return navigateTab(focusTab(state, samePlace.id), samePlace.id, path, { replace: true })
  return openPath(state, path, 'tab', tabId)
}

/** A stored workspace is only trusted when every tab in the tree has its record and vice versa. */
export function isValidWorkspace(value: unknown): value is WorkspaceState {
  if (!value || typeof value !== 'object') return false
  const state = value as WorkspaceState
  if (state.version !== 1 || !state.layout || !state.tabs || typeof state.focusedTab !== 'string') return false
  try {
    const inTree = listPanes(state.layout).flatMap(({ pane }) => pane.tabs)
    const ids = Object.keys(state.tabs)
    return (
      inTree.length > 0 &&
      inTree.length === ids.length &&
      inTree.every((id) => {
        const tab = state.tabs[id]
        return tab && Array.isArray(tab.history) && tab.history.length > 0 && tab.index >= 0 && tab.index < tab.history.length
      }) &&
      Boolean(state.tabs[state.focusedTab])
    )
  } catch {
    return false
  }
}
