import { Suspense, lazy, useState, type FormEvent } from 'react'
import { Avatar, Badge, Button, Card, Flex, Grid, Heading, Skeleton, Table, Text } from '@radix-ui/themes'
import type { EarningsOverview } from '@contract/earnings'
import { formatCount } from '@core/format'
import { addMonths, monthLabel, monthsBetween } from '@core/months'
import { initials } from '@core/names'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useSite } from '@client/state/site'
import { useTab } from '@client/workspace/tab-context'
import { NamedTable } from '@client/ui/NamedTable'
import { RecordLink } from '@client/ui/RecordLink'
import { Empty } from '@client/ui/When'
import { Pagination } from '@client/ui/list/Pagination'
import { fitColumns } from '@client/ui/fit-columns'
import { Figure, LoadFailure, Money, ReleaseCell } from './parts'
import { ChannelTable, SalesTable } from './SalesTable'
import { MonthFields } from '@client/ui/MonthFields'

// ECharts is large: its chunk loads only when the monthly totals are drawn.
const MoneyChart = lazy(() => import('./MoneyChart'))

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/
const MAX_MONTHS = 120
/** The canvas cannot read CSS variables: a grey that reads on light and dark backgrounds. */
const ADMIN_FEE_COLOR = '#8b8d98'
/** Spotify's green, for the Discovery Mode part of the net. */
const DISCOVERY_COLOR = '#1db954'

const fetchOverview = (key: string, signal: AbortSignal) => {
  const [page, from, to] = key.split('|')
  return api.call(
    'earnings.overview',
    { params: { id: Number(page) }, query: { from: from || undefined, to: to || undefined } },
    { signal },
  )
}

/** ?from=&to= as the range asked, when both are months (anything else is ignored: the default range). */
function askedRange(search: URLSearchParams): { from: string; to: string } | null {
  const from = search.get('from') ?? ''
  const to = search.get('to') ?? ''
  return MONTH.test(from) && MONTH.test(to) && from <= to ? { from, to } : null
}

/** The earnings overview: monthly totals, totals, top accounts (paged by the route), releases, tracks and channels. */
export function OverviewSection({ page, search, version = 0 }: { page: number; search: URLSearchParams; version?: number }) {
  const tab = useTab()
  const range = askedRange(search)
  const load = useLoad(fetchOverview, `${page}|${range?.from ?? ''}|${range?.to ?? ''}|${version}`)
  const data = load.data
  const withSearch = (path: string) => `${path}${search.toString() ? `?${search.toString()}` : ''}`

  return (
    <Flex direction="column" gap="4">
      <RangePicker
        key={`${range?.from}:${range?.to}:${data?.from}`}
        range={range}
        shown={data ? { from: data.from, to: data.to } : null}
        onRange={(next) => tab.navigate(`/earnings/overview/1${next ? `?from=${next.from}&to=${next.to}` : ''}`)}
      />
      {load.status === 'error' && <LoadFailure what="the earnings" message={load.error?.message} onRetry={load.reload} />}
      {!data ? (
        load.status !== 'error' && <Skeleton height="420px" />
      ) : (
        <>
          <TotalsCards data={data} />
          <MonthlyCard data={data} />
          <TopAccounts data={data} onPage={(next) => tab.navigate(withSearch(`/earnings/overview/${next}`))} />
          <Grid columns={fitColumns(420)} gap="4">
            <TopReleases data={data} />
            <TopTracks data={data} />
          </Grid>
          <Channels data={data} />
        </>
      )}
    </Flex>
  )
}

