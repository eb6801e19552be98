import { z } from 'zod'
import {
  BLOCKLIST,
  CHART_REGISTRATION,
  GREENLIST,
  LICENSING,
  PITCH,
  PITCH_LINK_LABELS,
  PITCH_LINK_PLATFORMS,
  PITCH_MAX_LEAD_DAYS,
  isPitchLink,
  YOUTUBE_CHANNEL_ID,
  YOUTUBE_MCN,
  GREENLIST_FORMATS,
  GREENLIST_PLATFORM_LABELS,
  GREENLIST_PLATFORMS,
  REVIEW_KIND_NAMES,
  invalidPlatformEntries,
  type ReviewKindDef,
} from '@core/feature-requests'
import { checkIsrc, ISRC_MESSAGE } from '@core/identifiers'
import { isDecimal } from '@core/decimal'
import { MECHANICAL_FORMATS } from '@core/mechanical-rates'
import { endpoint, type Access } from './define'
import { id, idParams, page, pageOf, perPage, timestamp } from './common'

// Feature controls (docs/feature-controls.md): one review pattern, written once here and in
// src/domains/feature-controls/server/review.ts; each kind gives its paths, statuses and fields.

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31')
const message = z.object({ message: z.string() })
export const REVIEW_PAGE_SIZES = [25, 50, 100, 200, 500] as const
export const reviewReason = z.string().trim().max(2_000, 'The reason is too long')

export const reviewRow = z.object({
  id: z.number(),
  kind: z.enum(REVIEW_KIND_NAMES as [string, ...string[]]),
  status: z.string(),
  title: z.string(),
  requester: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  release: z.object({ id: z.number(), title: z.string() }).nullable(),
  track: z.object({ id: z.number(), title: z.string(), isrc: z.string().nullable() }).nullable(),
  fields: z.record(z.string(), z.unknown()),
  reason: z.string().nullable(),
  reviewedAt: timestamp.nullable(),
  created: timestamp,
  updated: timestamp,
})
export type ReviewRow = z.infer<typeof reviewRow>
export type ReviewRowResult = z.input<typeof reviewRow>

/** A staff list's filters (search, status, created date range, page size). */
function reviewListQuery(def: ReviewKindDef) {
  return z.object({
    per_page: perPage,
    search: z.string().trim().max(100, 'The search is too long').optional(),
    status: z.enum(def.statuses as [string, ...string[]], `Choose one of: ${def.statuses.join(', ')}`).optional(),
    from: day.optional(),
    to: day.optional(),
  })
}

/** The five calls of a kind: the staff list, single and status change; the requester's create and own list. */
function reviewEndpoints<F extends z.ZodType>(
  def: ReviewKindDef,
  paths: { list: string; single: string; changeStatus: string; create: string; mine: string },
  fields: F,
) {
  const status = z.enum(def.statuses as [string, ...string[]], `Choose one of: ${def.statuses.join(', ')}`)
  const noun = def.label.toLowerCase()
  const admin: Access = 'admin'
  return {
    list: endpoint({
      method: 'GET',
      path: paths.list,
      access: admin,
      summary: `${def.label} requests, newest first, by page: search by title, requester or #id; filter by status and created date range`,
      params: z.object({ page }),
      query: reviewListQuery(def),
      response: pageOf(reviewRow),
    }),
    single: endpoint({
      method: 'GET',
      path: paths.single,
      access: admin,
      summary: `One ${noun} request with its fields, requester, release and track`,
      params: idParams,
      response: reviewRow,
    }),
    changeStatus: endpoint({
      method: 'POST',
      path: paths.changeStatus,
      access: admin,
      summary: `Moves ${noun} requests to a status along the allowed transitions (src/core/feature-requests.ts), all or nothing; a refusal needs a reason; the requester is mailed`,
      body: z.object({
        ids: z.array(id).min(1, 'Choose a request').max(500, 'At most 500 requests at once'),
        status,
        reason: reviewReason.optional(),
      }),
      response: message.extend({ changed: z.number() }),
    }),
    create: endpoint({
      method: 'POST',
      path: paths.create,
      access: 'auth',
      summary: `An artist or label asks for a ${noun} for one of their own releases or tracks; staff review it`,
      status: 201,
      body: fields,
      response: message.extend({ id: z.number() }),
    }),
    mine: endpoint({
      method: 'GET',
      path: paths.mine,
      access: 'auth',
      summary: `The signed-in account's own ${noun} requests, newest first, with their status and any reason`,
      params: z.object({ page }),
      query: z.object({ per_page: perPage }),
      response: pageOf(reviewRow),
    }),
  }
}

