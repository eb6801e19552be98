import { useCallback, useEffect, useMemo } from 'react'
import { RecordPending, recordMissing } from '@client/ui/RecordPending'
import { Badge, Box, Card, Flex, Heading, Table, Text } from '@radix-ui/themes'
import { useHotkeys } from 'react-hotkeys-hook'
import type { EditRequestSingle } from '@contract/releases'
import type { RecordStates } from '@commands/records'
import { SHORTCUTS } from '@commands/shortcuts'
import { RecordActions } from '@client/ui/RecordActions'
import type { ScreenProps } from '@client/routing/types'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { useTab } from '@client/workspace/tab-context'
import { rememberRecord } from '@client/shell/recents'
import { Link } from '@client/routing/Link'
import { NamedTable } from '@client/ui/NamedTable'
import { Cover } from './release/ReleaseHeader'
import { When } from './release/ReleaseSections'
import { EDIT_REQUEST_STATUS_MAP, StatusBadge } from './status'
import { queuePlace } from '@client/ui/review-queue'
import { QueueSteps } from '@client/ui/QueueSteps'
import { recordKeyOptions } from '@client/ui/record-keys'

type Value = EditRequestSingle['releaseEdits'][number]['oldValue']

const fetchRequest = (key: string, signal: AbortSignal) =>
  api.call('releases.editRequest', { params: { id: Number(key.split(':')[0]) } }, { signal })

/** The open requests in list order: the review queue j/k walk through. */
const fetchQueue = async (_key: string, signal: AbortSignal) => {
  const page = await api.call('releases.editRequests', { params: { page: 1 }, query: { status: 'pending', per_page: 500 } }, { signal })
  return page.data.map((row) => row.id)
}

/** A value as the review table shows it: lists joined, country codes named, nothing shown as a dash. */
export function showValue(value: Value, countries: ReadonlyMap<string, string>): string {
  if (value === null || value === '') return '—'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (Array.isArray(value)) return value.length ? value.map((item) => countries.get(String(item)) ?? String(item)).join(', ') : '—'
  return countries.get(String(value)) ?? String(value)
}

