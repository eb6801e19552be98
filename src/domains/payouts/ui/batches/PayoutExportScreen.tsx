import { useEffect, useMemo, useState } from 'react'
import { Badge, Button, Callout, Card, Flex, Grid, Heading, Link, Table, Text } from '@radix-ui/themes'
import type { PayoutBatch, PayoutConnection } from '@contract/payout-batches'
import { exportConfirmed, type PayoutBatchRecordState } from '@commands/payout-batches'
import { runCommand } from '@client/shell/run-command'
import type { RecordRef } from '@commands/records'
import { RecordActions } from '@client/ui/RecordActions'
import { formatCount, formatMoney } from '@core/format'
import type { ScreenProps } from '@client/routing/types'
import { api } from '@client/api'
import { useDataVersion } from '@client/state/useDataVersion'
import { useLoad } from '@client/state/useLoad'
import { NamedTable } from '@client/ui/NamedTable'
import { RecordLink } from '@client/ui/RecordLink'
import { Empty, When } from '@client/ui/When'
import { ConfirmDialog } from '@client/ui/list/ConfirmDialog'
import { Pagination } from '@client/ui/list/Pagination'
import { useTab } from '@client/workspace/tab-context'
import { BatchFileLink, batchProgress, DeliveryBadge } from './shared'

const PER_PAGE = 25

const fetchHistory = (key: string, signal: AbortSignal) => {
  const { page } = JSON.parse(key) as { page: number }
  return api.call('payouts.history', { params: { page }, query: { per_page: PER_PAGE } }, { signal })
}
const fetchConnections = (_key: string, signal: AbortSignal) => api.call('payouts.connections', undefined, { signal })

const plural = (count: number, word: string) => `${formatCount(count)} ${word}${count === 1 ? '' : 's'}`

/** A batch as the record its actions (and the palette) act on. */
function batchRecord(batch: PayoutBatch): RecordRef<'payoutBatch'> {
  const state: PayoutBatchRecordState = {
    delivery: batch.delivery,
    provider: batch.provider,
    fileId: batch.file?.id ?? null,
    fileName: batch.file?.name ?? null,
  }
  return { kind: 'payoutBatch', id: String(batch.id), title: `Batch #${batch.id}`, state }
}

/**
 * /payouts/export/{page}: export the approved payouts of a provider into its batch file (and its
 * API when connected), then the payout history: every batch with its file, count and amounts.
 */
