import { useCallback, useMemo, useRef, useState } from 'react'
import { Button, Flex, IconButton, Tooltip } from '@radix-ui/themes'
import { Cross2Icon, PersonIcon } from '@radix-ui/react-icons'
import type { ReleaseListItem } from '@contract/releases'
import type { ScreenProps } from '@client/routing/types'
import { api } from '@client/api'
import { useDataVersion } from '@client/state/useDataVersion'
import { mergeSearch, useTab } from '@client/workspace/tab-context'
import { UserPickerDialog } from '@client/ui/dialogs/UserPickerDialog'
import { ListView, downloadCsv, toCsv, type BulkAction, type ColumnDef, type ListQuery } from '@client/ui/list'
import { RELEASE_STATUS_MAP } from './status'
import { RELEASE_FILTERS, RELEASE_SORTS, releasesQuery } from './releases-list-query'
import { GenreDialog } from './GenreDialog'
import { StoresDialog } from './StoresDialog'
import { selectionOf } from '@commands/actions'

export const RELEASES_FAILED = 'There was an error fetching the releases. Please try again.'

const columns: ColumnDef<ReleaseListItem>[] = [
  {
    id: 'release',
    header: 'Release',
    type: 'release',
    value: (row) => ({ id: row.id, title: row.title, artwork: row.artwork.cover ?? row.artwork.medium }),
    csv: (row) => row.title,
    width: 280,
  },
  { id: 'artist', header: 'Artist', type: 'text', value: (row) => row.artist, width: 170 },
  { id: 'upc', header: 'UPC', type: 'text', value: (row) => row.upc, width: 140 },
  { id: 'label', header: 'Label', type: 'text', value: (row) => row.label, width: 150 },
  { id: 'releaseDate', header: 'Release date', type: 'text', value: (row) => row.releaseDate, width: 120 },
  {
    id: 'status',
    header: 'Status',
    type: 'status',
    value: (row) => row.displayStatus,
    statuses: RELEASE_STATUS_MAP,
    csv: (row) => row.statusLabel,
    width: 170,
  },
  {
    id: 'review',
    header: 'Review',
    type: 'group',
    value: (row) => [row.priorityReview && 'Priority review', row.adminReview && 'Admin review'].filter((v): v is string => Boolean(v)),
    width: 210,
  },
  { id: 'type', header: 'Type', type: 'text', value: (row) => row.type, width: 100 },
  { id: 'catalogNumber', header: 'Catalog number', type: 'text', value: (row) => row.catalogNumber, width: 140, hidden: true },
  { id: 'genre', header: 'Genre', type: 'text', value: (row) => row.primaryGenre, width: 130, hidden: true },
  {
    id: 'owner',
    header: 'Owner',
    type: 'user',
    value: (row) => ({ id: row.user.id, name: row.user.displayName, initials: row.user.initials, detail: row.user.email }),
    csv: (row) => row.user.email,
    width: 220,
    hidden: true,
  },
  { id: 'tracks', header: 'Tracks', type: 'text', value: (row) => row.trackCount, width: 80, hidden: true },
  { id: 'created', header: 'Created', type: 'date', value: (row) => row.date, width: 130 },
]

const filters = RELEASE_FILTERS
const sorts = RELEASE_SORTS

const CSV_HEADERS = [
  'id',
  'title',
  'artist',
  'upc',
  'catalog number',
  'label',
  'type',
  'genre',
  'release date',
  'status',
  'admin review',
  'priority review',
  'owner',
  'created',
]

/** The selected rows as releases: the declared release actions (status, takedown, review flags, discovery) act on them. */
const asReleases = (rows: readonly ReleaseListItem[]) =>
  selectionOf(
    'release',
    rows.map((row) => ({
      id: row.id,
      title: row.title,
      state: {
        title: row.title,
        artist: row.artist,
        status: row.status,
        statusLabel: row.statusLabel,
        adminReview: row.adminReview,
        priorityReview: row.priorityReview,
      },
    })),
  )

