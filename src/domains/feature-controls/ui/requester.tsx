import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { Badge, Button, Callout, Card, Dialog, Flex, Heading, Table, Text, TextArea } from '@radix-ui/themes'
import type { z } from 'zod'
import {
  blocklistFields,
  chartRegistrationFields,
  greenlistFields,
  licensingFields,
  pitchFields,
  youtubeMcnFields,
  type OwnRelease,
  type ReviewRowResult,
} from '@contract/feature-controls'
import { GREENLIST_PLATFORM_LABELS, GREENLIST_PLATFORMS, PITCH_LINK_LABELS, PITCH_LINK_PLATFORMS, REVIEW_KINDS, reviewStatusLabel, type ReviewKind } from '@core/feature-requests'
import { MECHANICAL_FORMAT_LABELS, MECHANICAL_FORMATS } from '@core/mechanical-rates'
import { REQUEST_COMMANDS } from '@commands/feature-controls'
import { api, ApiError } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useTab } from '@client/workspace/tab-context'
import { Field, FieldFrame } from '@client/ui/Field'
import { showNotice } from '@client/ui/notices/notices'

// The requester's side of feature controls (docs/feature-controls.md, "Requester"): an artist's or
// label's own requests of every kind on their dashboard, and one "New request" dialog per kind. The
// dialog is open while the dashboard's address says `?request=<kind>`, which is where the palette's
// "Request greenlisting…" and its siblings send the keyboard. Each form is checked in the browser
// with the very schema the server parses, so what the browser accepts the server accepts.

type Values = Record<string, string>
type Files = Record<string, File | undefined>

interface FieldSpec {
  name: string
  label: string
  type: 'text' | 'textarea' | 'date' | 'number' | 'select' | 'release' | 'track' | 'file' | 'rows' | 'row-controls'
  options?: readonly { value: string; label: string }[]
  /** A repeated group (a licence's formats): its fields per row, named `<name>.<row>.<field>`, and at most how many rows. */
  rows?: { fields: readonly FieldSpec[]; max: number; noun: string; initial: Values }
  hint?: string
  accept?: string
  /** The track picker: whether "the whole release" is a choice. */
  optional?: boolean
}

interface KindForm {
  title: string
  description: string
  fields: readonly FieldSpec[]
  schema: z.ZodType
  initial?: Values
  body(values: Values): Record<string, unknown>
  send(body: Record<string, unknown>, files: Files): Promise<{ message: string }>
}

/** How many rows a repeated group has: kept in the form's values as `<name>.count`, at least one. */
const rowCount = (values: Values, name: string) => Math.max(1, Number(values[`${name}.count`]) || 1)

/** The form's fields as drawn: a repeated group becomes its rows' fields, then its Add/Remove buttons. */
function drawnFields(fields: readonly FieldSpec[], values: Values): FieldSpec[] {
  return fields.flatMap((field) => {
    if (field.type !== 'rows' || !field.rows) return [field]
    const count = rowCount(values, field.name)
    const rows = Array.from({ length: count }, (_, row) =>
      field.rows!.fields.map((sub) => ({ ...sub, name: `${field.name}.${row}.${sub.name}`, label: count > 1 ? `${field.label} ${row + 1}: ${sub.label.toLowerCase()}` : sub.label })),
    )
    return [...rows.flat(), { ...field, type: 'row-controls' as const }]
  })
}

/** A repeated group's rows as the body's list: every row's fields by their own names. */
const rowsOf = (values: Values, name: string) =>
  Array.from({ length: rowCount(values, name) }, (_, row) => (field: string) => values[`${name}.${row}.${field}`])

const number = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : Number(value.trim()))
const optional = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value)
const FORMAT_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'single', label: 'Single' },
] as const

/** Only what a form sends: the release and track pickers give ids, the rest is typed. */
const releaseAndTrack = (values: Values) => ({ releaseId: number(values.releaseId), trackId: number(values.trackId) })

