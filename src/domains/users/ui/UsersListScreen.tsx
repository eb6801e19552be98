import { useCallback, useMemo, useRef, useState } from 'react'
import { Button, Flex } from '@radix-ui/themes'
import { EnvelopeClosedIcon, UploadIcon } from '@radix-ui/react-icons'
import type { UserRow } from '@contract/users-admin'
import type { ScreenProps } from '@client/routing/types'
import { api } from '@client/api'
import { useTab } from '@client/workspace/tab-context'
import { useDataVersion } from '@client/state/useDataVersion'
import { ListView, downloadCsv, toCsv, type BulkAction, type ColumnDef, type ListQuery } from '@client/ui/list'
import { useSession } from '@client/state/session'
import { InviteDialog, ImportUsersDialog } from './dialogs'
import { selectionOf } from '@commands/actions'
import { USER_FILTERS, USER_SORTS, usersListInput } from './users-list-query'

const columns: ColumnDef<UserRow>[] = [
  { id: 'id', header: 'ID', type: 'text', value: (row) => row.id, width: 90 },
  { id: 'created', header: 'Created', type: 'date', value: (row) => row.created, width: 140 },
  {
    id: 'name',
    header: 'Display name',
    type: 'user',
    value: (row) => ({ id: row.id, name: row.displayName, initials: row.initials, detail: row.email }),
    width: 260,
  },
  { id: 'firstName', header: 'First name', type: 'text', value: (row) => row.firstName, width: 130 },
  { id: 'lastName', header: 'Last name', type: 'text', value: (row) => row.lastName, width: 130 },
  { id: 'email', header: 'Email', type: 'hoverText', value: (row) => row.email, width: 220 },
  {
    id: 'type',
    header: 'Type',
    type: 'status',
    value: (row) => row.type,
    statuses: {
      artist: { label: 'Artist', color: 'blue' },
      label: { label: 'Label', color: 'purple' },
      admin: { label: 'Admin', color: 'amber' },
    },
    width: 100,
  },
  {
    id: 'priority',
    header: 'Priority member',
    type: 'status',
    value: (row) => (row.priorityMember ? 'yes' : 'no'),
    statuses: { yes: { label: 'Priority', color: 'green' }, no: { label: '—', color: 'gray' } },
    width: 130,
  },
  {
    id: 'state',
    header: 'State',
    type: 'group',
    value: (row) =>
      [
        row.banned && 'Banned',
        row.verified && 'Verified',
        row.dmcaMode && 'DMCA',
        row.blockWithdraw && 'Withdrawals blocked',
        row.restrictNewRelease && 'New releases restricted',
      ].filter((v): v is string => Boolean(v)),
    width: 220,
  },
  { id: 'label', header: 'Label', type: 'text', value: (row) => row.label?.name ?? '', width: 160, hidden: true },
]

const filters = USER_FILTERS
const sorts = USER_SORTS

/** The selected rows as accounts: the declared account actions (ban, verify, priority) act on them. */
const asAccounts = (rows: readonly UserRow[]) =>
  selectionOf(
    'account',
    rows.map((row) => ({
      id: row.id,
      title: row.displayName,
      state: {
        type: row.type,
        banned: row.banned,
        verified: row.verified,
        priorityMember: row.priorityMember,
        blockWithdraw: row.blockWithdraw,
        dmcaMode: row.dmcaMode,
        restrictNewRelease: row.restrictNewRelease,
        displayName: row.displayName,
        email: row.email,
      },
    })),
  )

export default function UsersListScreen({ params }: ScreenProps) {
  const tab = useTab()
  const version = useDataVersion()
  const { me } = useSession()
  const isAdmin = me?.account.type === 'admin'
  const [inviting, setInviting] = useState(false)
  const importing = tab.search.get('import') === '1'
  // The rows of the page on screen, for exporting a selection.
  const loaded = useRef<UserRow[]>([])
  const page = Number(params.page) || 1

  const fetch = useCallback(async (query: ListQuery, signal: AbortSignal) => {
    const result = await api.call('users.list', usersListInput(query), { signal })
    loaded.current = result.data
    return result
  }, [])

  const bulkActions = useMemo<BulkAction[]>(
    () =>
      isAdmin
        ? [
            {
              id: 'export',
              label: 'Export selected',
              run: (ids) => {
                const chosen = loaded.current.filter((row) => ids.map(Number).includes(row.id))
                const headers = [
                  'id',
                  'created',
                  'display name',
                  'first name',
                  'last name',
                  'email',
                  'type',
                  'priority member',
                  'verified',
                  'banned',
                ]
                downloadCsv(
                  toCsv(
                    headers,
                    chosen.map((row) => [
                      row.id,
                      row.created,
                      row.displayName,
                      row.firstName,
                      row.lastName,
                      row.email,
                      row.type,
                      row.priorityMember,
                      row.verified,
                      row.banned,
                    ]),
                  ),
                )
              },
            },
          ]
        : [],
    [isAdmin],
  )

  return (
    <Flex direction="column" gap="3">
      <ListView<UserRow>
        key={version}
        listId="users"
        title="Users"
        columns={columns}
        rowId={(row) => row.id}
        fetch={fetch}
        page={page}
        pagePath={(next) => `/users/manage/${next}`}
        filters={filters}
        sorts={sorts}
        dateRange={{ label: 'Created' }}
        rowLink={isAdmin ? (row) => `/users/${row.id}` : undefined}
        records={isAdmin ? asAccounts : undefined}
        bulkActions={bulkActions}
        errorMessage="There was an error fetching the users. Please try again."
        tools={
          isAdmin && (
            <>
              <Button variant="soft" onClick={() => setInviting(true)}>
                <EnvelopeClosedIcon /> Invite
              </Button>
              <Button variant="soft" onClick={() => tab.setSearch({ import: '1' })}>
                <UploadIcon /> Import from CSV
              </Button>
            </>
          )
        }
      />
      <InviteDialog open={inviting} onOpenChange={setInviting} kind="user" />
      <ImportUsersDialog open={importing} onOpenChange={(open) => tab.setSearch({ import: open ? '1' : null }, { replace: true })} />
    </Flex>
  )
}
