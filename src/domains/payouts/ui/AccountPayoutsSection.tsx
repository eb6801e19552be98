import { useState } from 'react'
import { Badge, Table, Text } from '@radix-ui/themes'
import { formatMoney } from '@core/format'
import { PAYOUT_PROVIDER_LABELS } from '@core/payout-status'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { NamedTable } from '@client/ui/NamedTable'
import { RecordLink } from '@client/ui/RecordLink'
import { When } from '@client/ui/When'
import { PagedCard } from '@domains/earnings/ui/ledger/PagedCard'
import { PAYOUT_STATUS_MAP } from './status'

const PER_PAGE = 25

const fetchPayouts = (key: string, signal: AbortSignal) => {
  const { id, page } = JSON.parse(key) as { id: number; page: number }
  return api.call('payouts.list', { query: { accountId: id, page, per_page: PER_PAGE } }, { signal })
}

/** The account tab's payouts: every withdrawal of the account, newest first; a row opens it in the payouts list. */
export function AccountPayoutsSection({ userId, version = 0 }: { userId: number; version?: number }) {
  const [page, setPage] = useState(1)
  const load = useLoad(fetchPayouts, JSON.stringify({ id: userId, page, version }))
  return (
    <PagedCard title="Payouts" tools={null} load={load} page={page} perPage={PER_PAGE} onPage={setPage} empty="No payouts yet.">
      {(rows) => (
        <NamedTable label="Payouts of the account" size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Payout</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Requested</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Provider</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Amount</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Fee</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Net</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((payout) => (
              <Table.Row key={payout.id}>
                <Table.Cell>
                  <RecordLink to={`/payouts/manage/1?payout=${payout.id}`}>{`#${payout.id}`}</RecordLink>
                  {payout.isForce && <Text color="gray"> (force)</Text>}
                </Table.Cell>
                <Table.Cell>
                  <When value={payout.date} />
                </Table.Cell>
                <Table.Cell>
                  <Badge color={PAYOUT_STATUS_MAP[payout.status].color}>{PAYOUT_STATUS_MAP[payout.status].label}</Badge>
                  {payout.reason && <Text color="gray"> {payout.reason}</Text>}
                </Table.Cell>
                <Table.Cell>{PAYOUT_PROVIDER_LABELS[payout.provider]}</Table.Cell>
                <Table.Cell justify="end" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(payout.amount)}
                </Table.Cell>
                <Table.Cell justify="end" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(payout.fee)}
                </Table.Cell>
                <Table.Cell justify="end" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(payout.net)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </NamedTable>
      )}
    </PagedCard>
  )
}
