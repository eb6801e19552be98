import type { TrendDimension } from './analytics-platforms'

// How breakdown values read on screen (spec section 9). Reports carry the store's raw values; the
// rollups keep them as reported, and these labels merge and order them when they are shown.

/** Spotify's stream sources as reported, by their label. */
const SPOTIFY_SOURCES: Record<string, string> = {
  collection: 'collection',
  your_library: 'collection',
  other: 'other',
  others_playlist: 'others playlist',
  other_playlist: 'others playlist',
  album: 'album',
  play_queue: 'play queue',
  queue: 'play queue',
  artist: 'artist profile',
  artist_profile: 'artist profile',
  search: 'search',
  radio: 'radio',
}

export const SPOTIFY_SOURCE_LABELS = [
  'collection',
  'other',
  'others playlist',
  'album',
  'play queue',
  'artist profile',
  'search',
  'radio',
  'unknown',
] as const

const key = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')

export function genderLabel(value: string): 'male' | 'female' | 'unknown' {
  const code = value.trim().toLowerCase()
  return code === 'm' || code === 'male' ? 'male' : code === 'f' || code === 'female' ? 'female' : 'unknown'
}

export function spotifySourceLabel(value: string): string {
  return SPOTIFY_SOURCES[key(value)] ?? 'unknown'
}

/** Product or tier: "paid" shows as Premium; others keep their word, capitalised. */
export function tierLabel(value: string): string {
  const word = value.trim().toLowerCase()
  if (word === 'paid' || word === 'premium') return 'Premium'
  return word ? word[0].toUpperCase() + word.slice(1) : 'unknown'
}

/** The label a dimension's raw value shows as. */
export function dimensionLabel(platform: string | null, dimension: TrendDimension, value: string): string {
  switch (dimension) {
    case 'gender':
      return genderLabel(value)
    case 'source':
      return platform === 'spotify' ? spotifySourceLabel(value) : value.trim().toLowerCase().replace(/_/g, ' ') || 'unknown'
    case 'tier':
    case 'subscription':
      return tierLabel(value)
    case 'country':
      return value.toUpperCase()
    default:
      return value.trim() || 'unknown'
  }
}

/** An age bucket's lower bound ("18-24" → 18, "55+" → 55, "<18" → 0); unknown buckets sort last. */
export function ageLowerBound(label: string): number {
  const text = label.trim()
  if (/^(<|under|below)/i.test(text)) return 0
  const match = /\d+/.exec(text)
  return match ? Number(match[0]) : Number.POSITIVE_INFINITY
}

export interface LabelledCount {
  label: string
  streams: number
}

/**
 * Raw values with their streams → one entry per label (values that share a label add up), ordered:
 * age buckets ascending by lower bound, everything else by streams, most first, then by label.
 */
export function labelBreakdown(
  platform: string | null,
  dimension: TrendDimension,
  rows: readonly { value: string; streams: number }[],
): LabelledCount[] {
  const sums = new Map<string, number>()
  for (const row of rows) {
    const label = dimensionLabel(platform, dimension, row.value)
    sums.set(label, (sums.get(label) ?? 0) + row.streams)
  }
  const items = [...sums].map(([label, streams]) => ({ label, streams }))
  if (dimension === 'age') return items.sort((a, b) => ageLowerBound(a.label) - ageLowerBound(b.label) || a.label.localeCompare(b.label))
  return items.sort((a, b) => b.streams - a.streams || a.label.localeCompare(b.label))
}

/** Shuffle, completion and first-time-listener rates: whole percentages rounded up (spec section 9). */
export function wholePercentUp(part: number, whole: number): number {
  if (whole <= 0) return 0
  return Math.ceil((part * 100) / whole - 1e-9)
}

/** A share of a total as a percentage with two decimals. */
export function sharePercent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0
}
