import { useCallback } from 'react'
import { LockClosedIcon } from '@radix-ui/react-icons'
import { Button } from '@radix-ui/themes'
import { SPLIT_PAGE_SIZES, type SplitListItem, type SplitStatus } from '@contract/splits'
import { SPLIT_STATUSES, splitStatusLabel } from '@core/split-status'
import { formatIsrc } from '@core/identifiers'
import type { ScreenProps } from '@client/routing/types'
import { api } from '@client/api'
import { Link } from '@client/routing/Link'
import { useDataVersion } from '@client/state/useDataVersion'
import { ListView, type ColumnDef, type FilterDef, type ListQuery } from '@client/ui/list'
import { SPLIT_STATUS_MAP } from './status'

const columns: ColumnDef<SplitListItem>[] = [
  { id: 'id', header: 'ID', type: 'text', value: (row) => row.id, width: 80 },
  {
    id: 'locked',
    header: 'Locked',
    type: 'icon',
    value: (row) => (row.isLocked ? { icon: LockClosedIcon, label: 'Locked: only an admin can change it' } : null),
    csv: (row) => (row.isLocked ? 'locked' : ''),
    width: 96,
  },
  { id: 'title', header: 'Track', type: 'text', value: (row) => row.title, width: 240 },
  { id: 'isrc', header: 'ISRC', type: 'text', value: (row) => (row.isrc ? formatIsrc(row.isrc) : null), width: 150 },
  {
    id: 'user',
    header: 'Owner',
    type: 'user',
    value: (row) => ({ id: row.user.id, name: row.user.name, initials: row.user.initials }),
    csv: (row) => row.user.name,
    width: 220,
  },
  { id: 'status', header: 'Status', type: 'status', value: (row) => row.status, statuses: SPLIT_STATUS_MAP, width: 110 },
  { id: 'payees', header: 'Payees', type: 'text', value: (row) => row.payeeCount, width: 90 },
  { id: 'startsOn', header: 'From', type: 'text', value: (row) => row.startsOn, width: 100 },
  { id: 'endedOn', header: 'Until', type: 'text', value: (row) => row.endedOn, width: 100, hidden: true },
  { id: 'date', header: 'Created', type: 'date', value: (row) => row.date, width: 130 },
]

const filters: FilterDef[] = [
  {
    id: 'status',
    label: 'Status',
    type: 'select',
    options: SPLIT_STATUSES.map((status) => ({ value: status, label: splitStatusLabel(status) })),
  },
  { id: 'locked', label: 'Locked', type: 'boolean' },
]

/** /royalty-shares/manage/{page}: every split of the workspace; search by track, ISRC or owner; a row opens the split. */
export default function SplitsListScreen({ params }: ScreenProps) {
  const version = useDataVersion()
  const page = Number(params.page) || 1
  const fetch = useCallback(
    (query: ListQuery, signal: AbortSignal) =>
      api.call(
        'splits.list',
        {
          query: {
            page: query.page,
            per_page: query.perPage,
            status: query.filters.status as SplitStatus | undefined,
            locked: query.filters.locked as 'true' | 'false' | undefined,
            search: query.search || undefined,
          },
        },
        { signal },
      ),
    [],
  )
  return (
    <ListView<SplitListItem>
      key={version}
      listId="splits"
      title="Royalty splits"
      columns={columns}
      rowId={(row) => row.id}
      fetch={fetch}
      page={page}
      pageSizes={SPLIT_PAGE_SIZES}
      pagePath={(next) => `/royalty-shares/manage/${next}`}
      filters={filters}
      rowLink={(row) => `/royalty-shares/single/${row.id}`}
      tools={
        <>
          <Button asChild variant="soft">
            <Link to="/splits/new">New split</Link>
          </Button>
          <Button asChild variant="soft" color="gray">
            <Link to="/royalty-shares/bulk">Bulk splits</Link>
          </Button>
        </>
      }
      errorMessage="There was an error fetching the splits. Please try again."
    />
  )
}
