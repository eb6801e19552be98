import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Badge, Button, Callout, Card, Flex, Heading, Progress, Table, Text } from '@radix-ui/themes'
import {
  DELIVERY_TARGET_LABELS,
  EXPORT_KIND_LABELS,
  type CodeProblem,
  type DeliveryRow,
  type DeliveryStatus,
  type ExportStatus,
  printedPartyId,
} from '@contract/catalogue-ops'
import { DELIVERY_TARGET_SETUP } from '@contract/delivery-vocabulary'
import { CONVERT_UPC_CSV_CALL, DDEX_PARTY_COMMAND, EXPORT_UPC_CSV_CALL, type DeliveryRecordState } from '@commands/catalogue-ops'
import { runCommand } from '@client/shell/run-command'
import { RecordActions } from '@client/ui/RecordActions'
import { formatCount } from '@core/format'
import { api, ApiError } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { NamedTable } from '@client/ui/NamedTable'
import { RecordLink } from '@client/ui/RecordLink'
import { Empty, When } from '@client/ui/When'
import { Pagination } from '@client/ui/list/Pagination'
import { showNotice } from '@client/ui/notices/notices'
import { ImportHistory, RunTable } from './import-form'
import { useTab } from '@client/workspace/tab-context'
import { workspaceActions } from '@client/workspace/store'
import type { ScreenProps } from '@client/routing/types'

const PER_PAGE = 25
const STATUS_COLORS: Record<ExportStatus, 'gray' | 'blue' | 'green' | 'red'> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
}
const STATUS_LABELS: Record<ExportStatus, string> = { queued: 'Queued', running: 'Exporting', done: 'Done', failed: 'Failed' }

const fetchHistory = (input: string, signal: AbortSignal) =>
  api.call('exports.history', { query: { page: Number(input.split(':')[0]), per_page: PER_PAGE } }, { signal })

function download(id: number) {
  api
    .download('exports.file', { params: { id } })
    .catch((error: unknown) => showNotice(error instanceof ApiError ? error.message : 'Something went wrong.', { tone: 'error' }))
}

/** A YouTube CMS export of the releases a CSV names by UPC; the UPCs that name none are listed. */
function UpcCsvForm({ focus }: { focus: boolean }) {
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ tone: 'green' | 'amber' | 'red'; title: string; problems: CodeProblem[] } | null>(null)
  useEffect(() => {
    if (focus) input.current?.focus()
  }, [focus])
  // The form's two buttons: a CMS export, or the stores' type rule (a bulk conversion with its report).
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const convert = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'convert'
    if (!file) {
      setResult({ tone: 'red', title: 'CSV file is required', problems: [] })
      return
    }
    setBusy(true)
    try {
      const started = await api.upload(convert ? CONVERT_UPC_CSV_CALL : EXPORT_UPC_CSV_CALL, { body: {}, files: { file } })
      setResult({
        tone: started.notFound.length ? 'amber' : 'green',
        title: `${convert ? 'Type conversion' : 'Export'} #${started.id} started for ${formatCount(started.requested)} release(s) found by UPC${started.notFound.length ? `; ${started.notFound.length} UPC(s) left out` : ''}.`,
        problems: started.notFound,
      })
      workspaceActions.refreshData()
    } catch (error) {
      setResult({ tone: 'red', title: error instanceof ApiError ? error.message : 'Something went wrong.', problems: [] })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Card>
      <form onSubmit={(event) => void submit(event)} aria-label="Releases from a CSV of UPCs">
        <Flex direction="column" gap="2">
          <Text size="2" color="gray">
            The releases a CSV names by UPC (one a line, or the first column): export them to YouTube CMS, or set their type by the
            stores&apos; rule (a report lists each release).
          </Text>
          <Flex gap="3" align="center" wrap="wrap">
            <input
              ref={input}
              type="file"
              accept=".csv,.txt,text/csv"
              aria-label="CSV of UPCs"
              disabled={busy}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            <Button type="submit" name="action" value="cms" loading={busy}>
              Export to YouTube CMS
            </Button>
            <Button type="submit" name="action" value="convert" variant="soft" loading={busy}>
              Set their types by the stores&apos; rule
            </Button>
          </Flex>
          {result && (
            <Callout.Root color={result.tone} role={result.tone === 'red' ? 'alert' : 'status'}>
              <Callout.Text>{result.title}</Callout.Text>
              {result.problems.slice(0, 20).map((problem) => (
                <Callout.Text key={`${problem.line}:${problem.value}`}>
                  Line {problem.line}: {problem.value} · {problem.reason}
                </Callout.Text>
              ))}
            </Callout.Root>
          )}
        </Flex>
      </form>
    </Card>
  )
}

