import { lazy, Suspense, useEffect, useState, type ReactElement } from 'react'
import { Flex, Skeleton } from '@radix-ui/themes'
import type { ColumnDef } from './list-types'
import { gridLoaded, listPainted, loadGrid } from './grid-chunk'
import { Cell } from './Cell'
import { columnSizing } from './column-fit'

export type RowKey = string | number

export interface DataTableProps<Row> {
  /** The grid's accessible name, e.g. the list's title. */
  label: string
  /** The page of rows to show; the server pages, the grid does not. */
  rows: readonly Row[]
  columns: readonly ColumnDef<Row>[]
  /** Ids of the columns to show (the columns menu's choice). */
  visibleIds: readonly string[]
  /** Remembered widths in pixels, by column id. */
  widths?: Readonly<Record<string, number>>
  onColumnResize?(id: string, width: number): void
  rowId(row: Row): RowKey
  /** Shows the checkbox column (header checkbox = every row of this page). */
  selectable?: boolean
  selectedIds?: readonly RowKey[]
  onSelectionChange?(ids: RowKey[]): void
  /** The keyboard row cursor (j/k); the grid moves its focus to it. */
  cursor?: number | null
  onCursorChange?(index: number): void
  /** Where a row leads; click opens it in this tab, ctrl/cmd+click in a new one. */
  rowLink?(row: Row): string
  onOpenRow?(row: Row, where: 'here' | 'tab' | 'right'): void
  loading?: boolean
  /** Shown over an empty page. */
  emptyMessage?: string
}

// AG Grid and its modules are a chunk of their own, fetched the first time a table shows (or before).
const LazyGrid = lazy(loadGrid) as unknown as <Row>(props: DataTableProps<Row>) => ReactElement

function TableSkeleton({ label }: { label: string }) {
  return (
    <Flex direction="column" gap="2" aria-busy="true" aria-label={label} role="group">
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} height="36px" />
      ))}
    </Flex>
  )
}

const END_ALIGNED = new Set(['money'])

/**
 * The page's rows as a plain table, drawn while the grid's chunk (the largest of the app) is still on
 * its way: the first list of a visit paints with its data, not after 170 kB more of script. The same
 * cells, widths and cursor; a click or Enter opens a row as in the grid. The grid takes its place as
 * soon as it arrives (selection, resizing and the rest live there).
 */
