import type { z } from 'zod'
import { Badge, Button, Table } from '@radix-ui/themes'
import type { activeSession } from '@contract/auth'
import { countryName } from '@core/countries'
import { When } from './When'

type Session = z.infer<typeof activeSession>

/** Open sessions of an account, each with "Log out this session" (the viewer's own is marked instead). */
export function SessionsTable({
  sessions,
  onLogout,
  busy = false,
}: {
  sessions: readonly Session[]
  onLogout(sessionId: number): void
  busy?: boolean
}) {
  return (
    <Table.Root size="1" aria-busy={busy}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Device</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Browser</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>OS</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>IP</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Location</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Signed in</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Last seen</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell />
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {sessions.map((session) => (
          <Table.Row key={session.id}>
            <Table.Cell>{session.device ?? 'Unknown'}</Table.Cell>
            <Table.Cell>{session.browser ?? 'Unknown'}</Table.Cell>
            <Table.Cell>{session.os ?? 'Unknown'}</Table.Cell>
            <Table.Cell>{session.ip ?? '—'}</Table.Cell>
            <Table.Cell>{[session.city, countryName(session.country)].filter(Boolean).join(', ') || 'Unknown'}</Table.Cell>
            <Table.Cell>
              <When value={session.created} />
            </Table.Cell>
            <Table.Cell>
              <When value={session.lastSeen} />
            </Table.Cell>
            <Table.Cell>
              {session.current ? (
                <Badge color="green">This session</Badge>
              ) : (
                <Button size="1" variant="soft" color="red" onClick={() => onLogout(session.id)}>
                  Log out this session
                </Button>
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  )
}
