import { sql, type SQL } from 'drizzle-orm'
import { checkIsrc, checkUpc } from '@core/identifiers'
import type { EntityKind, SearchHit } from '@contract/search'
import type { AuthedContext } from './context'
import type { Queryable } from './db/engine'

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
  /** A pasted UPC/EAN (valid check digit), digits only. */
  upc: string | null
  /** A pasted ISRC, compact and upper-case. */
  isrc: string | null
  /**
   * A money amount, as a decimal string, only when the query says it is one: a currency sign or code
   * (`$12`, `12 USD`, `€12.50`) or a decimal point (`12.50`). A bare `1250` is an id, never an amount.
   */
  amount: string | null
  /**
   * A catalogue number or payee id as pasted: one word of letters and at least three digits
   * (`BX0004242`, `BENCH-PAYEE-4242`). Looked up exactly; too many of its trigrams are common to
   * every code of the same shape for a fragment search to be quick.
   */
  code: string | null
  /**
   * The text names one record by an identifier (an email, UPC, ISRC, code or prefixed id): providers answer
   * it from their identifier indexes alone and run no trigram search.
   */
  identifier: boolean
  /** Trigram search needs at least this many characters. */
  fuzzy: boolean
}

export const MIN_FUZZY_LENGTH = 3

/** Every prefix some provider reads as "the id of my kind" (user:42, r42, payout#7, ...). */
const ID_PREFIXES = new Set(
  'user u account acc artist label admin release r rel track t trk edit er request editrequest draft d split s sp report rep import imp i statement payout p po ticket tk greenlist gl blocklist bl mcn youtubemcn soundscan chartregistration pitch licensing licence post news blast fanblast dm discovery match'.split(
    ' ',
  ),
)

const AMOUNT = /^(?:([$€£])\s*)?(\d{1,13}(?:\.\d{1,6})?)(?:\s*(usd|eur|gbp))?$/i

function parseAmount(text: string): string | null {
  const match = AMOUNT.exec(text)
  if (!match) return null
  const [, sign, digits, code] = match
  return sign || code || digits.includes('.') ? digits : null
}

export function parseQuery(raw: string): ParsedQuery {
  const text = raw.trim()
  // "WLX-00" is a catalogue number, not the id 0 of a kind called wlx: only known prefixes make an id.
  const idMatch = /^(?:([a-z]+)\s*[:#-]?\s*|#)?(\d{1,15})$/i.exec(text)
  const idPrefix = idMatch?.[1]?.toLowerCase() ?? null
  const isId = idMatch !== null && (idPrefix === null || ID_PREFIXES.has(idPrefix))
  const email = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) ? text.toLowerCase() : null
  const upc = checkUpc(text)
  const isrc = checkIsrc(text)
  const code =
    email === null && !upc.ok && !isrc.ok && !isId && looksLikeCode(text) && /[a-z]/i.test(text) && (text.match(/\d/g)?.length ?? 0) >= 3
      ? text
      : null
  return {
    text,
    id: isId ? Number(idMatch[2]) : null,
    idPrefix: isId ? idPrefix : null,
    email,
    upc: upc.ok ? upc.value : null,
    isrc: isrc.ok ? isrc.value : null,
    amount: parseAmount(text),
    code,
    identifier: email !== null || upc.ok || isrc.ok || code !== null || (isId && (idPrefix !== null || text.startsWith('#'))),
    fuzzy: text.length >= MIN_FUZZY_LENGTH,
  }
}

/** `%` and `_` are wildcards in LIKE: a search for "50%" means the characters. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/**
 * Branches joined with UNION ALL, each in parentheses so it keeps its own ORDER BY and LIMIT: every
 * identifier gets its own index lookup. An OR chain of the same conditions under one ORDER BY … LIMIT
 * cannot use any of those indexes and walks the table's order index instead (issue 18).
 */
export function unionAll(branches: readonly SQL[]): SQL {
  return sql.join(
    branches.map((branch) => sql`(${branch})`),
    sql` union all `,
  )
}

/**
 * The ids the branches found (each selects `id, created_at`), once each, newest first, at most
 * `limit`: the provider then loads those rows to show them.
 */
export async function newestIds(db: Queryable, branches: readonly SQL[], limit: number): Promise<number[]> {
  if (branches.length === 0) return []
  const found = await db.execute<{ id: number }>(sql`
    select id from (${unionAll(branches)}) found group by id, created_at
    order by created_at desc nulls last, id desc limit ${limit}`)
  return found.rows.map((row) => Number(row.id))
}

/**
 * `best (id, score)`: each id the branches found once, with its best score; the statement that follows
 * joins it to the rows to show. Branches select `id` and `score`.
 */
export function bestHits(branches: readonly SQL[]): SQL {
  return sql`with hits as (${unionAll(branches)}), best as (select id, max(score) as score from hits group by id)`
}

/** Catalogue numbers and payee ids: one word of letters, digits and the punctuation they use, with a digit. */
export function looksLikeCode(text: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._/-]{1,39}$/.test(text) && /\d/.test(text)
}
