import { useCallback, useMemo, useState } from 'react'
import { Callout, Flex } from '@radix-ui/themes'
import type { MatchRow, UploadedTrackRow } from '@contract/discovery'
import type { EndpointOutput, Endpoints } from '@contract/index'
import {
  ASSET_STATUSES,
  ASSET_STATUS_LABELS,
  MATCH_PLATFORMS,
  MATCH_PLATFORM_LABELS,
  MATCH_STATUSES,
  MATCH_STATUS_LABELS,
  type AssetStatus,
  type MatchPlatform,
  type MatchStatus,
} from '@core/discovery'
import { selectionOf } from '@commands/actions'
import { api } from '@client/api'
import { useDataVersion } from '@client/state/useDataVersion'
import { ListView, type ColumnDef, type FilterDef, type ListQuery, type StatusMap } from '@client/ui/list'
import { UsageAnalytics } from './UsageAnalytics'

// Usage discovery's three lists (docs/discovery.md): Match Results, In Discovery and Release
// Submissions. Each answer carries the provider's state: without configuration the screens say so.

type Provider = { name: string; configured: boolean }

export function NotConfigured({ provider }: { provider: Provider | null }) {
  if (!provider || provider.configured) return null
  return (
    <Callout.Root color="amber" role="status" data-testid="usage-not-configured">
      <Callout.Text>
        {provider.name} is not configured: set USAGE_DISCOVERY_URL and USAGE_DISCOVERY_KEY (README, “Environment”) to register tracks and
        receive matches.
      </Callout.Text>
    </Callout.Root>
  )
}

/** Keeps the provider state of the last answer, for the banner. */
function useProvider() {
  const [provider, setProvider] = useState<Provider | null>(null)
  const keep = useCallback(<T extends { provider: Provider }>(answer: T) => {
    setProvider(answer.provider)
    return answer
  }, [])
  return { provider, keep }
}

const MATCH_COLORS: Record<MatchStatus, StatusMap[string]['color']> = {
  new: 'amber',
  claimed: 'blue',
  monetised: 'green',
  taken_down: 'red',
  ignored: 'gray',
}
export const MATCH_STATUS_MAP: StatusMap = Object.fromEntries(MATCH_STATUSES.map((s) => [s, { label: MATCH_STATUS_LABELS[s], color: MATCH_COLORS[s] }]))
const ASSET_COLORS: Record<AssetStatus, StatusMap[string]['color']> = { queued: 'amber', registered: 'green', failed: 'red', cancelled: 'gray' }
const ASSET_STATUS_MAP: StatusMap = Object.fromEntries(ASSET_STATUSES.map((s) => [s, { label: ASSET_STATUS_LABELS[s], color: ASSET_COLORS[s] }]))

export const matchState = (row: Pick<MatchRow, 'status' | 'title' | 'platform'>) => ({ status: row.status, title: row.title, platform: row.platform })

const matchColumns: ColumnDef<MatchRow>[] = [
  { id: 'matchId', header: 'Match ID', type: 'text', value: (row) => row.matchId, width: 130 },
  { id: 'title', header: 'Title', type: 'text', value: (row) => row.title, width: 200 },
  { id: 'platform', header: 'Platform', type: 'text', value: (row) => MATCH_PLATFORM_LABELS[row.platform], width: 100 },
  { id: 'mediaUrl', header: 'Media URL', type: 'hoverText', value: (row) => row.mediaUrl, width: 180 },
  { id: 'userUrl', header: 'User URL', type: 'hoverText', value: (row) => row.userUrl, width: 180 },
  { id: 'userName', header: 'User name', type: 'text', value: (row) => row.userName, width: 150 },
  { id: 'copyTitle', header: 'Copy title', type: 'text', value: (row) => row.copyTitle, width: 180 },
  { id: 'uploadDate', header: 'Upload date', type: 'date', value: (row) => row.uploadDate, width: 130 },
  { id: 'status', header: 'Status', type: 'status', value: (row) => row.status, statuses: MATCH_STATUS_MAP, width: 110 },
]

export function MatchList({ page }: { page: number }) {
  const version = useDataVersion()
  const { provider, keep } = useProvider()
  const filters = useMemo<FilterDef[]>(
    () => [
      { id: 'status', label: 'Status', type: 'select', options: MATCH_STATUSES.map((s) => ({ value: s, label: MATCH_STATUS_LABELS[s] })) },
      { id: 'platform', label: 'Platform', type: 'select', options: MATCH_PLATFORMS.map((p) => ({ value: p, label: MATCH_PLATFORM_LABELS[p] })) },
    ],
    [],
  )
  const fetch = useCallback(
    async (query: ListQuery, signal: AbortSignal) =>
      keep(
        await api.call(
          'pex.matches',
          {
            params: { page: query.page },
            query: {
              per_page: query.perPage,
              search: query.search || undefined,
              status: (query.filters.status || undefined) as MatchStatus | undefined,
              platform: (query.filters.platform || undefined) as MatchPlatform | undefined,
            },
          },
          { signal },
        ),
      ),
    [keep],
  )
  const records = useCallback(
    (rows: readonly MatchRow[]) => selectionOf('usageMatch', rows.map((row) => ({ id: row.id, title: `Match #${row.id}`, state: matchState(row) }))),
    [],
  )
  return (
    <Flex direction="column" gap="3" p="4">
      <NotConfigured provider={provider} />
      <UsageAnalytics />
      <ListView<MatchRow>
        key={version}
        listId="usage-matches"
        title="Match results"
        columns={matchColumns}
        rowId={(row) => row.id}
        fetch={fetch}
        page={page}
        pagePath={(next) => `/usage-discovery/${next}`}
        filters={filters}
        rowLink={(row) => `/usage-discovery/match/${row.id}`}
        records={records}
        errorMessage="There was an error fetching the match results. Please try again."
      />
    </Flex>
  )
}

