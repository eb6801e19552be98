import { createContext, useContext, useMemo } from 'react'
import { useSnapshot } from 'valtio'
import { locationState, navigate as navigateWindow } from '../routing/navigation'
import type { RecordRef } from '@commands/records'
import type { Target } from '@commands/actions'

export type OpenWhere = 'tab' | 'right' | 'below'

/**
 * A list's own action on its selection that calls no endpoint (export the selected rows). Actions that
 * change records are declared once (commands/actions.ts) and reach the bulk bar through `records`.
 */
export interface BulkAction {
  id: string
  label: string
  /** Asked before running, e.g. "Ban 3 accounts?". */
  confirm?: string
  run(ids: readonly (string | number)[]): void | Promise<void>
}

/** What a list in a tab tells the shell: its selection and actions, and how to focus its search. */
export interface ListHandle {
  listId: string
  title: string
  selectedIds: readonly (string | number)[]
  bulkActions: readonly BulkAction[]
  /** The selection as records, when the list's rows are records: declared actions act on it. */
  selection: Target | null
  focusSearch(): void
  selectAll(): void
  clearSelection(): void
}

/** The record a screen shows, for the actions on it: its state is typed by its kind (commands/records.ts). */
export type RecordHandle = RecordRef

/** Everything a screen may do with the tab it is shown in. */
export interface TabApi {
  /** Null outside the workspace (guest pages, component tests). */
  tabId: string | null
  focused: boolean
  /** pathname + search of this tab. */
  path: string
  search: URLSearchParams
  /** Move this tab to another address (its own history records it). */
  navigate(to: string, options?: { replace?: boolean }): void
  /** Open an address in a new tab of this pane, or a new pane beside or below. */
  open(to: string, where: OpenWhere): void
  /** Merge query parameters into this tab's address (null removes one). */
  setSearch(update: Record<string, string | null | undefined>, options?: { replace?: boolean }): void
  /** The tab strip shows this instead of the route's title (e.g. the record's name). */
  setTitle(title: string | null): void
  /** Lists publish their selection and bulk actions; null when they unmount. */
  publishList(handle: ListHandle | null): void
  /** Record screens publish what they show; null when they unmount. */
  publishRecord(record: RecordHandle | null): void
}

export const TabContext = createContext<TabApi | null>(null)

export function mergeSearch(path: string, update: Record<string, string | null | undefined>): string {
  const url = new URL(path, 'http://x')
  for (const [key, value] of Object.entries(update)) {
    if (value === null || value === undefined || value === '') url.searchParams.delete(key)
    else url.searchParams.set(key, value)
  }
  const search = url.searchParams.toString()
  return `${url.pathname}${search ? `?${search}` : ''}`
}

/** Outside the workspace a "tab" is the window itself. */
function useWindowTab(): TabApi {
  const location = useSnapshot(locationState)
  return useMemo<TabApi>(() => {
    const path = `${location.pathname}${location.search}`
    return {
      tabId: null,
      focused: true,
      path,
      search: new URLSearchParams(location.search),
      navigate: (to, options) => navigateWindow(to, options),
      open: (to) => navigateWindow(to),
      setSearch: (update, options) => navigateWindow(mergeSearch(path, update), options),
      setTitle: () => undefined,
      publishList: () => undefined,
      publishRecord: () => undefined,
    }
  }, [location.pathname, location.search])
}

export function useTab(): TabApi {
  const tab = useContext(TabContext)
  const windowTab = useWindowTab()
  return tab ?? windowTab
}
