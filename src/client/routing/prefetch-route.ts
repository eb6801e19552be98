import { loadGrid } from '../ui/list/grid-chunk'
import { findRoute } from './registry'

/**
 * Navigation to `path` starts: its screen's chunk and its first reads are requested now, side by
 * side, instead of the reads waiting for the chunk to arrive and the screen to mount. Guest pages
 * are left alone (nothing to read before signing in).
 */
export function prefetchRoute(path: string): void {
  const url = new URL(path, window.location.origin)
  const found = findRoute(url.pathname)
  if (!found || (found.route.access !== 'auth' && found.route.access !== 'admin')) return
  void found.route.screen.preload?.().catch(() => undefined)
  // A list route ({page}) draws its rows in the grid: its chunk too, if nothing fetched it yet.
  if (found.route.path.includes('{page}')) void loadGrid().catch(() => undefined)
  found.route.prefetch?.(found.params, url.searchParams)
}
