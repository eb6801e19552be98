import { z } from 'zod'
import { endpoint } from './define'
import { id, idParams, nullableTimestamp, page, pageOf, perPage, timestamp } from './common'
import { ANALYTICS_PLATFORM_SLUGS, IMPORTABLE_PLATFORMS, TREND_DIMENSIONS } from '@core/analytics-platforms'
import { ANALYTICS_PRESETS, MAX_DIRECT_DAYS, daysBetween } from '@core/analytics-range'

// Analytics: trend report imports (docs/analytics.md, docs/formats/trends/). The imports go through
// the same import machine as statements (machines/import): upload → dry run → commit or cancel.

/** Largest trend report accepted (a day of one platform's lines). */
export const TREND_MAX_BYTES = 2 * 1024 * 1024 * 1024

export const TREND_IMPORT_STATUSES = ['uploaded', 'parsing', 'review', 'committed', 'cancelled', 'failed'] as const
export type TrendImportStatus = (typeof TREND_IMPORT_STATUSES)[number]

export const TREND_IMPORT_STATUS_LABELS: Record<TrendImportStatus, string> = {
  uploaded: 'Queued',
  parsing: 'Reading',
  review: 'Dry run ready',
  committed: 'Committed',
  cancelled: 'Cancelled',
  failed: 'Failed',
}

export const importablePlatform = z.enum(IMPORTABLE_PLATFORMS, { message: 'This platform has no trend report format' })

const count = z.number().int()

/** The dry run of a trend report: what committing it adds, and what waits for a track. */
export const trendImportReport = z.object({
  rows: count,
  matched: count,
  unmatched: count,
  /** Lines matched by ISRC, as a percentage of the lines read (2 places). */
  matchRate: z.number(),
  streams: count,
  matchedStreams: count,
  artificial: count,
  /** First and last day reported; null for a file with no lines. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  countries: count,
  /** The unmatched ISRCs (or track ids) with the most streams. */
  topUnmatched: z.array(z.object({ key: z.string(), rows: count, streams: count })),
  /** Lines that could not be read: skipped, never stored. */
  errors: z.object({ count, first: z.array(z.object({ line: count, message: z.string() })) }),
})
export type TrendImportReport = z.infer<typeof trendImportReport>

const person = z.object({ id: z.number(), name: z.string() }).nullable()

export const trendImportRow = z.object({
  id: z.number(),
  platform: z.string(),
  status: z.enum(TREND_IMPORT_STATUSES),
  fileName: z.string(),
  rows: count,
  matched: count,
  unmatched: count,
  streams: count,
  error: z.string().nullable(),
  created: timestamp,
  createdBy: person,
})
export type TrendImportRow = z.infer<typeof trendImportRow>

export const trendImportDetail = trendImportRow.extend({
  report: trendImportReport.nullable(),
  committed: nullableTimestamp,
  committedBy: person,
  cancelled: nullableTimestamp,
})
export type TrendImportDetail = z.infer<typeof trendImportDetail>

// ---------------------------------------------------------------------------------------------
// Reads: every screen reads the rollups (trend_daily and its breakdowns, the rollups without the track), never the facts.

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is written YYYY-MM-DD')

/** The period: a preset (default lastThirtyDays, the spec's preview) or `custom` with from and to. */
export const analyticsQuery = z
  .object({
    date: z.enum(ANALYTICS_PRESETS).default('lastThirtyDays'),
    from: day.optional(),
    to: day.optional(),
    /** Only the streams of this account's releases ("Analytics for this account"). */
    account: id.optional(),
  })
  .superRefine((value, issue) => {
    if (value.date !== 'custom') return
    if (!value.from || !value.to) {
      issue.addIssue({ code: 'custom', path: ['from'], message: 'A custom range needs a first and a last day' })
      return
    }
    if (value.from > value.to) issue.addIssue({ code: 'custom', path: ['to'], message: 'The last day is before the first' })
    else if (daysBetween(value.from, value.to) > MAX_DIRECT_DAYS)
      issue.addIssue({ code: 'custom', path: ['to'], message: `At most ${MAX_DIRECT_DAYS} days at once` })
  })