const platformList = z.string().trim().max(5_000, 'The list is too long').default('')

export const greenlistFields = z
  .object({
    releaseId: id,
    /** A track of that release; none: the whole release. */
    trackId: id.optional(),
    format: z.enum(GREENLIST_FORMATS, 'Choose All or Single'),
    ...(Object.fromEntries(GREENLIST_PLATFORMS.map((platform) => [platform, platformList])) as Record<
      (typeof GREENLIST_PLATFORMS)[number],
      typeof platformList
    >),
    info: z.string().trim().max(2_000, 'The info is too long').default(''),
    comment: z.string().trim().max(2_000, 'The comment is too long').default(''),
    isrc: z.string().trim().max(20).optional(),
  })
  .superRefine((body, ctx) => {
    let any = false
    for (const platform of GREENLIST_PLATFORMS) {
      const value = body[platform] ?? ''
      if (value.trim()) any = true
      const bad = invalidPlatformEntries(platform, value)
      if (bad.length)
        ctx.addIssue({
          code: 'custom',
          path: [platform],
          message: `Not a ${GREENLIST_PLATFORM_LABELS[platform]} channel or URL: ${bad.slice(0, 3).join(', ')}`,
        })
    }
    if (!any) ctx.addIssue({ code: 'custom', path: ['youtube'], message: 'Give at least one channel or URL' })
    if (body.isrc && !checkIsrc(body.isrc).ok) ctx.addIssue({ code: 'custom', path: ['isrc'], message: ISRC_MESSAGE })
  })
export type GreenlistFields = z.infer<typeof greenlistFields>

const greenlist = reviewEndpoints(
  GREENLIST,
  {
    list: 'whitelist/{page}',
    single: 'whitelist/single/{id}',
    changeStatus: 'whitelist/change-status',
    create: 'whitelist/request',
    mine: 'whitelist/mine/{page}',
  },
  greenlistFields,
)

export const blocklistFields = z
  .object({
    releaseId: id,
    /** A track of that release; none: the whole release (every track). */
    trackId: id.optional(),
    platform: z.enum(GREENLIST_PLATFORMS, `Choose one of: ${GREENLIST_PLATFORMS.map((p) => GREENLIST_PLATFORM_LABELS[p]).join(', ')}`),
    format: z.enum(GREENLIST_FORMATS, 'Choose All or Single'),
    startDate: day,
    endDate: day,
    comment: z.string().trim().max(2_000, 'The comment is too long').default(''),
    isrc: z.string().trim().max(20).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.endDate < body.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The end date comes before the start date' })
    if (body.isrc && !checkIsrc(body.isrc).ok) ctx.addIssue({ code: 'custom', path: ['isrc'], message: ISRC_MESSAGE })
  })
export type BlocklistFields = z.infer<typeof blocklistFields>

const blocklist = reviewEndpoints(
  BLOCKLIST,
  {
    list: 'blocklist/{page}',
    single: 'blocklist/single/{id}',
    changeStatus: 'blocklist/change-status',
    create: 'blocklist/request',
    mine: 'blocklist/mine/{page}',
  },
  blocklistFields,
)

const count = (noun: string) =>
  z
    .number(`Give the number of ${noun}`)
    .int(`The number of ${noun} is a whole number`)
    .min(0, `The number of ${noun} cannot be negative`)
    .max(Number.MAX_SAFE_INTEGER, `The number of ${noun} is too large`)

export const youtubeMcnFields = z.object({
  /** The channel to join: its id ("UC" and 22 characters), as YouTube Studio shows it; a channel URL is accepted and reduced to it. */
  channelId: z
    .string()
    .trim()
    .max(200)
    .transform((value) => /(?:^|\/channel\/)(UC[A-Za-z0-9_-]{22})\/?$/.exec(value)?.[1] ?? value)
    .pipe(z.string().regex(YOUTUBE_CHANNEL_ID, 'Not a YouTube channel id: it starts with UC and has 24 characters')),
  subscribers: count('subscribers'),
  videos: count('videos'),
  views: count('views'),
})
export type YoutubeMcnFields = z.infer<typeof youtubeMcnFields>

const youtubeMcn = reviewEndpoints(
  YOUTUBE_MCN,
  {
    list: 'youTubeMcn/{page}',
    single: 'youTubeMcn/single/{id}',
    changeStatus: 'youTubeMcn/change-status',
    create: 'youTubeMcn/request',
    mine: 'youTubeMcn/mine/{page}',
  },
  youtubeMcnFields,
)

