// The analytics platforms (spec section 7) and how each one's daily trend report is read.
// A platform is one entry: its slug (the `analytics/{platform}` path), its label, and, when its
// report can be imported, the header names of each field (docs/formats/trends/<slug>.md). Headers
// are compared letters and digits only, case-insensitive ("Stream Date" = "stream_date").

/** The breakdowns a report may carry besides the country (spec section 7's sub-breakdowns). */
export const TREND_BREAKDOWNS = ['devices', 'age', 'gender', 'tier', 'source', 'channel', 'subscription', 'playlist'] as const
export type TrendBreakdown = (typeof TREND_BREAKDOWNS)[number]

/** Every dimension the rollups keep a value for: the country and the breakdowns. */
export const TREND_DIMENSIONS = ['country', ...TREND_BREAKDOWNS] as const
export type TrendDimension = (typeof TREND_DIMENSIONS)[number]

export interface TrendFormat {
  /** Header names accepted for each field, first match wins. */
  date: readonly string[]
  /** The recording's ISRC; a report carries this, the platform's track id, or both. */
  isrc?: readonly string[]
  trackId?: readonly string[]
  country?: readonly string[]
  streams: readonly string[]
  listeners?: readonly string[]
  /** Streams the store itself flagged as artificial (spotify, pandora, anghami, deezer). */
  artificial?: readonly string[]
  /** The hour of day (0–23) the line counts, when the store reports by hour (the hourly histogram). */
  hour?: readonly string[]
  breakdowns?: Partial<Record<TrendBreakdown, readonly string[]>>
}

export interface AnalyticsPlatform {
  slug: string
  label: string
  /** The report's layout; absent: no trend report of this platform is imported yet. */
  format?: TrendFormat
}

const DATE = ['date', 'day', 'stream_date', 'report_date', 'reporting_date']
const ISRC = ['isrc']
const COUNTRY = ['country', 'country_code', 'user_country', 'user_country_code', 'territory', 'storefront']
const LISTENERS = ['listeners', 'unique_listeners', 'users', 'unique_users']