function RangePicker({
  range,
  shown,
  onRange,
}: {
  range: { from: string; to: string } | null
  shown: { from: string; to: string } | null
  onRange(next: { from: string; to: string } | null): void
}) {
  const [from, setFrom] = useState(range?.from ?? shown?.from ?? '')
  const [to, setTo] = useState(range?.to ?? shown?.to ?? '')
  const [error, setError] = useState<string | null>(null)
  const apply = (event: FormEvent) => {
    event.preventDefault()
    if (!MONTH.test(from) || !MONTH.test(to)) return setError('Pick a month for both From and To.')
    if (from > to) return setError('From must not be after To.')
    if (monthsBetween(from, to) > MAX_MONTHS) return setError(`The range is at most ${MAX_MONTHS} months.`)
    setError(null)
    onRange({ from, to })
  }
  return (
    <Card size="1" asChild>
      <form aria-label="Range" onSubmit={apply} noValidate>
        <Flex gap="3" align="end" wrap="wrap">
          <MonthFields idPrefix="earnings" from={from} to={to} onFrom={setFrom} onTo={setTo} />
          <Button type="submit">Show range</Button>
          {shown &&
            [12, 24].map((months) => (
              <Button
                key={months}
                type="button"
                variant="soft"
                onClick={() => onRange({ from: addMonths(shown.to, -(months - 1)), to: shown.to })}
              >
                Last {months} months
              </Button>
            ))}
          <Button type="button" variant="soft" color="gray" disabled={!range} onClick={() => onRange(null)}>
            All-time top lists
          </Button>
        </Flex>
        {error && (
          <Text as="p" size="1" color="red" role="alert" mt="2">
            {error}
          </Text>
        )}
      </form>
    </Card>
  )
}

const scopeText = (data: EarningsOverview) =>
  data.scope === 'all' ? 'all time' : data.from === data.to ? monthLabel(data.from) : `${monthLabel(data.from)} – ${monthLabel(data.to)}`

function TotalsCards({ data }: { data: EarningsOverview }) {
  const period = data.from === data.to ? monthLabel(data.from) : `${monthLabel(data.from)} – ${monthLabel(data.to)}`
  const cards: { label: string; value: string; hint: string }[] = [
    {
      label: 'Statement net',
      value: data.totals.net,
      hint: `${formatCount(data.totals.lines)} lines, ${formatCount(data.totals.quantity)} units`,
    },
    { label: 'Admin fee', value: data.totals.adminFee, hint: "The workspace's share" },
    { label: 'Credited to accounts', value: data.totals.accounts, hint: 'After the admin fee and splits' },
    { label: 'Unmatched', value: data.totals.unmatched, hint: 'Held until matched by hand' },
    {
      label: 'Spotify Discovery Mode',
      value: data.totals.discoveryMode.net,
      hint: `${formatCount(data.totals.discoveryMode.lines)} lines of tracks in Discovery Mode that month (part of the net)`,
    },
  ]
  return (
    <section aria-label="Totals">
      <Text as="p" size="1" color="gray" mb="2">
        Totals for {period}
      </Text>
      <Grid columns={fitColumns(200)} gap="3">
        {cards.map((card) => (
          <Figure key={card.label} data-testid={`total-${card.label}`} label={card.label} hint={card.hint}>
            <Money value={card.value} />
          </Figure>
        ))}
      </Grid>
    </section>
  )
}

function MonthlyCard({ data }: { data: EarningsOverview }) {
  const site = useSite()
  const empty = data.monthly.every((row) => Number(row.total) === 0 && Number(row.adminFee) === 0)
  const discovery = data.monthly.some((row) => Number(row.discoveryMode) !== 0)
  return (
    <Card asChild>
      <section aria-label="Monthly totals">
        <Flex direction="column" gap="2">
          <Heading as="h2" size="4">
            Monthly totals
          </Heading>
          {empty ? (
            <Empty>No statement was imported for these months yet.</Empty>
          ) : (
            <Suspense fallback={<Skeleton height="260px" />}>
              <MoneyChart
                months={data.monthly.map((row) => row.month)}
                series={[
                  { name: 'Statement net', kind: 'bar', color: site.colors.primary, values: data.monthly.map((row) => row.total) },
                  { name: 'Admin fee', kind: 'line', color: ADMIN_FEE_COLOR, values: data.monthly.map((row) => row.adminFee) },
                  // Drawn only when some month had Discovery Mode revenue: an empty series is noise in the legend.
                  ...(discovery
                    ? [
                        {
                          name: 'Spotify Discovery Mode',
                          kind: 'line' as const,
                          color: DISCOVERY_COLOR,
                          values: data.monthly.map((row) => row.discoveryMode),
                        },
                      ]
                    : []),
                ]}
              />
            </Suspense>
          )}
        </Flex>
      </section>
    </Card>
  )
}

