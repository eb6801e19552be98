import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { Button, Callout, Flex, IconButton } from '@radix-ui/themes'
import { Cross2Icon, ExclamationTriangleIcon } from '@radix-ui/react-icons'
import { useHotkeys } from 'react-hotkeys-hook'
import { mergeSearch, useTab, type BulkAction, type ListHandle } from '../../workspace/tab-context'
import { useLoad } from '../../state/useLoad'
import type { BulkBarProps } from './BulkBar'
import { deferred } from '../dialogs/deferred'
import { ColumnsMenu } from './ColumnsMenu'
import { useColumnState } from './column-state'
import { downloadCsv, rowsToCsv } from './csv-export'
import { DataTable, type RowKey } from './DataTable'
import { DEFAULT_PAGE_SIZES, queryUpdate, readQuery } from './list-query'
import type { ColumnDef, ExportDef, FilterDef, ListAction, ListQuery, ListResult, SortDef } from './list-types'
import { Pagination } from './Pagination'
import { prefetchIntent } from '../../routing/prefetch-route'
import { actionsFor, type Target } from '@commands/actions'
import { availability } from '@commands/registry'
import { commandContext, useLoadedCommands } from '../../shell/commands'
import { runCommand } from '../../shell/run-command'
import { Toolbar, TOOLBAR_FAILED, type ToolbarValues } from './Toolbar'
import './list.css'

// The selection's bar (its menu and confirmations) is fetched with the first selection, or when the
// browser is idle after the first list: it is never part of a list's first paint.
const BulkBar = deferred<BulkBarProps>(
  () => import('./BulkBar').then((module) => module.BulkBar),
  () => true,
)

export const DEFAULT_EMPTY_MESSAGE = 'Nothing Found'

export interface ListViewProps<Row> {
  /** Key of the remembered columns (`wl_list_columns:<listId>`) and the list's name for the palette. */
  listId: string
  title: string
  /** Define them once (module level or useMemo): a new array re-creates the grid's columns. */
  columns: readonly ColumnDef<Row>[]
  rowId(row: Row): RowKey
  /** Loads one page; honour the signal, a newer query aborts the older request. */
  fetch(query: ListQuery, signal: AbortSignal): Promise<ListResult<Row>>
  /** When the page is a path segment (p => `/users/manage/${p}`); otherwise the page goes in `?page=`. */
  pagePath?(page: number): string
  /** The current page when `pagePath` is used: the route's {page} parameter. */
  page?: number
  filters?: readonly FilterDef[]
  sorts?: readonly SortDef[]
  dateRange?: { label: string }
  /** Default: 25, 50, 100, 200, 500, 1000, 1500, 2000, 2500 (the first is the default size). */
  pageSizes?: readonly number[]
  /** Click or Enter opens it in this tab; ctrl/cmd+click in a new tab. */
  rowLink?(row: Row): string
  /**
   * The selected rows as records (`selectionOf('account', …)`): the actions declared for that kind on a
   * selection fill the bulk bar and the palette, each asking what the palette asks.
   */
  records?(rows: readonly Row[]): Target
  /** The list's own actions on its selection that change nothing on the server (export the selected rows). */
  bulkActions?: readonly BulkAction[]
  /** Server exports: they receive the current query. */
  exports?: readonly ExportDef[]
  /** CSV of the loaded rows and visible columns, file name export.csv. Default true. */
  csvExport?: boolean
  action?: ListAction
  /** Default "Nothing Found". */
  emptyMessage?: string
  /** Shown when a load fails (otherwise the server's message). */
  errorMessage?: string
  /** Screen buttons (Invite, Import…) shown in the toolbar row after the search and settings. */
  tools?: ReactNode
}

const NO_IDS: readonly RowKey[] = []
const NO_ACTIONS: readonly BulkAction[] = []
const INTERACTIVE =
  'a, button, input, select, textarea, [role="button"], [role="menuitem"], [role="dialog"] *, [role="alertdialog"] *, [role="menu"] *, [role="listbox"] *, .ag-header *'

/** Keys a list leaves alone: typing, a focused control, or an open dialog or menu. */
function ignoreKey(event: KeyboardEvent): boolean {
  const target = event.target
  return target instanceof Element && target.closest(INTERACTIVE) !== null
}

const TYPING =
  'input, select, textarea, [contenteditable="true"], [role="dialog"] *, [role="alertdialog"] *, [role="menu"] *, [role="listbox"] *, .ag-header *'

/**
 * j/k/x leave only typing and open dialogs or menus alone: after the settings drawer closes, focus
 * sits on its button, and j should still move through the rows. They take focus off a focused
 * button or link so that Enter then opens the row instead of pressing it.
 */
