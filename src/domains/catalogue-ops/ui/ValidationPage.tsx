import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Badge, Button, Callout, Card, Flex, Heading, Progress, Select, Table, Text } from '@radix-ui/themes'
import { MISMATCH_KINDS, MISMATCH_LABELS, type MismatchKind, type ValidationRow, type ValidationStatus } from '@contract/catalogue-ops'
import { VALIDATION_PATH, VALIDATION_UPLOAD_CALL } from '@commands/catalogue-ops'
import { formatCount } from '@core/format'
import { api, ApiError } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { NamedTable } from '@client/ui/NamedTable'
import { RecordLink } from '@client/ui/RecordLink'
import { Empty } from '@client/ui/When'
import { Pagination } from '@client/ui/list/Pagination'
import { showNotice } from '@client/ui/notices/notices'
import { workspaceActions } from '@client/workspace/store'
import { useTab } from '@client/workspace/tab-context'
import { ImportHistory, RunTable, fileNameColumn, rowsColumn, statusColumn } from './import-form'

// The AudioSalad validation's import page (docs/formats/audiosalad-catalogue.md): upload an export,
// follow its job, read the mismatches release by release, download them.

const PER_PAGE = 25
const STATUS_COLORS: Record<ValidationStatus, 'gray' | 'blue' | 'green' | 'red'> = {
  uploaded: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
}
const STATUS_LABELS: Record<ValidationStatus, string> = { uploaded: 'Queued', running: 'Comparing', done: 'Done', failed: 'Failed' }
const pagePath = (page: number, id?: number | null) =>
  `${VALIDATION_PATH.replace('/import/1', `/import/${page}`)}${id ? `&validation=${id}` : ''}`

const fetchHistory = (input: string, signal: AbortSignal) =>
  api.call('validation.history', { query: { page: Number(input.split(':')[0]), per_page: PER_PAGE } }, { signal })
const fetchOne = (input: string, signal: AbortSignal) =>
  api.call('validation.single', { params: { id: Number(input.split(':')[0]) } }, { signal })
const fetchMismatches = (input: string, signal: AbortSignal) => {
  const [id, page, kind] = input.split(':')
  return api.call(
    'validation.mismatches',
    { query: { id: Number(id), page: Number(page), per_page: PER_PAGE, kind: (kind || undefined) as MismatchKind | undefined } },
    { signal },
  )
}

function download(id: number) {
  api
    .download('validation.download', { query: { id } })
    .catch((error: unknown) => showNotice(error instanceof ApiError ? error.message : 'Something went wrong.', { tone: 'error' }))
}

function UploadForm({ busy, onUploaded }: { busy: boolean; onUploaded(id: number): void }) {
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!file) {
      setError('CSV file is required')
      return
    }
    setSending(true)
    setError(null)
    try {
      const accepted = await api.upload(VALIDATION_UPLOAD_CALL, { body: {}, files: { file } })
      workspaceActions.refreshData()
      onUploaded(accepted.id)
      setFile(null)
      if (input.current) input.current.value = ''
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Something went wrong.')
    } finally {
      setSending(false)
    }
  }
  const disabled = busy || sending
  return (
    <Card asChild>
      <form onSubmit={(event) => void submit(event)} aria-label="Compare with an AudioSalad export">
        <Flex direction="column" gap="2">
          <Text as="label" size="2" weight="bold" htmlFor="audiosalad-file">
            AudioSalad catalogue export (CSV)
          </Text>
          <Flex gap="2" align="center" wrap="wrap">
            <input
              id="audiosalad-file"
              ref={input}
              type="file"
              accept=".csv,text/csv"
              disabled={disabled}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            <Button type="submit" disabled={disabled}>
              Compare
            </Button>
          </Flex>
          {error && (
            <Text size="2" color="red" role="alert">
              {error}
            </Text>
          )}
        </Flex>
      </form>
    </Card>
  )
}

/** The chosen run: its state while it runs, then its mismatches grouped by release. */
function Result({ id, version, onFinished }: { id: number; version: number; onFinished(): void }) {
  const [polled, setPolled] = useState(0)
  const load = useLoad(fetchOne, `${id}:${version}:${polled}`)
  const run = load.data
  const moving = run?.status === 'uploaded' || run?.status === 'running'
  const [wasMoving, setWasMoving] = useState(false)
  useEffect(() => {
    if (moving) setWasMoving(true)
    else if (wasMoving) {
      setWasMoving(false)
      onFinished()
    }
  }, [moving, wasMoving, onFinished])
  useEffect(() => {
    if (!moving) return
    const timer = setTimeout(() => setPolled((value) => value + 1), 1000)
    return () => clearTimeout(timer)
  }, [moving, polled])
  if (load.error)
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Text>{load.error.message}</Callout.Text>
      </Callout.Root>
    )
  if (!run) return null
  if (moving)
    return (
      <Card role="status" aria-label="Comparison running">
        <Text size="2">Comparing {run.fileName} with the catalogue…</Text>
        <Progress value={Math.round(run.progress * 100)} aria-label={`Validation #${run.id} progress`} mt="2" />
      </Card>
    )
  if (run.status === 'failed')
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Text>Something went wrong. {run.error}</Callout.Text>
      </Callout.Root>
    )
  return <Mismatches run={run} version={version} />
}

