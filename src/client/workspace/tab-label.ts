import { currentPath } from './layout'
import { findRoute } from '../routing/registry'

/** A tab's label: what its screen set, else its route's title. */
export function tabLabel(
  tab: { readonly title: string | null; readonly history: readonly string[]; readonly index: number } | undefined,
): string {
  if (!tab) return ''
  if (tab.title) return tab.title
  const path = currentPath(tab)
  return findRoute(new URL(path, window.location.origin).pathname)?.route.title ?? 'Page not found'
}
