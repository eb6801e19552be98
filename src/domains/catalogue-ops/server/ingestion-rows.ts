import { sql } from 'drizzle-orm'
import { checkIsrc, checkUpc } from '@core/identifiers'
import { mapGenre } from '@core/genres'
import type { Queryable } from '@server/db/engine'
import { textArray } from '@server/db/arrays'
import { copyText } from '@server/db/copy'
import type { IngestedRelease } from '@domains/catalogue/server/public'

// Checking catalogue-ingestion rows (docs/formats/catalogue-ingestion.md): each row alone (codes,
// dates, genre, flags), then against the rest of the file and the workspace (duplicates, accounts).

/** Header spellings (compared letters-only, lower case) → the column they mean. */
export const INGESTION_HEADERS: Record<string, IngestionColumn> = {
  email: 'email',
  useremail: 'email',
  owneremail: 'email',
  accountemail: 'email',
  releasetitle: 'releaseTitle',
  album: 'releaseTitle',
  releasetype: 'releaseType',
  type: 'releaseType',
  upc: 'upc',
  ean: 'upc',
  label: 'label',
  labelname: 'label',
  genre: 'primaryGenre',
  genres: 'primaryGenre',
  primarygenre: 'primaryGenre',
  secondarygenre: 'secondaryGenre',
  releasedate: 'releaseDate',
  originalreleasedate: 'originalReleaseDate',
  cline: 'cLine',
  cyear: 'cYear',
  pline: 'pLine',
  pyear: 'pYear',
  tracktitle: 'trackTitle',
  title: 'trackTitle',
  isrc: 'isrc',
  artists: 'participants',
  participants: 'participants',
  writers: 'writers',
  explicit: 'explicit',
  explicitlyrics: 'explicit',
  audiourl: 'audioUrl',
  trackurl: 'audioUrl',
  audio: 'audioUrl',
  status: 'status',
}

export type IngestionColumn =
  | 'email'
  | 'releaseTitle'
  | 'releaseType'
  | 'upc'
  | 'label'
  | 'primaryGenre'
  | 'secondaryGenre'
  | 'releaseDate'
  | 'originalReleaseDate'
  | 'cLine'
  | 'cYear'
  | 'pLine'
  | 'pYear'
  | 'trackTitle'
  | 'isrc'
  | 'participants'
  | 'writers'
  | 'explicit'
  | 'audioUrl'
  | 'status'

export const REQUIRED_COLUMNS: readonly IngestionColumn[] = ['email', 'releaseTitle', 'label', 'primaryGenre', 'releaseDate', 'trackTitle']
/** How the format names the required columns (docs/formats/catalogue-ingestion.md). */
export const COLUMN_NAMES: Partial<Record<IngestionColumn, string>> = {
  email: 'user_email',
  releaseTitle: 'release_title',
  label: 'label',
  primaryGenre: 'genre',
  releaseDate: 'release_date',
  trackTitle: 'track_title',
}
export const RELEASE_TYPES = ['Single', 'EP', 'Album'] as const

export type RawRow = Partial<Record<IngestionColumn, string>> & { line: number }

export type ReleaseData = Omit<IngestedRelease, 'accountId' | 'tracks'>

type TrackData = IngestedRelease['tracks'][number]

/**
 * What a good row commits: the release's fields and the track's, as the catalogue takes them. A row
 * stores `release` only when it is its release's first good row in the file or its release's fields
 * differ from that row's (`ReleaseMemory`): a row without it commits its release's first row's. The
 * track's participants are the row's, which are its release fields' (the same cell, compared by
 * `sameRelease`), so they are not stored twice (rows of earlier dry runs still hold them).
 */
export interface RowData {
  accountId: number
  release?: ReleaseData
  track: Omit<TrackData, 'participants'> & { participants?: TrackData['participants'] }
}

export interface CheckedRow {
  line: number
  releaseKey: string
  userEmail: string
  releaseTitle: string
  trackTitle: string
  trackUrl: string | null
  isrc: string | null
  upc: string | null
  errors: string[]
  data: RowData | null
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
export function validDate(text: string): boolean {
  const match = DATE.exec(text)
  if (!match) return false
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  return date.getUTCFullYear() === Number(match[1]) && date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3])
}

