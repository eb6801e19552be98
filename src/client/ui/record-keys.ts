import type { TabApi } from '../workspace/tab-context'

/** Where a record screen's single keys stay quiet: typing, and open dialogs, menus and lists. */
const TYPING_OR_OPEN = 'input, select, textarea, [role="dialog"] *, [role="alertdialog"] *, [role="menu"] *, [role="listbox"] *'

const typingOrOpen = (event: KeyboardEvent) => event.target instanceof Element && event.target.closest(TYPING_OR_OPEN) !== null

/**
 * useHotkeys options for a record screen's own keys (a review queue's j/k, a ticket's r/n/s): they
 * belong to the focused tab and leave typing and open dialogs alone.
 */
export function recordKeyOptions(tab: Pick<TabApi, 'focused' | 'tabId'>) {
  return {
    enabled: tab.focused,
    ignoreEventWhen: typingOrOpen,
    scopes: tab.tabId ? [`tab:${tab.tabId}`] : undefined,
    preventDefault: true,
  }
}
