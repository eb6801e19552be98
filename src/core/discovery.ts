// Spotify Discovery Mode (docs/discovery.md): the statuses of a submission and of a removal request,
// the moves between them and the reasons a move is refused. Pure: the server enforces these in
// spotify-discovery/change-status, change-removal-status, toggle and request-removal; the screens and
// the palette offer only what they allow.

export const DISCOVERY_STATUSES = ['pending', 'approved', 'rejected', 'removed'] as const
export type DiscoveryStatus = (typeof DISCOVERY_STATUSES)[number]

export const DISCOVERY_STATUS_INFO: Readonly<Record<DiscoveryStatus, { label: string; meaning: string }>> = {
  pending: { label: 'Pending', meaning: 'Submitted; waiting for staff to accept it for its campaign month.' },
  approved: { label: 'Approved', meaning: 'In Discovery Mode for its campaign month: its statement lines are tagged while the toggle is on.' },
  rejected: { label: 'Rejected', meaning: 'Refused with a reason; can be reconsidered.' },
  removed: { label: 'Removed', meaning: 'Taken out of Discovery Mode by an approved removal request; final.' },
}

/**
 * Staff accept or refuse a pending submission; a refused one can be reconsidered. An approved one
 * leaves the programme only through a removal request (its own review), never by a status change,
 * so the artist always has the request and its answer on record.
 */
export const DISCOVERY_TRANSITIONS: Readonly<Record<DiscoveryStatus, readonly DiscoveryStatus[]>> = {
  pending: ['approved', 'rejected'],
  approved: [],
  rejected: ['pending'],
  removed: [],
}

/** Moving into these needs a reason: it is mailed to the artist. */
export const DISCOVERY_REASON_REQUIRED: readonly DiscoveryStatus[] = ['rejected']

export const REMOVAL_STATUSES = ['requested', 'approved', 'rejected'] as const
export type RemovalStatus = (typeof REMOVAL_STATUSES)[number]

export const REMOVAL_STATUS_INFO: Readonly<Record<RemovalStatus, { label: string; meaning: string }>> = {
  requested: { label: 'Requested', meaning: 'The artist asked to leave Discovery Mode; waiting for staff.' },
  approved: { label: 'Removed', meaning: 'Accepted: the submission is removed and its later lines are not tagged.' },
  rejected: { label: 'Refused', meaning: 'Refused with a reason: the submission stays in Discovery Mode.' },
}

export const REMOVAL_TRANSITIONS: Readonly<Record<RemovalStatus, readonly RemovalStatus[]>> = {
  requested: ['approved', 'rejected'],
  approved: [],
  rejected: ['requested'],
}
export const REMOVAL_REASON_REQUIRED: readonly RemovalStatus[] = ['rejected']

export function discoveryStatusLabel(status: string): string {
  return (DISCOVERY_STATUS_INFO as Record<string, { label: string }>)[status]?.label ?? status
}
export function removalStatusLabel(status: string): string {
  return (REMOVAL_STATUS_INFO as Record<string, { label: string }>)[status]?.label ?? status
}

function refusal(
  noun: string,
  statuses: readonly string[],
  transitions: Readonly<Record<string, readonly string[]>>,
  reasonRequired: readonly string[],
  label: (status: string) => string,
  from: string,
  to: string,
  reason?: string | null,
): string | null {
  if (!statuses.includes(to)) return `Unknown ${noun} status "${to}".`
  const allowed = transitions[from]
  if (!allowed) return `Unknown ${noun} status "${from}".`
  const fromLabel = label(from).toLowerCase()
  if (from === to) return `The ${noun} is already ${fromLabel}.`
  if (allowed.length === 0) return `A ${fromLabel} ${noun} cannot change any more.`
  if (!allowed.includes(to)) return `A ${fromLabel} ${noun} cannot become ${label(to).toLowerCase()}.`
  if (reasonRequired.includes(to) && !reason?.trim()) return 'Give a reason: the artist is told why.'
  return null
}

/** Whether a submission may move from `from` to `to` (with this reason): the refusal to show, or null. */
export function discoveryTransitionRefusal(from: string, to: string, reason?: string | null): string | null {
  return refusal('submission', DISCOVERY_STATUSES, DISCOVERY_TRANSITIONS, DISCOVERY_REASON_REQUIRED, discoveryStatusLabel, from, to, reason)
}

/** Whether a removal request may move from `from` to `to`: the refusal to show, or null. */
export function removalTransitionRefusal(from: string, to: string, reason?: string | null): string | null {
  return refusal('removal request', REMOVAL_STATUSES, REMOVAL_TRANSITIONS, REMOVAL_REASON_REQUIRED, removalStatusLabel, from, to, reason)
}

/** A removal can be asked for an approved submission with no removal waiting. */
export function removalRequestRefusal(status: string, removalStatus: string | null): string | null {
  if (status !== 'approved') return `Only an approved submission can leave Discovery Mode; this one is ${discoveryStatusLabel(status).toLowerCase()}.`
  if (removalStatus === 'requested') return 'A removal is already requested for this submission.'
  return null
}

/**
 * The toggle pauses (off) or resumes (on) an approved submission within its month: lines of a month
 * while it is off are not tagged. Other statuses have nothing to pause.
 */
