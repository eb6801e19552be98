import { useState, type ReactNode } from 'react'
import { Badge, Flex, Select, Table, Text } from '@radix-ui/themes'
import { LEDGER_CATEGORIES, type LedgerEntry } from '@contract/ledger'
import { formatMoney } from '@core/format'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { NamedTable } from '@client/ui/NamedTable'
import { RecordLink } from '@client/ui/RecordLink'
import { When } from '@client/ui/When'
import { PagedCard } from './PagedCard'

const PER_PAGE = 50

const CATEGORY_LABEL: Record<string, string> = {
  earnings: 'Earnings',
  sales: 'Sales',
  adjustment: 'Adjustment',
  publishing: 'Publishing',
  payouts: 'Payouts',
}
const KIND_LABEL: Record<string, string> = {
  import: 'Statement',
  rollback: 'Rollback',
  match: 'Manual match',
  adjustment: 'Adjustment',
  publishing: 'Publishing',
  payout: 'Payout',
}

const fetchEntries = (key: string, signal: AbortSignal) => {
  const { id, page, category } = JSON.parse(key) as { id: number; page: number; category: string }
  return api.call(
    'ledger.entries',
    {
      params: { id },
      query: { page, per_page: PER_PAGE, ...(category ? { category: category as (typeof LEDGER_CATEGORIES)[number] } : {}) },
    },
    { signal },
  )
}

function explain(entry: LedgerEntry) {
  const parts: ReactNode[] = []
  if (entry.track)
    parts.push(
      <RecordLink key="track" to={`/releases/track/${entry.track.id}`}>
        {entry.track.title}
      </RecordLink>,
    )
  else if (entry.release)
    parts.push(
      <RecordLink key="release" to={`/releases/single/${entry.release.id}`}>
        {entry.release.title}
      </RecordLink>,
    )
  if (entry.import) parts.push(<Text key="import">{`${entry.import.name} (import #${entry.import.id})`}</Text>)
  if (entry.reason) parts.push(<Text key="reason">{entry.reason}</Text>)
  if (parts.length === 0) return '—'
  return (
    <Flex gap="1" wrap="wrap">
      {parts.map((part, index) => (
        <span key={index}>
          {index > 0 ? ' · ' : ''}
          {part}
        </span>
      ))}
    </Flex>
  )
}

/** The account's ledger entries, newest first: where every figure of the balance comes from. */
export function LedgerSection({ userId, version = 0 }: { userId: number; version?: number }) {
  const [page, setPage] = useState(1)
  const [category, setCategory] = useState('')
  const load = useLoad(fetchEntries, JSON.stringify({ id: userId, page, category, version }))
  return (
    <PagedCard
      title="Ledger"
      tools={
        <Select.Root
          value={category || 'all'}
          onValueChange={(value) => {
            setCategory(value === 'all' ? '' : value)
            setPage(1)
          }}
        >
          <Select.Trigger aria-label="Balance line" />
          <Select.Content>
            <Select.Item value="all">Every balance line</Select.Item>
            {LEDGER_CATEGORIES.map((value) => (
              <Select.Item key={value} value={value}>
                {CATEGORY_LABEL[value]}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      }
      load={load}
      page={page}
      perPage={PER_PAGE}
      onPage={setPage}
      empty="No ledger entries yet."
    >
      {(rows) => (
        <NamedTable label="Ledger entries" size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Date</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>What</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Line</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Month</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Details</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Amount</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((entry) => (
              <Table.Row key={entry.id}>
                <Table.Cell>
                  <When value={entry.date} />
                </Table.Cell>
                <Table.Cell>{KIND_LABEL[entry.kind] ?? entry.kind}</Table.Cell>
                <Table.Cell>
                  <Badge color="gray">{CATEGORY_LABEL[entry.category] ?? entry.category}</Badge>
                </Table.Cell>
                <Table.Cell>{entry.period ?? '—'}</Table.Cell>
                <Table.Cell>{explain(entry)}</Table.Cell>
                <Table.Cell justify="end" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  <Text color={entry.amount.startsWith('-') ? 'red' : undefined} title={entry.amount}>
                    {formatMoney(entry.amount)}
                  </Text>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </NamedTable>
      )}
    </PagedCard>
  )
}
