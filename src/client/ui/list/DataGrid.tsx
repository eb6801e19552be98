import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { AgGridReact, type CustomCellRendererProps } from 'ag-grid-react'
import {
  CellStyleModule,
  ClientSideRowModelModule,
  LocaleModule,
  RowApiModule,
  RowSelectionModule,
  RowStyleModule,
  ValidationModule,
  type CellClickedEvent,
  type CellFocusedEvent,
  type ColDef,
  type Column,
  type ColumnResizedEvent,
  type GridApi,
  type GridReadyEvent,
  type IRowNode,
  type Module,
  type SelectionChangedEvent,
} from 'ag-grid-community'
import { Cell } from './Cell'
import { gridTheme } from './grid-theme'
import { columnSizing } from './column-fit'
import type { DataTableProps, RowKey } from './DataTable'
import type { ColumnDef } from './list-types'

// Only what the table uses; ValidationModule names a missing module while developing and is dropped from builds.
const MODULES: Module[] = [
  ClientSideRowModelModule,
  RowSelectionModule,
  RowApiModule,
  RowStyleModule,
  CellStyleModule,
  LocaleModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
]

const SELECTION_COLUMN = 'ag-Grid-SelectionColumn'
const INTERACTIVE = 'a, button, input, select, textarea, [role="button"], [role="checkbox"], [role="link"]'

const LOCALE_TEXT = {
  ariaRowSelectAll: 'Select every row on this page',
  ariaHeaderSelection: 'Select every row on this page',
  ariaRowToggleSelection: 'Select row',
  ariaRowSelect: 'Select row',
  ariaRowDeselect: 'Deselect row',
  loadingOoo: 'Loading…',
}

function GridCell<Row>(props: CustomCellRendererProps<Row> & { column: ColumnDef<Row> }) {
  return props.data === undefined ? null : <Cell column={props.column} row={props.data} />
}

const ALIGN_END = new Set(['money'])

// Props the grid compares by identity: made once here. A new object on every render (the selection
// column's definition written inline) made each render of the list (a j or k, its rows arriving) apply
// the columns again, measuring the page's layout as it did (~28 ms of a list → list, traced).
const SELECTION_COLUMN_DEF = { width: 48, minWidth: 48, maxWidth: 48, resizable: false, suppressMovable: true }
const NO_WIDTHS: Readonly<Record<string, number>> = {}
const NO_IDS: readonly RowKey[] = []

function nodesOf<Row>(api: GridApi<Row>): IRowNode<Row>[] {
  const nodes: IRowNode<Row>[] = []
  api.forEachNode((node) => nodes.push(node))
  return nodes
}