export function toggleRefusal(status: string, enabled: boolean, wanted: boolean): string | null {
  if (status !== 'approved') return `Only an approved submission can be turned ${wanted ? 'on' : 'off'}; this one is ${discoveryStatusLabel(status).toLowerCase()}.`
  if (enabled === wanted) return `Discovery Mode is already ${wanted ? 'on' : 'off'} for this submission.`
  return null
}

/** "2026-03": a campaign month as the calls and screens give it. */
export const CAMPAIGN_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

// ---------------------------------------------------------------------------------------------
// Usage discovery: recordings registered with an audio-recognition provider, and the uses of them
// (matches) it finds on user-generated platforms.

/** An asset (a track registered with the provider): queued → registered | failed; cancelled (removed) overrides every other status. */
export const ASSET_STATUSES = ['queued', 'registered', 'failed', 'cancelled'] as const
export type AssetStatus = (typeof ASSET_STATUSES)[number]
export const ASSET_STATUS_LABELS: Readonly<Record<AssetStatus, string>> = {
  queued: 'Queued',
  registered: 'In discovery',
  failed: 'Failed',
  cancelled: 'Cancelled',
}

/** The status shown for an asset: a cancelled one is cancelled whatever the provider last said. */
export function assetStatusShown(status: AssetStatus, cancelledAt: unknown): AssetStatus {
  return cancelledAt ? 'cancelled' : status
}

export const MATCH_PLATFORMS = ['twitch', 'apple', 'spotify', 'raw'] as const
export type MatchPlatform = (typeof MATCH_PLATFORMS)[number]
export const MATCH_PLATFORM_LABELS: Readonly<Record<MatchPlatform, string>> = { twitch: 'Twitch', apple: 'Apple', spotify: 'Spotify', raw: 'Other' }

export const MATCH_STATUSES = ['new', 'claimed', 'monetised', 'taken_down', 'ignored'] as const
export type MatchStatus = (typeof MATCH_STATUSES)[number]
export const MATCH_STATUS_LABELS: Readonly<Record<MatchStatus, string>> = {
  new: 'New',
  claimed: 'Claimed',
  monetised: 'Monetised',
  taken_down: 'Taken down',
  ignored: 'Ignored',
}

export const MATCH_ACTIONS = ['claim', 'monetise', 'takedown', 'ignore'] as const
export type MatchAction = (typeof MATCH_ACTIONS)[number]
export const MATCH_ACTION_RESULT: Readonly<Record<MatchAction, MatchStatus>> = {
  claim: 'claimed',
  monetise: 'monetised',
  takedown: 'taken_down',
  ignore: 'ignored',
}

/**
 * A new or ignored match can take any action; a claimed one can still be monetised or taken down;
 * monetised and taken-down matches are settled with the platform and change no more.
 */
const MATCH_FROM: Readonly<Record<MatchStatus, readonly MatchStatus[]>> = {
  new: ['claimed', 'monetised', 'taken_down', 'ignored'],
  ignored: ['claimed', 'monetised', 'taken_down'],
  claimed: ['monetised', 'taken_down'],
  monetised: [],
  taken_down: [],
}

export function matchActionRefusal(status: MatchStatus, action: MatchAction): string | null {
  const to = MATCH_ACTION_RESULT[action]
  if (status === to) return `The match is already ${MATCH_STATUS_LABELS[to].toLowerCase()}.`
  if (!MATCH_FROM[status].includes(to)) return `A ${MATCH_STATUS_LABELS[status].toLowerCase()} match cannot be ${MATCH_STATUS_LABELS[to].toLowerCase()}.`
  return null
}

/** The takedown guard's refusals (the server checks them in this order and says the first). */
export const GUARD_REASONS = {
  greenlisted: (channel: string) => `The channel ${channel} is on the greenlist for this recording: its uses are never actioned.`,
  notOwned: 'The account does not own this recording any more: only its owner’s matches can be actioned.',
  splitInactive: (status: string) => `The track’s royalty split is ${status}, not active: action its matches once every payee has confirmed.`,
} as const

/** The greenlist platform a channel's address belongs to, or null (greenlist entries are per platform). */
export function channelPlatformOf(url: string | null): 'youtube' | 'soundcloud' | 'facebook' | 'tiktok' | 'instagram' | null {
  if (!url) return null
  if (/^UC[A-Za-z0-9_-]{22}$/.test(url.trim())) return 'youtube'
  const host = /^https?:\/\/([^/]+)/i.exec(url.trim())?.[1]?.toLowerCase().replace(/^(?:www|m|web|mobile)\./, '')
  if (!host) return null
  if (host === 'youtube.com' || host === 'youtu.be') return 'youtube'
  if (host === 'soundcloud.com') return 'soundcloud'
  if (host === 'facebook.com' || host === 'fb.com') return 'facebook'
  if (host === 'tiktok.com') return 'tiktok'
  if (host === 'instagram.com') return 'instagram'
  return null
}

/** "12.34": a copy percentage with two decimals. */
export function copyPercent(value: string | number): string {
  const n = typeof value === 'number' ? value : Number(value)
  return Number.isFinite(n) ? n.toFixed(2) : '0.00'
}
