import { formatIsrc } from './identifiers'

// Feature-control requests (docs/feature-controls.md): the one review pattern every kind shares.
// Pure: the server enforces these in each kind's change-status call; screens and the palette offer
// only what they allow. A kind declares its statuses, the transitions between them and which of
// them need a reason; adding a kind is one more entry in REVIEW_KINDS.

export interface ReviewKindDef<S extends string = string> {
  kind: string
  /** "Greenlist entry": one request, in sentences. */
  label: string
  /** The list screen's path prefix (/greenlisting/{page}) and the single's (/whitelisting/{id}); none when the spec gives the kind no single screen. */
  listPath: string
  singlePath: string | null
  statuses: readonly S[]
  /** The status a new request starts in. */
  initial: S
  /** Statuses waiting on staff: the review queue walks them, oldest first. */
  pending: readonly S[]
  statusInfo: Readonly<Record<S, { label: string; meaning: string }>>
  transitions: Readonly<Record<S, readonly S[]>>
  /** Moving into these (a refusal, a revocation) needs a reason, mailed to the requester. */
  reasonRequired: readonly S[]
  /**
   * Statuses only the server moves a request into (a blocklist period ending at its end date): the
   * change-status call refuses them and no action offers them.
   */
  automatic?: readonly S[]
}

/** The statuses of a kind with the common shape: its `ended` status is the fourth. */
export type ApprovalStatus<E extends string> = 'pending' | 'approved' | 'rejected' | E

const capitalised = (status: string) => status[0].toUpperCase() + status.slice(1)

/**
 * The shape most kinds share: a request starts pending; staff approve it or reject it with a reason;
 * a rejected one can be reconsidered (back to pending); an approved one can be ended with a reason
 * (its fourth status: revoked, removed, withdrawn), which is final. A kind names its statuses'
 * meanings; labels, transitions and the reasons follow.
 */
function approvalKind<E extends string>(def: {
  kind: string
  label: string
  listPath: string
  singlePath: string | null
  statuses: readonly ['pending', 'approved', 'rejected', E]
  meanings: Readonly<Record<ApprovalStatus<E>, string>>
}): ReviewKindDef<ApprovalStatus<E>> {
  const { statuses, meanings, ...names } = def
  const ended = statuses[3]
  return {
    ...names,
    statuses,
    initial: 'pending',
    pending: ['pending'],
    statusInfo: Object.fromEntries(statuses.map((status) => [status, { label: capitalised(status), meaning: meanings[status] }])) as Record<
      ApprovalStatus<E>,
      { label: string; meaning: string }
    >,
    transitions: { pending: ['approved', 'rejected'], approved: [ended], rejected: ['pending'], [ended]: [] } as Record<
      ApprovalStatus<E>,
      readonly ApprovalStatus<E>[]
    >,
    reasonRequired: ['rejected', ended],
  }
}

export const GREENLIST_STATUSES = ['pending', 'approved', 'rejected', 'revoked'] as const
export type GreenlistStatus = (typeof GREENLIST_STATUSES)[number]

/**
 * Greenlist (Content ID whitelisting): staff approve or reject a request; an approved entry can be
 * revoked later (the channel is claimed again); a rejected one can be reconsidered (back to pending)
 * when the requester sends what was missing. Revoked is final: a new request starts over.
 */
export const GREENLIST = approvalKind({
  kind: 'greenlist',
  label: 'Greenlist entry',
  listPath: '/greenlisting',
  singlePath: '/whitelisting',
  statuses: GREENLIST_STATUSES,
  meanings: {
    pending: 'Sent by the requester; waiting for staff.',
    approved: 'Matches from these channels are never claimed or actioned.',
    rejected: 'Refused with a reason; can be reconsidered.',
    revoked: 'Was approved, withdrawn with a reason; final.',
  },
})

export const BLOCKLIST_STATUSES = ['pending', 'approved', 'rejected', 'lifted', 'ended'] as const
export type BlocklistStatus = (typeof BLOCKLIST_STATUSES)[number]

/**
 * Blocklist: a release or track kept from one platform's user-generated monetisation for a period.
 * Approved means in force until its end date, when the job runner ends it by itself; staff may lift
 * it early with a reason. A rejected request can be reconsidered; lifted and ended are final (a new
 * period is a new request).
 */
