import { z } from 'zod'
import { endpoint } from './define'
import { id, idParams, nullableTimestamp, timestamp } from './common'

// ---------------------------------------------------------------------------------------------
// Audio-recognition scans (spec: "Track detail shows scan results (two audio-recognition scans per track)")

export const SCAN_KIND_VALUES = ['fingerprint', 'cover'] as const
export type ScanKindValue = (typeof SCAN_KIND_VALUES)[number]

export const scanMatch = z.object({
  title: z.string(),
  artists: z.array(z.string()),
  isrc: z.string().nullable(),
  label: z.string().nullable(),
  /** The provider's confidence, 0-100. */
  score: z.number().nullable(),
  /** Where in the track the match starts, in seconds. */
  offset: z.number().nullable(),
})
export type ScanMatch = z.infer<typeof scanMatch>

export const trackScan = z.object({
  id: z.number(),
  provider: z.string(),
  kind: z.enum(SCAN_KIND_VALUES),
  kindLabel: z.string(),
  /** 0 processing, 1 completed, 2 failed. */
  status: z.number(),
  statusLabel: z.string(),
  requestedAt: timestamp,
  completedAt: nullableTimestamp,
  requestedBy: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** Why it failed, in the provider's words when it gave them. */
  error: z.string().nullable(),
  matches: z.array(scanMatch),
})
export type TrackScan = z.infer<typeof trackScan>

/** A track's scans and what the track tab needs to know before anyone clicks. */
export const scanHistory = z.object({
  trackId: z.number(),
  /** 0 processing, 1 completed, other failed; null never requested (spec: Track scan status). */
  scanStatus: z.number().nullable(),
  /** False when this installation has no audio-recognition provider: nothing can be requested. */
  configured: z.boolean(),
  provider: z.string(),
  hasAudio: z.boolean(),
  /** The owner account's "Audio scans" flag (is_audio_scan_enable). */
  accountScansEnabled: z.boolean(),
  /** Why a scan cannot be requested now, if it cannot. */
  blockedReason: z.string().nullable(),
  /** Newest first. */
  scans: z.array(trackScan),
})
export type ScanHistory = z.infer<typeof scanHistory>
export type ScanHistoryResult = z.input<typeof scanHistory>

// ---------------------------------------------------------------------------------------------
// AudioSalad, assignees, health, Spotify discovery

export const audioSaladStore = z.object({
  store: z.string(),
  targetId: z.string().nullable(),
  status: z.string(),
  date: z.string().nullable(),
  message: z.string().nullable(),
})

export const assignee = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  actions: z.number(),
  lastActionAt: timestamp,
})

export const HEALTH_KEYS = [
  'releasesWithoutCover',
  'liveReleasesWithoutUpc',
  'tracksWithoutIsrc',
  'tracksWithoutAudio',
  'duplicateUpcs',
  'duplicateIsrcs',
  'reviewOverdue',
  'failedScans',
] as const
export type HealthKey = (typeof HEALTH_KEYS)[number]

export const healthItem = z.object({
  key: z.enum(HEALTH_KEYS),
  label: z.string(),
  /** What is counted: releases, tracks, or UPC/ISRC values shared by more than one release or track. */
  unit: z.enum(['releases', 'tracks', 'values']),
  /** Null while it is being counted for the first time (duplicates are counted in the background). */
  count: z.number().nullable(),
  /** True when counting stopped at the cap: "count or more". */
  capped: z.boolean(),
  /** When a background count was made; null when counted for this answer. */
  asOf: nullableTimestamp,
  /** The release list filtered to these, when the list can express the filter. */
  link: z.string().nullable(),
  /** A few of them, newest first, each with where it opens. */
  samples: z.array(z.object({ label: z.string(), path: z.string() })),
})
export type HealthItem = z.infer<typeof healthItem>
export type HealthItemResult = z.input<typeof healthItem>

const ids = z.array(id).min(1, 'Choose at least one release').max(1000, 'At most 1000 releases at a time')

