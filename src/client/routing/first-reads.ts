import type { EndpointId, EndpointInput, Endpoints } from '@contract/index'
import { readQuery } from '../ui/list/list-query'
import type { FilterDef, ListQuery, SortDef } from '../ui/list/list-types'
import type { UrlInput } from '../api-url'
import { compilePattern, matchPattern } from './match'
import { USER_FILTERS, USER_SORTS, usersListInput } from '@domains/users/ui/users-list-query'
import { RELEASE_FILTERS, RELEASE_SORTS, releasesQuery } from '@domains/catalogue/ui/releases-list-query'
import { viewOf } from '@domains/analytics/ui/view'

// The first read of the screens people open often, declared once for both sides: the client asks it
// when navigation to the route starts (`prefetchRoute`), and the server, answering a navigation to the
// route with index.html for a signed-in account that may make the call, writes a preload of the same
// address into the HTML (src/server/plugins/route-preload.ts), so the read leaves with the page instead
// of after the start-up script has run; the client's call is then answered by the preloaded response.
// Pure TypeScript (no React, no schemas): the server imports this module.

/** A call a screen makes first: its endpoint and its input, as `api.call` takes them. */
export interface FirstRead {
  id: EndpointId
  input: UrlInput
}

export interface RouteFirstRead {
  /**
   * The screen's module as the route's `lazyScreen()` imports it (path from the repository's root): the
   * server preloads its chunk from the Vite manifest (tests/unit/first-reads.test.ts holds the two equal).
   */
  screen: string
  /** The read for this address, or null when the address names nothing to read (`/users/abc`). */
  read(params: Record<string, string>, search: URLSearchParams): FirstRead | null
}

const call = <K extends EndpointId>(id: K, input: EndpointInput<Endpoints[K]>): FirstRead => ({ id, input: input as UrlInput })

/** A list route's read: its query from the address exactly as `ListView` reads it (`paged`: the page is the route's {page}). */
function listRead(
  options: { filters?: readonly FilterDef[]; sorts?: readonly SortDef[]; pageSizes?: readonly number[]; paged?: boolean },
  read: (query: ListQuery) => FirstRead,
): RouteFirstRead['read'] {
  return (params, search) =>
    read(
      readQuery(search, {
        filters: options.filters,
        sorts: options.sorts,
        pageSizes: options.pageSizes,
        page: options.paged ? Number(params.page) || 1 : undefined,
      }),
    )
}

const recordId = (id: string | undefined): number | null => (Number(id) > 0 && Number.isSafeInteger(Number(id)) ? Number(id) : null)

/** Keyed by the route's pattern, exactly as its `DomainUi` route writes it. */
export const FIRST_READS: Readonly<Record<string, RouteFirstRead>> = {
  '/users/manage/{page}': {
    screen: 'src/domains/users/ui/UsersListScreen.tsx',
    read: listRead({ filters: USER_FILTERS, sorts: USER_SORTS, paged: true }, (query) => call('users.list', usersListInput(query))),
  },
  '/users/{id}': {
    screen: 'src/domains/users/ui/AccountScreen.tsx',
    read: ({ id }) => {
      const record = recordId(id)
      return record ? call('users.single', { params: { id: record } }) : null
    },
  },
  '/releases/manage/{page}': {
    screen: 'src/domains/catalogue/ui/ReleasesListScreen.tsx',
    read: listRead({ filters: RELEASE_FILTERS, sorts: RELEASE_SORTS, paged: true }, (query) =>
      call('releases.list', { query: releasesQuery(query) }),
    ),
  },
  '/releases/single/{id}': {
    screen: 'src/domains/catalogue/ui/ReleaseScreen.tsx',
    // The record comes with its deliveries (the Retry action and the delivery timeline need them): one call.
    read: ({ id }) => {
      const record = recordId(id)
      return record ? call('releases.record', { params: { id: record } }) : null
    },
  },
  '/analytics/overview': {
    screen: 'src/domains/analytics/ui/AnalyticsScreen.tsx',
    read: (_params, search) => {
      const view = viewOf(search)
      if (view.section !== 'overview') return null
      return view.platform === 'all'
        ? call('analytics.overview', { query: view.query })
        : call('analytics.platform', { params: { platform: view.platform }, query: view.query })
    },
  },
}

/**
 * The signed-in workspace's module, as App.tsx imports it (main.tsx asks for it at start-up): a first
 * list waits for it as much as for its screen, so the server preloads its chunk beside the screen's.
 */
export const SHELL_MODULE = 'src/client/shell/Shell.tsx'

const COMPILED = Object.keys(FIRST_READS).map((pattern) => compilePattern(pattern))

/**
 * The route pattern with a declared first read that `pathname` opens, and its parameters. The client's
 * router would pick the same route: no other route it knows can match an address one of these matches
 * (tests/unit/first-reads.test.ts).
 */
export function firstReadRoute(pathname: string): { pattern: string; params: Record<string, string> } | null {
  for (const compiled of COMPILED) {
    const params = matchPattern(compiled, pathname)
    if (params) return { pattern: compiled.pattern, params }
  }
  return null
}