const YES = new Set(['yes', 'y', 'true', '1', 'explicit'])
const NO = new Set(['', 'no', 'n', 'false', '0', 'clean'])

/** "Nina Vale:Primary Artist;DJ Kofi:Featuring" → name and role pairs (role Primary Artist when left out). */
export function readRoles(text: string): { name: string; roles: string }[] {
  return text
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [name, ...roles] = part.split(':')
      return { name: name.trim(), roles: roles.join(':').trim() || 'Primary Artist' }
    })
    .filter((entry) => entry.name)
}

/** "Ada Lovelace:Composer;Alan Turing:Lyricist" → writers (the last word is the last name). */
export function readWriters(text: string) {
  return readRoles(text).map(({ name, roles }) => {
    const words = name.split(/\s+/)
    const lastName = words.length > 1 ? words.pop()! : ''
    return { firstName: words.join(' '), lastName, roles: roles === 'Primary Artist' ? 'Composer' : roles }
  })
}

const text = (value: string | undefined) => (value ?? '').trim()
const optional = (value: string | undefined) => text(value) || null

/** A row on its own: everything that needs neither the rest of the file nor the workspace. */
export function checkRow(raw: RawRow): CheckedRow {
  const errors: string[] = []
  const email = text(raw.email).toLowerCase()
  const releaseTitle = text(raw.releaseTitle)
  const trackTitle = text(raw.trackTitle)
  if (!email) errors.push('The email is required')
  if (!releaseTitle) errors.push('The release title is required')
  if (!trackTitle) errors.push('The track title is required')
  if (releaseTitle.length > 300 || trackTitle.length > 300) errors.push('A title is longer than 300 characters')
  const label = text(raw.label)
  if (!label) errors.push('The label is required')

  let upc: string | null = null
  if (text(raw.upc)) {
    const checked = checkUpc(text(raw.upc))
    if (checked.ok) upc = checked.value
    else errors.push(checked.message)
  }
  let isrc: string | null = null
  if (text(raw.isrc)) {
    const checked = checkIsrc(text(raw.isrc))
    if (checked.ok) isrc = checked.value
    else errors.push(checked.message)
  }

  const primaryGenre = mapGenre(text(raw.primaryGenre))
  if (!text(raw.primaryGenre)) errors.push('The genre is required')
  else if (!primaryGenre) errors.push(`The genre "${text(raw.primaryGenre)}" is not one the stores know`)
  const secondaryGenre = text(raw.secondaryGenre) ? mapGenre(text(raw.secondaryGenre)) : null
  if (text(raw.secondaryGenre) && !secondaryGenre)
    errors.push(`The secondary genre "${text(raw.secondaryGenre)}" is not one the stores know`)

  const releaseDate = text(raw.releaseDate)
  if (!releaseDate) errors.push('The release date is required')
  else if (!validDate(releaseDate)) errors.push('The release date must be a date like 2026-05-01')
  const originalReleaseDate = optional(raw.originalReleaseDate)
  if (originalReleaseDate && !validDate(originalReleaseDate)) errors.push('The original release date must be a date like 2026-05-01')
  else if (originalReleaseDate && validDate(releaseDate) && originalReleaseDate > releaseDate)
    errors.push('The original release date is after the release date')

  const years: Record<'cYear' | 'pYear', number | null> = { cYear: null, pYear: null }
  for (const key of ['cYear', 'pYear'] as const) {
    const value = text(raw[key])
    if (!value) continue
    if (/^\d{4}$/.test(value) && Number(value) >= 1900 && Number(value) <= 2100) years[key] = Number(value)
    else errors.push(`The ${key === 'cYear' ? '©' : '℗'} year must be a year like 2026`)
  }

  const typeText = text(raw.releaseType) || 'Single'
  const type = RELEASE_TYPES.find((entry) => entry.toLowerCase() === typeText.toLowerCase())
  if (!type) errors.push('The release type must be Single, EP or Album')

  const explicitText = text(raw.explicit).toLowerCase()
  if (!YES.has(explicitText) && !NO.has(explicitText)) errors.push('Explicit must be yes or no')

  const statusText = text(raw.status).toLowerCase() || 'draft'
  if (statusText !== 'draft' && statusText !== 'submitted') errors.push('The status must be draft or submitted')

  const audioUrl = optional(raw.audioUrl)
  if (audioUrl && !/^https?:\/\/\S+$/i.test(audioUrl)) errors.push('The audio URL must start with http:// or https://')

  const participants = readRoles(text(raw.participants))
  if (participants.length === 0) errors.push('Name at least one artist (participants)')
  const primary = participants.filter((entry) => /primary/i.test(entry.roles)).map((entry) => entry.name)

  const releaseKey = `${email}|${upc ?? `${releaseTitle.toLowerCase()}|${releaseDate}`}`
  const data: RowData | null = errors.length
    ? null
    : {
        accountId: 0,
        release: {
          title: releaseTitle,
          type: type!,
          upc,
          label,
          primaryGenre: primaryGenre!,
          secondaryGenre,
          releaseDate,
          originalReleaseDate,
          cLine: optional(raw.cLine),
          cYear: years.cYear,
          pLine: optional(raw.pLine),
          pYear: years.pYear,
          artists: primary.length ? primary : [participants[0].name],
          participants,
          submit: statusText === 'submitted',
        },
        track: {
          title: trackTitle,
          isrc,
          explicit: YES.has(explicitText),
          writers: readWriters(text(raw.writers)),
          audioUrl,
        },
      }
  return { line: raw.line, releaseKey, userEmail: email, releaseTitle, trackTitle, trackUrl: audioUrl, isrc, upc, errors, data }
}

