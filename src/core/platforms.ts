// Delivery targets (stores and services a release can be delivered to).
// Ids are stable: releases, store selections and statements refer to them.
// 78 (Beatport) and 51 (Apple Music Direct) are the spec's default targets.
export type PlatformKind = 'streaming' | 'download' | 'video' | 'social' | 'fingerprint' | 'rights'

export interface Platform {
  id: number
  slug: string
  name: string
  kind: PlatformKind
  /** Selected for new releases unless the artist's store list says otherwise. */
  defaultTarget: boolean
}

export const DEFAULT_DELIVERY_TARGET_IDS = [78, 51] as const

export const PLATFORMS: readonly Platform[] = [
  { id: 1, slug: 'spotify', name: 'Spotify', kind: 'streaming', defaultTarget: false },
  { id: 2, slug: 'deezer', name: 'Deezer', kind: 'streaming', defaultTarget: false },
  { id: 3, slug: 'amazon', name: 'Amazon Music', kind: 'streaming', defaultTarget: false },
  { id: 4, slug: 'tidal', name: 'TIDAL', kind: 'streaming', defaultTarget: false },
  { id: 5, slug: 'youtube-music', name: 'YouTube Music', kind: 'streaming', defaultTarget: false },
  { id: 6, slug: 'pandora', name: 'Pandora', kind: 'streaming', defaultTarget: false },
  { id: 7, slug: 'soundcloud', name: 'SoundCloud', kind: 'streaming', defaultTarget: false },
  { id: 8, slug: 'anghami', name: 'Anghami', kind: 'streaming', defaultTarget: false },
  { id: 9, slug: 'boomplay', name: 'Boomplay', kind: 'streaming', defaultTarget: false },
  { id: 10, slug: 'audiomack', name: 'Audiomack', kind: 'streaming', defaultTarget: false },
  { id: 11, slug: 'iheart', name: 'iHeartRadio', kind: 'streaming', defaultTarget: false },
  { id: 12, slug: 'netease', name: 'NetEase Cloud Music', kind: 'streaming', defaultTarget: false },
  { id: 13, slug: 'qqmusic', name: 'QQ Music', kind: 'streaming', defaultTarget: false },
  { id: 14, slug: 'kkbox', name: 'KKBOX', kind: 'streaming', defaultTarget: false },
  { id: 15, slug: 'jiosaavn', name: 'JioSaavn', kind: 'streaming', defaultTarget: false },
  { id: 16, slug: 'awa', name: 'AWA', kind: 'streaming', defaultTarget: false },
  { id: 17, slug: 'flo', name: 'FLO', kind: 'streaming', defaultTarget: false },
  { id: 18, slug: 'resso', name: 'Resso', kind: 'streaming', defaultTarget: false },
  { id: 19, slug: 'napster', name: 'Napster', kind: 'streaming', defaultTarget: false },
  { id: 20, slug: 'mixcloud', name: 'Mixcloud', kind: 'streaming', defaultTarget: false },
  { id: 21, slug: 'peloton', name: 'Peloton', kind: 'streaming', defaultTarget: false },
  { id: 22, slug: 'wesing', name: 'WeSing', kind: 'streaming', defaultTarget: false },
  { id: 30, slug: 'tiktok', name: 'TikTok', kind: 'social', defaultTarget: false },
  { id: 31, slug: 'meta', name: 'Facebook and Instagram', kind: 'social', defaultTarget: false },
  { id: 32, slug: 'snap', name: 'Snapchat', kind: 'social', defaultTarget: false },
  { id: 33, slug: 'canva', name: 'Canva', kind: 'social', defaultTarget: false },
  { id: 34, slug: 'pinterest', name: 'Pinterest', kind: 'social', defaultTarget: false },
  { id: 40, slug: 'youtube-content-id', name: 'YouTube Content ID', kind: 'fingerprint', defaultTarget: false },
  { id: 41, slug: 'audible-magic', name: 'Audible Magic', kind: 'fingerprint', defaultTarget: false },
  { id: 42, slug: 'shazam', name: 'Shazam', kind: 'fingerprint', defaultTarget: false },
  { id: 50, slug: 'itunes', name: 'iTunes Store', kind: 'download', defaultTarget: false },
  { id: 51, slug: 'apple-music', name: 'Apple Music Direct', kind: 'streaming', defaultTarget: true },
  { id: 60, slug: 'vevo', name: 'Vevo', kind: 'video', defaultTarget: false },
  { id: 61, slug: 'tracklib', name: 'Tracklib', kind: 'download', defaultTarget: false },
  { id: 62, slug: 'junodownload', name: 'Juno Download', kind: 'download', defaultTarget: false },
  { id: 70, slug: 'soundexchange', name: 'SoundExchange', kind: 'rights', defaultTarget: false },
  { id: 71, slug: 'jaxsta', name: 'Jaxsta', kind: 'rights', defaultTarget: false },
  { id: 78, slug: 'beatport', name: 'Beatport', kind: 'download', defaultTarget: true },
]

const byId = new Map(PLATFORMS.map((platform) => [platform.id, platform]))

export function platformById(id: number): Platform | undefined {
  return byId.get(id)
}
