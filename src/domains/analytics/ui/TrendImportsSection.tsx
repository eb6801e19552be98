import { useEffect, useMemo, useState, type FormEvent } from 'react'
import { Badge, Box, Button, Callout, Dialog, Flex, Grid, Heading, Select, Spinner, Table, Text } from '@radix-ui/themes'
import { fromPromise } from 'xstate'
import { useActorRef, useSelector } from '@xstate/react'
import { TREND_IMPORT_STATUS_LABELS, type TrendImportDetail, type TrendImportRow, type TrendImportStatus } from '@contract/analytics'
import { IMPORTABLE_PLATFORMS, platformLabel } from '@core/analytics-platforms'
import { formatCount } from '@core/format'
import type { TrendImportRecordState } from '@commands/analytics'
import { importMachine } from '@machines/import/import.machine'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { NamedTable } from '@client/ui/NamedTable'
import { RecordActions } from '@client/ui/RecordActions'
import { Empty, When } from '@client/ui/When'
import { Pagination } from '@client/ui/list/Pagination'
import { useTab } from '@client/workspace/tab-context'
import { workspaceActions } from '@client/workspace/store'

const PER_PAGE = 25

const STATUS_COLORS: Record<TrendImportStatus, 'gray' | 'blue' | 'amber' | 'green' | 'red'> = {
  uploaded: 'gray',
  parsing: 'blue',
  review: 'amber',
  committed: 'green',
  cancelled: 'gray',
  failed: 'red',
}

interface UploadRequest {
  platform: string
  file: File
}

/**
 * The statement import machine (machines/import) bound to trend reports: upload, then poll the dry
 * run. Commit and cancel are the declared actions (commands/analytics.ts) shown as the review's
 * buttons; once one has run the machine reads the import again and follows it to its end state.
 */
function useTrendImportFlow() {
  const actor = useActorRef(
    importMachine.provide({
      actors: {
        upload: fromPromise(async ({ input }) => {
          const request = input as UploadRequest
          const answer = await api.upload('analytics.importTrends', {
            params: { platform: request.platform },
            body: {},
            files: { file: request.file },
          })
          workspaceActions.refreshData()
          return answer
        }),
        fetchImport: fromPromise(({ input, signal }) => api.call('analytics.import', { params: { id: input.id } }, { signal })),
      },
    }),
  )
  const value = useSelector(actor, (snapshot) => snapshot.value as string | Record<string, string>)
  const step = typeof value === 'string' ? value : Object.keys(value)[0]
  const detail = useSelector(actor, (snapshot) => snapshot.context.detail as TrendImportDetail | null)
  const error = useSelector(actor, (snapshot) => snapshot.context.error)
  const failedStep = useSelector(actor, (snapshot) => snapshot.context.failedStep)
  return { step, detail, error, failedStep, send: actor.send }
}