function ListCard({ title, scope, children }: { title: string; scope: string; children: React.ReactNode }) {
  return (
    <Card asChild>
      <section aria-label={title}>
        <Flex direction="column" gap="2">
          <Flex justify="between" align="baseline" gap="2">
            <Heading as="h2" size="4">
              {title}
            </Heading>
            <Badge color="gray" variant="soft">
              {scope}
            </Badge>
          </Flex>
          {children}
        </Flex>
      </section>
    </Card>
  )
}

function TopAccounts({ data, onPage }: { data: EarningsOverview; onPage(page: number): void }) {
  const { data: rows, meta } = data.users
  return (
    <ListCard title="Top accounts" scope={scopeText(data)}>
      {rows.length === 0 ? (
        <Empty>{meta.total > 0 ? 'No accounts on this page.' : 'No account has earnings yet.'}</Empty>
      ) : (
        <NamedTable size="1" label="Top accounts">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell width="48px">#</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Account</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Earnings</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.id} align="center">
                <Table.Cell>{formatCount(row.rank)}</Table.Cell>
                <Table.RowHeaderCell>
                  <Flex gap="2" align="center">
                    <Avatar size="2" radius="full" src={row.image ?? undefined} alt="" fallback={initials(row.user) || '?'} />
                    <Flex direction="column" style={{ minWidth: 0 }}>
                      <Text size="2" weight="medium" truncate>
                        <RecordLink to={`/users/${row.id}?section=sales`}>{row.user}</RecordLink>
                      </Text>
                      <Text size="1" color="gray" truncate>
                        {row.email}
                      </Text>
                    </Flex>
                  </Flex>
                </Table.RowHeaderCell>
                <Table.Cell justify="end">
                  <Money value={row.total} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </NamedTable>
      )}
      {meta.total > 0 && (
        <Pagination page={meta.page} lastPage={meta.last_page} perPage={meta.per_page} total={meta.total} onPage={onPage} />
      )}
    </ListCard>
  )
}

function TopReleases({ data }: { data: EarningsOverview }) {
  return (
    <ListCard title="Top releases" scope={scopeText(data)}>
      {data.releases.length === 0 ? (
        <Empty>No release has sales yet.</Empty>
      ) : (
        <SalesTable
          label="Top releases"
          first="Release"
          align="center"
          rows={data.releases}
          rowKey={(row) => row.id}
          head={(row) => <ReleaseCell release={row} />}
          units={(row) => row.quantity}
          net={(row) => row.total}
        />
      )}
    </ListCard>
  )
}

function TopTracks({ data }: { data: EarningsOverview }) {
  return (
    <ListCard title="Top tracks" scope={scopeText(data)}>
      {data.tracks.length === 0 ? (
        <Empty>No track has sales yet.</Empty>
      ) : (
        <SalesTable
          label="Top tracks"
          first="Track"
          align="center"
          rows={data.tracks}
          rowKey={(row) => row.id}
          head={(row) => (
            <Flex direction="column" style={{ minWidth: 0 }}>
              <Text size="2" weight="medium" truncate>
                <RecordLink to={`/releases/track/${row.id}`}>{row.title}</RecordLink>
              </Text>
              <Text size="1" color="gray" truncate>
                {[row.isrc, row.release?.title].filter(Boolean).join(' · ')}
              </Text>
            </Flex>
          )}
          units={(row) => row.quantity}
          net={(row) => row.total}
        />
      )}
    </ListCard>
  )
}

function Channels({ data }: { data: EarningsOverview }) {
  return (
    <ListCard title="Channels" scope={scopeText(data)}>
      {data.channels.length === 0 ? (
        <Empty>No channel has sales yet.</Empty>
      ) : (
        <ChannelTable
          label="Channels"
          rows={data.channels.map((row) => ({ raw: row.raw, label: row.label, quantity: row.quantity, net: row.total }))}
        />
      )}
    </ListCard>
  )
}
