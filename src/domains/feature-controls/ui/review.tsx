import { useCallback, useEffect, useMemo, type ReactNode } from 'react'
import { Badge, Card, DataList, Flex, Heading, Text } from '@radix-ui/themes'
import { REVIEW_PAGE_SIZES, type ReviewRow } from '@contract/feature-controls'
import type { ReviewKindDef } from '@core/feature-requests'
import type { EndpointId } from '@contract/index'
import { manualStatuses, requestPath, type ReviewKind } from '@core/feature-requests'
import { selectionOf } from '@commands/actions'
import type { RecordStates } from '@commands/records'
import { api } from '@client/api'
import { useDataVersion } from '@client/state/useDataVersion'
import { useLoad } from '@client/state/useLoad'
import { useTab } from '@client/workspace/tab-context'
import { rememberRecord } from '@client/shell/recents'
import { ListView, type ColumnDef, type ListResult, type FilterDef, type ListQuery, type StatusMap } from '@client/ui/list'
import { RecordActions } from '@client/ui/RecordActions'
import { RecordPending, recordMissing } from '@client/ui/RecordPending'
import { When } from '@client/ui/When'
import { Link } from '@client/routing/Link'
import { useHotkeys } from 'react-hotkeys-hook'
import { SHORTCUTS } from '@commands/shortcuts'
import { runRecordAction } from '@client/ui/RecordActions'
import { recordKeyOptions } from '@client/ui/record-keys'

// The one review pattern's screens (docs/feature-controls.md): every kind's list and single screen
// are these two components; a kind gives its definition, its calls and how its own fields read.

type ReviewKindName = ReviewKind
type SingleCall = Extract<EndpointId, `${ReviewKindName}.single`>

/** What a staff list asks its kind's list call for. */
export interface ReviewListQuery {
  page: number
  per_page: number
  status?: string
  search?: string
  from?: string
  to?: string
}

export interface ReviewScreenKind {
  kind: ReviewKindName
  def: ReviewKindDef
  title: string
  /** The kind's staff list call (paths differ: the page in the path or in the query). */
  fetchList(query: ReviewListQuery, signal: AbortSignal): Promise<ListResult<ReviewRow>>
  /** The kind's single call; none when the spec gives the kind no single screen. */
  singleCall?: SingleCall
  /** The kind's own buttons above its list (an export). */
  toolbar?: ReactNode
  /** What the title column holds (the release or track title unless said otherwise). */
  titleHeader?: string
  /** The kind's own columns, between the title and the requester. */
  columns: ColumnDef<ReviewRow>[]
  /** The kind's own fields on the single screen (kinds with one). */
  details?(row: ReviewRow): ReactNode
}

const COLORS: Record<string, StatusMap[string]['color']> = { pending: 'amber', approved: 'green', rejected: 'red', revoked: 'gray' }

export function statusMapOf(def: ReviewKindDef): StatusMap {
  return Object.fromEntries(
    def.statuses.map((status) => [
      status,
      { label: (def.statusInfo as Record<string, { label: string }>)[status].label, color: COLORS[status] ?? 'gray' },
    ]),
  )
}

const stateOf = (row: ReviewRow): RecordStates[ReviewKindName] => ({ status: row.status, title: row.title, requesterName: row.requester.name })

const fetchQueue = async (_key: string, signal: AbortSignal) => (await api.call('featureRequests.queue', undefined, { signal })).data

/**
 * Where a request stands in the shared queue (pending requests of every kind, oldest first): its
 * neighbours for j/k, and where to go once it is decided. One no longer pending keeps no place, so
 * j/k then start from the oldest.
 */
export function queuePlace(queue: readonly { path: string }[], path: string) {
  const index = queue.findIndex((item) => item.path === path)
  if (index < 0) return { position: null, previous: null, next: queue[0]?.path ?? null, nextOpen: queue[0]?.path ?? null }
  const previous = index > 0 ? queue[index - 1].path : null
  const next = index < queue.length - 1 ? queue[index + 1].path : null
  return { position: index + 1, previous, next, nextOpen: next ?? previous }
}

