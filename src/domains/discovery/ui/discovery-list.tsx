import { useCallback, useMemo } from 'react'
import { Flex } from '@radix-ui/themes'
import type { DiscoveryRow } from '@contract/discovery'
import {
  DISCOVERY_STATUSES,
  DISCOVERY_STATUS_INFO,
  REMOVAL_STATUSES,
  REMOVAL_STATUS_INFO,
  type DiscoveryStatus,
  type RemovalStatus,
} from '@core/discovery'
import { selectionOf } from '@commands/actions'
import type { RecordStates } from '@commands/records'
import { api } from '@client/api'
import { useDataVersion } from '@client/state/useDataVersion'
import { ListView, type ColumnDef, type FilterDef, type ListQuery, type StatusMap } from '@client/ui/list'

// The two lists of Discovery Mode (docs/discovery.md): submissions and removal requests. Both show
// the same rows (a submission with its removal request) and carry the same declared actions.

const COLORS: Record<string, StatusMap[string]['color']> = {
  pending: 'amber',
  approved: 'green',
  rejected: 'red',
  removed: 'gray',
  requested: 'amber',
}

export const SUBMISSION_STATUSES: StatusMap = Object.fromEntries(
  DISCOVERY_STATUSES.map((status) => [status, { label: DISCOVERY_STATUS_INFO[status].label, color: COLORS[status] }]),
)
export const REMOVAL_STATUS_MAP: StatusMap = Object.fromEntries(
  REMOVAL_STATUSES.map((status) => [status, { label: REMOVAL_STATUS_INFO[status].label, color: COLORS[status] }]),
)
const TOGGLE: StatusMap = { on: { label: 'On', color: 'green' }, off: { label: 'Off', color: 'gray' } }

export const titleOf = (row: Pick<DiscoveryRow, 'release' | 'track'>) =>
  row.track ? `${row.track.title} (${row.release.title})` : row.release.title

export const stateOf = (row: DiscoveryRow): RecordStates['discoverySubmission'] => ({
  status: row.status,
  enabled: row.enabled,
  removalStatus: row.removal?.status ?? null,
  title: titleOf(row),
})

const baseColumns: ColumnDef<DiscoveryRow>[] = [
  { id: 'id', header: 'ID', type: 'text', value: (row) => `#${row.id}`, width: 80 },
  { id: 'release', header: 'Release title', type: 'text', value: (row) => row.release.title, width: 240 },
  { id: 'track', header: 'Track', type: 'text', value: (row) => row.track?.title ?? 'Whole release', width: 200 },
  { id: 'month', header: 'Campaign month', type: 'text', value: (row) => row.month, width: 130 },
]
const userColumn: ColumnDef<DiscoveryRow> = {
  id: 'user',
  header: 'User',
  type: 'user',
  value: (row) => ({ id: row.user.id, name: row.user.name, detail: row.user.email }),
  csv: (row) => row.user.email,
  width: 220,
}

export function DiscoveryList({ mode, page }: { mode: 'submissions' | 'removals'; page: number }) {
  const version = useDataVersion()
  const columns = useMemo<ColumnDef<DiscoveryRow>[]>(
    () =>
      mode === 'submissions'
        ? [
            ...baseColumns,
            { id: 'status', header: 'Status', type: 'status', value: (row) => row.status, statuses: SUBMISSION_STATUSES, width: 110 },
            { id: 'toggle', header: 'Toggle', type: 'status', value: (row) => (row.enabled ? 'on' : 'off'), statuses: TOGGLE, width: 90 },
            userColumn,
            { id: 'updated', header: 'Updated', type: 'date', value: (row) => row.updated, width: 140 },
          ]
        : [
            ...baseColumns,
            {
              id: 'removal',
              header: 'Removal',
              type: 'status',
              value: (row) => row.removal?.status,
              statuses: REMOVAL_STATUS_MAP,
              width: 110,
            },
            { id: 'note', header: 'Why', type: 'message', value: (row) => row.removal?.note, width: 220 },
            userColumn,
            { id: 'requested', header: 'Requested', type: 'date', value: (row) => row.removal?.requestedAt, width: 140 },
          ],
    [mode],
  )
  const filters = useMemo<FilterDef[]>(
    () =>
      mode === 'submissions'
        ? [
            { id: 'status', label: 'Status', type: 'select', options: DISCOVERY_STATUSES.map((s) => ({ value: s, label: DISCOVERY_STATUS_INFO[s].label })) },
            { id: 'enabled', label: 'Discovery Mode on', type: 'boolean' },
            { id: 'month', label: 'Campaign month (YYYY-MM)', type: 'text' },
          ]
        : [{ id: 'status', label: 'Removal', type: 'select', options: REMOVAL_STATUSES.map((s) => ({ value: s, label: REMOVAL_STATUS_INFO[s].label })) }],
    [mode],
  )
  const fetch = useCallback(
    (query: ListQuery, signal: AbortSignal) => {
      const common = { per_page: query.perPage, search: query.search || undefined }
      if (mode === 'removals')
        return api.call(
          'spotifyDiscovery.removals',
          { params: { page: query.page }, query: { ...common, status: (query.filters.status || undefined) as RemovalStatus | undefined } },
          { signal },
        )
      const month = query.filters.month?.trim()
      return api.call(
        'spotifyDiscovery.list',
        {
          params: { page: query.page },
          query: {
            ...common,
            status: (query.filters.status || undefined) as DiscoveryStatus | undefined,
            enabled: (query.filters.enabled || undefined) as 'true' | 'false' | undefined,
            month: month && /^\d{4}-\d{2}$/.test(month) ? month : undefined,
          },
        },
        { signal },
      )
    },
    [mode],
  )
  const records = useCallback(
    (rows: readonly DiscoveryRow[]) =>
      selectionOf(
        'discoverySubmission',
        rows.map((row) => ({ id: row.id, title: `Submission #${row.id}`, state: stateOf(row) })),
      ),
    [],
  )
  const title = mode === 'submissions' ? 'Discovery Mode submissions' : 'Discovery Mode removals'
  return (
    <Flex direction="column" gap="3" p="4">
      <ListView<DiscoveryRow>
        key={version}
        listId={`discovery-${mode}`}
        title={title}
        columns={columns}
        rowId={(row) => row.id}
        fetch={fetch}
        page={page}
        pagePath={(next) => (mode === 'submissions' ? `/spotify-discovery/${next}` : `/spotify-discovery-removal/${next}`)}
        filters={filters}
        rowLink={(row) => `/spotify-discovery/single/${row.id}`}
        records={records}
        errorMessage={`There was an error fetching the ${title.toLowerCase()}. Please try again.`}
      />
    </Flex>
  )
}
