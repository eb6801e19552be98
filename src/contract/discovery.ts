import { z } from 'zod'
import {
  ASSET_STATUSES,
  CAMPAIGN_MONTH,
  DISCOVERY_STATUSES,
  MATCH_ACTIONS,
  MATCH_PLATFORMS,
  MATCH_STATUSES,
  REMOVAL_STATUSES,
} from '@core/discovery'
import { endpoint } from './define'
import { id, idParams, nullableTimestamp, page, pageOf, perPage, timestamp } from './common'

// Spotify Discovery Mode (docs/discovery.md): submissions per track (or whole release) and campaign
// month, their removal requests, the toggle. Statuses and moves: src/core/discovery.ts.

export const campaignMonth = z.string().regex(CAMPAIGN_MONTH, 'Use a month like 2026-03')
const reason = z.string().trim().max(2_000, 'The reason is too long')
const submissionIds = z.array(id).min(1, 'Choose a submission').max(500, 'At most 500 submissions at once')
const search = z.string().trim().max(100, 'The search is too long').optional()

export const discoveryRow = z.object({
  id: z.number(),
  status: z.enum(DISCOVERY_STATUSES),
  /** The toggle: Discovery Mode on (an approved submission's lines are tagged) or paused. */
  enabled: z.boolean(),
  /** "2026-03" */
  month: z.string(),
  release: z.object({ id: z.number(), title: z.string() }),
  track: z.object({ id: z.number(), title: z.string(), isrc: z.string().nullable() }).nullable(),
  user: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  reason: z.string().nullable(),
  removal: z
    .object({
      status: z.enum(REMOVAL_STATUSES),
      note: z.string().nullable(),
      reason: z.string().nullable(),
      requestedAt: nullableTimestamp,
      reviewedAt: nullableTimestamp,
    })
    .nullable(),
  created: timestamp,
  updated: timestamp,
})
export type DiscoveryRow = z.infer<typeof discoveryRow>
export type DiscoveryRowResult = z.input<typeof discoveryRow>

export const discoverySingle = discoveryRow.extend({
  release: z.object({
    id: z.number(),
    title: z.string(),
    artwork: z.string().nullable(),
    upc: z.string().nullable(),
    date: z.string().nullable(),
    format: z.string().nullable(),
    genre: z.string().nullable(),
    label: z.string().nullable(),
    participants: z.array(z.object({ name: z.string(), role: z.string() })),
  }),
  /** The queue of pending submissions, oldest first (ids), for j/k. */
  queue: z.array(z.number()),
})
export type DiscoverySingle = z.infer<typeof discoverySingle>

const message = z.object({ message: z.string(), changed: z.number() })

export const discoveryEndpoints = {
  'spotifyDiscovery.list': endpoint({
    method: 'GET',
    path: 'spotify-discovery/{page}',
    access: 'admin',
    summary:
      'Discovery Mode submissions, last updated first, by page: search by release or track title or #id; filter by status, campaign month and toggle',
    params: z.object({ page }),
    query: z.object({
      per_page: perPage,
      search,
      status: z.enum(DISCOVERY_STATUSES).optional(),
      month: campaignMonth.optional(),
      enabled: z.enum(['true', 'false']).optional(),
    }),
    response: pageOf(discoveryRow),
  }),
  'spotifyDiscovery.removals': endpoint({
    method: 'GET',
    path: 'spotify-discovery/removals/{page}',
    access: 'admin',
    summary: 'Discovery Mode removal requests, newest request first: search by release or track title or #id; filter by removal status',
    params: z.object({ page }),
    query: z.object({ per_page: perPage, search, status: z.enum(REMOVAL_STATUSES).optional() }),
    response: pageOf(discoveryRow),
  }),
  'spotifyDiscovery.single': endpoint({
    method: 'GET',
    path: 'spotify-discovery/single/{id}',
    access: 'admin',
    summary: 'One Discovery Mode submission with its release (artwork, title, UPC, date, format, genre, label, participants), track and removal request',
    params: idParams,
    response: discoverySingle,
  }),
  'spotifyDiscovery.changeStatus': endpoint({
    method: 'POST',
    path: 'spotify-discovery/change-status',
    access: 'admin',
    summary:
      'Moves submissions to a status along the allowed transitions (src/core/discovery.ts), all or nothing; a rejection needs a reason; the artist is mailed, each change audited',
    body: z.object({ ids: submissionIds, status: z.enum(DISCOVERY_STATUSES), reason: reason.optional() }),
    response: message,
  }),
  'spotifyDiscovery.changeRemovalStatus': endpoint({
    method: 'POST',
    path: 'spotify-discovery/change-removal-status',
    access: 'admin',
    summary:
      'Decides removal requests (approved: the submission is removed and turned off; rejected needs a reason and leaves it in Discovery Mode), all or nothing; mailed and audited',
    body: z.object({ ids: submissionIds, status: z.enum(REMOVAL_STATUSES), reason: reason.optional() }),
    response: message,
  }),
  'spotifyDiscovery.toggle': endpoint({
    method: 'POST',
    path: 'spotify-discovery/toggle',
    access: 'admin',
    summary: 'Turns Discovery Mode on or off for approved submissions (off: their lines of that month are not tagged), all or nothing; mailed and audited',
    body: z.object({ ids: submissionIds, enabled: z.boolean() }),
    response: message,
  }),
  'spotifyDiscovery.requestRemoval': endpoint({
    method: 'POST',
    path: 'spotify-discovery/request-removal',
    access: 'admin',
    summary: "Files a removal request for approved submissions on the artist's behalf (with their note); it then waits in the removals list",
    body: z.object({ ids: submissionIds, note: reason.min(1, 'Say why the artist wants to leave') }),
    response: message,
  }),
} as const