export const BLOCKLIST: ReviewKindDef<BlocklistStatus> = {
  kind: 'blocklist',
  label: 'Blocklist entry',
  listPath: '/blocklisting',
  singlePath: '/blocklist',
  statuses: BLOCKLIST_STATUSES,
  initial: 'pending',
  pending: ['pending'],
  statusInfo: {
    pending: { label: 'Pending', meaning: 'Sent by the requester; waiting for staff.' },
    approved: {
      label: 'Approved',
      meaning: 'In force: user uploads on the platform are not monetised until the end date, when it ends by itself.',
    },
    rejected: { label: 'Rejected', meaning: 'Refused with a reason; can be reconsidered.' },
    lifted: { label: 'Lifted', meaning: 'Ended early by staff with a reason; final.' },
    ended: { label: 'Ended', meaning: 'Its end date passed; final. A new period is a new request.' },
  },
  transitions: {
    pending: ['approved', 'rejected'],
    approved: ['lifted', 'ended'],
    rejected: ['pending'],
    lifted: [],
    ended: [],
  },
  reasonRequired: ['rejected', 'lifted'],
  automatic: ['ended'],
}

export const MCN_STATUSES = ['pending', 'approved', 'rejected', 'removed'] as const
export type McnStatus = (typeof MCN_STATUSES)[number]

/**
 * YouTube MCN: an artist asks to join their channel to the operator's multi-channel network. Staff
 * approve (the channel is linked) or reject with a reason; an approved channel can be removed from
 * the network with a reason, after which a new request starts over. The spec gives it a list screen
 * only: a request is opened as its list filtered to it.
 */
export const YOUTUBE_MCN = approvalKind({
  kind: 'youtubeMcn',
  label: 'Channel join',
  listPath: '/youtube-mcn/manage',
  singlePath: null,
  statuses: MCN_STATUSES,
  meanings: {
    pending: 'Sent by the channel owner; waiting for staff.',
    approved: 'The channel is in the network.',
    rejected: 'Refused with a reason; can be reconsidered.',
    removed: 'Taken out of the network with a reason; final, a new request starts over.',
  },
})

export const CHART_REGISTRATION_STATUSES = ['pending', 'approved', 'rejected', 'revoked'] as const
export type ChartRegistrationStatus = (typeof CHART_REGISTRATION_STATUSES)[number]

/**
 * Chart registration (soundscan): a release's UPC and its tracks' ISRCs registered with the chart
 * data provider. Approved registrations are what the export file hands to the provider; an approved
 * one can be revoked with a reason (the provider is told in the next file by its absence), a rejected
 * one reconsidered. Revoked is final: a new request starts over.
 */
export const CHART_REGISTRATION = approvalKind({
  kind: 'chartRegistration',
  label: 'Chart registration',
  listPath: '/soundscan',
  singlePath: '/soundscan/single',
  statuses: CHART_REGISTRATION_STATUSES,
  meanings: {
    pending: 'Sent by the requester; waiting for staff.',
    approved: 'In the export file for the chart data provider.',
    rejected: 'Refused with a reason; can be reconsidered.',
    revoked: 'Was approved, withdrawn with a reason; left out of the export; final.',
  },
})

export const PITCH_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const
export type PitchStatus = (typeof PITCH_STATUSES)[number]

/**
 * Pitch portal (playlisting): an artist pitches a release not yet live to the operator's playlist
 * editors. Approved means the pitch goes to the editors; staff may withdraw an approved pitch with a
 * reason (the release was delayed or taken down); a rejected pitch can be reconsidered. Withdrawn is
 * final: a new pitch starts over.
 */
export const PITCH = approvalKind({
  kind: 'pitch',
  label: 'Pitch',
  listPath: '/playlisting/manage',
  singlePath: '/playlisting/single',
  statuses: PITCH_STATUSES,
  meanings: {
    pending: 'Sent by the artist; waiting for staff.',
    approved: 'Pitched to the playlist editors.',
    rejected: 'Refused with a reason; can be reconsidered.',
    withdrawn: 'Was approved, withdrawn with a reason; final, a new pitch starts over.',
  },
})

export const LICENSING_STATUSES = ['pending', 'approved', 'rejected', 'revoked'] as const
export type LicensingStatus = (typeof LICENSING_STATUSES)[number]

/**
 * Cover song licensing: a licensee asks for a mechanical licence to release a cover of a song on
 * physical copies or downloads; the royalty owed is computed from the statutory rate in force
 * (src/core/mechanical-rates.ts). Approved means licensed (the song is then found by
 * licensing/getSearch); an approved licence can be revoked with a reason (royalties unpaid), a
 * rejected one reconsidered. Revoked is final. The spec gives it a list screen only.
 */
export const LICENSING = approvalKind({
  kind: 'licensing',
  label: 'Cover licence',
  listPath: '/cover-song-licensing',
  singlePath: null,
  statuses: LICENSING_STATUSES,
  meanings: {
    pending: 'Sent by the licensee; waiting for staff.',
    approved: 'Licensed at the royalty computed on approval.',
    rejected: 'Refused with a reason; can be reconsidered.',
    revoked: 'Was licensed, withdrawn with a reason; final.',
  },
})

