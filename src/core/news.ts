/** A post's life: a draft is hidden; scheduled becomes published by itself at its publish date; published is visible. */
export const NEWS_STATUSES = ['draft', 'scheduled', 'published'] as const
export type NewsStatus = (typeof NEWS_STATUSES)[number]

export const NEWS_STATUS_LABELS: Record<NewsStatus, string> = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' }

/** Longest slug kept: long enough for any title's meaning, short enough for an address. */
export const SLUG_MAX = 80

/** A slug from a title: lower-case ASCII words joined by dashes ("Café Nights!" → "cafe-nights"). */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '')
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * The player address for a video or music link a post embeds (YouTube, Vimeo, Spotify), or null when
 * the link is not one of those: the server's allow-list keeps frames from these players only.
 */
export function embedUrl(link: string): string | null {
  let url: URL
  try {
    url = new URL(link.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const host = url.hostname.replace(/^www\.|^m\./, '')
  const id = (value: string | null | undefined) => (value && /^[\w-]{1,64}$/.test(value) ? value : null)
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const video = id(url.searchParams.get('v')) ?? id(url.pathname.match(/^\/(?:embed|shorts)\/([\w-]+)/)?.[1])
    return video ? `https://www.youtube-nocookie.com/embed/${video}` : null
  }
  if (host === 'youtu.be') {
    const video = id(url.pathname.slice(1))
    return video ? `https://www.youtube-nocookie.com/embed/${video}` : null
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const video = url.pathname.match(/(\d{3,12})$/)?.[1]
    return video ? `https://player.vimeo.com/video/${video}` : null
  }
  if (host === 'open.spotify.com') {
    const match = url.pathname.match(/^\/(?:embed\/)?(track|album|playlist|episode|show|artist)\/([A-Za-z0-9]{10,40})$/)
    return match ? `https://open.spotify.com/embed/${match[1]}/${match[2]}` : null
  }
  return null
}
