/**
 * How wide a grid column may be. A declared width is a share of the grid's width, not a fixed size:
 * every column shrinks (down to its minimum) so the whole row fits the pane it is in, instead of
 * running past the pane's edge, where the columns behind the edge could only be reached through a
 * scrollbar under the last row. Only a width the user dragged stays fixed.
 */
export interface ColumnSizing {
  width?: number
  flex?: number
  minWidth: number
}

/** The smallest a column gets by default: enough for a short value or a header and its ellipsis. */
export const MIN_COLUMN_WIDTH = 72
/** A column without a declared width weighs as one of this many pixels (times its `flex`). */
const FLEX_UNIT = 150

export function columnSizing(column: { width?: number; minWidth?: number; flex?: number }, remembered?: number): ColumnSizing {
  const minWidth =
    column.minWidth ??
    (column.width ? Math.min(column.width, Math.max(MIN_COLUMN_WIDTH, Math.round(column.width * 0.45))) : MIN_COLUMN_WIDTH)
  if (remembered) return { width: remembered, minWidth: Math.min(minWidth, remembered) }
  return { flex: column.width ?? (column.flex ?? 1) * FLEX_UNIT, minWidth }
}
