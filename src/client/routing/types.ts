import type { ComponentType } from 'react'

/** As routes.tsv spells it: guest-only routes send signed-in accounts to /dashboard. */
export type RouteAccess = 'guest-only' | 'public' | 'auth' | 'admin'

export interface ScreenProps {
  params: Record<string, string>
  search: URLSearchParams
}

export interface RouteDef {
  /** The pattern exactly as routes.tsv writes it, e.g. `/users/{id}`. */
  path: string
  access: RouteAccess
  /** The page title before " | <site name>". */
  title: string
  /** A `lazyScreen()` can be fetched before it renders; a plain `lazy()` loads when first shown. */
  screen: ComponentType<ScreenProps> & { preload?(): Promise<unknown> }
  // A screen people open often declares its first read in `first-reads.ts` (keyed by this path): asked
  // when navigation starts, and preloaded with the HTML by the server.
}

/** What a domain contributes to the client's router (its palette commands: src/client/shell/domain-commands.ts). */
export interface DomainUi {
  name: string
  routes: RouteDef[]
}
