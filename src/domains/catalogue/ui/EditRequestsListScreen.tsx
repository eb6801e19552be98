import { useCallback } from 'react'
import { EDIT_REQUEST_STATUSES, type EditRequestRow } from '@contract/releases'
import type { ScreenProps } from '@client/routing/types'
import { api } from '@client/api'
import { useDataVersion } from '@client/state/useDataVersion'
import { ListView, type ColumnDef, type FilterDef, type ListQuery } from '@client/ui/list'
import { EDIT_REQUEST_STATUS_MAP, RELEASE_STATUS_MAP } from './status'

const columns: ColumnDef<EditRequestRow>[] = [
  { id: 'id', header: 'ID', type: 'text', value: (row) => row.id, width: 80 },
  {
    id: 'release',
    header: 'Release',
    type: 'release',
    value: (row) => ({ id: row.release.id, title: row.release.title, artwork: row.release.artwork.cover ?? row.release.artwork.medium }),
    csv: (row) => row.release.title,
    width: 260,
  },
  { id: 'upc', header: 'UPC', type: 'text', value: (row) => row.release.upc, width: 140 },
  {
    id: 'user',
    header: 'Asked by',
    type: 'user',
    value: (row) => ({ id: row.user.id, name: row.user.displayName, initials: row.user.initials, detail: row.user.email }),
    csv: (row) => row.user.email,
    width: 230,
  },
  {
    id: 'status',
    header: 'Request',
    type: 'status',
    value: (row) => row.status,
    statuses: EDIT_REQUEST_STATUS_MAP,
    width: 110,
  },
  {
    id: 'releaseStatus',
    header: 'Release status',
    type: 'status',
    value: (row) => row.release.status,
    statuses: RELEASE_STATUS_MAP,
    width: 160,
    hidden: true,
  },
  { id: 'changes', header: 'Changes', type: 'text', value: (row) => row.changeCount, width: 90 },
  { id: 'comment', header: 'Comment', type: 'message', value: (row) => row.comment, maxLength: 60, width: 220 },
  { id: 'created', header: 'Asked', type: 'date', value: (row) => row.created, width: 130 },
]

const filters: FilterDef[] = [
  {
    id: 'status',
    label: 'Status',
    type: 'select',
    options: EDIT_REQUEST_STATUSES.map((status) => ({ value: status, label: EDIT_REQUEST_STATUS_MAP[status].label })),
  },
]

/** /release/edit-requests/{page}: artists' requests to change live releases; each opens the review view. */
export default function EditRequestsListScreen({ params }: ScreenProps) {
  const version = useDataVersion()
  const page = Number(params.page) || 1
  const fetch = useCallback(
    (query: ListQuery, signal: AbortSignal) =>
      api.call(
        'releases.editRequests',
        {
          params: { page: query.page },
          query: {
            per_page: query.perPage,
            status: query.filters.status as EditRequestRow['status'] | undefined,
            search: query.search || undefined,
          },
        },
        { signal },
      ),
    [],
  )
  return (
    <ListView<EditRequestRow>
      key={version}
      listId="edit-requests"
      title="Edit requests"
      columns={columns}
      rowId={(row) => row.id}
      fetch={fetch}
      page={page}
      pagePath={(next) => `/release/edit-requests/${next}`}
      filters={filters}
      rowLink={(row) => `/release/edit-requests/view/${row.id}`}
      errorMessage="There was an error fetching the edit requests. Please try again."
    />
  )
}
