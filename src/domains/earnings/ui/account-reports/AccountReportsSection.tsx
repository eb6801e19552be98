import { Suspense, lazy, useState, type FormEvent, type ReactNode } from 'react'
import { Box, Button, Card, Flex, Grid, Skeleton, Tabs, Text } from '@radix-ui/themes'
import type { ReportSort } from '@contract/account-sales'
import { formatCount, formatMoney } from '@core/format'
import { monthLabel, monthsBetween } from '@core/months'
import { api } from '@client/api'
import { useLoad, type LoadState } from '@client/state/useLoad'
import { useTab } from '@client/workspace/tab-context'
import { Empty } from '@client/ui/When'
import { Pagination } from '@client/ui/list/Pagination'
import { fitColumns } from '@client/ui/fit-columns'
import { Figure, Loaded, Money, ReleaseCell, SalesCard } from '../parts'
import { NamedWithNote } from '../SalesTable'
import { ReportTable, type ReportColumn, type SortState } from './ReportTable'
import { MonthFields } from '@client/ui/MonthFields'

// ECharts is large: its chunk loads only when the channel overview is drawn.
const MoneyChart = lazy(() => import('../MoneyChart'))

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/
const MAX_MONTHS = 120
/** Series colours the canvas can draw (it cannot read CSS variables), readable on light and dark. */
const SERIES_COLORS = ['#3e63dd', '#e5484d', '#30a46c', '#f76b15', '#8e4ec6', '#12a594', '#d6409f', '#ffc53d', '#8b8d98']

export const REPORTS = [
  { id: 'artists', label: 'Artists' },
  { id: 'releases', label: 'Releases' },
  { id: 'tracks', label: 'Tracks' },
  { id: 'gross-releases', label: 'Gross releases' },
  { id: 'countries', label: 'Countries' },
  { id: 'channels', label: 'Channels' },
] as const
type ReportId = (typeof REPORTS)[number]['id']

interface Period {
  from: string | null
  to: string | null
}

/** ?from=&to= of the tab: each a month or absent (an open end); a backwards pair is ignored. */
function periodOf(search: URLSearchParams): Period {
  const from = search.get('from') ?? ''
  const to = search.get('to') ?? ''
  const period = { from: MONTH.test(from) ? from : null, to: MONTH.test(to) ? to : null }
  return period.from && period.to && period.from > period.to ? { from: null, to: null } : period
}

const periodText = (period: { from: string | null; to: string | null }) =>
  period.from && period.to
    ? `${monthLabel(period.from)} – ${monthLabel(period.to)}`
    : period.from
      ? `since ${monthLabel(period.from)}`
      : period.to
        ? `until ${monthLabel(period.to)}`
        : 'all time'

// ---------------------------------------------------------------------------------------------
// Loads: one key string per request (useLoad needs a stable input).

type ListKey = [id: number, from: string | null, to: string | null, page: number, sort: ReportSort, dir: 'asc' | 'desc', version: number]
const listInput = (key: string) => {
  const [id, from, to, page, sort, dir] = JSON.parse(key) as ListKey
  return { params: { id }, query: { from: from ?? undefined, to: to ?? undefined, page, sort, dir } }
}
/** The ledger reports sort by amount or name only. */
const ledgerInput = (key: string) => {
  const input = listInput(key)
  return { ...input, query: { ...input.query, sort: input.query.sort === 'name' ? ('name' as const) : ('amount' as const) } }
}
const fetchArtists = (key: string, signal: AbortSignal) => api.call('users.reportArtists', ledgerInput(key), { signal })
const fetchReleases = (key: string, signal: AbortSignal) => api.call('users.reportReleases', ledgerInput(key), { signal })
const fetchTracks = (key: string, signal: AbortSignal) => api.call('users.reportTracks', ledgerInput(key), { signal })
const fetchGross = (key: string, signal: AbortSignal) => api.call('users.reportGrossReleases', listInput(key), { signal })
const fetchCountries = (key: string, signal: AbortSignal) => api.call('users.reportCountries', listInput(key), { signal })
const fetchChannels = (key: string, signal: AbortSignal) => api.call('users.reportChannels', listInput(key), { signal })

type PeriodKey = [id: number, from: string | null, to: string | null, version: number]
const fetchDetails = (key: string, signal: AbortSignal) => {
  const [id, from, to] = JSON.parse(key) as PeriodKey
  return api.call('users.reportDetails', { params: { id }, query: { from: from ?? undefined, to: to ?? undefined } }, { signal })
}
const fetchOverview = (key: string, signal: AbortSignal) => {
  const [userId, from, to] = JSON.parse(key) as PeriodKey
  return api.call('users.reportChannelOverview', { body: { userId, from: from ?? undefined, to: to ?? undefined } }, { signal })
}

