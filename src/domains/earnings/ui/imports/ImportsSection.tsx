import { useEffect, useState } from 'react'
import { Badge, Box, Button, Flex, Heading, Table, Text } from '@radix-ui/themes'
import { SOURCE_LABELS, type ImportRow, type StatementSource } from '@contract/earnings-imports'
import { formatCount } from '@core/format'
import { api } from '@client/api'
import { useSession } from '@client/state/session'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { NamedTable } from '@client/ui/NamedTable'
import { RecordLink } from '@client/ui/RecordLink'
import { Empty, When } from '@client/ui/When'
import { useTab } from '@client/workspace/tab-context'
import { ImportFlowDialog } from './ImportFlowDialog'
import { RollbackDialog } from './RollbackDialog'
import { STATUS_COLORS, amountIn, baseMoney, statusLabel } from './format'
import { LoadError, PageFooter } from './parts'

const PER_PAGE = 25

const fetchHistory = (input: string, signal: AbortSignal) => {
  const [source, page] = input.split(':')
  const id = source === 'cms' ? 'earnings.cmsHistory' : 'earnings.audiosaladHistory'
  return api.call(id, { query: { page: Number(page), per_page: PER_PAGE } }, { signal })
}

function History({
  source,
  version,
  isAdmin,
  onRollback,
}: {
  source: StatementSource
  version: number
  isAdmin: boolean
  onRollback(row: ImportRow): void
}) {
  const [page, setPage] = useState(1)
  const load = useLoad(fetchHistory, `${source}:${page}:${version}`)
  const rows = load.data?.data ?? []
  return (
    <Box>
      <Heading as="h3" size="3" mb="2">
        {SOURCE_LABELS[source]} imports
      </Heading>
      {load.error && <LoadError message={load.error.message} />}
      {!load.error && load.data && rows.length === 0 && <Empty>{`No ${SOURCE_LABELS[source]} statement imported yet.`}</Empty>}
      {rows.length > 0 && (
        <NamedTable label={`${SOURCE_LABELS[source]} import history`} size="1" variant="surface">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Import</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Period</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Rows</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Matched</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Gross</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Net (USD)</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Run by</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
              {isAdmin && <Table.ColumnHeaderCell />}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.id}>
                <Table.Cell>
                  <RecordLink to={`/earnings/import/${row.id}`}>#{row.id}</RecordLink>{' '}
                  <Text size="1" color="gray">
                    {row.fileName}
                  </Text>
                </Table.Cell>
                <Table.Cell>{row.period}</Table.Cell>
                <Table.Cell>
                  <Badge color={STATUS_COLORS[row.status]} title={row.error ?? undefined}>
                    {statusLabel(row.status)}
                  </Badge>
                </Table.Cell>
                <Table.Cell justify="end">{formatCount(row.rows)}</Table.Cell>
                <Table.Cell justify="end">
                  {formatCount(row.matched)}
                  {row.unmatched > 0 && (
                    <Text size="1" color="amber">
                      {' '}
                      +{formatCount(row.unmatched)} unmatched
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell justify="end">{amountIn(row.gross, row.currency)}</Table.Cell>
                <Table.Cell justify="end">{baseMoney(row.netBase)}</Table.Cell>
                <Table.Cell>{row.createdBy?.name ?? '—'}</Table.Cell>
                <Table.Cell>
                  <When value={row.created} />
                </Table.Cell>
                {isAdmin && (
                  <Table.Cell>
                    {row.status === 'committed' && (
                      <Button
                        size="1"
                        variant="soft"
                        color="orange"
                        onClick={() => onRollback(row)}
                        aria-label={`Roll back import #${row.id}`}
                      >
                        Rollback
                      </Button>
                    )}
                  </Table.Cell>
                )}
              </Table.Row>
            ))}
          </Table.Body>
        </NamedTable>
      )}
      {load.data && load.data.meta.total > 0 && <PageFooter meta={load.data.meta} onPage={setPage} />}
    </Box>
  )
}

/**
 * The earnings tab's imports: "Import statement…" (the flow opens at once with `?import=new`), and
 * both histories with status, rows, totals, who ran each and, for admins, Rollback.
 */
export function ImportsSection({ version }: { version?: number }) {
  const tab = useTab()
  const dataVersion = useDataVersion()
  const { me } = useSession()
  const isAdmin = me?.account.type === 'admin'
  const [flowOpen, setFlowOpen] = useState(false)
  const [rollingBack, setRollingBack] = useState<ImportRow | null>(null)
  const asked = tab.search.get('import') === 'new'
  const { setSearch } = tab
  useEffect(() => {
    if (!asked) return
    setFlowOpen(true)
    setSearch({ import: null }, { replace: true })
  }, [asked, setSearch])
  const key = (version ?? 0) + dataVersion
  return (
    <Flex direction="column" gap="5">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Text size="2" color="gray">
          Statements from YouTube CMS and AudioSalad: checked in a dry run, then committed to the balances.
        </Text>
        {isAdmin && <Button onClick={() => setFlowOpen(true)}>Import statement…</Button>}
      </Flex>
      <History source="cms" version={key} isAdmin={isAdmin} onRollback={setRollingBack} />
      <History source="audiosalad" version={key} isAdmin={isAdmin} onRollback={setRollingBack} />
      <ImportFlowDialog open={flowOpen} onOpenChange={setFlowOpen} />
      <RollbackDialog
        importId={rollingBack?.id ?? null}
        onOpenChange={(open) => !open && setRollingBack(null)}
        description={
          rollingBack
            ? `Import #${rollingBack.id} (${rollingBack.fileName}, ${rollingBack.period}) credited ${baseMoney(rollingBack.netBase)}. Rolling it back posts compensating entries that take all of it out of the balances again. The history is kept.`
            : ''
        }
      />
    </Flex>
  )
}
