import { loadGrid } from '../ui/list/grid-chunk'
import { findRoute } from './registry'
import { loadInBackground } from './background-loads'
import { FIRST_READS, type FirstRead } from './first-reads'
import { api } from '../api'

/** The signed-in route at `path`, with its address; guest pages answer null (nothing to read before signing in). */
function signedInRoute(path: string) {
  const url = new URL(path, window.location.origin)
  const found = findRoute(url.pathname)
  return found && (found.route.access === 'auth' || found.route.access === 'admin') ? { ...found, url } : null
}

/** The chunk of the screen at `path` (a signed-in one), without its data. */
const preloadScreen = (path: string): Promise<unknown> => signedInRoute(path)?.route.screen.preload?.() ?? Promise.resolve()

/**
 * Navigation to `path` starts: its screen's chunk and its first reads are requested now, side by
 * side, instead of the reads waiting for the chunk to arrive and the screen to mount. Guest pages
 * are left alone (nothing to read before signing in).
 */
export function prefetchRoute(path: string, options: { data?: boolean; grid?: boolean } = {}): void {
  const found = signedInRoute(path)
  if (!found) return
  const { url } = found
  // The reads first: the browser opens six connections to a host over HTTP/1.1 and queues the rest in
  // the order asked, so a read asked after a screen's chunks (and the chunks they import) waited behind
  // them; at start-up the first list's read left ~700 ms after it was asked (docs/decisions.md).
  if (options.data !== false) {
    const read = FIRST_READS[found.route.path]?.read(found.params, url.searchParams)
    // The declaration's input is typed by its endpoint where it is written (first-reads.ts).
    if (read) (api.prefetch as (id: FirstRead['id'], input: FirstRead['input']) => void)(read.id, read.input)
  }
  void found.route.screen.preload?.().catch(() => undefined)
  // A list route ({page}) draws its rows in the grid: its chunk too, if nothing fetched it yet.
  // (Not at start-up: the first list paints as a plain table, and the grid follows it.)
  if (found.route.path.includes('{page}') && options.grid !== false) void loadGrid().catch(() => undefined)
}

/** How long the list cursor rests on a row before its record's data is asked for ahead (j held down asks nothing). */
export const INTENT_DATA_DELAY_MS = 60

/**
 * A list shows rows that lead to records: the record screen's chunk is fetched when the browser is
 * idle, and when the keyboard cursor rests on a row its record's first reads are asked for too, so
 * Enter finds both on hand (a record opened from a list then paints without a round trip's wait).
 * Answers the cancel for the pending data request.
 */
export function prefetchIntent(path: string, options: { data: boolean }): () => void {
  if (!options.data) {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200))
    const cancelIdle = window.cancelIdleCallback ?? window.clearTimeout
    const handle = idle(() => loadInBackground(() => preloadScreen(path), { soon: true }))
    return () => cancelIdle(handle)
  }
  prefetchRoute(path, { data: false })
  const timer = window.setTimeout(() => prefetchRoute(path), INTENT_DATA_DELAY_MS)
  return () => window.clearTimeout(timer)
}
