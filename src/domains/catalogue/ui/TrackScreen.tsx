import { useEffect, useId, useMemo, useState, type ReactNode } from 'react'
import { RecordPending, recordMissing } from '@client/ui/RecordPending'
import {
  Badge,
  Box,
  Button,
  Callout,
  Card,
  Checkbox,
  DataList,
  Flex,
  Grid,
  Heading,
  IconButton,
  Text,
  TextArea,
  TextField,
} from '@radix-ui/themes'
import { PlusIcon, TrashIcon } from '@radix-ui/react-icons'
import { TRACK_FILE_KINDS, type CreditRow, type ParticipantRow, type Track, type WriterRow } from '@contract/releases'
import type { EndpointOutput, Endpoints } from '@contract/index'
import type { TrackRecordState } from '@commands/releases'
import type { RecordRef } from '@commands/records'
import type { ScreenProps } from '@client/routing/types'
import { api, ApiError } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { useTab } from '@client/workspace/tab-context'
import { rememberRecord } from '@client/shell/recents'
import { Link } from '@client/routing/Link'
import { RecordActions } from '@client/ui/RecordActions'
import { Cover } from './release/ReleaseHeader'
import { StatusBadge } from './status'
import { formatMinSec } from './min-sec'
import { formatMoney } from '@core/format'
import { ACTION_FAILED, saveForm } from './actions'
import { TextInput } from './inputs'
import { CompareTable, type CompareRow } from './CompareTable'
import { TrackFiles } from './track/TrackFiles'
import { TrackScans } from './track/TrackScans'

type TrackSingle = EndpointOutput<Endpoints['releases.track']>

/** The track's standing earnings hold, if any (analytics' Hold earnings). */
const fetchHold = (key: string, signal: AbortSignal) =>
  api
    .call('analytics.holds', { query: { track_id: Number(key.split(':')[0]), standing: 'true', page: 1, per_page: 25 } }, { signal })
    .then((page) => page.data[0] ?? null)

const fetchTrack = (key: string, signal: AbortSignal) =>
  api.call('releases.track', { params: { id: Number(key.split(':')[0]) } }, { signal })

/** The editable fields of a track, as the form holds them. */
interface TrackForm {
  title: string
  version: string
  isrc: string
  iswc: string
  language: string
  explicit: boolean
  tiktokStart: string
  linerNote: string
  lyrics: string
  participants: ParticipantRow[]
  writers: WriterRow[]
  credits: CreditRow[]
}

function formOf(track: Track): TrackForm {
  return {
    title: track.title,
    version: track.version ?? '',
    isrc: track.isrc ?? '',
    iswc: track.iswc ?? '',
    language: track.language ?? '',
    explicit: track.explicit,
    tiktokStart: track.tiktokStart ?? '',
    linerNote: track.linerNote ?? '',
    lyrics: track.lyrics ?? '',
    participants: track.participants.map((row) => ({ ...row })),
    writers: track.writers.map((row) => ({ ...row })),
    credits: track.credits.map((row) => ({ ...row })),
  }
}

/** Checks what the server would refuse anyway, so the message is on the field at once. */
export function checkTrackForm(form: TrackForm): Record<string, string> {
  const errors: Record<string, string> = {}
  if (!form.title.trim()) errors.title = 'Title is required'
  if (form.tiktokStart.trim() && !/^\d{1,2}:[0-5]\d$/.test(form.tiktokStart.trim()))
    errors.tiktokStart = 'Start time must be minutes:seconds, like 0:45'
  return errors
}

const nullable = (value: string) => (value.trim() ? value.trim() : null)

function RowsEditor<Row extends Record<string, string | undefined>>({
  title,
  rows,
  fields,
  empty,
  onChange,
}: {
  title: string
  rows: Row[]
  fields: { key: keyof Row & string; label: string }[]
  empty: Row
  onChange(rows: Row[]): void
}) {
  return (
    <Box role="group" aria-label={title}>
      <Flex justify="between" align="center" mb="2">
        <Text size="2" weight="bold">
          {title}
        </Text>
        <Button type="button" size="1" variant="soft" onClick={() => onChange([...rows, { ...empty }])}>
          <PlusIcon /> Add
        </Button>
      </Flex>
      {rows.length === 0 && (
        <Text size="2" color="gray">
          None.
        </Text>
      )}
      <Flex direction="column" gap="2">
        {rows.map((row, index) => (
          <Flex key={index} gap="2" align="center">
            {fields.map((field) => (
              <TextField.Root
                key={field.key}
                aria-label={`${title} ${index + 1}: ${field.label}`}
                placeholder={field.label}
                value={row[field.key] ?? ''}
                onChange={(event) =>
                  onChange(rows.map((other, at) => (at === index ? { ...other, [field.key]: event.target.value } : other)))
                }
                style={{ flex: 1, minWidth: 0 }}
              />
            ))}
            <IconButton
              type="button"
              size="1"
              variant="ghost"
              color="red"
              aria-label={`Remove ${title.toLowerCase()} row ${index + 1}`}
              onClick={() => onChange(rows.filter((_, at) => at !== index))}
            >
              <TrashIcon />
            </IconButton>
          </Flex>
        ))}
      </Flex>
      <Text size="1" color="gray">
        Rows with no name or no role are dropped when saved.
      </Text>
    </Box>
  )
}

