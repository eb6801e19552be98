import type { ReactNode } from 'react'
import { Badge, Box, Button, Callout, Flex, Heading, Progress, Table, Text } from '@radix-ui/themes'
import { formatCount } from '@core/format'
import { NamedTable } from '@client/ui/NamedTable'
import { Empty, When } from '@client/ui/When'
import { Pagination } from '@client/ui/list/Pagination'
import { GENERIC_ERROR } from '@machines/import/import.machine'
import { PLEASE_WAIT } from './import-kinds'

// The pieces every import page of the spec's "Import page" shares (docs/catalogue-ops.md): the CSV
// picker, its required-file message, the progress while the job runs, and the error card.

/** The CSV picker: disabled while an import runs; choosing a file clears the required-file message. */
export function CsvFilePicker({ busy, onFile }: { busy: boolean; onFile(file: File | null): void }) {
  return (
    <input
      type="file"
      accept=".csv,text/csv"
      aria-label="CSV file"
      disabled={busy}
      onChange={(event) => onFile(event.target.files?.[0] ?? null)}
    />
  )
}

/** The spec's message when Import is pressed without a file. */
export function CsvRequired() {
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Text weight="bold">CSV file is required</Callout.Text>
      <Callout.Text>Please provide the file</Callout.Text>
    </Callout.Root>
  )
}

/** While the job runs: "Please wait…", a bar driven by its real progress (0–1) and a line of where it is. */
export function ImportProgress({ progress, children }: { progress: number; children?: ReactNode }) {
  return (
    <Flex direction="column" gap="2">
      <Text size="2" role="status">
        {PLEASE_WAIT}
      </Text>
      <Progress value={Math.round(progress * 100)} aria-label="Import progress" />
      {children && (
        <Text size="1" color="gray">
          {children}
        </Text>
      )}
    </Flex>
  )
}

/** "Something went wrong." with the server's reason, and a way to start again. */
export function ImportErrorCard({ error, onReset }: { error: string | null | undefined; onReset(): void }) {
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Text weight="bold">{GENERIC_ERROR}</Callout.Text>
      {error && error !== GENERIC_ERROR && <Callout.Text>{error}</Callout.Text>}
      <Flex gap="2" mt="2">
        <Button size="1" variant="soft" onClick={onReset}>
          Start again
        </Button>
      </Flex>
    </Callout.Root>
  )
}

interface HistoryPage {
  data: readonly unknown[]
  meta: { page: number; last_page: number; total: number }
}

/**
 * An import kind's history (the spec's Import History): its heading, the read's error, what shows
 * when there is none yet, this page's table (given as children, drawn when there are rows) and its pages.
 */
export function ImportHistory({
  heading,
  load,
  empty,
  perPage,
  onPage,
  children,
}: {
  heading: string
  load: { data: HistoryPage | null | undefined; error: { message: string } | null }
  empty: string
  perPage: number
  onPage(page: number): void
  children: ReactNode
}) {
  const count = load.data?.data.length ?? 0
  return (
    <Box>
      <Heading as="h3" size="3" mb="2">
        {heading}
      </Heading>
      {load.error && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{load.error.message}</Callout.Text>
        </Callout.Root>
      )}
      {!load.error && load.data && count === 0 && <Empty>{empty}</Empty>}
      {count > 0 && children}
      {load.data && load.data.meta.total > 0 && (
        <Box mt="2">
          <Pagination
            page={load.data.meta.page}
            lastPage={load.data.meta.last_page}
            perPage={perPage}
            total={load.data.meta.total}
            onPage={onPage}
          />
        </Box>
      )}
    </Box>
  )
}

/** A column of a run table: its header, its cell, and whether it is a number (aligned to the end). */
export interface RunColumn<Row> {
  header: string
  end?: boolean
  cell(row: Row): ReactNode
}

/**
 * A history's table of runs (imports, exports, validations): the run's id (a button opening the run
 * when `open` is given), the kind's own columns, who ran it and when, then any trailing columns
 * (downloads). The run shown below the form is marked as current.
 */
export function RunTable<Row extends { id: number; createdBy?: { name: string } | null }>({
  label,
  rows,
  columns,
  when,
  open,
  current,
  after = [],
}: {
  label: string
  rows: readonly Row[]
  // The rows decide the type; the columns are checked against it.
  columns: readonly NoInfer<RunColumn<Row>>[]
  when(row: NoInfer<Row>): string
  open?: { noun: string; onOpen(id: number): void }
  current?: number | null
  after?: readonly NoInfer<RunColumn<Row>>[]
}) {
  const header = (column: RunColumn<Row>) =>
    column.header ? (
      <Table.ColumnHeaderCell key={column.header} justify={column.end ? 'end' : undefined}>
        {column.header}
      </Table.ColumnHeaderCell>
    ) : (
      <Table.ColumnHeaderCell key="trailing" />
    )
  const cell = (row: Row, column: RunColumn<Row>) => (
    <Table.Cell key={column.header || 'trailing'} justify={column.end ? 'end' : undefined}>
      {column.cell(row)}
    </Table.Cell>
  )
  return (
    <NamedTable label={label} size="1" variant="surface">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Id</Table.ColumnHeaderCell>
          {columns.map(header)}
          <Table.ColumnHeaderCell>Run by</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
          {after.map(header)}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row
            key={row.id}
            aria-current={row.id === current ? 'true' : undefined}
            style={row.id === current ? { background: 'var(--accent-a3)' } : undefined}
          >
            <Table.Cell>
              {open ? (
                <Button variant="ghost" size="1" onClick={() => open.onOpen(row.id)} aria-label={`Open ${open.noun} #${row.id}`}>
                  #{row.id}
                </Button>
              ) : (
                `#${row.id}`
              )}
            </Table.Cell>
            {columns.map((column) => cell(row, column))}
            <Table.Cell>{row.createdBy?.name ?? '—'}</Table.Cell>
            <Table.Cell>
              <When value={when(row)} />
            </Table.Cell>
            {after.map((column) => cell(row, column))}
          </Table.Row>
        ))}
      </Table.Body>
    </NamedTable>
  )
}

type BadgeColor = 'gray' | 'blue' | 'amber' | 'green' | 'red'

/** The columns every file run has: its file's name, its rows, and its status (the error on hover). */
export const fileNameColumn: RunColumn<{ fileName: string }> = { header: 'File name', cell: (row) => row.fileName }
export const rowsColumn: RunColumn<{ rows: number }> = { header: 'Rows', end: true, cell: (row) => formatCount(row.rows) }
export function statusColumn<Status extends string>(
  colors: Record<Status, BadgeColor>,
  labels: Record<Status, string>,
): RunColumn<{ status: Status; error?: string | null }> {
  return {
    header: 'Status',
    cell: (row) => (
      <Badge color={colors[row.status]} title={row.error ?? undefined}>
        {labels[row.status]}
      </Badge>
    ),
  }
}
