import { useCallback, useEffect, useMemo } from 'react'
import { Badge, Card, Flex, Grid, Heading, IconButton, Separator, Table, Text } from '@radix-ui/themes'
import { Cross2Icon } from '@radix-ui/react-icons'
import type { PayoutItem, PayoutSingle } from '@contract/payouts'
import { PAYOUT_PAGE_SIZES } from '@contract/payouts'
import { formatCount, formatMoney } from '@core/format'
import { PAYOUT_PROVIDER_LABELS, PAYOUT_STATUS_INFO, type PayoutStatus } from '@core/payout-status'
import type { ScreenProps } from '@client/routing/types'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { ListView, type ColumnDef, type FilterDef, type ListQuery } from '@client/ui/list'
import { RecordActions } from '@client/ui/RecordActions'
import { selectionOf } from '@commands/actions'
import { NamedTable } from '@client/ui/NamedTable'
import { RecordLink } from '@client/ui/RecordLink'
import { When } from '@client/ui/When'
import { mergeSearch, useTab } from '@client/workspace/tab-context'
import { PAYOUT_STATUS_MAP, PROVIDER_OPTIONS, STATUS_OPTIONS } from './status'
import { PayoutSettingsDialog } from './PayoutSettingsDialog'

const columns: ColumnDef<PayoutItem>[] = [
  { id: 'id', header: 'ID', type: 'text', value: (row) => row.id, width: 80 },
  {
    id: 'user',
    header: 'Account',
    type: 'user',
    value: (row) => ({ id: row.user.id, name: row.user.name, detail: row.user.email, avatarUrl: row.user.image }),
    csv: (row) => row.user.name,
    width: 230,
  },
  { id: 'amount', header: 'Amount', type: 'money', value: (row) => row.amount, width: 120 },
  { id: 'fee', header: 'Fee', type: 'money', value: (row) => row.fee, width: 100 },
  { id: 'net', header: 'Net', type: 'money', value: (row) => row.net, width: 120 },
  { id: 'status', header: 'Status', type: 'status', value: (row) => row.status, statuses: PAYOUT_STATUS_MAP, width: 120 },
  { id: 'provider', header: 'Provider', type: 'text', value: (row) => PAYOUT_PROVIDER_LABELS[row.provider], width: 100 },
  { id: 'providerAccountId', header: 'Payee at provider', type: 'text', value: (row) => row.providerAccountId, width: 220 },
  { id: 'type', header: 'Type', type: 'text', value: (row) => (row.isForce ? 'Force withdrawal' : 'Withdrawal'), width: 140 },
  { id: 'taxForm', header: 'Tax form', type: 'text', value: (row) => (row.taxForm ? 'On file' : '—'), width: 100, hidden: true },
  { id: 'orgAmount', header: 'Asked for', type: 'money', value: (row) => row.orgAmount, width: 120, hidden: true },
  { id: 'processed', header: 'Processed', type: 'text', value: (row) => (row.processed ? 'Yes' : 'No'), width: 100, hidden: true },
  { id: 'date', header: 'Requested', type: 'date', value: (row) => row.date, width: 140 },
]

const filters: FilterDef[] = [
  { id: 'status', label: 'Status', type: 'select', options: STATUS_OPTIONS },
  { id: 'provider', label: 'Provider', type: 'select', options: PROVIDER_OPTIONS },
]

/** The selected rows as payouts: the declared payout decisions act on them (one all-or-nothing call). */
const asPayouts = (rows: readonly PayoutItem[]) =>
  selectionOf(
    'payout',
    rows.map((row) => ({
      id: row.id,
      state: { status: row.status, amount: row.amount, accountName: row.user.name, accountId: row.user.id },
    })),
  )

const fetchTotals = (_key: number, signal: AbortSignal) => api.call('payouts.pendingTotals', undefined, { signal })