// ---------------------------------------------------------------------------------------------
// Usage discovery (docs/discovery.md): tracks registered with the audio-recognition provider and
// the matches it finds. Every list answers the provider's state, so screens say "not configured".

const provider = z.object({ name: z.string(), configured: z.boolean() })
const user = z.object({ id: z.number(), name: z.string(), email: z.string() })
const listOf = <T extends z.ZodType>(item: T) => pageOf(item).extend({ provider })
const listQuery = z.object({ per_page: perPage, search })

export const pexTrackRow = z.object({
  id: z.number(),
  title: z.string(),
  release: z.object({ id: z.number(), title: z.string() }),
  user,
  /** not_submitted, or the asset's status (cancelled overrides). */
  status: z.enum(['not_submitted', ...ASSET_STATUSES]),
  statusLabel: z.string(),
  artwork: z.object({ small: z.string().nullable(), medium: z.string().nullable(), large: z.string().nullable() }),
})
export const pexReleaseRow = z.object({
  id: z.number(),
  title: z.string(),
  upc: z.string().nullable(),
  artwork: z.string().nullable(),
  user,
  tracks: z.number(),
  inDiscovery: z.number(),
  cancelled: z.number(),
  status: z.string(),
  submitted: timestamp,
})
export const uploadedTrackRow = z.object({
  id: z.number(),
  /** The provider's asset id, once registered. */
  assetId: z.string().nullable(),
  title: z.string(),
  isrc: z.string().nullable(),
  trackId: z.number(),
  release: z.object({ id: z.number(), title: z.string(), artwork: z.string().nullable() }),
  status: z.enum(ASSET_STATUSES),
  statusLabel: z.string(),
  error: z.string().nullable(),
  date: timestamp,
  adminId: z.number().nullable(),
  user,
  matches: z.number(),
})
export type UploadedTrackRow = z.infer<typeof uploadedTrackRow>
export const matchRow = z.object({
  id: z.number(),
  /** The provider's match id. */
  matchId: z.string(),
  title: z.string(),
  platform: z.enum(MATCH_PLATFORMS),
  mediaUrl: z.string().nullable(),
  userUrl: z.string().nullable(),
  userName: z.string().nullable(),
  copyTitle: z.string().nullable(),
  uploadDate: nullableTimestamp,
  status: z.enum(MATCH_STATUSES),
  statusLabel: z.string(),
  found: timestamp,
})
export type MatchRow = z.infer<typeof matchRow>
const span = z.tuple([z.number(), z.number()])
export const matchDetail = matchRow.extend({
  track: z.object({ id: z.number(), title: z.string() }),
  user,
  views: z.number(),
  shares: z.number(),
  /** Seconds. */
  duration: z.number(),
  matchLength: z.number(),
  /** "12.34" */
  copyPercentage: z.string(),
  segments: z.array(z.object({ original: span, copy: span })),
  release: z.object({
    id: z.number(),
    title: z.string(),
    artwork: z.string().nullable(),
    upc: z.string().nullable(),
    catalogNumber: z.string().nullable(),
    releaseDate: z.string().nullable(),
  }),
  /** New matches, newest first (ids), for j/k. */
  queue: z.array(z.number()),
})
export type MatchDetail = z.infer<typeof matchDetail>

const submitted = z.object({
  message: z.string(),
  submitted: z.number(),
  alreadyInDiscovery: z.array(z.number()),
  refused: z.array(z.object({ trackId: z.number(), reason: z.string() })),
})
const manyIds = (noun: string) => z.array(id).min(1, `Choose a ${noun}`).max(500, `At most 500 at once`)

