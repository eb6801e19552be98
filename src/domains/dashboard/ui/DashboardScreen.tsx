import { Fragment, Suspense, lazy, type ReactNode } from 'react'
import { Avatar, Callout, Card, Flex, Grid, Heading, Skeleton, Text } from '@radix-ui/themes'
import { ExclamationTriangleIcon } from '@radix-ui/react-icons'
import { RELEASE_STATUS } from '@core/release-status'
import { formatCount, formatMoney } from '@core/format'
import type { DashboardList, DashboardRequestList, DashboardStatistics } from '@contract/dashboard'
import { api } from '@client/api'
import { useSession } from '@client/state/session'
import { useSite } from '@client/state/site'
import { useLoad } from '@client/state/useLoad'
import { RecordLink } from '@client/ui/RecordLink'
import { fitColumns } from '@client/ui/fit-columns'
import { ActiveSessionsPanel, LoginHistoryPanel } from '@domains/auth/ui/SecurityPanels'
import { TwoFactorPanel } from '@domains/auth/ui/TwoFactorPanel'
import { StatusBadge } from '@domains/catalogue/ui/status'
import { HealthCard } from './HealthCard'
import { BalanceCard } from '@domains/earnings/ui/BalanceCard'
import { sumMoney } from '@core/decimal'
import { SupportDashboardCard } from '@domains/support/ui/SupportDashboardCard'
import { RequesterSection } from '@domains/feature-controls/ui/requester'
import { FanBlastSection } from '@domains/fanblast/ui/FanBlastSection'

// ECharts is large: its chunk loads only when the statistics are drawn.
const MonthlyChart = lazy(() => import('./MonthlyChart'))
const MoneyChart = lazy(() => import('@domains/earnings/ui/MoneyChart'))

const fetchOverview = (_key: string, signal: AbortSignal) => api.call('dashboard.overview', undefined, { signal })
const fetchStatistics = (_key: string, signal: AbortSignal) => api.call('dashboard.statistics', { body: {} }, { signal })

const RELEASE_LIST = '/releases/manage/1'

/** The landing page after sign-in: for admins the catalogue's queues and monthly statistics, for everyone their account's security. */
export default function DashboardScreen() {
  const { me } = useSession()
  if (!me) return null
  return (
    <Flex direction="column" gap="5" style={{ maxWidth: 1100 }}>
      <div>
        <Heading as="h1" size="7">
          Dashboard
        </Heading>
        <Text color="gray">
          Signed in to {me.tenant.name} as {me.account.displayName} ({me.account.email}).
        </Text>
      </div>
      {me.account.type === 'admin' && <AdminDashboard />}
      {me.account.type !== 'admin' && <RequesterSection />}
      {(me.account.type === 'artist' || me.account.type === 'label') && <FanBlastSection />}
      <TwoFactorPanel />
      <ActiveSessionsPanel />
      <LoginHistoryPanel />
    </Flex>
  )
}

function LoadFailure({ what }: { what: string }) {
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Callout.Text>Could not load {what}. Reload the page to try again.</Callout.Text>
    </Callout.Root>
  )
}

function AdminDashboard() {
  const overview = useLoad(fetchOverview, 'overview')
  const data = overview.data
  return (
    <>
      {overview.status === 'error' && <LoadFailure what="the release lists" />}
      {!data ? (
        overview.status !== 'error' && <Skeleton height="280px" />
      ) : (
        <Grid columns={fitColumns(300)} gap="3">
          <ReleaseCard title="Releases" list={data.releases} viewAll={RELEASE_LIST} empty="No releases yet." />
          <ReleaseCard
            title="Pending takedown"
            list={data.pendingTakedown}
            viewAll={`${RELEASE_LIST}?status=${RELEASE_STATUS.takedownPending}`}
            empty="No release is waiting for takedown."
          />
          <ReleaseCard
            title="Pending edit"
            list={data.pendingEdit}
            viewAll={`${RELEASE_LIST}?status=${RELEASE_STATUS.editPending}`}
            empty="No release is waiting for an edit."
          />
          <RequestCard
            title="Whitelist"
            list={data.whitelist}
            viewAll="/greenlisting/1?status=pending"
            empty="No whitelist request is waiting."
          />
          <RequestCard
            title="Whitelist takedowns"
            list={data.whitelistTakedown}
            viewAll="/greenlisting/1"
            empty="No whitelisted release is being taken down."
          />
          <RequestCard
            title="Blocklist"
            list={data.blocklist}
            viewAll="/blocklisting/1?status=pending"
            empty="No blocklist request is waiting."
          />
          <RequestCard
            title="Blocklist takedowns"
            list={data.blocklistTakedown}
            viewAll="/blocklisting/1"
            empty="No blocklisted release is being taken down."
          />
          <RequestCard title="Split portal" list={data.splits} viewAll="/royalty-shares/manage/1?status=pending" empty="No split is waiting for its payees." />
          <RequestCard
            title="Split portal takedowns"
            list={data.splitsTakedown}
            viewAll="/royalty-shares/manage/1"
            empty="No split is on a release being taken down."
          />
        </Grid>
      )}
      <SupportDashboardCard />
      <BalanceCard />
      <HealthCard />
      <StatisticsCard />
    </>
  )
}

interface CardProps<L> {
  title: string
  list: L
  viewAll: string
  empty: string
}

