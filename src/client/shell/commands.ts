import { useEffect, useSyncExternalStore } from 'react'
import { CommandRegistry } from '@commands/registry'
import { navigationCommands } from '@commands/navigation'
import { WORKSPACE_COMMANDS } from '@commands/workspace'
import { SHELL_COMMANDS } from '@commands/shell'
import { REVIEW_COMMANDS } from '@commands/review'
import { NOTIFICATION_COMMANDS } from '@commands/notifications'
import { OWN_ACCOUNT_COMMANDS } from '@commands/own-account'
import { recordKindOf } from '@commands/entities'
import type { CommandContext, CommandEnv } from '@commands/types'
import type { RecordAction } from '@commands/actions'
import { api } from '../api'
import { ROUTES, findRoute } from '../routing/registry'
import { sessionActor } from '../state/session'
import { workspace, workspaceActions, flushWorkspace } from '../workspace/store'
import { flushRecents } from './recents'
import { currentPath, listPanes, tabsInPane } from '../workspace/layout'
import { shellActions } from './ui-state'
import { paletteState } from './palette-state'
import { ref } from 'valtio'
import { showNotice } from '../ui/notices/notices'

/**
 * Every command of the product: navigation generated from the routes, then workspace, shell and
 * domain actions. The first ones are here from start-up; the declared record actions and each area's
 * commands (most of the code of `commands/`) arrive with `loadCommands()`, after the first screen's
 * content is shown, so they are not in the bytes the first list waits for (docs/architecture.md, "Client").
 */
export const registry = new CommandRegistry()
registry.register(navigationCommands(ROUTES.map(({ path, title, access }) => ({ path, title, access }))))
registry.register(WORKSPACE_COMMANDS)
registry.register(SHELL_COMMANDS)
registry.register(REVIEW_COMMANDS)
registry.register(NOTIFICATION_COMMANDS)
registry.register(OWN_ACCOUNT_COMMANDS)

/** What `loadCommands()` brings: the declared record actions (their commands are then in the registry). */
export interface LoadedCommands {
  recordActions: readonly RecordAction[]
}

let loadedCommands: LoadedCommands | null = null
let loadingCommands: Promise<LoadedCommands> | null = null
const commandListeners = new Set<() => void>()

/** Fetches and registers the record actions and the areas' commands (once; a failed fetch may be tried again). */
export function loadCommands(): Promise<LoadedCommands> {
  loadingCommands ??= import('./domain-commands').then(
    (module) => {
      registry.register(module.RECORD_ACTION_COMMANDS)
      for (const commands of module.DOMAIN_COMMANDS) registry.register(commands)
      loadedCommands = { recordActions: module.RECORD_ACTIONS }
      for (const listener of commandListeners) listener()
      return loadedCommands
    },
    (error: unknown) => {
      loadingCommands = null
      throw error
    },
  )
  return loadingCommands
}

/** The loaded commands, or null while they are on their way. */
export const commandsLoaded = (): LoadedCommands | null => loadedCommands

const subscribeCommands = (listener: () => void) => {
  commandListeners.add(listener)
  return () => commandListeners.delete(listener)
}

/**
 * The loaded commands for a component that shows them, re-rendering it when they arrive. `ask`: fetch
 * them now if nobody has (a record's header, the palette); a list leaves it to the shell, which asks
 * once the first list is painted, so that they do not share the wire with its first rows.
 */
export function useLoadedCommands(ask = true): LoadedCommands | null {
  const loaded = useSyncExternalStore(subscribeCommands, commandsLoaded)
  useEffect(() => {
    if (ask && !loadedCommands) loadCommands().catch(() => undefined)
  }, [ask])
  return loaded
}