/** AG Grid behind DataTable: loaded lazily, so nothing here reaches the main bundle. */
export default function DataGrid<Row>({
  label,
  rows,
  columns,
  visibleIds,
  widths = NO_WIDTHS,
  onColumnResize,
  rowId,
  selectable = false,
  selectedIds = NO_IDS,
  onSelectionChange,
  cursor = null,
  onCursorChange,
  rowLink,
  onOpenRow,
  loading = false,
  emptyMessage = 'Nothing Found',
}: DataTableProps<Row>) {
  const [api, setApi] = useState<GridApi<Row> | null>(null)
  const keyOf = useCallback((row: Row) => String(rowId(row)), [rowId])

  // The latest callbacks, for the grid's event handlers (which the grid keeps from its first render).
  const latest = useRef({ selectedIds, onSelectionChange, onCursorChange, rowLink, onOpenRow, onColumnResize, keyOf, rowId, rows })
  useEffect(() => {
    latest.current = { selectedIds, onSelectionChange, onCursorChange, rowLink, onOpenRow, onColumnResize, keyOf, rowId, rows }
  })

  const columnDefs = useMemo<ColDef<Row>[]>(
    () =>
      columns.map((column) => {
        const sizing = columnSizing(column, widths[column.id])
        const numeric = ALIGN_END.has(column.type)
        return {
          colId: column.id,
          headerName: column.header,
          hide: !visibleIds.includes(column.id),
          width: sizing.width,
          minWidth: sizing.minWidth,
          flex: sizing.flex,
          resizable: true,
          sortable: false,
          suppressMovable: true,
          cellRenderer: GridCell,
          cellRendererParams: { column },
          cellClass: numeric ? 'wl-cell wl-cell-end' : 'wl-cell',
          headerClass: numeric ? 'wl-header-end' : undefined,
        }
      }),
    [columns, visibleIds, widths],
  )

  const rowSelection = useMemo(
    () =>
      selectable
        ? ({ mode: 'multiRow', checkboxes: true, headerCheckbox: true, enableClickSelection: false, selectAll: 'all' } as const)
        : undefined,
    [selectable],
  )

  // Selection is the list's state; the grid mirrors it.
  useEffect(() => {
    if (!api) return
    const wanted = new Set(selectedIds.map(String))
    const toSelect: IRowNode<Row>[] = []
    const toClear: IRowNode<Row>[] = []
    for (const node of nodesOf(api)) {
      const should = node.id !== undefined && wanted.has(node.id)
      if (should && !node.isSelected()) toSelect.push(node)
      if (!should && node.isSelected()) toClear.push(node)
    }
    if (toSelect.length) api.setNodesSelected({ nodes: toSelect, newValue: true })
    if (toClear.length) api.setNodesSelected({ nodes: toClear, newValue: false })
  }, [api, selectedIds, rows])

  const handleSelectionChanged = useCallback((event: SelectionChangedEvent<Row>) => {
    const { selectedIds: current, onSelectionChange: notify, keyOf: key, rowId: idOf, rows: page } = latest.current
    const chosen = new Set(event.api.getSelectedNodes().map((node) => node.id))
    const ids: RowKey[] = page.filter((row) => chosen.has(key(row))).map(idOf)
    const before = new Set(current.map(String))
    const same = ids.length === before.size && ids.every((id) => before.has(String(id)))
    if (!same) notify?.(ids)
  }, [])

  // The cursor is the grid's focused row, so screen readers follow j/k like arrow keys. The grid
  // takes the keyboard only in the workspace's focused tab, and only from that tab (or from nowhere):
  // when it replaces the plain table after the user moved on (a record opened in the next pane), it
  // must not pull the focus back, even in the moment the keyboard is nowhere because the plain table's
  // focused row has just gone.
  const frame = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!api || cursor === null || cursor >= rows.length) return
    const active = document.activeElement
    const tab = frame.current?.closest('.wl-tab')
    if (tab && !tab.hasAttribute('data-focused')) return
    const ownTab = tab ?? frame.current
    if (active && active !== document.body && ownTab && !ownTab.contains(active)) return
    const focused = api.getFocusedCell()
    if (focused?.rowIndex === cursor && !focused.rowPinned) return
    const column = focused?.column.getColId() ?? visibleIds[0] ?? SELECTION_COLUMN
    // Browser focus scrolls the row into view (the grid has no scroller of its own with autoHeight).
    api.setFocusedCell(cursor, column)
  }, [api, cursor, rows, visibleIds])

  const handleCellFocused = useCallback((event: CellFocusedEvent<Row>) => {
    if (event.rowIndex === null || event.rowPinned) return
    latest.current.onCursorChange?.(event.rowIndex)
  }, [])

  const handleCellClicked = useCallback((event: CellClickedEvent<Row>) => {
    const { rowLink: link, onOpenRow: open } = latest.current
    const mouse = event.event as MouseEvent | null | undefined
    if (!link || !open || event.data === undefined || !mouse) return
    if ((event.column as Column).getColId() === SELECTION_COLUMN) return
    // Links and buttons inside a cell do their own thing.
    if (mouse.target instanceof Element && mouse.target.closest(INTERACTIVE)) return
    if (mouse.button !== 0) return
    open(event.data, mouse.metaKey || mouse.ctrlKey ? 'tab' : mouse.shiftKey ? 'right' : 'here')
  }, [])

  const handleColumnResized = useCallback((event: ColumnResizedEvent<Row>) => {
    // Only what the user dragged; flex neighbours and our own width changes are not choices.
    if (!event.finished || event.source !== 'uiColumnResized') return
    for (const column of event.columns ?? []) {
      const id = column.getColId()
      if (id !== SELECTION_COLUMN) latest.current.onColumnResize?.(id, column.getActualWidth())
    }
  }, [])

  const overlayComponentParams = useMemo(
    () => ({ noRows: { overlayText: emptyMessage }, loading: { overlayText: 'Loading…' } }),
    [emptyMessage],
  )
  const getRowId = useCallback((params: { data: Row }) => latest.current.keyOf(params.data), [])
  const rowClass = rowLink ? 'wl-row-link' : undefined

  return (
    <div ref={frame} className="wl-grid" aria-label={label} role="region">
      <AgGridReact<Row>
        modules={MODULES}
        theme={gridTheme}
        rowData={rows as Row[]}
        columnDefs={columnDefs}
        getRowId={getRowId}
        domLayout="autoHeight"
        suppressColumnVirtualisation
        ensureDomOrder
        animateRows={false}
        rowSelection={rowSelection}
        selectionColumnDef={SELECTION_COLUMN_DEF}
        loading={loading}
        overlayComponentParams={overlayComponentParams}
        localeText={LOCALE_TEXT}
        rowClass={rowClass}
        onGridReady={(event: GridReadyEvent<Row>) => setApi(event.api)}
        onSelectionChanged={handleSelectionChanged}
        onCellFocused={handleCellFocused}
        onCellClicked={handleCellClicked}
        onColumnResized={handleColumnResized}
      />
    </div>
  )
}
