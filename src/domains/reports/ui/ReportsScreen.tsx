import { useCallback, useEffect, useMemo, useState } from 'react'
import { Badge, Box, Button, Callout, Card, Flex, Heading, Table, Text } from '@radix-ui/themes'
import type { ReportRow, ReportScopeName } from '@contract/reports'
import type { ReportStatus } from '@core/report-status'
import { formatCount } from '@core/format'
import { api, ApiError } from '@client/api'
import type { ScreenProps } from '@client/routing/types'
import { useSession } from '@client/state/session'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { NamedTable } from '@client/ui/NamedTable'
import { Empty, When } from '@client/ui/When'
import { Pagination } from '@client/ui/list/Pagination'
import { showNotice } from '@client/ui/notices/notices'
import { useTab } from '@client/workspace/tab-context'
import { RecordActions } from '@client/ui/RecordActions'
import { RequestReportDialog } from './RequestReportDialog'

const PER_PAGE = 25
/** While a report is queued or running its list asks again this often. */
export const REPORT_POLL_MS = 3000

export const STATUS_COLORS: Record<ReportStatus, 'gray' | 'blue' | 'green' | 'red'> = {
  queued: 'gray',
  running: 'blue',
  ready: 'green',
  failed: 'red',
}

const isFinal = (status: ReportStatus) => status === 'ready' || status === 'failed'

const TITLES: Record<ReportScopeName, { heading: string; intro: string; empty: string; table: string }> = {
  user: {
    heading: 'Reports',
    intro: "Reports about one account's sales and earnings.",
    empty: 'No account report has been asked for yet.',
    table: 'User reports',
  },
  admin: {
    heading: 'Admin reports',
    intro: 'Earnings reports of one release or one artist or label account.',
    empty: 'No admin report has been asked for yet.',
    table: 'Admin reports',
  },
  site: {
    heading: 'Site reports',
    intro: 'Reports over the whole workspace.',
    empty: 'No site report has been asked for yet.',
    table: 'Site reports',
  },
}

const LIST_BASES: Record<ReportScopeName, string> = { user: '/reports', admin: '/admin-reports', site: '/reports/site' }
const listPath = (scope: ReportScopeName, page: number, report?: number) =>
  `${LIST_BASES[scope]}/${page}${report ? `?report=${report}` : ''}`

const LIST_IDS = { user: 'reports.list', admin: 'reports.adminReports', site: 'reports.siteReports' } as const

async function download(report: ReportRow) {
  try {
    await api.download('reports.download', { params: { id: report.id } })
  } catch (error) {
    showNotice(error instanceof ApiError ? error.message : 'The file could not be downloaded.', { tone: 'error' })
  }
}

/** What the report's actions read (kind 'report'). */
const reportState = (report: ReportRow) => ({ status: report.status, scope: report.scope, error: report.error })

function StatusBadge({ report }: { report: ReportRow }) {
  return (
    <Badge color={STATUS_COLORS[report.status]} title={report.error ?? undefined}>
      {report.statusLabel}
    </Badge>
  )
}

function Actions({ report }: { report: ReportRow }) {
  if (report.status === 'ready' && report.file)
    return (
      <Button size="1" variant="soft" onClick={() => void download(report)} aria-label={`Download report #${report.id}`}>
        Download
      </Button>
    )
  if (report.status === 'failed')
    return (
      <RecordActions
        record={{ kind: 'report', id: String(report.id), title: `Report #${report.id}`, state: reportState(report) }}
        buttons={['reports.retry']}
        menu={false}
        size="1"
      />
    )
  return null
}

/**
 * The report the address names (?report=12), shown above the list and offered to the palette.
 * When the list's page shows it, `listed` is that row and the card shows it: two loads polled apart
 * would show the same report Queued in the card and Running in its row. It loads and polls the
 * report itself only when the page does not hold it.
 */
function FocusedReport({ id, listed, version }: { id: number; listed: ReportRow | null; version: number }) {
  const tab = useTab()
  const [polled, setPolled] = useState(0)
  const fetcher = useCallback(
    (key: string, signal: AbortSignal) => api.call('reports.get', { params: { id: Number(key.split(':')[0]) } }, { signal }),
    [],
  )
  const load = useLoad(fetcher, `${id}:${version}:${polled}`)
  const report = listed ?? load.data
  const pending = !listed && report !== null && !isFinal(report.status)
  useEffect(() => {
    if (!pending) return
    const timer = setTimeout(() => setPolled((value) => value + 1), REPORT_POLL_MS)
    return () => clearTimeout(timer)
  }, [pending, polled])
  const { publishRecord } = tab
  const record = useMemo(
    () =>
      report
        ? {
            kind: 'report' as const,
            id: String(report.id),
            title: `${report.type} · ${report.period}`,
            state: reportState(report),
          }
        : null,
    [report],
  )
  useEffect(() => {
    publishRecord(record)
    return () => publishRecord(null)
  }, [record, publishRecord])
  if (load.error && !report)
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Text>{load.error.message}</Callout.Text>
      </Callout.Root>
    )
  if (!report) return null
  return (
    <Card aria-label={`Report #${report.id}`}>
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Box>
          <Flex align="center" gap="2">
            <Heading as="h3" size="3">
              Report #{report.id}: {report.type}
            </Heading>
            <StatusBadge report={report} />
          </Flex>
          <Text as="div" size="2" color="gray">
            {report.period} · {report.user ? report.user.name : 'Whole workspace'} · asked by {report.admin?.name ?? '—'}
            {report.rows !== null && report.status === 'ready' ? ` · ${formatCount(report.rows)} rows` : ''}
          </Text>
          {report.error && (
            <Text as="div" size="2" color="red">
              {report.error}
            </Text>
          )}
        </Box>
        <Actions report={report} />
      </Flex>
    </Card>
  )
}

