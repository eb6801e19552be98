import { useCallback, useEffect, useMemo } from 'react'
import { Badge, Box, Card, DataList, Flex, Heading, Text } from '@radix-ui/themes'
import { useHotkeys } from 'react-hotkeys-hook'
import type { ScreenProps } from '@client/routing/types'
import type { MatchDetail } from '@contract/discovery'
import { MATCH_PLATFORM_LABELS } from '@core/discovery'
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
import { MATCH_STATUS_MAP, matchState } from './usage-lists'

const fetchOne = (key: string, signal: AbortSignal) => api.call('pex.match', { params: { id: Number(key.split(':')[0]) } }, { signal })
const BUTTONS = ['pex.matchAction:claim', 'pex.matchAction:monetise', 'pex.matchAction:takedown', 'pex.matchAction:ignore']

/** m:ss */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds))
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

/** One recording's length as a bar, its matching segments marked on it. */
function Timeline({ label, length, spans }: { label: string; length: number; spans: readonly [number, number][] }) {
  const total = Math.max(length, ...spans.map((span) => span[1]), 1)
  return (
    <Flex direction="column" gap="1">
      <Text size="1" color="gray">
        {label} · {clock(total)}
      </Text>
      <Box
        role="img"
        aria-label={`${label}: ${spans.map(([from, to]) => `${clock(from)}–${clock(to)}`).join(', ')}`}
        style={{ position: 'relative', height: 18, background: 'var(--gray-a4)', borderRadius: 4 }}
      >
        {spans.map(([from, to], index) => (
          <Box
            key={index}
            data-testid="segment"
            title={`${clock(from)}–${clock(to)}`}
            style={{
              position: 'absolute',
              top: 0,
              bottom: 0,
              left: `${(from / total) * 100}%`,
              width: `${Math.max(0.5, ((to - from) / total) * 100)}%`,
              background: 'var(--accent-9)',
              borderRadius: 3,
            }}
          />
        ))}
      </Box>
    </Flex>
  )
}

export function Segments({ match }: { match: Pick<MatchDetail, 'segments' | 'duration'> }) {
  const originalEnd = Math.max(0, ...match.segments.map((segment) => segment.original[1]))
  return (
    <Flex direction="column" gap="3">
      <Timeline label="Original" length={originalEnd} spans={match.segments.map((segment) => segment.original)} />
      <Timeline label="Copy" length={match.duration} spans={match.segments.map((segment) => segment.copy)} />
      <ul style={{ margin: 0, paddingLeft: '1.2em' }} aria-label="Matching segments">
        {match.segments.map((segment, index) => (
          <li key={index}>
            <Text size="2">
              Original {clock(segment.original[0])}–{clock(segment.original[1])} ↔ copy {clock(segment.copy[0])}–{clock(segment.copy[1])}
            </Text>
          </li>
        ))}
      </ul>
    </Flex>
  )
}

const link = (url: string | null) =>
  url && /^https?:\/\//i.test(url) ? (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {url}
    </a>
  ) : (
    (url ?? '—')
  )

