import type { AlbumTrackInput, ReleaseGeneral, ReleaseType, Track } from '@contract/releases'
import type { EndpointInput, EndpointOutput, Endpoints } from '@contract/index'
import { checkIsrc, checkUpc } from '@core/identifiers'
import { formatMinSec } from '../min-sec'

/**
 * The uploader's form as plain data: what the inputs hold (text, as typed), how it becomes the
 * `releases.albumDetails` and `releases.albumTracks` bodies, the checks made before sending, and
 * how the server's per-field messages find their way back to the inputs they are about.
 */

export interface ParticipantValues {
  name: string
  roles: string
  spotify: string
  apple: string
}
export interface WriterValues {
  firstName: string
  lastName: string
  roles: string
}
export interface CreditValues {
  name: string
  roles: string
}

export interface TrackValues {
  /** Stable while the form lives (React keys); an unsaved track has none of the server's. */
  key: string
  id: number | null
  title: string
  version: string
  isrc: string
  iswc: string
  language: string
  explicit: boolean
  /** m:ss, as typed. */
  duration: string
  tiktokStart: string
  linerNote: string
  lyrics: string
  participants: ParticipantValues[]
  writers: WriterValues[]
  credits: CreditValues[]
}

export interface UploaderValues {
  /** The account the release is for (changeable while it is a draft). */
  userId: number
  title: string
  version: string
  artists: { name: string }[]
  type: ReleaseType
  label: string
  upc: string
  catalogNumber: string
  releaseDate: string
  originalReleaseDate: string
  primaryGenre: string
  secondaryGenre: string
  language: string
  cLine: string
  cYear: string
  pLine: string
  pYear: string
  licenseType: string
  restrictTakedown: boolean
  applePreorder: boolean
  applePreorderDate: string
  participants: ParticipantValues[]
  stores: number[]
  /** ['WW'] is worldwide. */
  territories: string[]
  tracks: TrackValues[]
}

/** The cover as the picker holds it: unchanged, a new image ready to be saved, or the old one marked removed. */
export type CoverState =
  { kind: 'kept' } | { kind: 'new'; dataUrl: string; width: number; height: number; name: string } | { kind: 'removed' }

export type Additional = EndpointOutput<Endpoints['releases.additional']>
export type DetailsBody = EndpointInput<Endpoints['releases.albumDetails']>['body']

let counter = 0
export const newKey = () => `k${Date.now().toString(36)}${(counter += 1)}`

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value))

export const emptyParticipant = (): ParticipantValues => ({ name: '', roles: '', spotify: '', apple: '' })
export const emptyWriter = (): WriterValues => ({ firstName: '', lastName: '', roles: '' })
export const emptyCredit = (): CreditValues => ({ name: '', roles: '' })

export function emptyTrack(): TrackValues {
  return {
    key: newKey(),
    id: null,
    title: '',
    version: '',
    isrc: '',
    iswc: '',
    language: '',
    explicit: false,
    duration: '',
    tiktokStart: '',
    linerNote: '',
    lyrics: '',
    participants: [],
    writers: [],
    credits: [],
  }
}

/** A new release: the account's artist name (the server's default too), worldwide, no stores chosen yet. */
export function emptyValues(userId: number, defaults: Partial<UploaderValues> = {}): UploaderValues {
  return {
    userId,
    title: '',
    version: '',
    artists: [{ name: '' }],
    type: 'Single',
    label: '',
    upc: '',
    catalogNumber: '',
    releaseDate: '',
    originalReleaseDate: '',
    primaryGenre: '',
    secondaryGenre: '',
    language: '',
    cLine: '',
    cYear: '',
    pLine: '',
    pYear: '',
    licenseType: '',
    restrictTakedown: false,
    applePreorder: false,
    applePreorderDate: '',
    participants: [],
    stores: [],
    territories: ['WW'],
    tracks: [emptyTrack()],
    ...defaults,
  }
}

export function trackValues(track: Track, key = String(track.id)): TrackValues {
  return {
    key,
    id: track.id,
    title: track.title,
    version: text(track.version),
    isrc: text(track.isrc),
    iswc: text(track.iswc),
    language: text(track.language),
    explicit: track.explicit,
    duration: track.duration === null ? '' : formatMinSec(track.duration),
    tiktokStart: text(track.tiktokStart),
    linerNote: text(track.linerNote),
    lyrics: text(track.lyrics),
    participants: track.participants.map((row) => ({
      name: row.name,
      roles: row.roles,
      spotify: text(row.spotify),
      apple: text(row.apple),
    })),
    writers: track.writers.map((row) => ({ ...row })),
    credits: track.credits.map((row) => ({ ...row })),
  }
}

