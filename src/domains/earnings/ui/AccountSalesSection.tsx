import { Suspense, lazy, useState } from 'react'
import { Card, Flex, Grid, Heading, Skeleton, Table, Text } from '@radix-ui/themes'
import { formatCount } from '@core/format'
import { monthLabel } from '@core/months'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useSite } from '@client/state/site'
import { NamedTable } from '@client/ui/NamedTable'
import { Empty } from '@client/ui/When'
import { Pagination } from '@client/ui/list/Pagination'
import { fitColumns } from '@client/ui/fit-columns'
import { LoadFailure, Money, ReleaseCell } from './parts'

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
  const data = overview.data
  const credited = data?.monthly.some((row) => Number(row.amount) !== 0) ?? false
  return (
    <Flex direction="column" gap="4">
      {overview.status === 'error' && <LoadFailure what="the earnings" message={overview.error?.message} onRetry={overview.reload} />}
      {!data && overview.status !== 'error' && <Skeleton height="300px" />}
      {data && (
        <>
          <Grid columns={fitColumns(200)} gap="3" aria-label="Earnings totals">
            <Card>
              <Text as="p" size="1" color="gray">
                Credited {monthLabel(data.from)} – {monthLabel(data.to)}
              </Text>
              <Text as="p" size="5" weight="bold">
                <Money value={data.rangeTotal} />
              </Text>
            </Card>
            <Card>
              <Text as="p" size="1" color="gray">
                Credited all time
              </Text>
              <Text as="p" size="5" weight="bold">
                <Money value={data.allTime} />
              </Text>
            </Card>
            <Card>
              <Text as="p" size="1" color="gray">
                Last earnings
              </Text>
              <Text as="p" size="5" weight="bold">
                {data.lastEarning ? <Money value={data.lastEarning.amount} /> : '—'}
              </Text>
              {data.lastEarning && (
                <Text as="p" size="1" color="gray">
                  {monthLabel(data.lastEarning.month)}
                </Text>
              )}
            </Card>
          </Grid>
          <Card asChild>
            <section aria-label="Monthly earnings">
              <Flex direction="column" gap="2">
                <Heading as="h2" size="3">
                  Monthly earnings
                </Heading>
                {credited ? (
                  <Suspense fallback={<Skeleton height="220px" />}>
                    <MoneyChart
                      height={220}
                      months={data.monthly.map((row) => row.month)}
                      series={[
                        { name: 'Credited', kind: 'bar', color: site.colors.primary, values: data.monthly.map((row) => row.amount) },
                      ]}
                    />
                  </Suspense>
                ) : (
                  <Empty>Nothing was credited to this account in these months.</Empty>
                )}
              </Flex>
            </section>
          </Card>
        </>
      )}
      <Card asChild>
        <section aria-label="Sales by release">
          <Flex direction="column" gap="2">
            <Heading as="h2" size="3">
              Sales by release
            </Heading>
            <Text size="1" color="gray">
              All-time sales of the account&apos;s releases, whoever shares them.
            </Text>
            {releases.status === 'error' && <LoadFailure what="the releases" message={releases.error?.message} onRetry={releases.reload} />}
            {!releases.data && releases.status !== 'error' && <Skeleton height="120px" />}
            {releases.data && releases.data.data.length === 0 && <Empty>None of this account&apos;s releases has sales yet.</Empty>}
            {releases.data && releases.data.data.length > 0 && (
              <NamedTable size="1" label="Sales by release">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>Release</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell justify="end">Units</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell justify="end">Net</Table.ColumnHeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {releases.data.data.map((row) => (
                    <Table.Row key={row.release.id} align="center">
                      <Table.RowHeaderCell>
                        <ReleaseCell release={row.release} />
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
            {releases.data && releases.data.meta.total > releases.data.meta.per_page && (
              <Pagination
                page={releases.data.meta.page}
                lastPage={releases.data.meta.last_page}
                perPage={releases.data.meta.per_page}
                total={releases.data.meta.total}
                onPage={setPage}
              />
            )}
          </Flex>
        </section>
      </Card>
    </Flex>
  )
}
