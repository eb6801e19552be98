import { Suspense, lazy, useCallback } from 'react'
import { Card, Flex, Heading, Skeleton, Table, Text } from '@radix-ui/themes'
import { api } from '@client/api'
import { useDataVersion } from '@client/state/useDataVersion'
import { useLoad } from '@client/state/useLoad'
import { Link } from '@client/routing/Link'

const UsageChart = lazy(() => import('./UsageChart'))

/** Matches and views of the last 30 days (ECharts, loaded lazily) and the top songs by matches, from the refresh job's rollup. */
export function UsageAnalytics() {
  const version = useDataVersion()
  const fetchOverview = useCallback((_key: string, signal: AbortSignal) => api.call('usageAnalytics.overview', { query: {} }, { signal }), [])
  const fetchTop = useCallback((_key: string, signal: AbortSignal) => api.call('usageAnalytics.topSongs', { query: {} }, { signal }), [])
  const overview = useLoad(fetchOverview, `usage-overview:${version}`)
  const top = useLoad(fetchTop, `usage-top:${version}`)
  return (
    <Flex gap="3" wrap="wrap">
      <Card size="2" style={{ flex: '2 1 480px' }}>
        <Flex justify="between" align="baseline" mb="2">
          <Heading as="h2" size="3">
            Matches and views, last 30 days
          </Heading>
          {overview.data && (
            <Text size="2" color="gray" data-testid="usage-totals">
              {overview.data.totals.matches.toLocaleString('en-US')} matches · {overview.data.totals.views.toLocaleString('en-US')} views
            </Text>
          )}
        </Flex>
        {overview.data ? (
          <Suspense fallback={<Skeleton height="220px" />}>
            <UsageChart days={overview.data.days} />
          </Suspense>
        ) : (
          <Skeleton height="220px" />
        )}
      </Card>
      <Card size="2" style={{ flex: '1 1 280px' }}>
        <Heading as="h2" size="3" mb="2">
          Top songs by matches
        </Heading>
        {top.data && top.data.data.length === 0 && (
          <Text size="2" color="gray">
            No matches in the last 30 days.
          </Text>
        )}
        {top.data && top.data.data.length > 0 && (
          <Table.Root size="1" aria-label="Top songs by matches">
            <Table.Body>
              {top.data.data.map((song) => (
                <Table.Row key={song.trackId}>
                  <Table.Cell>
                    <Link to={`/releases/track/${song.trackId}`}>{song.title}</Link>
                    <Text size="1" color="gray">
                      {' '}
                      · {song.releaseTitle}
                    </Text>
                  </Table.Cell>
                  <Table.Cell justify="end">{song.matches.toLocaleString('en-US')}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Card>
    </Flex>
  )
}
