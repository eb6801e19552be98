import { Suspense, lazy, useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { fromPromise } from 'xstate'
import { useActorRef, useSelector } from '@xstate/react'
import { Badge, Box, Button, Callout, Card, Checkbox, Flex, Heading, Table, Text } from '@radix-ui/themes'
import { INGESTION_STATUS_LABELS, type IngestionRow, type IngestionStatus } from '@contract/catalogue-ops'
import { INGESTION_UPLOAD_CALL, type IngestionRecordState } from '@commands/catalogue-ops'
import { importMachine } from '@machines/import/import.machine'
import { formatCount } from '@core/format'
import { api, ApiError } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { NamedTable } from '@client/ui/NamedTable'
import { RecordLink } from '@client/ui/RecordLink'
import { RecordActions } from '@client/ui/RecordActions'
import { Pagination } from '@client/ui/list/Pagination'
import { showNotice } from '@client/ui/notices/notices'
import { workspaceActions } from '@client/workspace/store'
import { useTab } from '@client/workspace/tab-context'
import type { ScreenProps } from '@client/routing/types'
import { IMPORT_KINDS, IMPORT_SUCCESS } from './import-kinds'
import {
  CsvFilePicker,
  CsvRequired,
  ImportErrorCard,
  ImportHistory,
  ImportProgress,
  RunTable,
  fileNameColumn,
  rowsColumn,
  statusColumn,
} from './import-form'
import { ReleaseImportPage } from './ReleaseImportPage'
import { ValidationPage } from './ValidationPage'

const IngestionChart = lazy(() => import('./IngestionChart'))

export { IMPORT_SUCCESS, PLEASE_WAIT } from './import-kinds'
export const GENERIC_ERROR = 'Something went wrong.'
const PER_PAGE = 25
const plural = (count: number, noun: string) => `${formatCount(count)} ${noun}${count === 1 ? '' : 's'}`

const STATUS_COLORS: Record<IngestionStatus, 'gray' | 'blue' | 'amber' | 'green' | 'red'> = {
  uploaded: 'gray',
  parsing: 'blue',
  review: 'amber',
  committing: 'blue',
  committed: 'green',
  failed: 'red',
  cancelled: 'gray',
}

const fetchHistory = (input: string, signal: AbortSignal) =>
  api.call('ingestion.history', { query: { page: Number(input.split(':')[0]), per_page: PER_PAGE } }, { signal })
const fetchGraph = (_version: number, signal: AbortSignal) => api.call('ingestion.graph', { query: { days: 30 } }, { signal })
const fetchErrors = (input: string, signal: AbortSignal) => {
  const [id, page] = input.split(':').map(Number)
  return api.call('ingestion.errorLogs', { query: { id, page, per_page: PER_PAGE, filter: 'errors' } }, { signal })
}

/** The import machine bound to catalogue ingestion: upload, poll the dry run, follow the commit job. */
function useIngestionFlow() {
  const actor = useActorRef(
    importMachine.provide({
      actors: {
        upload: fromPromise(async ({ input }) => {
          const { file, fetchAudio } = input as { file: File; fetchAudio: boolean }
          const accepted = await api.upload(INGESTION_UPLOAD_CALL, { body: { fetchAudio: String(fetchAudio) }, files: { file } })
          workspaceActions.refreshData()
          return accepted
        }),
        fetchImport: fromPromise(({ input, signal }) => api.call('ingestion.single', { params: { id: input.id } }, { signal })),
      },
    }),
  )
  const state = useSelector(actor, (snapshot) => snapshot.value as string | Record<string, string>)
  const step = typeof state === 'string' ? state : Object.keys(state)[0]
  const detail = useSelector(actor, (snapshot) => snapshot.context.detail as IngestionRow | null)
  const error = useSelector(actor, (snapshot) => snapshot.context.error)
  return { step, detail, error, send: actor.send }
}

function ErrorRows({ ingestion, version }: { ingestion: IngestionRow; version: number }) {
  const [page, setPage] = useState(1)
  const load = useLoad(fetchErrors, `${ingestion.id}:${page}:${version}`)
  const rows = load.data?.data ?? []
  if (!load.data || rows.length === 0) return null
  return (
    <Box>
      <Box style={{ maxHeight: 320, overflow: 'auto' }}>
        <NamedTable label="Rows with errors" size="1" variant="surface">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>CSV row</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>User email</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Release</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Track</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>ISRC</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Error</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.id}>
                <Table.Cell>{row.csvRow}</Table.Cell>
                <Table.Cell>{row.userEmail}</Table.Cell>
                <Table.Cell>{row.releaseTitle}</Table.Cell>
                <Table.Cell>{row.trackTitle}</Table.Cell>
                <Table.Cell>{row.isrc ?? ''}</Table.Cell>
                <Table.Cell>
                  <Text color="red">{row.error}</Text>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </NamedTable>
      </Box>
      <Box mt="2">
        <Pagination
          page={load.data.meta.page}
          lastPage={load.data.meta.last_page}
          perPage={PER_PAGE}
          total={load.data.meta.total}
          onPage={setPage}
        />
      </Box>
    </Box>
  )
}

