import { useCallback, useEffect, useId, useMemo, useState } from 'react'
import { RecordPending, recordMissing } from '@client/ui/RecordPending'
import { Badge, Box, Button, Card, Dialog, Flex, Heading, Kbd, Table, Text, TextArea } from '@radix-ui/themes'
import { ArrowDownIcon, ArrowUpIcon, CheckIcon, Cross2Icon } from '@radix-ui/react-icons'
import { useHotkeys } from 'react-hotkeys-hook'
import type { EditRequestSingle } from '@contract/releases'
import type { EditRequestRecordState } from '@commands/releases'
import type { ScreenProps } from '@client/routing/types'
import { api, ApiError } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { useTab } from '@client/workspace/tab-context'
import { rememberRecord } from '@client/shell/recents'
import { Link } from '@client/routing/Link'
import { NamedTable } from '@client/ui/NamedTable'
import { showNotice } from '@client/ui/notices/notices'
import { workspaceActions } from '@client/workspace/store'
import { Cover } from './release/ReleaseHeader'
import { When } from './release/ReleaseSections'
import { EDIT_REQUEST_STATUS_MAP, StatusBadge } from './status'
import { queuePlace } from './review-queue'
import { ACTION_FAILED } from './actions'

type Value = EditRequestSingle['releaseEdits'][number]['oldValue']

const fetchRequest = (key: string, signal: AbortSignal) =>
  api.call('releases.editRequest', { params: { id: Number(key.split(':')[0]) } }, { signal })

/** The open requests in list order: the review queue j/k walk through. */
const fetchQueue = async (_key: string, signal: AbortSignal) => {
  const page = await api.call('releases.editRequests', { params: { page: 1 }, query: { status: 'pending', per_page: 500 } }, { signal })
  return page.data.map((row) => row.id)
}

/** A value as the review table shows it: lists joined, country codes named, nothing shown as a dash. */
export function showValue(value: Value, countries: ReadonlyMap<string, string>): string {
  if (value === null || value === '') return '—'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (Array.isArray(value)) return value.length ? value.map((item) => countries.get(String(item)) ?? String(item)).join(', ') : '—'
  return countries.get(String(value)) ?? String(value)
}

const INTERACTIVE = 'input, select, textarea, [role="dialog"] *, [role="alertdialog"] *, [role="menu"] *, [role="listbox"] *'
const ignoreKey = (event: KeyboardEvent) => event.target instanceof Element && event.target.closest(INTERACTIVE) !== null