/** Every finished kind, by name: the server, the screens, the palette and the queue read this. */
export const REVIEW_KINDS = {
  greenlist: GREENLIST,
  blocklist: BLOCKLIST,
  youtubeMcn: YOUTUBE_MCN,
  chartRegistration: CHART_REGISTRATION,
  pitch: PITCH,
  licensing: LICENSING,
} as const
export type ReviewKind = keyof typeof REVIEW_KINDS
export const REVIEW_KIND_NAMES = Object.keys(REVIEW_KINDS) as ReviewKind[]

/** Where a request opens: its single screen, or its kind's list filtered to it when the kind has none. */
export function requestPath(def: ReviewKindDef, id: number): string {
  return def.singlePath ? `${def.singlePath}/${id}` : `${def.listPath}/1?search=%23${id}`
}

export function reviewStatusLabel(def: ReviewKindDef, status: string): string {
  return (def.statusInfo as Record<string, { label: string }>)[status]?.label ?? status
}

/** Whether a request of this kind may move from `from` to `to` (with this reason): the refusal to show, or null. */
export function reviewTransitionRefusal(def: ReviewKindDef, from: string, to: string, reason?: string | null): string | null {
  const noun = def.label.toLowerCase()
  if (!def.statuses.includes(to)) return `Unknown ${noun} status "${to}".`
  const allowed = (def.transitions as Record<string, readonly string[]>)[from]
  if (!allowed) return `Unknown ${noun} status "${from}".`
  const fromLabel = reviewStatusLabel(def, from).toLowerCase()
  if (from === to) return `The ${noun} is already ${fromLabel}.`
  if (allowed.length === 0) return `A ${fromLabel} ${noun} cannot change any more.`
  if (!allowed.includes(to)) return `A ${fromLabel} ${noun} cannot become ${reviewStatusLabel(def, to).toLowerCase()}.`
  if (def.automatic?.includes(to)) return `A ${noun} becomes ${reviewStatusLabel(def, to).toLowerCase()} by itself.`
  if (def.reasonRequired.includes(to) && !reason?.trim()) return `Give a reason: the requester is told why.`
  return null
}

/** The statuses staff may move a request into by hand (every status but the automatic ones). */
export function manualStatuses(def: ReviewKindDef): string[] {
  return def.statuses.filter((status) => !def.automatic?.includes(status))
}

// ---------------------------------------------------------------------------------------------
// Blocklist periods

/** A blocklist period as stored: inclusive days (YYYY-MM-DD), for a whole release (no track) or one track. */
export interface BlocklistPeriod {
  releaseId: number
  trackId: number | null
  platform: string
  startDate: string
  endDate: string
}

/**
 * Two periods clash when they are for the same platform, the same track (a whole-release entry
 * covers every track of its release) and share at least one day.
 */
export function blocklistOverlaps(a: BlocklistPeriod, b: BlocklistPeriod): boolean {
  if (a.platform !== b.platform || a.releaseId !== b.releaseId) return false
  if (a.trackId !== null && b.trackId !== null && a.trackId !== b.trackId) return false
  return a.startDate <= b.endDate && b.startDate <= a.endDate
}

/** A request's ISRC as shown (the spec's isrcCode): its own, else its track's, else "Not Set". */
export function isrcShown(own: string | null | undefined, track: string | null | undefined): string {
  const isrc = own ?? track
  return isrc ? formatIsrc(isrc) : 'Not Set'
}

/** The moment a period stops: the end of its end date (inclusive), UTC. */
export function blocklistEndsAt(endDate: string): Date {
  const end = new Date(`${endDate}T00:00:00Z`)
  return new Date(end.getTime() + 24 * 60 * 60 * 1000)
}

// ---------------------------------------------------------------------------------------------
// Greenlist: channels and URLs per platform

export const GREENLIST_PLATFORMS = ['youtube', 'soundcloud', 'facebook', 'tiktok', 'instagram'] as const
export type GreenlistPlatform = (typeof GREENLIST_PLATFORMS)[number]

export const GREENLIST_PLATFORM_LABELS: Readonly<Record<GreenlistPlatform, string>> = {
  youtube: 'YouTube',
  soundcloud: 'SoundCloud',
  facebook: 'Facebook',
  tiktok: 'TikTok',
  instagram: 'Instagram',
}

export const GREENLIST_FORMATS = ['all', 'single'] as const
export type GreenlistFormat = (typeof GREENLIST_FORMATS)[number]

/** A YouTube channel id: "UC" and 22 URL-safe base64 characters. */
export const YOUTUBE_CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/