const scanText = (status: number | null) =>
  status === null ? 'Never requested' : status === 0 ? 'Processing' : status === 1 ? 'Completed' : 'Failed'

function trackLines(track: Track): Omit<CompareRow, 'right'>[] {
  const people = (rows: { name: string; roles: string }[]) => rows.map((row) => `${row.name} (${row.roles})`).join('; ')
  return [
    { label: 'Title', left: track.title },
    { label: 'Version', left: track.version ?? '' },
    { label: 'Position', left: String(track.position) },
    { label: 'ISRC', left: track.isrc ?? '' },
    { label: 'ISWC', left: track.iswc ?? '' },
    { label: 'Language', left: track.language ?? '' },
    { label: 'Explicit', left: track.explicit ? 'Yes' : 'No' },
    { label: 'Duration', left: track.duration === null ? '' : formatMinSec(track.duration) },
    { label: 'TikTok start', left: track.tiktokStart ?? '' },
    { label: 'Participants', left: people(track.participants) },
    { label: 'Writers', left: track.writers.map((row) => `${`${row.firstName} ${row.lastName}`.trim()} (${row.roles})`).join('; ') },
    { label: 'Credits', left: people(track.credits) },
    { label: 'Liner note', left: track.linerNote ?? '' },
    { label: 'Lyrics', left: track.lyrics ?? '' },
    { label: 'Scan', left: scanText(track.scanStatus) },
  ]
}

function TrackCompare({ track, compareId, version, onClose }: { track: Track; compareId: number; version: number; onClose(): void }) {
  const other = useLoad(fetchTrack, `${compareId}:${version}`)
  if (other.status === 'error')
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Text>The other track could not be loaded: {other.error?.message}</Callout.Text>
      </Callout.Root>
    )
  const left = other.data && other.data.id === compareId ? other.data : null
  if (!left)
    return (
      <Text size="2" color="gray" role="status">
        Loading the comparison…
      </Text>
    )
  const rightLines = new Map(trackLines(track).map((line) => [line.label, line.left]))
  return (
    <CompareTable
      label={`Compared with ${left.title}`}
      leftTitle={<Link to={`/releases/track/${left.id}`}>{`${left.title} (#${left.id})`}</Link>}
      rightTitle={`${track.title} (#${track.id}, this tab)`}
      rows={trackLines(left).map((line) => ({ ...line, right: rightLines.get(line.label) ?? '' }))}
      actions={
        <Button size="1" variant="soft" color="gray" onClick={onClose}>
          Close the comparison
        </Button>
      }
    />
  )
}