function DryRun({ detail }: { detail: TrendImportDetail }) {
  const report = detail.report
  if (!report) return null
  return (
    <Flex direction="column" gap="3">
      <Grid columns={{ initial: '2', sm: '4' }} gap="3">
        {[
          ['Lines', formatCount(report.rows)],
          ['Matched by ISRC', `${formatCount(report.matched)} (${report.matchRate.toFixed(2)}%)`],
          ['Streams', formatCount(report.streams)],
          ['Streams matched', formatCount(report.matchedStreams)],
          ['Days', report.from ? `${report.from} – ${report.to}` : '—'],
          ['Countries', formatCount(report.countries)],
          ['Unmatched lines', formatCount(report.unmatched)],
          ['Unreadable lines', formatCount(report.errors.count)],
        ].map(([label, value]) => (
          <Box key={label}>
            <Text as="div" size="1" color="gray">
              {label}
            </Text>
            <Text as="div" size="3" weight="bold" aria-label={label}>
              {value}
            </Text>
          </Box>
        ))}
      </Grid>
      {report.unmatched > 0 && (
        <Text size="2" color="gray">
          Unmatched lines are kept: they count as soon as a track with their ISRC exists (at the next commit).
        </Text>
      )}
      {report.topUnmatched.length > 0 && (
        <NamedTable label="Unmatched ISRCs" size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Unmatched ISRC or track id</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Lines</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Streams</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {report.topUnmatched.map((row) => (
              <Table.Row key={row.key}>
                <Table.Cell>{row.key}</Table.Cell>
                <Table.Cell justify="end">{formatCount(row.rows)}</Table.Cell>
                <Table.Cell justify="end">{formatCount(row.streams)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </NamedTable>
      )}
      {report.errors.first.length > 0 && (
        <Callout.Root color="amber">
          <Callout.Text>
            Skipped lines: {report.errors.first.map((entry) => `line ${entry.line}: ${entry.message}`).join('; ')}
            {report.errors.count > report.errors.first.length ? ' …' : ''}
          </Callout.Text>
        </Callout.Root>
      )}
    </Flex>
  )
}

/** "Import trend report…": platform and file, then the dry run with Commit or Cancel. */
function TrendImportDialog({ open, onOpenChange, platform }: { open: boolean; onOpenChange(open: boolean): void; platform: string }) {
  const tab = useTab()
  const version = useDataVersion()
  const { step, detail, error, failedStep, send } = useTrendImportFlow()
  const [chosen, setChosen] = useState(IMPORTABLE_PLATFORMS.includes(platform) ? platform : 'spotify')
  const [file, setFile] = useState<File | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const { publishRecord } = tab

  const record = useMemo(() => {
    if (!detail || step !== 'review') return null
    const state: TrendImportRecordState = { status: detail.status, platform: detail.platform, fileName: detail.fileName }
    return { kind: 'trendImport' as const, id: String(detail.id), title: `Trend import #${detail.id}`, state }
  }, [detail, step])
  // The import under review is the tab's record: the palette offers its Commit and Cancel.
  useEffect(() => {
    if (!record) return
    publishRecord(record)
    return () => publishRecord(null)
  }, [record, publishRecord])
  // A declared action changed data: read the import again (committed or cancelled ends the flow).
  const reviewed = step === 'review' ? detail?.id : undefined
  const [seen, setSeen] = useState(version)
  useEffect(() => {
    if (version === seen) return
    setSeen(version)
    if (reviewed) send({ type: 'OPEN', id: reviewed })
  }, [version, seen, reviewed, send])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!file) return setFormError('Choose the trend report (CSV).')
    setFormError(null)
    send({ type: 'UPLOAD', upload: { platform: chosen, file } satisfies UploadRequest })
  }
  const close = () => {
    onOpenChange(false)
    if (['committed', 'cancelled', 'error', 'idle'].includes(step)) {
      send({ type: 'RESET' })
      setFile(null)
    }
  }
  const showForm = step === 'idle' || (step === 'error' && failedStep === 'upload')
  const busy = step === 'uploading' || step === 'parsing'

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <Dialog.Content maxWidth={showForm ? '560px' : '960px'} aria-describedby={undefined}>
        <Dialog.Title>{detail && !showForm ? `Trend import #${detail.id} · ${detail.fileName}` : 'Import trend report'}</Dialog.Title>
        {showForm && (
          <form onSubmit={submit}>
            <Flex direction="column" gap="3">
              <Text as="label" size="2">
                <Text weight="medium">Platform</Text>
                <Box mt="1">
                  <Select.Root value={chosen} onValueChange={setChosen}>
                    <Select.Trigger aria-label="Platform" />
                    <Select.Content>
                      {IMPORTABLE_PLATFORMS.map((slug) => (
                        <Select.Item key={slug} value={slug}>
                          {platformLabel(slug)}
                        </Select.Item>
                      ))}
                    </Select.Content>
                  </Select.Root>
                </Box>
              </Text>
              <Text as="label" size="2">
                <Text weight="medium">Daily trend report (CSV)</Text>
                <Box mt="1">
                  <input
                    type="file"
                    accept=".csv,text/csv"
                    aria-label="Trend report file"
                    onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                  />
                </Box>
              </Text>
              {(formError || (step === 'error' && error)) && (
                <Callout.Root color="red" role="alert">
                  <Callout.Text>{formError ?? error}</Callout.Text>
                </Callout.Root>
              )}
              <Flex gap="3" justify="end">
                <Button type="button" variant="soft" color="gray" onClick={close}>
                  Close
                </Button>
                <Button type="submit">Upload and check</Button>
              </Flex>
            </Flex>
          </form>
        )}
        {busy && (
          <Flex align="center" gap="2" my="4" role="status">
            <Spinner />
            <Text size="2">{step === 'uploading' ? 'Uploading…' : 'Reading the report and matching ISRCs (dry run)…'}</Text>
          </Flex>
        )}
        {step === 'review' && detail && (
          <Flex direction="column" gap="3">
            <Text size="2" color="gray">
              Dry run: nothing counts in the analytics until you commit.
            </Text>
            <DryRun detail={detail} />
            <Flex justify="end">
              <RecordActions record={record} buttons={['analytics.importCancel', 'analytics.importCommit']} menu={false} />
            </Flex>
          </Flex>
        )}
        {step === 'error' && !showForm && (
          <Flex direction="column" gap="3">
            <Callout.Root color="red" role="alert">
              <Callout.Text>{error ?? 'Something went wrong.'}</Callout.Text>
            </Callout.Root>
            <Flex gap="3" justify="end">
              <Button variant="soft" color="gray" onClick={() => send({ type: 'RESET' })}>
                Start over
              </Button>
              <Button onClick={() => send({ type: 'RETRY' })}>Try again</Button>
            </Flex>
          </Flex>
        )}
        {(step === 'committed' || step === 'cancelled') && (
          <Flex direction="column" gap="3">
            <Callout.Root color={step === 'committed' ? 'green' : 'gray'} role="status">
              <Callout.Text>
                {step === 'committed'
                  ? `Committed: ${formatCount(detail?.report?.matchedStreams ?? 0)} streams are in the analytics.`
                  : 'Trend import cancelled: nothing was counted.'}
              </Callout.Text>
            </Callout.Root>
            <Flex justify="end">
              <Button onClick={close}>Done</Button>
            </Flex>
          </Flex>
        )}
      </Dialog.Content>
    </Dialog.Root>
  )
}

const fetchHistory = (input: string, signal: AbortSignal) => {
  const [platform, page] = input.split(':')
  return api.call(
    'analytics.imports',
    { query: { page: Number(page), per_page: PER_PAGE, ...(platform !== 'all' ? { platform } : {}) } },
    { signal },
  )
}

/** The trend imports, newest first, and "Import trend report…" (`?import=new` opens it at once). */
export function TrendImportsSection({ platform, version }: { platform: string; version: number }) {
  const tab = useTab()
  const [open, setOpen] = useState(false)
  const [page, setPage] = useState(1)
  const asked = tab.search.get('import') === 'new'
  const { setSearch } = tab
  useEffect(() => {
    if (!asked) return
    setOpen(true)
    setSearch({ import: null }, { replace: true })
  }, [asked, setSearch])
  const scope = IMPORTABLE_PLATFORMS.includes(platform) ? platform : 'all'
  const load = useLoad(fetchHistory, `${scope}:${page}:${version}`)
  const rows: TrendImportRow[] = load.data?.data ?? []
  return (
    <Flex direction="column" gap="4">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Text size="2" color="gray">
          Daily trend reports: checked in a dry run (ISRC match rate), then committed to the analytics.
        </Text>
        <Button onClick={() => setOpen(true)}>Import trend report…</Button>
      </Flex>
      <Heading as="h3" size="3">
        {scope === 'all' ? 'Trend imports' : `${platformLabel(scope)} trend imports`}
      </Heading>
      {load.error && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{load.error.message}</Callout.Text>
        </Callout.Root>
      )}
      {!load.error && load.data && rows.length === 0 && <Empty>No trend report imported yet.</Empty>}
      {rows.length > 0 && (
        <NamedTable label="Trend import history" size="1" variant="surface">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Import</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Platform</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Lines</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Matched</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Streams</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Run by</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.id}>
                <Table.Cell>
                  #{row.id}{' '}
                  <Text size="1" color="gray">
                    {row.fileName}
                  </Text>
                </Table.Cell>
                <Table.Cell>{platformLabel(row.platform)}</Table.Cell>
                <Table.Cell>
                  <Badge color={STATUS_COLORS[row.status]} title={row.error ?? undefined}>
                    {TREND_IMPORT_STATUS_LABELS[row.status]}
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
                <Table.Cell justify="end">{formatCount(row.streams)}</Table.Cell>
                <Table.Cell>{row.createdBy?.name ?? '—'}</Table.Cell>
                <Table.Cell>
                  <When value={row.created} />
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
          onPage={setPage}
        />
      )}
      <TrendImportDialog open={open} onOpenChange={setOpen} platform={platform} />
    </Flex>
  )
}
