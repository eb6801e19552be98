import type { FilterDef, ListQuery, SortDef } from './list-types'

/** Spec section 9. */
export const DEFAULT_PAGE_SIZES: readonly number[] = [25, 50, 100, 200, 500, 1000, 1500, 2000, 2500]
export const DEFAULT_DIR: ListQuery['dir'] = 'desc'

/** The address keys a list owns besides its filters. */
export const QUERY_KEYS = ['search', 'sort', 'dir', 'per_page', 'from', 'to', 'page'] as const

const DAY = /^\d{4}-\d{2}-\d{2}$/

function isDay(value: string | null): value is string {
  return value !== null && DAY.test(value) && !Number.isNaN(new Date(`${value}T00:00:00Z`).getTime())
}

export interface ReadQueryOptions {
  filters?: readonly FilterDef[]
  sorts?: readonly SortDef[]
  pageSizes?: readonly number[]
  /** The page when it is a path segment; otherwise `?page=` is read. */
  page?: number
}

/** The list's query from the address; anything malformed falls back to its default rather than failing the load. */
export function readQuery(search: URLSearchParams, options: ReadQueryOptions = {}): ListQuery {
  const sizes = options.pageSizes?.length ? options.pageSizes : DEFAULT_PAGE_SIZES
  const rawPage = options.page ?? Number(search.get('page') ?? 1)
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1
  const rawPerPage = Number(search.get('per_page'))
  const perPage = sizes.includes(rawPerPage) ? rawPerPage : sizes[0]
  const dir = search.get('dir') === 'asc' ? 'asc' : search.get('dir') === 'desc' ? 'desc' : DEFAULT_DIR
  let from = search.get('from')
  let to = search.get('to')
  // A range is both ends or nothing (spec: the picker confirms only two dates).
  if (!isDay(from) || !isDay(to)) from = to = null
  else if (from > to) [from, to] = [to, from]
  const sort = search.get('sort')
  const filters: Record<string, string> = {}
  for (const filter of options.filters ?? []) {
    const value = search.get(filter.id)
    if (value === null || value === '') continue
    if (filter.type === 'boolean' && value !== 'true' && value !== 'false') continue
    if (filter.type === 'select' && filter.options && !filter.options.some((option) => option.value === value)) continue
    filters[filter.id] = value
  }
  return {
    page,
    perPage,
    search: (search.get('search') ?? '').trim(),
    sort: sort && (options.sorts ?? []).some((candidate) => candidate.id === sort) ? sort : null,
    dir,
    from,
    to,
    filters,
  }
}

/** Everything in the query except the page, as address updates (null removes a key; defaults are left out). */
export function queryUpdate(
  query: Omit<ListQuery, 'page'>,
  options: { filters?: readonly FilterDef[]; pageSizes?: readonly number[] } = {},
): Record<string, string | null> {
  const sizes = options.pageSizes?.length ? options.pageSizes : DEFAULT_PAGE_SIZES
  const update: Record<string, string | null> = {
    search: query.search.trim() || null,
    sort: query.sort,
    dir: query.sort ? query.dir : null,
    per_page: query.perPage === sizes[0] ? null : String(query.perPage),
    from: query.from && query.to ? query.from : null,
    to: query.from && query.to ? query.to : null,
  }
  for (const filter of options.filters ?? []) update[filter.id] = query.filters[filter.id] || null
  return update
}