/** /releases/track/{id}: every field of a track, editable, and its removal. */
export default function TrackScreen({ params, search }: ScreenProps) {
  const tab = useTab()
  const version = useDataVersion()
  const id = Number(params.id)
  const valid = Number.isInteger(id) && id > 0
  const load = useLoad(fetchTrack, `${valid ? id : 0}:${version}`, { cacheKey: `track:${id}` })
  const track = load.data && load.data.id === id ? load.data : null
  const holdLoad = useLoad(fetchHold, `${valid ? id : 0}:${version}`)
  // undefined while it loads: the hold actions wait for it rather than offer the wrong one.
  const hold = holdLoad.data
  const compareRaw = Number(search.get('compare'))
  const compareId = Number.isInteger(compareRaw) && compareRaw > 0 && compareRaw !== id ? compareRaw : null
  // ?upload=audio (from the palette) opens that file's chooser.
  const upload = search.get('upload')
  const pick = TRACK_FILE_KINDS.find((kind) => kind === upload) ?? null

  const record = useMemo(() => {
    if (!track) return null
    const state: TrackRecordState = {
      title: track.title,
      releaseId: track.release.id,
      releaseTitle: track.release.title,
      files: { audio: Boolean(track.audioUrl), instrument: Boolean(track.instrumentUrl), dolby: Boolean(track.dolbyUrl) },
      scanStatus: track.scanStatus,
      ...(hold === undefined ? {} : { earningsHeld: hold !== null }),
    }
    return { kind: 'track' as const, id: String(track.id), title: track.title, state }
  }, [track, hold])
  const { setTitle, publishRecord } = tab
  useEffect(() => {
    if (!track) return
    setTitle(track.title)
    const subtitle = [track.release.title, track.isrc && `ISRC ${track.isrc}`].filter(Boolean).join(' · ')
    rememberRecord({ kind: 'track', id: track.id, title: track.title, subtitle, path: `/releases/track/${track.id}` })
  }, [track, setTitle])
  useEffect(() => {
    publishRecord(record)
    return () => publishRecord(null)
  }, [record, publishRecord])

  if (!track || recordMissing(valid, load))
    return <RecordPending valid={valid} load={load} missing="This track does not exist, or it was removed." />
  return (
    <Flex direction="column" gap="4" p="4">
      <TrackHeader track={track} record={record} />
      {hold && (
        <Callout.Root color="amber" role="status" aria-label="Earnings held">
          <Callout.Text>
            Earnings held since {hold.heldAt.slice(0, 10)}{hold.heldBy ? ` by ${hold.heldBy}` : ''}: {hold.reason}. {formatMoney(hold.amount)} is
            kept out of its payees' balances and payouts until released.
          </Callout.Text>
        </Callout.Root>
      )}
      {compareId && (
        <TrackCompare
          track={track}
          compareId={compareId}
          version={version}
          onClose={() => tab.setSearch({ compare: null }, { replace: true })}
        />
      )}
      <TrackEditor
        key={`${track.id}:${version}`}
        track={track}
        scans={record && <TrackScans record={record} scanStatus={track.scanStatus} />}
        files={
          <TrackFiles
            track={track}
            onChanged={load.reload}
            pick={pick}
            onPicked={() => tab.setSearch({ upload: null }, { replace: true })}
          />
        }
      />
    </Flex>
  )
}

/** The track at a glance; removing it is the declared action (commands/releases.ts), asked as in the palette. */
function TrackHeader({ track, record }: { track: TrackSingle; record: RecordRef | null }) {
  return (
    <Flex gap="4" align="start" justify="between" wrap="wrap">
      <Flex gap="4" align="start">
        <Cover src={track.release.artwork.medium ?? track.release.artwork.cover} title={track.release.title} size={72} />
        <Flex direction="column" gap="1">
          <Heading as="h1" size="6">
            {track.title}
            {track.version && <Text color="gray"> ({track.version})</Text>}
          </Heading>
          <Text size="2" color="gray">
            Track {track.position} of <Link to={`/releases/single/${track.release.id}?section=tracks`}>{track.release.title}</Link> ·{' '}
            {track.release.artist}
            {track.release.upc && ` · UPC ${track.release.upc}`}
          </Text>
          <Flex gap="2" align="center">
            <StatusBadge code={track.release.displayStatus} size="1" />
            {track.explicit && <Badge color="orange">Explicit</Badge>}
            {track.duplicateIsrc.length > 0 && (
              <Badge color="amber">ISRC also on {track.duplicateIsrc.map((d) => d.title).join(', ')}</Badge>
            )}
          </Flex>
        </Flex>
      </Flex>
      <RecordActions record={record} buttons={['releases.trackRemove', 'analytics.holdTrack', 'analytics.releaseHold']} menu={false} />
    </Flex>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card size="2">
      <Heading as="h2" size="4" mb="3">
        {title}
      </Heading>
      {children}
    </Card>
  )
}

