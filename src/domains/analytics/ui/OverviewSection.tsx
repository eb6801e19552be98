import { Suspense, lazy, type ReactNode } from 'react'
import { Box, Callout, Card, Flex, Grid, Heading, Skeleton, Table, Text } from '@radix-ui/themes'
import type { TrendDimension } from '@core/analytics-platforms'
import { formatCount } from '@core/format'
import { ApiError, api } from '@client/api'
import {
  DUPLICATE_REQUEST_MESSAGE,
  type BreakdownAnswer,
  type HistogramAnswer,
  type SubmitBody,
  type TopAccount,
  type TopSong,
  type TrendSummary,
} from '@contract/analytics'
import { MAX_DIRECT_DAYS, daysBetween } from '@core/analytics-range'
import { STILL_PENDING_STATUS } from '@machines/load/load.machine'
import { useLoad, type LoadState } from '@client/state/useLoad'
import { NamedTable } from '@client/ui/NamedTable'
import { RecordLink } from '@client/ui/RecordLink'
import { offMap } from './country-map'
import { viewKey, type AnalyticsView } from './view'
import { ArtificialStreams, SpikeDetection, reportsArtificial } from './FraudSection'

const TrendChart = lazy(() => import('./TrendChart'))
// Its own chunk: the world's outlines load only when a country breakdown is drawn.
const CountryMap = lazy(() => import('./CountryMap'))

// Every figure of the view is its own load (load machine): each has its own loading and error flag,
// so a slow breakdown never holds the totals back, and a 777 answer keeps only its chart loading.

/** A load's input: the view and data version as a string, so renders that change nothing ask nothing. */
type Input = string
const parse = (input: Input) => JSON.parse(input) as { view: AnalyticsView; version: number }

/** A range longer than the rollups answer at once: asked as a job (analytics/submit). */
// An account's view is never asked as a job: analytics/submit answers for every account, so a long
// range there is left to the direct read, which refuses it (400) rather than show others' streams.
const isLong = (view: AnalyticsView) =>
  view.query.account === undefined &&
  view.query.date === 'custom' &&
  !!view.query.from &&
  !!view.query.to &&
  daysBetween(view.query.from, view.query.to) > MAX_DIRECT_DAYS

/**
 * Asks a long-range question: the answer once its job is done; until then the server answers 777 (or
 * the first ask is queued), which the load machine treats as still loading and asks again later.
 */
async function viaJob<T>(view: AnalyticsView, metric: SubmitBody['metric'], signal: AbortSignal, breakdown?: TrendDimension): Promise<T> {
  const answer = await api.call(
    'analytics.submit',
    { body: { metric, platform: view.platform, breakdown, from: view.query.from!, to: view.query.to! } },
    { signal },
  )
  if (answer.status !== 'done' || !answer.result) throw new ApiError(DUPLICATE_REQUEST_MESSAGE, STILL_PENDING_STATUS, 'duplicate_request')
  return answer.result as T
}

const fetchSummary = (input: Input, signal: AbortSignal): Promise<TrendSummary> => {
  const { view } = parse(input)
  if (isLong(view)) return viaJob(view, 'summary', signal)
  return view.platform === 'all'
    ? api.call('analytics.overview', { query: view.query }, { signal })
    : api.call('analytics.platform', { params: { platform: view.platform }, query: view.query }, { signal })
}
const fetchTopSongs = (input: Input, signal: AbortSignal): Promise<TopSong[]> => {
  const { view } = parse(input)
  if (isLong(view)) return viaJob(view, 'topSongs', signal)
  return api.call('analytics.topSongs', { params: { platform: view.platform }, query: view.query }, { signal })
}
const fetchDays = (input: Input, signal: AbortSignal): Promise<HistogramAnswer> => {
  const { view } = parse(input)
  if (isLong(view)) return viaJob(view, 'days', signal)
  return api.call('analytics.histogramDays', { query: { ...view.query, platform: view.platform } }, { signal })
}
const fetchHours = (input: Input, signal: AbortSignal): Promise<HistogramAnswer> => {
  const { view } = parse(input)
  if (isLong(view)) return viaJob(view, 'hours', signal)
  return api.call('analytics.histogramHourly', { query: { ...view.query, platform: view.platform } }, { signal })
}
const fetchTopReleases = (input: Input, signal: AbortSignal) => {
  const { view } = parse(input)
  return api.call('analytics.topReleases', { query: view.query }, { signal })
}
const fetchTopUsers = (input: Input, signal: AbortSignal): Promise<TopAccount[]> => {
  const { view } = parse(input)
  if (isLong(view)) return viaJob(view, 'topUsers', signal)
  return api.call('analytics.topUsers', { params: { platform: view.platform }, query: view.query }, { signal })
}

function Metric<T>({ title, load, children }: { title: string; load: LoadState<T>; children(data: T): ReactNode }) {
  return (
    <Card aria-busy={load.status === 'loading'}>
      <Heading as="h3" size="3" mb="2">
        {title}
      </Heading>
      {load.error ? (
        <Callout.Root color="red" role="alert" size="1">
          <Callout.Text>{load.error.message}</Callout.Text>
        </Callout.Root>
      ) : load.data ? (
        children(load.data)
      ) : (
        <Skeleton height="160px" />
      )}
    </Card>
  )
}