export type AnalyticsQuery = z.input<typeof analyticsQuery>

/** A platform's view, or `all` for every platform together (the overview's charts). */
export const platformOrAll = z.enum(['all', ...ANALYTICS_PLATFORM_SLUGS] as [string, ...string[]], { message: 'Unknown platform' })
export const trendDimension = z.enum(TREND_DIMENSIONS, { message: 'Unknown breakdown' })

const range = z.object({ from: z.string(), to: z.string() })

export const trendSummary = z.object({
  platform: z.string(),
  range,
  totals: z.object({ streams: count, listeners: count, artificial: count, tracks: count }),
  /** One point per day of the range, zeros included. */
  series: z.array(z.object({ day: z.string(), streams: count })),
  /** Streams per platform over the range, most first (the overview's split; one entry on a platform view). */
  platforms: z.array(z.object({ platform: z.string(), label: z.string(), streams: count })),
})
export type TrendSummary = z.infer<typeof trendSummary>

export const topSong = z.object({
  trackId: z.number(),
  title: z.string(),
  isrc: z.string().nullable(),
  releaseId: z.number(),
  releaseTitle: z.string(),
  artist: z.string(),
  streams: count,
})
export const topAccount = z.object({ accountId: z.number(), name: z.string(), tracks: count, streams: count })
export type TopSong = z.infer<typeof topSong>
export type TopAccount = z.infer<typeof topAccount>

export const breakdownAnswer = z.object({
  dimension: z.string(),
  total: count,
  items: z.array(z.object({ label: z.string(), streams: count, share: z.number() })),
})
export type BreakdownAnswer = z.infer<typeof breakdownAnswer>

const platformParams = z.object({ platform: platformOrAll })

/** Streams by day of week (Monday first) or by hour of day (0–23, from reports that carry the hour). */
export const histogramAnswer = z.object({ buckets: z.array(z.object({ label: z.string(), streams: count })) })
export type HistogramAnswer = z.infer<typeof histogramAnswer>
const histogramQuery = analyticsQuery.and(z.object({ platform: platformOrAll.default('all') }))
const TOP_LIMIT = 10

/** A release's streams from the same rollups: per platform, per country and per day. */
export const releaseAnalytics = z.object({
  releaseId: z.number(),
  range,
  total: count,
  platforms: z.array(z.object({ platform: z.string(), label: z.string(), streams: count })),
  countries: z.array(z.object({ label: z.string(), streams: count, share: z.number() })),
  series: z.array(z.object({ day: z.string(), streams: count })),
})
export type ReleaseAnalytics = z.infer<typeof releaseAnalytics>

export const topRelease = z.object({ releaseId: z.number(), title: z.string(), artist: z.string(), clicks: count })
export type TopRelease = z.infer<typeof topRelease>

/** The stores that flag artificial streams in their reports. */
export const ARTIFICIAL_PLATFORMS = ['spotify', 'pandora', 'anghami', 'deezer'] as const

const trackRef = { trackId: z.number(), title: z.string(), isrc: z.string().nullable(), releaseId: z.number(), releaseTitle: z.string() }

export const artificialAnswer = z.object({
  streams: count,
  artificial: count,
  /** Artificial streams as a percentage of all streams (2 places). */
  share: z.number(),
  tracks: z.array(z.object({ ...trackRef, streams: count, artificial: count, share: z.number() })),
})
export type ArtificialAnswer = z.infer<typeof artificialAnswer>

const contribution = z.object({ value: z.string(), observed: count, baseline: z.number(), share: z.number() })
export const spikeAnswer = z.object({
  range,
  /** How many tracks were examined (the ones with most streams in the period). */
  examined: count,
  spikes: z.array(
    z.object({
      ...trackRef,
      day: z.string(),
      observed: count,
      baseline: count,
      score: z.number(),
      /** Whether the track's earnings are held now (the spike's "Hold earnings" action). */
      held: z.boolean(),
      countries: z.array(contribution),
      sources: z.array(contribution),
    }),
  ),
})
export type SpikeAnswer = z.infer<typeof spikeAnswer>

