import type { EntityKind, SearchHit } from '@contract/search'
import type { AuthedContext } from './context'

/** How a domain makes its records findable from the palette. */
export interface SearchProvider {
  kind: EntityKind
  /** Kinds only staff may search stay hidden from other accounts. */
  access: 'auth' | 'admin'
  search(ctx: AuthedContext, query: ParsedQuery, limit: number): Promise<SearchHit[]>
}

export interface ParsedQuery {
  /** The text as typed, trimmed. */
  text: string
  /** `user:42`, `u42`, `#42` or a bare number: the id asked for. */
  id: number | null
  /** The prefix that came with the id (`user`, `release`, ...), lower-cased. */
  idPrefix: string | null
  email: string | null
  /** Trigram search needs at least this many characters. */
  fuzzy: boolean
}

export const MIN_FUZZY_LENGTH = 3

export function parseQuery(raw: string): ParsedQuery {
  const text = raw.trim()
  const idMatch = /^(?:([a-z]+)\s*[:#-]?\s*|#)?(\d{1,15})$/i.exec(text)
  const email = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) ? text.toLowerCase() : null
  return {
    text,
    id: idMatch ? Number(idMatch[2]) : null,
    idPrefix: idMatch?.[1]?.toLowerCase() ?? null,
    email,
    fuzzy: text.length >= MIN_FUZZY_LENGTH,
  }
}

/** `%` and `_` are wildcards in LIKE: a search for "50%" means the characters. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}
