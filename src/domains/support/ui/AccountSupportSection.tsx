import { useCallback, useState } from 'react'
import { Badge, Button, Card, Flex, Heading, Table, Text } from '@radix-ui/themes'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { Link } from '@client/routing/Link'
import { NamedTable } from '@client/ui/NamedTable'
import { When } from '@client/ui/When'
import { TICKET_STATUS_MAP } from './status'

type Open = { kind: 'ticket' | 'thread'; id: number } | null

const fetchSupport = (key: string, signal: AbortSignal) =>
  api.call('users.support', { body: { userId: Number(key.split(':')[0]) } }, { signal })

/** The opened ticket's or thread's messages, from the account's own support calls. */
async function fetchOpened(key: string, signal: AbortSignal) {
  const [userId, kind, id] = key.split(':')
  const params = { userId: Number(userId), ticketId: Number(id) }
  if (kind === 'ticket') {
    const ticket = await api.call('users.singleSupportMessage', { params }, { signal })
    return ticket.comments.map((comment) => ({
      id: comment.id,
      who: comment.internal ? `${comment.author?.name ?? 'Staff'} (internal note)` : (comment.author?.name ?? ticket.requester.name),
      text: comment.plainBody,
      created: comment.created,
    }))
  }
  const thread = await api.call('users.singleCustomSupportMessage', { params }, { signal })
  return thread.messages.map((message) => ({
    id: message.id,
    who: message.fromSupport ? `${message.author?.name ?? 'Support'} (support)` : (message.author?.name ?? thread.account.name),
    text: message.body,
    created: message.created,
  }))
}

function Opened({ userId, open }: { userId: number; open: NonNullable<Open> }) {
  const load = useLoad(fetchOpened, `${userId}:${open.kind}:${open.id}`)
  if (load.status === 'error')
    return (
      <Text color="red" role="alert">
        {load.error?.message}
      </Text>
    )
  if (!load.data) return <Text color="gray">Loading…</Text>
  return (
    <Flex direction="column" gap="2" aria-label="Messages">
      {load.data.map((message) => (
        <Card key={message.id} size="1">
          <Text size="1" color="gray">
            {message.who} · <When value={message.created} />
          </Text>
          <Text as="p" size="2" style={{ whiteSpace: 'pre-wrap' }}>
            {message.text}
          </Text>
        </Card>
      ))}
    </Flex>
  )
}

/** The account screen's Support section: the account's tickets and help-center threads, each readable in place. */
export function AccountSupportSection({ userId, version }: { userId: number; version: number }) {
  const load = useLoad(fetchSupport, `${userId}:${version}`)
  const [open, setOpen] = useState<Open>(null)
  const toggle = useCallback(
    (next: NonNullable<Open>) => setOpen((current) => (current?.kind === next.kind && current.id === next.id ? null : next)),
    [],
  )
  if (load.status === 'error')
    return (
      <Text color="red" role="alert">
        {load.error?.message}
      </Text>
    )
  if (!load.data) return <Text color="gray">Loading…</Text>
  const { tickets, threads } = load.data
  return (
    <Flex direction="column" gap="4">
      <Heading as="h3" size="3">
        Tickets ({tickets.length})
      </Heading>
      {tickets.length === 0 ? (
        <Text color="gray">No tickets.</Text>
      ) : (
        <NamedTable label="Tickets" size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Subject</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Last activity</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {tickets.map((ticket) => (
              <Table.Row key={ticket.id}>
                <Table.Cell>
                  <Link to={`/support/single/${ticket.id}`}>
                    #{ticket.id} {ticket.subject}
                  </Link>
                </Table.Cell>
                <Table.Cell>
                  <Badge color={TICKET_STATUS_MAP[ticket.status]?.color ?? 'gray'}>
                    {TICKET_STATUS_MAP[ticket.status]?.label ?? ticket.status}
                  </Badge>
                </Table.Cell>
                <Table.Cell>
                  <When value={ticket.updated} />
                </Table.Cell>
                <Table.Cell>
                  <Button size="1" variant="soft" onClick={() => toggle({ kind: 'ticket', id: ticket.id })}>
                    {open?.kind === 'ticket' && open.id === ticket.id ? 'Hide' : 'Read'}
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </NamedTable>
      )}
      {open?.kind === 'ticket' && <Opened userId={userId} open={open} />}
      <Heading as="h3" size="3">
        Help-center threads ({threads.length})
      </Heading>
      {threads.length === 0 ? (
        <Text color="gray">No threads.</Text>
      ) : (
        <NamedTable label="Help-center threads" size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Subject</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Last message</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {threads.map((thread) => (
              <Table.Row key={thread.id}>
                <Table.Cell>
                  <Link to={`/helpCenter/thread/${thread.id}`}>{thread.subject}</Link>
                </Table.Cell>
                <Table.Cell>
                  <Badge color={thread.status === 'answered' ? 'green' : thread.status === 'open' ? 'amber' : 'gray'}>
                    {thread.status[0].toUpperCase() + thread.status.slice(1)}
                  </Badge>
                </Table.Cell>
                <Table.Cell>
                  <When value={thread.lastMessageAt} />
                </Table.Cell>
                <Table.Cell>
                  <Button size="1" variant="soft" onClick={() => toggle({ kind: 'thread', id: thread.id })}>
                    {open?.kind === 'thread' && open.id === thread.id ? 'Hide' : 'Read'}
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </NamedTable>
      )}
      {open?.kind === 'thread' && <Opened userId={userId} open={open} />}
    </Flex>
  )
}