/** What a long query asks: one of the views' figures over any range up to ten years. */
export const SUBMIT_METRICS = ['summary', 'topSongs', 'topUsers', 'breakdown', 'days', 'hours'] as const
export const MAX_SUBMIT_DAYS = 3660
export const DUPLICATE_REQUEST_MESSAGE = 'Duplicate Requests Analytics'
export const submitBody = z
  .object({
    metric: z.enum(SUBMIT_METRICS).default('summary'),
    platform: platformOrAll.default('all'),
    breakdown: trendDimension.optional(),
    from: day,
    to: day,
  })
  .superRefine((value, issue) => {
    if (value.from > value.to) issue.addIssue({ code: 'custom', path: ['to'], message: 'The last day is before the first' })
    else if (daysBetween(value.from, value.to) > MAX_SUBMIT_DAYS)
      issue.addIssue({ code: 'custom', path: ['to'], message: `At most ${MAX_SUBMIT_DAYS} days` })
    if (value.metric === 'breakdown' && !value.breakdown)
      issue.addIssue({ code: 'custom', path: ['breakdown'], message: 'Which breakdown?' })
  })
export type SubmitBody = z.input<typeof submitBody>

export const queryAnswer = z.union([trendSummary, z.array(topSong), z.array(topAccount), breakdownAnswer, histogramAnswer])
export const QUERY_STATUSES = ['queued', 'running', 'done', 'failed'] as const

export const submitAnswer = z.object({ id: z.number(), status: z.enum(QUERY_STATUSES), result: queryAnswer.nullable() })
export const queryRow = z.object({
  id: z.number(),
  status: z.enum(QUERY_STATUSES),
  metric: z.string(),
  platform: z.string(),
  breakdown: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  error: z.string().nullable(),
  created: timestamp,
  finished: nullableTimestamp,
  createdBy: person,
})
export type QueryRow = z.infer<typeof queryRow>

const accepted = z.object({ id: z.number(), status: z.enum(TREND_IMPORT_STATUSES) })

const importAction = (verb: 'commit' | 'cancel', summary: string) =>
  endpoint({
    method: 'POST',
    path: `analytics/imports/{id}/${verb}`,
    access: 'admin',
    summary,
    params: idParams,
    response: trendImportDetail,
  })

export { TOP_LIMIT }

/** A flagged track's held earnings (docs/analytics.md, "Held earnings"): standing until released. */
export const trackHold = z.object({
  id: z.number(),
  ...trackRef,
  reason: z.string(),
  heldAt: timestamp,
  heldBy: z.string().nullable(),
  /** Null while the hold stands. */
  releasedAt: nullableTimestamp,
  releasedBy: z.string().nullable(),
  releaseReason: z.string().nullable(),
  /** What is held now (cents), in all and per account; zero once released. */
  amount: z.string(),
  accounts: z.array(z.object({ id: z.number(), name: z.string(), amount: z.string() })),
})
export type TrackHold = z.infer<typeof trackHold>

const holdReason = z.object({
  reason: z.string().trim().min(1, 'Give a reason').max(500, 'The reason is too long (500 characters at most)'),
})

// ---------------------------------------------------------------------------------------------
// Scheduled imports (docs/analytics.md, "Scheduled imports"): per platform, a watched folder and/or
// an SFTP drop polled by a repeating job; each new file goes through the import above.

export const TREND_SOURCE_KINDS = ['folder', 'sftp'] as const
export type TrendSourceKind = (typeof TREND_SOURCE_KINDS)[number]
export const TREND_SOURCE_FILE_STATUSES = ['fetching', 'imported', 'duplicate', 'failed'] as const
export type TrendSourceFileStatus = (typeof TREND_SOURCE_FILE_STATUSES)[number]
export const TREND_SOURCE_FILE_STATUS_LABELS: Record<TrendSourceFileStatus, string> = {
  fetching: 'Fetching',
  imported: 'Imported',
  duplicate: 'Already imported',
  failed: 'Failed',
}

