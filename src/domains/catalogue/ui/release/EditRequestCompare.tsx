import { useMemo, useState } from 'react'
import { Button, Callout, Text } from '@radix-ui/themes'
import type { EditRequestSingle, ReleaseAdditional, ReleaseGeneral, Track } from '@contract/releases'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { Link } from '@client/routing/Link'
import { CompareActions, CompareTable, type CompareRow } from '../CompareTable'
import { showValue } from '../EditRequestScreen'
import { EDIT_REQUEST_STATUS_MAP } from '../status'

type Value = EditRequestSingle['releaseEdits'][number]['oldValue']

interface Loaded {
  request: EditRequestSingle
  additional: ReleaseAdditional
  tracks: Track[]
}

const fetchAll = async (key: string, signal: AbortSignal): Promise<Loaded> => {
  const [requestId, releaseId] = key.split(':').map(Number)
  const [request, additional, tracks] = await Promise.all([
    api.call('releases.editRequest', { params: { id: requestId } }, { signal }),
    api.call('releases.additional', { params: { id: releaseId } }, { signal }),
    api.call('releases.tracks', { params: { id: releaseId } }, { signal }),
  ])
  return { request, additional, tracks: tracks.data }
}

/** A field's value as it is now, in the edit request's own value shape. */
function asValue(value: unknown): Value {
  if (value === undefined || value === null) return null
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'number' ? item : String(item)))
  return JSON.stringify(value)
}

const same = (a: Value, b: Value) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * The rows of an edit request against the release as it is now: each field it changes, its current
 * value on the left and the proposed one on the right. A field that moved since the request was made
 * says so, because approving would overwrite that newer value.
 */
export function requestRows(
  request: EditRequestSingle,
  now: { release: Record<string, unknown>; tracks: readonly Track[] },
  countries: ReadonlyMap<string, string>,
): CompareRow[] {
  const rows: CompareRow[] = []
  for (const change of request.releaseEdits) {
    const current = asValue(now.release[change.field])
    const moved = !same(current, change.oldValue)
    rows.push({
      section: change.section,
      label: moved ? `${change.label} (changed since the request)` : change.label,
      left: showValue(current, countries),
      right: showValue(change.newValue, countries),
    })
  }
  const tracks = new Map(now.tracks.map((track) => [track.id, track as unknown as Record<string, unknown>]))
  for (const change of request.trackEdits) {
    const track = tracks.get(change.trackId)
    const section = `Track: ${change.trackTitle}`
    if (!track) {
      rows.push({
        section,
        label: change.label,
        left: 'The track is no longer on the release',
        right: showValue(change.newValue, countries),
      })
      continue
    }
    const current = asValue(track[change.field])
    rows.push({
      section,
      label: same(current, change.oldValue) ? change.label : `${change.label} (changed since the request)`,
      left: showValue(current, countries),
      right: showValue(change.newValue, countries),
    })
  }
  return rows
}

/**
 * The release of this tab against an edit request's proposal (?request=<id>): what it is now on the
 * left, what the request would make it on the right, differences highlighted.
 */
export function EditRequestCompare({
  release,
  requestId,
  version,
  onClose,
}: {
  release: ReleaseGeneral
  requestId: number
  version: number
  onClose(): void
}) {
  const [onlyDifferences, setOnlyDifferences] = useState(false)
  const load = useLoad(fetchAll, `${requestId}:${release.id}:${version}`)
  const data = load.data && load.data.request.id === requestId ? load.data : null
  const rows = useMemo(() => {
    if (!data) return []
    const countries = new Map(data.request.countries.map((country) => [country.code, country.name]))
    return requestRows(data.request, { release: { ...release, ...data.additional }, tracks: data.tracks }, countries)
  }, [data, release])

  if (load.status === 'error')
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Text>
          The edit request could not be loaded: {load.error?.message}{' '}
          <Button size="1" variant="soft" color="red" onClick={onClose}>
            Close the comparison
          </Button>
        </Callout.Text>
      </Callout.Root>
    )
  if (!data)
    return (
      <Text size="2" color="gray" role="status">
        Loading the edit request…
      </Text>
    )
  if (data.request.release.id !== release.id)
    return (
      <Callout.Root color="amber" role="alert">
        <Callout.Text>
          Edit request #{requestId} is for another release.{' '}
          <Button size="1" variant="soft" color="amber" onClick={onClose}>
            Close the comparison
          </Button>
        </Callout.Text>
      </Callout.Root>
    )
  const status = EDIT_REQUEST_STATUS_MAP[data.request.status]
  return (
    <CompareTable
      label={`Compared with edit request #${requestId} (${status.label})`}
      leftTitle="Now on the release"
      rightTitle={<Link to={`/release/edit-requests/view/${requestId}`}>{`Proposed by request #${requestId}`}</Link>}
      rows={rows}
      onlyDifferences={onlyDifferences}
      actions={<CompareActions onlyDifferences={onlyDifferences} onOnlyDifferences={setOnlyDifferences} onClose={onClose} />}
    />
  )
}