const DELIVERY_COLORS: Record<DeliveryStatus, 'gray' | 'blue' | 'green' | 'red'> = {
  queued: 'gray',
  sending: 'blue',
  delivered: 'green',
  failed: 'red',
}
const EVENT_LABELS: Record<string, string> = {
  queued: 'Queued',
  sending: 'Sending',
  delivered: 'Delivered',
  failed: 'Failed',
  retried: 'Retried',
}

const fetchQueue = (input: string, signal: AbortSignal) =>
  api.call('delivery.queue', { query: { page: Number(input.split(':')[0]), per_page: PER_PAGE } }, { signal })

function deliveryRecord(row: DeliveryRow) {
  const state: DeliveryRecordState = { status: row.status, releaseTitle: row.releaseTitle }
  return { kind: 'delivery' as const, id: String(row.id), title: row.releaseTitle, state }
}

/** The delivery queue: each release and target with its timeline (queued, sending, delivered, failed with the error, retried). */
function DeliveryQueue({ version }: { version: number }) {
  const [page, setPage] = useState(1)
  const [polled, setPolled] = useState(0)
  const load = useLoad(fetchQueue, `${page}:${version}:${polled}`)
  const rows = load.data?.data ?? []
  const moving = rows.some((row) => row.status === 'queued' || row.status === 'sending')
  useEffect(() => {
    if (!moving) return
    const timer = setTimeout(() => setPolled((value) => value + 1), 1000)
    return () => clearTimeout(timer)
  }, [moving, polled])
  return (
    <Flex direction="column" gap="2">
      <Heading as="h3" size="3">
        Delivery queue
      </Heading>
      {load.data?.targets
        .filter((target) => !target.configured)
        .map((target) => (
          <Callout.Root key={target.target} color="amber" size="1">
            <Callout.Text>
              {target.reason ?? `${DELIVERY_TARGET_LABELS[target.target]} delivery is not configured`}: releases cannot be queued for it
              until {DELIVERY_TARGET_SETUP[target.target]} are set on the server.
            </Callout.Text>
          </Callout.Root>
        ))}
      {load.data && rows.length === 0 && <Empty>No release is queued for delivery.</Empty>}
      {rows.length > 0 && (
        <NamedTable label="Delivery queue" size="1" variant="surface">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Release</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Target</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Timeline</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.id}>
                <Table.Cell>
                  <RecordLink to={`/releases/single/${row.releaseId}`}>{row.releaseTitle}</RecordLink>
                  {row.upc && (
                    <Text size="1" color="gray">
                      {' '}
                      {row.upc}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell>{DELIVERY_TARGET_LABELS[row.target]}</Table.Cell>
                <Table.Cell>
                  <Badge color={DELIVERY_COLORS[row.status]}>{EVENT_LABELS[row.status]}</Badge>
                </Table.Cell>
                <Table.Cell>
                  <Flex direction="column" gap="1" aria-label={`Timeline of the delivery of ${row.releaseTitle}`}>
                    {row.events.map((event, index) => (
                      <Text key={index} size="1" color={event.status === 'failed' ? 'red' : undefined}>
                        {EVENT_LABELS[event.status] ?? event.status} · <When value={event.at} />
                        {event.message ? ` · ${event.message}` : ''}
                      </Text>
                    ))}
                  </Flex>
                </Table.Cell>
                <Table.Cell>
                  <RecordActions record={deliveryRecord(row)} buttons={['delivery.retry', 'delivery.remove']} menu={false} size="1" />
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
          perPage={PER_PAGE}
          total={load.data.meta.total}
          onPage={setPage}
        />
      )}
    </Flex>
  )
}

const fetchDdex = (_: string, signal: AbortSignal) => api.call('exports.ddexSettings', undefined, { signal })

/** Who the DDEX messages say they come from: the workspace's DPID, or a warning that stores will refuse the stand-in. */
function DdexSender({ version }: { version: number }) {
  const load = useLoad(fetchDdex, String(version))
  const settings = load.data
  return (
    <Card>
      <Flex align="center" justify="between" gap="3" wrap="wrap">
        <Flex direction="column" gap="1">
          <Heading as="h3" size="3">
            DDEX sender
          </Heading>
          {settings?.partyId ? (
            <Text size="2" data-testid="ddex-sender">
              {printedPartyId(settings.partyId)} · {settings.partyName}
            </Text>
          ) : settings ? (
            <Text size="2" color="amber" data-testid="ddex-sender">
              No DDEX Party ID recorded: messages name the stand-in {settings.sender.partyId}, which stores refuse.
            </Text>
          ) : null}
          {load.error && (
            <Text size="2" color="red" role="alert">
              {load.error.message}
            </Text>
          )}
        </Flex>
        <Button size="1" variant="soft" onClick={() => void runCommand(DDEX_PARTY_COMMAND)}>
          {settings?.partyId ? 'Change the DDEX Party ID…' : 'Set the DDEX Party ID…'}
        </Button>
      </Flex>
    </Card>
  )
}

/**
 * The export history (`/releases/export/{page}`): each export's kind, file, releases and tracks
 * exported, how many moved to Exported, and its job's state, polled while one runs. Exports start
 * from a release, the release list's selection or the palette.
 */
export default function ExportScreen({ params, search }: ScreenProps) {
  const tab = useTab()
  const page = Math.max(1, Number(params.page) || 1)
  const version = useDataVersion()
  const [polled, setPolled] = useState(0)
  const load = useLoad(fetchHistory, `${page}:${version}:${polled}`)
  const rows = load.data?.data ?? []
  // Opened on one export (the palette's search found it): its row is marked.
  const focusedId = Number(search.get('export')) || null
  const running = rows.some((row) => row.status === 'queued' || row.status === 'running')
  useEffect(() => {
    if (!running) return
    const timer = setTimeout(() => setPolled((value) => value + 1), 1000)
    return () => clearTimeout(timer)
  }, [running, polled])

  return (
    <Flex direction="column" gap="3" p="4">
      <Text size="2" color="gray">
        Export a release from its tab or the palette (Export to YouTube CMS, Export DDEX ERN, Export metadata), a selection from the release
        list, or the whole catalogue from the palette. Accepted releases become Exported when their export is done.
      </Text>
      <UpcCsvForm focus={search.get('upload') === '1'} />
      <DdexSender version={version} />
      <ImportHistory
        heading="Export History"
        load={load}
        empty="Nothing exported yet."
        perPage={PER_PAGE}
        onPage={(next) => tab.navigate(`/releases/export/${next}`)}
      >
        <RunTable
          label="Export history"
          rows={rows}
          current={focusedId}
          when={(row) => row.created}
          columns={[
            { header: 'Kind', cell: (row) => EXPORT_KIND_LABELS[row.kind] },
            {
              header: 'File',
              cell: (row) =>
                row.hasFile ? (
                  <Button size="1" variant="ghost" onClick={() => download(row.id)} aria-label={`Download ${row.fileName}`}>
                    {row.fileName}
                  </Button>
                ) : (
                  <Text color="gray">—</Text>
                ),
            },
            { header: 'Releases', end: true, cell: (row) => formatCount(row.releases) },
            { header: 'Tracks', end: true, cell: (row) => formatCount(row.tracks) },
            { header: 'Now exported', end: true, cell: (row) => formatCount(row.markedExported) },
            {
              header: 'Status',
              cell: (row) => (
                <Flex direction="column" gap="1">
                  <Badge color={STATUS_COLORS[row.status]} title={row.error ?? undefined} style={{ alignSelf: 'start' }}>
                    {STATUS_LABELS[row.status]}
                  </Badge>
                  {row.status === 'running' && (
                    <Progress value={Math.round(row.progress * 100)} aria-label={`Export #${row.id} progress`} />
                  )}
                  {row.error && (
                    <Text size="1" color="red">
                      {row.error}
                    </Text>
                  )}
                </Flex>
              ),
            },
          ]}
        />
      </ImportHistory>
      <DeliveryQueue version={version} />
    </Flex>
  )
}