function downloadLogs(id: number) {
  api
    .download('ingestion.logsDownload', { query: { id } })
    .catch((error: unknown) => showNotice(error instanceof ApiError ? error.message : GENERIC_ERROR, { tone: 'error' }))
}

function Counts({ ingestion }: { ingestion: IngestionRow }) {
  return (
    <Flex gap="2" wrap="wrap" role="status" aria-label="Row counts">
      <Badge color="gray">{formatCount(ingestion.rows)} rows</Badge>
      <Badge color="green">{formatCount(ingestion.good)} good</Badge>
      {ingestion.bad > 0 && <Badge color="red">{formatCount(ingestion.bad)} with errors</Badge>}
      <Badge color="blue">
        {formatCount(ingestion.releases)} release{ingestion.releases === 1 ? '' : 's'}
      </Badge>
      {ingestion.status === 'committed' && <Badge color="green">{formatCount(ingestion.committed)} committed</Badge>}
      {ingestion.failed > 0 && <Badge color="red">{formatCount(ingestion.failed)} failed at commit</Badge>}
    </Flex>
  )
}

function History({ page, version, onOpen }: { page: number; version: number; onOpen(id: number): void }) {
  const tab = useTab()
  const load = useLoad(fetchHistory, `${page}:${version}`)
  const rows = load.data?.data ?? []
  return (
    <ImportHistory
      heading="Import History"
      load={load}
      empty="No catalogue imported yet."
      perPage={PER_PAGE}
      onPage={(next) => tab.navigate(`/releases/import/${next}?kind=catalog-ingestion`)}
    >
      <RunTable
        label="Catalogue ingestion history"
        rows={rows}
        open={{ noun: 'ingestion', onOpen }}
        when={(row) => row.created}
        columns={[fileNameColumn, rowsColumn, statusColumn(STATUS_COLORS, INGESTION_STATUS_LABELS)]}
        after={[
          {
            header: '',
            cell: (row) => (
              <Button size="1" variant="soft" onClick={() => downloadLogs(row.id)} aria-label={`Download the logs of ingestion #${row.id}`}>
                Logs CSV
              </Button>
            ),
          },
        ]}
      />
    </ImportHistory>
  )
}