/** /usage-discovery/match/{id}: one match with its numbers, segments on a timeline, urls and release card; j/k walk new matches, a claims, r ignores. */
export default function MatchScreen({ params }: ScreenProps) {
  const id = Number(params.id)
  const tab = useTab()
  const version = useDataVersion()
  const valid = Number.isInteger(id) && id > 0
  const load = useLoad(fetchOne, `${valid ? id : 0}:${version}`)
  const match = load.data && load.data.id === id ? load.data : null
  const place = useMemo(() => queuePlace(match?.queue ?? [], id), [match?.queue, id])
  const record = useMemo(
    () =>
      match
        ? {
            kind: 'usageMatch' as const,
            id: String(match.id),
            title: `Match #${match.id}`,
            state: { ...matchState(match), nextPath: place.nextOpen === null ? null : `/usage-discovery/match/${place.nextOpen}` },
          }
        : null,
    [match, place.nextOpen],
  )
  const { setTitle, publishRecord } = tab
  useEffect(() => {
    if (!match) return
    setTitle(`Match #${match.id} · ${match.title}`)
    rememberRecord({
      kind: 'usageMatch',
      id: match.id,
      title: `Match #${match.id}: ${match.title}`,
      subtitle: `${MATCH_PLATFORM_LABELS[match.platform]} · ${match.statusLabel}`,
      path: `/usage-discovery/match/${match.id}`,
    })
  }, [match, setTitle])
  useEffect(() => {
    publishRecord(record)
    return () => publishRecord(null)
  }, [record, publishRecord])
  const go = useCallback((target: number | null) => target !== null && tab.navigate(`/usage-discovery/match/${target}`), [tab])
  const act = useCallback((key: string) => record && void runRecordAction(record, key), [record])
  const keyOptions = recordKeyOptions(tab)
  useHotkeys(SHORTCUTS['match.next'].keys, () => go(place.next), keyOptions, [place.next, go])
  useHotkeys(SHORTCUTS['match.previous'].keys, () => go(place.previous), keyOptions, [place.previous, go])
  useHotkeys(SHORTCUTS['match.claim'].keys, () => act('pex.matchAction:claim'), keyOptions, [act])
  useHotkeys(SHORTCUTS['match.ignore'].keys, () => act('pex.matchAction:ignore'), keyOptions, [act])

  if (!match || !record || recordMissing(valid, load))
    return <RecordPending valid={valid} load={load} missing="This match does not exist, or it belongs to another workspace." />
  const status = MATCH_STATUS_MAP[match.status]
  return (
    <Flex direction="column" gap="4" p="4">
      <Flex gap="4" justify="between" align="start" wrap="wrap">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="6">
            {match.title}
          </Heading>
          <Flex gap="2" align="center">
            <Badge color={status.color}>{status.label}</Badge>
            <Text size="2" color="gray">
              Match {match.matchId} · {MATCH_PLATFORM_LABELS[match.platform]} · found <When value={match.found} />
            </Text>
          </Flex>
        </Flex>
        <Flex direction="column" gap="2" align="end">
          <RecordActions record={record} buttons={BUTTONS} />
          <QueueSteps place={place} go={go} previous="match.previous" next="match.next" />
        </Flex>
      </Flex>
      <Flex gap="4" wrap="wrap">
        <Card size="2" style={{ flex: '2 1 420px' }}>
          <DataList.Root>
            <DataList.Item>
              <DataList.Label>User</DataList.Label>
              <DataList.Value>
                <Link to={`/users/${match.user.id}`}>{match.user.name}</Link>
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Views</DataList.Label>
              <DataList.Value>{match.views.toLocaleString('en-US')}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Shares</DataList.Label>
              <DataList.Value>{match.shares.toLocaleString('en-US')}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Duration</DataList.Label>
              <DataList.Value>{clock(match.duration)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Copy percentage</DataList.Label>
              <DataList.Value data-testid="copy-percentage">{match.copyPercentage}%</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Match length</DataList.Label>
              <DataList.Value>{clock(match.matchLength)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Copy</DataList.Label>
              <DataList.Value>
                {match.copyTitle ?? '—'}
                {match.uploadDate && (
                  <>
                    &nbsp;· uploaded <When value={match.uploadDate} />
                  </>
                )}
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Media URL</DataList.Label>
              <DataList.Value>{link(match.mediaUrl)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Channel</DataList.Label>
              <DataList.Value>
                {match.userName ?? '—'} · {link(match.userUrl)}
              </DataList.Value>
            </DataList.Item>
          </DataList.Root>
        </Card>
        <Card size="2" style={{ flex: '1 1 260px' }}>
          <Flex gap="3" align="start">
            {match.release.artwork && <img src={match.release.artwork} alt="" width={72} height={72} style={{ borderRadius: 4 }} />}
            <Flex direction="column" gap="1">
              <Link to={`/releases/single/${match.release.id}`}>{match.release.title}</Link>
              <Text size="1" color="gray">
                Track: <Link to={`/releases/track/${match.track.id}`}>{match.track.title}</Link>
              </Text>
              <Text size="1" color="gray">
                #{match.release.id} · UPC {match.release.upc ?? 'Not Set'} · Cat. {match.release.catalogNumber ?? '—'} · {match.release.releaseDate ?? 'no date'}
              </Text>
            </Flex>
          </Flex>
        </Card>
      </Flex>
      <Card size="2">
        <Heading as="h2" size="3" mb="3">
          Matching segments
        </Heading>
        <Segments match={match} />
      </Card>
      <Text size="1" color="gray" role="status">
        {place.position !== null
          ? `New match ${place.position} of ${match.queue.length} · j/k next/previous · a claim · r ignore`
          : `${match.queue.length} new match${match.queue.length === 1 ? '' : 'es'} · j/k step through them`}
      </Text>
    </Flex>
  )
}
