import { useCallback, useState } from 'react'
import { Button, Flex } from '@radix-ui/themes'
import { EnvelopeClosedIcon } from '@radix-ui/react-icons'
import type { z } from 'zod'
import type { inviteRow } from '@contract/users-admin'
import { api } from '@client/api'
import { useDataVersion } from '@client/state/useDataVersion'
import { ListView, type ColumnDef, type FilterDef, type ListQuery } from '@client/ui/list'
import { InviteDialog } from './dialogs'
import { selectionOf } from '@commands/actions'

type Invite = z.infer<typeof inviteRow>
type Status = Invite['status']

const columns: ColumnDef<Invite>[] = [
  { id: 'email', header: 'Email', type: 'hoverText', value: (row) => row.email, width: 240 },
  { id: 'name', header: 'Name', type: 'text', value: (row) => `${row.firstName} ${row.lastName}`.trim(), width: 160 },
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
    id: 'status',
    header: 'Status',
    type: 'status',
    value: (row) => row.status,
    statuses: {
      pending: { label: 'Pending', color: 'amber' },
      accepted: { label: 'Accepted', color: 'green' },
      cancelled: { label: 'Cancelled', color: 'gray' },
      expired: { label: 'Expired', color: 'red' },
    },
    width: 110,
  },
  {
    id: 'invitedBy',
    header: 'Invited by',
    type: 'newAdmin',
    value: (row) => (row.invitedBy ? { id: row.invitedBy.id, name: row.invitedBy.name } : null),
    width: 200,
  },
  { id: 'created', header: 'Sent', type: 'date', value: (row) => row.created, width: 140 },
  { id: 'expires', header: 'Expires', type: 'date', value: (row) => row.expiresAt, width: 140 },
]

const filters: FilterDef[] = [
  {
    id: 'status',
    label: 'Status',
    type: 'select',
    options: [
      { value: 'pending', label: 'Pending' },
      { value: 'accepted', label: 'Accepted' },
      { value: 'cancelled', label: 'Cancelled' },
      { value: 'expired', label: 'Expired' },
    ],
  },
]

/** The selected rows as invitations: the declared Cancel and Delete (commands/users.ts INVITE_ACTIONS) act on them. */
const asUserInvites = (rows: readonly Invite[]) =>
  selectionOf(
    'invite',
    rows.map((row) => ({ id: row.id, title: row.email, state: { status: row.status, email: row.email } })),
  )
const asAdminInvites = (rows: readonly Invite[]) =>
  selectionOf(
    'adminInvite',
    rows.map((row) => ({ id: row.id, title: row.email, state: { status: row.status, email: row.email } })),
  )

/** Invitations of artists and labels (kind "user") or of admins, with cancel and delete. */
function InvitesList({ kind, page }: { kind: 'user' | 'admin'; page: number }) {
  const version = useDataVersion()
  const [inviting, setInviting] = useState(false)
  const fetch = useCallback(
    (query: ListQuery, signal: AbortSignal) => {
      const status = query.filters.status as Status | undefined
      return kind === 'admin'
        ? api.call('admins.invites', { query: { page: query.page, per_page: query.perPage, status } }, { signal })
        : api.call(
            'users.invites',
            { params: { page: query.page }, query: { per_page: query.perPage, status, search: query.search || undefined } },
            { signal },
          )
    },
    [kind],
  )
  const base = kind === 'admin' ? '/admins/invites' : '/users/invites'
  return (
    <Flex direction="column" gap="3">
      <ListView<Invite>
        key={version}
        listId={kind === 'admin' ? 'admin-invites' : 'user-invites'}
        title={kind === 'admin' ? 'Admin invites' : 'User invites'}
        columns={columns}
        rowId={(row) => row.id}
        fetch={fetch}
        page={page}
        pagePath={(next) => `${base}/${next}`}
        filters={filters}
        records={kind === 'admin' ? asAdminInvites : asUserInvites}
        emptyMessage="No invitations yet."
        tools={
          <>
            <Button variant="soft" onClick={() => setInviting(true)}>
              <EnvelopeClosedIcon /> {kind === 'admin' ? 'Invite an admin' : 'Invite a user'}
            </Button>
          </>
        }
      />
      <InviteDialog open={inviting} onOpenChange={setInviting} kind={kind} />
    </Flex>
  )
}

export function UserInvitesScreen({ params }: { params: Record<string, string> }) {
  return <InvitesList kind="user" page={Number(params.page) || 1} />
}

export function AdminInvitesScreen({ params }: { params: Record<string, string> }) {
  return <InvitesList kind="admin" page={Number(params.page) || 1} />
}
