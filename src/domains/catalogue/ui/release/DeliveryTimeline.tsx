import { useEffect, useState } from 'react'
import { Badge, Box, Flex, Heading, Text } from '@radix-ui/themes'
import { releaseDeliveriesQuery, type DeliveryPage, type DeliveryRow } from '@contract/catalogue-ops'
import {
  DELIVERY_EVENT_LABELS,
  DELIVERY_TARGET_LABELS,
  DELIVERY_TARGET_SETUP,
  DELIVERY_TARGETS,
  type DeliveryTargetType,
} from '@contract/delivery-vocabulary'
import type { DeliveryRecordState } from '@commands/catalogue-ops'
import { api } from '@client/api'
import { useLoad, type LoadState } from '@client/state/useLoad'
import { RecordActions } from '@client/ui/RecordActions'
import { When } from '@client/ui/When'
import type { ReleaseRef } from '../record-action'

// The release's delivery timeline per target (docs/catalogue-ops.md "Delivery queue"): every step of
// every delivery of this release, newest first, with the declared queue, retry and remove actions.

const POLL_MS = 1000

export type ReleaseDeliveries = DeliveryPage

const fetchReleaseDeliveries = async (key: string, signal: AbortSignal) => {
  const releaseId = Number(key.split(':')[0])
  // Not polling (or no release): the record's own deliveries are shown, nothing to ask.
  if (!releaseId) return null
  return api.call('delivery.queue', { query: releaseDeliveriesQuery(releaseId) }, { signal })
}

/**
 * The release's deliveries: those its record came with (one call opens the tab), then, while one is
 * queued or being sent, the release's queue asked again every second. A new record (another release,
 * or the same after an action) starts again from its own deliveries.
 */
export function useReleaseDeliveries(
  releaseId: number,
  version: number,
  fromRecord: ReleaseDeliveries | null,
): LoadState<ReleaseDeliveries | null> {
  const [poll, setPoll] = useState({ of: fromRecord, count: 0 })
  const polled = poll.of === fromRecord ? poll.count : 0
  const load = useLoad(fetchReleaseDeliveries, polled > 0 ? `${releaseId}:${version}:${polled}` : '0')
  const polling = polled > 0 && load.data !== null
  const data = polling ? load.data : fromRecord
  const moving = data?.data.some((row) => row.status === 'queued' || row.status === 'sending') ?? false
  useEffect(() => {
    if (!moving) return
    const timer = setTimeout(() => setPoll({ of: fromRecord, count: polled + 1 }), POLL_MS)
    return () => clearTimeout(timer)
  }, [moving, polled, fromRecord])
  if (polling || load.status === 'error') return load
  return {
    status: fromRecord ? 'success' : 'loading',
    data: fromRecord,
    error: null,
    reload: () => setPoll({ of: fromRecord, count: polled + 1 }),
  }
}

/** The failed deliveries, for the release's record state ("Retry failed deliveries" is offered on them). */
export const failedDeliveries = (answer: ReleaseDeliveries | null | undefined) =>
  answer?.data.filter((row) => row.status === 'failed').map((row) => ({ id: row.id, target: row.target })) ?? undefined

const STATUS_COLORS: Record<DeliveryRow['status'], 'gray' | 'blue' | 'green' | 'red'> = {
  queued: 'gray',
  sending: 'blue',
  delivered: 'green',
  failed: 'red',
}

function deliveryRecord(row: DeliveryRow) {
  const state: DeliveryRecordState = { status: row.status, releaseTitle: row.releaseTitle }
  return { kind: 'delivery' as const, id: String(row.id), title: `${row.releaseTitle} to ${DELIVERY_TARGET_LABELS[row.target]}`, state }
}

function TargetTimeline({
  target,
  rows,
  configured,
  reason,
  record,
}: {
  target: DeliveryTargetType
  rows: readonly DeliveryRow[]
  configured: boolean
  reason: string | null
  record: ReleaseRef
}) {
  const label = DELIVERY_TARGET_LABELS[target]
  // The queue answers newest first, so the first delivery is the live or latest one.
  const latest = rows[0]
  const events = rows
    .flatMap((row) => row.events.map((event, index) => ({ ...event, key: `${row.id}:${index}` })))
    .sort((a, b) => (a.at === b.at ? b.key.localeCompare(a.key, undefined, { numeric: true }) : a.at < b.at ? 1 : -1))
  const live = latest && latest.status !== 'delivered'
  return (
    <Box role="region" aria-label={`Delivery to ${label}`}>
      <Flex gap="3" align="center" wrap="wrap" mb="2">
        <Heading as="h3" size="3">
          {label}
        </Heading>
        {latest ? (
          <Badge color={STATUS_COLORS[latest.status]}>{DELIVERY_EVENT_LABELS[latest.status]}</Badge>
        ) : (
          <Text size="1" color="gray">
            Never queued
          </Text>
        )}
        {configured && !live && <RecordActions record={record} buttons={[`delivery.add:${target}`]} menu={false} size="1" />}
        {latest && live && (
          <RecordActions record={deliveryRecord(latest)} buttons={['delivery.retry', 'delivery.remove']} menu={false} size="1" />
        )}
      </Flex>
      {!configured && (
        <Text as="p" size="1" color="gray" mb="2">
          {reason ?? `${label} delivery is not configured`}: set {DELIVERY_TARGET_SETUP[target]} on the server to deliver there.
        </Text>
      )}
      {events.length > 0 && (
        <ol aria-label={`Timeline of the delivery to ${label}`} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {events.map((event) => (
            <li key={event.key}>
              <Text size="1" color={event.status === 'failed' ? 'red' : undefined}>
                {DELIVERY_EVENT_LABELS[event.status] ?? event.status} · <When value={event.at} />
                {event.message ? ` · ${event.message}` : ''}
              </Text>
            </li>
          ))}
        </ol>
      )}
    </Box>
  )
}

/** Per target: the latest delivery's status and actions, and every step of the release's deliveries there, newest first. */
export function DeliveryTimeline({ record, load }: { record: ReleaseRef; load: LoadState<ReleaseDeliveries | null> }) {
  const answer = load.data
  return (
    <Flex direction="column" gap="4" mt="4" role="region" aria-label="Delivery timeline">
      <Heading as="h2" size="4">
        Delivery timeline
      </Heading>
      {load.status === 'error' && (
        <Text size="2" color="red" role="alert">
          {load.error?.message ?? 'The deliveries could not be loaded.'}
        </Text>
      )}
      {answer &&
        DELIVERY_TARGETS.map((target) => {
          const setup = answer.targets.find((entry) => entry.target === target)
          return (
            <TargetTimeline
              key={target}
              target={target}
              rows={answer.data.filter((row) => row.target === target)}
              configured={setup?.configured ?? false}
              reason={setup?.reason ?? null}
              record={record}
            />
          )
        })}
    </Flex>
  )
}
