import { useCallback } from 'react'
import type { BlastItem } from '@contract/fanblast'
import { BLAST_STATUSES, BLAST_STATUS_LABELS, type BlastStatus } from '@core/fanblast'
import { selectionOf } from '@commands/actions'
import type { ScreenProps } from '@client/routing/types'
import { api } from '@client/api'
import { useDataVersion } from '@client/state/useDataVersion'
import { ListView, type ColumnDef, type FilterDef, type ListQuery } from '@client/ui/list'
import { BLAST_STATUS_MAP } from './status'

const columns: ColumnDef<BlastItem>[] = [
  { id: 'id', header: 'ID', type: 'text', value: (row) => row.id, width: 80 },
  { id: 'subject', header: 'Subject', type: 'text', value: (row) => row.listSubject, width: 320 },
  { id: 'status', header: 'Status', type: 'status', value: (row) => row.status, statuses: BLAST_STATUS_MAP, width: 120 },
  { id: 'from', header: 'From', type: 'text', value: (row) => row.from, width: 180 },
  { id: 'user', header: 'User', type: 'text', value: (row) => row.user.name, width: 180 },
  { id: 'recipients', header: 'Recipients', type: 'text', value: (row) => row.recipients, width: 110 },
  { id: 'messageId', header: 'Message ID', type: 'text', value: (row) => row.messageId, width: 240, hidden: true },
  { id: 'date', header: 'Date', type: 'date', value: (row) => row.date, width: 150 },
]

const filters: FilterDef[] = [
  { id: 'status', label: 'Status', type: 'select', options: BLAST_STATUSES.map((status) => ({ value: status, label: BLAST_STATUS_LABELS[status] })) },
]

/** The selected rows as blasts: the declared approve and reject act on them. */
const asBlasts = (rows: readonly BlastItem[]) =>
  selectionOf(
    'blast',
    rows.map((row) => ({ id: row.id, title: row.listSubject, state: { subject: row.subject, status: row.status } })),
  )

/** /fanblast/manage/{page}: every fan blast of the workspace, newest first; a row opens it. */
export default function BlastListScreen({ params }: ScreenProps) {
  const version = useDataVersion()
  const page = Number(params.page) || 1
  const fetch = useCallback(
    (query: ListQuery, signal: AbortSignal) =>
      api.call(
        'fanblast.list',
        {
          query: {
            page: query.page,
            per_page: query.perPage,
            search: query.search || undefined,
            status: query.filters.status as BlastStatus | undefined,
          },
        },
        { signal },
      ),
    [],
  )
  return (
    <ListView<BlastItem>
      key={version}
      listId="fanblast"
      title="Fan blast"
      columns={columns}
      rowId={(row) => row.id}
      fetch={fetch}
      page={page}
      pagePath={(next) => `/fanblast/manage/${next}`}
      filters={filters}
      records={asBlasts}
      rowLink={(row) => `/fanblast/single/${row.id}`}
      errorMessage="There was an error fetching the fan blasts. Please try again."
    />
  )
}
