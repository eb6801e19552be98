// Release links' vocabulary, without zod: start-up code reads these (release-links.ts re-exports them).

/** Where a delivered release can be found; platform links, track URIs and smartlinks name these. */
export const LINK_PLATFORMS = ['spotify', 'apple', 'deezer', 'youtube', 'amazon', 'tidal', 'soundcloud'] as const
export type LinkPlatform = (typeof LINK_PLATFORMS)[number]
export const LINK_PLATFORM_LABELS: Readonly<Record<LinkPlatform, string>> = {
  spotify: 'Spotify',
  apple: 'Apple Music',
  deezer: 'Deezer',
  youtube: 'YouTube',
  amazon: 'Amazon Music',
  tidal: 'TIDAL',
  soundcloud: 'SoundCloud',
}

/** Images made from the cover art for promotion, with their pixel sizes. */
export const ASSET_KINDS = ['post', 'story', 'canvas'] as const
export type AssetKind = (typeof ASSET_KINDS)[number]
export const ASSET_SPECS: Readonly<Record<AssetKind, { label: string; width: number; height: number; description: string }>> = {
  post: { label: 'Post', width: 1080, height: 1080, description: 'Square feed post: the cover, 1080 × 1080' },
  story: {
    label: 'Story',
    width: 1080,
    height: 1920,
    description: 'Story, 1080 × 1920: the cover on a blurred, darkened copy of itself, with title and artist',
  },
  canvas: {
    label: 'Canvas',
    width: 1080,
    height: 1920,
    description: 'Spotify Canvas still, 1080 × 1920: the cover centred on its dominant colour',
  },
}

/** How many days of smartlink clicks the analytics answer covers. */
export const ANALYTICS_DAYS = 90