// Each kind's fields and how they become the body of its create call (src/contract/feature-controls.ts).
export const REQUEST_FORMS: Readonly<Record<ReviewKind, KindForm>> = {
  greenlist: {
    title: 'Request greenlisting',
    description: 'Channels and URLs allowed to use your release on each platform: matches from them are never claimed.',
    initial: { format: 'all' },
    fields: [
      { name: 'releaseId', label: 'Release', type: 'release' },
      { name: 'trackId', label: 'Track', type: 'track', optional: true },
      { name: 'format', label: 'Format', type: 'select', options: FORMAT_OPTIONS },
      ...GREENLIST_PLATFORMS.map((platform) => ({
        name: platform,
        label: `${GREENLIST_PLATFORM_LABELS[platform]} channels or URLs`,
        type: 'text' as const,
        hint: 'Comma-separated',
      })),
      { name: 'isrc', label: 'ISRC', type: 'text', hint: 'Optional' },
      { name: 'info', label: 'Info', type: 'textarea' },
      { name: 'comment', label: 'Comment', type: 'textarea' },
    ],
    schema: greenlistFields,
    body: (values) => ({
      ...releaseAndTrack(values),
      format: values.format,
      ...Object.fromEntries(GREENLIST_PLATFORMS.map((platform) => [platform, values[platform] ?? ''])),
      isrc: optional(values.isrc),
      info: values.info ?? '',
      comment: values.comment ?? '',
    }),
    send: (body) => api.call('greenlist.create', { body: body as z.input<typeof greenlistFields> }),
  },
  blocklist: {
    title: 'Request a blocklist period',
    description: "Keep your release from a platform's user-generated monetisation between two dates (both included).",
    initial: { format: 'all', platform: 'youtube' },
    fields: [
      { name: 'releaseId', label: 'Release', type: 'release' },
      { name: 'trackId', label: 'Track', type: 'track', optional: true },
      { name: 'platform', label: 'Platform', type: 'select', options: GREENLIST_PLATFORMS.map((value) => ({ value, label: GREENLIST_PLATFORM_LABELS[value] })) },
      { name: 'format', label: 'Format', type: 'select', options: FORMAT_OPTIONS },
      { name: 'startDate', label: 'Start date', type: 'date' },
      { name: 'endDate', label: 'End date', type: 'date' },
      { name: 'isrc', label: 'ISRC', type: 'text', hint: 'Optional' },
      { name: 'comment', label: 'Comment', type: 'textarea' },
    ],
    schema: blocklistFields,
    body: (values) => ({
      ...releaseAndTrack(values),
      platform: values.platform,
      format: values.format,
      startDate: values.startDate ?? '',
      endDate: values.endDate ?? '',
      isrc: optional(values.isrc),
      comment: values.comment ?? '',
    }),
    send: (body) => api.call('blocklist.create', { body: body as z.input<typeof blocklistFields> }),
  },
  licensing: {
    title: 'Request a cover licence',
    description: 'A mechanical licence for your recording of a song: the royalty owed is worked out from the statutory rate for the format.',
    fields: [
      { name: 'song.title', label: 'Song title', type: 'text' },
      { name: 'song.composedBy', label: 'Composed by', type: 'text' },
      { name: 'song.originalRecordingArtist', label: 'Original recording artist', type: 'text' },
      { name: 'song.publishedBy', label: 'Published by', type: 'text' },
      { name: 'song.playingSeconds', label: 'Playing time in seconds', type: 'number' },
      { name: 'albumTitle', label: 'Album title', type: 'text' },
      { name: 'albumArtist', label: 'Album artist', type: 'text' },
      { name: 'releaseDate', label: 'Release date', type: 'date' },
      {
        name: 'releases',
        label: 'Format',
        type: 'rows',
        rows: {
          noun: 'format',
          max: 10,
          initial: { formatId: 'physical' },
          fields: [
            { name: 'formatId', label: 'Format', type: 'select', options: MECHANICAL_FORMATS.map((value) => ({ value, label: MECHANICAL_FORMAT_LABELS[value] })) },
            { name: 'formatTitle', label: 'Format title', type: 'text', hint: 'CD, vinyl, download…' },
            { name: 'releaseQuantity', label: 'Copies made', type: 'number' },
            { name: 'quantityLicensed', label: 'Copies licensed', type: 'number' },
            { name: 'expectedOutletsOfDistribution', label: 'Outlets of distribution', type: 'text' },
          ],
        },
      },
      { name: 'licensee.firstName', label: 'Licensee first name', type: 'text' },
      { name: 'licensee.lastName', label: 'Licensee last name', type: 'text' },
      { name: 'licensee.companyName', label: 'Company name', type: 'text' },
      { name: 'licensee.email', label: 'Licensee email', type: 'text' },
      { name: 'licensee.phone1', label: 'Phone', type: 'text' },
      { name: 'description', label: 'Description', type: 'textarea' },
    ],
    schema: licensingFields,
    body: (values) => ({
      albumTitle: values.albumTitle ?? '',
      albumArtist: values.albumArtist ?? '',
      releaseDate: values.releaseDate ?? '',
      description: values.description ?? '',
      licensee: {
        companyName: values['licensee.companyName'] ?? '',
        email: values['licensee.email'] ?? '',
        firstName: values['licensee.firstName'] ?? '',
        lastName: values['licensee.lastName'] ?? '',
        phone1: values['licensee.phone1'] ?? '',
      },
      releases: rowsOf(values, 'releases').map((row) => ({
        formatId: row('formatId'),
        formatTitle: row('formatTitle') ?? '',
        releaseQuantity: number(row('releaseQuantity')),
        quantityLicensed: number(row('quantityLicensed')),
        expectedOutletsOfDistribution: row('expectedOutletsOfDistribution') ?? '',
      })),
      song: {
        title: values['song.title'] ?? '',
        composedBy: values['song.composedBy'] ?? '',
        originalRecordingArtist: values['song.originalRecordingArtist'] ?? '',
        publishedBy: values['song.publishedBy'] ?? '',
        playingSeconds: number(values['song.playingSeconds']),
      },
    }),
    send: (body) => api.call('licensing.create', { body: body as z.input<typeof licensingFields> }),
  },
  chartRegistration: {
    title: 'Register for charts',
    description: 'Register your release’s UPC and its tracks’ ISRCs with the chart data provider.',
    fields: [
      { name: 'releaseId', label: 'Release', type: 'release' },
      { name: 'comment', label: 'Comment', type: 'textarea' },
    ],
    schema: chartRegistrationFields,
    body: (values) => ({ releaseId: number(values.releaseId), comment: values.comment ?? '' }),
    send: (body) => api.call('chartRegistration.create', { body: body as z.input<typeof chartRegistrationFields> }),
  },
  pitch: {
    title: 'Pitch a release',
    description: 'Pitch a release that is not live yet, and its focus track, to the playlist editors.',
    fields: [
      { name: 'releaseId', label: 'Release', type: 'release' },
      { name: 'trackId', label: 'Focus track', type: 'track' },
      { name: 'songName', label: 'Song name', type: 'text' },
      { name: 'blurb', label: 'Blurb', type: 'textarea' },
      { name: 'info', label: 'Info', type: 'textarea' },
      { name: 'marketingDrivers', label: 'Marketing drivers', type: 'text', hint: 'Separated by semicolons: Radio campaign; TikTok push' },
      { name: 'previousMilestones', label: 'Previous milestones', type: 'textarea' },
      { name: 'tourDates', label: 'Tour dates', type: 'textarea', hint: 'A JSON list: [{"date": "2027-03-01", "city": "Berlin", "venue": "Lido"}]' },
      ...PITCH_LINK_PLATFORMS.map((platform) => ({ name: platform, label: `${PITCH_LINK_LABELS[platform]} link`, type: 'text' as const })),
      { name: 'photo', label: 'Photo (JPG or PNG)', type: 'file', accept: 'image/jpeg,image/png' },
      { name: 'sheet', label: 'Sheet (PDF, CSV or XLSX)', type: 'file', accept: '.pdf,.csv,.xlsx' },
    ],
    schema: pitchFields,
    body: (values) => ({
      ...releaseAndTrack(values),
      songName: values.songName ?? '',
      info: values.info ?? '',
      blurb: values.blurb ?? '',
      marketingDrivers: values.marketingDrivers ?? '',
      previousMilestones: values.previousMilestones ?? '',
      tourDates: values.tourDates ?? '',
      ...Object.fromEntries(PITCH_LINK_PLATFORMS.map((platform) => [platform, values[platform] ?? ''])),
    }),
    send: (body, files) => {
      const attached = Object.fromEntries(Object.entries(files).filter((entry): entry is [string, File] => entry[1] !== undefined))
      return api.upload('pitch.create', { body: body as z.input<typeof pitchFields>, files: attached })
    },
  },
  youtubeMcn: {
    title: 'Join YouTube MCN',
    description: 'Ask for your YouTube channel to join the network.',
    fields: [
      { name: 'channelId', label: 'Channel id', type: 'text', hint: 'UC followed by 22 characters, or the channel’s youtube.com/channel/ URL' },
      { name: 'subscribers', label: 'Total subscribers', type: 'number' },
      { name: 'videos', label: 'Videos', type: 'number' },
      { name: 'views', label: 'Views', type: 'number' },
    ],
    schema: youtubeMcnFields,
    body: (values) => ({
      channelId: values.channelId ?? '',
      subscribers: number(values.subscribers),
      videos: number(values.videos),
      views: number(values.views),
    }),
    send: (body) => api.call('youtubeMcn.create', { body: body as z.input<typeof youtubeMcnFields> }),
  },
}

