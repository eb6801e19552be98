import { useCallback, useMemo, useSyncExternalStore } from 'react'
import type { ColumnDef } from './list-types'

/** localStorage key of a list's remembered columns. */
export const COLUMN_STATE_PREFIX = 'wl_list_columns:'

/** What the user changed; a column with no entry keeps the list's own default. */
export interface StoredColumns {
  visible: Record<string, boolean>
  widths: Record<string, number>
}

const EMPTY: StoredColumns = { visible: {}, widths: {} }
const cache = new Map<string, { raw: string | null; value: StoredColumns }>()
const listeners = new Set<() => void>()

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    // Storage can be switched off (privacy settings): the list still works, it just forgets.
    return null
  }
}

function parse(raw: string | null): StoredColumns {
  if (!raw) return EMPTY
  try {
    const value = JSON.parse(raw) as Partial<StoredColumns>
    const visible: Record<string, boolean> = {}
    const widths: Record<string, number> = {}
    for (const [id, shown] of Object.entries(value.visible ?? {})) if (typeof shown === 'boolean') visible[id] = shown
    for (const [id, width] of Object.entries(value.widths ?? {})) if (typeof width === 'number' && width > 0) widths[id] = Math.round(width)
    return { visible, widths }
  } catch {
    return EMPTY
  }
}

/** The same object while the stored text is unchanged, as useSyncExternalStore requires. */
export function readColumns(listId: string): StoredColumns {
  const raw = storage()?.getItem(COLUMN_STATE_PREFIX + listId) ?? null
  const hit = cache.get(listId)
  if (hit && hit.raw === raw) return hit.value
  const value = parse(raw)
  cache.set(listId, { raw, value })
  return value
}

function writeColumns(listId: string, value: StoredColumns): void {
  const raw = JSON.stringify(value)
  try {
    storage()?.setItem(COLUMN_STATE_PREFIX + listId, raw)
  } catch {
    // Quota or privacy mode: keep the choice for this page view only.
  }
  cache.set(listId, { raw: storage()?.getItem(COLUMN_STATE_PREFIX + listId) ?? raw, value })
  listeners.forEach((listener) => listener())
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  // Another browser tab changed a list's columns.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(COLUMN_STATE_PREFIX)) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export interface ColumnState {
  /** Ids of the columns shown, in the list's order. */
  visibleIds: readonly string[]
  isVisible(id: string): boolean
  widths: Readonly<Record<string, number>>
  setVisible(id: string, visible: boolean): void
  setWidth(id: string, width: number): void
  /** Back to the list's defaults. */
  reset(): void
}

/** Column widths and visibility remembered per list (every pane showing the list follows along). */
export function useColumnState<Row>(listId: string, columns: readonly ColumnDef<Row>[]): ColumnState {
  const stored = useSyncExternalStore(
    subscribe,
    () => readColumns(listId),
    () => EMPTY,
  )
  const visibleIds = useMemo(
    () => columns.filter((column) => stored.visible[column.id] ?? !column.hidden).map((column) => column.id),
    [columns, stored],
  )
  const isVisible = useCallback((id: string) => visibleIds.includes(id), [visibleIds])
  const setVisible = useCallback(
    (id: string, visible: boolean) => {
      const current = readColumns(listId)
      writeColumns(listId, { ...current, visible: { ...current.visible, [id]: visible } })
    },
    [listId],
  )
  const setWidth = useCallback(
    (id: string, width: number) => {
      const current = readColumns(listId)
      if (current.widths[id] === Math.round(width)) return
      writeColumns(listId, { ...current, widths: { ...current.widths, [id]: Math.round(width) } })
    },
    [listId],
  )
  const reset = useCallback(() => writeColumns(listId, EMPTY), [listId])
  return { visibleIds, isVisible, widths: stored.widths, setVisible, setWidth, reset }
}