function ignoreMoveKey(event: KeyboardEvent): boolean {
  const target = event.target
  if (!(target instanceof Element)) return false
  if (target.closest(TYPING)) return true
  if (target instanceof HTMLElement && target.closest('a, button, [role="button"]')) target.blur()
  return false
}

/**
 * A server-paged list: toolbar (search, drawer with filters, sort, dates, page size, exports, action),
 * bulk bar, DataTable and pagination. The query lives in the tab's address, so a view can be shared;
 * the list tells the shell its selection and bulk actions so the palette can act on them.
 */
export function ListView<Row>({
  listId,
  title,
  columns,
  rowId,
  fetch,
  pagePath,
  page,
  filters,
  sorts,
  dateRange,
  pageSizes = DEFAULT_PAGE_SIZES,
  rowLink,
  bulkActions: ownBulkActions = NO_ACTIONS,
  records,
  exports,
  csvExport = true,
  action,
  emptyMessage = DEFAULT_EMPTY_MESSAGE,
  errorMessage,
  tools,
}: ListViewProps<Row>) {
  const tab = useTab()
  const { search, path } = tab

  const query = useMemo(
    () => readQuery(search, { filters, sorts, pageSizes, page: pagePath ? (page ?? 1) : undefined }),
    [search, filters, sorts, pageSizes, pagePath, page],
  )
  const key = useMemo(() => JSON.stringify(query), [query])

  // The load machine keeps the fetcher it starts with; the newest `fetch` prop is read through a ref.
  const fetchRef = useRef(fetch)
  useLayoutEffect(() => {
    fetchRef.current = fetch
  })
  const fetcher = useCallback((input: string, signal: AbortSignal) => fetchRef.current(JSON.parse(input) as ListQuery, signal), [])
  // Kept per list, address and query: a page seen before shows at once and refreshes behind.
  const load = useLoad(fetcher, key, { cacheKey: `list:${listId}:${path}:${key}` })
  const data = load.data
  const reloadRef = useRef(load.reload)
  useLayoutEffect(() => {
    reloadRef.current = load.reload
  })
  const reload = useCallback(() => reloadRef.current(), [])
  const rows = useMemo(() => data?.data ?? [], [data])

  // Selection and cursor belong to the page (the query) they were made on: a new page starts with
  // neither. A refresh of the same page (a page shown from the cache, then its fresh answer) keeps
  // both: the cursor stays on its row, the selection keeps the rows still there.
  const [selection, setSelection] = useState<{ key: string | null; ids: readonly RowKey[] }>({ key: null, ids: NO_IDS })
  const selectedIds = useMemo(() => {
    if (selection.key !== key || !data || selection.ids.length === 0) return NO_IDS
    const present = new Set(rows.map((row) => String(rowId(row))))
    const kept = selection.ids.filter((id) => present.has(String(id)))
    return kept.length === selection.ids.length ? selection.ids : kept
  }, [selection, key, data, rows, rowId])
  const select = useCallback((ids: readonly RowKey[]) => setSelection({ key, ids }), [key])
  const [cursorState, setCursorState] = useState<{ key: string | null; id: RowKey | null; index: number | null }>({
    key: null,
    id: null,
    index: null,
  })
  const cursor = useMemo(() => {
    if (cursorState.key !== key || cursorState.index === null || rows.length === 0) return null
    const at = cursorState.id === null ? -1 : rows.findIndex((row) => String(rowId(row)) === String(cursorState.id))
    return at >= 0 ? at : Math.min(cursorState.index, rows.length - 1)
  }, [cursorState, key, rows, rowId])
  const moveCursor = useCallback(
    (index: number) => setCursorState({ key, index, id: rows[index] ? rowId(rows[index]) : null }),
    [key, rows, rowId],
  )

  const columnState = useColumnState(listId, columns)
  const visibleColumns = useMemo(
    () => columns.filter((column) => columnState.visibleIds.includes(column.id)),
    [columns, columnState.visibleIds],
  )

  const [actionError, setActionError] = useState<string | null>(null)
  const searchRef = useRef<HTMLInputElement>(null)
  // The selection as records, and the declared actions on it (access from the contract: hidden when not allowed).
  const recordSelection = useMemo(() => {
    if (!records) return null
    const chosen = new Set(selectedIds)
    return records(rows.filter((row) => chosen.has(rowId(row))))
  }, [records, rows, selectedIds, rowId])
  // The declared actions arrive after the first list is painted: the shell asks for them then
  // (shell/commands.ts `loadCommands`), not beside the rows on the wire.
  const recordActions = useLoadedCommands(false)?.recordActions ?? null
  const declared = useMemo<BulkAction[]>(() => {
    if (!records || !recordActions) return []
    const target = records([])
    const context = commandContext()
    return actionsFor(recordActions, target.kind, 'selection')
      .filter((action) => availability({ ...action.command(target), when: undefined }, context) !== false)
      .map((action) => ({
        id: action.key,
        label: action.label,
        // Runs as from the palette: a question (a reason, a yes/no) opens the palette on its page.
        run: () => (recordSelection ? runCommand(action.command(recordSelection)) : undefined),
      }))
  }, [records, recordSelection, recordActions])
  const bulkActions = useMemo(() => [...declared, ...ownBulkActions], [declared, ownBulkActions])
  // While the declared actions are on their way, a list of records keeps the room for its checkboxes.
  const selectable = bulkActions.length > 0 || (Boolean(records) && !recordActions)

  const apply = useCallback(
    (values: ToolbarValues, options?: { replace?: boolean }) => {
      const update = queryUpdate(values, { filters, pageSizes })
      // New criteria start again from the first page.
      if (pagePath) tab.navigate(mergeSearch(`${pagePath(1)}${new URL(path, 'http://x').search}`, update), options)
      else tab.setSearch({ ...update, page: null }, options)
    },
    [filters, pageSizes, pagePath, path, tab],
  )

  const goToPage = useCallback(
    (next: number) => {
      if (pagePath) tab.navigate(`${pagePath(next)}${new URL(path, 'http://x').search}`)
      else tab.setSearch({ page: next === 1 ? null : String(next) })
    },
    [pagePath, path, tab],
  )

  const openRow = useCallback(
    (row: Row, where: 'here' | 'tab' | 'right') => {
      if (!rowLink) return
      if (where === 'here') tab.navigate(rowLink(row))
      else tab.open(rowLink(row), where)
    },
    [rowLink, tab],
  )

  // Where the rows lead is fetched ahead: the record screen's chunk once the list is idle, and the
  // record under the resting cursor (routing/prefetch-route.ts).
  const firstLink = rowLink && rows.length ? rowLink(rows[0]) : null
  useEffect(() => (firstLink ? prefetchIntent(firstLink, { data: false }) : undefined), [firstLink])
  const cursorLink = rowLink && cursor !== null && rows[cursor] ? rowLink(rows[cursor]) : null
  useEffect(() => (cursorLink && tab.focused ? prefetchIntent(cursorLink, { data: true }) : undefined), [cursorLink, tab.focused])

  const toggleAll = useCallback(() => {
    if (!selectable || rows.length === 0) return
    const all = selectedIds.length === rows.length
    select(all ? NO_IDS : rows.map(rowId))
  }, [selectable, rows, selectedIds, select, rowId])

  const runBulk = useCallback(
    async (bulk: BulkAction, ids: readonly RowKey[]) => {
      setActionError(null)
      try {
        await bulk.run(ids)
        select(NO_IDS)
        reload()
      } catch (failure) {
        console.error(`List ${listId}: bulk action ${bulk.id} failed`, failure)
        setActionError(TOOLBAR_FAILED)
      }
    },
    [listId, reload, select],
  )

  // What the palette sees: its bulk actions report failures here, like the bulk bar's.
  const handle = useMemo<ListHandle>(
    () => ({
      listId,
      title,
      selectedIds,
      bulkActions: ownBulkActions.map((bulk) => ({ ...bulk, run: (ids: readonly RowKey[]) => runBulk(bulk, ids) })),
      selection: recordSelection,
      focusSearch: () => {
        searchRef.current?.focus()
        searchRef.current?.select()
      },
      // shift+x reaches the list through this in the workspace, so it toggles like the key does.
      selectAll: toggleAll,
      clearSelection: () => select(NO_IDS),
    }),
    [listId, title, selectedIds, ownBulkActions, recordSelection, runBulk, toggleAll, select],
  )
  const publish = tab.publishList
  useEffect(() => {
    publish(handle)
    return () => publish(null)
  }, [publish, handle])

  // Keys act on the focused tab only; in the workspace each tab has its own hotkey scope.
  const keyOptions = {
    enabled: tab.focused,
    ignoreEventWhen: ignoreKey,
    scopes: tab.tabId ? [`tab:${tab.tabId}`] : undefined,
    preventDefault: true,
  }
  const moveOptions = { ...keyOptions, ignoreEventWhen: ignoreMoveKey }
  useHotkeys('j', () => rows.length && moveCursor(cursor === null ? 0 : Math.min(rows.length - 1, cursor + 1)), moveOptions, [rows, cursor, moveCursor])
  useHotkeys('k', () => rows.length && moveCursor(cursor === null ? 0 : Math.max(0, cursor - 1)), moveOptions, [rows, cursor, moveCursor])
  useHotkeys(
    'enter',
    () => cursor !== null && rows[cursor] && openRow(rows[cursor], 'here'),
    { ...keyOptions, enabled: tab.focused && Boolean(rowLink) },
    [rows, cursor, openRow],
  )
  // Compare records side by side: mod+Enter opens the row in a pane to the right, shift+Enter in a new tab.
  useHotkeys(
    'mod+enter',
    () => cursor !== null && rows[cursor] && openRow(rows[cursor], 'right'),
    { ...keyOptions, enabled: tab.focused && Boolean(rowLink) },
    [rows, cursor, openRow],
  )
  useHotkeys(
    'shift+enter',
    () => cursor !== null && rows[cursor] && openRow(rows[cursor], 'tab'),
    { ...keyOptions, enabled: tab.focused && Boolean(rowLink) },
    [rows, cursor, openRow],
  )
  useHotkeys(
    'x',
    () => {
      if (cursor === null || !rows[cursor]) return
      const id = rowId(rows[cursor])
      const on = selectedIds.some((other) => String(other) === String(id))
      select(on ? selectedIds.filter((other) => String(other) !== String(id)) : [...selectedIds, id])
    },
    { ...moveOptions, enabled: tab.focused && selectable },
    [rows, cursor, selectedIds, select, rowId],
  )
  // Inside the workspace the shell binds shift+x and / (palette commands) and calls the handle.
  useHotkeys('shift+x', toggleAll, { ...keyOptions, enabled: tab.focused && selectable && !tab.tabId }, [toggleAll])
  useHotkeys('slash', () => handle.focusSearch(), { ...keyOptions, enabled: tab.focused && !tab.tabId }, [handle])

  const exportCsv = useCallback(() => downloadCsv(rowsToCsv(visibleColumns, rows)), [visibleColumns, rows])

  const failed = load.status === 'error'
  return (
    <Flex direction="column" gap="3" className="wl-list" data-list-id={listId}>
      <Toolbar
        title={title}
        query={query}
        onApply={apply}
        filters={filters}
        sorts={sorts}
        dateRange={dateRange}
        pageSizes={pageSizes}
        onExportCsv={csvExport ? exportCsv : undefined}
        exports={exports}
        action={action}
        onActionDone={reload}
        searchRef={searchRef}
      >
        <ColumnsMenu columns={columns} state={columnState} />
        {tools}
      </Toolbar>
      {actionError && (
        <Callout.Root color="red" role="alert" size="1">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{actionError}</Callout.Text>
          <IconButton
            size="1"
            variant="ghost"
            color="red"
            aria-label="Dismiss"
            onClick={() => setActionError(null)}
            style={{ justifySelf: 'start' }}
          >
            <Cross2Icon aria-hidden />
          </IconButton>
        </Callout.Root>
      )}
      {selectedIds.length > 0 && (
        <BulkBar
          count={selectedIds.length}
          actions={bulkActions}
          onClear={() => select(NO_IDS)}
          onRun={async (bulk) => {
            // A declared action keeps the selection until it has run (the refresh after it clears it).
            if (declared.includes(bulk)) await bulk.run(selectedIds)
            else await runBulk(bulk, selectedIds)
          }}
        />
      )}
      {failed ? (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{errorMessage ?? load.error?.message ?? TOOLBAR_FAILED}</Callout.Text>
          <Button size="1" variant="soft" color="red" onClick={reload} style={{ justifySelf: 'start' }}>
            Try again
          </Button>
        </Callout.Root>
      ) : (
        <DataTable
          label={title}
          rows={rows}
          columns={columns}
          visibleIds={columnState.visibleIds}
          widths={columnState.widths}
          onColumnResize={columnState.setWidth}
          rowId={rowId}
          selectable={selectable}
          selectedIds={selectedIds}
          onSelectionChange={select}
          cursor={cursor}
          onCursorChange={moveCursor}
          rowLink={rowLink}
          onOpenRow={openRow}
          loading={load.status === 'loading' || load.status === 'idle'}
          emptyMessage={emptyMessage}
        />
      )}
      {/* An empty page says Nothing Found in the table once; no "No results" under it. */}
      {data && !failed && data.meta.total > 0 && (
        <Pagination
          page={data.meta.page}
          lastPage={data.meta.last_page}
          perPage={data.meta.per_page}
          total={data.meta.total}
          totalIsEstimate={data.meta.totalIsEstimate}
          onPage={goToPage}
          disabled={load.status === 'loading'}
        />
      )}
    </Flex>
  )
}