/** Where the user is, as the commands see it: the focused tab's route, record and list. */
export function commandContext(): CommandContext {
  const me = sessionActor.getSnapshot().context.me
  const { state, lists, records } = workspace
  const tab = state.tabs[state.focusedTab]
  const path = tab ? currentPath(tab) : '/dashboard'
  const url = new URL(path, window.location.origin)
  const found = findRoute(url.pathname)
  const kind = recordKindOf(found?.route.path ?? null)
  const list = lists[state.focusedTab]
  return {
    account: me ? { id: me.account.id, type: me.account.type, isOperator: me.account.isOperator } : null,
    route: { path, pattern: found?.route.path ?? null, params: found?.params ?? {} },
    record: records[state.focusedTab]
      ? { ...records[state.focusedTab] }
      : kind && found
        ? { kind, id: Object.values(found.params)[0] ?? '' }
        : null,
    list: list
      ? {
          listId: list.handle.listId,
          title: list.handle.title,
          selectedCount: list.selectedCount,
          selection: list.handle.selection ?? undefined,
          bulkActions: list.handle.bulkActions.map(({ id, label, confirm }) => ({ id, label, confirm })),
        }
      : null,
    paneCount: listPanes(state.layout).length,
    tabsInPane: tabsInPane(state, state.focusedTab),
  }
}

function focusedList() {
  return workspace.lists[workspace.state.focusedTab]?.handle ?? null
}

export const commandEnv: CommandEnv = {
  open: (path, where = 'focused') => workspaceActions.open(path, where),
  call: ((id: Parameters<typeof api.call>[0], input?: unknown) =>
    (api.call as (i: unknown, v?: unknown) => Promise<unknown>)(id, input)) as CommandEnv['call'],
  download: ((id: Parameters<typeof api.download>[0], input?: unknown) =>
    (api.download as (i: unknown, v?: unknown) => Promise<void>)(id, input)) as CommandEnv['download'],
  search: async (query, signal) => {
    const answer = await api.call('search.query', { query: { q: query } }, { signal })
    if (answer.late.length === 0) return answer.hits
    // A busy database held these kinds past the server's budget: their hits are missing, not absent
    // (an email pasted while imports run). They are asked once more, alone, and ranked with the rest.
    const again = await api.call('search.query', { query: { q: query, kinds: answer.late.join(',') } }, { signal })
    return [...answer.hits, ...again.hits].sort((a, b) => b.score - a.score)
  },
  notify: (text, tone = 'info') => showNotice(text, { tone }),
  refresh: () => workspaceActions.refreshData(),
  ask: (question) => {
    paletteState.initialCommand = ref(question)
    shellActions.open('palette')
  },
  replaceSession: (me) => sessionActor.send({ type: 'ME_UPDATED', me }),
  workspace: {
    split: (direction) => workspaceActions.split(direction),
    newTab: () => workspaceActions.newTab(),
    closeTab: () => workspaceActions.closeTab(),
    closeOthers: () => workspaceActions.closeOthers(),
    cycleTab: (delta) => workspaceActions.cycleTab(delta),
    focusPane: (index) => workspaceActions.focusPane(index),
    moveTabToPane: (index) => workspaceActions.moveTabToPane(index),
    back: () => workspaceActions.back(),
    forward: () => workspaceActions.forward(),
  },
  shell: {
    toggleSidebar: () => shellActions.toggleSidebar(),
    toggleDarkMode: () => shellActions.toggleDarkMode(),
    openFeedback: () => shellActions.open('feedback'),
    openSendMessage: (recipient) => shellActions.openSendMessage(recipient ?? null),
    openShortcuts: () => shellActions.open('shortcuts'),
    focusListSearch: () => focusedList()?.focusSearch(),
    signOut: () => {
      flushWorkspace()
      flushRecents()
      sessionActor.send({ type: 'LOGOUT' })
    },
  },
  list: {
    runBulkAction: async (id) => {
      const list = focusedList()
      const action = list?.bulkActions.find((candidate) => candidate.id === id)
      if (!list || !action) return
      await action.run(list.selectedIds)
    },
    selectAll: () => focusedList()?.selectAll(),
    clearSelection: () => focusedList()?.clearSelection(),
  },
}
