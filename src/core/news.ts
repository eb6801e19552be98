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