// ---------------------------------------------------------------------------------------------

/**
 * The account tab's Reports: the period, the report's head (balance lines, credit, gross, months,
 * counts, top channel), net per channel per month, and the reports by artist, release, track (what
 * the ledger credited the account) and by gross release, country and channel (the statement figures
 * of the account's own releases).
 */
export function AccountReportsSection({ userId, version = 0 }: { userId: number; version?: number }) {
  const tab = useTab()
  const period = periodOf(tab.search)
  const asked = tab.search.get('report')
  const report: ReportId = REPORTS.find((entry) => entry.id === asked)?.id ?? 'artists'
  const periodKey = JSON.stringify([userId, period.from, period.to, version] satisfies PeriodKey)
  const details = useLoad(fetchDetails, periodKey)
  const overview = useLoad(fetchOverview, periodKey)
  const props = { userId, period, version }
  return (
    <Flex direction="column" gap="4">
      <PeriodPicker
        key={`${period.from}:${period.to}`}
        period={period}
        onPeriod={(next) => tab.setSearch({ from: next.from, to: next.to }, { replace: true })}
      />
      <Details load={details} period={period} />
      <ChannelOverviewCard load={overview} />
      <Card asChild>
        <section aria-label="Sales reports">
          <Tabs.Root
            value={report}
            onValueChange={(next) => tab.setSearch({ report: next === 'artists' ? null : next }, { replace: true })}
          >
            <Tabs.List aria-label="Report" wrap="wrap">
              {REPORTS.map((entry) => (
                <Tabs.Trigger key={entry.id} value={entry.id}>
                  {entry.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Box pt="3">
              {report === 'artists' && <ArtistsReport {...props} />}
              {report === 'releases' && <ReleasesReport {...props} />}
              {report === 'tracks' && <TracksReport {...props} />}
              {report === 'gross-releases' && <GrossReleasesReport {...props} />}
              {report === 'countries' && <CountriesReport {...props} />}
              {report === 'channels' && <ChannelsReport {...props} />}
            </Box>
          </Tabs.Root>
        </section>
      </Card>
    </Flex>
  )
}

function PeriodPicker({ period, onPeriod }: { period: Period; onPeriod(next: Period): void }) {
  const [from, setFrom] = useState(period.from ?? '')
  const [to, setTo] = useState(period.to ?? '')
  const [error, setError] = useState<string | null>(null)
  const apply = (event: FormEvent) => {
    event.preventDefault()
    if ((from && !MONTH.test(from)) || (to && !MONTH.test(to))) return setError('Months are written YYYY-MM.')
    if (from && to && from > to) return setError('From must not be after To.')
    if (from && to && monthsBetween(from, to) > MAX_MONTHS) return setError(`The period is at most ${MAX_MONTHS} months.`)
    setError(null)
    onPeriod({ from: from || null, to: to || null })
  }
  return (
    <Card size="1" asChild>
      <form aria-label="Period" onSubmit={apply} noValidate>
        <Flex gap="3" align="end" wrap="wrap">
          <MonthFields idPrefix="account-reports" from={from} to={to} onFrom={setFrom} onTo={setTo} />
          <Button type="submit">Show period</Button>
          <Button
            type="button"
            variant="soft"
            color="gray"
            disabled={!period.from && !period.to}
            onClick={() => onPeriod({ from: null, to: null })}
          >
            All time
          </Button>
          <Text size="2" color="gray">
            Showing {periodText(period)}
          </Text>
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

type DetailsData = Awaited<ReturnType<typeof fetchDetails>>

function Details({ load, period }: { load: LoadState<DetailsData>; period: Period }) {
  return (
    <Loaded load={load} what="the report figures" height="180px">
      {(data) => (
        <Grid columns={fitColumns(190)} gap="3" role="region" aria-label="Report figures">
          <Figure
            label="Available balance"
            hint={`Earnings ${formatMoney(data.balance.earnings)} · Sales ${formatMoney(data.balance.sales)}`}
          >
            <Money value={data.balance.available} />
          </Figure>
          <Figure label={`Credited, ${periodText(period)}`} hint="Earnings and sales from statements">
            <Money value={data.credited.amount} />
          </Figure>
          <Figure
            label={`Gross of own releases, ${periodText(period)}`}
            hint={`${formatCount(data.gross.quantity)} units, before fees and splits`}
          >
            <Money value={data.gross.net} />
          </Figure>
          <Figure label="Last earnings" hint={data.lastEarnings.date}>
            {data.lastEarnings.date ? <Money value={data.lastEarnings.amount} /> : '—'}
          </Figure>
          <Figure label="Statements" hint="First and last month credited">
            {data.firstMonth && data.lastMonth ? `${monthLabel(data.firstMonth)} – ${monthLabel(data.lastMonth)}` : 'None yet'}
          </Figure>
          <Figure label="Credited releases and tracks" hint={`In ${periodText(period)}`}>
            {formatCount(data.releases)} {data.releases === 1 ? 'release' : 'releases'} · {formatCount(data.tracks)}{' '}
            {data.tracks === 1 ? 'track' : 'tracks'}
          </Figure>
          <Figure label="Top channel" hint={data.topChannel ? null : 'No channel has sales in this period'}>
            {data.topChannel ? (
              <>
                {data.topChannel.label}{' '}
                <Text size="2" weight="regular" color="gray">
                  <Money value={data.topChannel.net} />
                </Text>
              </>
            ) : (
              '—'
            )}
          </Figure>
        </Grid>
      )}
    </Loaded>
  )
}

type OverviewData = Awaited<ReturnType<typeof fetchOverview>>

function ChannelOverviewCard({ load }: { load: LoadState<OverviewData> }) {
  return (
    <SalesCard title="Channels per month">
      <Loaded load={load} what="the channel overview" height="260px">
        {(data) => (
          <>
            <Text size="1" color="gray">
              {monthLabel(data.from)} – {monthLabel(data.to)}: <Money value={data.total} />. {data.note}
            </Text>
            {data.channels.length === 0 ? (
              <Empty>None of this account&apos;s releases has sales in these months.</Empty>
            ) : (
              <Suspense fallback={<Skeleton height="260px" />}>
                <MoneyChart
                  height={260}
                  months={data.months}
                  series={data.channels.map((channel, index) => ({
                    name: channel.label,
                    kind: 'line' as const,
                    color: SERIES_COLORS[index % SERIES_COLORS.length],
                    values: channel.monthly,
                  }))}
                />
              </Suspense>
            )}
          </>
        )}
      </Loaded>
    </SalesCard>
  )
}

// ---------------------------------------------------------------------------------------------
// The reports

interface ReportProps {
  userId: number
  period: Period
  version: number
}

/** One report's page and order (kept while the tab shows it) and its load. */
function useReport<T>(fetcher: (key: string, signal: AbortSignal) => Promise<T>, { userId, period, version }: ReportProps) {
  const [page, setPage] = useState(1)
  const [sort, setSortState] = useState<SortState>({ sort: 'amount', dir: 'desc' })
  const key = JSON.stringify([userId, period.from, period.to, page, sort.sort, sort.dir, version] satisfies ListKey)
  const load = useLoad(fetcher, key)
  const setSort = (next: SortState) => {
    setSortState(next)
    setPage(1)
  }
  return { load, sort, setSort, setPage }
}

interface Paged<Row> {
  data: Row[]
  meta: { total: number; page: number; per_page: number; last_page: number }
  note: string
}

function ReportBody<Row, T extends Paged<Row>>({
  report,
  what,
  empty,
  children,
  footnote,
}: {
  report: ReturnType<typeof useReport<T>>
  what: string
  empty: string
  children(data: T): ReactNode
  footnote?(data: T): ReactNode
}) {
  return (
    <Loaded load={report.load} what={what} height="160px">
      {(data) => (
        <Flex direction="column" gap="2">
          <Text size="1" color="gray">
            {data.note}
          </Text>
          {data.meta.total === 0 ? <Empty>{empty}</Empty> : children(data)}
          {footnote?.(data)}
          {data.meta.total > data.meta.per_page && (
            <Pagination
              page={data.meta.page}
              lastPage={data.meta.last_page}
              perPage={data.meta.per_page}
              total={data.meta.total}
              onPage={report.setPage}
            />
          )}
        </Flex>
      )}
    </Loaded>
  )
}

/** Earnings, Sales and their sum: the ledger reports' figures, with their totals. */
function creditColumns<Row extends { earnings: string; sales: string; amount: string }>(totals: {
  earnings: string
  sales: string
  amount: string
}): ReportColumn<Row>[] {
  return [
    { header: 'Earnings', numeric: true, cell: (row) => <Money value={row.earnings} />, total: <Money value={totals.earnings} /> },
    { header: 'Sales', numeric: true, cell: (row) => <Money value={row.sales} />, total: <Money value={totals.sales} /> },
    {
      header: 'Credited',
      sort: 'amount',
      numeric: true,
      cell: (row) => <Money value={row.amount} />,
      total: <Money value={totals.amount} />,
    },
  ]
}

/** Units and Net: the statement reports' figures, with their totals. */
function statementColumns<Row extends { quantity: number; net: string }>(totals: { quantity: number; net: string }): ReportColumn<Row>[] {
  return [
    { header: 'Units', sort: 'quantity', numeric: true, cell: (row) => formatCount(row.quantity), total: formatCount(totals.quantity) },
    { header: 'Net', sort: 'amount', numeric: true, cell: (row) => <Money value={row.net} />, total: <Money value={totals.net} /> },
  ]
}

function ArtistsReport(props: ReportProps) {
  const report = useReport(fetchArtists, props)
  return (
    <ReportBody report={report} what="the artists" empty="Nothing was credited to this account in this period.">
      {(data) => (
        <ReportTable
          label="Sales by artist"
          rows={data.data}
          rowKey={(row) => row.artist}
          sort={report.sort}
          onSort={report.setSort}
          columns={[
            { header: 'Artist', sort: 'name', cell: (row) => row.artist },
            { header: 'Releases', numeric: true, cell: (row) => formatCount(row.releases) },
            ...creditColumns<(typeof data.data)[number]>(data.totals),
          ]}
        />
      )}
    </ReportBody>
  )
}

function ReleasesReport(props: ReportProps) {
  const report = useReport(fetchReleases, props)
  return (
    <ReportBody report={report} what="the releases" empty="Nothing was credited to this account in this period.">
      {(data) => (
        <ReportTable
          label="Sales by release"
          rows={data.data}
          rowKey={(row) => row.release.id}
          sort={report.sort}
          onSort={report.setSort}
          columns={[
            { header: 'Release', sort: 'name', cell: (row) => <ReleaseCell release={row.release} /> },
            ...creditColumns<(typeof data.data)[number]>(data.totals),
          ]}
        />
      )}
    </ReportBody>
  )
}

function TracksReport(props: ReportProps) {
  const report = useReport(fetchTracks, props)
  return (
    <ReportBody
      report={report}
      what="the tracks"
      empty="Nothing was credited to this account in this period."
      footnote={(data) =>
        Number(data.totals.releaseOnly) !== 0 && (
          <Text size="1" color="gray">
            Lines matched to a release only (by UPC) belong to no track: <Money value={data.totals.releaseOnly} /> of the total.
          </Text>
        )
      }
    >
      {(data) => (
        <ReportTable
          label="Sales by track"
          rows={data.data}
          rowKey={(row) => row.track.id}
          sort={report.sort}
          onSort={report.setSort}
          columns={[
            {
              header: 'Track',
              sort: 'name',
              cell: (row) => <NamedWithNote name={row.track.title} note={row.track.isrc} />,
            },
            { header: 'Release', cell: (row) => <ReleaseCell release={row.release} /> },
            ...creditColumns<(typeof data.data)[number]>(data.totals),
          ]}
        />
      )}
    </ReportBody>
  )
}

function GrossReleasesReport(props: ReportProps) {
  const report = useReport(fetchGross, props)
  return (
    <ReportBody report={report} what="the gross releases" empty="None of this account's releases has sales in this period.">
      {(data) => (
        <ReportTable
          label="Gross sales by release"
          rows={data.data}
          rowKey={(row) => row.release.id}
          sort={report.sort}
          onSort={report.setSort}
          columns={[
            { header: 'Release', sort: 'name', cell: (row) => <ReleaseCell release={row.release} /> },
            ...statementColumns<(typeof data.data)[number]>(data.totals),
          ]}
        />
      )}
    </ReportBody>
  )
}

function CountriesReport(props: ReportProps) {
  const report = useReport(fetchCountries, props)
  return (
    <ReportBody report={report} what="the countries" empty="None of this account's releases has sales in this period.">
      {(data) => (
        <ReportTable
          label="Sales by country"
          rows={data.data}
          rowKey={(row) => row.code}
          sort={report.sort}
          onSort={report.setSort}
          columns={[
            { header: 'Country', sort: 'name', cell: (row) => <NamedWithNote name={row.name} note={row.code ? `(${row.code})` : null} /> },
            ...statementColumns<(typeof data.data)[number]>(data.totals),
          ]}
        />
      )}
    </ReportBody>
  )
}

function ChannelsReport(props: ReportProps) {
  const report = useReport(fetchChannels, props)
  return (
    <ReportBody report={report} what="the channels" empty="None of this account's releases has sales in this period.">
      {(data) => (
        <ReportTable
          label="Sales by channel"
          rows={data.data}
          rowKey={(row) => row.raw}
          sort={report.sort}
          onSort={report.setSort}
          columns={[
            {
              header: 'Channel',
              sort: 'name',
              cell: (row) => (
                <NamedWithNote
                  name={row.label}
                  note={row.raw.trim() && row.raw.trim() !== row.label ? `(“${row.raw}” in statements)` : null}
                />
              ),
            },
            ...statementColumns<(typeof data.data)[number]>(data.totals),
          ]}
        />
      )}
    </ReportBody>
  )
}