export const discoveryEntry = z.object({ id: z.number(), releaseId: z.number(), trackId: z.number().nullable(), title: z.string() })

export const releaseOpsEndpoints = {
  'releases.trackStat': endpoint({
    method: 'POST',
    path: 'releases/track-stat',
    access: 'admin',
    summary:
      'Request the two audio-recognition scans (catalogue fingerprint, covers and remixes) of a track, or of every track of a release; 503 not_configured without a provider',
    body: z
      .object({ trackId: id.optional(), releaseId: id.optional() })
      .refine((body) => (body.trackId === undefined) !== (body.releaseId === undefined), 'Give either a track or a release'),
    response: z.object({
      requested: z.array(z.object({ trackId: z.number(), title: z.string(), scanStatus: z.number().nullable() })),
      /** Tracks of the release that were not sent, each with the reason. */
      skipped: z.array(z.object({ trackId: z.number(), title: z.string(), reason: z.string() })),
    }),
  }),
  'releases.refreshTrackStat': endpoint({
    method: 'POST',
    path: 'releases/refresh-track-stat',
    access: 'admin',
    summary: "Ask the provider for the results of a track's scans still processing; answers the track's scans",
    body: z.object({ trackId: id }),
    response: scanHistory,
  }),
  'releases.scansHistory': endpoint({
    method: 'GET',
    path: 'releases/scans/history/{id}',
    access: 'admin',
    summary: 'The audio-recognition scans of a track, newest first, with their matches, and whether a scan can be requested',
    params: idParams,
    response: scanHistory,
  }),
  'releases.audioSaladDeliveryStatus': endpoint({
    method: 'GET',
    path: 'releases/audioSaladDeliveryStatus/{id}',
    access: 'admin',
    summary: "A release's delivery status per store at AudioSalad (found by UPC); 503 not_configured without AudioSalad",
    params: idParams,
    response: z.object({
      releaseId: z.number(),
      upc: z.string(),
      /** False when AudioSalad has no release with this UPC. */
      found: z.boolean(),
      providerReleaseId: z.string().nullable(),
      stores: z.array(audioSaladStore),
      checkedAt: timestamp,
    }),
  }),
  'releases.assignees': endpoint({
    method: 'GET',
    path: 'releases/assignees/{id}',
    access: 'admin',
    summary: 'Staff who worked on a release (from the audit log): each with their number of actions and the last one, newest first',
    params: idParams,
    response: z.object({ data: z.array(assignee) }),
  }),
  'releases.health': endpoint({
    method: 'GET',
    path: 'releases/health',
    access: 'admin',
    summary:
      'Catalogue health of the workspace: releases without cover art, live without UPC, tracks without ISRC or audio, duplicate UPCs and ISRCs, reviews waiting over 7 days, failed scans',
    response: z.object({
      items: z.array(healthItem),
      generatedAt: timestamp,
      /** True while a newer count of duplicates is on its way: asking again shortly shows it. */
      counting: z.boolean(),
    }),
  }),
  'releases.addToSpotifyDiscovery': endpoint({
    method: 'POST',
    path: 'releases/add-to-spotify-discovery',
    access: 'admin',
    summary:
      'Submit live releases (or chosen tracks of them) to Spotify Discovery Mode; refused ones come back with the reason, ones already submitted are reported, all refused answers 409',
    body: z.object({
      releaseIds: ids,
      trackIds: z.array(id).max(1000, 'At most 1000 tracks at a time').optional(),
      /** The campaign month ("2026-03"); the current month when left out. */
      month: z
        .string()
        .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month like 2026-03')
        .optional(),
    }),
    response: z.object({
      submitted: z.array(discoveryEntry),
      alreadySubmitted: z.array(discoveryEntry),
      refused: z.array(z.object({ releaseId: z.number().nullable(), trackId: z.number().nullable(), reason: z.string() })),
    }),
  }),
} as const
