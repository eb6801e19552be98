import { useCallback } from 'react'
import { Button, Flex } from '@radix-ui/themes'
import { ChatBubbleIcon } from '@radix-ui/react-icons'
import { FETCH_THREADS_FAILED, type HelpThreadRow } from '@contract/help-center'
import type { ScreenProps } from '@client/routing/types'
import { api } from '@client/api'
import { useDataVersion } from '@client/state/useDataVersion'
import { ListView, type ColumnDef, type FilterDef, type ListQuery } from '@client/ui/list'
import { shellActions } from '@client/shell/ui-state'
import { selectionOf } from '@commands/actions'
import { THREAD_STATUS_MAP, THREAD_STATUS_OPTIONS } from './status'

const columns: ColumnDef<HelpThreadRow>[] = [
  { id: 'subject', header: 'Subject', type: 'text', value: (row) => row.subject, width: 260 },
  {
    id: 'user',
    header: 'Account',
    type: 'user',
    value: (row) => ({ id: row.account.id, name: row.account.name, detail: row.account.email }),
    csv: (row) => row.account.email,
    width: 220,
  },
  { id: 'status', header: 'Status', type: 'status', value: (row) => row.status, statuses: THREAD_STATUS_MAP, width: 110 },
  {
    id: 'lastMessage',
    header: 'Latest message',
    type: 'text',
    value: (row) => `${row.lastMessageFromSupport ? 'Support: ' : ''}${row.lastMessage}`,
    width: 340,
  },
  { id: 'messageCount', header: 'Messages', type: 'text', value: (row) => row.messageCount, width: 100 },
  { id: 'lastMessageAt', header: 'Last message', type: 'date', value: (row) => row.lastMessageAt, width: 140 },
]

const filters: FilterDef[] = [{ id: 'status', label: 'Status', type: 'select', options: THREAD_STATUS_OPTIONS }]

const asThreads = (rows: readonly HelpThreadRow[]) =>
  selectionOf(
    'helpThread',
    rows.map((row) => ({
      id: row.id,
      title: row.subject,
      state: { status: row.status, subject: row.subject, accountName: row.account.name },
    })),
  )

/** /helpCenter/threads: the conversations with the support team (staff: every account's), and Send Message. */
export default function HelpThreadsScreen(_props: ScreenProps) {
  const version = useDataVersion()
  const fetch = useCallback(
    (query: ListQuery, signal: AbortSignal) =>
      api.call(
        'helpCenter.threads',
        {
          query: {
            page: query.page,
            per_page: query.perPage,
            status: query.filters.status as HelpThreadRow['status'] | undefined,
            search: query.search || undefined,
          },
        },
        { signal },
      ),
    [],
  )
  const rowLink = useCallback((row: HelpThreadRow) => `/helpCenter/thread/${row.id}`, [])
  return (
    <Flex direction="column" gap="3" p="4">
      <Flex justify="end">
        <Button onClick={() => shellActions.open('sendMessage')}>
          <ChatBubbleIcon /> Send Message
        </Button>
      </Flex>
      <ListView<HelpThreadRow>
        key={version}
        listId="help-threads"
        title="Help center"
        columns={columns}
        rowId={(row) => row.id}
        fetch={fetch}
        filters={filters}
        rowLink={rowLink}
        records={asThreads}
        errorMessage={FETCH_THREADS_FAILED}
      />
    </Flex>
  )
}