function ChangesTable({
  label,
  rows,
  countries,
}: {
  label: string
  rows: { key: string; section: string; label: string; oldValue: Value; newValue: Value }[]
  countries: ReadonlyMap<string, string>
}) {
  return (
    <NamedTable size="1" label={label} layout="fixed">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell width="18%">Section</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell width="18%">Field</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Old value</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>New value</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={row.key}>
            <Table.Cell>{row.section}</Table.Cell>
            <Table.RowHeaderCell>{row.label}</Table.RowHeaderCell>
            <Table.Cell style={{ background: 'var(--red-a2)', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {showValue(row.oldValue, countries)}
            </Table.Cell>
            <Table.Cell style={{ background: 'var(--green-a2)', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {showValue(row.newValue, countries)}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </NamedTable>
  )
}

/**
 * /release/edit-requests/view/{id}: what the artist asked to change, old and new side by side, and the
 * keyboard review queue: j/k to the next or previous open request, a approves, r rejects with a reason,
 * and either moves on to the next open one.
 */
export default function EditRequestScreen({ params }: ScreenProps) {
  const tab = useTab()
  const version = useDataVersion()
  const id = Number(params.id)
  const valid = Number.isInteger(id) && id > 0
  const load = useLoad(fetchRequest, `${valid ? id : 0}:${version}`)
  const queue = useLoad(fetchQueue, `queue:${version}`)
  const request = load.data && load.data.id === id ? load.data : null
  const place = useMemo(() => queuePlace(queue.data ?? [], id), [queue.data, id])

  const record = useMemo(() => {
    if (!request) return null
    const state: RecordStates['editRequest'] = {
      status: request.status,
      releaseId: request.release.id,
      releaseTitle: request.release.title,
      nextOpenId: place.nextOpen,
    }
    return { kind: 'editRequest' as const, id: String(request.id), title: `Edit request #${request.id}`, state }
  }, [request, place.nextOpen])
  const { setTitle, publishRecord } = tab
  useEffect(() => {
    if (!request) return
    setTitle(`Edit request · ${request.release.title}`)
    rememberRecord({
      kind: 'editRequest',
      id: request.id,
      title: `Edit request for ${request.release.title}`,
      subtitle: `${EDIT_REQUEST_STATUS_MAP[request.status].label} · ${request.user.displayName}`,
      path: `/release/edit-requests/view/${request.id}`,
    })
  }, [request, setTitle])
  useEffect(() => {
    publishRecord(record)
    return () => publishRecord(null)
  }, [record, publishRecord])

  const go = useCallback((target: number | null) => target && tab.navigate(`/release/edit-requests/view/${target}`), [tab])

  const keyOptions = recordKeyOptions(tab)
  // j/k walk the queue; a and r are the declared approve and reject actions' keys (bound by the shell).
  useHotkeys(SHORTCUTS['editRequest.next'].keys, () => go(place.next), keyOptions, [place.next, go])
  useHotkeys(SHORTCUTS['editRequest.previous'].keys, () => go(place.previous), keyOptions, [place.previous, go])

  const countries = useMemo(() => new Map((request?.countries ?? []).map((country) => [country.code, country.name])), [request])

  if (!request || recordMissing(valid, load))
    return <RecordPending valid={valid} load={load} missing="This edit request does not exist, or it belongs to another workspace." />

  const releaseRows = request.releaseEdits.map((edit, index) => ({ ...edit, key: `r:${edit.field}:${index}` }))
  const trackRows = request.trackEdits.map((edit, index) => ({
    ...edit,
    key: `t:${edit.trackId}:${edit.field}:${index}`,
    section: `${edit.trackTitle} · ${edit.section}`,
  }))
  const statusInfo = EDIT_REQUEST_STATUS_MAP[request.status]

  return (
    <Flex direction="column" gap="4" p="4">
      <Flex gap="4" align="start" justify="between" wrap="wrap">
        <Flex gap="4" align="start">
          <Cover src={request.release.artwork.medium ?? request.release.artwork.cover} title={request.release.title} size={72} />
          <Flex direction="column" gap="1">
            <Heading as="h1" size="6">
              Edit request for {request.release.title}
            </Heading>
            <Text size="2" color="gray">
              #{request.id} · asked by <Link to={`/users/${request.user.id}`}>{request.user.displayName}</Link> ({request.user.email}) ·{' '}
              <When value={request.created} />
            </Text>
            <Flex gap="2" align="center" wrap="wrap">
              <Badge color={statusInfo.color}>{statusInfo.label}</Badge>
              <Text size="2">
                Release: <Link to={`/releases/single/${request.release.id}`}>{request.release.title}</Link>
                {request.release.upc && ` · UPC ${request.release.upc}`}
              </Text>
              <StatusBadge code={request.release.status} size="1" />
            </Flex>
            {request.decidedAt && (
              <Text size="2" color="gray">
                {statusInfo.label} by {request.decidedBy?.name ?? 'someone'} <When value={request.decidedAt} />
                {request.comment && `: “${request.comment}”`}
              </Text>
            )}
            {!request.decidedAt && request.comment && (
              <Text size="2">
                Artist&apos;s comment: <Text style={{ fontStyle: 'italic' }}>“{request.comment}”</Text>
              </Text>
            )}
          </Flex>
        </Flex>
        <Flex direction="column" gap="2" align="end">
          <QueueSteps place={place} go={go} previous="editRequest.previous" next="editRequest.next" />
          <RecordActions
            record={record}
            buttons={['releases.editRequestStatus:approved', 'releases.editRequestStatus:rejected']}
            menu={false}
          />
          <Text size="1" color="gray" data-testid="review-queue" role="status">
            {queue.data === null
              ? 'Loading the review queue…'
              : place.position
                ? `Open request ${place.position} of ${queue.data.length}`
                : `${queue.data.length} open request${queue.data.length === 1 ? '' : 's'} in the queue`}
          </Text>
        </Flex>
      </Flex>

      <Card size="2">
        <Heading as="h2" size="4" mb="3">
          Release edits
        </Heading>
        {releaseRows.length === 0 ? (
          <Text size="2" color="gray">
            No changes to the release itself.
          </Text>
        ) : (
          <ChangesTable label="Release edits" rows={releaseRows} countries={countries} />
        )}
      </Card>
      <Card size="2">
        <Heading as="h2" size="4" mb="3">
          Track edits
        </Heading>
        {trackRows.length === 0 ? (
          <Text size="2" color="gray">
            No changes to tracks.
          </Text>
        ) : (
          <ChangesTable label="Track edits" rows={trackRows} countries={countries} />
        )}
      </Card>
      <Box>
        <Text size="1" color="gray">
          Approving applies every new value to the release and its tracks at once and marks the release Edited.
        </Text>
      </Box>
    </Flex>
  )
}
