import { useCallback, useEffect, useMemo } from 'react'
import { Badge, Card, DataList, Flex, Heading, Switch, Text } from '@radix-ui/themes'
import { useHotkeys } from 'react-hotkeys-hook'
import type { ScreenProps } from '@client/routing/types'
import { DISCOVERY_STATUS_INFO, REMOVAL_STATUS_INFO, toggleRefusal } from '@core/discovery'
import { formatIsrc } from '@core/identifiers'
import { SHORTCUTS } from '@commands/shortcuts'
import { api } from '@client/api'
import { useDataVersion } from '@client/state/useDataVersion'
import { useLoad } from '@client/state/useLoad'
import { useTab } from '@client/workspace/tab-context'
import { rememberRecord } from '@client/shell/recents'
import { RecordActions, runRecordAction } from '@client/ui/RecordActions'
import { RecordPending, recordMissing } from '@client/ui/RecordPending'
import { recordKeyOptions } from '@client/ui/record-keys'
import { queuePlace } from '@client/ui/review-queue'
import { QueueSteps } from '@client/ui/QueueSteps'
import { When } from '@client/ui/When'
import { Link } from '@client/routing/Link'
import { REMOVAL_STATUS_MAP, SUBMISSION_STATUSES, stateOf, titleOf } from './discovery-list'

const fetchOne = (key: string, signal: AbortSignal) => api.call('spotifyDiscovery.single', { params: { id: Number(key.split(':')[0]) } }, { signal })
const BUTTONS = [
  'spotifyDiscovery.changeStatus:approved',
  'spotifyDiscovery.changeStatus:rejected',
  'spotifyDiscovery.changeStatus:pending',
  'spotifyDiscovery.requestRemoval',
  'spotifyDiscovery.changeRemovalStatus:approved',
  'spotifyDiscovery.changeRemovalStatus:rejected',
  'spotifyDiscovery.changeRemovalStatus:requested',
]

/**
 * /spotify-discovery/single/{id}: one submission with its release card and track, its toggle, its
 * removal request and the moves its status allows; j/k walk the pending queue, a approves, r rejects.
 */