/** A saved draft, as the form shows it again. */
export function valuesOf(release: ReleaseGeneral, additional: Additional, tracks: readonly Track[]): UploaderValues {
  return {
    userId: release.owner.id,
    title: release.title,
    version: text(release.version),
    artists: (release.artists.length ? release.artists : ['']).map((name) => ({ name })),
    type: release.type as ReleaseType,
    label: text(release.label),
    upc: text(release.upc),
    catalogNumber: text(release.catalogNumber),
    releaseDate: text(release.releaseDate),
    originalReleaseDate: text(release.originalReleaseDate),
    primaryGenre: text(release.primaryGenre),
    secondaryGenre: text(release.secondaryGenre),
    language: text(release.language),
    cLine: text(release.cLine),
    cYear: text(release.cYear),
    pLine: text(release.pLine),
    pYear: text(release.pYear),
    licenseType: text(release.licenseType),
    restrictTakedown: release.restrictTakedown,
    applePreorder: additional.applePreorder,
    applePreorderDate: text(additional.applePreorderDate),
    participants: release.participants.map((row) => ({
      name: row.name,
      roles: row.roles,
      spotify: text(row.spotify),
      apple: text(row.apple),
    })),
    stores: [...release.stores],
    territories: release.territories.length ? [...release.territories] : ['WW'],
    tracks: tracks.map((track) => trackValues(track)),
  }
}

// ---------------------------------------------------------------------------------------------
// Rows: fully empty ones are dropped, half-filled ones are an error on the part that is missing

const filled = (value: string | undefined) => Boolean(value?.trim())

type RowRule<Row> = { blank(row: Row): boolean; missing(row: Row): [keyof Row & string, string][] }

const PARTICIPANT: RowRule<ParticipantValues> = {
  blank: (row) => !filled(row.name) && !filled(row.roles) && !filled(row.spotify) && !filled(row.apple),
  missing: (row) => [
    ...(!filled(row.name) ? [['name', 'Give the name, or clear the row'] as ['name', string]] : []),
    ...(!filled(row.roles) ? [['roles', 'Give at least one role, or clear the row'] as ['roles', string]] : []),
  ],
}
const WRITER: RowRule<WriterValues> = {
  blank: (row) => !filled(row.firstName) && !filled(row.lastName) && !filled(row.roles),
  missing: (row) => [
    ...(!filled(row.firstName) && !filled(row.lastName)
      ? [['firstName', 'Give a first or last name, or clear the row'] as ['firstName', string]]
      : []),
    ...(!filled(row.roles) ? [['roles', 'Give at least one role, or clear the row'] as ['roles', string]] : []),
  ],
}
const CREDIT: RowRule<CreditValues> = {
  blank: (row) => !filled(row.name) && !filled(row.roles),
  missing: PARTICIPANT.missing as RowRule<CreditValues>['missing'],
}

/** The rows that are sent, with the form index each came from (for the server's messages). */
function keptRows<Row>(rows: readonly Row[], rule: RowRule<Row>): { rows: Row[]; from: number[] } {
  const from: number[] = []
  const kept: Row[] = []
  rows.forEach((row, index) => {
    if (rule.blank(row)) return
    kept.push(row)
    from.push(index)
  })
  return { rows: kept, from }
}

function rowErrors<Row>(rows: readonly Row[], rule: RowRule<Row>, prefix: string, errors: Record<string, string>) {
  rows.forEach((row, index) => {
    if (rule.blank(row)) return
    for (const [field, message] of rule.missing(row)) errors[`${prefix}.${index}.${field}`] = message
  })
}

const LINK = /^https?:\/\/\S+$/i
function linkErrors(rows: readonly ParticipantValues[], prefix: string, errors: Record<string, string>) {
  rows.forEach((row, index) => {
    if (filled(row.spotify) && !LINK.test(row.spotify.trim()))
      errors[`${prefix}.${index}.spotify`] = 'Spotify link must be a link starting with http:// or https://'
    if (filled(row.apple) && !LINK.test(row.apple.trim()))
      errors[`${prefix}.${index}.apple`] = 'Apple Music link must be a link starting with http:// or https://'
  })
}

/** m:ss (or plain seconds) to seconds; null for empty, NaN for nonsense. */
export function parseDuration(value: string): number | null {
  const trimmed = value.trim()
  if (!trimmed) return null
  const match = /^(\d{1,3}):([0-5]\d)$/.exec(trimmed) ?? /^()(\d{1,5})$/.exec(trimmed)
  if (!match) return Number.NaN
  return Number(match[1] || 0) * 60 + Number(match[2])
}

const DATE = /^\d{4}-\d{2}-\d{2}$/

/**
 * What the server would refuse anyway (and the rows rule), keyed by the form's own paths, so each
 * message shows beside its input at once. Submitting also asks what review needs.
 */