/** /releases/manage/{page}: every release of the workspace; its bulk bar offers the declared release actions, genre and stores. */
export default function ReleasesListScreen({ params }: ScreenProps) {
  const version = useDataVersion()
  const tab = useTab()
  const [picking, setPicking] = useState(false)
  const accountId = tab.search.get('userId')
  // An account filter starts again from page 1, keeping the rest of the query.
  const filterAccount = (id: number | null) =>
    tab.navigate(mergeSearch(`/releases/manage/1${new URL(tab.path, 'http://x').search}`, { userId: id === null ? null : String(id) }))
  const page = Number(params.page) || 1
  // The rows of the page on screen, for exporting a selection.
  const loaded = useRef<ReleaseListItem[]>([])
  // The bulk genre and stores changes wait for their dialogs: the list clears the selection when they settle.
  const [genreFor, setGenreFor] = useState<{ ids: number[]; settle: () => void } | null>(null)
  const [storesFor, setStoresFor] = useState<{ ids: number[]; settle: () => void } | null>(null)

  const fetch = useCallback(async (query: ListQuery, signal: AbortSignal) => {
    const result = await api.call('releases.list', { query: releasesQuery(query) }, { signal })
    loaded.current = result.data
    return result
  }, [])

  const bulkActions = useMemo<BulkAction[]>(
    () => [
      {
        id: 'genre',
        label: 'Map genre…',
        run: (ids) => new Promise<void>((settle) => setGenreFor({ ids: ids.map(Number), settle })),
      },
      {
        id: 'stores',
        label: 'Change stores…',
        run: (ids) => new Promise<void>((settle) => setStoresFor({ ids: ids.map(Number), settle })),
      },
      {
        id: 'export',
        label: 'Export selected (CSV)',
        run: (ids) => {
          const wanted = new Set(ids.map(Number))
          const chosen = loaded.current.filter((row) => wanted.has(row.id))
          downloadCsv(
            toCsv(
              CSV_HEADERS,
              chosen.map((row) => [
                row.id,
                row.title,
                row.artist,
                row.upc,
                row.catalogNumber,
                row.label,
                row.type,
                row.primaryGenre,
                row.releaseDate,
                row.statusLabel,
                row.adminReview,
                row.priorityReview,
                row.user.email,
                row.date,
              ]),
            ),
          )
        },
      },
    ],
    [],
  )

  const closeGenre = () => {
    genreFor?.settle()
    setGenreFor(null)
  }
  const closeStores = () => {
    storesFor?.settle()
    setStoresFor(null)
  }

  return (
    <Flex direction="column" gap="3">
      <ListView<ReleaseListItem>
        key={version}
        listId="releases"
        title="Releases"
        columns={columns}
        rowId={(row) => row.id}
        fetch={fetch}
        page={page}
        pagePath={(next) => `/releases/manage/${next}`}
        filters={filters}
        sorts={sorts}
        dateRange={{ label: 'Created or release date' }}
        rowLink={(row) => `/releases/single/${row.id}`}
        records={asReleases}
        bulkActions={bulkActions}
        errorMessage={RELEASES_FAILED}
        tools={
          accountId ? (
            <Flex align="center" gap="1">
              <Button variant="soft" onClick={() => setPicking(true)}>
                <PersonIcon /> Account #{accountId}
              </Button>
              <Tooltip content="Show every account's releases">
                <IconButton variant="ghost" color="gray" aria-label="Clear the account filter" onClick={() => filterAccount(null)}>
                  <Cross2Icon />
                </IconButton>
              </Tooltip>
            </Flex>
          ) : (
            <Button variant="soft" onClick={() => setPicking(true)}>
              <PersonIcon /> Account…
            </Button>
          )
        }
      />
      <UserPickerDialog
        open={picking}
        title="Show the releases of"
        ownersOnly
        onOpenChange={setPicking}
        onSelect={(user) => {
          setPicking(false)
          filterAccount(user.id)
        }}
      />
      <GenreDialog ids={genreFor?.ids ?? null} onOpenChange={(open) => !open && closeGenre()} />
      <StoresDialog ids={storesFor?.ids ?? null} onOpenChange={(open) => !open && closeStores()} />
    </Flex>
  )
}
