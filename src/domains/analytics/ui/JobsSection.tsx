import { useState } from 'react'
import { Badge, Callout, Flex, Table, Text } from '@radix-ui/themes'
import type { QueryRow } from '@contract/analytics'
import { platformLabel } from '@core/analytics-platforms'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { NamedTable } from '@client/ui/NamedTable'
import { Empty, When } from '@client/ui/When'
import { Pagination } from '@client/ui/list/Pagination'

const PER_PAGE = 25
const COLORS: Record<QueryRow['status'], 'gray' | 'blue' | 'green' | 'red'> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
}
const METRICS: Record<string, string> = {
  summary: 'Totals and daily series',
  topSongs: 'Top songs',
  topUsers: 'Top accounts',
  breakdown: 'Breakdown',
  days: 'By day of week',
  hours: 'By hour of day',
}

const fetchJobs = (input: string, signal: AbortSignal) =>
  api.call('analytics.jobs', { query: { page: Number(input.split(':')[0]), per_page: PER_PAGE } }, { signal })

/** The long-range questions asked as jobs (analytics/jobs): what, which platform and range, where each stands. */
export function JobsSection({ version }: { version: number }) {
  const [page, setPage] = useState(1)
  const load = useLoad(fetchJobs, `${page}:${version}`)
  const rows = load.data?.data ?? []
  return (
    <Flex direction="column" gap="3">
      <Text size="2" color="gray">
        A custom range longer than 400 days is answered by a job: the view stays loading until it is done, and the answer is kept for the
        same question until new data is committed.
      </Text>
      {load.error && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{load.error.message}</Callout.Text>
        </Callout.Root>
      )}
      {!load.error && load.data && rows.length === 0 && <Empty>No long-range question asked yet.</Empty>}
      {rows.length > 0 && (
        <NamedTable label="Analytics jobs" size="1" variant="surface">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Question</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Platform</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Range</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Asked by</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Asked</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Answered</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.id}>
                <Table.Cell>
                  {METRICS[row.metric] ?? row.metric}
                  {row.breakdown ? `: ${row.breakdown}` : ''}
                </Table.Cell>
                <Table.Cell>{row.platform === 'all' ? 'All platforms' : platformLabel(row.platform)}</Table.Cell>
                <Table.Cell>
                  {row.from} – {row.to}
                </Table.Cell>
                <Table.Cell>
                  <Badge color={COLORS[row.status]} title={row.error ?? undefined}>
                    {row.status}
                  </Badge>
                </Table.Cell>
                <Table.Cell>{row.createdBy?.name ?? '—'}</Table.Cell>
                <Table.Cell>
                  <When value={row.created} />
                </Table.Cell>
                <Table.Cell>{row.finished ? <When value={String(row.finished)} /> : '—'}</Table.Cell>
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
          onPage={setPage}
        />
      )}
    </Flex>
  )
}
