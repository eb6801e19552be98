import { useCallback } from 'react'
import { Flex } from '@radix-ui/themes'
import type { TicketRow } from '@contract/support'
import { TICKET_PAGE_SIZES } from '@contract/support'
import type { ScreenProps } from '@client/routing/types'
import { api } from '@client/api'
import { useDataVersion } from '@client/state/useDataVersion'
import { ListView, type ColumnDef, type FilterDef, type ListQuery } from '@client/ui/list'
import { selectionOf } from '@commands/actions'
import { RecordLink } from '@client/ui/RecordLink'
import { formatMinutes, PRIORITY_MAP, SOURCE_LABELS, STATUS_OPTIONS, TICKET_STATUS_MAP } from './status'

const columns: ColumnDef<TicketRow>[] = [
  { id: 'id', header: 'ID', type: 'text', value: (row) => `#${row.id}`, width: 80 },
  { id: 'subject', header: 'Subject', type: 'text', value: (row) => row.subject, width: 320 },
  {
    id: 'user',
    header: 'Requester',
    type: 'user',
    value: (row) => ({
      id: row.requester.id ?? row.requester.email,
      name: row.requester.name,
      detail: row.requester.email,
      // An address without an account has no account page: its tickets are what there is to see.
      href: row.requester.id ? undefined : `/support/manage/1?search=${encodeURIComponent(row.requester.email)}`,
    }),
    csv: (row) => row.requester.email,
    width: 240,
  },
  { id: 'status', header: 'Status', type: 'status', value: (row) => row.status, statuses: TICKET_STATUS_MAP, width: 110 },
  { id: 'priority', header: 'Priority', type: 'status', value: (row) => row.priority, statuses: PRIORITY_MAP, width: 100 },
  { id: 'assignee', header: 'Assignee', type: 'text', value: (row) => row.assignee?.name ?? '—', width: 160 },
  {
    id: 'firstResponse',
    header: 'First response',
    type: 'text',
    value: (row) =>
      row.firstResponseMinutes !== null
        ? `${formatMinutes(row.firstResponseMinutes)}${row.firstResponseMissed ? ' (late)' : ''}`
        : row.firstResponseMissed
          ? 'Waiting, past target'
          : 'Waiting',
    width: 160,
  },
  { id: 'source', header: 'Source', type: 'text', value: (row) => SOURCE_LABELS[row.source], width: 110, hidden: true },
  { id: 'created', header: 'Created', type: 'date', value: (row) => row.created, width: 140 },
  { id: 'updated', header: 'Last activity', type: 'date', value: (row) => row.updated, width: 140, hidden: true },
]

const filters: FilterDef[] = [{ id: 'status', label: 'Status', type: 'select', options: STATUS_OPTIONS }]

/** The selected rows as tickets: the declared status changes act on them in one all-or-nothing call. */
const asTickets = (rows: readonly TicketRow[]) =>
  selectionOf(
    'ticket',
    rows.map((row) => ({
      id: row.id,
      title: `Ticket #${row.id}`,
      state: {
        status: row.status,
        priority: row.priority,
        subject: row.subject,
        requesterName: row.requester.name,
        assigneeId: row.assignee?.id ?? null,
      },
    })),
  )

/** /support/manage/{page}: every ticket of the workspace, newest first; search, status, dates, bulk status. */
export default function TicketsScreen({ params }: ScreenProps) {
  const version = useDataVersion()
  const page = Number(params.page) || 1
  const fetch = useCallback(
    (query: ListQuery, signal: AbortSignal) =>
      api.call(
        'support.list',
        {
          query: {
            page: query.page,
            per_page: query.perPage,
            status: query.filters.status as TicketRow['status'] | undefined,
            search: query.search || undefined,
            from: query.from ?? undefined,
            to: query.to ?? undefined,
          },
        },
        { signal },
      ),
    [],
  )
  const rowLink = useCallback((row: TicketRow) => `/support/single/${row.id}`, [])
  return (
    <Flex direction="column" gap="3" p="4">
      <Flex justify="end" gap="4">
        <RecordLink to="/support/setting">Support settings</RecordLink>
      </Flex>
      <ListView<TicketRow>
        key={version}
        listId="support-tickets"
        title="Support tickets"
        columns={columns}
        rowId={(row) => row.id}
        fetch={fetch}
        page={page}
        pageSizes={TICKET_PAGE_SIZES}
        pagePath={(next) => `/support/manage/${next}`}
        filters={filters}
        dateRange={{ label: 'Created' }}
        rowLink={rowLink}
        records={asTickets}
        errorMessage="There was an error fetching the tickets. Please try again."
      />
    </Flex>
  )
}
