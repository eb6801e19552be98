import { useCallback, useEffect, useMemo, useState } from 'react'
import { Badge, Button, Callout, Card, DataList, Flex, Heading, Select, Table, Text } from '@radix-ui/themes'
import { useHotkeys } from 'react-hotkeys-hook'
import { TRACK_REVIEW_STATUSES, type TrackReview, type TrackReviewStatus } from '@contract/analytics'
import { platformLabel } from '@core/analytics-platforms'
import { formatCount } from '@core/format'
import { SHORTCUTS } from '@commands/shortcuts'
import { trackReviewPath, type TrackReviewRecordState } from '@commands/analytics'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { NamedTable } from '@client/ui/NamedTable'
import { RecordActions, runRecordAction } from '@client/ui/RecordActions'
import { RecordLink } from '@client/ui/RecordLink'
import { recordKeyOptions } from '@client/ui/record-keys'
import { queuePlace } from '@client/ui/review-queue'
import { QueueSteps } from '@client/ui/QueueSteps'
import { Empty, When } from '@client/ui/When'
import { Pagination } from '@client/ui/list/Pagination'
import { useTab } from '@client/workspace/tab-context'

// The flagged-track review queue (docs/analytics.md, "Review queue"): the tracks sent from a spike or
// from the artificial streams, newest first; `review=` opens one with its evidence, j/k step through
// the open ones, a confirms (its earnings are held) and r dismisses, each asking why.

const PER_PAGE = 25
/** The open reviews j/k step through: the first page of the queue, as the other queues do. */
const QUEUE_SIZE = 100
const STATUS_COLORS: Record<TrackReviewStatus, 'amber' | 'red' | 'gray'> = { open: 'amber', confirmed: 'red', dismissed: 'gray' }
const STATUS_LABELS: Record<TrackReviewStatus, string> = { open: 'Open', confirmed: 'Confirmed, held', dismissed: 'Dismissed' }
const FLAG_LABELS: Record<TrackReview['flag'], string> = { spike: 'Spike', artificial: 'Artificial streams' }

const fetchList = (key: string, signal: AbortSignal) => {
  const [status, page] = key.split(':')
  return api.call(
    'analytics.reviews',
    { query: { status: status as TrackReviewStatus, page: Number(page), per_page: PER_PAGE } },
    { signal },
  )
}
const fetchQueue = (_key: string, signal: AbortSignal) =>
  api.call('analytics.reviews', { query: { status: 'open', page: 1, per_page: QUEUE_SIZE } }, { signal })
const fetchOne = (key: string, signal: AbortSignal) =>
  api.call('analytics.review', { params: { id: Number(key.split(':')[0]) } }, { signal })

function ReviewDetail({ id, version, queue }: { id: number; version: number; queue: readonly number[] }) {
  const tab = useTab()
  const load = useLoad(fetchOne, `${id}:${version}`)
  const review = load.data && load.data.id === id ? load.data : null
  const place = useMemo(() => queuePlace(queue, id), [queue, id])
  const record = useMemo(() => {
    if (!review) return null
    const state: TrackReviewRecordState = {
      status: review.status,
      title: review.title,
      nextPath: place.nextOpen === null ? null : trackReviewPath(place.nextOpen),
    }
    return { kind: 'trackReview' as const, id: String(review.id), title: `Review #${review.id}: ${review.title}`, state }
  }, [review, place.nextOpen])
  const { publishRecord, setSearch } = tab
  useEffect(() => {
    publishRecord(record)
    return () => publishRecord(null)
  }, [record, publishRecord])
  const go = useCallback((target: number | null) => target !== null && setSearch({ review: String(target) }), [setSearch])
  const act = useCallback((key: string) => record && void runRecordAction(record, key), [record])
  const keyOptions = recordKeyOptions(tab)
  useHotkeys(SHORTCUTS['trackReview.next'].keys, () => go(place.next), keyOptions, [place.next, go])
  useHotkeys(SHORTCUTS['trackReview.previous'].keys, () => go(place.previous), keyOptions, [place.previous, go])
  useHotkeys(SHORTCUTS['trackReview.confirm'].keys, () => act('analytics.confirmReview'), keyOptions, [act])
  useHotkeys(SHORTCUTS['trackReview.dismiss'].keys, () => act('analytics.dismissReview'), keyOptions, [act])

  if (load.error)
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Text>{load.error.message}</Callout.Text>
      </Callout.Root>
    )
  if (!review || !record) return <Text color="gray">Loading the review…</Text>
  return (
    <Card size="2" aria-label={`Review #${review.id}`}>
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <Flex direction="column" gap="1">
          <Heading as="h3" size="4">
            <RecordLink to={`/releases/track/${review.trackId}`}>{review.title}</RecordLink>
          </Heading>
          <Flex gap="2" align="center">
            <Badge color={STATUS_COLORS[review.status]}>{STATUS_LABELS[review.status]}</Badge>
            {review.held && <Badge color="amber">Earnings held</Badge>}
            <Text size="2" color="gray">
              {FLAG_LABELS[review.flag]} on {platformLabel(review.platform)}, {review.day}
            </Text>
          </Flex>
        </Flex>
        <Flex direction="column" gap="2" align="end">
          <RecordActions record={record} buttons={['analytics.confirmReview', 'analytics.dismissReview']} menu={false} />
          <QueueSteps place={place} go={go} previous="trackReview.previous" next="trackReview.next" />
        </Flex>
      </Flex>
      <DataList.Root mt="3">
        <DataList.Item>
          <DataList.Label>Streams that day</DataList.Label>
          <DataList.Value aria-label="Observed streams">{formatCount(review.evidence.observed)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Usual day (median of the 28 before)</DataList.Label>
          <DataList.Value>{formatCount(Math.round(review.evidence.baseline))}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Flagged artificial by the store (30 days)</DataList.Label>
          <DataList.Value>
            {formatCount(review.evidence.artificial)} of {formatCount(review.evidence.periodStreams)}
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Release</DataList.Label>
          <DataList.Value>
            <RecordLink to={`/releases/single/${review.releaseId}`}>{review.releaseTitle}</RecordLink>
            {review.isrc ? ` · ${review.isrc}` : ''}
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Sent</DataList.Label>
          <DataList.Value>
            {`${review.sentBy ?? '—'}, `}
            <When value={review.sentAt} />
          </DataList.Value>
        </DataList.Item>
        {review.decidedAt && (
          <DataList.Item>
            <DataList.Label>Decided</DataList.Label>
            <DataList.Value>
              {`${review.decidedBy ?? '—'}, `}
              <When value={String(review.decidedAt)} />
              {`: “${review.reason ?? ''}”`}
            </DataList.Value>
          </DataList.Item>
        )}
      </DataList.Root>
      {place.position !== null && (
        <Text as="p" size="1" color="gray" mt="2" role="status">
          Open review {place.position} of {queue.length} · j/k next/previous · a confirm and hold · r dismiss
        </Text>
      )}
    </Card>
  )
}

