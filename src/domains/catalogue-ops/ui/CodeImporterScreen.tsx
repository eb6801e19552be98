import { useState, type FormEvent } from 'react'
import { Badge, Box, Button, Callout, Card, Flex, Grid, SegmentedControl, Table, Text, TextField } from '@radix-ui/themes'
import { CODE_KIND_LABELS, type CodeImportMode, type CodeImportResult, type CodeKind, type CodePool } from '@contract/catalogue-ops'
import { CODE_IMPORT_CALLS } from '@commands/catalogue-ops'
import { formatCount } from '@core/format'
import { api, ApiError } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { NamedTable } from '@client/ui/NamedTable'
import { workspaceActions } from '@client/workspace/store'
import { fileNameColumn, ImportHistory, rowsColumn, RunTable } from './import-form'
import { useTab } from '@client/workspace/tab-context'
import type { ScreenProps } from '@client/routing/types'

export const IMPORT_SUCCESS = 'Import Successfully'
export const GENERIC_ERROR = 'Something went wrong.'
const PER_PAGE = 25

const MODE_TEXT: Record<CodeImportMode, Record<CodeKind, string>> = {
  pool: {
    upc: 'Codes the workspace owns, one UPC-A (12 digits) or EAN-13 a line. Releases submitted without a UPC take the next free one.',
    isrc: 'ISRCs one a line (CC-XXX-YY-NNNNN, hyphens optional), or a range from your registrant code and a year. Tracks submitted without an ISRC take the next free one.',
  },
  assign: {
    upc: 'A CSV with the columns release_id and upc: each release without a UPC gets the one on its row.',
    isrc: 'A CSV with the columns track_id and isrc: each track without an ISRC gets the one on its row.',
  },
}

const fetchPools = (_version: number, signal: AbortSignal) => api.call('codes.pools', undefined, { signal })
const fetchHistory = (input: string, signal: AbortSignal) => {
  const [kind, page] = input.split(':')
  const id = kind === 'upc' ? 'codes.upcHistory' : 'codes.isrcHistory'
  return api.call(id, { query: { page: Number(page), per_page: PER_PAGE } }, { signal })
}

interface Range {
  registrant: string
  year: string
  from: string
  to: string
}

/** Sends the form's file (and an ISRC range) to the endpoint the palette names for that form. */
function send(kind: CodeKind, mode: CodeImportMode, file: File | null, range: Range) {
  const id = CODE_IMPORT_CALLS[mode][kind]
  const files: Record<string, File> = file ? { file } : {}
  if (id === 'codes.importIsrc') return api.upload(id, { body: range, files })
  return api.upload(id, { body: {}, files })
}

function PoolCard({ pool }: { pool: CodePool }) {
  const label = CODE_KIND_LABELS[pool.kind]
  return (
    <Card>
      <Flex direction="column" gap="1" role="group" aria-label={`${label} pool`}>
        <Text size="2" color="gray">
          {label} pool
        </Text>
        <Text size="6" weight="bold">
          {formatCount(pool.left)} left
        </Text>
        <Text size="1" color="gray">
          {formatCount(pool.assigned)} given of {formatCount(pool.total)}
        </Text>
        {pool.low && (
          <Callout.Root color="amber" size="1" role="alert">
            <Callout.Text>
              {pool.left === 0
                ? `The ${label} pool is empty: submissions get no ${label} until you import more.`
                : `The ${label} pool runs low: import more codes.`}
            </Callout.Text>
          </Callout.Root>
        )}
      </Flex>
    </Card>
  )
}

