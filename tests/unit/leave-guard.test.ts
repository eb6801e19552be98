import { afterEach, describe, expect, it, vi } from 'vitest'
import { closeTab, createWorkspace, currentPath, focusTab, navigateTab, openPath } from '../../src/client/workspace/layout'
import { leaveGuardFor, setLeaveGuard, type LeaveGuard } from '../../src/client/workspace/leave-guard'
import { workspace, workspaceActions } from '../../src/client/workspace/store'

const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()))

function guard(tabId: string, dirty: boolean, extra: Partial<LeaveGuard> = {}): LeaveGuard {
  const value: LeaveGuard = { dirty: () => dirty, keeps: (path) => path === '/uploader/edit/9', ask: vi.fn(), ...extra }
  cleanups.push(setLeaveGuard(tabId, value))
  return value
}

describe('leave guard', () => {
  const start = openPath(createWorkspace('/uploader?user=1', 'up'), '/dashboard', 'tab', 'other')

  it('holds a change that takes a tab with unsaved work elsewhere or closes it', () => {
    const held = guard('up', true)
    expect(leaveGuardFor(start, navigateTab(start, 'up', '/releases/manage/1'))).toBe(held)
    expect(leaveGuardFor(start, closeTab(start, 'up'))).toBe(held)
  })

  it('lets through the screen’s own redirect, other tabs’ changes, focus changes, and tabs with nothing unsaved', () => {
    guard('up', true)
    expect(leaveGuardFor(start, navigateTab(start, 'up', '/uploader/edit/9', { replace: true }))).toBeNull()
    expect(leaveGuardFor(start, navigateTab(start, 'other', '/users/manage/1'))).toBeNull()
    expect(leaveGuardFor(start, focusTab(start, 'up'))).toBeNull()
    guard('up', false)
    expect(leaveGuardFor(start, closeTab(start, 'up'))).toBeNull()
  })

  it('in the store, the change waits for the answer and is made on the state of that moment', () => {
    workspace.state = createWorkspace('/uploader?user=1', 'up')
    let proceed: (() => void) | null = null
    guard('up', true, { ask: (go) => (proceed = go) })
    workspaceActions.navigate('up', '/releases/manage/1')
    expect(currentPath(workspace.state.tabs.up)).toBe('/uploader?user=1')
    expect(proceed).not.toBeNull()
    proceed!()
    expect(currentPath(workspace.state.tabs.up)).toBe('/releases/manage/1')
  })
})