export const usageDiscoveryEndpoints = {
  'pex.tracks': endpoint({
    method: 'GET',
    path: 'pex/tracks/{page}',
    access: 'admin',
    summary: 'Tracks of live releases with their usage-discovery status (not submitted, queued, in discovery, failed, cancelled), newest first',
    params: z.object({ page }),
    query: listQuery,
    response: listOf(pexTrackRow),
  }),
  'pex.releases': endpoint({
    method: 'GET',
    path: 'pex/releases/{page}',
    access: 'admin',
    summary: 'Releases submitted for usage discovery: tracks in discovery and cancelled, last submitted first',
    params: z.object({ page }),
    query: listQuery,
    response: listOf(pexReleaseRow),
  }),
  'pex.uploadedTracks': endpoint({
    method: 'GET',
    path: 'pex/uploaded-tracks/{page}',
    access: 'admin',
    summary: 'Tracks in discovery: asset id, title, release title, status (cancelled overrides), date, admin id, user; filter by status',
    params: z.object({ page }),
    query: listQuery.extend({ status: z.enum(ASSET_STATUSES).optional() }),
    response: listOf(uploadedTrackRow),
  }),
  'pex.matches': endpoint({
    method: 'GET',
    path: 'pex/{page}',
    access: 'admin',
    summary: 'Match results, newest first: search by match id, #id or track title; filter by status and platform',
    params: z.object({ page }),
    query: listQuery.extend({ status: z.enum(MATCH_STATUSES).optional(), platform: z.enum(MATCH_PLATFORMS).optional() }),
    response: listOf(matchRow),
  }),
  'pex.match': endpoint({
    method: 'GET',
    path: 'pex/match/{id}',
    access: 'admin',
    summary: 'One match: views, shares, duration, copy percentage (2 decimals), match length, segments in the original and the copy, urls, release card',
    params: idParams,
    response: matchDetail,
  }),
  'pex.submitReleases': endpoint({
    method: 'POST',
    path: 'pex/submit/releases',
    access: 'admin',
    summary: 'Registers every track of live releases with the provider (a job sends the audio); tracks already in discovery are reported; 503 when not configured',
    body: z.object({ releaseIds: manyIds('release') }),
    response: submitted,
  }),
  'pex.submitTracks': endpoint({
    method: 'POST',
    path: 'pex/submit/tracks',
    access: 'admin',
    summary: 'Registers tracks of live releases with the provider (a job sends the audio); tracks already in discovery are reported; 503 when not configured',
    body: z.object({ trackIds: manyIds('track') }),
    response: submitted,
  }),
  'pex.remove': endpoint({
    method: 'POST',
    path: 'pex/remove',
    access: 'admin',
    summary: 'Takes tracks out of discovery: cancelled (overrides every status), the provider told by a job; their matches stay',
    body: z.object({ ids: manyIds('track in discovery') }),
    response: z.object({ message: z.string(), removed: z.number() }),
  }),
  'pex.matchAction': endpoint({
    method: 'POST',
    path: 'pex/match/action',
    access: 'admin',
    summary:
      'Claim, monetise, take down or ignore matches, all or nothing; refused (409, with the reason) for greenlisted channels, recordings the account does not own, or a track whose split is not active',
    body: z.object({ ids: manyIds('match'), action: z.enum(MATCH_ACTIONS) }),
    response: z.object({ message: z.string(), changed: z.number() }),
  }),
  'pex.refresh': endpoint({
    method: 'POST',
    path: 'pex/refresh',
    access: 'admin',
    summary: "Reads the provider's new matches now (the refresh job also runs on its own); 503 when not configured",
    response: z.object({ message: z.string() }),
  }),
} as const

// ---------------------------------------------------------------------------------------------
// Analytics of usage discovery: read from usage_daily, the rollup the refresh job keeps.

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31')
const range = z.object({ from: day.optional(), to: day.optional() })
const trackTotal = z.object({ trackId: z.number(), title: z.string(), releaseTitle: z.string(), matches: z.number(), views: z.number() })

export const usageAnalyticsEndpoints = {
  'usageAnalytics.overview': endpoint({
    method: 'GET',
    path: 'analytics/usage-discovery',
    access: 'admin',
    summary: 'New usage matches and their views per day (the last 30 days unless from/to, at most 366 days), every day present, with totals',
    query: range,
    response: z.object({
      from: z.string(),
      to: z.string(),
      days: z.array(z.object({ day: z.string(), matches: z.number(), views: z.number() })),
      totals: z.object({ matches: z.number(), views: z.number() }),
    }),
  }),
  'usageAnalytics.topSongs': endpoint({
    method: 'GET',
    path: 'analytics/usage-discovery/top-songs',
    access: 'admin',
    summary: 'The 10 tracks with the most new usage matches in the range (the last 30 days unless from/to)',
    query: range,
    response: z.object({ data: z.array(trackTotal) }),
  }),
  'usageAnalytics.trackMatches': endpoint({
    method: 'GET',
    path: 'analytics/usage-discovery/track-matches',
    access: 'admin',
    summary: 'New usage matches and views per track in the range, most matched first, by page',
    query: range.extend({ page, per_page: perPage }),
    response: pageOf(trackTotal),
  }),
} as const