export const chartRegistrationFields = z.object({
  releaseId: id,
  comment: z.string().trim().max(2_000, 'The comment is too long').default(''),
})
export type ChartRegistrationFields = z.infer<typeof chartRegistrationFields>

const chartRegistration = reviewEndpoints(
  CHART_REGISTRATION,
  {
    list: 'soundscan/{page}',
    single: 'soundscan/single/{id}',
    changeStatus: 'soundscan/change-status',
    create: 'soundscan/request',
    mine: 'soundscan/mine/{page}',
  },
  chartRegistrationFields,
)

/** A pitch's photo (JPG or PNG) and sheet (PDF, CSV or XLSX): checked by their bytes in the file store. */
export const PITCH_PHOTO_MAX_BYTES = 10 * 1024 * 1024
export const PITCH_SHEET_MAX_BYTES = 10 * 1024 * 1024

const text = (noun: string, max: number) => z.string().trim().max(max, `The ${noun} is too long`).default('')

export const tourDate = z.object({
  date: day,
  city: z.string().trim().min(1, 'Give the city').max(200, 'The city is too long'),
  venue: z.string().trim().min(1, 'Give the venue').max(200, 'The venue is too long'),
})

/** Tour dates arrive as one form field holding a JSON list of {date, city, venue}. */
const tourDates = z
  .string()
  .trim()
  .max(50_000, 'The tour dates are too long')
  .default('')
  .transform((value, ctx) => {
    if (!value) return []
    try {
      return JSON.parse(value) as unknown
    } catch {
      ctx.addIssue({ code: 'custom', message: 'The tour dates are not a JSON list of {date, city, venue}' })
      return z.NEVER
    }
  })
  .pipe(z.array(tourDate, 'The tour dates are not a JSON list of {date, city, venue}').max(200, 'At most 200 tour dates'))

const link = (platform: (typeof PITCH_LINK_PLATFORMS)[number]) =>
  z
    .string()
    .trim()
    .max(500, 'The link is too long')
    .default('')
    .refine((value) => !value || isPitchLink(platform, value), `Not a ${PITCH_LINK_LABELS[platform]} link`)

/** A pitch as the artist sends it: multipart form fields (the photo and sheet are its files). */
export const pitchFields = z.object({
  releaseId: id,
  /** The focus track of that release. */
  trackId: id,
  songName: z.string().trim().min(1, 'Give the song name').max(200, 'The song name is too long'),
  info: text('info', 5_000),
  blurb: text('blurb', 5_000),
  /** A semicolon list: "Radio campaign; TikTok push". */
  marketingDrivers: text('list of marketing drivers', 5_000),
  previousMilestones: text('list of previous milestones', 5_000),
  tourDates,
  ...(Object.fromEntries(PITCH_LINK_PLATFORMS.map((platform) => [platform, link(platform)])) as Record<
    (typeof PITCH_LINK_PLATFORMS)[number],
    ReturnType<typeof link>
  >),
})
export type PitchFields = z.infer<typeof pitchFields>

const pitch = reviewEndpoints(
  PITCH,
  {
    list: 'playlisting/{page}',
    single: 'playlisting/single/{id}',
    changeStatus: 'playlisting/change-status',
    create: 'playlisting/request',
    mine: 'playlisting/mine/{page}',
  },
  pitchFields,
)

export const pitchSettings = z.object({
  leadDays: z
    .number('Give a number of days')
    .int('Give a whole number of days')
    .min(0, 'The lead time cannot be negative')
    .max(PITCH_MAX_LEAD_DAYS, `At most ${PITCH_MAX_LEAD_DAYS} days`),
})
export type PitchSettings = z.infer<typeof pitchSettings>

const required = (noun: string, max = 200) => z.string(`Give the ${noun}`).trim().min(1, `Give the ${noun}`).max(max, `The ${noun} is too long`)
const whole = (noun: string, min: number, max: number) =>
  z.number(`Give the ${noun}`).int(`The ${noun} is a whole number`).min(min, `The ${noun} is at least ${min}`).max(max, `The ${noun} is at most ${max}`)

