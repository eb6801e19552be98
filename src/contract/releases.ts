import { z } from 'zod'
import { endpoint } from './define'
import { id, idParams, nullableTimestamp, ok, page, pageOf, perPage, timestamp } from './common'
import { userCard } from './users'
import { DISPLAY_STATUSES, RELEASE_STATUSES, requiresReason } from '@core/release-status'
import { checkIsrc, checkUpc } from '@core/identifiers'
import { PLATFORMS } from '@core/platforms'
import { RELEASE_TYPES, DELIVERY_TARGETS, EDIT_REQUEST_STATUSES, RELEASE_SORTS, COVER_RULES, TRACK_FILE_KINDS, MAX_AUDIO_BYTES } from './releases-vocabulary'
export * from './releases-vocabulary'


// ---------------------------------------------------------------------------------------------
// Vocabulary: releases-vocabulary.ts (zod-free, for start-up code)

// ---------------------------------------------------------------------------------------------
// Field schemas (inputs)

const text = (label: string, max = 200) => z.string().trim().max(max, `${label} is too long`)
const required = (label: string, max = 200) => text(label, max).min(1, `${label} is required`)
/** Edits send only what changed: absent stays absent (untouched), empty or null clears. */
const optionalText = (label: string, max = 200) =>
  text(label, max)
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value ? value : null))
const link = (label: string) =>
  z
    .string()
    .trim()
    .max(500)
    .refine((value) => value === '' || /^https?:\/\/\S+$/i.test(value), `${label} must be a link starting with http:// or https://`)
const isoDate = z.iso.date('Dates are YYYY-MM-DD')
const year = z.coerce.number<number>().int().min(1900, 'Year must be 1900 or later').max(2100, 'Year must be 2100 or earlier')

/** A UPC (12 or 13 digits, valid GTIN check digit), stored digits only. */
export const upcInput = z.string().transform((value, ctx) => {
  const check = checkUpc(value)
  if (!check.ok) {
    ctx.addIssue({ code: 'custom', message: check.message })
    return z.NEVER
  }
  return check.value
})

/** An ISRC with or without hyphens, stored as 12 upper-case characters. */
export const isrcInput = z.string().transform((value, ctx) => {
  const check = checkIsrc(value)
  if (!check.ok) {
    ctx.addIssue({ code: 'custom', message: check.message })
    return z.NEVER
  }
  return check.value
})

export const releaseStatus = z.coerce
  .number<number>()
  .int()
  .refine((value) => (RELEASE_STATUSES as readonly number[]).includes(value), 'Status must be a code from 0 to 9')
/** Filters accept 10, scheduled, too. */
export const displayStatusFilter = z.coerce
  .number<number>()
  .int()
  .refine((value) => (DISPLAY_STATUSES as readonly number[]).includes(value), 'Status must be a code from 0 to 10')

const platformIds = new Set(PLATFORMS.map((platform) => platform.id))
const storeIds = z
  .array(z.number().int())
  .max(200)
  .refine((ids) => ids.every((value) => platformIds.has(value)), 'Unknown store')
const territories = z.array(z.string().regex(/^([A-Z]{2}|WW)$/, 'Territories are country codes')).max(300)
const ids = z.array(id).min(1, 'Choose at least one release').max(1000, 'At most 1000 releases at a time')

/** Rows with an empty name or no role are dropped when saved (spec section 5). */
export const participantRow = z.object({
  name: text('Name'),
  roles: text('Roles', 500),
  spotify: link('Spotify link').optional(),
  apple: link('Apple Music link').optional(),
})
export const writerRow = z.object({ firstName: text('First name'), lastName: text('Last name'), roles: text('Roles', 500) })
export const creditRow = z.object({ name: text('Name'), roles: text('Roles', 500) })
export type ParticipantRow = z.infer<typeof participantRow>
export type WriterRow = z.infer<typeof writerRow>
export type CreditRow = z.infer<typeof creditRow>

/** TikTok start time as minutes:seconds. */
export const tiktokStart = z
  .string()
  .trim()
  .regex(/^\d{1,2}:[0-5]\d$/, 'Start time must be minutes:seconds, like 0:45')
const releaseTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Release time must be HH:MM')
const timeZone = z
  .string()
  .trim()
  .min(1, 'Time zone is required')
  .max(64)
  .refine((value) => {
    if (value.toLowerCase() === 'utc') return true
    try {
      new Intl.DateTimeFormat('en', { timeZone: value })
      return true
    } catch {
      return false
    }
  }, 'Unknown time zone')

