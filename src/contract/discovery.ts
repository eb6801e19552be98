import { z } from 'zod'
import { CAMPAIGN_MONTH, DISCOVERY_STATUSES, REMOVAL_STATUSES } from '@core/discovery'
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