export function checkValues(values: UploaderValues, options: { submit?: boolean } = {}): Record<string, string> {
  const errors: Record<string, string> = {}
  if (!filled(values.title)) errors.title = 'Title is required'
  if (filled(values.upc)) {
    const upc = checkUpc(values.upc)
    if (!upc.ok) errors.upc = upc.message
  }
  for (const key of ['releaseDate', 'originalReleaseDate', 'applePreorderDate'] as const)
    if (filled(values[key]) && !DATE.test(values[key].trim())) errors[key] = 'Dates are YYYY-MM-DD'
  for (const key of ['cYear', 'pYear'] as const) {
    const year = values[key].trim()
    if (year && (!/^\d{4}$/.test(year) || Number(year) < 1900 || Number(year) > 2100)) errors[key] = 'A year has four digits, 1900 to 2100'
  }
  if (values.applePreorder && !filled(values.applePreorderDate)) errors.applePreorderDate = 'Give the pre-order date.'
  rowErrors(values.participants, PARTICIPANT, 'participants', errors)
  linkErrors(values.participants, 'participants', errors)
  values.tracks.forEach((track, index) => {
    const at = `tracks.${index}`
    if (!filled(track.title)) errors[`${at}.title`] = 'Title is required'
    if (filled(track.isrc)) {
      const isrc = checkIsrc(track.isrc)
      if (!isrc.ok) errors[`${at}.isrc`] = isrc.message
    }
    if (filled(track.iswc) && !/^T-?\d{3}\.?\d{3}\.?\d{3}-?\d$/i.test(track.iswc.trim()))
      errors[`${at}.iswc`] = 'ISWC must look like T-123.456.789-0'
    if (filled(track.tiktokStart) && !/^\d{1,2}:[0-5]\d$/.test(track.tiktokStart.trim()))
      errors[`${at}.tiktokStart`] = 'Start time must be minutes:seconds, like 0:45'
    const duration = parseDuration(track.duration)
    if (duration !== null && (Number.isNaN(duration) || duration < 1 || duration > 24 * 3600))
      errors[`${at}.duration`] = 'Duration must be minutes:seconds, like 3:25'
    rowErrors(track.participants, PARTICIPANT, `${at}.participants`, errors)
    linkErrors(track.participants, `${at}.participants`, errors)
    rowErrors(track.writers, WRITER, `${at}.writers`, errors)
    rowErrors(track.credits, CREDIT, `${at}.credits`, errors)
  })
  if (options.submit) {
    if (!values.artists.some((artist) => filled(artist.name))) errors['artists.0.name'] = 'Name at least one artist'
    if (!filled(values.releaseDate)) errors.releaseDate ??= 'Release date is required'
    if (!filled(values.primaryGenre)) errors.primaryGenre = 'Primary genre is required'
    if (!filled(values.label)) errors.label = 'Label is required'
    if (values.territories.length === 0) errors.territories = 'Choose at least one territory (or worldwide)'
    if (values.tracks.length === 0) errors.tracks = 'Add at least one track'
  }
  return errors
}

// ---------------------------------------------------------------------------------------------
// Bodies, and the way back for the server's messages

const orNull = (value: string) => (value.trim() ? value.trim() : null)
const yearOrNull = (value: string) => (value.trim() ? Number(value.trim()) : null)

/** Turns a server path (`participants.0.spotify`) into the form's (`participants.2.spotify`). */
export type ErrorMap = (path: string) => string

function participantsOut(rows: readonly ParticipantValues[]) {
  const kept = keptRows(rows, PARTICIPANT)
  return {
    rows: kept.rows.map((row) => ({
      name: row.name.trim(),
      roles: row.roles.trim(),
      ...(filled(row.spotify) ? { spotify: row.spotify.trim() } : {}),
      ...(filled(row.apple) ? { apple: row.apple.trim() } : {}),
    })),
    from: kept.from,
  }
}

const remap = (path: string, prefix: string, from: number[]) => {
  const match = new RegExp(`^${prefix.replace(/\./g, '\\.')}\\.(\\d+)(\\..*)?$`).exec(path)
  if (!match) return null
  const original = from[Number(match[1])]
  return original === undefined ? prefix : `${prefix}.${original}${match[2] ?? ''}`
}

