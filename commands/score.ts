/** A query made ready once per keystroke, for scoring against many texts. */
export interface PreparedQuery {
  needle: string
  /** Its words, when it has more than one. */
  words: string[]
  /** Its length without spaces (the subsequence score's denominator). */
  compactLength: number
}

export function prepareQuery(query: string): PreparedQuery {
  const needle = query.toLowerCase().trim()
  const words = needle.includes(' ') ? needle.split(' ').filter(Boolean) : []
  return { needle, words, compactLength: needle.replace(/\s/g, '').length }
}

/**
 * Ranks how well `query` matches `text` (0 = no match, 1 = exact). Fast enough to run over every
 * registered command on each keystroke (see tests/bench/palette.ts):
 * whole-prefix > word-prefix > substring > in-order initials/subsequence.
 */
export function scoreMatch(text: string, query: string): number {
  if (!query) return 1
  return scorePrepared(text.toLowerCase(), prepareQuery(query))
}

/** `scoreMatch` for a lower-cased text and a prepared query: what a loop over thousands of commands calls. */
export function scorePrepared(haystack: string, query: PreparedQuery): number {
  const { needle } = query
  if (!needle) return 1
  if (haystack === needle) return 1
  if (haystack.startsWith(needle)) return 0.95 - Math.min(0.1, (haystack.length - needle.length) / 500)
  const at = haystack.indexOf(needle)
  if (at > 0) {
    const wordStart = SEPARATORS.has(haystack[at - 1])
    return (wordStart ? 0.85 : 0.7) - Math.min(0.1, at / 300)
  }
  // Every query word at a word start, in any order ("rel man" -> "Manage releases").
  if (query.words.length > 1 && query.words.every((word) => startsAWord(haystack, word))) return 0.65
  // One or two letters scattered through a title say nothing (every command would match "ge").
  if (query.compactLength <= 2) return 0
  return subsequence(haystack, query)
}

const SEPARATORS = new Set([' ', '/', '-', '_', '.', ':'])

function startsAWord(haystack: string, word: string): boolean {
  let from = 0
  for (;;) {
    const at = haystack.indexOf(word, from)
    if (at === -1) return false
    if (at === 0 || SEPARATORS.has(haystack[at - 1])) return true
    from = at + 1
  }
}

function subsequence(haystack: string, query: PreparedQuery): number {
  const { needle } = query
  let position = 0
  let gaps = 0
  let starts = 0
  for (const char of needle) {
    if (char === ' ') continue
    const found = haystack.indexOf(char, position)
    if (found === -1) return 0
    if (found > position) gaps += 1
    if (found === 0 || SEPARATORS.has(haystack[found - 1])) starts += 1
    position = found + 1
  }
  return Math.max(0.05, 0.5 - gaps * 0.05 + (starts / query.compactLength) * 0.1)
}
