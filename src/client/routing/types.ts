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
  /**
   * Starts the reads the screen makes first (through `api.prefetch`), called when navigation to it
   * starts, so its data and its chunk download side by side.
   */
  prefetch?(params: Record<string, string>, search: URLSearchParams): void
}

/** What a domain contributes to the client's router (its palette commands: src/client/shell/domain-commands.ts). */
export interface DomainUi {
  name: string
  routes: RouteDef[]
}
