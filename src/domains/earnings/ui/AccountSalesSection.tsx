import { Suspense, lazy, useState } from 'react'
import { Flex, Grid, Skeleton, Text } from '@radix-ui/themes'
import { monthLabel } from '@core/months'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useSite } from '@client/state/site'
import { Empty } from '@client/ui/When'
import { Pagination } from '@client/ui/list/Pagination'
import { fitColumns } from '@client/ui/fit-columns'
import { Figure, Loaded, Money, ReleaseCell, SalesCard } from './parts'
import { SalesTable } from './SalesTable'

const MoneyChart = lazy(() => import('./MoneyChart'))

const fetchOverview = (key: string, signal: AbortSignal) =>
  api.call('users.salesOverview', { params: { id: Number(key.split(':')[0]) } }, { signal })
const fetchReleases = (key: string, signal: AbortSignal) => {
  const [id, page] = key.split(':').map(Number)
  return api.call('users.sales', { params: { id }, query: { page } }, { signal })
}

/** The account tab's sales: what the ledger credited per month, and the account's releases by sales. */
export function AccountSalesSection({ userId, version = 0 }: { userId: number; version?: number }) {
  const [page, setPage] = useState(1)
  const overview = useLoad(fetchOverview, `${userId}:${version}`)
  const releases = useLoad(fetchReleases, `${userId}:${page}:${version}`)
  const site = useSite()
  return (
    <Flex direction="column" gap="4">
      <Loaded load={overview} what="the earnings" height="300px">
        {(data) => (
          <>
            <Grid columns={fitColumns(200)} gap="3" aria-label="Earnings totals">
              <Figure label={`Credited ${monthLabel(data.from)} – ${monthLabel(data.to)}`}>
                <Money value={data.rangeTotal} />
              </Figure>
              <Figure label="Credited all time">
                <Money value={data.allTime} />
              </Figure>
              <Figure label="Last earnings" hint={data.lastEarning && monthLabel(data.lastEarning.month)}>
                {data.lastEarning ? <Money value={data.lastEarning.amount} /> : '—'}
              </Figure>
            </Grid>
            <SalesCard title="Monthly earnings">
              {data.monthly.some((row) => Number(row.amount) !== 0) ? (
                <Suspense fallback={<Skeleton height="220px" />}>
                  <MoneyChart
                    height={220}
                    months={data.monthly.map((row) => row.month)}
                    series={[{ name: 'Credited', kind: 'bar', color: site.colors.primary, values: data.monthly.map((row) => row.amount) }]}
                  />
                </Suspense>
              ) : (
                <Empty>Nothing was credited to this account in these months.</Empty>
              )}
            </SalesCard>
          </>
        )}
      </Loaded>
      <SalesCard title="Sales by release">
        <Text size="1" color="gray">
          All-time sales of the account&apos;s releases, whoever shares them.
        </Text>
        <Loaded load={releases} what="the releases" height="120px">
          {(sales) => (
            <>
              {sales.data.length === 0 ? (
                <Empty>None of this account&apos;s releases has sales yet.</Empty>
              ) : (
                <SalesTable
                  label="Sales by release"
                  first="Release"
                  align="center"
                  rows={sales.data}
                  rowKey={(row) => row.release.id}
                  head={(row) => <ReleaseCell release={row.release} />}
                  units={(row) => row.quantity}
                  net={(row) => row.net}
                  extra={{ header: 'Spotify Discovery Mode', value: (row) => row.discoveryMode }}
                />
              )}
              {sales.meta.total > sales.meta.per_page && (
                <Pagination
                  page={sales.meta.page}
                  lastPage={sales.meta.last_page}
                  perPage={sales.meta.per_page}
                  total={sales.meta.total}
                  onPage={setPage}
                />
              )}
            </>
          )}
        </Loaded>
      </SalesCard>
    </Flex>
  )
}