function Mismatches({ run, version }: { run: ValidationRow; version: number }) {
  const [page, setPage] = useState(1)
  const [kind, setKind] = useState<MismatchKind | ''>('')
  const load = useLoad(fetchMismatches, `${run.id}:${page}:${kind}:${version}`)
  const rows = load.data?.data ?? []
  return (
    <Flex direction="column" gap="2">
      <Flex align="center" justify="between" gap="2" wrap="wrap">
        <Text size="2" role="status" aria-label="Validation summary">
          #{run.id} {run.fileName}: {formatCount(run.rows)} rows, {formatCount(run.releases)} releases compared,{' '}
          {run.mismatches === 0
            ? 'no mismatches: the catalogues agree.'
            : `${formatCount(run.mismatchedReleases)} with ${formatCount(run.mismatches)} mismatches.`}
        </Text>
        <Flex gap="2" align="center">
          <Select.Root
            value={kind || 'all'}
            onValueChange={(value) => (setPage(1), setKind(value === 'all' ? '' : (value as MismatchKind)))}
          >
            <Select.Trigger aria-label="Mismatch kind" />
            <Select.Content>
              <Select.Item value="all">Every mismatch</Select.Item>
              {MISMATCH_KINDS.map((entry) => (
                <Select.Item key={entry} value={entry}>
                  {MISMATCH_LABELS[entry]}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          <Button size="1" variant="soft" disabled={run.mismatches === 0} onClick={() => download(run.id)}>
            Download mismatches (CSV)
          </Button>
        </Flex>
      </Flex>
      {load.data && rows.length === 0 && run.mismatches > 0 && <Empty>No mismatch of this kind.</Empty>}
      {rows.length > 0 && (
        <NamedTable label="Mismatches by release" size="1" variant="surface">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>UPC</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Release</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Mismatch</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Ours</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>AudioSalad</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row, index) => {
              // A release's rows follow each other: its UPC and title are shown once.
              const first = index === 0 || rows[index - 1].upc !== row.upc
              return (
                <Table.Row key={row.id}>
                  <Table.Cell>{first ? row.upc : ''}</Table.Cell>
                  <Table.Cell>
                    {first &&
                      (row.releaseId ? (
                        <RecordLink to={`/releases/single/${row.releaseId}`}>{row.releaseTitle}</RecordLink>
                      ) : (
                        row.releaseTitle
                      ))}
                  </Table.Cell>
                  <Table.Cell>
                    <Badge color={row.kind.startsWith('missing') ? 'red' : 'amber'}>{MISMATCH_LABELS[row.kind]}</Badge>
                  </Table.Cell>
                  <Table.Cell>{row.ours ?? '—'}</Table.Cell>
                  <Table.Cell>{row.theirs ?? '—'}</Table.Cell>
                </Table.Row>
              )
            })}
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

export function ValidationPage({ page, selected }: { page: number; selected: number | null }) {
  const tab = useTab()
  const version = useDataVersion()
  const [finished, setFinished] = useState(0)
  const history = useLoad(fetchHistory, `${page}:${version}:${finished}`)
  const rows = history.data?.data ?? []
  const shown = selected ?? rows[0]?.id ?? null
  const busy = rows.some((row) => row.status === 'uploaded' || row.status === 'running')
  return (
    <Flex direction="column" gap="3" p="4">
      <Heading as="h2" size="4">
        AudioSalad validation
      </Heading>
      <Text size="2" color="gray">
        Upload a catalogue export from AudioSalad (one row per track, with the release&apos;s UPC on each): it is compared with this
        workspace&apos;s catalogue by UPC and ISRC. Releases missing on either side, and titles, artists, labels, release dates and ISRCs
        that differ, are listed per release. Nothing in the catalogue changes.
      </Text>
      <UploadForm busy={busy} onUploaded={(id) => tab.navigate(pagePath(1, id))} />
      {shown !== null && <Result id={shown} version={version} onFinished={() => setFinished((value) => value + 1)} />}
      <ImportHistory
        heading="Validation History"
        load={history}
        empty="No AudioSalad export compared yet."
        perPage={PER_PAGE}
        onPage={(next) => tab.navigate(pagePath(next, selected))}
      >
        <RunTable
          label="AudioSalad validation history"
          rows={rows}
          current={shown}
          open={{ noun: 'validation', onOpen: (id) => tab.navigate(pagePath(page, id)) }}
          when={(row) => row.created}
          columns={[
            fileNameColumn,
            rowsColumn,
            { header: 'Releases', end: true, cell: (row) => formatCount(row.releases) },
            { header: 'Mismatches', end: true, cell: (row) => formatCount(row.mismatches) },
            statusColumn(STATUS_COLORS, STATUS_LABELS),
          ]}
        />
      </ImportHistory>
    </Flex>
  )
}