/** A configured source. Secrets are never answered: only whether one is stored. */
export const trendSource = z.object({
  id: z.number(),
  platform: z.string(),
  kind: z.enum(TREND_SOURCE_KINDS),
  enabled: z.boolean(),
  directory: z.string(),
  pattern: z.string(),
  host: z.string().nullable(),
  port: z.number().nullable(),
  username: z.string().nullable(),
  hasPassword: z.boolean(),
  hasPrivateKey: z.boolean(),
  /** The SFTP server's host key (SHA-256, hex), pinned at the first connection; null until then. */
  hostKey: z.string().nullable(),
  everyMinutes: z.number(),
  autoCommit: z.boolean(),
  lastChecked: nullableTimestamp,
  lastError: z.string().nullable(),
  /** When the repeating job next looks (null: disabled, or a check is running). */
  nextCheck: nullableTimestamp,
})
export type TrendSource = z.infer<typeof trendSource>

/** Every importable platform with its two sources, null where not configured. */
export const trendSourcesAnswer = z.array(
  z.object({ platform: z.string(), label: z.string(), folder: trendSource.nullable(), sftp: trendSource.nullable() }),
)

const hostName = /^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:.]+\]$/
const optionalSecret = (max: number, what: string) =>
  z
    .string()
    .max(max, `The ${what} is too long`)
    .optional()
    .transform((value) => (value ? value : undefined))

/** A source's settings. An empty password or key keeps the stored one; `clearPassword`/`clearPrivateKey` remove it. */
export const trendSourceBody = z
  .object({
    enabled: z.boolean().default(true),
    directory: z.string().trim().max(500, 'The folder is too long').default(''),
    pattern: z
      .string()
      .trim()
      .min(1, 'Which files? e.g. *.csv')
      .max(100, 'The pattern is too long')
      .regex(/^[^/\\]+$/, 'A file name pattern, without folders')
      .default('*.csv'),
    host: z.string().trim().max(253, 'The host is too long').optional(),
    port: z.number().int().min(1, 'A port is 1 to 65535').max(65535, 'A port is 1 to 65535').default(22),
    username: z.string().trim().max(100, 'The user name is too long').optional(),
    password: optionalSecret(500, 'password'),
    privateKey: optionalSecret(20_000, 'key'),
    clearPassword: z.boolean().default(false),
    clearPrivateKey: z.boolean().default(false),
    everyMinutes: z.number().int().min(5, 'At least every 5 minutes').max(10080, 'At most every week (10080 minutes)').default(60),
    autoCommit: z.boolean().default(false),
  })
  .superRefine((value, issue) => {
    if (value.directory.split(/[\\/]/).includes('..'))
      issue.addIssue({ code: 'custom', path: ['directory'], message: 'The folder cannot go up (..)' })
    if (value.privateKey && !/-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/.test(value.privateKey))
      issue.addIssue({ code: 'custom', path: ['privateKey'], message: 'Paste the private key in OpenSSH or PEM form' })
    if (value.host !== undefined && value.host !== '' && !hostName.test(value.host))
      issue.addIssue({ code: 'custom', path: ['host'], message: 'A host name or an IP address' })
  })
export type TrendSourceBody = z.input<typeof trendSourceBody>

export const trendSourceFile = z.object({
  id: z.number(),
  sourceId: z.number(),
  platform: z.string(),
  kind: z.enum(TREND_SOURCE_KINDS),
  name: z.string(),
  size: count,
  modified: timestamp,
  fetched: timestamp,
  status: z.enum(TREND_SOURCE_FILE_STATUSES),
  error: z.string().nullable(),
  /** The import the file went to (for a duplicate, the import that already has its bytes) and where it stands. */
  importId: z.number().nullable(),
  importStatus: z.enum(TREND_IMPORT_STATUSES).nullable(),
})
export type TrendSourceFile = z.infer<typeof trendSourceFile>

const sourceKindParams = z.object({
  platform: importablePlatform,
  kind: z.enum(TREND_SOURCE_KINDS, { message: 'A source is a folder or an SFTP drop' }),
})