export const ANALYTICS_PLATFORMS: readonly AnalyticsPlatform[] = [
  {
    slug: 'spotify',
    label: 'Spotify',
    format: {
      date: DATE,
      isrc: ISRC,
      trackId: ['track_uri', 'track_id', 'spotify_track_uri'],
      country: COUNTRY,
      streams: ['streams', 'stream_count'],
      listeners: LISTENERS,
      artificial: ['artificial_streams', 'flagged_streams'],
      hour: ['hour', 'stream_hour'],
      breakdowns: {
        source: ['source', 'stream_source'],
        tier: ['product', 'access'],
        gender: ['gender'],
        age: ['age_group', 'age'],
        devices: ['device_type', 'device', 'platform'],
        playlist: ['playlist', 'source_uri', 'stream_source_uri'],
      },
    },
  },
  {
    slug: 'apple',
    label: 'Apple Music',
    format: {
      date: DATE,
      isrc: ISRC,
      trackId: ['apple_identifier', 'apple_id', 'content_id'],
      country: COUNTRY,
      streams: ['streams', 'plays', 'quantity'],
      listeners: LISTENERS,
      breakdowns: {
        subscription: ['subscription_type', 'subscription'],
        tier: ['offering', 'service_type'],
        age: ['age_band', 'age'],
        gender: ['gender'],
        source: ['source_of_stream', 'source'],
      },
    },
  },
  {
    slug: 'deezer',
    label: 'Deezer',
    format: {
      date: DATE,
      isrc: ISRC,
      trackId: ['sng_id', 'song_id', 'track_id'],
      country: COUNTRY,
      streams: ['streams', 'nb_streams', 'plays'],
      listeners: LISTENERS,
      artificial: ['fraud_streams', 'artificial_streams'],
      breakdowns: {
        tier: ['offer', 'offer_type'],
        age: ['age', 'age_group'],
        gender: ['gender'],
        devices: ['device', 'platform'],
        source: ['source', 'context'],
      },
    },
  },
  {
    slug: 'amazon',
    label: 'Amazon Music',
    format: {
      date: DATE,
      isrc: ISRC,
      trackId: ['asin', 'track_asin'],
      country: COUNTRY,
      streams: ['streams', 'stream_count'],
      listeners: LISTENERS,
      breakdowns: { tier: ['service_tier', 'tier'], devices: ['device_type', 'device'] },
    },
  },
  {
    slug: 'youtube-content',
    label: 'YouTube content',
    format: {
      date: DATE,
      isrc: ISRC,
      trackId: ['video_id', 'asset_id'],
      country: COUNTRY,
      streams: ['views'],
      listeners: ['unique_viewers', 'viewers'],
      breakdowns: { channel: ['channel', 'channel_id'], tier: ['subscription_type', 'content_type'], devices: ['device_type'] },
    },
  },
  {
    slug: 'youtube-shorts',
    label: 'YouTube Shorts',
    format: {
      date: DATE,
      isrc: ISRC,
      trackId: ['video_id', 'asset_id'],
      country: COUNTRY,
      streams: ['views'],
      listeners: ['unique_viewers', 'viewers'],
      breakdowns: { channel: ['channel', 'channel_id'] },
    },
  },
  {
    slug: 'tiktok',
    label: 'TikTok',
    format: {
      date: DATE,
      isrc: ISRC,
      trackId: ['song_id', 'sound_id'],
      country: COUNTRY,
      streams: ['video_views', 'views', 'plays'],
      listeners: LISTENERS,
      breakdowns: { tier: ['platform_name'], age: ['age_group'], gender: ['gender'] },
    },
  },
  {
    slug: 'soundcloud',
    label: 'SoundCloud',
    format: {
      date: DATE,
      isrc: ISRC,
      trackId: ['track_urn', 'track_id'],
      country: COUNTRY,
      streams: ['plays', 'streams'],
      listeners: LISTENERS,
      breakdowns: { tier: ['subscription_tier', 'tier'], source: ['source'] },
    },
  },
  {
    slug: 'pandora',
    label: 'Pandora',
    format: {
      date: DATE,
      isrc: ISRC,
      trackId: ['track_id', 'pandora_track_id'],
      country: COUNTRY,
      streams: ['streams', 'spins', 'plays'],
      listeners: LISTENERS,
      artificial: ['artificial_streams', 'flagged_streams'],
      breakdowns: { tier: ['tier', 'service_type'], source: ['source', 'station_type'] },
    },
  },
  {
    slug: 'anghami',
    label: 'Anghami',
    format: {
      date: DATE,
      isrc: ISRC,
      trackId: ['song_id'],
      country: COUNTRY,
      streams: ['streams', 'plays'],
      listeners: LISTENERS,
      artificial: ['artificial_streams', 'flagged_streams'],
      breakdowns: { tier: ['subscription', 'tier'] },
    },
  },
  { slug: 'shazam', label: 'Shazam' },
  { slug: 'meta', label: 'Meta' },
  { slug: 'peloton', label: 'Peloton' },
  { slug: 'boomplay', label: 'Boomplay' },
  { slug: 'awa', label: 'AWA' },
  { slug: 'flo', label: 'FLO' },
  { slug: 'resso', label: 'Resso' },
  { slug: 'vevo', label: 'Vevo' },
  { slug: 'iheart', label: 'iHeartRadio' },
  { slug: 'snap', label: 'Snap' },
  { slug: 'netease', label: 'NetEase Cloud Music' },
  { slug: 'canva', label: 'Canva' },
  { slug: 'uma', label: 'UMA' },
  { slug: 'kkbox', label: 'KKBOX' },
  { slug: 'wesing', label: 'WeSing' },
  { slug: 'qqmusic', label: 'QQ Music' },
  { slug: 'jiosaavn', label: 'JioSaavn' },
  { slug: 'mixcloud', label: 'Mixcloud' },
  { slug: 'audiomack', label: 'Audiomack' },
  { slug: 'audible-magic', label: 'Audible Magic' },
  { slug: 'pinterest', label: 'Pinterest' },
  { slug: 'jaxsta', label: 'Jaxsta' },
]

export const ANALYTICS_PLATFORM_SLUGS = ANALYTICS_PLATFORMS.map((platform) => platform.slug) as [string, ...string[]]
/** Platforms whose trend report can be imported. */
export const IMPORTABLE_PLATFORMS = ANALYTICS_PLATFORMS.filter((platform) => platform.format).map((platform) => platform.slug) as [
  string,
  ...string[],
]

export const analyticsPlatform = (slug: string): AnalyticsPlatform | undefined => ANALYTICS_PLATFORMS.find((p) => p.slug === slug)
export const platformLabel = (slug: string) => analyticsPlatform(slug)?.label ?? slug

/** A header name as compared: letters and digits, lower case. */
export const headerKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '')

export type TrendField = 'date' | 'isrc' | 'trackId' | 'country' | 'streams' | 'listeners' | 'artificial' | 'hour'

export interface TrendColumns {
  fields: Partial<Record<TrendField, number>>
  breakdowns: Partial<Record<TrendBreakdown, number>>
}

export class TrendFormatError extends Error {}

/**
 * The column index of each field in a report's header, or why the header cannot be read as this
 * platform's report: a date and a streams column are needed, and an ISRC or a track id column.
 */
export function resolveTrendColumns(format: TrendFormat, header: readonly string[], label: string): TrendColumns {
  const keys = header.map(headerKey)
  const find = (names: readonly string[] | undefined) => {
    for (const name of names ?? []) {
      const index = keys.indexOf(headerKey(name))
      if (index >= 0) return index
    }
    return undefined
  }
  const fields: TrendColumns['fields'] = {}
  for (const field of ['date', 'isrc', 'trackId', 'country', 'streams', 'listeners', 'artificial', 'hour'] as const) {
    const index = find(format[field])
    if (index !== undefined) fields[field] = index
  }
  const missing: string[] = []
  if (fields.date === undefined) missing.push(`a date column (${format.date[0]})`)
  if (fields.streams === undefined) missing.push(`a streams column (${format.streams[0]})`)
  if (fields.isrc === undefined && fields.trackId === undefined) missing.push('an ISRC or track id column')
  if (missing.length) throw new TrendFormatError(`This is not a ${label} trend report: it has no ${missing.join(', ')}.`)
  const breakdowns: TrendColumns['breakdowns'] = {}
  for (const breakdown of TREND_BREAKDOWNS) {
    const index = find(format.breakdowns?.[breakdown])
    if (index !== undefined) breakdowns[breakdown] = index
  }
  return { fields, breakdowns }
}

