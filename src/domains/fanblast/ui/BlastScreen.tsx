import { useCallback, useEffect, useMemo, useState } from 'react'
import { Badge, Box, Card, Flex, Heading, Progress, Text } from '@radix-ui/themes'
import { useHotkeys } from 'react-hotkeys-hook'
import type { BlastSingle, RecipientItem } from '@contract/fanblast'
import { FINAL_RECIPIENT_STATES, RECIPIENT_STATES, RECIPIENT_STATE_LABELS, listSubject, type RecipientState } from '@core/fanblast'
import type { RecordStates } from '@commands/records'
import { SHORTCUTS } from '@commands/shortcuts'
import type { ScreenProps } from '@client/routing/types'
import { api } from '@client/api'
import { Link } from '@client/routing/Link'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { useTab } from '@client/workspace/tab-context'
import { rememberRecord } from '@client/shell/recents'
import { RecordActions, runRecordAction } from '@client/ui/RecordActions'
import { RecordPending, recordMissing } from '@client/ui/RecordPending'
import { ListView, type ColumnDef, type FilterDef, type ListQuery } from '@client/ui/list'
import { queuePlace } from '@client/ui/review-queue'
import { QueueSteps } from '@client/ui/QueueSteps'
import { recordKeyOptions } from '@client/ui/record-keys'
import { BLAST_STATUS_MAP, RECIPIENT_STATE_MAP } from './status'

const fetchBlast = (key: string, signal: AbortSignal) => api.call('fanblast.single', { params: { id: Number(key.split(':')[0]) } }, { signal })

/** The submitted blasts in list order: the review queue j/k walk through. */
const fetchQueue = async (_key: string, signal: AbortSignal) => {
  const page = await api.call('fanblast.list', { query: { status: 'submitted', per_page: 500, page: 1 } }, { signal })
  return page.data.map((row) => row.id)
}

const logColumns: ColumnDef<RecipientItem>[] = [
  { id: 'email', header: 'Email', type: 'text', value: (row) => row.email, width: 260 },
  { id: 'state', header: 'State', type: 'status', value: (row) => row.state, statuses: RECIPIENT_STATE_MAP, width: 130 },
  { id: 'response', header: 'Server answer', type: 'text', value: (row) => row.response, width: 360 },
  { id: 'attempts', header: 'Attempts', type: 'text', value: (row) => row.attempts, width: 100 },
  { id: 'sentAt', header: 'Sent', type: 'date', value: (row) => row.sentAt, width: 150 },
]

const logFilters: FilterDef[] = [
  { id: 'state', label: 'State', type: 'select', options: RECIPIENT_STATES.map((state) => ({ value: state, label: RECIPIENT_STATE_LABELS[state] })) },
]

/** How far the sending is: final states out of every recipient. */
function Progressing({ blast }: { blast: BlastSingle }) {
  const total = RECIPIENT_STATES.reduce((sum, state) => sum + blast.progress[state], 0)
  const final = FINAL_RECIPIENT_STATES.reduce((sum, state) => sum + blast.progress[state], 0)
  const shown = RECIPIENT_STATES.filter((state) => blast.progress[state] > 0)
  return (
    <Card size="2">
      <Heading as="h2" size="4" mb="2">
        Delivery
      </Heading>
      {total === 0 ? (
        <Text size="2" color="gray">
          {blast.status === 'submitted'
            ? `Waiting for review. ${blast.audience} ${blast.audience === 1 ? 'fan' : 'fans'} would receive it now.`
            : 'Nobody was to receive it.'}
        </Text>
      ) : (
        <Flex direction="column" gap="2">
          <Progress value={Math.round((final / total) * 100)} aria-label="Sending progress" />
          <Text size="2" role="status" data-testid="blast-progress">
            {final} of {total} done
            {shown.length ? ` · ${shown.map((state) => `${RECIPIENT_STATE_LABELS[state]} ${blast.progress[state]}`).join(' · ')}` : ''}
          </Text>
        </Flex>
      )}
    </Card>
  )
}

/**
 * /fanblast/single/{id}: a blast as fans would read it, its review (a approves, r rejects with a
 * reason, j/k step through the submitted ones) and, once approved, its progress and email log.
 */