export const trendSourceEndpoints = {
  'analytics.sources': endpoint({
    method: 'GET',
    path: 'analytics/sources',
    access: 'admin',
    summary: 'Scheduled trend import sources: each importable platform with its watched folder and SFTP drop, or null when not configured',
    response: trendSourcesAnswer,
  }),
  'analytics.saveSource': endpoint({
    method: 'PUT',
    path: 'analytics/sources/{platform}/{kind}',
    access: 'admin',
    summary:
      "Configure a platform's watched folder or SFTP drop (the password and key are stored encrypted, never answered) and schedule its polling",
    params: sourceKindParams,
    body: trendSourceBody,
    response: trendSource,
  }),
  'analytics.removeSource': endpoint({
    method: 'DELETE',
    path: 'analytics/sources/{id}',
    access: 'admin',
    summary: 'Remove a scheduled source and its polling; the files it imported stay imported',
    params: idParams,
    response: z.object({ id: z.number() }),
  }),
  'analytics.checkSource': endpoint({
    method: 'POST',
    path: 'analytics/sources/{id}/check',
    access: 'admin',
    summary: 'Check a scheduled source now: its polling job runs at once and each new file is imported',
    params: idParams,
    response: trendSource,
    status: 202,
  }),
  'analytics.sourceFiles': endpoint({
    method: 'GET',
    path: 'analytics/sources/files',
    access: 'admin',
    summary: 'The files scheduled sources fetched, newest first, optionally of one source: the import each went to and its status',
    query: z.object({ page, per_page: perPage, source_id: id.optional() }),
    response: pageOf(trendSourceFile),
  }),
} as const

// ---------------------------------------------------------------------------------------------
// The flagged-track review queue (issue 24 item 5): a spike's or an artificial-streams row's track
// sent to review, confirmed (earnings held) or dismissed with a reason.

export const TRACK_REVIEW_FLAGS = ['spike', 'artificial'] as const
export const TRACK_REVIEW_STATUSES = ['open', 'confirmed', 'dismissed'] as const
export type TrackReviewStatus = (typeof TRACK_REVIEW_STATUSES)[number]

const reviewReason = z.object({
  reason: z.string().trim().min(1, 'Give a reason').max(500, 'The reason is too long (500 characters at most)'),
})

export const trackReview = z.object({
  id: z.number(),
  ...trackRef,
  flag: z.enum(TRACK_REVIEW_FLAGS),
  platform: z.string(),
  day: z.string(),
  /** Streams that day, the median of the 28 days before, and what the store flagged as artificial in the period. */
  evidence: z.object({ observed: count, baseline: z.number(), artificial: count, periodStreams: count }),
  note: z.string().nullable(),
  status: z.enum(TRACK_REVIEW_STATUSES),
  reason: z.string().nullable(),
  sentBy: z.string().nullable(),
  sentAt: timestamp,
  decidedBy: z.string().nullable(),
  decidedAt: nullableTimestamp,
  /** Whether the track's earnings are held now. */
  held: z.boolean(),
})
export type TrackReview = z.infer<typeof trackReview>

