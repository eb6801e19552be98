import { useState } from 'react'
import { Badge, Box, Button, Callout, Card, Flex, Heading, Table, Text } from '@radix-ui/themes'
import { InfoCircledIcon } from '@radix-ui/react-icons'
import type { EndpointOutput, Endpoints } from '@contract/index'
import { api, ApiError } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { NamedTable } from '@client/ui/NamedTable'
import { When } from '@client/ui/When'
import { ACTION_FAILED } from '../actions'

type Delivery = EndpointOutput<Endpoints['releases.audioSaladDeliveryStatus']>

export const AUDIOSALAD_NOT_CONFIGURED = 'AudioSalad is not configured'

const storeColor = (status: string) =>
  /error|fail|reject|takedown/i.test(status) ? 'red' : /deliver|live|complete|success|sent/i.test(status) ? 'green' : 'gray'

/** The Delivery section's "Check AudioSalad": the release's status per store at AudioSalad, on demand. */
export function AudioSaladCheck({ releaseId }: { releaseId: number }) {
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'loading' }
    | { kind: 'done'; delivery: Delivery }
    | { kind: 'notConfigured' }
    | { kind: 'error'; message: string }
  >({ kind: 'idle' })
  const check = async () => {
    setState({ kind: 'loading' })
    try {
      setState({ kind: 'done', delivery: await api.call('releases.audioSaladDeliveryStatus', { params: { id: releaseId } }) })
    } catch (error) {
      if (error instanceof ApiError && error.code === 'not_configured') setState({ kind: 'notConfigured' })
      else setState({ kind: 'error', message: error instanceof ApiError ? error.message : ACTION_FAILED })
    }
  }
  return (
    <Flex direction="column" gap="2" mt="4" role="region" aria-label="AudioSalad delivery status">
      <Flex gap="3" align="center">
        <Button type="button" variant="soft" loading={state.kind === 'loading'} onClick={() => void check()}>
          Check AudioSalad
        </Button>
        {state.kind === 'done' && (
          <Text size="1" color="gray">
            Checked <When value={state.delivery.checkedAt} />
          </Text>
        )}
      </Flex>
      {state.kind === 'notConfigured' && (
        <Callout.Root color="gray" size="1" role="status">
          <Callout.Icon>
            <InfoCircledIcon />
          </Callout.Icon>
          <Callout.Text>
            {AUDIOSALAD_NOT_CONFIGURED}. Set AUDIOSALAD_URL and AUDIOSALAD_KEY on the server to check deliveries there.
          </Callout.Text>
        </Callout.Root>
      )}
      {state.kind === 'error' && (
        <Text size="2" color="red" role="alert">
          {state.message}
        </Text>
      )}
      {state.kind === 'done' && !state.delivery.found && (
        <Text size="2" color="gray" role="status">
          AudioSalad has no release with UPC {state.delivery.upc}.
        </Text>
      )}
      {state.kind === 'done' && state.delivery.found && state.delivery.stores.length === 0 && (
        <Text size="2" color="gray" role="status">
          AudioSalad has this release (#{state.delivery.providerReleaseId}) but no delivery to any store yet.
        </Text>
      )}
      {state.kind === 'done' && state.delivery.stores.length > 0 && (
        <NamedTable size="1" label="AudioSalad delivery per store">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Store</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Updated</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Message</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {state.delivery.stores.map((store) => (
              <Table.Row key={`${store.targetId ?? ''}:${store.store}`}>
                <Table.RowHeaderCell>{store.store}</Table.RowHeaderCell>
                <Table.Cell>
                  <Badge color={storeColor(store.status)}>{store.status}</Badge>
                </Table.Cell>
                <Table.Cell>{store.date ? <When value={store.date} /> : '—'}</Table.Cell>
                <Table.Cell>{store.message ?? '—'}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </NamedTable>
      )}
    </Flex>
  )
}

const fetchAssignees = (key: string, signal: AbortSignal) =>
  api.call('releases.assignees', { params: { id: Number(key.split(':')[0]) } }, { signal })

/** The History section's list of staff who worked on the release, most recently active first. */
export function ReleaseAssignees({ releaseId, version }: { releaseId: number; version: number }) {
  const load = useLoad(fetchAssignees, `${releaseId}:${version}`)
  const people = load.data?.data ?? []
  if (load.status === 'error')
    return (
      <Text size="2" color="red">
        Who worked on this release could not be loaded: {load.error?.message}
      </Text>
    )
  if (load.status !== 'success' || people.length === 0) return null
  return (
    <Card size="1" asChild>
      <section aria-label="Worked on by">
        <Heading as="h3" size="2" mb="2">
          Worked on by
        </Heading>
        <Box asChild>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: 'var(--space-3)' }}>
            {people.map((person) => (
              <li key={person.id}>
                <Text size="2" weight="medium" title={person.email}>
                  {person.name}
                </Text>{' '}
                <Text size="1" color="gray">
                  {person.actions} action{person.actions === 1 ? '' : 's'} · last <When value={person.lastActionAt} />
                </Text>
              </li>
            ))}
          </ul>
        </Box>
      </section>
    </Card>
  )
}