export interface TrendLine {
  day: string
  isrc: string | null
  trackId: string | null
  country: string | null
  streams: number
  listeners: number
  artificial: number
  /** Breakdown values as reported (labels are applied when shown, @core/analytics-labels), and the hour. */
  dims: Partial<Record<TrendBreakdown | 'hour', string>>
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})/
const COUNT = /^\d{1,15}$/

function dayOf(text: string): string | null {
  const match = DAY.exec(text.trim())
  if (!match) return null
  const [, y, m, d] = match
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)))
  return date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d) ? `${y}-${m}-${d}` : null
}

function count(text: string | undefined, name: string, required: boolean): number {
  let value = text === undefined ? '' : text.trim()
  if (value.indexOf(',') >= 0) value = value.replace(/,/g, '')
  if (!value) {
    if (required) throw new TrendFormatError(`${name} is empty`)
    return 0
  }
  if (!COUNT.test(value)) throw new TrendFormatError(`${name} "${value.slice(0, 20)}" is not a whole number`)
  return Number(value)
}

const ISRC_SHAPE = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/
const COUNTRY_CODE = /^[A-Z]{2}$/
const HOUR = /^\d{1,2}$/
/** Days read, by their cell: a report repeats a few hundred dates over millions of lines. */
const DAY_CACHE_SIZE = 4_096

/**
 * A reader of one report's records (its columns resolved once): the ingestion reads millions of
 * lines with it, so the columns' positions, the breakdown list and the dates already read are kept
 * instead of worked out on every line. `readTrendLine` is the same reading.
 */
export function trendLineReader(columns: TrendColumns): (record: readonly string[]) => TrendLine {
  const { date, isrc, trackId: trackIdAt, country: countryAt, streams, listeners, artificial, hour } = columns.fields
  const breakdowns = Object.entries(columns.breakdowns) as [TrendBreakdown, number][]
  const days = new Map<string, string | null>()
  return (record) => {
    const cell = (index: number | undefined) => (index === undefined ? '' : (record[index] ?? '').trim())
    const dateText = cell(date)
    let day = days.get(dateText)
    if (day === undefined) {
      day = dayOf(dateText)
      if (days.size < DAY_CACHE_SIZE) days.set(dateText, day)
    }
    if (!day) throw new TrendFormatError(`the date "${dateText.slice(0, 20)}" is not a date (YYYY-MM-DD)`)
    let isrcText = cell(isrc)
    if (isrcText && !ISRC_SHAPE.test(isrcText)) {
      isrcText = isrcText.toUpperCase().replace(/-/g, '')
      if (isrcText && !ISRC_SHAPE.test(isrcText)) throw new TrendFormatError(`the ISRC "${isrcText.slice(0, 20)}" is not an ISRC`)
    }
    const trackId = cell(trackIdAt) || null
    if (!isrcText && !trackId) throw new TrendFormatError('the line has neither an ISRC nor a track id')
    let country = cell(countryAt)
    if (!COUNTRY_CODE.test(country)) country = country.toUpperCase()
    const dims: TrendLine['dims'] = {}
    for (const [breakdown, index] of breakdowns) {
      // An empty cell is kept: it counts as "unknown" in that breakdown, so each adds up to the streams.
      const value = cell(index)
      dims[breakdown] = value.length > 200 ? value.slice(0, 200) : value
    }
    if (hour !== undefined) {
      const hourText = cell(hour)
      if (!HOUR.test(hourText) || Number(hourText) > 23) throw new TrendFormatError(`the hour "${hourText.slice(0, 10)}" is not 0–23`)
      dims.hour = String(Number(hourText))
    }
    return {
      day,
      isrc: isrcText || null,
      trackId: trackId ? trackId.slice(0, 200) : null,
      country: COUNTRY_CODE.test(country) ? country : null,
      streams: count(record[streams!], 'streams', true),
      listeners: listeners === undefined ? 0 : count(record[listeners], 'listeners', false),
      artificial: artificial === undefined ? 0 : count(record[artificial], 'artificial streams', false),
      dims,
    }
  }
}

const readers = new WeakMap<TrendColumns, (record: readonly string[]) => TrendLine>()

/** One record of a report as a line, or a TrendFormatError saying what is wrong with it. */
export function readTrendLine(record: readonly string[], columns: TrendColumns): TrendLine {
  let reader = readers.get(columns)
  if (!reader) {
    reader = trendLineReader(columns)
    readers.set(columns, reader)
  }
  return reader(record)
}
