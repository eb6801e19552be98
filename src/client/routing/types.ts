import type { ComponentType, LazyExoticComponent } from 'react'
import type { Command } from '@commands/types'

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
  screen: LazyExoticComponent<ComponentType<ScreenProps>>
}

/** What a domain contributes to the client. */
export interface DomainUi {
  name: string
  routes: RouteDef[]
  /** Actions the palette offers (with `when` for the focused record or list). */
  commands?: readonly Command[]
}