/** The release fields for `releases.albumDetails`, and how its messages map back. */
export function detailsBody(
  values: UploaderValues,
  releaseId: number | null,
  cover: CoverState,
): { body: DetailsBody; mapError: ErrorMap } {
  const artists = values.artists.map((artist, index) => ({ name: artist.name.trim(), index })).filter((artist) => artist.name)
  const participants = participantsOut(values.participants)
  const body: DetailsBody = {
    ...(releaseId !== null ? { releaseId } : {}),
    userId: values.userId,
    title: values.title.trim(),
    version: orNull(values.version),
    ...(artists.length ? { artists: artists.map((artist) => artist.name) } : {}),
    type: values.type,
    label: orNull(values.label),
    upc: orNull(values.upc),
    catalogNumber: orNull(values.catalogNumber),
    ...(values.releaseDate.trim() ? { releaseDate: values.releaseDate.trim() } : {}),
    originalReleaseDate: orNull(values.originalReleaseDate),
    primaryGenre: orNull(values.primaryGenre),
    secondaryGenre: orNull(values.secondaryGenre),
    language: orNull(values.language),
    cLine: orNull(values.cLine),
    cYear: yearOrNull(values.cYear),
    pLine: orNull(values.pLine),
    pYear: yearOrNull(values.pYear),
    licenseType: orNull(values.licenseType),
    restrictTakedown: values.restrictTakedown,
    applePreorder: values.applePreorder,
    applePreorderDate: values.applePreorder ? orNull(values.applePreorderDate) : null,
    participants: participants.rows,
    stores: [...values.stores],
    territories: [...values.territories],
    ...(cover.kind === 'new' ? { cover: cover.dataUrl } : cover.kind === 'removed' ? { cover: null } : {}),
  }
  const mapError: ErrorMap = (path) =>
    remap(path, 'participants', participants.from) ??
    remap(
      path,
      'artists',
      artists.map((artist) => artist.index),
    )?.replace(/^artists\.(\d+)$/, 'artists.$1.name') ??
    (path === 'artists' ? 'artists.0.name' : path)
  return { body, mapError }
}

/** The track list for `releases.albumTracks`, in order, and how its messages map back. */
export function tracksBody(values: UploaderValues): { tracks: AlbumTrackInput[]; mapError: ErrorMap } {
  const maps: { participants: number[]; writers: number[]; credits: number[] }[] = []
  const tracks = values.tracks.map((track) => {
    const participants = participantsOut(track.participants)
    const writers = keptRows(track.writers, WRITER)
    const credits = keptRows(track.credits, CREDIT)
    maps.push({ participants: participants.from, writers: writers.from, credits: credits.from })
    const duration = parseDuration(track.duration)
    const input: AlbumTrackInput = {
      ...(track.id !== null ? { id: track.id } : {}),
      title: track.title.trim(),
      version: orNull(track.version),
      isrc: orNull(track.isrc),
      iswc: orNull(track.iswc),
      language: orNull(track.language),
      lyrics: orNull(track.lyrics),
      explicit: track.explicit,
      tiktokStart: orNull(track.tiktokStart),
      linerNote: orNull(track.linerNote),
      duration: duration === null || Number.isNaN(duration) ? null : duration,
      participants: participants.rows,
      writers: writers.rows.map((row) => ({ firstName: row.firstName.trim(), lastName: row.lastName.trim(), roles: row.roles.trim() })),
      credits: credits.rows.map((row) => ({ name: row.name.trim(), roles: row.roles.trim() })),
    }
    return input
  })
  const mapError: ErrorMap = (path) => {
    const match = /^tracks\.(\d+)\.(participants|writers|credits)(\..*)?$/.exec(path)
    if (!match) return path
    const index = Number(match[1])
    const rows = maps[index]?.[match[2] as 'participants' | 'writers' | 'credits'] ?? []
    return `tracks.${index}.${remap(`${match[2]}${match[3] ?? ''}`, match[2], rows) ?? match[2]}`
  }
  return { tracks, mapError }
}

export function mapErrors(errors: Record<string, string>, mapError: ErrorMap): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [mapError(path), message]))
}

/** The values with fully empty rows gone, as they are after a save. */
export function withoutBlankRows(values: UploaderValues): UploaderValues {
  return {
    ...values,
    participants: keptRows(values.participants, PARTICIPANT).rows,
    tracks: values.tracks.map((track) => ({
      ...track,
      participants: keptRows(track.participants, PARTICIPANT).rows,
      writers: keptRows(track.writers, WRITER).rows,
      credits: keptRows(track.credits, CREDIT).rows,
    })),
  }
}

// ---------------------------------------------------------------------------------------------
// Paths: the form reads and writes its values by the same dotted paths its messages use

type Bag = Record<string, unknown> | unknown[]

export function getIn(values: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node === null || node === undefined ? undefined : (node as Bag)[key as never]), values)
}

/** A copy of `values` with `path` set; the branches on the way are copied, the rest shared. */
export function setIn<T>(values: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.')
  const node = values as unknown as Bag
  const next = rest.length ? setIn((node as Record<string, unknown>)[head], rest.join('.'), value) : value
  if (Array.isArray(node)) {
    const copy = [...node]
    copy[Number(head)] = next
    return copy as unknown as T
  }
  return { ...(node as Record<string, unknown>), [head]: next } as T
}

/** Whether two form states differ (what "unsaved changes" means). */
export const sameValues = (a: UploaderValues, b: UploaderValues) => JSON.stringify(a) === JSON.stringify(b)
