import { useId, useState, type ReactNode } from 'react'
import {
  Badge,
  Box,
  Button,
  Callout,
  Card,
  DataList,
  Flex,
  Grid,
  Heading,
  IconButton,
  Switch,
  Table,
  Text,
  TextArea,
  TextField,
  Tooltip,
} from '@radix-ui/themes'
import { ExclamationTriangleIcon, Pencil1Icon, TrashIcon } from '@radix-ui/react-icons'
import type { ReleaseGeneral, ReleaseRecord } from '@contract/releases'
import { countryName } from '@core/countries'
import { platformById } from '@core/platforms'
import { api, ApiError } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { NamedTable } from '@client/ui/NamedTable'
import { Link } from '@client/routing/Link'
import { formatMinSec } from '../min-sec'
import { DetailsForm } from './DetailsForm'
import { AuditSection } from '@client/ui/AuditTable'
import { Empty, When } from '@client/ui/When'
import { saveForm, ACTION_FAILED } from '../actions'
import { RecordActions, runRecordAction } from '@client/ui/RecordActions'
import { submitRecordAction, type ReleaseRef } from '../record-action'
import { AudioSaladCheck, ReleaseAssignees } from './ReleaseOps'
import { DeliveryTimeline, type ReleaseDeliveries } from './DeliveryTimeline'
import type { LoadState } from '@client/state/useLoad'

export { Empty, When }

const show = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '—' : String(value))
const yesNo = (value: boolean) => (value ? 'Yes' : 'No')
/** "2024 Vale Records": the year once, even when the line already starts with it. */
export const lineText = (name: string | null, year: number | null) =>
  !name ? '' : year && !name.startsWith(String(year)) ? `${year} ${name}` : name
const line = (name: string | null, year: number | null) => lineText(name, year) || '—'

function Details({ items }: { items: [string, ReactNode][] }) {
  return (
    <DataList.Root size="2">
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.Label minWidth="160px">{label}</DataList.Label>
          <DataList.Value>{value}</DataList.Value>
        </DataList.Item>
      ))}
    </DataList.Root>
  )
}

