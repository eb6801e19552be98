import type { UserRow } from '@contract/users-admin'
import type { FilterDef, ListQuery, SortDef } from '@client/ui/list/list-types'

// The users list's filters and its query as the server's, apart from the screen: the route asks for
// the page with them while the screen's code is still downloading.

const booleanFilter = (id: string, label: string): FilterDef => ({ id, label, type: 'boolean' })
export const USER_FILTERS: FilterDef[] = [
  {
    id: 'type',
    label: 'Type',
    type: 'select',
    options: [
      { value: 'artist', label: 'Artist' },
      { value: 'label', label: 'Label' },
      { value: 'admin', label: 'Admin' },
    ],
  },
  booleanFilter('verified', 'Verified'),
  booleanFilter('banned', 'Banned'),
  booleanFilter('priority', 'Priority member'),
  booleanFilter('dmca', 'DMCA mode'),
  booleanFilter('withdrawBlocked', 'Withdrawals blocked'),
]
export const USER_SORTS: SortDef[] = [
  { id: 'created', label: 'Created' },
  { id: 'email', label: 'Email' },
  { id: 'id', label: 'ID' },
]

const flag = (value: string | undefined): 'true' | 'false' | undefined => (value === 'true' || value === 'false' ? value : undefined)

export function usersListInput(query: ListQuery) {
  return {
    query: {
      page: query.page,
      per_page: query.perPage,
      search: query.search || undefined,
      sort: (query.sort as 'created' | 'email' | 'id' | null) ?? 'created',
      dir: query.dir,
      type: query.filters.type as UserRow['type'] | undefined,
      verified: flag(query.filters.verified),
      banned: flag(query.filters.banned),
      priority: flag(query.filters.priority),
      dmca: flag(query.filters.dmca),
      withdrawBlocked: flag(query.filters.withdrawBlocked),
      from: query.from ?? undefined,
      to: query.to ?? undefined,
    },
  }
}
