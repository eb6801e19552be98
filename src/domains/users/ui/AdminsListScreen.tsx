import { useCallback, useState } from 'react'
import { Button, Flex } from '@radix-ui/themes'
import { EnvelopeClosedIcon } from '@radix-ui/react-icons'
import type { z } from 'zod'
import type { adminRow } from '@contract/users-admin'
import type { ScreenProps } from '@client/routing/types'
import { api } from '@client/api'
import { useTab } from '@client/workspace/tab-context'
import { useDataVersion } from '@client/state/useDataVersion'
import { ListView, type ColumnDef, type ListQuery } from '@client/ui/list'
import { EditAdminDialog, InviteDialog } from './dialogs'

type Admin = z.infer<typeof adminRow>

const columns: ColumnDef<Admin>[] = [
  {
    id: 'name',
    header: 'Name',
    type: 'newAdmin',
    value: (row) => ({ id: row.id, name: row.displayName, initials: row.initials, detail: row.email }),
    width: 280,
  },
  { id: 'email', header: 'Email', type: 'hoverText', value: (row) => row.email, width: 240 },
  {
    id: 'role',
    header: 'Role',
    type: 'status',
    value: (row) => (row.isOperator ? 'operator' : row.banned ? 'banned' : 'admin'),
    statuses: {
      operator: { label: 'Operator', color: 'amber' },
      admin: { label: 'Admin', color: 'blue' },
      banned: { label: 'Banned', color: 'red' },
    },
    width: 120,
  },
  { id: 'lastSignIn', header: 'Last sign-in', type: 'date', value: (row) => row.lastSignIn, width: 150 },
  { id: 'created', header: 'Created', type: 'date', value: (row) => row.created, width: 150 },
]

/** The workspace's admins; opening one edits its name. */
export default function AdminsListScreen({ params }: ScreenProps) {
  const tab = useTab()
  const version = useDataVersion()
  const [inviting, setInviting] = useState(false)
  const page = Number(params.page) || 1
  const editing = Number(tab.search.get('edit')) || null
  const fetch = useCallback(
    (query: ListQuery, signal: AbortSignal) =>
      api.call('admins.list', { query: { page: query.page, per_page: query.perPage, search: query.search || undefined } }, { signal }),
    [],
  )
  const closeEditor = useCallback(() => tab.setSearch({ edit: null }, { replace: true }), [tab])
  return (
    <Flex direction="column" gap="3">
      <ListView<Admin>
        key={version}
        listId="admins"
        title="Admins"
        columns={columns}
        rowId={(row) => row.id}
        fetch={fetch}
        page={page}
        pagePath={(next) => `/admins/manage/${next}`}
        rowLink={(row) => `/admins/manage/${page}?edit=${row.id}`}
        emptyMessage="No admins found."
        tools={
          <>
            <Button variant="soft" onClick={() => setInviting(true)}>
              <EnvelopeClosedIcon /> Invite an admin
            </Button>
          </>
        }
      />
      <InviteDialog open={inviting} onOpenChange={setInviting} kind="admin" />
      <EditAdminDialog adminId={editing} onClose={closeEditor} />
    </Flex>
  )
}