/** /{kind list}/{page}: newest first; search, status filter, created date range, page sizes, bulk status change. */
export function ReviewListScreen({ kind, page }: { kind: ReviewScreenKind; page: number }) {
  const version = useDataVersion()
  const statuses = useMemo(() => statusMapOf(kind.def), [kind.def])
  const columns = useMemo<ColumnDef<ReviewRow>[]>(
    () => [
      { id: 'id', header: 'ID', type: 'text', value: (row) => `#${row.id}`, width: 80 },
      { id: 'title', header: kind.titleHeader ?? 'Release / track', type: 'text', value: (row) => row.title, width: 280 },
      ...kind.columns,
      {
        id: 'user',
        header: 'Requester',
        type: 'user',
        value: (row) => ({ id: row.requester.id, name: row.requester.name, detail: row.requester.email }),
        csv: (row) => row.requester.email,
        width: 220,
      },
      { id: 'status', header: 'Status', type: 'status', value: (row) => row.status, statuses, width: 110 },
      { id: 'created', header: 'Requested', type: 'date', value: (row) => row.created, width: 140 },
    ],
    [kind.columns, kind.titleHeader, statuses],
  )
  const filters = useMemo<FilterDef[]>(
    () => [
      {
        id: 'status',
        label: 'Status',
        type: 'select',
        options: kind.def.statuses.map((status) => ({ value: status, label: statuses[status].label })),
      },
    ],
    [kind.def, statuses],
  )
  const fetch = useCallback(
    (query: ListQuery, signal: AbortSignal) =>
      kind.fetchList(
        {
          page: query.page,
          per_page: query.perPage,
          status: query.filters.status || undefined,
          search: query.search || undefined,
          from: query.from ?? undefined,
          to: query.to ?? undefined,
        },
        signal,
      ),
    [kind],
  )
  const records = useCallback(
    (rows: readonly ReviewRow[]) =>
      selectionOf(
        kind.kind,
        rows.map((row) => ({ id: row.id, title: `${kind.def.label} #${row.id}`, state: stateOf(row) })),
      ),
    [kind],
  )
  return (
    <Flex direction="column" gap="3" p="4">
      {kind.toolbar}
      <ListView<ReviewRow>
        key={version}
        listId={`feature-${kind.kind}`}
        title={kind.title}
        columns={columns}
        rowId={(row) => row.id}
        fetch={fetch}
        page={page}
        pageSizes={REVIEW_PAGE_SIZES}
        pagePath={(next) => `${kind.def.listPath}/${next}`}
        filters={filters}
        dateRange={{ label: 'Requested' }}
        rowLink={kind.def.singlePath ? (row) => requestPath(kind.def, row.id) : undefined}
        records={records}
        errorMessage={`There was an error fetching the ${kind.title.toLowerCase()}. Please try again.`}
      />
    </Flex>
  )
}

