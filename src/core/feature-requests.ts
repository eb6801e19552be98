// Feature-control requests (docs/feature-controls.md): the one review pattern every kind shares.
// Pure: the server enforces these in each kind's change-status call; screens and the palette offer
// only what they allow. A kind declares its statuses, the transitions between them and which of
// them need a reason; adding a kind is one more entry in REVIEW_KINDS.

export interface ReviewKindDef<S extends string = string> {
  kind: string
  /** "Greenlist entry": one request, in sentences. */
  label: string
  /** The list screen's path prefix (/greenlisting/{page}) and the single's (/whitelisting/{id}). */
  listPath: string
  singlePath: string
  statuses: readonly S[]
  /** The status a new request starts in. */
  initial: S
  /** Statuses waiting on staff: the review queue walks them, oldest first. */
  pending: readonly S[]
  statusInfo: Readonly<Record<S, { label: string; meaning: string }>>
  transitions: Readonly<Record<S, readonly S[]>>
  /** Moving into these (a refusal, a revocation) needs a reason, mailed to the requester. */
  reasonRequired: readonly S[]
}

export const GREENLIST_STATUSES = ['pending', 'approved', 'rejected', 'revoked'] as const
export type GreenlistStatus = (typeof GREENLIST_STATUSES)[number]

/**
 * Greenlist (Content ID whitelisting): staff approve or reject a request; an approved entry can be
 * revoked later (the channel is claimed again); a rejected one can be reconsidered (back to pending)
 * when the requester sends what was missing. Revoked is final: a new request starts over.
 */
export const GREENLIST: ReviewKindDef<GreenlistStatus> = {
  kind: 'greenlist',
  label: 'Greenlist entry',
  listPath: '/greenlisting',
  singlePath: '/whitelisting',
  statuses: GREENLIST_STATUSES,
  initial: 'pending',
  pending: ['pending'],
  statusInfo: {
    pending: { label: 'Pending', meaning: 'Sent by the requester; waiting for staff.' },
    approved: { label: 'Approved', meaning: 'Matches from these channels are never claimed or actioned.' },
    rejected: { label: 'Rejected', meaning: 'Refused with a reason; can be reconsidered.' },
    revoked: { label: 'Revoked', meaning: 'Was approved, withdrawn with a reason; final.' },
  },
  transitions: {
    pending: ['approved', 'rejected'],
    approved: ['revoked'],
    rejected: ['pending'],
    revoked: [],
  },
  reasonRequired: ['rejected', 'revoked'],
}

/** Every finished kind, by name: the server, the screens, the palette and the queue read this. */
export const REVIEW_KINDS = { greenlist: GREENLIST } as const
export type ReviewKind = keyof typeof REVIEW_KINDS
export const REVIEW_KIND_NAMES = Object.keys(REVIEW_KINDS) as ReviewKind[]

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
  if (def.reasonRequired.includes(to) && !reason?.trim()) return `Give a reason: the requester is told why.`
  return null
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
    new RegExp(`${host('youtube\\.com')}/(?:channel/UC[A-Za-z0-9_-]{22}|@[A-Za-z0-9._-]{3,30}|c/[A-Za-z0-9._-]{1,100}|user/[A-Za-z0-9._-]{1,100})/?$`),
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