export default function SubmissionScreen({ params }: ScreenProps) {
  const id = Number(params.id)
  const tab = useTab()
  const version = useDataVersion()
  const valid = Number.isInteger(id) && id > 0
  const load = useLoad(fetchOne, `${valid ? id : 0}:${version}`)
  const row = load.data && load.data.id === id ? load.data : null
  // The queue is oldest first; queuePlace steps through a newest-first list, so it is reversed.
  const place = useMemo(() => queuePlace([...(row?.queue ?? [])].reverse(), id), [row?.queue, id])
  const pathOf = (target: number | null) => (target === null ? null : `/spotify-discovery/single/${target}`)
  const record = useMemo(
    () =>
      row
        ? {
            kind: 'discoverySubmission' as const,
            id: String(row.id),
            title: `Submission #${row.id}`,
            state: { ...stateOf(row), nextPath: pathOf(place.nextOpen) },
          }
        : null,
    [row, place.nextOpen],
  )
  const { setTitle, publishRecord } = tab
  useEffect(() => {
    if (!row) return
    setTitle(`Discovery Mode #${row.id} · ${titleOf(row)}`)
    rememberRecord({
      kind: 'discoverySubmission',
      id: row.id,
      title: `Discovery Mode #${row.id}: ${titleOf(row)}`,
      subtitle: `${DISCOVERY_STATUS_INFO[row.status].label} · ${row.month} · ${row.user.name}`,
      path: `/spotify-discovery/single/${row.id}`,
    })
  }, [row, setTitle])
  useEffect(() => {
    publishRecord(record)
    return () => publishRecord(null)
  }, [record, publishRecord])

  const go = useCallback((target: number | null) => target !== null && tab.navigate(`/spotify-discovery/single/${target}`), [tab])
  const act = useCallback((key: string) => record && void runRecordAction(record, key), [record])
  const keyOptions = recordKeyOptions(tab)
  useHotkeys(SHORTCUTS['discovery.next'].keys, () => go(place.next), keyOptions, [place.next, go])
  useHotkeys(SHORTCUTS['discovery.previous'].keys, () => go(place.previous), keyOptions, [place.previous, go])
  useHotkeys(SHORTCUTS['discovery.approve'].keys, () => act('spotifyDiscovery.changeStatus:approved'), keyOptions, [act])
  useHotkeys(SHORTCUTS['discovery.reject'].keys, () => act('spotifyDiscovery.changeStatus:rejected'), keyOptions, [act])

  if (!row || !record || recordMissing(valid, load))
    return <RecordPending valid={valid} load={load} missing="This Discovery Mode submission does not exist, or it belongs to another workspace." />
  const status = SUBMISSION_STATUSES[row.status]
  const togglable = toggleRefusal(row.status, row.enabled, !row.enabled) === null
  return (
    <Flex direction="column" gap="4" p="4">
      <Flex gap="4" justify="between" align="start" wrap="wrap">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="6">
            {titleOf(row)}
          </Heading>
          <Flex gap="2" align="center">
            <Badge color={status.color}>{status.label}</Badge>
            <Text size="2" color="gray">
              Submission #{row.id} · campaign month {row.month} · updated <When value={row.updated} />
            </Text>
          </Flex>
        </Flex>
        <Flex direction="column" gap="2" align="end">
          <RecordActions record={record} buttons={BUTTONS} />
          <QueueSteps place={place} go={go} previous="discovery.previous" next="discovery.next" />
        </Flex>
      </Flex>
      <Card size="2">
        <DataList.Root>
          <DataList.Item>
            <DataList.Label>Toggle</DataList.Label>
            <DataList.Value>
              <Text as="label" size="2">
                <Flex gap="2" align="center">
                  <Switch
                    checked={row.enabled}
                    disabled={!togglable}
                    onCheckedChange={(on) => act(`spotifyDiscovery.toggle:${on ? 'on' : 'off'}`)}
                    aria-label="Discovery Mode on"
                  />
                  {row.enabled ? 'Discovery Mode on' : 'Discovery Mode off'}
                </Flex>
              </Text>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>User</DataList.Label>
            <DataList.Value>
              <Link to={`/users/${row.user.id}`}>{row.user.name}</Link>&nbsp;({row.user.email})
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Release</DataList.Label>
            <DataList.Value>
              <Flex gap="3" align="start">
                {row.release.artwork && <img src={row.release.artwork} alt="" width={64} height={64} style={{ borderRadius: 4 }} />}
                <Flex direction="column" gap="1">
                  <Link to={`/releases/single/${row.release.id}`}>{row.release.title}</Link>
                  <Text size="1" color="gray">
                    UPC {row.release.upc ?? 'Not Set'} · {row.release.format ?? '—'} · {row.release.date ?? 'no date'}
                    {row.release.genre ? ` · ${row.release.genre}` : ''}
                    {row.release.label ? ` · ${row.release.label}` : ''}
                  </Text>
                  {row.release.participants.length > 0 && (
                    <Text size="1" color="gray">
                      {row.release.participants.map((p) => `${p.name} (${p.role})`).join(', ')}
                    </Text>
                  )}
                </Flex>
              </Flex>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Track</DataList.Label>
            <DataList.Value>
              {row.track ? (
                <>
                  <Link to={`/releases/track/${row.track.id}`}>{row.track.title}</Link>&nbsp;· #{row.track.id} · ISRC{' '}
                  {row.track.isrc ? formatIsrc(row.track.isrc) : 'Not Set'}
                </>
              ) : (
                'Every track of the release'
              )}
            </DataList.Value>
          </DataList.Item>
          {row.reason && (
            <DataList.Item>
              <DataList.Label>Reason given</DataList.Label>
              <DataList.Value data-testid="discovery-reason">{row.reason}</DataList.Value>
            </DataList.Item>
          )}
          {row.removal && (
            <DataList.Item>
              <DataList.Label>Removal request</DataList.Label>
              <DataList.Value>
                <Flex direction="column" gap="1">
                  <Flex gap="2" align="center">
                    <Badge color={REMOVAL_STATUS_MAP[row.removal.status].color}>{REMOVAL_STATUS_MAP[row.removal.status].label}</Badge>
                    {row.removal.requestedAt && (
                      <Text size="1" color="gray">
                        requested <When value={row.removal.requestedAt} />
                      </Text>
                    )}
                  </Flex>
                  {row.removal.note && <Text size="2">Why: {row.removal.note}</Text>}
                  {row.removal.reason && <Text size="2">Answer: {row.removal.reason}</Text>}
                  <Text size="1" color="gray">
                    {REMOVAL_STATUS_INFO[row.removal.status].meaning}
                  </Text>
                </Flex>
              </DataList.Value>
            </DataList.Item>
          )}
        </DataList.Root>
      </Card>
      <Text size="1" color="gray" role="status" data-testid="discovery-queue">
        {place.position !== null
          ? `Pending submission ${place.position} of ${row.queue.length} · j/k next/previous · a approve · r reject`
          : `${row.queue.length} pending submission${row.queue.length === 1 ? '' : 's'} · j/k step through them`}
      </Text>
      <Text size="1" color="gray">
        {DISCOVERY_STATUS_INFO[row.status].meaning}
      </Text>
    </Flex>
  )
}
