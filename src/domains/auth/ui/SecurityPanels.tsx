import { useState } from 'react'
import { Badge, Button, Card, Flex, Heading, Table, Text } from '@radix-ui/themes'
import { api, ApiError } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { SessionsTable } from '@client/ui/SessionsTable'
import { When } from '@client/ui/When'

const loadSessions = (_: string, signal: AbortSignal) => api.call('auth.activeSessions', undefined, { signal })
const loadHistory = (_: string, signal: AbortSignal) => api.call('auth.loginHistory', undefined, { signal })

function LoadProblem({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <Flex gap="3" align="center">
      <Text color="red" size="2">
        {message}
      </Text>
      <Button size="1" variant="soft" onClick={onRetry}>
        Try again
      </Button>
    </Flex>
  )
}

/** The signed-in account's open sessions, each of which can be signed out. */
export function ActiveSessionsPanel() {
  const sessions = useLoad(loadSessions, 'own')
  const [error, setError] = useState<string | null>(null)
  const handleRevoke = async (id: number) => {
    setError(null)
    try {
      await api.call('auth.revokeSession', { params: { id } })
      sessions.reload()
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Something went wrong, try refreshing the site and try again.')
    }
  }
  return (
    <Card size="2">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          Active sessions
        </Heading>
        {error && (
          <Text color="red" size="2" role="alert">
            {error}
          </Text>
        )}
        {sessions.status === 'error' && (
          <LoadProblem message={sessions.error?.message ?? 'Could not load sessions.'} onRetry={sessions.reload} />
        )}
        <SessionsTable sessions={sessions.data?.data ?? []} busy={sessions.status === 'loading'} onLogout={(id) => void handleRevoke(id)} />
      </Flex>
    </Card>
  )
}

/** The latest sign-in attempts on the account; repeated attempts from one address are grouped. */
export function LoginHistoryPanel() {
  const history = useLoad(loadHistory, 'own')
  return (
    <Card size="2">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          Recent sign-ins
        </Heading>
        {history.status === 'error' && (
          <LoadProblem message={history.error?.message ?? 'Could not load the history.'} onRetry={history.reload} />
        )}
        <Table.Root size="1" aria-busy={history.status === 'loading'}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>IP</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Result</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Repeated</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {history.data?.data.map((entry) => (
              <Table.Row key={entry.id}>
                <Table.Cell>
                  <When value={entry.created} />
                </Table.Cell>
                <Table.Cell>{entry.ip ?? '—'}</Table.Cell>
                <Table.Cell>
                  <Badge color={entry.type === 'Access Granted' ? 'green' : 'red'}>{entry.type}</Badge>
                </Table.Cell>
                <Table.Cell>{entry.repeated > 1 ? `${entry.repeated} times` : 'Once'}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Flex>
    </Card>
  )
}