/** What the file so far has seen: the first line of each ISRC, and which release each UPC names. */
export class FileMemory {
  private isrcs = new Map<string, number>()
  private upcs = new Map<string, { key: string; line: number }>()

  check(row: CheckedRow) {
    if (row.isrc) {
      const first = this.isrcs.get(row.isrc)
      if (first !== undefined) row.errors.push(`Same ISRC as line ${first}`)
      else this.isrcs.set(row.isrc, row.line)
    }
    if (row.upc) {
      const gtin = row.upc.padStart(13, '0')
      const first = this.upcs.get(gtin)
      if (first && first.key !== row.releaseKey) row.errors.push(`Same UPC as line ${first.line}, which is another release`)
      else if (!first) this.upcs.set(gtin, { key: row.releaseKey, line: row.line })
    }
  }
}

export interface AccountVerdict {
  id: number | null
  error: string | null
}

/** The accounts a chunk names, looked up once each for the whole file. */
export async function lookUpAccounts(q: Queryable, tenantId: number, emails: string[], known: Map<string, AccountVerdict>) {
  const missing = [...new Set(emails)].filter((email) => email && !known.has(email))
  if (!missing.length) return
  const { rows } = await q.execute<{
    id: number
    email: string
    type: string
    banned: boolean
    restrict_release: boolean
    restrict_new_release: boolean
  }>(sql`
    select id, email, type, banned, restrict_release, restrict_new_release from accounts
     where tenant_id = ${tenantId} and email = any(${sql.param(textArray(missing))}::text[])`)
  for (const row of rows) {
    const error =
      row.type === 'admin'
        ? 'Releases belong to an artist or a label, not to staff'
        : row.banned || row.restrict_release || row.restrict_new_release
          ? 'This account may not release: it is banned or restricted from new releases'
          : null
    known.set(row.email, { id: Number(row.id), error })
  }
  for (const email of missing) if (!known.has(email)) known.set(email, { id: null, error: 'No account with this email in the workspace' })
}

const sameRoles = (a: readonly { name: string; roles: string }[], b: readonly { name: string; roles: string }[]) =>
  a.length === b.length && a.every((entry, index) => entry.name === b[index].name && entry.roles === b[index].roles)