const host = (pattern: string) => `^https?://(?:(?:www|m|web|mobile)\\.)?${pattern}`
/** What one entry of each platform's list may be: a channel or profile URL of that platform (YouTube also takes a bare channel id). */
const PLATFORM_URLS: Readonly<Record<GreenlistPlatform, RegExp[]>> = {
  youtube: [
    YOUTUBE_CHANNEL_ID,
    new RegExp(
      `${host('youtube\\.com')}/(?:channel/UC[A-Za-z0-9_-]{22}|@[A-Za-z0-9._-]{3,30}|c/[A-Za-z0-9._-]{1,100}|user/[A-Za-z0-9._-]{1,100})/?$`,
    ),
  ],
  soundcloud: [new RegExp(`${host('soundcloud\\.com')}/[a-z0-9_-]{1,100}(?:/[a-z0-9_-]{1,200})?/?$`, 'i')],
  facebook: [new RegExp(`${host('(?:facebook|fb)\\.com')}/(?:profile\\.php\\?id=\\d{1,20}|[A-Za-z0-9.-]{1,100})/?$`)],
  tiktok: [new RegExp(`${host('tiktok\\.com')}/@[A-Za-z0-9._]{2,24}/?$`)],
  instagram: [new RegExp(`${host('instagram\\.com')}/[A-Za-z0-9._]{1,30}/?$`)],
}

/** A comma-separated list as its trimmed, non-empty entries. */
export function commaList(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
}

/** The entries of a platform's list that are not a channel or URL of that platform. */
export function invalidPlatformEntries(platform: GreenlistPlatform, value: string): string[] {
  return commaList(value).filter((entry) => !PLATFORM_URLS[platform].some((pattern) => pattern.test(entry)))
}

/**
 * One channel as compared for greenlist matching: no scheme, no www/m/web/mobile host prefix, no
 * trailing slash, lower case; a YouTube channel URL and its bare id compare equal.
 */
export function channelKey(platform: GreenlistPlatform, entry: string): string {
  const trimmed = entry.trim()
  if (platform === 'youtube') {
    const id = /(?:^|\/channel\/)(UC[A-Za-z0-9_-]{22})\/?$/.exec(trimmed)
    if (id) return `youtube:${id[1]}`
  }
  const bare = trimmed
    .replace(/^https?:\/\//i, '')
    .replace(/^(?:www|m|web|mobile)\./i, '')
    .replace(/\/+$/, '')
    .toLowerCase()
  return `${platform}:${bare}`
}

// ---------------------------------------------------------------------------------------------
// Pitch portal

/** How many days before its release date a release may still be pitched, unless the workspace sets another figure. */
export const PITCH_DEFAULT_LEAD_DAYS = 7
export const PITCH_MAX_LEAD_DAYS = 365

export const PITCH_LINK_PLATFORMS = ['spotify', 'facebook', 'instagram', 'tiktok', 'twitter'] as const
export type PitchLinkPlatform = (typeof PITCH_LINK_PLATFORMS)[number]

export const PITCH_LINK_LABELS: Readonly<Record<PitchLinkPlatform, string>> = {
  spotify: 'Spotify',
  facebook: 'Facebook',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  twitter: 'Twitter',
}

/** What each of a pitch's links may be: the artist's page on that platform. */
const PITCH_URLS: Readonly<Record<PitchLinkPlatform, RegExp>> = {
  spotify:
    /^https:\/\/open\.spotify\.com\/(?:intl-[a-z]{2}(?:-[a-z]{2})?\/)?(?:artist|album|track|playlist)\/[A-Za-z0-9]{22}\/?(?:\?si=[A-Za-z0-9_-]{1,64})?$/,
  facebook: PLATFORM_URLS.facebook[0],
  instagram: PLATFORM_URLS.instagram[0],
  tiktok: PLATFORM_URLS.tiktok[0],
  twitter: new RegExp(`${host('(?:twitter|x)\\.com')}/[A-Za-z0-9_]{1,15}/?$`),
}

/** Whether a pitch link is a page of its platform. */
export function isPitchLink(platform: PitchLinkPlatform, url: string): boolean {
  return PITCH_URLS[platform].test(url.trim())
}

/** A semicolon list (marketing drivers) as its trimmed, non-empty entries. */
export function semicolonList(value: string): string[] {
  return value
    .split(';')
    .map((entry) => entry.trim())
    .filter(Boolean)
}

/** One date of a tour, as the pitch keeps it. */
export interface TourDate {
  date: string
  city: string
  venue: string
}

/** Why a release dated `releaseDate` cannot be pitched `today` with this lead time (not yet live, at least `leadDays` ahead), or null. */
export function pitchLeadRefusal(releaseDate: string | null, today: string, leadDays: number): string | null {
  if (!releaseDate) return 'The release has no release date yet: a pitch needs one'
  if (releaseDate <= today) return 'The release is already live: only a release not yet out can be pitched'
  const last = new Date(`${releaseDate}T00:00:00Z`).getTime() - leadDays * 24 * 60 * 60 * 1000
  if (new Date(`${today}T00:00:00Z`).getTime() > last)
    return `Pitch at least ${leadDays} day${leadDays === 1 ? '' : 's'} before the release date (${releaseDate})`
  return null
}