export const trackReviewEndpoints = {
  'analytics.sendToReview': endpoint({
    method: 'POST',
    path: 'analytics/tracks/{id}/review',
    access: 'admin',
    summary:
      "Send a flagged track (a spike's or an artificial-streams row) to the review queue with the day and platform it was flagged on; 409 when it is in review already",
    params: idParams,
    body: z.object({
      flag: z.enum(TRACK_REVIEW_FLAGS),
      platform: z.enum(ARTIFICIAL_PLATFORMS, { message: 'This store reports no artificial streams' }),
      day: day,
      note: z.string().trim().max(500, 'The note is too long').optional(),
    }),
    response: trackReview,
    status: 201,
  }),
  'analytics.reviews': endpoint({
    method: 'GET',
    path: 'analytics/reviews',
    access: 'admin',
    summary: 'Flagged tracks in review, newest first (status open by default): the flag, its evidence and the decision',
    query: z.object({ page, per_page: perPage, status: z.enum(TRACK_REVIEW_STATUSES).default('open') }),
    response: pageOf(trackReview),
  }),
  'analytics.review': endpoint({
    method: 'GET',
    path: 'analytics/reviews/{id}',
    access: 'admin',
    summary: 'One flagged track in review with its evidence and decision',
    params: idParams,
    response: trackReview,
  }),
  'analytics.confirmReview': endpoint({
    method: 'POST',
    path: 'analytics/reviews/{id}/confirm',
    access: 'admin',
    summary: "Confirm a flagged track: its earnings are held (unless held already) with the reason, and the review is closed",
    params: idParams,
    body: reviewReason,
    response: trackReview,
  }),
  'analytics.dismissReview': endpoint({
    method: 'POST',
    path: 'analytics/reviews/{id}/dismiss',
    access: 'admin',
    summary: 'Dismiss a flagged track with a reason: nothing is held, the review is closed',
    params: idParams,
    body: reviewReason,
    response: trackReview,
  }),
} as const

