import { RELEASE_TYPES } from '@contract/releases-vocabulary'
import { DISPLAY_STATUSES, statusLabel } from '@core/release-status'
import type { FilterDef, ListQuery, SortDef } from '@client/ui/list/list-types'

// The release list's filters and its query as the server's, apart from the screen: the route asks
// for the first page with them while the screen's code is still downloading.

export const RELEASE_FILTERS: FilterDef[] = [
  {
    id: 'status',
    label: 'Status',
    type: 'select',
    options: DISPLAY_STATUSES.map((code) => ({ value: String(code), label: `${code} · ${statusLabel(code)}` })),
  },
  { id: 'type', label: 'Type', type: 'select', options: RELEASE_TYPES.map((type) => ({ value: type, label: type })) },
  { id: 'genre', label: 'Genre', type: 'text' },
  { id: 'label', label: 'Label', type: 'text' },
  { id: 'userId', label: 'Account ID', type: 'text' },
  { id: 'adminReview', label: 'Admin review', type: 'boolean' },
  { id: 'priorityReview', label: 'Priority review', type: 'boolean' },
  {
    id: 'dateField',
    label: 'Date range applies to',
    type: 'select',
    options: [
      { value: 'created', label: 'Created' },
      { value: 'release', label: 'Release date' },
    ],
  },
]

export const RELEASE_SORTS: SortDef[] = [
  { id: 'created', label: 'Created' },
  { id: 'releaseDate', label: 'Release date' },
  { id: 'title', label: 'Title' },
  { id: 'id', label: 'ID' },
]

type Sort = 'created' | 'releaseDate' | 'title' | 'id'
const flag = (value: string | undefined): 'true' | 'false' | undefined => (value === 'true' || value === 'false' ? value : undefined)

/** The list's query as the server's: what the filters drawer and search send. */
export function releasesQuery(query: ListQuery) {
  const userId = Number(query.filters.userId)
  return {
    page: query.page,
    per_page: query.perPage,
    search: query.search || undefined,
    status: query.filters.status !== undefined ? Number(query.filters.status) : undefined,
    type: query.filters.type as (typeof RELEASE_TYPES)[number] | undefined,
    genre: query.filters.genre || undefined,
    label: query.filters.label || undefined,
    userId: Number.isInteger(userId) && userId > 0 ? userId : undefined,
    adminReview: flag(query.filters.adminReview),
    priorityReview: flag(query.filters.priorityReview),
    dateField: (query.filters.dateField as 'created' | 'release' | undefined) ?? 'created',
    from: query.from ?? undefined,
    to: query.to ?? undefined,
    sort: (query.sort as Sort | null) ?? 'created',
    dir: query.dir,
  }
}