/** /{kind single}/{id}: the request, its requester, release and track, and the moves its status allows. */
export function ReviewSingleScreen({ kind, id }: { kind: ReviewScreenKind & { singleCall: SingleCall }; id: number }) {
  const tab = useTab()
  const version = useDataVersion()
  const valid = Number.isInteger(id) && id > 0
  const fetchOne = useCallback(
    (key: string, signal: AbortSignal) => api.call(kind.singleCall, { params: { id: Number(key.split(':')[0]) } }, { signal }),
    [kind.singleCall],
  )
  const load = useLoad(fetchOne, `${valid ? id : 0}:${version}`)
  const row = load.data && load.data.id === id ? load.data : null
  const statuses = useMemo(() => statusMapOf(kind.def), [kind.def])
  const queue = useLoad(fetchQueue, `queue:${version}`)
  const place = useMemo(() => queuePlace(queue.data ?? [], requestPath(kind.def, id)), [queue.data, kind.def, id])
  const record = useMemo(
    () =>
      row
        ? {
            kind: kind.kind,
            id: String(row.id),
            title: `${kind.def.label} #${row.id}`,
            state: { ...stateOf(row), nextPath: place.nextOpen },
          }
        : null,
    [row, kind, place.nextOpen],
  )
  const { setTitle, publishRecord } = tab
  useEffect(() => {
    if (!row) return
    setTitle(`${kind.def.label} #${row.id} · ${row.title}`)
    rememberRecord({
      kind: kind.kind,
      id: row.id,
      title: `${kind.def.label} #${row.id}: ${row.title}`,
      subtitle: `${statuses[row.status]?.label ?? row.status} · ${row.requester.name}`,
      path: requestPath(kind.def, row.id),
    })
  }, [row, setTitle, kind, statuses])
  useEffect(() => {
    publishRecord(record)
    return () => publishRecord(null)
  }, [record, publishRecord])

  const go = useCallback((path: string | null) => path && tab.navigate(path), [tab])
  const act = useCallback((key: string) => record && void runRecordAction(record, key), [record])
  const keyOptions = recordKeyOptions(tab)
  useHotkeys(SHORTCUTS['feature.next'].keys, () => go(place.next), keyOptions, [place.next, go])
  useHotkeys(SHORTCUTS['feature.previous'].keys, () => go(place.previous), keyOptions, [place.previous, go])
  useHotkeys(SHORTCUTS['feature.approve'].keys, () => act(`${kind.kind}.changeStatus:approved`), keyOptions, [act, kind.kind])
  useHotkeys(SHORTCUTS['feature.reject'].keys, () => act(`${kind.kind}.changeStatus:rejected`), keyOptions, [act, kind.kind])

  if (!row || !record || recordMissing(valid, load))
    return (
      <RecordPending
        valid={valid}
        load={load}
        missing={`This ${kind.def.label.toLowerCase()} request does not exist, or it belongs to another workspace.`}
      />
    )
  const status = statuses[row.status]
  return (
    <Flex direction="column" gap="4" p="4">
      <Flex gap="4" justify="between" align="start" wrap="wrap">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="6">
            {row.title}
          </Heading>
          <Flex gap="2" align="center">
            <Badge color={status?.color}>{status?.label ?? row.status}</Badge>
            <Text size="2" color="gray">
              {kind.def.label} #{row.id} · requested <When value={row.created} />
            </Text>
          </Flex>
        </Flex>
        <RecordActions record={record} buttons={manualStatuses(kind.def).map((to) => `${kind.kind}.changeStatus:${to}`)} />
      </Flex>
      <Card size="2">
        <DataList.Root>
          <DataList.Item>
            <DataList.Label>Requester</DataList.Label>
            <DataList.Value>
              <Link to={`/users/${row.requester.id}`}>{row.requester.name}</Link>&nbsp;({row.requester.email})
            </DataList.Value>
          </DataList.Item>
          {row.release && (
            <DataList.Item>
              <DataList.Label>Release</DataList.Label>
              <DataList.Value>
                <Link to={`/releases/single/${row.release.id}`}>{row.release.title}</Link>
              </DataList.Value>
            </DataList.Item>
          )}
          {row.track && (
            <DataList.Item>
              <DataList.Label>Track</DataList.Label>
              <DataList.Value>
                <Link to={`/releases/track/${row.track.id}`}>{row.track.title}</Link>
              </DataList.Value>
            </DataList.Item>
          )}
          {kind.details?.(row)}
          {row.reason && (
            <DataList.Item>
              <DataList.Label>Reason given</DataList.Label>
              <DataList.Value data-testid="review-reason">{row.reason}</DataList.Value>
            </DataList.Item>
          )}
          {row.reviewedAt && (
            <DataList.Item>
              <DataList.Label>Reviewed</DataList.Label>
              <DataList.Value>
                <When value={row.reviewedAt} />
              </DataList.Value>
            </DataList.Item>
          )}
        </DataList.Root>
      </Card>
      <Text size="1" color="gray" role="status" data-testid="review-queue">
        {queue.data
          ? place.position !== null
            ? `Pending request ${place.position} of ${queue.data.length} in the review queue · j/k next/previous · a approve · r reject`
            : `${queue.data.length} pending request${queue.data.length === 1 ? '' : 's'} in the review queue · j opens the oldest`
          : ''}
      </Text>
      <Text size="1" color="gray">
        {(kind.def.statusInfo as Record<string, { meaning: string }>)[row.status]?.meaning}
      </Text>
    </Flex>
  )
}