/** A cover licence as the licensee asks for it (the spec's licensing item, less what the server computes). */
export const licensingFields = z.object({
  albumTitle: required('album title'),
  albumArtist: required('album artist'),
  /** When the copies are first distributed: picks the mechanical rate in force. */
  releaseDate: day,
  description: text('description', 2_000),
  licensee: z.object({
    companyName: text('company name', 200),
    email: z.email('Give the licensee’s email').max(254),
    firstName: required('first name', 100),
    lastName: required('last name', 100),
    phone1: z.string().trim().max(40, 'The phone number is too long').regex(/^[+\d\s().-]*$/, 'Not a phone number').default(''),
  }),
  releases: z
    .array(
      z.object({
        formatId: z.enum(MECHANICAL_FORMATS, 'Choose physical or download'),
        formatTitle: required('format title (CD, vinyl, download…)', 60),
        releaseQuantity: whole('number of copies made', 0, 100_000_000),
        quantityLicensed: whole('number of copies licensed', 1, 100_000_000),
        expectedOutletsOfDistribution: text('outlets of distribution', 1_000),
      }),
      'Give the formats of the release',
    )
    .min(1, 'Give at least one format')
    .max(10, 'At most 10 formats'),
  song: z.object({
    title: required('song title'),
    composedBy: required('composer'),
    originalRecordingArtist: required('original recording artist'),
    publishedBy: text('publisher', 200),
    /** Playing time in seconds: a song over five minutes owes the per-minute rate. */
    playingSeconds: whole('playing time in seconds', 1, 3 * 60 * 60),
  }),
})
export type LicensingFields = z.infer<typeof licensingFields>

const licensing = reviewEndpoints(
  LICENSING,
  {
    list: 'licensing/{page}',
    single: 'licensing/single/{id}',
    changeStatus: 'licensing/change-status',
    create: 'licensing/request',
    mine: 'licensing/mine/{page}',
  },
  licensingFields,
)

const rateAmount = z
  .string()
  .trim()
  .refine((value) => isDecimal(value) && !value.startsWith('-') && !/e/i.test(value), 'Give a rate in dollars like 0.124')
  .refine((value) => (value.split('.')[1] ?? '').length <= 6, 'At most 6 decimal places')

export const mechanicalRate = z.object({
  format: z.enum(MECHANICAL_FORMATS, 'Choose physical or download'),
  from: day,
  to: day.nullable(),
  perCopy: rateAmount,
  perMinute: rateAmount,
  source: z.string().trim().max(500, 'The source is too long').default(''),
})
export const mechanicalRates = z.object({ data: z.array(mechanicalRate).max(200, 'At most 200 periods') })

export const licensedSong = z.object({
  id: z.number(),
  songTitle: z.string(),
  composedBy: z.string(),
  originalRecordingArtist: z.string(),
  publishedBy: z.string(),
  albumTitle: z.string(),
  licensee: z.string(),
  approvedAt: timestamp.nullable(),
})

/** One pending request in the shared review queue: its kind and where its single screen is. */
export const queueItem = z.object({ id: z.number(), kind: z.enum(REVIEW_KIND_NAMES as [string, ...string[]]), path: z.string(), title: z.string() })

/** A release of the signed-in account with its tracks: what the requester's forms pick from. */
export const ownRelease = z.object({
  id: z.number(),
  title: z.string(),
  artist: z.string(),
  upc: z.string().nullable(),
  releaseDate: z.string().nullable(),
  tracks: z.array(z.object({ id: z.number(), title: z.string(), isrc: z.string().nullable() })),
})
export type OwnRelease = z.infer<typeof ownRelease>