/** Counts and totals per status, and what each provider still has to pay. */
function Totals({ version }: { version: number }) {
  const load = useLoad(fetchTotals, version)
  const totals = load.data
  if (load.status === 'error') return <Text color="red">{load.error?.message}</Text>
  return (
    <Grid columns={{ initial: '2', sm: '3', md: '6' }} gap="3" aria-label="Payout totals" role="group">
      {(totals?.byStatus ?? []).map((entry) => (
        <Card key={entry.status} size="1">
          <Text as="div" size="1" color="gray">
            {PAYOUT_STATUS_INFO[entry.status].label}
          </Text>
          <Text as="div" size="4" weight="bold" data-testid={`total-${entry.status}`}>
            {formatMoney(entry.amount)}
          </Text>
          <Text as="div" size="1" color="gray">
            {formatCount(entry.count)} payout{entry.count === 1 ? '' : 's'}
          </Text>
        </Card>
      ))}
      {totals && (
        <Text size="2" color="gray" style={{ gridColumn: '1 / -1' }}>
          Outstanding: {formatMoney(totals.outstanding.amount)} in {formatCount(totals.outstanding.count)} payouts —{' '}
          {totals.byProvider
            .map((entry) => `${PAYOUT_PROVIDER_LABELS[entry.provider]} ${formatMoney(entry.amount)} (${entry.count})`)
            .join(' · ')}
        </Text>
      )}
    </Grid>
  )
}

const fetchPayout = (key: string, signal: AbortSignal) =>
  api.call('payouts.single', { params: { id: Number(key.split(':')[0]) } }, { signal })