/** The schema's messages by field name ("licensee.email", "releases.0.quantityLicensed"), first one per field. */
export function fieldMessages(schema: z.ZodType, body: unknown): Record<string, string> {
  const parsed = schema.safeParse(body)
  if (parsed.success) return {}
  const messages: Record<string, string> = {}
  for (const issue of parsed.error.issues) {
    const name = issue.path.map(String).join('.')
    if (!(name in messages)) messages[name] = issue.message
  }
  return messages
}

/** Each repeated group starts with one row of its initial values. */
const initialRows = (fields: readonly FieldSpec[]): Values =>
  Object.fromEntries(fields.flatMap((field) => (field.rows ? Object.entries(field.rows.initial).map(([name, value]) => [`${field.name}.0.${name}`, value]) : [])))

const isKind = (value: string | null): value is ReviewKind => value !== null && value in REVIEW_KINDS

/** A form without a release picker (a licence, a channel) asks nothing: its input is null. */
const fetchReleases = async (search: string | null, signal: AbortSignal) =>
  search === null ? { data: [] } : api.call('featureRequests.ownReleases', { query: { search: search || undefined } }, { signal })

const selectStyle = { font: 'inherit', padding: '6px 8px', borderRadius: 6, border: '1px solid var(--gray-7)', background: 'var(--color-surface)', color: 'inherit' }

