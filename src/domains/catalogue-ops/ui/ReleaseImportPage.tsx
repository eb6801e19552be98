import { useState, type FormEvent } from 'react'
import { fromPromise } from 'xstate'
import { useActorRef, useSelector } from '@xstate/react'
import { Badge, Box, Button, Callout, Card, Flex, Table, Text } from '@radix-ui/themes'
import { RELEASE_IMPORT_STATUS_LABELS, type ReleaseImportRow, type ReleaseImportStatus } from '@contract/catalogue-ops'
import { RELEASE_IMPORT_UPLOAD_CALL } from '@commands/catalogue-ops'
import { importMachine } from '@machines/import/import.machine'
import { formatCount } from '@core/format'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { NamedTable } from '@client/ui/NamedTable'
import { RecordLink } from '@client/ui/RecordLink'
import { Pagination } from '@client/ui/list/Pagination'
import { workspaceActions } from '@client/workspace/store'
import { useTab } from '@client/workspace/tab-context'
import { IMPORT_SUCCESS } from './import-kinds'
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

// The release metadata import's page (docs/formats/release-import.md): the import machine uploads
// the file and polls the job until every row has its outcome; then the counts, the failed rows with
// their reason, and the history.

const PER_PAGE = 25
const STATUS_COLORS: Record<ReleaseImportStatus, 'gray' | 'blue' | 'green' | 'red'> = {
  uploaded: 'gray',
  parsing: 'blue',
  committed: 'green',
  failed: 'red',
}
const historyPath = (page: number) => `/releases/import/${page}?kind=releases`

const fetchHistory = (input: string, signal: AbortSignal) =>
  api.call('releaseImport.history', { query: { page: Number(input.split(':')[0]), per_page: PER_PAGE } }, { signal })
const fetchFailedRows = (input: string, signal: AbortSignal) => {
  const [id, page] = input.split(':').map(Number)
  return api.call('releaseImport.rows', { query: { id, page, per_page: PER_PAGE, filter: 'errors' } }, { signal })
}

function useReleaseImportFlow() {
  const actor = useActorRef(
    importMachine.provide({
      actors: {
        upload: fromPromise(async ({ input }) => {
          const accepted = await api.upload(RELEASE_IMPORT_UPLOAD_CALL, { body: {}, files: { file: input as File } })
          workspaceActions.refreshData()
          return accepted
        }),
        fetchImport: fromPromise(({ input, signal }) => api.call('releaseImport.single', { params: { id: input.id } }, { signal })),
      },
    }),
  )
  const state = useSelector(actor, (snapshot) => snapshot.value as string | Record<string, string>)
  const step = typeof state === 'string' ? state : Object.keys(state)[0]
  const detail = useSelector(actor, (snapshot) => snapshot.context.detail as unknown as ReleaseImportRow | null)
  const error = useSelector(actor, (snapshot) => snapshot.context.error)
  return { step, detail, error, send: actor.send }
}