/** One payout beside the list: its money, account, ledger transactions, history and the decisions it allows. */
function PayoutPane({ id, version, onClose }: { id: number; version: number; onClose(): void }) {
  const tab = useTab()
  const load = useLoad(fetchPayout, `${id}:${version}`, { cacheKey: `payout:${id}` })
  const payout: PayoutSingle | null = load.data && load.data.id === id ? load.data : null
  const record = useMemo(
    () =>
      payout
        ? {
            kind: 'payout' as const,
            id: String(payout.id),
            title: `Payout #${payout.id}`,
            state: { status: payout.status, amount: payout.amount, accountName: payout.user.name, accountId: payout.user.id },
          }
        : null,
    [payout],
  )
  const { publishRecord } = tab
  useEffect(() => {
    publishRecord(record)
    return () => publishRecord(null)
  }, [record, publishRecord])

  return (
    <Card size="2" style={{ width: 380, flexShrink: 0, alignSelf: 'flex-start' }} aria-label="Payout">
      <Flex justify="between" align="center" mb="2">
        <Heading as="h2" size="4">
          Payout #{id}
        </Heading>
        <IconButton variant="ghost" color="gray" aria-label="Close the payout" onClick={onClose}>
          <Cross2Icon aria-hidden />
        </IconButton>
      </Flex>
      {load.status === 'error' && <Text color="red">{load.error?.message}</Text>}
      {!payout && load.status !== 'error' && <Text color="gray">Loading…</Text>}
      {payout && (
        <Flex direction="column" gap="3">
          <Flex gap="2" align="center" wrap="wrap">
            <Badge color={PAYOUT_STATUS_MAP[payout.status].color} size="2">
              {PAYOUT_STATUS_MAP[payout.status].label}
            </Badge>
            {payout.isForce && <Badge color="gray">Force withdrawal</Badge>}
            <Text size="2" color="gray">
              {PAYOUT_PROVIDER_LABELS[payout.provider]} · {payout.providerAccountId}
            </Text>
          </Flex>
          <Grid columns="2" gap="1" asChild>
            <dl style={{ margin: 0 }}>
              <Text as="span" size="2" color="gray">
                Amount
              </Text>
              <Text as="span" size="2" weight="bold">
                {formatMoney(payout.amount)}
              </Text>
              <Text as="span" size="2" color="gray">
                Fee
              </Text>
              <Text as="span" size="2">
                {formatMoney(payout.fee)}
              </Text>
              <Text as="span" size="2" color="gray">
                Net paid
              </Text>
              <Text as="span" size="2">
                {formatMoney(payout.net)}
              </Text>
              <Text as="span" size="2" color="gray">
                Account
              </Text>
              <Text as="span" size="2">
                <RecordLink to={`/users/${payout.account.id}`}>{payout.account.name}</RecordLink>
              </Text>
              <Text as="span" size="2" color="gray">
                Available now
              </Text>
              <Text as="span" size="2">
                {formatMoney(payout.account.available)}
              </Text>
              <Text as="span" size="2" color="gray">
                Tax form
              </Text>
              <Text as="span" size="2">
                {payout.taxForm ? 'On file' : 'None on file'}
              </Text>
              <Text as="span" size="2" color="gray">
                Ledger
              </Text>
              <Text as="span" size="2">
                {[
                  payout.reserveTransactionId && `reserved #${payout.reserveTransactionId}`,
                  payout.settleTransactionId && `settled #${payout.settleTransactionId}`,
                ]
                  .filter(Boolean)
                  .join(', ') || '—'}
              </Text>
              {payout.reason && (
                <>
                  <Text as="span" size="2" color="gray">
                    Reason
                  </Text>
                  <Text as="span" size="2">
                    {payout.reason}
                  </Text>
                </>
              )}
            </dl>
          </Grid>
          <RecordActions
            record={record}
            buttons={[
              'payouts.changeStatus:approved',
              'payouts.changeStatus:paid',
              'payouts.changeStatus:rejected',
              'payouts.changeStatus:failed',
            ]}
            menu={false}
            size="1"
          />
          <Separator size="4" />
          <NamedTable label="Payout history" size="1">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>What</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Who</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {payout.history.map((entry, index) => (
                <Table.Row key={index}>
                  <Table.Cell>
                    <When value={entry.date} />
                  </Table.Cell>
                  <Table.Cell>
                    {entry.to ? (PAYOUT_STATUS_INFO[entry.to as PayoutStatus]?.label ?? entry.to) : entry.action}
                    {entry.reason ? ` — ${entry.reason}` : ''}
                  </Table.Cell>
                  <Table.Cell>{entry.by?.name ?? '—'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </NamedTable>
        </Flex>
      )}
    </Card>
  )
}

/** /payouts/manage/{page}: totals on top, every payout of the workspace, bulk decisions, and a payout's pane (?payout=). */
export default function PayoutsScreen({ params, search }: ScreenProps) {
  const tab = useTab()
  const version = useDataVersion()
  const page = Number(params.page) || 1
  const openId = Number(search.get('payout')) || null
  const settingsOpen = search.get('settings') === '1'
  const fetch = useCallback(
    (query: ListQuery, signal: AbortSignal) =>
      api.call(
        'payouts.list',
        {
          query: {
            page: query.page,
            per_page: query.perPage,
            status: query.filters.status as PayoutItem['status'] | undefined,
            provider: query.filters.provider as PayoutItem['provider'] | undefined,
            search: query.search || undefined,
          },
        },
        { signal },
      ),
    [],
  )
  const { path, setSearch } = tab
  const rowLink = useCallback((row: PayoutItem) => mergeSearch(path, { payout: String(row.id) }), [path])
  const closePane = useCallback(() => setSearch({ payout: null }), [setSearch])
  const closeSettings = useCallback(() => setSearch({ settings: null }), [setSearch])
  return (
    <Flex direction="column" gap="4" p="4">
      <Flex justify="end" gap="4">
        <RecordLink to="/payouts/export/1">Payout exports</RecordLink>
        <RecordLink to="/payout-connections">Payout connections</RecordLink>
        {/* With the payout-wide links, not in the list's toolbar beside the list's own Settings. */}
        <RecordLink to={mergeSearch(path, { settings: '1' })}>Payout settings</RecordLink>
      </Flex>
      <Totals version={version} />
      <Flex gap="4" align="start">
        <div style={{ flex: 1, minWidth: 0 }}>
          <ListView<PayoutItem>
            key={version}
            listId="payouts"
            title="Payouts"
            columns={columns}
            rowId={(row) => row.id}
            fetch={fetch}
            page={page}
            pageSizes={PAYOUT_PAGE_SIZES}
            pagePath={(next) => `/payouts/manage/${next}`}
            filters={filters}
            rowLink={rowLink}
            records={asPayouts}
            errorMessage="There was an error fetching the payouts. Please try again."
          />
        </div>
        {openId && <PayoutPane id={openId} version={version} onClose={closePane} />}
      </Flex>
      <PayoutSettingsDialog open={settingsOpen} onClose={closeSettings} />
    </Flex>
  )
}