/** One kind's "New request" form: Enter in a field submits (Ctrl+Enter in a text area), Esc closes. */
export function RequestDialog({ kind, onClose, onSent }: { kind: ReviewKind | null; onClose(): void; onSent(): void }) {
  return (
    <Dialog.Root open={kind !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content maxWidth="620px">{kind && <RequestForm key={kind} kind={kind} onClose={onClose} onSent={onSent} />}</Dialog.Content>
    </Dialog.Root>
  )
}

function RequestForm({ kind, onClose, onSent }: { kind: ReviewKind; onClose(): void; onSent(): void }) {
  const form = REQUEST_FORMS[kind]
  const baseId = useId()
  const [values, setValues] = useState<Values>(() => ({ ...form.initial, ...initialRows(form.fields) }))
  const fields = drawnFields(form.fields, values)
  // After "Add a format" the new row's first field takes the focus, so the keyboard goes on typing there.
  const [focusName, setFocusName] = useState<string | null>(null)
  useEffect(() => {
    if (!focusName) return
    formRef.current?.querySelector<HTMLElement>(`[name="${focusName}"]`)?.focus()
    setFocusName(null)
  }, [focusName])
  const [files, setFiles] = useState<Files>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [search, setSearch] = useState('')
  const formRef = useRef<HTMLFormElement>(null)
  const needsReleases = fields.some((field) => field.type === 'release')
  const releases = useLoad(fetchReleases, needsReleases ? search : null)
  const own: readonly OwnRelease[] = needsReleases ? (releases.data?.data ?? []) : []
  const release = own.find((entry) => String(entry.id) === values.releaseId)
  const set = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (sending) return
    const body = form.body(values)
    const found = fieldMessages(form.schema, body)
    // The schema says only that an id is missing; the pickers say what to choose (as the server's prepare does).
    for (const field of fields) {
      if (values[field.name]) continue
      if (field.type === 'release') found[field.name] = 'Choose one of your releases'
      else if (field.type === 'track' && !field.optional) found[field.name] = 'Choose a track of that release'
    }
    setErrors(found)
    setFormError(null)
    if (Object.keys(found).length) {
      // The first field in error takes the focus, so the keyboard lands where the fix is.
      const first = fields.find((field) => found[field.name])
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus()
      else setFormError(Object.values(found)[0])
      return
    }
    setSending(true)
    try {
      const result = await form.send(body, files)
      showNotice(result.message, { tone: 'success' })
      onSent()
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null
      const fieldErrors = apiError?.errors ?? {}
      setErrors(fieldErrors)
      const shown = fields.some((field) => fieldErrors[field.name])
      setFormError(shown ? null : (apiError?.message ?? 'Could not send the request. Try again.'))
    } finally {
      setSending(false)
    }
  }

  return (
    <>
      <Dialog.Title>{form.title}</Dialog.Title>
      <Dialog.Description size="2" color="gray" mb="4">
        {form.description}
      </Dialog.Description>
      <form ref={formRef} onSubmit={submit} noValidate aria-label={form.title}>
        <Flex direction="column" gap="3" style={{ maxHeight: '65vh', overflowY: 'auto', padding: 2 }}>
          {fields.map((field) => {
            const id = `${baseId}-${field.name}`
            if (field.type === 'row-controls' && field.rows) {
              const { noun, max, initial } = field.rows
              const count = rowCount(values, field.name)
              const add = () => {
                const added = Object.fromEntries(Object.entries(initial).map(([name, value]) => [`${field.name}.${count}.${name}`, value]))
                setValues((current) => ({ ...current, ...added, [`${field.name}.count`]: String(count + 1) }))
                setFocusName(`${field.name}.${count}.${field.rows!.fields[0].name}`)
              }
              // The removed row's values go with it, so adding a row again starts it empty.
              const remove = () =>
                setValues((current) => ({
                  ...Object.fromEntries(Object.entries(current).filter(([name]) => !name.startsWith(`${field.name}.${count - 1}.`))),
                  [`${field.name}.count`]: String(count - 1),
                }))
              return (
                <Flex key={field.name} gap="2" align="center">
                  <Button type="button" variant="soft" onClick={add} disabled={count >= max}>
                    Add a {noun}
                  </Button>
                  {count > 1 && (
                    <Button type="button" variant="soft" color="gray" onClick={remove}>
                      Remove the last {noun}
                    </Button>
                  )}
                  <Text size="1" color="gray">
                    {count} of at most {max}
                  </Text>
                </Flex>
              )
            }
            const error = errors[field.name]
            const described = error ? `${id}-error` : field.hint ? `${id}-hint` : undefined
            const common = { id, name: field.name, 'aria-invalid': error ? true : undefined, 'aria-describedby': described }
            if (field.type === 'release')
              return (
                <Flex key={field.name} direction="column" gap="2">
                  <Field
                    label="Find one of your releases"
                    value={search}
                    onValueChange={setSearch}
                    placeholder="Title or UPC"
                    hint="Shows your 20 newest releases, or those that match"
                  />
                  <FieldFrame id={id} label={field.label} error={error}>
                    <select
                      {...common}
                      style={selectStyle}
                      value={values.releaseId ?? ''}
                      onChange={(event) => setValues((current) => ({ ...current, releaseId: event.target.value, trackId: '' }))}
                    >
                      <option value="">{releases.status === 'loading' && !releases.data ? 'Loading your releases…' : own.length ? 'Choose a release' : 'No release found'}</option>
                      {own.map((entry) => (
                        <option key={entry.id} value={entry.id}>
                          {entry.title}
                          {entry.artist ? ` — ${entry.artist}` : ''}
                          {entry.upc ? ` (UPC ${entry.upc})` : ''}
                          {entry.releaseDate ? `, ${entry.releaseDate}` : ''}
                        </option>
                      ))}
                    </select>
                  </FieldFrame>
                </Flex>
              )
            if (field.type === 'track')
              return (
                <FieldFrame key={field.name} id={id} label={field.label} error={error}>
                  <select {...common} style={selectStyle} value={values.trackId ?? ''} onChange={(event) => set('trackId', event.target.value)}>
                    <option value="">{field.optional ? 'The whole release' : 'Choose a track'}</option>
                    {(release?.tracks ?? []).map((track) => (
                      <option key={track.id} value={track.id}>
                        {track.title}
                        {track.isrc ? ` (${track.isrc})` : ''}
                      </option>
                    ))}
                  </select>
                </FieldFrame>
              )
            if (field.type === 'select')
              return (
                <FieldFrame key={field.name} id={id} label={field.label} error={error}>
                  <select {...common} style={selectStyle} value={values[field.name] ?? ''} onChange={(event) => set(field.name, event.target.value)}>
                    {field.options?.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                </FieldFrame>
              )
            if (field.type === 'textarea')
              return (
                <FieldFrame key={field.name} id={id} label={field.label} error={error} hint={field.hint}>
                  <TextArea {...common} rows={3} value={values[field.name] ?? ''} onChange={(event) => set(field.name, event.target.value)} />
                </FieldFrame>
              )
            if (field.type === 'file')
              return (
                <FieldFrame key={field.name} id={id} label={field.label} error={error} hint={field.hint}>
                  <input
                    {...common}
                    type="file"
                    accept={field.accept}
                    onChange={(event) => setFiles((current) => ({ ...current, [field.name]: event.target.files?.[0] }))}
                  />
                </FieldFrame>
              )
            return (
              <Field
                key={field.name}
                name={field.name}
                label={field.label}
                // Dates are typed as the server reads them (a browser date input types in the locale's order).
                type="text"
                inputMode={field.type === 'number' ? 'numeric' : undefined}
                placeholder={field.type === 'date' ? 'YYYY-MM-DD' : undefined}
                value={values[field.name] ?? ''}
                onValueChange={(value) => set(field.name, value)}
                error={error}
                hint={field.hint}
              />
            )
          })}
          {formError && (
            <Callout.Root color="red" role="alert">
              <Callout.Text>{formError}</Callout.Text>
            </Callout.Root>
          )}
        </Flex>
        <Flex gap="3" justify="end" mt="4">
          <Button type="button" variant="soft" color="gray" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={sending}>
            Send request
          </Button>
        </Flex>
      </form>
    </>
  )
}

const MINE_PER_PAGE = 25
const fetchMine = (input: string, signal: AbortSignal) => {
  const page = Number(input.split(':')[0]) || 1
  return api.call('featureRequests.mine', { params: { page }, query: { per_page: MINE_PER_PAGE } }, { signal })
}

const STATUS_COLORS: Readonly<Record<string, 'amber' | 'green' | 'red' | 'gray'>> = {
  pending: 'amber',
  approved: 'green',
  rejected: 'red',
}

/** What a request is about, in one line: its title (release, track or channel) as the server keeps it. */
const subjectOf = (row: ReviewRowResult) => row.title

/** The dashboard's section for artists and labels: their requests of every kind and a "New request" per kind. */
export function RequesterSection() {
  const tab = useTab()
  const [page, setPage] = useState(1)
  const [version, setVersion] = useState(0)
  const input = useMemo(() => `${page}:${version}`, [page, version])
  const mine = useLoad(fetchMine, input)
  const asked = tab.search.get('request')
  const open = isKind(asked) ? asked : null
  const close = useCallback(() => tab.setSearch({ request: null }, { replace: true }), [tab])
  const sent = useCallback(() => {
    close()
    setPage(1)
    setVersion((current) => current + 1)
  }, [close])
  const rows = mine.data?.data ?? []
  const meta = mine.data?.meta
  const lastPage = meta?.last_page ?? 1
  useEffect(() => {
    if (page > lastPage) setPage(lastPage)
  }, [page, lastPage])
  return (
    <Card asChild>
      <section aria-label="Your requests">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            Your requests
          </Heading>
          <Flex gap="2" wrap="wrap" role="group" aria-label="New request">
            {REQUEST_COMMANDS.map(({ kind, title }) => (
              <Button key={kind} variant="soft" size="1" onClick={() => tab.setSearch({ request: kind })}>
                {title}
              </Button>
            ))}
          </Flex>
          {mine.status === 'error' && (
            <Callout.Root color="red" role="alert">
              <Callout.Text>Could not load your requests. Reload the page to try again.</Callout.Text>
            </Callout.Root>
          )}
          {mine.data && rows.length === 0 ? (
            <Text size="2" color="gray">
              You have not asked for anything yet.
            </Text>
          ) : (
            <Table.Root size="1" aria-label="Your requests">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Kind</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Subject</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Date</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Reason</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((row) => {
                  const def = REVIEW_KINDS[row.kind as ReviewKind]
                  return (
                    <Table.Row key={row.id}>
                      <Table.Cell>{def?.label ?? row.kind}</Table.Cell>
                      <Table.Cell>
                        #{row.id} {subjectOf(row)}
                      </Table.Cell>
                      <Table.Cell>
                        <Badge color={STATUS_COLORS[row.status] ?? 'gray'}>{def ? reviewStatusLabel(def, row.status) : row.status}</Badge>
                      </Table.Cell>
                      <Table.Cell>{new Date(row.created).toISOString().slice(0, 10)}</Table.Cell>
                      <Table.Cell>{row.reason ?? ''}</Table.Cell>
                    </Table.Row>
                  )
                })}
              </Table.Body>
            </Table.Root>
          )}
          {lastPage > 1 && (
            <Flex gap="2" align="center" justify="end">
              <Button size="1" variant="soft" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <Text size="1" color="gray">
                Page {page} of {lastPage}
              </Text>
              <Button size="1" variant="soft" disabled={page >= lastPage} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </Flex>
          )}
        </Flex>
        <RequestDialog kind={open} onClose={close} onSent={sent} />
      </section>
    </Card>
  )
}
