import { Table, Text } from '@radix-ui/themes'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { NamedTable } from '@client/ui/NamedTable'
import { RecordLink } from '@client/ui/RecordLink'
import { Empty, When } from '@client/ui/When'
import { SplitStatusBadge } from './status'

const fetchSummaries = (key: string, signal: AbortSignal) =>
  api.call('splits.releaseTab', { params: { id: Number(key.split(':')[0]) } }, { signal })

/** The release tab's splits section: every split of the release's tracks (spec: split summary), each linking to the split. */
export function ReleaseSplitsSection({ releaseId, version }: { releaseId: number; version: number }) {
  const load = useLoad(fetchSummaries, `${releaseId}:${version}`)
  const rows = load.data?.data ?? []
  if (load.status === 'error') return <Text color="red">{load.error?.message}</Text>
  if (load.status === 'success' && rows.length === 0) return <Empty>No track of this release has a split.</Empty>
  return (
    <NamedTable size="1" label="Splits of the release">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Split</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Track</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Payees</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>From</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Ended</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Created</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={row.id}>
            <Table.RowHeaderCell>
              <RecordLink to={`/royalty-shares/single/${row.id}`}>#{row.id}</RecordLink>
              {row.isLocked ? ' 🔒' : ''}
            </Table.RowHeaderCell>
            <Table.Cell>{row.trackTitle}</Table.Cell>
            <Table.Cell>
              <SplitStatusBadge status={row.status} />
            </Table.Cell>
            <Table.Cell>{row.payeeCount}</Table.Cell>
            <Table.Cell>{row.startsOn}</Table.Cell>
            <Table.Cell>{row.ended ?? '—'}</Table.Cell>
            <Table.Cell>
              <When value={row.created} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </NamedTable>
  )
}