function FailedRows({ run, version }: { run: ReleaseImportRow; version: number }) {
  const [page, setPage] = useState(1)
  const load = useLoad(fetchFailedRows, `${run.id}:${page}:${version}`)
  const rows = load.data?.data ?? []
  if (!load.data || rows.length === 0) return null
  return (
    <Box>
      <Box style={{ maxHeight: 320, overflow: 'auto' }}>
        <NamedTable label="Rows not imported" size="1" variant="surface">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>CSV row</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>UPC</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Release</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Owner email</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Reason</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.id}>
                <Table.Cell>{row.csvRow}</Table.Cell>
                <Table.Cell>{row.upc}</Table.Cell>
                <Table.Cell>{row.releaseTitle}</Table.Cell>
                <Table.Cell>{row.ownerEmail}</Table.Cell>
                <Table.Cell>
                  <Text color="red">{row.message}</Text>
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

function Counts({ run }: { run: ReleaseImportRow }) {
  return (
    <Flex gap="2" wrap="wrap" role="status" aria-label="Row counts">
      <Badge color="gray">{formatCount(run.rows)} rows</Badge>
      <Badge color="green">{formatCount(run.created)} created</Badge>
      <Badge color="blue">{formatCount(run.updated)} updated</Badge>
      <Badge color="gray">{formatCount(run.unchanged)} unchanged</Badge>
      {run.failed > 0 && <Badge color="red">{formatCount(run.failed)} not imported</Badge>}
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
      empty="No release metadata imported yet."
      perPage={PER_PAGE}
      onPage={(next) => tab.navigate(historyPath(next))}
    >
      <RunTable
        label="Release import history"
        rows={rows}
        open={{ noun: 'release import', onOpen }}
        when={(row) => row.createdAt}
        columns={[
          fileNameColumn,
          rowsColumn,
          statusColumn(STATUS_COLORS, RELEASE_IMPORT_STATUS_LABELS),
          {
            header: 'Outcome',
            cell: (row) => `${formatCount(row.created)} created · ${formatCount(row.updated)} updated · ${formatCount(row.failed)} failed`,
          },
        ]}
      />
    </ImportHistory>
  )
}

/** `/releases/import/{page}?kind=releases`: upload, follow the job, see what happened to every row. */
export function ReleaseImportPage({ page }: { page: number }) {
  const version = useDataVersion()
  const { step, detail, error, send } = useReleaseImportFlow()
  const [file, setFile] = useState<File | null>(null)
  const [missing, setMissing] = useState(false)
  const busy = step === 'uploading' || step === 'parsing' || step === 'following'

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!file) {
      setMissing(true)
      return
    }
    setMissing(false)
    send({ type: 'UPLOAD', upload: file })
  }

  return (
    <Flex direction="column" gap="5" p="4">
      <Card>
        <form onSubmit={submit} aria-label="Release metadata import">
          <Flex direction="column" gap="3">
            <Text size="2" color="gray">
              A CSV with one row per release, keyed by UPC (docs: Release metadata import format; the release export reads back as is). A
              new UPC becomes a draft of the account in owner_email; a known UPC has the filled cells written onto its release while it has
              not gone out to the stores. Blank cells keep what the release has.
            </Text>
            <Flex gap="4" align="center" wrap="wrap">
              <CsvFilePicker
                busy={busy}
                onFile={(chosen) => {
                  setFile(chosen)
                  setMissing(false)
                }}
              />
              <Button type="submit" disabled={busy} loading={step === 'uploading'}>
                Import
              </Button>
            </Flex>
            {missing && <CsvRequired />}
            {busy && (
              <ImportProgress progress={detail?.progress ?? 0}>
                {detail && (
                  <>
                    {RELEASE_IMPORT_STATUS_LABELS[detail.status]} · {formatCount(detail.rows)} rows so far ·{' '}
                    {Math.round(detail.progress * 100)}%
                  </>
                )}
              </ImportProgress>
            )}
          </Flex>
        </form>
      </Card>

      {step === 'error' && <ImportErrorCard error={error} onReset={() => send({ type: 'RESET' })} />}

      {detail && step === 'committed' && (
        <Card>
          <Flex direction="column" gap="3">
            <Callout.Root color="green" role="status">
              <Callout.Text weight="bold">{IMPORT_SUCCESS}</Callout.Text>
              <Callout.Text>
                Release import #{detail.id} ({detail.fileName}): {formatCount(detail.created)} created, {formatCount(detail.updated)}{' '}
                updated, {formatCount(detail.unchanged)} unchanged
                {detail.failed > 0 ? `; ${formatCount(detail.failed)} not imported, listed below` : ''}.
              </Callout.Text>
            </Callout.Root>
            <Counts run={detail} />
            {detail.created > 0 && (
              <Text size="2">
                The new releases are drafts: <RecordLink to="/releases/manage/1?status=0">see the drafts</RecordLink>.
              </Text>
            )}
            <FailedRows run={detail} version={version} />
          </Flex>
        </Card>
      )}

      <History page={page} version={version} onOpen={(id) => send({ type: 'FOLLOW', id })} />
    </Flex>
  )
}