// ---------------------------------------------------------------------------------------------
// Shapes (responses)

export const artwork = z.object({ cover: z.string().nullable(), medium: z.string().nullable(), large: z.string().nullable() })

/** A row of the release list (spec: Release list item). */
export const releaseListItem = z.object({
  id: z.number(),
  date: timestamp,
  title: z.string(),
  artist: z.string(),
  artwork,
  status: z.number(),
  /** 10 when live or edited with a release date ahead. */
  displayStatus: z.number(),
  statusLabel: z.string(),
  releaseDate: z.string().nullable(),
  originalReleaseDate: z.string().nullable(),
  isLive: z.boolean(),
  upc: z.string().nullable(),
  catalogNumber: z.string().nullable(),
  label: z.string().nullable(),
  language: z.string().nullable(),
  primaryGenre: z.string().nullable(),
  secondaryGenre: z.string().nullable(),
  version: z.string().nullable(),
  licenseType: z.string().nullable(),
  type: z.string(),
  cLine: z.string().nullable(),
  cYear: z.number().nullable(),
  pLine: z.string().nullable(),
  pYear: z.number().nullable(),
  restrict: z.boolean(),
  user: userCard,
  adminReview: z.boolean(),
  priorityReview: z.boolean(),
  trackCount: z.number(),
})
export type ReleaseListItem = z.infer<typeof releaseListItem>

export const deliveryEntry = z.object({
  platform: z.enum(DELIVERY_TARGETS),
  label: z.string(),
  delivered: z.boolean(),
  completed: z.boolean(),
})

export const releaseNote = z.object({
  id: z.number(),
  content: z.string(),
  created: timestamp,
  author: z.object({ id: z.number(), name: z.string() }).nullable(),
})

export const duplicateUpc = z.object({ releaseId: z.number(), title: z.string(), status: z.number() })
export const duplicateIsrc = z.object({ isrc: z.string(), trackId: z.number(), releaseId: z.number(), title: z.string() })

export const statusChoice = z.object({ status: z.number(), label: z.string(), needsReason: z.boolean() })

export const reviewFile = z
  .object({ fileName: z.string(), url: z.string(), note: z.string().nullable(), date: nullableTimestamp })
  .nullable()

/** Everything the release tab's general section shows (spec: Release). */
export const releaseGeneral = releaseListItem.extend({
  owner: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  artists: z.array(z.string()),
  participants: z.array(participantRow),
  coverUrl: z.string().nullable(),
  publishDate: z.string().nullable(),
  releaseTime: z.string().nullable(),
  timeZone: z.string(),
  allowedStatuses: z.array(statusChoice),
  takedown: z.object({ reason: z.string(), at: timestamp, by: z.string().nullable() }).nullable(),
  restrictTakedown: z.boolean(),
  delivery: z.array(deliveryEntry),
  duplicates: z.object({ upc: z.array(duplicateUpc), isrc: z.array(duplicateIsrc) }),
  notes: z.array(releaseNote),
  stores: z.array(z.number()),
  territories: z.array(z.string()),
  pendingEditRequestId: z.number().nullable(),
  updated: timestamp,
})
export type ReleaseGeneral = z.infer<typeof releaseGeneral>
/** What the server hands to the response schema (dates may be Date objects). */
export type ReleaseGeneralResult = z.input<typeof releaseGeneral>

export const releaseAdditional = z.object({
  id: z.number(),
  languages: z.array(z.string()),
  genres: z.array(z.string()),
  remixOrVersion: z.string().nullable(),
  cLine: z.string().nullable(),
  cYear: z.number().nullable(),
  pLine: z.string().nullable(),
  pYear: z.number().nullable(),
  licenseType: z.string().nullable(),
  motionArt: z.object({ square: z.string().nullable(), portrait: z.string().nullable() }),
  isAiCover: z.boolean(),
  applePreorder: z.boolean(),
  applePreorderDate: z.string().nullable(),
  transferIn: z.boolean(),
  optInRecommendedTracks: z.boolean(),
  originalReleaseDate: z.string().nullable(),
  publishDate: z.string().nullable(),
  reviewFile,
})
/** The release tab's one call: the release with its additional details. */
export const releaseRecord = releaseGeneral.extend({ additional: releaseAdditional })
export type ReleaseRecord = z.infer<typeof releaseRecord>
export type ReleaseAdditional = z.infer<typeof releaseAdditional>