export default function BlastScreen({ params }: ScreenProps) {
  const tab = useTab()
  const version = useDataVersion()
  const id = Number(params.id)
  const valid = Number.isInteger(id) && id > 0
  // While it sends the progress refreshes itself every two seconds.
  const [tick, setTick] = useState(0)
  const load = useLoad(fetchBlast, `${valid ? id : 0}:${version}:${tick}`)
  const queue = useLoad(fetchQueue, `queue:${version}`)
  const blast = load.data && load.data.id === id ? load.data : null
  const place = useMemo(() => queuePlace(queue.data ?? [], id), [queue.data, id])
  const active = blast?.status === 'approved' || blast?.status === 'sending'
  useEffect(() => {
    if (!active) return
    const timer = setTimeout(() => setTick((value) => value + 1), 2000)
    return () => clearTimeout(timer)
  }, [active, tick, load.data])

  const record = useMemo(() => {
    if (!blast) return null
    const state: RecordStates['blast'] = { subject: blast.subject, status: blast.status, nextOpenId: place.nextOpen }
    return { kind: 'blast' as const, id: String(blast.id), title: listSubject(blast.subject), state }
  }, [blast, place.nextOpen])
  const { setTitle, publishRecord } = tab
  useEffect(() => {
    if (!blast) return
    setTitle(`Fan blast · ${listSubject(blast.subject)}`)
    rememberRecord({
      kind: 'blast',
      id: blast.id,
      title: listSubject(blast.subject),
      subtitle: `${BLAST_STATUS_MAP[blast.status].label} · ${blast.user.name}`,
      path: `/fanblast/single/${blast.id}`,
    })
  }, [blast, setTitle])
  useEffect(() => {
    publishRecord(record)
    return () => publishRecord(null)
  }, [record, publishRecord])

  const go = useCallback((target: number | null) => target && tab.navigate(`/fanblast/single/${target}`), [tab])
  const keyOptions = recordKeyOptions(tab)
  useHotkeys(SHORTCUTS['blast.next'].keys, () => go(place.next), keyOptions, [place.next, go])
  useHotkeys(SHORTCUTS['blast.previous'].keys, () => go(place.previous), keyOptions, [place.previous, go])
  // a and r run the declared actions (the same ones as the buttons and the palette).
  const act = useCallback((key: string) => record && void runRecordAction(record, key), [record])
  useHotkeys(SHORTCUTS['blast.approve'].keys, () => act('fanblast.approve'), keyOptions, [act])
  useHotkeys(SHORTCUTS['blast.reject'].keys, () => act('fanblast.reject'), keyOptions, [act])

  const fetchLog = useCallback(
    (query: ListQuery, signal: AbortSignal) =>
      api.call(
        'fanblast.recipients',
        { query: { blast: id, page: query.page, per_page: query.perPage, state: query.filters.state as RecipientState | undefined } },
        { signal },
      ),
    [id],
  )

  if (!blast || recordMissing(valid, load))
    return <RecordPending valid={valid} load={load} missing="This fan blast does not exist, or it belongs to another workspace." />
  const status = BLAST_STATUS_MAP[blast.status]

  return (
    <Flex direction="column" gap="4" p="4">
      <Flex gap="4" align="start" justify="between" wrap="wrap">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="6">
            {blast.subject}
          </Heading>
          <Text size="2" color="gray">
            #{blast.id} · from “{blast.from}” · by <Link to={`/users/${blast.user.id}`}>{blast.user.name}</Link> ({blast.user.email}) ·{' '}
            {new Date(blast.date).toLocaleString()}
          </Text>
          <Flex gap="2" align="center" wrap="wrap">
            <Badge color={status.color}>{status.label}</Badge>
            <Text size="1" color="gray">
              Message ID {blast.messageId}
            </Text>
          </Flex>
          {blast.reason && (
            <Text size="2">
              Rejected because: <Text style={{ fontStyle: 'italic' }}>“{blast.reason}”</Text>
            </Text>
          )}
        </Flex>
        <Flex direction="column" gap="2" align="end">
          <QueueSteps place={place} go={go} previous="blast.previous" next="blast.next" />
          <RecordActions record={record} buttons={['fanblast.approve', 'fanblast.reject']} menu={false} />
          <Text size="1" color="gray" data-testid="review-queue" role="status">
            {queue.data === null
              ? 'Loading the review queue…'
              : place.position
                ? `Submitted blast ${place.position} of ${queue.data.length}`
                : `${queue.data.length} submitted blast${queue.data.length === 1 ? '' : 's'} to review`}
          </Text>
        </Flex>
      </Flex>

      <Progressing blast={blast} />

      <Card size="2">
        <Heading as="h2" size="4" mb="2">
          Message
        </Heading>
        {/* Sanitised on the server; shown in a frame that may run nothing, in case anything slipped through. */}
        <Box asChild style={{ width: '100%', minHeight: 240, border: 0, background: 'white' }}>
          <iframe title="Message" sandbox="" srcDoc={`<!doctype html><meta charset="utf-8"><base target="_blank">${blast.content}`} />
        </Box>
      </Card>

      {blast.progress && RECIPIENT_STATES.some((state) => blast.progress[state] > 0) && (
        <Box style={{ minHeight: 360 }}>
          <ListView<RecipientItem>
            key={`${version}:${blast.status}`}
            listId="fanblast-recipients"
            title="Email log"
            columns={logColumns}
            rowId={(row) => row.id}
            fetch={fetchLog}
            filters={logFilters}
            errorMessage="There was an error fetching the email log. Please try again."
          />
        </Box>
      )}
    </Flex>
  )
}
