import { currentPath, type WorkspaceState } from './layout'

/**
 * A screen with unsaved work guards its tab: a workspace change that would take the tab to another
 * address, or close it (alone or with its pane), is held, and the guard asked. It calls `proceed`
 * to let the change happen (after saving or discarding), or does nothing to stay.
 */
export interface LeaveGuard {
  /** Whether leaving now would lose work. */
  dirty(): boolean
  /** Addresses the screen stays on without losing anything (its own first-save redirect). */
  keeps?(path: string): boolean
  ask(proceed: () => void): void
}

const guards = new Map<string, LeaveGuard>()

/** Guards a tab until the returned function is called. */
export function setLeaveGuard(tabId: string, guard: LeaveGuard): () => void {
  guards.set(tabId, guard)
  return () => {
    if (guards.get(tabId) === guard) guards.delete(tabId)
  }
}

export function hasLeaveGuard(tabId: string): boolean {
  return guards.has(tabId)
}

const pathOf = (state: WorkspaceState, tabId: string) => {
  const tab = state.tabs[tabId]
  return tab ? currentPath(tab) : null
}

/** The guard a change from `before` to `after` would override, if any. */
export function leaveGuardFor(before: WorkspaceState, after: WorkspaceState): LeaveGuard | null {
  for (const [tabId, guard] of guards) {
    const was = pathOf(before, tabId)
    const now = pathOf(after, tabId)
    if (was === null || now === was || (now !== null && guard.keeps?.(now))) continue
    if (guard.dirty()) return guard
  }
  return null
}
