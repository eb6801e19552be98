// The list kit. Not re-exported here: the parts fetched on demand (the settings sheet with its date
// field, the selection bar, ConfirmDialog); import them from their files, or the barrel would put them
// back into every list's first chunk.
export { ListView, DEFAULT_EMPTY_MESSAGE, type ListViewProps } from './ListView'
export { Toolbar, TOOLBAR_FAILED, SEARCH_DEBOUNCE_MS, type ToolbarProps, type ToolbarValues } from './Toolbar'
export { DataTable, type DataTableProps, type RowKey } from './DataTable'
export { Pagination, pageWindow, type PaginationProps } from './Pagination'
export { ColumnsMenu } from './ColumnsMenu'
export { useColumnState, COLUMN_STATE_PREFIX, type ColumnState } from './column-state'
export { toCsv, rowsToCsv, cellText, downloadCsv, CSV_FILE_NAME, type CsvCell } from './csv-export'
export { readQuery, queryUpdate, DEFAULT_PAGE_SIZES, QUERY_KEYS } from './list-query'
export type { BulkAction } from '../../workspace/tab-context'
export type * from './list-types'