function TrackEditor({ track, files, scans }: { track: Track; files: ReactNode; scans: ReactNode }) {
  const [form, setForm] = useState<TrackForm>(() => formOf(track))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const lyricsId = useId()
  const noteId = useId()
  const set = <K extends keyof TrackForm>(key: K, value: TrackForm[K]) => setForm((current) => ({ ...current, [key]: value }))

  const save = async () => {
    const found = checkTrackForm(form)
    setErrors(found)
    setProblem(null)
    if (Object.keys(found).length) return
    setBusy(true)
    try {
      await saveForm(
        () =>
          api.call('releases.trackEdit', {
            body: {
              trackId: track.id,
              title: form.title.trim(),
              version: nullable(form.version),
              isrc: nullable(form.isrc),
              iswc: nullable(form.iswc),
              language: nullable(form.language),
              explicit: form.explicit,
              tiktokStart: nullable(form.tiktokStart),
              linerNote: nullable(form.linerNote),
              lyrics: nullable(form.lyrics),
              participants: form.participants,
              writers: form.writers,
              credits: form.credits,
            },
          }),
        'Track saved.',
      )
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.errors)
        if (!Object.keys(error.errors).length) setProblem(error.message)
      } else setProblem(ACTION_FAILED)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      aria-label="Track details"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
      onKeyDown={(event) => {
        if (event.key === 's' && (event.metaKey || event.ctrlKey)) {
          event.preventDefault()
          void save()
        }
      }}
    >
      <Grid columns={{ initial: '1', md: '2' }} gap="4">
        <Section title="Track">
          <Flex direction="column" gap="3">
            <TextInput label="Title" value={form.title} onChange={(value) => set('title', value)} error={errors.title} />
            <TextInput
              label="Version (remix or version)"
              value={form.version}
              onChange={(value) => set('version', value)}
              error={errors.version}
            />
            <Grid columns="2" gap="3">
              <TextInput
                label="ISRC"
                value={form.isrc}
                onChange={(value) => set('isrc', value)}
                error={errors.isrc}
                placeholder="CC-XXX-YY-NNNNN"
              />
              <TextInput
                label="ISWC"
                value={form.iswc}
                onChange={(value) => set('iswc', value)}
                error={errors.iswc}
                placeholder="T-123.456.789-0"
              />
              <TextInput label="Language" value={form.language} onChange={(value) => set('language', value)} error={errors.language} />
              <TextInput
                label="TikTok start time (m:ss)"
                value={form.tiktokStart}
                onChange={(value) => set('tiktokStart', value)}
                error={errors.tiktokStart}
                placeholder="0:45"
              />
            </Grid>
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <Checkbox checked={form.explicit} onCheckedChange={(checked) => set('explicit', checked === true)} />
                Explicit lyrics
              </Flex>
            </Text>
          </Flex>
        </Section>
        <Section title="Files and scans">
          <DataList.Root>
            {files}
            <DataList.Item>
              <DataList.Label>Duration</DataList.Label>
              <DataList.Value>{track.duration === null ? '—' : formatMinSec(track.duration)}</DataList.Value>
            </DataList.Item>
            {scans}
          </DataList.Root>
        </Section>
        <Section title="People">
          <Flex direction="column" gap="4">
            <RowsEditor<ParticipantRow>
              title="Participants"
              rows={form.participants}
              fields={[
                { key: 'name', label: 'Name' },
                { key: 'roles', label: 'Roles (; between)' },
                { key: 'spotify', label: 'Spotify link' },
                { key: 'apple', label: 'Apple Music link' },
              ]}
              empty={{ name: '', roles: '', spotify: '', apple: '' }}
              onChange={(rows) => set('participants', rows)}
            />
            <RowsEditor<WriterRow>
              title="Writers"
              rows={form.writers}
              fields={[
                { key: 'firstName', label: 'First name' },
                { key: 'lastName', label: 'Last name' },
                { key: 'roles', label: 'Roles (; between)' },
              ]}
              empty={{ firstName: '', lastName: '', roles: '' }}
              onChange={(rows) => set('writers', rows)}
            />
            <RowsEditor<CreditRow>
              title="Credits"
              rows={form.credits}
              fields={[
                { key: 'name', label: 'Name' },
                { key: 'roles', label: 'Roles (; between)' },
              ]}
              empty={{ name: '', roles: '' }}
              onChange={(rows) => set('credits', rows)}
            />
            {Object.entries(errors)
              .filter(([key]) => /^(participants|writers|credits)/.test(key))
              .map(([key, message]) => (
                <Text key={key} size="1" color="red" role="alert">
                  {message}
                </Text>
              ))}
          </Flex>
        </Section>
        <Section title="Notes and lyrics">
          <Flex direction="column" gap="3">
            <Flex direction="column" gap="1">
              <Text as="label" htmlFor={noteId} size="2" weight="medium">
                Liner note
              </Text>
              <TextArea id={noteId} rows={3} value={form.linerNote} onChange={(event) => set('linerNote', event.target.value)} />
            </Flex>
            <Flex direction="column" gap="1">
              <Text as="label" htmlFor={lyricsId} size="2" weight="medium">
                Lyrics
              </Text>
              <TextArea id={lyricsId} rows={8} value={form.lyrics} onChange={(event) => set('lyrics', event.target.value)} />
            </Flex>
          </Flex>
        </Section>
      </Grid>
      <Flex justify="end" align="center" gap="3" mt="4">
        {problem && (
          <Text size="2" color="red" role="alert">
            {problem}
          </Text>
        )}
        <Text size="1" color="gray">
          Ctrl+S saves
        </Text>
        <Button type="button" variant="soft" color="gray" onClick={() => setForm(formOf(track))}>
          Reset
        </Button>
        <Button type="submit" loading={busy}>
          Save track
        </Button>
      </Flex>
    </form>
  )
}