/** A track as the release's track list and the track tab show it (spec: Track). */
export const track = z.object({
  id: z.number(),
  releaseId: z.number(),
  position: z.number(),
  isrc: z.string().nullable(),
  iswc: z.string().nullable(),
  title: z.string(),
  version: z.string().nullable(),
  language: z.string().nullable(),
  lyrics: z.string().nullable(),
  explicit: z.boolean(),
  /** Seconds. */
  duration: z.number().nullable(),
  audioUrl: z.string().nullable(),
  instrumentUrl: z.string().nullable(),
  dolbyUrl: z.string().nullable(),
  tiktokStart: z.string().nullable(),
  linerNote: z.string().nullable(),
  participants: z.array(participantRow),
  writers: z.array(writerRow),
  credits: z.array(creditRow),
  /** 0 processing, 1 completed, other failed; null never requested. */
  scanStatus: z.number().nullable(),
  duplicateIsrc: z.array(duplicateIsrc),
})
export type Track = z.infer<typeof track>

export const trackSingle = track.extend({
  release: z.object({
    id: z.number(),
    title: z.string(),
    artist: z.string(),
    artwork,
    upc: z.string().nullable(),
    status: z.number(),
    displayStatus: z.number(),
    statusLabel: z.string(),
    releaseDate: z.string().nullable(),
  }),
})

export const historyEntry = z.object({
  id: z.number(),
  action: z.string(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  date: timestamp,
  before: z.unknown(),
  after: z.unknown(),
})

const editValue = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.union([z.string(), z.number()]))])
export const editChange = z.object({ section: z.string(), field: z.string(), label: z.string(), oldValue: editValue, newValue: editValue })
export const trackEditChange = editChange.extend({ trackId: z.number(), trackTitle: z.string() })

export const editRequestRow = z.object({
  id: z.number(),
  status: z.enum(EDIT_REQUEST_STATUSES),
  created: timestamp,
  comment: z.string().nullable(),
  release: z.object({ id: z.number(), title: z.string(), artwork, upc: z.string().nullable(), status: z.number() }),
  user: userCard,
  changeCount: z.number(),
})
export type EditRequestRow = z.infer<typeof editRequestRow>

export const editRequestSingle = editRequestRow.extend({
  decidedAt: nullableTimestamp,
  decidedBy: z.object({ id: z.number(), name: z.string() }).nullable(),
  releaseEdits: z.array(editChange),
  trackEdits: z.array(trackEditChange),
  /** Names of every country code the edits mention. */
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
})
export type EditRequestSingle = z.infer<typeof editRequestSingle>
export type EditRequestSingleResult = z.input<typeof editRequestSingle>

// ---------------------------------------------------------------------------------------------
// Queries and bodies

const booleanFilter = z.enum(['true', 'false']).optional()

export const releasesListQuery = z.object({
  page,
  per_page: perPage,
  /** Title, UPC, ISRC, catalog number or artist; a pasted UPC or ISRC matches exactly. */
  search: z.string().trim().max(200).optional(),
  status: displayStatusFilter.optional(),
  type: z.enum(RELEASE_TYPES).optional(),
  genre: z.string().trim().max(100).optional(),
  label: z.string().trim().max(200).optional(),
  userId: id.optional(),
  /** Which date from/to filter: created (default) or release date. */
  dateField: z.enum(['created', 'release']).default('created'),
  from: isoDate.optional(),
  to: isoDate.optional(),
  adminReview: booleanFilter,
  priorityReview: booleanFilter,
  sort: z.enum(RELEASE_SORTS).default('created'),
  dir: z.enum(['asc', 'desc']).default('desc'),
})
export type ReleasesListQuery = z.infer<typeof releasesListQuery>

