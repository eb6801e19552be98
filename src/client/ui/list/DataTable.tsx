import { lazy, Suspense, type ReactElement } from 'react'
import { Flex, Skeleton } from '@radix-ui/themes'
import type { ColumnDef } from './list-types'
import { loadGrid } from './grid-chunk'

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

/** The one table of every list: AG Grid (community), server-paged, loaded lazily. */
export function DataTable<Row>(props: DataTableProps<Row>) {
  return (
    <Suspense fallback={<TableSkeleton label={props.label} />}>
      <LazyGrid {...props} />
    </Suspense>
  )
}