function FirstPaintTable<Row>({
  label,
  rows,
  columns,
  visibleIds,
  widths = {},
  rowId,
  selectable,
  selectedIds,
  cursor,
  rowLink,
  onOpenRow,
  loading,
  emptyMessage,
}: DataTableProps<Row>) {
  if (rows.length === 0)
    return loading ? <TableSkeleton label={label} /> : <p className="wl-static-empty">{emptyMessage ?? 'Nothing Found'}</p>
  const shown = columns.filter((column) => visibleIds.includes(column.id))
  const sizing = shown.map((column) => columnSizing(column, widths[column.id]))
  const flexTotal = sizing.reduce((sum, size) => sum + (size.flex ?? 0), 0)
  return (
    <div className="wl-grid wl-static-table" role="region" aria-label={label} aria-busy="true">
      <table>
        <colgroup>
          {/* The grid's checkbox column keeps its place, so nothing shifts when the grid arrives. */}
          {selectable && <col style={{ width: 48 }} />}
          {sizing.map((size, index) => (
            <col
              key={shown[index].id}
              style={{ width: size.width ?? (flexTotal ? `${((size.flex ?? 0) / flexTotal) * 100}%` : undefined), minWidth: size.minWidth }}
            />
          ))}
        </colgroup>
        <thead>
          <tr>
            {selectable && <th aria-hidden="true" />}
            {shown.map((column) => (
              <th key={column.id} className={END_ALIGNED.has(column.type) ? 'wl-cell-end' : undefined} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr
              key={String(rowId(row))}
              data-static-row=""
              data-cursor={cursor === index ? '' : undefined}
              className={rowLink ? 'wl-row-link' : undefined}
              onClick={(event) => {
                if (!rowLink || !onOpenRow || event.button !== 0) return
                if (event.target instanceof Element && event.target.closest('a, button, input')) return
                onOpenRow(row, event.metaKey || event.ctrlKey ? 'tab' : event.shiftKey ? 'right' : 'here')
              }}
            >
              {selectable && (
                <td className="wl-cell" aria-hidden="true">
                  {selectedIds?.includes(rowId(row)) ? '✓' : null}
                </td>
              )}
              {shown.map((column) => (
                <td key={column.id} className={END_ALIGNED.has(column.type) ? 'wl-cell wl-cell-end' : 'wl-cell'}>
                  <Cell column={column} row={row} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

// The last key, click or wheel of the page: a grid is not built while the user is busy.
let lastInput = 0
if (typeof window !== 'undefined')
  for (const type of ['keydown', 'pointerdown', 'wheel'])
    window.addEventListener(type, () => (lastInput = performance.now()), { capture: true, passive: true })

/**
 * Once the user has paused for `quietMs` (no key, click or wheel) and the browser is idle. The pause is
 * asked again when the idle callback comes: a key pressed while it waited (g of g r, j of j Enter)
 * starts the wait over, or the grid's creation (100-190 ms traced) ran between the two keys and the
 * navigation waited behind it (list → list's slow cold runs, docs/decisions.md session 40).
 */
export function whenUserPauses(run: () => void, quietMs: number): () => void {
  let timer: number | undefined
  let idle: number | undefined
  const check = () => {
    idle = undefined
    const wait = lastInput + quietMs - performance.now()
    if (wait > 0) timer = window.setTimeout(check, wait)
    else if (typeof window.requestIdleCallback === 'function')
      idle = window.requestIdleCallback(() => (performance.now() - lastInput < quietMs ? check() : run()), { timeout: 300 })
    else run()
  }
  check()
  return () => {
    window.clearTimeout(timer)
    if (idle !== undefined) window.cancelIdleCallback(idle)
  }
}

/**
 * How long the user pauses before the plain table becomes the grid. Building a grid holds the page for
 * 100-150 ms; someone who pressed j and Enter on the rows just painted would wait for it, and their
 * record open with it. Rows open, and the cursor moves, in the plain table as in the grid.
 */
const GRID_AFTER_PAUSE_MS = 600

/**
 * The one table of every list: AG Grid (community), server-paged, loaded lazily. Every table first
 * paints its page as the plain table, then becomes the grid: creating a grid (its DOM, styles and the
 * layout it forces) is most of what a list costs to show, so list → list paints its rows with the
 * plain table and lets the grid take over when the browser is idle. The first list of a visit asks
 * for the grid's chunk only once that table has painted (it then waits for its data alone).
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const [gridReady, setGridReady] = useState(false)
  const waiting = props.loading && props.rows.length === 0
  useEffect(() => {
    if (gridReady || waiting) return
    // After the frame that paints the plain table: the grid's download, parsing and creation must not hold it back.
    let current = true
    let cancelIdle: (() => void) | undefined
    const frame = window.requestAnimationFrame ?? ((run: () => void) => window.setTimeout(run, 16))
    frame(() =>
      window.setTimeout(() => {
        if (!current) return
        listPainted()
        const upgrade = () => {
          if (current) cancelIdle = whenUserPauses(() => current && setGridReady(true), GRID_AFTER_PAUSE_MS)
        }
        if (gridLoaded()) upgrade()
        else void loadGrid().then(upgrade)
      }, 0),
    )
    return () => {
      current = false
      cancelIdle?.()
    }
  }, [gridReady, waiting])
  // A press on the plain table's header or a checkbox's place wants the grid (sorting, resizing,
  // selecting) now; a press on a row opens it, which the plain table does itself.
  if (!gridReady)
    return (
      <div
        className="wl-static-host"
        onPointerDownCapture={(event) => {
          const target = event.target instanceof Element ? event.target : null
          if (gridLoaded() && target?.closest('thead, td[aria-hidden]')) setGridReady(true)
        }}
      >
        <FirstPaintTable {...props} />
      </div>
    )
  return (
    <Suspense fallback={<FirstPaintTable {...props} />}>
      <LazyGrid {...props} />
    </Suspense>
  )
}
