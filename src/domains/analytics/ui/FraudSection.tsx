import { Badge, Callout, Card, Flex, Heading, Skeleton, Table, Text } from '@radix-ui/themes'
import { ARTIFICIAL_PLATFORMS } from '@contract/analytics'
import { formatCount } from '@core/format'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { NamedTable } from '@client/ui/NamedTable'
import { RecordLink } from '@client/ui/RecordLink'
import { RecordActions } from '@client/ui/RecordActions'
import type { AnalyticsView } from './view'
import type { RecordRef } from '@commands/records'
import type { FlaggedTrackRecordState } from '@commands/analytics'
import { dayString, resolveRange } from '@core/analytics-range'

type Artificial = (typeof ARTIFICIAL_PLATFORMS)[number]
export const reportsArtificial = (platform: string): platform is Artificial =>
  (ARTIFICIAL_PLATFORMS as readonly string[]).includes(platform)

/** A spike's or an artificial-streams row as the record "Send to review" acts on (the track, with what flagged it). */
function flagged(row: { trackId: number; title: string }, flag: 'spike' | 'artificial', platform: Artificial, day: string): RecordRef {
  const state: FlaggedTrackRecordState = { title: row.title, flag, platform, day }
  return { kind: 'flaggedTrack', id: String(row.trackId), title: row.title, state }
}

/** The last day of the view's period: the day an artificial-streams row is sent to review for. */
const lastDay = (query: AnalyticsView['query']) =>
  resolveRange(query.date, { from: query.from, to: query.to }, dayString(new Date())).to

const parse = (input: string) => JSON.parse(input) as { platform: Artificial; query: AnalyticsView['query']; version: number }

const fetchArtificial = (input: string, signal: AbortSignal) => {
  const { platform, query } = parse(input)
  return api.call('analytics.artificialStreams', { params: { platform }, query }, { signal })
}
const fetchSpikes = (input: string, signal: AbortSignal) => api.call('analytics.spikeDetection', { query: parse(input).query }, { signal })

const Failed = ({ message }: { message: string }) => (
  <Callout.Root color="red" role="alert" size="1">
    <Callout.Text>{message}</Callout.Text>
  </Callout.Root>
)

/** The streams the store flagged as artificial: share of all streams, and the tracks with most. */
export function ArtificialStreams({ view, version }: { view: AnalyticsView; version: number }) {
  const load = useLoad(fetchArtificial, JSON.stringify({ platform: view.platform, query: view.query, version }))
  const data = load.data
  return (
    <Card aria-busy={load.status === 'loading'}>
      <Heading as="h3" size="3" mb="2">
        Artificial streams
      </Heading>
      {load.error && <Failed message={load.error.message} />}
      {!data && !load.error && <Skeleton height="120px" />}
      {data && (
        <Flex direction="column" gap="2">
          <Text size="2" aria-label="Artificial streams share">
            {formatCount(data.artificial)} of {formatCount(data.streams)} streams flagged by the store ({data.share.toFixed(2)}%)
          </Text>
          {data.tracks.length > 0 && (
            <NamedTable label="Tracks with artificial streams" size="1">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Track</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">Artificial</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">Of its streams</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Review</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.tracks.map((row) => (
                  <Table.Row key={row.trackId}>
                    <Table.Cell>
                      <RecordLink to={`/releases/track/${row.trackId}`}>{row.title}</RecordLink>{' '}
                      <Text size="1" color="gray">
                        {row.releaseTitle}
                      </Text>
                    </Table.Cell>
                    <Table.Cell justify="end">{formatCount(row.artificial)}</Table.Cell>
                    <Table.Cell justify="end">{row.share.toFixed(2)}%</Table.Cell>
                    <Table.Cell>
                      <RecordActions
                        record={flagged(row, 'artificial', view.platform as Artificial, lastDay(view.query))}
                        buttons={['analytics.sendToReview']}
                        menu={false}
                        size="1"
                      />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </NamedTable>
          )}
        </Flex>
      )}
    </Card>
  )
}

const evidence = (items: readonly { value: string; share: number }[]) =>
  items
    .filter((item) => item.share > 0)
    .slice(0, 3)
    .map((item) => `${item.value} ${item.share.toFixed(0)}%`)
    .join(', ') || '—'

/** Suspicious spikes in tracks' daily Spotify streams, with their evidence. */
export function SpikeDetection({ view, version }: { view: AnalyticsView; version: number }) {
  const load = useLoad(fetchSpikes, JSON.stringify({ platform: 'spotify', query: view.query, version }))
  const data = load.data
  return (
    <Card aria-busy={load.status === 'loading'}>
      <Heading as="h3" size="3" mb="2">
        Spike detection
      </Heading>
      {load.error && <Failed message={load.error.message} />}
      {!data && !load.error && <Skeleton height="120px" />}
      {data && data.spikes.length === 0 && (
        <Text size="2" color="gray">
          No suspicious spike among the {formatCount(data.examined)} tracks with most streams in this period.
        </Text>
      )}
      {data && data.spikes.length > 0 && (
        <NamedTable label="Suspicious spikes" size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Day</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Track</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Baseline</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Observed</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Score</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Countries</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Sources</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Earnings</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.spikes.map((spike) => (
              <Table.Row key={`${spike.trackId}:${spike.day}`}>
                <Table.Cell>{spike.day}</Table.Cell>
                <Table.Cell>
                  <RecordLink to={`/releases/track/${spike.trackId}`}>{spike.title}</RecordLink>{' '}
                  <Text size="1" color="gray">
                    {spike.isrc ?? ''}
                  </Text>
                </Table.Cell>
                <Table.Cell justify="end">{formatCount(spike.baseline)}</Table.Cell>
                <Table.Cell justify="end">{formatCount(spike.observed)}</Table.Cell>
                <Table.Cell justify="end">
                  <Badge color="red">{spike.score.toFixed(1)}</Badge>
                </Table.Cell>
                <Table.Cell>{evidence(spike.countries)}</Table.Cell>
                <Table.Cell>{evidence(spike.sources)}</Table.Cell>
                <Table.Cell>
                  <Flex gap="2" align="center">
                    {spike.held && <Badge color="amber">Held</Badge>}
                    <RecordActions
                      record={{
                        kind: 'track',
                        id: String(spike.trackId),
                        title: spike.title,
                        state: { title: spike.title, releaseId: spike.releaseId, releaseTitle: spike.releaseTitle, earningsHeld: spike.held },
                      }}
                      buttons={['analytics.holdTrack', 'analytics.releaseHold']}
                      menu={false}
                      size="1"
                    />
                    <RecordActions
                      record={flagged(spike, 'spike', 'spotify', spike.day)}
                      buttons={['analytics.sendToReview']}
                      menu={false}
                      size="1"
                    />
                  </Flex>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </NamedTable>
      )}
    </Card>
  )
}