export const releaseEditBody = z.object({
  releaseId: id,
  title: required('Title').optional(),
  version: optionalText('Version'),
  artists: z.array(required('Artist')).min(1, 'Name at least one artist').max(20).optional(),
  type: z.enum(RELEASE_TYPES).optional(),
  label: optionalText('Label'),
  upc: upcInput.nullable().optional(),
  catalogNumber: optionalText('Catalog number', 64),
  releaseDate: isoDate.optional(),
  originalReleaseDate: isoDate.nullable().optional(),
  primaryGenre: optionalText('Primary genre', 100),
  secondaryGenre: optionalText('Secondary genre', 100),
  language: optionalText('Language', 64),
  cLine: optionalText('C line'),
  cYear: year.nullable().optional(),
  pLine: optionalText('P line'),
  pYear: year.nullable().optional(),
  licenseType: optionalText('License type', 64),
  restrictTakedown: z.boolean().optional(),
  applePreorder: z.boolean().optional(),
  applePreorderDate: isoDate.nullable().optional(),
  participants: z.array(participantRow).max(50).optional(),
  stores: storeIds.optional(),
  territories: territories.optional(),
})
export type ReleaseEditBody = z.infer<typeof releaseEditBody>

export const trackEditBody = z.object({
  trackId: id,
  isrc: isrcInput.nullable().optional(),
  iswc: z
    .string()
    .trim()
    .regex(/^T-?\d{3}\.?\d{3}\.?\d{3}-?\d$/i, 'ISWC must look like T-123.456.789-0')
    .nullable()
    .optional(),
  title: required('Title').optional(),
  version: optionalText('Version'),
  language: optionalText('Language', 64),
  lyrics: optionalText('Lyrics', 20_000),
  explicit: z.boolean().optional(),
  tiktokStart: tiktokStart.nullable().optional(),
  linerNote: optionalText('Liner note', 2000),
  participants: z.array(participantRow).max(50).optional(),
  writers: z.array(writerRow).max(50).optional(),
  credits: z.array(creditRow).max(50).optional(),
})
export type TrackEditBody = z.infer<typeof trackEditBody>

/** The uploader's release form: creates a draft for an account (no releaseId) or saves one. */
export const albumDetailsBody = releaseEditBody.omit({ releaseId: true }).extend({
  releaseId: id.optional(),
  /** The account the release is made for; required to create. */
  userId: id.optional(),
  /** Submit the draft for review (0 Draft → 2 Under review) after saving. */
  submit: z.boolean().default(false),
  /** New cover art as a base64 data URL (JPG or PNG, COVER_RULES); null removes the cover; absent keeps it. */
  cover: z
    .string()
    .max(Math.ceil((COVER_RULES.maxBytes * 4) / 3) + 100, `The cover is larger than ${COVER_RULES.maxBytes / 1024 / 1024} MB.`)
    .refine((value) => /^data:[\w./+-]*;base64,/.test(value), 'The cover could not be read')
    .nullable()
    .optional(),
})
export type AlbumDetailsBody = z.infer<typeof albumDetailsBody>

export const albumTrackInput = trackEditBody.omit({ trackId: true }).extend({
  /** An existing track of the release; absent adds one. */
  id: id.optional(),
  title: required('Title'),
  duration: z
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .nullable()
    .optional(),
})
export type AlbumTrackInput = z.infer<typeof albumTrackInput>