const Chart = (props: Parameters<typeof TrendChart>[0]) => (
  <Suspense fallback={<Skeleton height={`${props.height ?? 240}px`} />}>
    <TrendChart {...props} />
  </Suspense>
)

/** One breakdown: its labelled values as bars or a donut (spec section 9's labels come from the server). */
function Breakdown({
  input,
  dimension,
  title,
  kind,
}: {
  input: Input
  dimension: TrendDimension
  title: string
  kind: 'bar' | 'hbar' | 'donut' | 'map'
}) {
  const { view, version } = parse(input)
  const load = useLoad(
    (value: Input, signal: AbortSignal): Promise<BreakdownAnswer> => {
      const asked = parse(value).view
      if (isLong(asked)) return viaJob(asked, 'breakdown', signal, dimension)
      return api.call('analytics.breakdown', { params: { platform: asked.platform, breakdown: dimension }, query: asked.query }, { signal })
    },
    input,
    { cacheKey: `${viewKey(view, `breakdown:${dimension}`)}:${version}` },
  )
  return (
    <Metric title={title} load={load}>
      {(data) =>
        data.items.length === 0 ? (
          <Text size="2" color="gray">
            No {title.toLowerCase()} reported for this period.
          </Text>
        ) : kind === 'map' ? (
          <CountriesOnMap items={data.items} title={title} />
        ) : (
          <Chart
            kind={kind}
            label={`${title}: ${data.items
              .slice(0, 8)
              .map((item) => `${item.label} ${formatCount(item.streams)}`)
              .join(', ')}`}
            labels={(kind === 'hbar' ? data.items.slice(0, 15) : data.items).map((item) => item.label)}
            values={(kind === 'hbar' ? data.items.slice(0, 15) : data.items).map((item) => item.streams)}
          />
        )
      }
    </Metric>
  )
}

/** Streams by country on the world map, the top countries as bars beside it, and what no map can place. */
function CountriesOnMap({ items, title }: { items: BreakdownAnswer['items']; title: string }) {
  const top = items.slice(0, 15)
  const unplaced = offMap(items)
  const summary = `${title}: ${items
    .slice(0, 8)
    .map((item) => `${item.label} ${formatCount(item.streams)}`)
    .join(', ')}`
  return (
    <Grid columns={{ initial: '1', md: '3' }} gap="3">
      <Box gridColumn={{ md: 'span 2' }}>
        <Suspense fallback={<Skeleton height="320px" />}>
          <CountryMap items={items} label={`Map of streams by country. ${summary}`} />
        </Suspense>
        {unplaced.length > 0 && (
          <Text size="1" color="gray">
            Not on the map: {unplaced.map((item) => `${item.label || 'unknown'} ${formatCount(item.streams)}`).join(', ')}
          </Text>
        )}
      </Box>
      <Chart
        kind="hbar"
        height={320}
        label={summary}
        labels={top.map((item) => item.label)}
        values={top.map((item) => item.streams)}
      />
    </Grid>
  )
}