/** /analytics/overview?section=reviews: the flagged tracks sent to review (`status=`), one open with `review=`. */
export function ReviewsSection({ version }: { version: number }) {
  const tab = useTab()
  const { setSearch } = tab
  const [page, setPage] = useState(1)
  const asked = tab.search.get('status')
  const status: TrackReviewStatus = (TRACK_REVIEW_STATUSES as readonly string[]).includes(asked ?? '')
    ? (asked as TrackReviewStatus)
    : 'open'
  const list = useLoad(fetchList, `${status}:${page}:${version}`)
  const queue = useLoad(fetchQueue, String(version))
  const queueIds = useMemo(() => (queue.data?.data ?? []).map((row) => row.id), [queue.data])
  const selected = Number(tab.search.get('review')) || null
  const rows = list.data?.data ?? []
  return (
    <Flex direction="column" gap="4">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Text size="2" color="gray">
          Tracks sent from a spike or from the store’s artificial streams: confirm to hold their earnings, or dismiss with a reason.
        </Text>
        <Select.Root
          value={status}
          onValueChange={(value) => {
            setPage(1)
            setSearch({ status: value === 'open' ? null : value })
          }}
        >
          <Select.Trigger aria-label="Review status" />
          <Select.Content>
            {TRACK_REVIEW_STATUSES.map((value) => (
              <Select.Item key={value} value={value}>
                {STATUS_LABELS[value]}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>
      {selected && <ReviewDetail id={selected} version={version} queue={queueIds} />}
      {list.error && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{list.error.message}</Callout.Text>
        </Callout.Root>
      )}
      {!list.error && list.data && rows.length === 0 && <Empty>{`No ${STATUS_LABELS[status].toLowerCase()} review.`}</Empty>}
      {rows.length > 0 && (
        <NamedTable label="Flagged tracks in review" size="1" variant="surface">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Track</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Flag</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Day</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Observed</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Usual</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Sent by</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.id} aria-selected={row.id === selected || undefined}>
                <Table.Cell>
                  <Button size="1" variant="ghost" onClick={() => setSearch({ review: String(row.id) })}>
                    #{row.id} {row.title}
                  </Button>
                </Table.Cell>
                <Table.Cell>
                  {FLAG_LABELS[row.flag]} · {platformLabel(row.platform)}
                </Table.Cell>
                <Table.Cell>{row.day}</Table.Cell>
                <Table.Cell justify="end">{formatCount(row.evidence.observed)}</Table.Cell>
                <Table.Cell justify="end">{formatCount(Math.round(row.evidence.baseline))}</Table.Cell>
                <Table.Cell>{row.sentBy ?? '—'}</Table.Cell>
                <Table.Cell>
                  <Badge color={STATUS_COLORS[row.status]}>{STATUS_LABELS[row.status]}</Badge>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </NamedTable>
      )}
      {list.data && list.data.meta.total > PER_PAGE && (
        <Pagination
          page={list.data.meta.page}
          lastPage={list.data.meta.last_page}
          perPage={list.data.meta.per_page}
          total={list.data.meta.total}
          totalIsEstimate={list.data.meta.totalIsEstimate}
          onPage={setPage}
        />
      )}
    </Flex>
  )
}