function IngestionPage({ page }: { page: number }) {
  const tab = useTab()
  const version = useDataVersion()
  const flow = useIngestionFlow()
  const [file, setFile] = useState<File | null>(null)
  const [fetchAudio, setFetchAudio] = useState(true)
  const [missing, setMissing] = useState(false)
  const graph = useLoad(fetchGraph, version)
  const { step, detail, error, send } = flow
  const busy = step === 'uploading' || step === 'parsing' || step === 'following'

  // Opened on one ingestion (the palette's search found it): show it.
  const asked = Number(tab.search.get('ingestion')) || null
  useEffect(() => {
    if (asked) send({ type: 'FOLLOW', id: asked })
  }, [asked, send])

  // A declared action (Commit, Remove) changed the shown ingestion: follow it to where it ends.
  const seenVersion = useRef(version)
  useEffect(() => {
    if (seenVersion.current === version) return
    seenVersion.current = version
    if (detail && (step === 'review' || step === 'committed')) send({ type: 'FOLLOW', id: detail.id })
  }, [version, detail, step, send])

  const record = useMemo(() => {
    if (!detail || busy) return null
    const state: IngestionRecordState = { status: detail.status, good: detail.good, fileName: detail.fileName }
    return { kind: 'ingestion' as const, id: String(detail.id), title: `Ingestion #${detail.id}`, state }
  }, [detail, busy])
  const { publishRecord } = tab
  useEffect(() => {
    publishRecord(record)
    return () => publishRecord(null)
  }, [record, publishRecord])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!file) {
      setMissing(true)
      return
    }
    setMissing(false)
    send({ type: 'UPLOAD', upload: { file, fetchAudio } })
  }

  return (
    <Flex direction="column" gap="5" p="4">
      <Card>
        <form onSubmit={submit} aria-label="Catalogue ingestion">
          <Flex direction="column" gap="3">
            <Text size="2" color="gray">
              A CSV with one row per track and its release's fields on every row (docs: Catalogue ingestion format). Every row is checked in
              a dry run; commit creates the releases of the good rows, and the bad rows stay listed with their reason.
            </Text>
            <Flex gap="4" align="center" wrap="wrap">
              <CsvFilePicker
                busy={busy}
                onFile={(chosen) => {
                  setFile(chosen)
                  setMissing(false)
                }}
              />
              <Text as="label" size="2">
                <Flex gap="2" align="center">
                  <Checkbox checked={fetchAudio} disabled={busy} onCheckedChange={(checked) => setFetchAudio(checked === true)} />
                  Fetch the audio from each row's URL at commit
                </Flex>
              </Text>
              <Button type="submit" disabled={busy} loading={step === 'uploading'}>
                Import
              </Button>
            </Flex>
            {missing && <CsvRequired />}
            {busy && (
              <ImportProgress progress={detail?.progress ?? 0}>
                {detail && `${INGESTION_STATUS_LABELS[detail.status]} · ${Math.round(detail.progress * 100)}%`}
              </ImportProgress>
            )}
          </Flex>
        </form>
      </Card>

      {step === 'error' && <ImportErrorCard error={error} onReset={() => send({ type: 'RESET' })} />}

      {detail && (step === 'review' || step === 'committed') && (
        <Card>
          <Flex direction="column" gap="3">
            {step === 'committed' ? (
              <Callout.Root color="green" role="status">
                <Callout.Text weight="bold">{IMPORT_SUCCESS}</Callout.Text>
                <Callout.Text>
                  Ingestion #{detail.id} ({detail.fileName}): {plural(detail.committed, 'track')} on {plural(detail.releases, 'release')}{' '}
                  created
                  {detail.bad + detail.failed > 0 ? `; ${plural(detail.bad + detail.failed, 'row')} not imported, listed below` : ''}.
                </Callout.Text>
              </Callout.Root>
            ) : (
              <Heading as="h3" size="3">
                Dry run of ingestion #{detail.id} · {detail.fileName}
              </Heading>
            )}
            <Counts ingestion={detail} />
            <Flex gap="2" align="center" wrap="wrap">
              <RecordActions record={record} buttons={['ingestion.commit', 'ingestion.remove']} menu={false} />
              <Button variant="soft" onClick={() => downloadLogs(detail.id)}>
                Logs CSV
              </Button>
            </Flex>
            <ErrorRows ingestion={detail} version={version} />
          </Flex>
        </Card>
      )}

      <Box>
        <Heading as="h3" size="3" mb="2">
          Rows ingested and failed per day
        </Heading>
        {graph.data && (
          <Suspense fallback={<Box style={{ height: 220 }} />}>
            <IngestionChart days={graph.data.data} />
          </Suspense>
        )}
      </Box>

      <History page={page} version={version} onOpen={(id) => send({ type: 'FOLLOW', id })} />
    </Flex>
  )
}

/**
 * An import page (`/releases/import/{page}?kind=…`, {page} being its history's page): catalogue
 * ingestion here, the AudioSalad validation in ValidationPage; the code imports live on the UPC and
 * ISRC importer, which this page points to.
 */
export default function ImportPageScreen({ params, search }: ScreenProps) {
  const page = Math.max(1, Number(params.page) || 1)
  const kind = IMPORT_KINDS.find((entry) => entry.id === (search.get('kind') ?? 'catalog-ingestion'))
  if (kind?.id === 'audiosalad-validation') return <ValidationPage page={page} selected={Number(search.get('validation')) || null} />
  if (kind?.id === 'releases') return <ReleaseImportPage page={page} />
  if (kind && kind.id !== 'catalog-ingestion')
    return (
      <Flex direction="column" gap="3" p="4">
        <Text>{kind.description}</Text>
        <Text>
          This import runs on the <RecordLink to={kind.path}>UPC and ISRC importer</RecordLink>.
        </Text>
      </Flex>
    )
  return <IngestionPage page={page} />
}