export const featureControlEndpoints = {
  'featureRequests.queue': endpoint({
    method: 'GET',
    path: 'feature-requests/queue',
    access: 'admin',
    summary: 'The shared review queue: pending requests of every feature-control kind, oldest first (at most 500)',
    response: z.object({ data: z.array(queueItem) }),
  }),
  'featureRequests.mine': endpoint({
    method: 'GET',
    path: 'feature-requests/mine/{page}',
    access: 'auth',
    summary: "The signed-in account's own requests of every feature-control kind, newest first, with their status and any reason",
    params: z.object({ page }),
    query: z.object({ per_page: perPage }),
    response: pageOf(reviewRow),
  }),
  'featureRequests.ownReleases': endpoint({
    method: 'GET',
    path: 'feature-requests/releases',
    access: 'auth',
    summary: "The signed-in account's own releases (newest first, or those whose title or UPC matches) with their tracks, at most 20: what a request is filed for",
    query: z.object({ search: z.string().trim().max(100, 'The search is too long').optional() }),
    response: z.object({ data: z.array(ownRelease) }),
  }),
  'greenlist.list': greenlist.list,
  'greenlist.single': greenlist.single,
  'greenlist.changeStatus': greenlist.changeStatus,
  'greenlist.create': greenlist.create,
  'greenlist.mine': greenlist.mine,
  // The spec names the staff list `GET blocklist` with its page in the query string.
  'blocklist.list': endpoint({
    ...blocklist.list,
    path: 'blocklist',
    params: undefined,
    query: reviewListQuery(BLOCKLIST).extend({ page }),
  }),
  'blocklist.single': blocklist.single,
  'blocklist.changeStatus': blocklist.changeStatus,
  'blocklist.create': blocklist.create,
  'blocklist.mine': blocklist.mine,
  // The spec gives MCN requests no single screen: its list (searched by #id) is where one is opened.
  'youtubeMcn.list': youtubeMcn.list,
  'youtubeMcn.changeStatus': youtubeMcn.changeStatus,
  'youtubeMcn.create': youtubeMcn.create,
  'youtubeMcn.mine': youtubeMcn.mine,
  // The spec names the staff list `GET soundscan` with its page in the query string.
  'chartRegistration.list': endpoint({
    ...chartRegistration.list,
    path: 'soundscan',
    params: undefined,
    query: reviewListQuery(CHART_REGISTRATION).extend({ page }),
  }),
  'chartRegistration.single': chartRegistration.single,
  'chartRegistration.changeStatus': chartRegistration.changeStatus,
  'chartRegistration.create': chartRegistration.create,
  'chartRegistration.mine': chartRegistration.mine,
  'chartRegistration.export': endpoint({
    method: 'GET',
    path: 'soundscan/export',
    access: 'admin',
    summary: 'The approved chart registrations as the CSV file for the chart data provider (docs/formats/chart-registration.md), one line per track; optionally those approved in a date range',
    query: z.object({ from: day.optional(), to: day.optional() }),
    response: z.unknown(),
    responseType: 'file',
  }),
  'pitch.list': pitch.list,
  'pitch.single': pitch.single,
  'pitch.changeStatus': pitch.changeStatus,
  'pitch.create': endpoint({
    ...pitch.create,
    summary:
      'An artist or label pitches one of their releases not yet live (at least the workspace lead time before its release date) and its focus track, with links, tour dates, a photo (JPG/PNG) and a sheet (PDF/CSV/XLSX); staff review it',
    bodyType: 'multipart',
    files: { photo: { maxBytes: PITCH_PHOTO_MAX_BYTES }, sheet: { maxBytes: PITCH_SHEET_MAX_BYTES } },
  }),
  'pitch.mine': pitch.mine,
  // The spec gives licences no single screen: its list (searched by #id) is where one is opened.
  'licensing.list': licensing.list,
  'licensing.changeStatus': licensing.changeStatus,
  'licensing.create': licensing.create,
  'licensing.mine': licensing.mine,
  'licensing.getSearch': endpoint({
    method: 'GET',
    path: 'licensing/getSearch',
    access: 'admin',
    summary: 'Songs already licensed (approved cover licences) whose title, composer, original artist or album matches the query, newest first',
    query: z.object({ query: z.string().trim().min(1, 'Type what to search for').max(100, 'The search is too long'), per_page: perPage }),
    response: z.object({ data: z.array(licensedSong) }),
  }),
  'licensing.rates': endpoint({
    method: 'GET',
    path: 'licensing/rates',
    access: 'auth',
    summary: 'The mechanical rate table royalties are computed from: per format and period, per copy and per minute, in dollars (the US statutory rates until staff change it)',
    response: mechanicalRates,
  }),
  'licensing.updateRates': endpoint({
    method: 'PUT',
    path: 'licensing/rates',
    access: 'admin',
    summary: 'Replaces the mechanical rate table (periods of a format may not overlap); approving a licence computes its royalty from it again',
    body: mechanicalRates,
    response: mechanicalRates,
  }),
  'pitch.settings': endpoint({
    method: 'GET',
    path: 'playlisting/settings',
    access: 'auth',
    summary: 'How many days before its release date a release may still be pitched (default 7)',
    response: pitchSettings,
  }),
  'pitch.updateSettings': endpoint({
    method: 'PUT',
    path: 'playlisting/settings',
    access: 'admin',
    summary: 'Sets how many days before its release date a release may still be pitched',
    body: pitchSettings,
    response: pitchSettings,
  }),
} as const
