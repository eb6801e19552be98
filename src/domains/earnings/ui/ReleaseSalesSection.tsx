import { Suspense, lazy } from 'react'
import { Card, Flex, Grid, Heading, Skeleton, Table, Text } from '@radix-ui/themes'
import { formatCount } from '@core/format'
import { monthLabel } from '@core/months'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useSite } from '@client/state/site'
import { NamedTable } from '@client/ui/NamedTable'
import { Empty } from '@client/ui/When'
import { fitColumns } from '@client/ui/fit-columns'
import { ChannelTable } from './OverviewSection'
import { LoadFailure, Money } from './parts'

const MoneyChart = lazy(() => import('./MoneyChart'))

const paramsOf = (key: string) => {
  const [release, user] = key.split(':').map(Number)
  return { release, user }
}
const fetchMonthly = (key: string, signal: AbortSignal) =>
  api.call('releases.salesMonthly', { params: paramsOf(key), query: {} }, { signal })
const fetchChannels = (key: string, signal: AbortSignal) =>
  api.call('releases.salesChannel', { params: paramsOf(key), query: {} }, { signal })
const fetchTerritories = (key: string, signal: AbortSignal) =>
  api.call('releases.salesTerritory', { params: paramsOf(key), query: {} }, { signal })

/** The release tab's sales: per month (chart and table), per channel (labels) and per territory, for its owner. */
export function ReleaseSalesSection({ releaseId, ownerId, version = 0 }: { releaseId: number; ownerId: number; version?: number }) {
  const key = `${releaseId}:${ownerId}:${version}`
  const monthly = useLoad(fetchMonthly, key)
  const channels = useLoad(fetchChannels, key)
  const territories = useLoad(fetchTerritories, key)
  const site = useSite()
  const data = monthly.data
  const period = data ? `${monthLabel(data.from)} – ${monthLabel(data.to)}` : ''
  const months = data?.monthly.filter((row) => Number(row.net) !== 0 || row.quantity !== 0) ?? []
  return (
    <Flex direction="column" gap="4">
      <Card asChild>
        <section aria-label="Monthly sales">
          <Flex direction="column" gap="2">
            <Flex justify="between" align="baseline" gap="2" wrap="wrap">
              <Heading as="h2" size="3">
                Monthly sales
              </Heading>
              {data && (
                <Text size="2" color="gray">
                  {period}: <Money value={data.total} />
                </Text>
              )}
            </Flex>
            {monthly.status === 'error' && (
              <LoadFailure what="the monthly sales" message={monthly.error?.message} onRetry={monthly.reload} />
            )}
            {!data && monthly.status !== 'error' && <Skeleton height="240px" />}
            {data && months.length === 0 && <Empty>No sales of this release in these months.</Empty>}
            {data && months.length > 0 && (
              <>
                <Suspense fallback={<Skeleton height="220px" />}>
                  <MoneyChart
                    height={220}
                    months={data.monthly.map((row) => row.month)}
                    series={[{ name: 'Net', kind: 'bar', color: site.colors.primary, values: data.monthly.map((row) => row.net) }]}
                  />
                </Suspense>
                <NamedTable size="1" label="Sales per month">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeaderCell>Month</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">Units</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">Net</Table.ColumnHeaderCell>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {[...months].reverse().map((row) => (
                      <Table.Row key={row.month}>
                        <Table.RowHeaderCell>{monthLabel(row.month)}</Table.RowHeaderCell>
                        <Table.Cell justify="end">{formatCount(row.quantity)}</Table.Cell>
                        <Table.Cell justify="end">
                          <Money value={row.net} />
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </NamedTable>
              </>
            )}
          </Flex>
        </section>
      </Card>
      <Grid columns={fitColumns(380)} gap="4">
        <Card asChild>
          <section aria-label="Sales by channel">
            <Flex direction="column" gap="2">
              <Heading as="h2" size="3">
                By channel
              </Heading>
              {channels.status === 'error' && (
                <LoadFailure what="the channels" message={channels.error?.message} onRetry={channels.reload} />
              )}
              {!channels.data && channels.status !== 'error' && <Skeleton height="120px" />}
              {channels.data && channels.data.channels.length === 0 && <Empty>No channel has sold this release in these months.</Empty>}
              {channels.data && channels.data.channels.length > 0 && (
                <ChannelTable label="Sales by channel" rows={channels.data.channels} />
              )}
            </Flex>
          </section>
        </Card>
        <Card asChild>
          <section aria-label="Sales by territory">
            <Flex direction="column" gap="2">
              <Heading as="h2" size="3">
                By territory
              </Heading>
              {territories.status === 'error' && (
                <LoadFailure what="the territories" message={territories.error?.message} onRetry={territories.reload} />
              )}
              {!territories.data && territories.status !== 'error' && <Skeleton height="120px" />}
              {territories.data && territories.data.territories.length === 0 && (
                <Empty>No territory has sales of this release in these months.</Empty>
              )}
              {territories.data && territories.data.territories.length > 0 && (
                <NamedTable size="1" label="Sales by territory">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeaderCell>Territory</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">Units</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">Net</Table.ColumnHeaderCell>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {territories.data.territories.map((row) => (
                      <Table.Row key={row.code}>
                        <Table.RowHeaderCell>
                          {row.name}
                          {row.code && (
                            <Text size="1" color="gray">
                              {' '}
                              ({row.code})
                            </Text>
                          )}
                        </Table.RowHeaderCell>
                        <Table.Cell justify="end">{formatCount(row.quantity)}</Table.Cell>
                        <Table.Cell justify="end">
                          <Money value={row.net} />
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </NamedTable>
              )}
            </Flex>
          </section>
        </Card>
      </Grid>
    </Flex>
  )
}