/** `release.additional` comes with the release (one call for the tab); the section never asks again. */
export function OverviewSection({ release }: { release: ReleaseRecord }) {
  const more = release.additional
  const dupes = release.duplicates
  const [editing, setEditing] = useState(false)
  return (
    <Flex direction="column" gap="4">
      {release.takedown && (
        <Callout.Root color="red" role="status">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>
            Takedown asked {release.takedown.by ? `by ${release.takedown.by} ` : ''}
            <When value={release.takedown.at} />: “{release.takedown.reason}”
          </Callout.Text>
        </Callout.Root>
      )}
      {(dupes.upc.length > 0 || dupes.isrc.length > 0) && (
        <Callout.Root color="amber" role="status">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>
            {dupes.upc.length > 0 && (
              <>
                The UPC is also on{' '}
                {dupes.upc.map((other, index) => (
                  <span key={other.releaseId}>
                    {index > 0 && ', '}
                    <Link to={`/releases/single/${other.releaseId}`}>{other.title}</Link>
                  </span>
                ))}
                .{' '}
              </>
            )}
            {dupes.isrc.length > 0 && (
              <>
                ISRCs also used elsewhere:{' '}
                {dupes.isrc.map((other, index) => (
                  <span key={`${other.isrc}:${other.trackId}`}>
                    {index > 0 && ', '}
                    {other.isrc} on <Link to={`/releases/track/${other.trackId}`}>{other.title}</Link>
                  </span>
                ))}
                .
              </>
            )}
          </Callout.Text>
        </Callout.Root>
      )}
      <Grid columns={{ initial: '1', md: '2' }} gap="4">
        <Card size="2">
          <Flex justify="between" align="center" mb="3">
            <Heading as="h2" size="4">
              General
            </Heading>
            {!editing && (
              <Button size="1" variant="soft" onClick={() => setEditing(true)}>
                <Pencil1Icon /> Edit details
              </Button>
            )}
          </Flex>
          {editing ? (
            <DetailsForm release={release} onDone={() => setEditing(false)} />
          ) : (
            <Details
              items={[
                ['Title', release.title],
                ['Version', show(release.version)],
                ['Artists', release.artists.join(', ') || release.artist],
                ['Type', release.type],
                ['UPC', show(release.upc)],
                ['Catalog number', show(release.catalogNumber)],
                ['Label', show(release.label)],
                ['Release date', show(release.releaseDate)],
                ['Release time', release.releaseTime ? `${release.releaseTime} (${release.timeZone})` : 'Start of the day'],
                ['Original release date', show(release.originalReleaseDate)],
                ['Genres', [release.primaryGenre, release.secondaryGenre].filter(Boolean).join(' / ') || '—'],
                ['Language', show(release.language)],
                ['Tracks', String(release.trackCount)],
                ['Created', <When key="created" value={release.date} />],
                ['Updated', <When key="updated" value={release.updated} />],
              ]}
            />
          )}
        </Card>
        <Card size="2">
          <Heading as="h2" size="4" mb="3">
            Additional details
          </Heading>
          {more ? (
            <Details
              items={[
                ['Languages', more.languages.join(', ') || '—'],
                ['Genres', more.genres.join(', ') || '—'],
                ['Remix or version', show(more.remixOrVersion)],
                ['C line', line(more.cLine, more.cYear)],
                ['P line', line(more.pLine, more.pYear)],
                ['License', show(more.licenseType)],
                ['Publish date', show(more.publishDate)],
                ['Apple pre-order', more.applePreorder ? `Yes, from ${show(more.applePreorderDate)}` : 'No'],
                ['AI-generated cover', yesNo(more.isAiCover)],
                ['Transfer in', yesNo(more.transferIn)],
                ['Recommended tracks opt-in', yesNo(more.optInRecommendedTracks)],
                [
                  'Motion art',
                  more.motionArt.square || more.motionArt.portrait ? (
                    <Flex gap="2" key="motion">
                      {more.motionArt.square && (
                        <a href={more.motionArt.square} target="_blank" rel="noopener">
                          1:1
                        </a>
                      )}
                      {more.motionArt.portrait && (
                        <a href={more.motionArt.portrait} target="_blank" rel="noopener">
                          3:4
                        </a>
                      )}
                    </Flex>
                  ) : (
                    'None'
                  ),
                ],
                [
                  'Review file',
                  more.reviewFile ? (
                    <span key="review">
                      <a href={more.reviewFile.url} target="_blank" rel="noopener">
                        {more.reviewFile.fileName}
                      </a>
                      {more.reviewFile.note && ` — ${more.reviewFile.note}`}
                    </span>
                  ) : (
                    'None'
                  ),
                ],
              ]}
            />
          ) : (
            <Empty>Loading…</Empty>
          )}
        </Card>
        <Card size="2">
          <Heading as="h2" size="4" mb="3">
            Participants
          </Heading>
          {release.participants.length === 0 ? (
            <Empty>No participants.</Empty>
          ) : (
            <NamedTable size="1" label="Participants">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Roles</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Links</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {release.participants.map((person, index) => (
                  <Table.Row key={`${person.name}:${index}`}>
                    <Table.Cell>{person.name}</Table.Cell>
                    <Table.Cell>{person.roles}</Table.Cell>
                    <Table.Cell>
                      <Flex gap="2">
                        {person.spotify && (
                          <a href={person.spotify} target="_blank" rel="noopener">
                            Spotify
                          </a>
                        )}
                        {person.apple && (
                          <a href={person.apple} target="_blank" rel="noopener">
                            Apple Music
                          </a>
                        )}
                      </Flex>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </NamedTable>
          )}
        </Card>
        <Card size="2">
          <Heading as="h2" size="4" mb="3">
            Stores and territories
          </Heading>
          <Details
            items={[
              [
                'Stores',
                release.stores.length
                  ? release.stores.map((store) => platformById(store)?.name ?? `Store ${store}`).join(', ')
                  : 'None chosen',
              ],
              [
                'Territories',
                release.territories.length
                  ? release.territories.map((code) => (code === 'WW' ? 'Worldwide' : (countryName(code) ?? code))).join(', ')
                  : 'None chosen',
              ],
            ]}
          />
        </Card>
      </Grid>
    </Flex>
  )
}

const fetchTracks = (key: string, signal: AbortSignal) =>
  api.call('releases.tracks', { params: { id: Number(key.split(':')[0]) } }, { signal })

const SCAN = (status: number | null) =>
  status === null ? (
    <Text color="gray">Never requested</Text>
  ) : status === 0 ? (
    <Badge color="blue">Processing</Badge>
  ) : status === 1 ? (
    <Badge color="green">Completed</Badge>
  ) : (
    <Badge color="red">Failed</Badge>
  )

export function TracksSection({ releaseId, version }: { releaseId: number; version: number }) {
  const load = useLoad(fetchTracks, `${releaseId}:${version}`)
  const tracks = load.data?.data ?? []
  return (
    <Card size="2">
      {load.status === 'error' && <Text color="red">{load.error?.message}</Text>}
      {load.status === 'success' && tracks.length === 0 && <Empty>This release has no tracks yet.</Empty>}
      {tracks.length > 0 && (
        <NamedTable size="1" label="Tracks">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell width="48px">#</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Title</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>ISRC</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Duration</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Explicit</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>TikTok start</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Scan</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {tracks.map((track) => (
              <Table.Row key={track.id}>
                <Table.Cell>{track.position}</Table.Cell>
                <Table.RowHeaderCell>
                  <Link to={`/releases/track/${track.id}`}>{track.title}</Link>
                  {track.version && <Text color="gray"> ({track.version})</Text>}
                </Table.RowHeaderCell>
                <Table.Cell>
                  {show(track.isrc)}
                  {track.duplicateIsrc.length > 0 && (
                    <Tooltip content={`Also on ${track.duplicateIsrc.map((d) => d.title).join(', ')}`}>
                      <Badge color="amber" ml="2">
                        duplicate
                      </Badge>
                    </Tooltip>
                  )}
                </Table.Cell>
                <Table.Cell>{track.duration === null ? '—' : formatMinSec(track.duration)}</Table.Cell>
                <Table.Cell>{track.explicit ? <Badge color="orange">Explicit</Badge> : 'No'}</Table.Cell>
                <Table.Cell>{show(track.tiktokStart)}</Table.Cell>
                <Table.Cell>{SCAN(track.scanStatus)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </NamedTable>
      )}
    </Card>
  )
}

export function DeliverySection({
  release,
  record,
  deliveries,
}: {
  release: ReleaseGeneral
  record: ReleaseRef
  deliveries: LoadState<ReleaseDeliveries | null>
}) {
  return (
    <Card size="2">
      <Text as="p" size="2" color="gray" mb="3">
        Turning a platform&apos;s delivery on marks it completed; turning it off clears both.
      </Text>
      <NamedTable size="1" label="Delivery">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Platform</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Delivered</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Completed</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {release.delivery.map((entry) => (
            <Table.Row key={entry.platform}>
              <Table.RowHeaderCell>{entry.label}</Table.RowHeaderCell>
              <Table.Cell>
                <Switch
                  aria-label={`Delivered to ${entry.label}`}
                  checked={entry.delivered}
                  onCheckedChange={() => void runRecordAction(record, 'releases.updateDeliveryStatus', entry.platform)}
                />
              </Table.Cell>
              <Table.Cell>{entry.completed ? <Badge color="green">Completed</Badge> : <Text color="gray">Not completed</Text>}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </NamedTable>
      <AudioSaladCheck releaseId={release.id} />
      <DeliveryTimeline record={record} load={deliveries} />
    </Card>
  )
}

export function NotesSection({ release, record }: { release: ReleaseGeneral; record: ReleaseRef }) {
  const [content, setContent] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const fieldId = useId()
  const add = async () => {
    setBusy(true)
    setError(null)
    try {
      await submitRecordAction(record, 'releases.notesCreate', content, 'content')
      setContent('')
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.errors.content ?? failure.message) : ACTION_FAILED)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Flex direction="column" gap="4">
      <Card size="2" asChild>
        <form
          aria-label="Add a note"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void add()
          }}
        >
          <Flex direction="column" gap="2">
            <Text as="label" size="2" weight="medium" htmlFor={fieldId}>
              Note
            </Text>
            <TextArea
              id={fieldId}
              rows={3}
              value={content}
              onChange={(event) => setContent(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
                  event.preventDefault()
                  void add()
                }
              }}
              aria-invalid={error ? true : undefined}
            />
            {error && (
              <Text size="1" color="red" role="alert">
                {error}
              </Text>
            )}
            <Flex justify="end">
              <Button type="submit" loading={busy}>
                Add note
              </Button>
            </Flex>
          </Flex>
        </form>
      </Card>
      {release.notes.length === 0 && <Empty>No notes yet.</Empty>}
      {release.notes.map((note) => (
        <Card key={note.id} size="2">
          <Flex justify="between" gap="3" align="start">
            <Text as="p" size="2" style={{ whiteSpace: 'pre-wrap' }}>
              {note.content}
            </Text>
            <Flex gap="2" align="center" flexShrink="0">
              <Text size="1" color="gray">
                {note.author?.name ?? 'Someone'} · <When value={note.created} />
              </Text>
              <Tooltip content="Remove the note">
                <IconButton
                  size="1"
                  variant="ghost"
                  color="red"
                  aria-label="Remove the note"
                  onClick={() => void runRecordAction(record, 'releases.notesRemove', note.id)}
                >
                  <TrashIcon />
                </IconButton>
              </Tooltip>
            </Flex>
          </Flex>
        </Card>
      ))}
    </Flex>
  )
}

const fetchHistory = (key: string, signal: AbortSignal) =>
  api.call('releases.history', { params: { id: Number(key.split(':')[0]) }, query: { per_page: 100 } }, { signal })

export function HistorySection({ releaseId, version }: { releaseId: number; version: number }) {
  const load = useLoad(fetchHistory, `${releaseId}:${version}`)
  return (
    <Flex direction="column" gap="3">
      <ReleaseAssignees releaseId={releaseId} version={version} />
      <AuditSection
        label="Release history"
        empty="Nothing has happened to this release yet."
        load={load}
        rows={(load.data?.data ?? []).map((entry) => ({
          id: entry.id,
          when: entry.date,
          action: entry.action.replace(/^releases?\./, '').replace(/[_.]/g, ' '),
          by: entry.user?.name ?? null,
          before: entry.before,
          after: entry.after,
        }))}
      />
    </Flex>
  )
}

const COMMON_ZONES = ['utc', 'Europe/London', 'Europe/Berlin', 'America/New_York', 'America/Los_Angeles', 'Asia/Tokyo', 'Australia/Sydney']

export function ReleaseTimeSection({ release, record }: { release: ReleaseGeneral; record: ReleaseRef }) {
  const [time, setTime] = useState(release.releaseTime ?? '')
  const [zone, setZone] = useState(release.timeZone || 'utc')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const timeId = useId()
  const zoneId = useId()
  const listId = useId()
  const save = async () => {
    setErrors({})
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) {
      setErrors({ releaseTime: 'Release time must be HH:MM' })
      return
    }
    setBusy(true)
    try {
      await saveForm(
        () => api.call('releases.editReleaseTime', { body: { releaseId: release.id, releaseTime: time, timeZone: zone } }),
        `Release time set to ${time} (${zone}).`,
      )
    } catch (failure) {
      setErrors(failure instanceof ApiError ? { form: failure.message, ...failure.errors } : { form: ACTION_FAILED })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Card size="2" style={{ maxWidth: 560 }}>
      <Text as="p" size="2" color="gray" mb="3">
        {release.releaseTime
          ? `Goes out at ${release.releaseTime} (${release.timeZone}) on ${show(release.releaseDate)}.`
          : `No release time: it goes out at the start of ${show(release.releaseDate)}.`}
      </Text>
      <form
        aria-label="Release time"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
      >
        <Flex gap="3" align="end" wrap="wrap">
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor={timeId}>
              Time (HH:MM)
            </Text>
            <TextField.Root
              id={timeId}
              value={time}
              placeholder="09:00"
              onChange={(event) => setTime(event.target.value)}
              style={{ width: 110 }}
            />
          </Flex>
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor={zoneId}>
              Time zone
            </Text>
            <TextField.Root
              id={zoneId}
              value={zone}
              list={listId}
              onChange={(event) => setZone(event.target.value)}
              style={{ width: 220 }}
            />
            <datalist id={listId}>
              {COMMON_ZONES.map((value) => (
                <option key={value} value={value} />
              ))}
            </datalist>
          </Flex>
          <Button type="submit" loading={busy}>
            Save release time
          </Button>
        </Flex>
        {Object.entries(errors).map(([key, message]) => (
          <Box key={key} mt="2">
            <Text size="1" color="red" role="alert">
              {message}
            </Text>
          </Box>
        ))}
      </form>
      {/* Outside the form: its button is not a submit. */}
      <Box mt="3">
        <RecordActions record={record} buttons={['releases.removeReleaseTime']} menu={false} />
      </Box>
    </Card>
  )
}
