/**
 * The last answer of each list page and record this session opened, in memory only (never in
 * storage), so opening them again shows them at once while the load refreshes them in the background.
 * Cleared when the signed-in account changes. Least recently used first out.
 */
const MAX_ENTRIES = 200
const entries = new Map<string, unknown>()

export const queryCache = {
  get(key: string): unknown {
    const value = entries.get(key)
    if (value !== undefined) {
      entries.delete(key)
      entries.set(key, value)
    }
    return value
  },
  /** The kept answer without counting it as used (safe while rendering). */
  peek(key: string): unknown {
    return entries.get(key)
  },
  set(key: string, value: unknown): void {
    entries.delete(key)
    entries.set(key, value)
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
  },
  clear(): void {
    entries.clear()
  },
  get size(): number {
    return entries.size
  },
}