/** Whether two rows name their release with the same fields (what the commit would make of either). */
export function sameRelease(a: ReleaseData, b: ReleaseData): boolean {
  return (
    a.title === b.title &&
    a.type === b.type &&
    a.upc === b.upc &&
    a.label === b.label &&
    a.primaryGenre === b.primaryGenre &&
    a.secondaryGenre === b.secondaryGenre &&
    a.releaseDate === b.releaseDate &&
    a.originalReleaseDate === b.originalReleaseDate &&
    a.cLine === b.cLine &&
    a.cYear === b.cYear &&
    a.pLine === b.pLine &&
    a.pYear === b.pYear &&
    a.submit === b.submit &&
    a.artists.length === b.artists.length &&
    a.artists.every((name, index) => name === b.artists[index]) &&
    sameRoles(a.participants, b.participants)
  )
}

/**
 * The release fields each release's first good row stored, so that its later good rows store theirs
 * only when they differ (an album of ten tracks wrote the same release fields ten times: ~55 % of a
 * row's payload). Fed the good rows in file order (the dry run's write stage).
 */
export class ReleaseMemory {
  private first = new Map<string, ReleaseData>()

  /** Drops the row's release fields when its release's first good row stored the same ones. */
  compact(row: CheckedRow) {
    if (!row.data?.release || row.errors.length) return
    const first = this.first.get(row.releaseKey)
    if (!first) this.first.set(row.releaseKey, row.data.release)
    else if (sameRelease(first, row.data.release)) delete row.data.release
  }

  get size() {
    return this.first.size
  }
}

/** Codes of a chunk already on a release or track of the workspace (catalogue's read models). */
export async function codesInWorkspace(q: Queryable, tenantId: number, rows: CheckedRow[]) {
  const upcs = [...new Set(rows.flatMap((row) => (row.upc ? [row.upc, row.upc.padStart(13, '0'), row.upc.replace(/^0/, '')] : [])))]
  const isrcs = [...new Set(rows.flatMap((row) => (row.isrc ? [row.isrc] : [])))]
  const onRelease = new Map<string, number>()
  const onTrack = new Map<string, number>()
  if (upcs.length) {
    const { rows: found } = await q.execute<{ upc: string; id: number }>(
      sql`select upc, id from releases where tenant_id = ${tenantId} and upc = any(${sql.param(textArray(upcs))}::text[])`,
    )
    for (const row of found) onRelease.set(row.upc.padStart(13, '0'), Number(row.id))
  }
  if (isrcs.length) {
    const { rows: found } = await q.execute<{ isrc: string; id: number }>(
      sql`select isrc, id from tracks where tenant_id = ${tenantId} and isrc = any(${sql.param(textArray(isrcs))}::text[])`,
    )
    for (const row of found) onTrack.set(row.isrc, Number(row.id))
  }
  return { onRelease, onTrack }
}

/** The ingestion_rows columns a dry run writes, in the order of rowFields and copyRowsText. */
export const ROW_COLUMNS =
  'tenant_id, ingestion_id, csv_row, release_key, user_email, release_title, track_title, track_url, isrc, upc, status, error, data'

/** A checked row as ingestion_rows stores it (texts cut to their column's size). */
export function rowFields(row: CheckedRow) {
  return {
    csv_row: row.line,
    release_key: row.releaseKey,
    user_email: row.userEmail.slice(0, 320),
    release_title: row.releaseTitle.slice(0, 300),
    track_title: row.trackTitle.slice(0, 300),
    track_url: row.trackUrl?.slice(0, 2000) ?? null,
    isrc: row.isrc,
    upc: row.upc,
    status: row.errors.length ? 'invalid' : 'valid',
    error: row.errors.length ? row.errors.join('; ') : null,
    data: row.data,
  }
}

/** Checked rows as COPY text lines for ROW_COLUMNS. */
export function copyRowsText(tenantId: number, ingestionId: number, rows: CheckedRow[]): string {
  let text = ''
  for (const row of rows) {
    const f = rowFields(row)
    const cells = [f.release_key, f.user_email, f.release_title, f.track_title, f.track_url, f.isrc, f.upc, f.status, f.error]
    text += `${tenantId}\t${ingestionId}\t${f.csv_row}\t${cells.map(copyText).join('\t')}\t${copyText(f.data === null ? null : JSON.stringify(f.data))}\n`
  }
  return text
}
