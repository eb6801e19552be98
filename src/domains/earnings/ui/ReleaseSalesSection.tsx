import { Suspense, lazy } from 'react'
import { Card, Flex, Grid, Heading, Skeleton, Text } from '@radix-ui/themes'
import { monthLabel } from '@core/months'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useSite } from '@client/state/site'
import { Empty } from '@client/ui/When'
import { fitColumns } from '@client/ui/fit-columns'
import { Loaded, Money, SalesCard } from './parts'
import { ChannelTable, NamedWithNote, SalesTable } from './SalesTable'

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
            <Loaded load={monthly} what="the monthly sales" height="240px">
              {(sales) =>
                months.length === 0 ? (
                  <Empty>No sales of this release in these months.</Empty>
                ) : (
                  <>
                    <Suspense fallback={<Skeleton height="220px" />}>
                      <MoneyChart
                        height={220}
                        months={sales.monthly.map((row) => row.month)}
                        series={[{ name: 'Net', kind: 'bar', color: site.colors.primary, values: sales.monthly.map((row) => row.net) }]}
                      />
                    </Suspense>
                    <SalesTable
                      label="Sales per month"
                      first="Month"
                      rows={[...months].reverse()}
                      rowKey={(row) => row.month}
                      head={(row) => monthLabel(row.month)}
                      units={(row) => row.quantity}
                      net={(row) => row.net}
                    />
                  </>
                )
              }
            </Loaded>
          </Flex>
        </section>
      </Card>
      <Grid columns={fitColumns(380)} gap="4">
        <SalesCard title="By channel" label="Sales by channel">
          <Loaded load={channels} what="the channels" height="120px">
            {(sales) =>
              sales.channels.length === 0 ? (
                <Empty>No channel has sold this release in these months.</Empty>
              ) : (
                <ChannelTable label="Sales by channel" rows={sales.channels} />
              )
            }
          </Loaded>
        </SalesCard>
        <SalesCard title="By territory" label="Sales by territory">
          <Loaded load={territories} what="the territories" height="120px">
            {(sales) =>
              sales.territories.length === 0 ? (
                <Empty>No territory has sales of this release in these months.</Empty>
              ) : (
                <SalesTable
                  label="Sales by territory"
                  first="Territory"
                  rows={sales.territories}
                  rowKey={(row) => row.code}
                  head={(row) => <NamedWithNote name={row.name} note={row.code && `(${row.code})`} />}
                  units={(row) => row.quantity}
                  net={(row) => row.net}
                />
              )
            }
          </Loaded>
        </SalesCard>
      </Grid>
    </Flex>
  )
}
