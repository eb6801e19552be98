import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HotkeysProvider } from 'react-hotkeys-hook'

// The areas' commands and record actions are not in the start-up code: the shell fetches them once the
// first list is painted (src/client/shell/commands.ts `loadCommands`). The components setup loads them
// for every other test; here each test takes fresh copies of the modules, as a page just opened has.
afterEach(() => vi.restoreAllMocks())

async function freshPage() {
  vi.resetModules()
  const fixtures = await import('../site/fixtures')
  const commands = await import('../../../src/client/shell/commands')
  const { Hotkeys } = await import('../../../src/client/shell/Hotkeys')
  const { workspace, workspaceActions } = await import('../../../src/client/workspace/store')
  return { fixtures, commands, Hotkeys, workspace, workspaceActions }
}

describe('the commands that arrive after start-up', () => {
  it('are not registered at start-up, and are once loadCommands has fetched them', async () => {
    const { commands } = await freshPage()
    expect(commands.commandsLoaded()).toBeNull()
    const approve = 'releases.editRequestStatus:approved'
    expect(commands.registry.get(approve)).toBeUndefined()
    // The start-up ones are there: navigation and the workspace's.
    expect(commands.registry.get('workspace.newTab')).toBeDefined()
    const loaded = await commands.loadCommands()
    expect(loaded.recordActions.some((action) => action.key === approve)).toBe(true)
    expect(commands.registry.get(approve)?.title).toBeTypeOf('function')
    expect(commands.commandsLoaded()).toBe(loaded)
  })

  it('a shortcut pressed before they arrive waits for them and acts on the record it was pressed on', async () => {
    const { fixtures, commands, Hotkeys, workspace, workspaceActions } = await freshPage()
    await fixtures.signIn(fixtures.me())
    const requests = fixtures.mockApi({
      'POST /api/releases/edit-requests/status': () => fixtures.respond(200, { id: 12, status: 'approved' }),
    })
    workspaceActions.publishRecord(workspace.state.focusedTab, {
      kind: 'editRequest',
      id: '12',
      title: 'Edit request #12',
      state: { status: 'pending', releaseId: 3, releaseTitle: 'Ivy League', nextOpenId: null },
    })
    render(
      <HotkeysProvider initiallyActiveScopes={['global']}>
        <Hotkeys />
      </HotkeysProvider>,
    )
    expect(commands.commandsLoaded()).toBeNull()
    await userEvent.keyboard('a')
    await waitFor(() =>
      expect(requests.filter((request) => request.method === 'POST')).toEqual([
        { method: 'POST', path: '/api/releases/edit-requests/status', body: { id: 12, status: 'approved' } },
      ]),
    )
    expect(commands.commandsLoaded()).not.toBeNull()
  })

  it('a shortcut that no command carries here still leaves the key alone once they arrive', async () => {
    const { fixtures, commands, Hotkeys } = await freshPage()
    await fixtures.signIn(fixtures.me())
    const requests = fixtures.mockApi({})
    render(
      <HotkeysProvider initiallyActiveScopes={['global']}>
        <Hotkeys />
      </HotkeysProvider>,
    )
    // "a" approves an edit request; with no record open it does nothing, before and after the load.
    await userEvent.keyboard('a')
    await waitFor(() => expect(commands.commandsLoaded()).not.toBeNull())
    await userEvent.keyboard('a')
    expect(requests.filter((request) => request.method === 'POST')).toEqual([])
  })
})