export const analyticsEndpoints = {
  'analytics.importTrends': endpoint({
    method: 'POST',
    path: 'analytics/import/{platform}',
    access: 'admin',
    summary: "Upload a platform's daily trend report (CSV, docs/formats/trends/): queued for a dry run with its ISRC match rate",
    params: z.object({ platform: importablePlatform }),
    bodyType: 'multipart',
    body: z.object({}),
    files: { file: { maxBytes: TREND_MAX_BYTES, required: true, spool: true } },
    response: accepted,
    status: 202,
  }),
  'analytics.imports': endpoint({
    method: 'GET',
    path: 'analytics/imports',
    access: 'admin',
    summary: 'Trend report imports, newest first, optionally of one platform: status, lines, matches, streams, who ran each',
    query: z.object({ page, per_page: perPage, platform: importablePlatform.optional() }),
    response: pageOf(trendImportRow),
  }),
  'analytics.import': endpoint({
    method: 'GET',
    path: 'analytics/imports/{id}',
    access: 'admin',
    summary: 'One trend report import with its dry run (match rate, streams, days, unmatched ISRCs, unreadable lines)',
    params: idParams,
    response: trendImportDetail,
  }),
  'analytics.importCommit': importAction(
    'commit',
    "Commit a trend report's dry run: its matched lines enter the daily rollups in one transaction",
  ),
  'analytics.importCancel': importAction('cancel', 'Cancel a trend report import before commit: its lines are dropped'),
  'analytics.overview': endpoint({
    method: 'GET',
    path: 'analytics/overview',
    access: 'admin',
    summary: 'Streams on every platform for the period (default lastThirtyDays): totals, the daily series and the split by platform',
    query: analyticsQuery,
    response: trendSummary,
  }),
  'analytics.platform': endpoint({
    method: 'GET',
    path: 'analytics/{platform}',
    access: 'admin',
    summary: "One platform's streams for the period (or `all`): totals and the daily series",
    params: platformParams,
    query: analyticsQuery,
    response: trendSummary,
  }),
  'analytics.topSongs': endpoint({
    method: 'GET',
    path: 'analytics/{platform}/top-songs',
    access: 'admin',
    summary: `The ${TOP_LIMIT} tracks with the most streams on the platform (or \`all\`) in the period`,
    params: platformParams,
    query: analyticsQuery,
    response: z.array(topSong),
  }),
  'analytics.topUsers': endpoint({
    method: 'GET',
    path: 'analytics/{platform}/top-users',
    access: 'admin',
    summary: `The ${TOP_LIMIT} accounts whose releases have the most streams on the platform (or \`all\`) in the period`,
    params: platformParams,
    query: analyticsQuery,
    response: z.array(topAccount),
  }),
  'analytics.breakdown': endpoint({
    method: 'GET',
    path: 'analytics/{platform}/{breakdown}',
    access: 'admin',
    summary:
      'Streams by country or by a breakdown (devices, age, gender, tier, source, channel, subscription, playlist), labelled as spec section 9 says',
    params: z.object({ platform: platformOrAll, breakdown: trendDimension }),
    query: analyticsQuery,
    response: breakdownAnswer,
  }),
  'analytics.histogramDays': endpoint({
    method: 'GET',
    path: 'analytics/histogram/days',
    access: 'admin',
    summary: 'Streams in the period by day of the week, Monday first, on one platform or all',
    query: histogramQuery,
    response: histogramAnswer,
  }),
  'analytics.histogramHourly': endpoint({
    method: 'GET',
    path: 'analytics/histogram/hourly',
    access: 'admin',
    summary: 'Streams in the period by hour of the day (0–23), from the reports that carry the hour',
    query: histogramQuery,
    response: histogramAnswer,
  }),
  'analytics.submit': endpoint({
    method: 'POST',
    path: 'analytics/submit',
    access: 'admin',
    summary:
      'Ask a long-range question as a job (figure, platform, range up to ten years): the answer once done (kept for the same question on the same data), status 777 "Duplicate Requests Analytics" while it runs',
    body: submitBody,
    response: submitAnswer,
  }),
  'analytics.jobs': endpoint({
    method: 'GET',
    path: 'analytics/jobs',
    access: 'admin',
    summary: 'The long-range analytics questions asked as jobs, newest first: what each asked, where it stands, who asked',
    query: z.object({ page, per_page: perPage }),
    response: pageOf(queryRow),
  }),
  'analytics.release': endpoint({
    method: 'GET',
    path: 'analytics/releases/{id}',
    access: 'admin',
    summary: "A release's streams in the period (default lastThirtyDays) per platform, per country and per day, from the rollups",
    params: idParams,
    query: analyticsQuery,
    response: releaseAnalytics,
  }),
  'analytics.topReleases': endpoint({
    method: 'GET',
    path: 'analytics/release-links/top-releases',
    access: 'admin',
    summary: `The ${TOP_LIMIT} releases whose smartlinks were clicked most in the period`,
    query: analyticsQuery,
    response: z.array(topRelease),
  }),
  'analytics.artificialStreams': endpoint({
    method: 'GET',
    path: 'analytics/{platform}/artificial-streams',
    access: 'admin',
    summary:
      'Streams the store flagged as artificial in its reports (spotify, pandora, anghami, deezer): the share, and the tracks with most',
    params: z.object({ platform: z.enum(ARTIFICIAL_PLATFORMS, { message: 'This store reports no artificial streams' }) }),
    query: analyticsQuery,
    response: artificialAnswer,
  }),
  'analytics.spikeDetection': endpoint({
    method: 'GET',
    path: 'analytics/spotify/spike-detection',
    access: 'admin',
    summary:
      "Suspicious spikes in tracks' daily Spotify streams (rolling median and MAD with weekly seasonality, docs/analytics.md) with the evidence: baseline, observed, the countries and sources that carry them",
    query: analyticsQuery,
    response: spikeAnswer,
  }),
  'analytics.holds': endpoint({
    method: 'GET',
    path: 'analytics/holds',
    access: 'admin',
    summary: 'Tracks whose earnings are or were held, standing first: what is held per account, who held and released them and why',
    query: z.object({
      page,
      per_page: perPage,
      track_id: id.optional(),
      account_id: id.optional(),
      standing: z.enum(['true', 'false']).optional(),
    }),
    response: pageOf(trackHold),
  }),
  'analytics.holdTrack': endpoint({
    method: 'POST',
    path: 'analytics/tracks/{id}/hold',
    access: 'admin',
    summary:
      "Hold a flagged track's earnings: its money leaves its payees' balances (and payouts) now and as it arrives, until released; 409 when already held",
    params: idParams,
    body: holdReason,
    response: trackHold,
  }),
  'analytics.releaseHold': endpoint({
    method: 'POST',
    path: 'analytics/tracks/{id}/release-hold',
    access: 'admin',
    summary: "Release a track's held earnings back to its payees' balances; 404 when none are held",
    params: idParams,
    body: holdReason,
    response: trackHold,
  }),
  ...trendSourceEndpoints,
  ...trackReviewEndpoints,
} as const