function ResultCard({ result }: { result: CodeImportResult }) {
  const what = result.mode === 'pool' ? 'added to the pool' : result.kind === 'upc' ? 'given to releases' : 'given to tracks'
  return (
    <Flex direction="column" gap="2">
      <Callout.Root color={result.problems.length ? 'amber' : 'green'} role="status">
        <Callout.Text>
          {IMPORT_SUCCESS}: {formatCount(result.imported)} of {formatCount(result.rows)} {what}
          {result.duplicates > 0 && `, ${formatCount(result.duplicates)} duplicate${result.duplicates === 1 ? '' : 's'}`}
          {result.invalid > 0 && `, ${formatCount(result.invalid)} invalid`}.
        </Callout.Text>
      </Callout.Root>
      {result.problems.length > 0 && (
        <Box style={{ maxHeight: 280, overflow: 'auto' }}>
          <NamedTable label="Codes not imported" size="1" variant="surface">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Line</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Value</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Reason</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {result.problems.map((problem) => (
                <Table.Row key={`${problem.line}:${problem.value}`}>
                  <Table.Cell>{problem.line}</Table.Cell>
                  <Table.Cell>{problem.value}</Table.Cell>
                  <Table.Cell>
                    <Text color="red">{problem.reason}</Text>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </NamedTable>
        </Box>
      )}
    </Flex>
  )
}

type Phase =
  { kind: 'idle' } | { kind: 'running' } | { kind: 'done'; result: CodeImportResult } | { kind: 'error'; title: string; lines: string[] }

function ImportForm({ kind, mode }: { kind: CodeKind; mode: CodeImportMode }) {
  const [file, setFile] = useState<File | null>(null)
  const [inputKey, setInputKey] = useState(0)
  const [range, setRange] = useState<Range>({ registrant: '', year: '', from: '', to: '' })
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' })
  const withRange = kind === 'isrc' && mode === 'pool'
  const hasRange = withRange && Object.values(range).some((value) => value.trim() !== '')
  const running = phase.kind === 'running'

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!file && !hasRange) {
      setPhase({ kind: 'error', title: 'CSV file is required', lines: ['Please provide the file'] })
      return
    }
    setPhase({ kind: 'running' })
    try {
      const result = await send(kind, mode, file, withRange ? range : { registrant: '', year: '', from: '', to: '' })
      setPhase({ kind: 'done', result })
      setFile(null)
      setInputKey((value) => value + 1)
      workspaceActions.refreshData()
    } catch (error) {
      // The server's reasons under the generic title: its message, then each field's (once each).
      const lines = error instanceof ApiError ? [...new Set([error.message, ...Object.values(error.errors)])] : []
      setPhase({ kind: 'error', title: GENERIC_ERROR, lines })
    }
  }

  const setPart = (part: keyof Range) => (event: { target: { value: string } }) => setRange({ ...range, [part]: event.target.value })
  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label={`${CODE_KIND_LABELS[kind]} ${mode === 'pool' ? 'pool import' : 'codes from a CSV'}`}
    >
      <Flex direction="column" gap="3">
        <Text size="2" color="gray">
          {MODE_TEXT[mode][kind]}
        </Text>
        <Flex gap="3" align="center" wrap="wrap">
          <input
            key={inputKey}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            aria-label="CSV file"
            disabled={running}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null)
              setPhase({ kind: 'idle' })
            }}
          />
        </Flex>
        {withRange && (
          <Grid columns={{ initial: '2', sm: '4' }} gap="2" role="group" aria-label="ISRC range">
            <TextField.Root
              placeholder="Registrant (GB-AAA)"
              aria-label="Registrant code"
              value={range.registrant}
              onChange={setPart('registrant')}
              disabled={running}
            />
            <TextField.Root placeholder="Year (26)" aria-label="Year" value={range.year} onChange={setPart('year')} disabled={running} />
            <TextField.Root
              placeholder="First (00001)"
              aria-label="First code"
              value={range.from}
              onChange={setPart('from')}
              disabled={running}
            />
            <TextField.Root
              placeholder="Last (01000)"
              aria-label="Last code"
              value={range.to}
              onChange={setPart('to')}
              disabled={running}
            />
          </Grid>
        )}
        <Flex gap="3" align="center">
          <Button type="submit" loading={running} disabled={running}>
            Import
          </Button>
          {running && (
            <Text size="2" color="gray" role="status">
              Importing: every code is checked…
            </Text>
          )}
        </Flex>
        {phase.kind === 'error' && (
          <Callout.Root color="red" role="alert">
            <Callout.Text weight="bold">{phase.title}</Callout.Text>
            {phase.lines.map((line) => (
              <Callout.Text key={line}>{line}</Callout.Text>
            ))}
          </Callout.Root>
        )}
        {phase.kind === 'done' && <ResultCard result={phase.result} />}
      </Flex>
    </form>
  )
}