const statusBody = z
  .object({
    ids,
    status: releaseStatus,
    /** Required for a takedown (8, 9): recorded with who asked. */
    reason: text('Reason', 1000).optional(),
  })
  .superRefine((body, ctx) => {
    if (requiresReason(body.status) && !body.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Give a reason for the takedown' })
  })

// ---------------------------------------------------------------------------------------------
// Endpoints

export const releasesEndpoints = {
  'releases.list': endpoint({
    method: 'GET',
    path: 'releases',
    access: 'admin',
    summary:
      'Releases of the workspace: paged, filtered (status including 10 scheduled), sorted, searched by title, UPC, ISRC, catalog number or artist',
    query: releasesListQuery,
    response: pageOf(releaseListItem),
  }),
  'releases.general': endpoint({
    method: 'GET',
    path: 'releases/single/general/{id}',
    access: 'admin',
    summary: 'One release as its tab shows it: details, status and allowed next statuses, delivery, duplicates, notes',
    params: idParams,
    response: releaseGeneral,
  }),
  'releases.additional': endpoint({
    method: 'GET',
    path: 'releases/single/additional/{id}',
    access: 'admin',
    summary: 'Additional release details: languages, lines and years, motion art, pre-order, review file',
    params: idParams,
    response: releaseAdditional,
  }),
  'releases.tracks': endpoint({
    method: 'GET',
    path: 'releases/tracks/{id}',
    access: 'admin',
    summary: 'The tracks of a release in order',
    params: idParams,
    response: z.object({ data: z.array(track) }),
  }),
  'releases.track': endpoint({
    method: 'GET',
    path: 'releases/track/{id}',
    access: 'admin',
    summary: 'One track with its release',
    params: idParams,
    response: trackSingle,
  }),
  'releases.status': endpoint({
    method: 'POST',
    path: 'releases/status',
    access: 'admin',
    summary:
      'Change the status of one or more releases by the transition table (docs/release-status.md); refused ones come back with the reason, all refused answers 409',
    body: statusBody,
    response: z.object({
      updated: z.array(z.object({ id: z.number(), status: z.number(), displayStatus: z.number() })),
      refused: z.array(z.object({ id: z.number(), reason: z.string() })),
    }),
  }),
  'releases.changeReview': endpoint({
    method: 'POST',
    path: 'releases/change-review',
    access: 'admin',
    summary: 'Turn admin review on or off for releases',
    body: z.object({ ids, adminReview: z.boolean() }),
    response: z.object({ updated: z.number() }),
  }),
  'releases.changePriorityReview': endpoint({
    method: 'POST',
    path: 'releases/change-priority-review',
    access: 'admin',
    summary: 'Turn priority review on or off for releases',
    body: z.object({ ids, priorityReview: z.boolean() }),
    response: z.object({ updated: z.number() }),
  }),
  'releases.edit': endpoint({
    method: 'POST',
    path: 'releases/edit',
    access: 'admin',
    summary: 'Edit release fields (only those sent); UPC validated, duplicates within the workspace reported on the release',
    body: releaseEditBody,
    response: releaseGeneral,
  }),
  'releases.trackEdit': endpoint({
    method: 'POST',
    path: 'releases/track/edit',
    access: 'admin',
    summary: 'Edit track fields (only those sent); ISRC validated; empty participant, writer and credit rows dropped',
    body: trackEditBody,
    response: track,
  }),
  'releases.trackRemove': endpoint({
    method: 'POST',
    path: 'releases/track/remove',
    access: 'admin',
    summary: 'Remove a track from its release (the others move up)',
    body: z.object({ trackId: id }),
    response: ok,
  }),
  'releases.notesCreate': endpoint({
    method: 'POST',
    path: 'releases/notes/create',
    access: 'admin',
    summary: 'Add a staff note to a release',
    status: 201,
    body: z.object({ releaseId: id, content: required('Note', 5000) }),
    response: releaseNote,
  }),
  'releases.notesRemove': endpoint({
    method: 'POST',
    path: 'releases/notes/remove',
    access: 'admin',
    summary: 'Remove a note from a release',
    body: z.object({ releaseId: id, noteId: id }),
    response: ok,
  }),
  'releases.history': endpoint({
    method: 'GET',
    path: 'releases/{id}/history',
    access: 'admin',
    summary: 'What happened to a release (from the audit log), newest first',
    params: idParams,
    query: z.object({ page, per_page: perPage }),
    response: pageOf(historyEntry),
  }),
  'releases.updateDeliveryStatus': endpoint({
    method: 'POST',
    path: 'releases/updateReleaseDeliveryStatus',
    access: 'admin',
    summary: "Toggle a platform's delivery on a release; its completed flag flips with it",
    body: z.object({ releaseId: id, platform: z.enum(DELIVERY_TARGETS) }),
    response: z.object({ delivery: z.array(deliveryEntry) }),
  }),
  'releases.editReleaseTime': endpoint({
    method: 'POST',
    path: 'releases/edit-release-time',
    access: 'admin',
    summary: 'Set the release time of day and its time zone',
    body: z.object({ releaseId: id, releaseTime, timeZone }),
    response: z.object({ releaseTime: z.string().nullable(), timeZone: z.string() }),
  }),
  'releases.removeReleaseTime': endpoint({
    method: 'POST',
    path: 'releases/remove-release-time/{id}',
    access: 'admin',
    summary: 'Remove the release time (the release goes out at the start of its date)',
    params: idParams,
    response: z.object({ releaseTime: z.string().nullable(), timeZone: z.string() }),
  }),
  'releases.mapGenre': endpoint({
    method: 'POST',
    path: 'releases/map-genre',
    access: 'admin',
    summary: 'Map releases to a primary (and optional secondary) genre',
    body: z.object({ ids, primaryGenre: required('Primary genre', 100), secondaryGenre: optionalText('Secondary genre', 100) }),
    response: z.object({ updated: z.number() }),
  }),
  'releases.storesBulk': endpoint({
    method: 'POST',
    path: 'releases/stores/bulk',
    access: 'admin',
    summary: 'Set, add or remove delivery stores on many releases at once',
    body: z.object({
      ids,
      stores: storeIds.refine((value) => value.length > 0, 'Choose at least one store'),
      mode: z.enum(['replace', 'add', 'remove']).default('replace'),
    }),
    response: z.object({ updated: z.number() }),
  }),
  'releases.albumDetails': endpoint({
    method: 'POST',
    path: 'releases/album-details',
    access: 'admin',
    summary:
      'Uploader: create a draft release for an account, or save a draft (with its cover art as a data URL); submit moves it to review when every required field is there',
    // A cover of up to 20 MB arrives base64-encoded, a third larger.
    bodyLimit: Math.ceil((COVER_RULES.maxBytes * 4) / 3) + 2 * 1024 * 1024,
    body: albumDetailsBody,
    response: releaseGeneral,
  }),
  'releases.albumTracks': endpoint({
    method: 'POST',
    path: 'releases/album-tracks',
    access: 'admin',
    summary: "Uploader: save a draft's track list in order (tracks left out are removed); ISRCs validated, empty role rows dropped",
    body: z.object({ releaseId: id, tracks: z.array(albumTrackInput).max(100, 'At most 100 tracks') }),
    response: z.object({ data: z.array(track) }),
  }),
  'releases.replaceTrackAudio': endpoint({
    method: 'POST',
    path: 'releases/replace-track-audio',
    access: 'admin',
    summary:
      "Upload or replace a track's audio, instrumental or Dolby Atmos file (WAV, FLAC or MP3 checked by content; Dolby must be an ADM BWF WAV); the old file is removed, new main audio resets the scan",
    bodyType: 'multipart',
    files: { file: { maxBytes: MAX_AUDIO_BYTES, required: true } },
    body: z.object({
      trackId: id,
      kind: z.enum(TRACK_FILE_KINDS, 'Kind must be audio, instrument or dolby'),
    }),
    response: track,
  }),
  'releases.lyricsExport': endpoint({
    method: 'POST',
    path: 'releases/lyrics/export',
    access: 'admin',
    summary:
      'Download the lyrics of the chosen releases as CSV (one row per track with lyrics: release, UPC, ISRC, title, language, explicit)',
    body: z.object({ ids }),
    response: z.unknown(),
    responseType: 'file',
  }),
  'releases.getArtists': endpoint({
    method: 'GET',
    path: 'releases/get-artists',
    access: 'admin',
    summary: "Artist names of the workspace for the uploader's participant rows: profiles and names already on releases",
    query: z.object({ search: z.string().trim().min(2, 'Type at least 2 characters').max(200) }),
    response: z.object({
      data: z.array(
        z.object({
          name: z.string(),
          accountId: z.number().nullable(),
          releaseCount: z.number(),
          spotify: z.string().nullable(),
          apple: z.string().nullable(),
        }),
      ),
    }),
  }),
  'releases.editRequests': endpoint({
    method: 'GET',
    path: 'releases/edit-requests/{page}',
    access: 'admin',
    summary: 'Edit requests, newest first, filtered by status',
    params: z.object({ page }),
    query: z.object({
      per_page: perPage,
      status: z.enum(EDIT_REQUEST_STATUSES).optional(),
      search: z.string().trim().max(200).optional(),
    }),
    response: pageOf(editRequestRow),
  }),
  'releases.editRequest': endpoint({
    method: 'GET',
    path: 'releases/edit-requests/single/{id}',
    access: 'admin',
    summary: 'One edit request: release and track edits as section, old value, new value, with country names',
    params: idParams,
    response: editRequestSingle,
  }),
  'releases.editRequestStatus': endpoint({
    method: 'POST',
    path: 'releases/edit-requests/status',
    access: 'admin',
    summary: 'Approve (applies the new values in one transaction, release becomes 7 Edited) or reject (with a comment) an edit request',
    body: z.object({ id, status: z.enum(['approved', 'rejected']), comment: text('Comment', 2000).optional() }).superRefine((body, ctx) => {
      if (body.status === 'rejected' && !body.comment)
        ctx.addIssue({ code: 'custom', path: ['comment'], message: 'Give a reason for the rejection' })
    }),
    response: editRequestSingle,
  }),
} as const
