import type { Command } from './types'

const hasList = (context: Parameters<NonNullable<Command['when']>>[0]) => (context.list ? true : 'The focused tab shows no list')

/** Workspace and shell actions: panes, tabs, the sidebar, dialogs, the session. */
export const WORKSPACE_COMMANDS: readonly Command[] = [
  {
    id: 'workspace.splitRight',
    title: 'Split right',
    group: 'Workspace',
    shortcut: 'workspace.splitRight',
    keywords: ['pane', 'side by side', 'vertical'],
    run: (_c, env) => env.workspace.split('right'),
  },
  {
    id: 'workspace.splitDown',
    title: 'Split down',
    group: 'Workspace',
    shortcut: 'workspace.splitDown',
    keywords: ['pane', 'below', 'horizontal'],
    run: (_c, env) => env.workspace.split('below'),
  },
  { id: 'workspace.newTab', title: 'New tab', group: 'Workspace', shortcut: 'workspace.newTab', run: (_c, env) => env.workspace.newTab() },
  {
    id: 'workspace.closeTab',
    title: 'Close tab',
    group: 'Workspace',
    shortcut: 'workspace.closeTab',
    run: (_c, env) => env.workspace.closeTab(),
  },
  {
    id: 'workspace.closeOtherTabs',
    title: 'Close other tabs',
    group: 'Workspace',
    keywords: ['close others', 'tabs'],
    when: (c) => ((c.tabsInPane ?? 0) > 1 ? true : 'There are no other tabs in this pane'),
    run: (_c, env) => env.workspace.closeOthers(),
  },
  {
    id: 'workspace.nextTab',
    title: 'Next tab',
    group: 'Workspace',
    shortcut: 'workspace.nextTab',
    run: (_c, env) => env.workspace.cycleTab(1),
  },
  {
    id: 'workspace.previousTab',
    title: 'Previous tab',
    group: 'Workspace',
    shortcut: 'workspace.previousTab',
    run: (_c, env) => env.workspace.cycleTab(-1),
  },
  {
    id: 'workspace.back',
    title: 'Back',
    group: 'Workspace',
    shortcut: 'workspace.back',
    keywords: ['history'],
    run: (_c, env) => env.workspace.back(),
  },
  {
    id: 'workspace.forward',
    title: 'Forward',
    group: 'Workspace',
    shortcut: 'workspace.forward',
    keywords: ['history'],
    run: (_c, env) => env.workspace.forward(),
  },
  {
    id: 'workspace.focusPane',
    title: 'Focus pane…',
    group: 'Workspace',
    shortcut: 'workspace.focusPane',
    when: (c) => (c.paneCount > 1 ? true : 'There is only one pane'),
    children: (c) =>
      Array.from({ length: c.paneCount }, (_, index) => ({
        id: `workspace.focusPane.${index + 1}`,
        title: `Pane ${index + 1}`,
        group: 'Panes',
        run: (_context, env) => env.workspace.focusPane(index),
      })),
  },
  {
    id: 'workspace.moveTab',
    title: 'Move tab to pane…',
    group: 'Workspace',
    when: (c) => (c.paneCount > 1 ? true : 'Split first: there is only one pane'),
    children: (c) =>
      Array.from({ length: c.paneCount }, (_, index) => ({
        id: `workspace.moveTab.${index + 1}`,
        title: `Pane ${index + 1}`,
        group: 'Panes',
        run: (_context, env) => env.workspace.moveTabToPane(index),
      })),
  },
  {
    id: 'shell.shortcuts',
    title: 'Keyboard shortcuts',
    group: 'Help',
    shortcut: 'shell.shortcuts',
    keywords: ['cheat sheet', 'keys', 'help'],
    run: (_c, env) => env.shell.openShortcuts(),
  },
  {
    id: 'shell.toggleSidebar',
    title: 'Toggle sidebar',
    group: 'View',
    shortcut: 'shell.toggleSidebar',
    keywords: ['menu', 'navigation'],
    run: (_c, env) => env.shell.toggleSidebar(),
  },
  {
    id: 'shell.toggleDarkMode',
    title: 'Toggle dark mode',
    group: 'View',
    keywords: ['theme', 'light', 'appearance'],
    run: (_c, env) => env.shell.toggleDarkMode(),
  },
  {
    id: 'shell.feedback',
    title: 'Send feedback',
    group: 'Help',
    keywords: ['bug', 'report', 'beta'],
    run: (_c, env) => env.shell.openFeedback(),
  },
  {
    id: 'shell.sendMessage',
    title: 'Send a message to support',
    group: 'Help',
    keywords: ['help center', 'contact', 'support'],
    run: (_c, env) => env.shell.openSendMessage(),
  },
  {
    id: 'shell.signOut',
    title: 'Sign out',
    group: 'Account',
    keywords: ['log out', 'logout'],
    access: 'auth',
    run: (_c, env) => env.shell.signOut(),
  },
  {
    id: 'list.focusSearch',
    title: 'Search this list',
    group: 'List',
    shortcut: 'list.focusSearch',
    when: hasList,
    run: (_c, env) => env.shell.focusListSearch(),
  },
  {
    id: 'list.selectAll',
    title: 'Select all rows',
    group: 'List',
    shortcut: 'list.selectAll',
    when: hasList,
    run: (_c, env) => env.list.selectAll(),
  },
  {
    id: 'list.clearSelection',
    title: 'Clear selection',
    group: 'List',
    when: (c) => (c.list ? (c.list.selectedCount > 0 ? true : 'Nothing is selected') : false),
    run: (_c, env) => env.list.clearSelection(),
  },
  {
    id: 'list.bulk',
    title: (c) => `Bulk actions on ${c.list?.selectedCount ?? 0} selected…`,
    group: 'List',
    keywords: ['bulk', 'selected', 'selection'],
    when: (c) =>
      !c.list || c.list.bulkActions.length === 0 ? false : c.list.selectedCount > 0 ? true : 'Select rows first (x, or shift+x for all)',
    children: (c) =>
      (c.list?.bulkActions ?? []).map((action): Command => {
        const title = `${action.label} (${c.list?.selectedCount ?? 0} selected)`
        const run: Command['run'] = (_context, env) => env.list.runBulkAction(action.id)
        // A confirm-protected action asks on a page of its own: Enter on "Yes" runs it.
        if (action.confirm) {
          return {
            id: `list.bulk.${action.id}`,
            title,
            group: 'Bulk actions',
            placeholder: action.confirm,
            children: () => [
              { id: `list.bulk.${action.id}.yes`, title: `Yes: ${action.confirm}`, group: 'Confirm', run },
              { id: `list.bulk.${action.id}.no`, title: 'No, cancel', group: 'Confirm', run: () => undefined },
            ],
          }
        }
        return { id: `list.bulk.${action.id}`, title, group: 'Bulk actions', run }
      }),
  },
]
