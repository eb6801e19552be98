// The releases' vocabulary, without zod: the palette's commands and start-up code read these (the
// schemas stay in releases.ts, which re-exports all of this).

export const RELEASE_TYPES = ['Single', 'EP', 'Album', 'Compilation'] as const
export type ReleaseType = (typeof RELEASE_TYPES)[number]

/** Targets with their own delivery and completed flags on a release (spec section 3). */
export const DELIVERY_TARGETS = [
  'soundcloud',
  'youtube',
  'soundexchange',
  'beatport',
  'junodownload',
  'tracklib',
  'apple',
  'lyrics',
  'audiosalad',
] as const
export type DeliveryTarget = (typeof DELIVERY_TARGETS)[number]
export const DELIVERY_TARGET_LABELS: Readonly<Record<DeliveryTarget, string>> = {
  soundcloud: 'SoundCloud',
  youtube: 'YouTube',
  soundexchange: 'SoundExchange',
  beatport: 'Beatport',
  junodownload: 'Juno Download',
  tracklib: 'Tracklib',
  apple: 'Apple Music',
  lyrics: 'Lyrics',
  audiosalad: 'AudioSalad',
}

export const EDIT_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const
export type EditRequestStatus = (typeof EDIT_REQUEST_STATUSES)[number]

export const RELEASE_SORTS = ['created', 'releaseDate', 'title', 'id'] as const

/**
 * Cover art: a JPG or PNG judged by its content, square, within these sides and size; stored with
 * JPEG renditions for lists (small), headers (medium) and stores (large). Why: docs/decisions.md.
 */
export const COVER_RULES = {
  minSide: 1400,
  maxSide: 6000,
  maxBytes: 20 * 1024 * 1024,
  renditions: { small: 300, medium: 600, large: 1400 },
} as const
/** The files a track may carry: its main audio, an instrumental version and a Dolby Atmos (ADM BWF) master. */
export const TRACK_FILE_KINDS = ['audio', 'instrument', 'dolby'] as const
export type TrackFileKind = (typeof TRACK_FILE_KINDS)[number]
export const TRACK_FILE_LABELS: Readonly<Record<TrackFileKind, string>> = {
  audio: 'Audio',
  instrument: 'Instrumental version',
  dolby: 'Dolby Atmos version',
}
/** Largest audio upload: the server's multipart ceiling (docs/decisions.md). */
export const MAX_AUDIO_BYTES = 200 * 1024 * 1024