const assetColumns: ColumnDef<UploadedTrackRow>[] = [
  { id: 'assetId', header: 'Asset ID', type: 'text', value: (row) => row.assetId ?? '—', width: 130 },
  { id: 'title', header: 'Title', type: 'text', value: (row) => row.title, width: 200 },
  { id: 'release', header: 'Release title', type: 'text', value: (row) => row.release.title, width: 200 },
  { id: 'status', header: 'Status', type: 'status', value: (row) => row.status, statuses: ASSET_STATUS_MAP, width: 110 },
  { id: 'error', header: 'Problem', type: 'message', value: (row) => row.error, width: 200 },
  { id: 'matches', header: 'Matches', type: 'text', value: (row) => row.matches, width: 90 },
  { id: 'date', header: 'Date', type: 'date', value: (row) => row.date, width: 130 },
  { id: 'adminId', header: 'Admin ID', type: 'text', value: (row) => row.adminId ?? '—', width: 90 },
  {
    id: 'user',
    header: 'User',
    type: 'user',
    value: (row) => ({ id: row.user.id, name: row.user.name, detail: row.user.email }),
    csv: (row) => row.user.email,
    width: 200,
  },
]

export function AssetList({ page }: { page: number }) {
  const version = useDataVersion()
  const { provider, keep } = useProvider()
  const filters = useMemo<FilterDef[]>(
    () => [{ id: 'status', label: 'Status', type: 'select', options: ASSET_STATUSES.map((s) => ({ value: s, label: ASSET_STATUS_LABELS[s] })) }],
    [],
  )
  const fetch = useCallback(
    async (query: ListQuery, signal: AbortSignal) =>
      keep(
        await api.call(
          'pex.uploadedTracks',
          {
            params: { page: query.page },
            query: { per_page: query.perPage, search: query.search || undefined, status: (query.filters.status || undefined) as AssetStatus | undefined },
          },
          { signal },
        ),
      ),
    [keep],
  )
  const records = useCallback(
    (rows: readonly UploadedTrackRow[]) =>
      selectionOf('usageAsset', rows.map((row) => ({ id: row.id, title: row.title, state: { status: row.status, title: row.title } }))),
    [],
  )
  return (
    <Flex direction="column" gap="3" p="4">
      <NotConfigured provider={provider} />
      <ListView<UploadedTrackRow>
        key={version}
        listId="usage-assets"
        title="In discovery"
        columns={assetColumns}
        rowId={(row) => row.id}
        fetch={fetch}
        page={page}
        pagePath={(next) => `/usage-discovery/uploaded/${next}`}
        filters={filters}
        rowLink={(row) => `/releases/track/${row.trackId}`}
        records={records}
        errorMessage="There was an error fetching the tracks in discovery. Please try again."
      />
    </Flex>
  )
}

type ReleaseRow = EndpointOutput<Endpoints['pex.releases']>['data'][number]
const releaseColumns: ColumnDef<ReleaseRow>[] = [
  { id: 'release', header: 'Release', type: 'release', value: (row) => ({ id: row.id, title: row.title, artwork: row.artwork }), width: 260 },
  { id: 'upc', header: 'UPC', type: 'text', value: (row) => row.upc, width: 140 },
  { id: 'tracks', header: 'Tracks submitted', type: 'text', value: (row) => row.tracks, width: 130 },
  { id: 'inDiscovery', header: 'In discovery', type: 'text', value: (row) => row.inDiscovery, width: 110 },
  { id: 'cancelled', header: 'Cancelled', type: 'text', value: (row) => row.cancelled, width: 100 },
  { id: 'status', header: 'Status', type: 'text', value: (row) => row.status, width: 120 },
  {
    id: 'user',
    header: 'User',
    type: 'user',
    value: (row) => ({ id: row.user.id, name: row.user.name, detail: row.user.email }),
    csv: (row) => row.user.email,
    width: 200,
  },
  { id: 'submitted', header: 'Submitted', type: 'date', value: (row) => row.submitted, width: 130 },
]

export function ReleaseSubmissionList({ page }: { page: number }) {
  const version = useDataVersion()
  const { provider, keep } = useProvider()
  const fetch = useCallback(
    async (query: ListQuery, signal: AbortSignal) =>
      keep(await api.call('pex.releases', { params: { page: query.page }, query: { per_page: query.perPage, search: query.search || undefined } }, { signal })),
    [keep],
  )
  // The rows are releases: the bulk bar offers the release actions, among them submitting again (new tracks).
  const records = useCallback(
    (rows: readonly ReleaseRow[]) => selectionOf('release', rows.map((row) => ({ id: row.id, title: row.title, state: { title: row.title } }))),
    [],
  )
  return (
    <Flex direction="column" gap="3" p="4">
      <NotConfigured provider={provider} />
      <ListView<ReleaseRow>
        key={version}
        listId="usage-releases"
        title="Release submissions"
        columns={releaseColumns}
        rowId={(row) => row.id}
        fetch={fetch}
        page={page}
        pagePath={(next) => `/usage-discovery/release/submission/${next}`}
        rowLink={(row) => `/releases/single/${row.id}`}
        records={records}
        errorMessage="There was an error fetching the release submissions. Please try again."
      />
    </Flex>
  )
}
