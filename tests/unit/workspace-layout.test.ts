import { describe, expect, it } from 'vitest'
import {
  acceptLayout,
  closeOtherTabs,
  closeTab,
  createWorkspace,
  dropDeadTabs,
  markTabMissing,
  currentPath,
  cycleTab,
  findTabShowing,
  focusTab,
  showPath,
  focusPane,
  isValidWorkspace,
  listPanes,
  moveTab,
  navigateTab,
  openPath,
  splitFocused,
  stepHistory,
  type WorkspaceState,
} from '../../src/client/workspace/layout'

const paths = (state: WorkspaceState) => listPanes(state.layout).map(({ pane }) => pane.tabs.map((id) => currentPath(state.tabs[id])))
const focusedPath = (state: WorkspaceState) => currentPath(state.tabs[state.focusedTab])

describe('workspace layout', () => {
  it('starts as one pane with one tab: a classic page', () => {
    const state = createWorkspace('/dashboard', 'a')
    expect(paths(state)).toEqual([['/dashboard']])
    expect(isValidWorkspace(state)).toBe(true)
  })

  it('opens in the focused tab, a new tab, a pane to the right and one below', () => {
    let state = createWorkspace('/dashboard', 'a')
    state = openPath(state, '/users/manage/1')
    expect(paths(state)).toEqual([['/users/manage/1']])
    state = openPath(state, '/users/7', 'tab', 'b')
    expect(paths(state)).toEqual([['/users/manage/1', '/users/7']])
    expect(state.focusedTab).toBe('b')
    state = openPath(state, '/users/8', 'right', 'c')
    expect(paths(state)).toEqual([['/users/manage/1', '/users/7'], ['/users/8']])
    expect(state.layout).toMatchObject({ type: 'split', direction: 'row' })
    state = openPath(state, '/users/9', 'below', 'd')
    expect(paths(state)).toEqual([['/users/manage/1', '/users/7'], ['/users/8'], ['/users/9']])
    expect(focusedPath(state)).toBe('/users/9')
    // A second split to the right of the first pane joins the same row.
    state = focusPane(state, 0)
    state = openPath(state, '/users/10', 'right', 'e')
    expect((state.layout as { children: unknown[] }).children).toHaveLength(3)
  })

  it('keeps a history per tab: back and forward, and navigating after going back drops the forward part', () => {
    let state = createWorkspace('/dashboard', 'a')
    state = navigateTab(state, 'a', '/users/manage/1')
    state = navigateTab(state, 'a', '/users/7')
    state = stepHistory(state, 'a', -1)
    expect(focusedPath(state)).toBe('/users/manage/1')
    state = stepHistory(state, 'a', 1)
    expect(focusedPath(state)).toBe('/users/7')
    state = stepHistory(state, 'a', 1)
    expect(focusedPath(state)).toBe('/users/7')
    state = stepHistory(stepHistory(state, 'a', -1), 'a', -1)
    state = navigateTab(state, 'a', '/notifications')
    expect(state.tabs.a.history).toEqual(['/dashboard', '/notifications'])
    expect(navigateTab(state, 'a', '/x', { replace: true }).tabs.a.history).toEqual(['/dashboard', '/x'])
  })

  it('splits the focused tab into a second pane showing the same address', () => {
    const state = splitFocused(openPath(createWorkspace('/dashboard', 'a'), '/users/7'), 'right', 'b')
    expect(paths(state)).toEqual([['/users/7'], ['/users/7']])
    expect(state.focusedTab).toBe('b')
  })

  it('closes tabs: focus stays in the pane, an emptied pane goes away, the last tab leaves a dashboard', () => {
    let state = createWorkspace('/a', 'a')
    state = openPath(state, '/b', 'tab', 'b')
    state = openPath(state, '/c', 'right', 'c')
    state = closeTab(state, 'c')
    expect(paths(state)).toEqual([['/a', '/b']])
    expect(focusedPath(state)).toBe('/b')
    state = closeTab(state, 'b')
    expect(focusedPath(state)).toBe('/a')
    state = closeTab(state, 'a')
    expect(paths(state)).toEqual([['/dashboard']])
    expect(isValidWorkspace(state)).toBe(true)
  })

  it('cycles tabs within the pane and focuses panes by number', () => {
    let state = createWorkspace('/a', 'a')
    state = openPath(state, '/b', 'tab', 'b')
    state = openPath(state, '/c', 'tab', 'c')
    state = cycleTab(state, 1)
    expect(state.focusedTab).toBe('a')
    state = cycleTab(state, -1)
    expect(state.focusedTab).toBe('c')
    state = openPath(state, '/d', 'right', 'd')
    state = focusPane(state, 0)
    expect(state.focusedTab).toBe('c')
    expect(focusPane(state, 5)).toBe(state)
  })

  it('moves a tab to another pane, removing the pane it leaves when empty', () => {
    let state = createWorkspace('/a', 'a')
    state = openPath(state, '/b', 'right', 'b')
    state = moveTab(state, 'b', 0)
    expect(paths(state)).toEqual([['/a', '/b']])
    expect(state.focusedTab).toBe('b')
    expect(isValidWorkspace(state)).toBe(true)
  })

  it('accepts layouts the mosaic changed, dropping tabs it closed', () => {
    let state = createWorkspace('/a', 'a')
    state = openPath(state, '/b', 'right', 'b')
    state = acceptLayout(state, { type: 'tabs', tabs: ['a'], activeTabIndex: 0 })
    expect(Object.keys(state.tabs)).toEqual(['a'])
    expect(state.focusedTab).toBe('a')
  })

  it('finds a tab already showing an address, and refuses broken stored state', () => {
    const state = openPath(createWorkspace('/a', 'a'), '/users/7', 'tab', 'b')
    expect(findTabShowing(state, '/users/7')).toBe('b')
    expect(isValidWorkspace({ ...state, focusedTab: 'zz' })).toBe(false)
    expect(isValidWorkspace({ version: 1, layout: { type: 'tabs', tabs: ['x'], activeTabIndex: 0 }, tabs: {}, focusedTab: 'x' })).toBe(
      false,
    )
    expect(isValidWorkspace('nonsense')).toBe(false)
  })

  it('shows a typed address in the tab already on that screen, otherwise in a new tab', () => {
    let state = openPath(createWorkspace('/a', 'a'), '/users/7', 'tab', 'b')
    state = focusTab(state, 'a')
    state = showPath(state, '/users/7?section=notes', 'c')
    expect(state.focusedTab).toBe('b')
    expect(paths(state)).toEqual([['/a', '/users/7?section=notes']])
    state = showPath(state, '/users/8', 'd')
    expect(state.focusedTab).toBe('d')
    expect(paths(state)).toEqual([['/a', '/users/7?section=notes', '/users/8']])
  })

  it('focuses the tab already on a route instead of opening it twice, wherever it was asked for', () => {
    let state = createWorkspace('/dashboard', 'a')
    state = openPath(state, '/users/7', 'tab', 'b')
    state = openPath(state, '/notifications', 'right', 'c')
    // From the sidebar (focused pane), the palette (new tab) or Ctrl+Enter (new pane): one tab each time.
    for (const where of ['focused', 'tab', 'right', 'below'] as const) {
      const next = openPath(state, '/users/7', where, 'dup')
      expect(next.focusedTab).toBe('b')
      expect(Object.keys(next.tabs).sort()).toEqual(['a', 'b', 'c'])
      expect(paths(next)).toEqual(paths(state))
    }
    // The same screen with other parameters: that tab is focused and moved to the address asked for.
    state = openPath(state, '/users/7?section=notes', 'tab', 'dup')
    expect(state.focusedTab).toBe('b')
    expect(paths(state)).toEqual([['/dashboard', '/users/7?section=notes'], ['/notifications']])
    expect(state.tabs.b.history).toEqual(['/users/7?section=notes'])
    // A new address still opens where asked; splitting still duplicates on purpose.
    expect(paths(openPath(state, '/users/8', 'tab', 'd'))).toEqual([
      ['/dashboard', '/users/7?section=notes', '/users/8'],
      ['/notifications'],
    ])
    expect(paths(splitFocused(state, 'below', 'e'))).toEqual([
      ['/dashboard', '/users/7?section=notes'],
      ['/users/7?section=notes'],
      ['/notifications'],
    ])
  })

  it('closes the other tabs of a pane and keeps the other panes', () => {
    let state = createWorkspace('/a', 'a')
    state = openPath(state, '/b', 'tab', 'b')
    state = openPath(state, '/c', 'tab', 'c')
    state = openPath(state, '/d', 'right', 'd')
    state = closeOtherTabs(state, 'b')
    expect(paths(state)).toEqual([['/b'], ['/d']])
    expect(state.focusedTab).toBe('b')
    expect(Object.keys(state.tabs).sort()).toEqual(['b', 'd'])
    expect(isValidWorkspace(state)).toBe(true)
    expect(closeOtherTabs(state, 'zz')).toBe(state)
  })

  it('drops tabs on unknown addresses or on records found missing when restoring, never leaving nothing', () => {
    const known = (path: string) => !path.startsWith('/gone')
    let state = createWorkspace('/dashboard', 'a')
    state = openPath(state, '/gone/1', 'tab', 'b')
    state = openPath(state, '/users/99999', 'right', 'c')
    state = markTabMissing(state, 'c', true)
    const kept = dropDeadTabs(state, known)!
    expect(paths(kept)).toEqual([['/dashboard']])
    expect(isValidWorkspace(kept)).toBe(true)
    expect(dropDeadTabs(createWorkspace('/gone/2', 'x'), known)).toBeNull()
    // A tab that moves on from a missing record is no longer marked.
    const moved = navigateTab(markTabMissing(state, 'c', true), 'c', '/users/8')
    expect(moved.tabs.c.missing).toBeUndefined()
    expect(paths(dropDeadTabs(moved, known)!)).toEqual([['/dashboard'], ['/users/8']])
  })
})