/** One list of the dashboard with its total, its rows (drawn by `item`) and a link to the whole list. */
function ListCard<T extends { id: number }>({
  title,
  list,
  viewAll,
  empty,
  item,
}: CardProps<{ total: number; items: readonly T[] }> & { item(row: T): ReactNode }) {
  return (
    <Card asChild>
      <section aria-label={title}>
        <Flex direction="column" gap="3">
          <Flex justify="between" align="baseline" gap="2">
            <Heading as="h2" size="4">
              {title}
            </Heading>
            <Text size="2" color="gray" data-testid="dashboard-total">
              {formatCount(list.total)} in total
            </Text>
          </Flex>
          {list.items.length === 0 ? (
            <Text size="2" color="gray">
              {empty}
            </Text>
          ) : (
            <Flex direction="column" gap="2" asChild>
              <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {list.items.map((row) => (
                  <Fragment key={row.id}>{item(row)}</Fragment>
                ))}
              </ul>
            </Flex>
          )}
          <Text size="2">
            <RecordLink to={viewAll}>View all</RecordLink>
          </Text>
        </Flex>
      </section>
    </Card>
  )
}

/** A feature-control list of the dashboard (whitelist, blocklist and their takedown variants). */
function RequestCard(props: CardProps<DashboardRequestList>) {
  return (
    <ListCard
      {...props}
      item={(request) => (
        <Flex direction="column" style={{ minWidth: 0 }} asChild>
          <li>
            <Text size="2" weight="medium" truncate>
              <RecordLink to={request.path}>
                #{request.id} {request.title}
              </RecordLink>
            </Text>
            <Text size="1" color="gray" truncate>
              {request.requester} · {request.status}
            </Text>
          </li>
        </Flex>
      )}
    />
  )
}

function ReleaseCard(props: CardProps<DashboardList>) {
  return (
    <ListCard
      {...props}
      item={(release) => (
        <Flex gap="3" align="center" asChild>
          <li>
            <Avatar
              size="3"
              radius="small"
              src={release.coverUrl ?? undefined}
              alt=""
              fallback={release.title.slice(0, 1).toUpperCase() || '?'}
            />
            <Flex direction="column" style={{ minWidth: 0, flex: 1 }}>
              <Text size="2" weight="medium" truncate>
                <RecordLink to={`/releases/single/${release.id}`}>{release.title}</RecordLink>
              </Text>
              <Text size="1" color="gray" truncate>
                {release.artist || 'No artist'}
              </Text>
            </Flex>
            <StatusBadge code={release.displayStatus} size="1" />
          </li>
        </Flex>
      )}
    />
  )
}

const SERIES: { key: keyof Pick<DashboardStatistics, 'releases' | 'accounts' | 'tracks'>; title: string; kind: 'bar' | 'line' }[] = [
  { key: 'releases', title: 'Releases', kind: 'bar' },
  { key: 'accounts', title: 'Accounts', kind: 'line' },
  { key: 'tracks', title: 'Tracks', kind: 'bar' },
]

const MONEY_SERIES: { key: keyof Pick<DashboardStatistics, 'earnings' | 'adminFees'>; title: string; kind: 'bar' | 'line' }[] = [
  { key: 'earnings', title: 'Earnings', kind: 'bar' },
  { key: 'adminFees', title: 'Admin fees', kind: 'line' },
]

function StatisticsCard() {
  const statistics = useLoad(fetchStatistics, 'statistics')
  const site = useSite()
  const data = statistics.data
  return (
    <Card asChild>
      <section aria-label="Monthly statistics">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            Monthly statistics
          </Heading>
          {statistics.status === 'error' && <LoadFailure what="the statistics" />}
          {!data ? (
            statistics.status !== 'error' && <Skeleton height="220px" />
          ) : (
            <Grid columns={fitColumns(320)} gap="4">
              {SERIES.map(({ key, title, kind }) => (
                <Flex key={key} direction="column" gap="1" data-testid={`statistics-${key}`}>
                  <Flex justify="between" align="baseline">
                    <Text size="2" weight="medium">
                      {title}
                    </Text>
                    <Text size="1" color="gray">
                      {formatCount(data[key].reduce((sum, row) => sum + row.count, 0))} in{' '}
                      {data[key].length === 1 ? '1 month' : `${data[key].length} months`}
                    </Text>
                  </Flex>
                  <Suspense fallback={<Skeleton height="200px" />}>
                    <MonthlyChart name={title} series={data[key]} kind={kind} color={site.colors.primary} />
                  </Suspense>
                </Flex>
              ))}
              {MONEY_SERIES.map(({ key, title, kind }) => (
                <Flex key={key} direction="column" gap="1" data-testid={`statistics-${key}`}>
                  <Flex justify="between" align="baseline">
                    <Text size="2" weight="medium">
                      {title}
                    </Text>
                    <Text size="1" color="gray">
                      {formatMoney(sumMoney(data[key].map((row) => row.amount)))} in{' '}
                      {data[key].length === 1 ? '1 month' : `${data[key].length} months`}
                    </Text>
                  </Flex>
                  <Suspense fallback={<Skeleton height="200px" />}>
                    <MoneyChart
                      height={200}
                      months={data[key].map((row) => row.month)}
                      series={[{ name: title, kind, color: site.colors.primary, values: data[key].map((row) => row.amount) }]}
                    />
                  </Suspense>
                </Flex>
              ))}
            </Grid>
          )}
        </Flex>
      </section>
    </Card>
  )
}