export default function PayoutExportScreen({ params }: ScreenProps) {
  const tab = useTab()
  const { setTitle, publishRecord, setSearch, navigate } = tab
  const page = Math.max(1, Number(params.page) || 1)
  const version = useDataVersion()
  const history = useLoad(fetchHistory, JSON.stringify({ page, version }))
  const providers = useLoad(fetchConnections, String(version))
  const [exporting, setExporting] = useState<PayoutConnection | null>(null)
  const focusedId = Number(tab.search.get('batch')) || null
  const rows = useMemo(() => history.data?.data ?? [], [history.data])
  const focused = rows.find((batch) => batch.id === focusedId) ?? null

  useEffect(() => setTitle(page > 1 ? `Payout exports · page ${page}` : 'Payout exports'), [setTitle, page])
  useEffect(() => {
    if (!focused) {
      publishRecord(null)
      return
    }
    publishRecord(batchRecord(focused))
  }, [focused, publishRecord])
  useEffect(() => () => publishRecord(null), [publishRecord])

  return (
    <Flex direction="column" gap="4" p="4">
      <Flex justify="between" align="center" wrap="wrap" gap="2">
        <Heading size="5">Payout exports</Heading>
        <RecordLink to="/payout-connections">Payout connections</RecordLink>
      </Flex>

      {providers.status === 'error' && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{providers.error?.message}</Callout.Text>
        </Callout.Root>
      )}
      <Grid columns={{ initial: '1', sm: '2' }} gap="3">
        {(providers.data?.data ?? []).map((provider) => (
          <Card key={provider.provider} size="2">
            <Flex direction="column" gap="2">
              <Flex justify="between" align="center">
                <Heading as="h2" size="3">
                  {provider.label}
                </Heading>
                {provider.configured ? <Badge color="green">Connected</Badge> : <Badge color="gray">Paid by file</Badge>}
              </Flex>
              <Text size="2">
                {provider.approved.count > 0
                  ? `${plural(provider.approved.count, 'approved payout')} waiting: ${formatMoney(provider.approved.amount)} (net ${formatMoney(provider.approved.net)})`
                  : 'No approved payouts waiting.'}
              </Text>
              <Flex justify="end">
                <Button disabled={provider.approved.count === 0} onClick={() => setExporting(provider)}>
                  Export approved {provider.label} payouts
                </Button>
              </Flex>
            </Flex>
          </Card>
        ))}
      </Grid>

      {focused && (
        <Callout.Root color={focused.delivery === 'api' ? 'blue' : 'green'} aria-label="Selected batch">
          <Callout.Text>
            Batch #{focused.id} · {focused.provider === 'paypal' ? 'PayPal' : 'Tipalti'} · {plural(focused.count, 'payout')} ·{' '}
            {formatMoney(focused.amount)} (net {formatMoney(focused.net)}) · <BatchFileLink file={focused.file} />
            {focused.delivery === 'file'
              ? ' — upload this file at the provider to pay it.'
              : ` — submitted through the API (${focused.providerBatchId}).`}
          </Callout.Text>
        </Callout.Root>
      )}

      <Card size="2">
        <Heading as="h2" size="3" mb="2">
          Payout history
        </Heading>
        {history.status === 'error' && (
          <Flex gap="2" align="center" role="alert">
            <Text color="red">{history.error?.message}</Text>
            <Button variant="soft" size="1" onClick={history.reload}>
              Try again
            </Button>
          </Flex>
        )}
        {history.status === 'success' && rows.length === 0 && <Empty>No batches yet. Export approved payouts to make the first one.</Empty>}
        {rows.length > 0 && (
          <NamedTable label="Payout batches" size="1">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Batch</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Date</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Provider</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>File</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">Count</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">Amount</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">Net</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Delivery</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Payouts</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>By</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((batch) => (
                <Table.Row key={batch.id} style={batch.id === focusedId ? { background: 'var(--accent-a3)' } : undefined}>
                  <Table.RowHeaderCell>
                    <Link
                      href={`?batch=${batch.id}`}
                      onClick={(event) => {
                        event.preventDefault()
                        setSearch({ batch: String(batch.id) })
                      }}
                    >
                      #{batch.id}
                    </Link>
                  </Table.RowHeaderCell>
                  <Table.Cell>
                    <When value={batch.date} />
                  </Table.Cell>
                  <Table.Cell>{batch.provider === 'paypal' ? 'PayPal' : 'Tipalti'}</Table.Cell>
                  <Table.Cell>
                    <BatchFileLink file={batch.file} />
                  </Table.Cell>
                  <Table.Cell justify="end">{formatCount(batch.count)}</Table.Cell>
                  <Table.Cell justify="end" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatMoney(batch.amount)}
                  </Table.Cell>
                  <Table.Cell justify="end" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatMoney(batch.net)}
                  </Table.Cell>
                  <Table.Cell>
                    <DeliveryBadge delivery={batch.delivery} />
                  </Table.Cell>
                  <Table.Cell>
                    <Flex gap="2" align="center">
                      <Text size="1">{batchProgress(batch.statuses)}</Text>
                      {batch.delivery === 'api' && batch.statuses.processing > 0 && (
                        <RecordActions record={batchRecord(batch)} buttons={['payouts.batchSync']} menu={false} size="1" />
                      )}
                    </Flex>
                  </Table.Cell>
                  <Table.Cell>{batch.by?.name ?? '—'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </NamedTable>
        )}
        {history.data && history.data.meta.last_page > 1 && (
          <Pagination
            page={page}
            lastPage={history.data.meta.last_page}
            perPage={PER_PAGE}
            total={history.data.meta.total}
            totalIsEstimate={history.data.meta.totalIsEstimate}
            onPage={(next) => navigate(`/payouts/export/${next}`)}
          />
        )}
      </Card>

      <ConfirmDialog
        open={exporting !== null}
        onOpenChange={(open) => !open && setExporting(null)}
        title={exporting ? `Export approved ${exporting.label} payouts?` : ''}
        description={
          exporting
            ? `${plural(exporting.approved.count, 'payout')} totalling ${formatMoney(exporting.approved.amount)} (net ${formatMoney(exporting.approved.net)}) go into one ${exporting.label} batch file and move to processing.` +
              (exporting.configured
                ? ` The batch is submitted to ${exporting.label} at once.`
                : ' Upload the file at the provider to pay them.')
            : ''
        }
        confirmLabel="Export"
        onConfirm={async () => {
          if (!exporting) return
          // The palette's own export (commands/payout-batches.ts): it says what was made and opens the batch.
          await runCommand(exportConfirmed(exporting))
        }}
      />
    </Flex>
  )
}