/** One scope's reports: newest first, status badges, downloads, retry, and "Request report". */
export function ReportsScreen({ scope, params, search }: ScreenProps & { scope: ReportScopeName }) {
  const tab = useTab()
  const { me } = useSession()
  const isAdmin = me?.account.type === 'admin'
  const dataVersion = useDataVersion()
  const [bump, setBump] = useState(0)
  const [polled, setPolled] = useState(0)
  const [asking, setAsking] = useState(false)
  const page = Math.max(1, Number(params.page) || 1)
  const focused = Number(search.get('report')) || null
  const titles = TITLES[scope]
  const version = dataVersion + bump
  const fetcher = useCallback(
    (key: string, signal: AbortSignal) =>
      api.call(LIST_IDS[scope], { query: { page: Number(key.split(':')[0]), per_page: PER_PAGE } }, { signal }),
    [scope],
  )
  const load = useLoad(fetcher, `${page}:${version}:${polled}`)
  const rows = load.data?.data ?? []
  const pending = rows.some((row) => !isFinal(row.status))
  useEffect(() => {
    if (!pending) return
    const timer = setTimeout(() => setPolled((value) => value + 1), REPORT_POLL_MS)
    return () => clearTimeout(timer)
  }, [pending, polled])
  const changed = useCallback(() => setBump((value) => value + 1), [])
  const { navigate } = tab

  return (
    <Flex direction="column" gap="4" p="4">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Box>
          <Heading as="h2" size="5">
            {titles.heading}
          </Heading>
          <Text size="2" color="gray">
            {titles.intro}
          </Text>
        </Box>
        <Button onClick={() => setAsking(true)}>Request report…</Button>
      </Flex>
      {focused && <FocusedReport id={focused} listed={rows.find((row) => row.id === focused) ?? null} version={version} />}
      {load.error && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{load.error.message}</Callout.Text>
        </Callout.Root>
      )}
      {!load.error && load.data && rows.length === 0 && <Empty>{titles.empty}</Empty>}
      {rows.length > 0 && (
        <NamedTable label={titles.table} size="1" variant="surface">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Report</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Period</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>File</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Rows</Table.ColumnHeaderCell>
              {scope !== 'site' && <Table.ColumnHeaderCell>User</Table.ColumnHeaderCell>}
              <Table.ColumnHeaderCell>Asked by</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Date</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.id} style={row.id === focused ? { background: 'var(--accent-a3)' } : undefined}>
                <Table.Cell>
                  <Button size="1" variant="ghost" onClick={() => navigate(listPath(scope, page, row.id))}>
                    #{row.id}
                  </Button>{' '}
                  {row.type}
                </Table.Cell>
                <Table.Cell>{row.period}</Table.Cell>
                <Table.Cell>
                  <StatusBadge report={row} />
                  {row.error && (
                    <Text as="div" size="1" color="red" style={{ maxWidth: 280 }}>
                      {row.error}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell>
                  {row.file ? (
                    <Text size="1" style={{ fontFamily: 'var(--code-font-family)' }}>
                      {row.file.name}
                    </Text>
                  ) : (
                    <Text color="gray">—</Text>
                  )}
                </Table.Cell>
                <Table.Cell justify="end">{row.rows === null ? '—' : formatCount(row.rows)}</Table.Cell>
                {scope !== 'site' && <Table.Cell>{row.user?.name ?? '—'}</Table.Cell>}
                <Table.Cell>{row.admin?.name ?? '—'}</Table.Cell>
                <Table.Cell>
                  <When value={row.created} />
                </Table.Cell>
                <Table.Cell>
                  <Actions report={row} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </NamedTable>
      )}
      {load.data && load.data.meta.total > PER_PAGE && (
        <Pagination
          page={load.data.meta.page}
          lastPage={load.data.meta.last_page}
          perPage={load.data.meta.per_page}
          total={load.data.meta.total}
          totalIsEstimate={load.data.meta.totalIsEstimate}
          onPage={(next) => navigate(listPath(scope, next))}
        />
      )}
      <RequestReportDialog
        open={asking}
        onOpenChange={setAsking}
        scope={scope}
        isAdmin={isAdmin}
        onRequested={(report) => {
          showNotice(`${report.type} report (${report.period}) requested: it is being prepared.`, { tone: 'success' })
          // A report about one account asked from the site list lands in the user list.
          navigate(listPath(report.scope, 1, report.id))
          changed()
        }}
      />
    </Flex>
  )
}

export const UserReportsScreen = (props: ScreenProps) => <ReportsScreen {...props} scope="user" />
export const AdminReportsScreen = (props: ScreenProps) => <ReportsScreen {...props} scope="admin" />
export const SiteReportsScreen = (props: ScreenProps) => <ReportsScreen {...props} scope="site" />