/** Releases ranked by smartlink clicks (analytics/release-links/top-releases). */
function TopReleases({ input }: { input: Input }) {
  const { view, version } = parse(input)
  const load = useLoad(fetchTopReleases, input, { cacheKey: `${viewKey(view, 'top-releases')}:${version}` })
  return (
    <Metric title="Top releases by smartlink clicks" load={load}>
      {(rows) =>
        rows.length === 0 ? (
          <Text size="2" color="gray">
            No smartlink clicks in this period.
          </Text>
        ) : (
          <NamedTable label="Top releases by smartlink clicks" size="1">
            <Table.Body>
              {rows.map((row) => (
                <Table.Row key={row.releaseId}>
                  <Table.Cell>
                    <RecordLink to={`/releases/single/${row.releaseId}`}>{row.title}</RecordLink>{' '}
                    <Text size="1" color="gray">
                      {row.artist}
                    </Text>
                  </Table.Cell>
                  <Table.Cell justify="end">{formatCount(row.clicks)} clicks</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </NamedTable>
        )
      }
    </Metric>
  )
}

function Figure({ label, value }: { label: string; value: number | null }) {
  return (
    <Card>
      <Text as="div" size="1" color="gray">
        {label}
      </Text>
      <Text as="div" size="6" weight="bold" aria-label={label}>
        {value === null ? '…' : formatCount(value)}
      </Text>
    </Card>
  )
}

/** Totals, the daily series, top songs and accounts, and the breakdowns of the view. */
export function OverviewSection({ view, version }: { view: AnalyticsView; version: number }) {
  const input: Input = JSON.stringify({ view: { section: view.section, platform: view.platform, query: view.query }, version })
  const key = (metric: string) => `${viewKey(view, metric)}:${version}`
  const summary = useLoad(fetchSummary, input, { cacheKey: key('summary') })
  const songs = useLoad(fetchTopSongs, input, { cacheKey: key('top-songs') })
  const users = useLoad(fetchTopUsers, input, { cacheKey: key('top-users') })
  const days = useLoad(fetchDays, input, { cacheKey: key('days') })
  const hours = useLoad(fetchHours, input, { cacheKey: key('hours') })
  const totals = summary.data?.totals
  return (
    <Flex direction="column" gap="4">
      {summary.error && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{summary.error.message}</Callout.Text>
        </Callout.Root>
      )}
      <Grid columns={{ initial: '2', md: '4' }} gap="3" aria-busy={summary.status === 'loading'}>
        <Figure label="Streams" value={totals?.streams ?? null} />
        <Figure label="Listeners" value={totals?.listeners ?? null} />
        <Figure label="Tracks streamed" value={totals?.tracks ?? null} />
        <Figure label="Artificial streams" value={totals?.artificial ?? null} />
      </Grid>
      <Metric title="Daily streams" load={summary}>
        {(data) => (
          <Chart
            kind="line"
            label={`Daily streams from ${data.range.from} to ${data.range.to}`}
            labels={data.series.map((point) => point.day)}
            values={data.series.map((point) => point.streams)}
          />
        )}
      </Metric>
      {view.platform === 'all' && (
        <Metric title="Streams by platform" load={summary}>
          {(data) =>
            data.platforms.length === 0 ? (
              <Text size="2" color="gray">
                No streams reported for this period.
              </Text>
            ) : (
              <Chart
                kind="bar"
                label="Streams by platform"
                labels={data.platforms.map((entry) => entry.label)}
                values={data.platforms.map((entry) => entry.streams)}
              />
            )
          }
        </Metric>
      )}
      <Grid columns={{ initial: '1', md: '2' }} gap="3">
        <Metric title="Top songs" load={songs}>
          {(rows) =>
            rows.length === 0 ? (
              <Text size="2" color="gray">
                No streams reported for this period.
              </Text>
            ) : (
              <NamedTable label="Top songs" size="1">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>Track</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Release</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell justify="end">Streams</Table.ColumnHeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rows.map((row) => (
                    <Table.Row key={row.trackId}>
                      <Table.Cell>
                        <RecordLink to={`/releases/track/${row.trackId}`}>{row.title}</RecordLink>
                        <Text as="div" size="1" color="gray">
                          {row.isrc ?? ''}
                        </Text>
                      </Table.Cell>
                      <Table.Cell>
                        <RecordLink to={`/releases/single/${row.releaseId}`}>{row.releaseTitle}</RecordLink>
                      </Table.Cell>
                      <Table.Cell justify="end">{formatCount(row.streams)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </NamedTable>
            )
          }
        </Metric>
        <Metric title="Top accounts" load={users}>
          {(rows) =>
            rows.length === 0 ? (
              <Text size="2" color="gray">
                No streams reported for this period.
              </Text>
            ) : (
              <NamedTable label="Top accounts" size="1">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>Account</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell justify="end">Tracks</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell justify="end">Streams</Table.ColumnHeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rows.map((row) => (
                    <Table.Row key={row.accountId}>
                      <Table.Cell>
                        <RecordLink to={`/users/${row.accountId}`}>{row.name}</RecordLink>
                      </Table.Cell>
                      <Table.Cell justify="end">{formatCount(row.tracks)}</Table.Cell>
                      <Table.Cell justify="end">{formatCount(row.streams)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </NamedTable>
            )
          }
        </Metric>
      </Grid>
      {view.platform === 'all' && !isLong(view) && <TopReleases input={input} />}
      {view.platform === 'spotify' && !isLong(view) && <SpikeDetection view={view} version={version} />}
      {reportsArtificial(view.platform) && !isLong(view) && <ArtificialStreams view={view} version={version} />}
      <Grid columns={{ initial: '1', md: '2' }} gap="3">
        <Metric title="By day of week" load={days}>
          {(data) => (
            <Chart
              kind="bar"
              label="Streams by day of week"
              labels={data.buckets.map((bucket) => bucket.label.slice(0, 3))}
              values={data.buckets.map((bucket) => bucket.streams)}
            />
          )}
        </Metric>
        <Metric title="By hour of day" load={hours}>
          {(data) => (
            <Chart
              kind="bar"
              label="Streams by hour of day"
              labels={data.buckets.map((bucket) => bucket.label)}
              values={data.buckets.map((bucket) => bucket.streams)}
            />
          )}
        </Metric>
      </Grid>
      <Breakdown input={input} dimension="country" title="Countries" kind="map" />
      <Grid columns={{ initial: '1', md: '2', lg: '3' }} gap="3">
        <Breakdown input={input} dimension="age" title="Age" kind="bar" />
        <Breakdown input={input} dimension="gender" title="Gender" kind="bar" />
        <Breakdown input={input} dimension="devices" title="Devices" kind="donut" />
        <Breakdown input={input} dimension="source" title="Sources" kind="donut" />
        <Breakdown input={input} dimension="tier" title="Service tier" kind="donut" />
      </Grid>
      <Box />
    </Flex>
  )
}