function ChangesTable({
  label,
  rows,
  countries,
}: {
  label: string
  rows: { key: string; section: string; label: string; oldValue: Value; newValue: Value }[]
  countries: ReadonlyMap<string, string>
}) {
  return (
    <NamedTable size="1" label={label} layout="fixed">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell width="18%">Section</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell width="18%">Field</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Old value</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>New value</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={row.key}>
            <Table.Cell>{row.section}</Table.Cell>
            <Table.RowHeaderCell>{row.label}</Table.RowHeaderCell>
            <Table.Cell style={{ background: 'var(--red-a2)', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {showValue(row.oldValue, countries)}
            </Table.Cell>
            <Table.Cell style={{ background: 'var(--green-a2)', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {showValue(row.newValue, countries)}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </NamedTable>
  )
}

function RejectDialog({
  open,
  onOpenChange,
  onReject,
}: {
  open: boolean
  onOpenChange(open: boolean): void
  onReject(comment: string): Promise<boolean>
}) {
  const [comment, setComment] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const fieldId = useId()
  useEffect(() => {
    if (open) {
      setComment('')
      setError(null)
    }
  }, [open])
  const submit = async () => {
    if (!comment.trim()) {
      setError('Give a reason for the rejection')
      return
    }
    setBusy(true)
    try {
      if (await onReject(comment.trim())) onOpenChange(false)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>Reject the edit request</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          The release stays as it is. Your comment is recorded with the rejection.
        </Dialog.Description>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void submit()
          }}
        >
          <Flex direction="column" gap="2">
            <Text as="label" htmlFor={fieldId} size="2" weight="medium">
              Reason
            </Text>
            <TextArea
              id={fieldId}
              rows={3}
              autoFocus
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              onKeyDown={(event) => {
                // Enter sends (the whole flow stays on the keyboard); Shift+Enter is a new line.
                if (event.key === 'Enter' && !event.shiftKey) {
                  event.preventDefault()
                  void submit()
                }
              }}
            />
            {error && (
              <Text size="1" color="red" role="alert">
                {error}
              </Text>
            )}
            <Flex gap="3" justify="end" mt="2">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray" disabled={busy}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" color="red" loading={busy}>
                Reject
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  )
}

/**
 * /release/edit-requests/view/{id}: what the artist asked to change, old and new side by side, and the
 * keyboard review queue: j/k to the next or previous open request, a approves, r rejects with a reason,
 * and either moves on to the next open one.
 */
export default function EditRequestScreen({ params }: ScreenProps) {
  const tab = useTab()
  const version = useDataVersion()
  const id = Number(params.id)
  const valid = Number.isInteger(id) && id > 0
  const load = useLoad(fetchRequest, `${valid ? id : 0}:${version}`)
  const queue = useLoad(fetchQueue, `queue:${version}`)
  const request = load.data && load.data.id === id ? load.data : null
  const place = useMemo(() => queuePlace(queue.data ?? [], id), [queue.data, id])
  const [rejecting, setRejecting] = useState(false)
  const [busy, setBusy] = useState(false)
  const open = request?.status === 'pending'

  const record = useMemo(() => {
    if (!request) return null
    const state: EditRequestRecordState = {
      status: request.status,
      releaseId: request.release.id,
      releaseTitle: request.release.title,
      nextOpenId: place.nextOpen,
    }
    return { kind: 'editRequest', id: String(request.id), title: `Edit request #${request.id}`, state: state as Record<string, unknown> }
  }, [request, place.nextOpen])
  const { setTitle, publishRecord } = tab
  useEffect(() => {
    if (!request) return
    setTitle(`Edit request · ${request.release.title}`)
    rememberRecord({
      kind: 'editRequest',
      id: request.id,
      title: `Edit request for ${request.release.title}`,
      subtitle: `${EDIT_REQUEST_STATUS_MAP[request.status].label} · ${request.user.displayName}`,
      path: `/release/edit-requests/view/${request.id}`,
    })
  }, [request, setTitle])
  useEffect(() => {
    publishRecord(record)
    return () => publishRecord(null)
  }, [record, publishRecord])

  const go = useCallback((target: number | null) => target && tab.navigate(`/release/edit-requests/view/${target}`), [tab])

  const decide = useCallback(
    async (status: 'approved' | 'rejected', comment?: string): Promise<boolean> => {
      if (!request) return false
      setBusy(true)
      try {
        await api.call('releases.editRequestStatus', { body: { id: request.id, status, comment } })
        const next = place.nextOpen
        showNotice(
          `${status === 'approved' ? 'Approved: the release is now Edited.' : 'Rejected.'}${next ? '' : ' No more open edit requests.'}`,
          { tone: 'success' },
        )
        workspaceActions.refreshData()
        go(next)
        return true
      } catch (error) {
        showNotice(error instanceof ApiError ? error.message : ACTION_FAILED, { tone: 'error' })
        return false
      } finally {
        setBusy(false)
      }
    },
    [request, place.nextOpen, go],
  )

  // Keys belong to the focused tab, and leave typing and open dialogs alone.
  const keyOptions = {
    enabled: tab.focused && !rejecting,
    ignoreEventWhen: ignoreKey,
    scopes: tab.tabId ? [`tab:${tab.tabId}`] : undefined,
    preventDefault: true,
  }
  useHotkeys('j', () => go(place.next), keyOptions, [place.next, go])
  useHotkeys('k', () => go(place.previous), keyOptions, [place.previous, go])
  useHotkeys('a', () => open && !busy && void decide('approved'), keyOptions, [open, busy, decide])
  useHotkeys('r', () => open && !busy && setRejecting(true), keyOptions, [open, busy])

  const countries = useMemo(() => new Map((request?.countries ?? []).map((country) => [country.code, country.name])), [request])

  if (!request || recordMissing(valid, load))
    return <RecordPending valid={valid} load={load} missing="This edit request does not exist, or it belongs to another workspace." />

  const releaseRows = request.releaseEdits.map((edit, index) => ({ ...edit, key: `r:${edit.field}:${index}` }))
  const trackRows = request.trackEdits.map((edit, index) => ({
    ...edit,
    key: `t:${edit.trackId}:${edit.field}:${index}`,
    section: `${edit.trackTitle} · ${edit.section}`,
  }))
  const statusInfo = EDIT_REQUEST_STATUS_MAP[request.status]

  return (
    <Flex direction="column" gap="4" p="4">
      <Flex gap="4" align="start" justify="between" wrap="wrap">
        <Flex gap="4" align="start">
          <Cover src={request.release.artwork.medium ?? request.release.artwork.cover} title={request.release.title} size={72} />
          <Flex direction="column" gap="1">
            <Heading as="h1" size="6">
              Edit request for {request.release.title}
            </Heading>
            <Text size="2" color="gray">
              #{request.id} · asked by <Link to={`/users/${request.user.id}`}>{request.user.displayName}</Link> ({request.user.email}) ·{' '}
              <When value={request.created} />
            </Text>
            <Flex gap="2" align="center" wrap="wrap">
              <Badge color={statusInfo.color}>{statusInfo.label}</Badge>
              <Text size="2">
                Release: <Link to={`/releases/single/${request.release.id}`}>{request.release.title}</Link>
                {request.release.upc && ` · UPC ${request.release.upc}`}
              </Text>
              <StatusBadge code={request.release.status} size="1" />
            </Flex>
            {request.decidedAt && (
              <Text size="2" color="gray">
                {statusInfo.label} by {request.decidedBy?.name ?? 'someone'} <When value={request.decidedAt} />
                {request.comment && `: “${request.comment}”`}
              </Text>
            )}
            {!request.decidedAt && request.comment && (
              <Text size="2">
                Artist&apos;s comment: <Text style={{ fontStyle: 'italic' }}>“{request.comment}”</Text>
              </Text>
            )}
          </Flex>
        </Flex>
        <Flex direction="column" gap="2" align="end">
          <Flex gap="2">
            <Button variant="soft" color="gray" disabled={!place.previous} onClick={() => go(place.previous)} aria-keyshortcuts="k">
              <ArrowUpIcon /> Previous <Kbd>k</Kbd>
            </Button>
            <Button variant="soft" color="gray" disabled={!place.next} onClick={() => go(place.next)} aria-keyshortcuts="j">
              <ArrowDownIcon /> Next <Kbd>j</Kbd>
            </Button>
          </Flex>
          <Flex gap="2">
            <Button color="green" disabled={!open} loading={busy} onClick={() => void decide('approved')} aria-keyshortcuts="a">
              <CheckIcon /> Approve <Kbd>a</Kbd>
            </Button>
            <Button color="red" variant="soft" disabled={!open || busy} onClick={() => setRejecting(true)} aria-keyshortcuts="r">
              <Cross2Icon /> Reject… <Kbd>r</Kbd>
            </Button>
          </Flex>
          <Text size="1" color="gray" data-testid="review-queue" role="status">
            {queue.data === null
              ? 'Loading the review queue…'
              : place.position
                ? `Open request ${place.position} of ${queue.data.length}`
                : `${queue.data.length} open request${queue.data.length === 1 ? '' : 's'} in the queue`}
          </Text>
        </Flex>
      </Flex>

      <Card size="2">
        <Heading as="h2" size="4" mb="3">
          Release edits
        </Heading>
        {releaseRows.length === 0 ? (
          <Text size="2" color="gray">
            No changes to the release itself.
          </Text>
        ) : (
          <ChangesTable label="Release edits" rows={releaseRows} countries={countries} />
        )}
      </Card>
      <Card size="2">
        <Heading as="h2" size="4" mb="3">
          Track edits
        </Heading>
        {trackRows.length === 0 ? (
          <Text size="2" color="gray">
            No changes to tracks.
          </Text>
        ) : (
          <ChangesTable label="Track edits" rows={trackRows} countries={countries} />
        )}
      </Card>
      <Box>
        <Text size="1" color="gray">
          Approving applies every new value to the release and its tracks at once and marks the release Edited.
        </Text>
      </Box>
      <RejectDialog open={rejecting} onOpenChange={setRejecting} onReject={(comment) => decide('rejected', comment)} />
    </Flex>
  )
}