function History({ kind, version }: { kind: CodeKind; version: number }) {
  const [page, setPage] = useState(1)
  const load = useLoad(fetchHistory, `${kind}:${page}:${version}`)
  const rows = load.data?.data ?? []
  const label = CODE_KIND_LABELS[kind]
  return (
    <ImportHistory heading="Import History" load={load} empty={`No ${label} codes imported yet.`} perPage={PER_PAGE} onPage={setPage}>
      <RunTable
        label={`${label} import history`}
        rows={rows}
        when={(row) => row.created}
        columns={[
          fileNameColumn,
          {
            header: 'Kind',
            cell: (row) => (
              <Badge color={row.mode === 'pool' ? 'blue' : 'gray'}>
                {row.mode === 'pool' ? 'Pool' : kind === 'upc' ? 'To releases' : 'To tracks'}
              </Badge>
            ),
          },
          rowsColumn,
          { header: 'Imported', end: true, cell: (row) => formatCount(row.imported) },
          { header: 'Duplicates', end: true, cell: (row) => formatCount(row.duplicates) },
          { header: 'Invalid', end: true, cell: (row) => formatCount(row.invalid) },
        ]}
      />
    </ImportHistory>
  )
}

/**
 * The UPC and ISRC importer: codes left per pool (with a warning when one runs low), the pool
 * import (and an ISRC range), codes given to existing releases or tracks from a CSV, and each
 * pool's import history. The chosen pool and form live in the tab's address (`pool`, `mode`).
 */
export default function CodeImporterScreen({ search }: ScreenProps) {
  const tab = useTab()
  const version = useDataVersion()
  const kind: CodeKind = search.get('pool') === 'isrc' ? 'isrc' : 'upc'
  const mode: CodeImportMode = search.get('mode') === 'assign' ? 'assign' : 'pool'
  const pools = useLoad(fetchPools, version)
  return (
    <Flex direction="column" gap="5" p="4">
      <Grid columns={{ initial: '1', sm: '2' }} gap="3">
        {pools.data?.data.map((pool) => (
          <PoolCard key={pool.kind} pool={pool} />
        ))}
      </Grid>
      {pools.error && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{pools.error.message}</Callout.Text>
        </Callout.Root>
      )}
      <Flex gap="3" wrap="wrap" align="center">
        <SegmentedControl.Root value={kind} onValueChange={(value) => tab.setSearch({ pool: value })} aria-label="Pool">
          <SegmentedControl.Item value="upc">UPC</SegmentedControl.Item>
          <SegmentedControl.Item value="isrc">ISRC</SegmentedControl.Item>
        </SegmentedControl.Root>
        <SegmentedControl.Root value={mode} onValueChange={(value) => tab.setSearch({ mode: value })} aria-label="Form">
          <SegmentedControl.Item value="pool">Add to the pool</SegmentedControl.Item>
          <SegmentedControl.Item value="assign">{kind === 'upc' ? 'Give to releases' : 'Give to tracks'}</SegmentedControl.Item>
        </SegmentedControl.Root>
      </Flex>
      <Card>
        <ImportForm key={`${kind}:${mode}`} kind={kind} mode={mode} />
      </Card>
      <History kind={kind} version={version} />
    </Flex>
  )
}
