import { useEffect, useState } from 'react'
import { Badge, Box, Button, Callout, Flex, Progress, Table, Text } from '@radix-ui/themes'
import { EXPORT_KIND_LABELS, type ExportStatus } from '@contract/catalogue-ops'
import { formatCount } from '@core/format'
import { api, ApiError } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { NamedTable } from '@client/ui/NamedTable'
import { Empty, When } from '@client/ui/When'
import { Pagination } from '@client/ui/list/Pagination'
import { showNotice } from '@client/ui/notices/notices'
import { useTab } from '@client/workspace/tab-context'
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

/**
 * The export history (`/releases/export/{page}`): each export's kind, file, releases and tracks
 * exported, how many moved to Exported, and its job's state, polled while one runs. Exports start
 * from a release, the release list's selection or the palette.
 */
export default function ExportScreen({ params }: ScreenProps) {
  const tab = useTab()
  const page = Math.max(1, Number(params.page) || 1)
  const version = useDataVersion()
  const [polled, setPolled] = useState(0)
  const load = useLoad(fetchHistory, `${page}:${version}:${polled}`)
  const rows = load.data?.data ?? []
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
      {load.error && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{load.error.message}</Callout.Text>
        </Callout.Root>
      )}
      {!load.error && load.data && rows.length === 0 && <Empty>Nothing exported yet.</Empty>}
      {rows.length > 0 && (
        <NamedTable label="Export history" size="1" variant="surface">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Id</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Kind</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>File</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Releases</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Tracks</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Now exported</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Run by</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.id}>
                <Table.Cell>#{row.id}</Table.Cell>
                <Table.Cell>{EXPORT_KIND_LABELS[row.kind]}</Table.Cell>
                <Table.Cell>
                  {row.hasFile ? (
                    <Button size="1" variant="ghost" onClick={() => download(row.id)} aria-label={`Download ${row.fileName}`}>
                      {row.fileName}
                    </Button>
                  ) : (
                    <Text color="gray">—</Text>
                  )}
                </Table.Cell>
                <Table.Cell justify="end">{formatCount(row.releases)}</Table.Cell>
                <Table.Cell justify="end">{formatCount(row.tracks)}</Table.Cell>
                <Table.Cell justify="end">{formatCount(row.markedExported)}</Table.Cell>
                <Table.Cell>
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
                </Table.Cell>
                <Table.Cell>{row.createdBy?.name ?? '—'}</Table.Cell>
                <Table.Cell>
                  <When value={row.created} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </NamedTable>
      )}
      {load.data && load.data.meta.total > 0 && (
        <Box>
          <Pagination
            page={load.data.meta.page}
            lastPage={load.data.meta.last_page}
            perPage={PER_PAGE}
            total={load.data.meta.total}
            onPage={(next) => tab.navigate(`/releases/export/${next}`)}
          />
        </Box>
      )}
    </Flex>
  )
}
