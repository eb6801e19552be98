import { readQuery } from '../ui/list/list-query'
import type { FilterDef, ListQuery, SortDef } from '../ui/list/list-types'
import type { RouteDef } from './types'

/**
 * A list route's prefetch: the list's query read from the address exactly as `ListView` reads it
 * (same filters, sorts and page sizes; `paged` when the page is the route's {page} segment), handed
 * to `call`, which prefetches the list's endpoint with it.
 */
export function listPrefetch(options: {
  filters?: readonly FilterDef[]
  sorts?: readonly SortDef[]
  pageSizes?: readonly number[]
  paged?: boolean
  call(query: ListQuery): void
}): NonNullable<RouteDef['prefetch']> {
  return (params, search) =>
    options.call(
      readQuery(search, {
        filters: options.filters,
        sorts: options.sorts,
        pageSizes: options.pageSizes,
        page: options.paged ? Number(params.page) || 1 : undefined,
      }),
    )
}
