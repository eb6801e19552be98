import type { TrendLine } from '@core/analytics-platforms'

// Trend lines' dims as COPY text for the trend import's stage (the COPY itself is @server/db/copy's).
import { copyText } from '@server/db/copy'

/** The dims of a line as JSON, remembered: a report repeats a few breakdown combinations. */
export function dimsEncoder(): (dims: TrendLine['dims']) => string {
  const known = new Map<string, string>()
  return (dims) => {
    let key = ''
    // Each value with its length before it: no value can pass for the end of another.
    for (const name in dims) {
      const value = dims[name as keyof typeof dims] ?? ''
      key += `${name}:${value.length}:${value}`
    }
    let json = known.get(key)
    if (json === undefined) {
      json = copyText(JSON.stringify(dims))
      if (known.size < 50_000) known.set(key, json)
    }
    return json
  }
}

/** What the dry run writes and sums for a line's country and dims, worked out once per combination. */
export interface LineCode {
  /** The dims as JSON, escaped for COPY. */
  text: string
  /** The dims as JSON (PGlite's insert). */
  json: string
  /** The line's breakdown keys in the stage's tally (trend-stage.ts `keysOf`): its country and each dims value. */
  keys: Int32Array
}

/**
 * A line's country and dims coded once per combination (a report repeats a few hundred): its dims'
 * JSON for the facts and its breakdown keys for the stage's tally, one string-keyed look-up a line
 * (the tally looked up each of its five values by itself). Remembers up to 50,000 combinations;
 * past them a line is coded by itself (the same result).
 */
export function lineEncoder(keysOf: (country: string | null, dims: TrendLine['dims']) => Int32Array): (line: TrendLine) => LineCode {
  const known = new Map<string, LineCode>()
  return ({ country, dims }) => {
    // A country is two capital letters or null ('-'); each value with its length before it.
    let key = country ?? '-'
    for (const name in dims) {
      const value = dims[name as keyof typeof dims] ?? ''
      key += `${name}:${value.length}:${value}`
    }
    let code = known.get(key)
    if (code === undefined) {
      const json = JSON.stringify(dims)
      code = { text: copyText(json), json, keys: keysOf(country, dims) }
      if (known.size < 50_000) known.set(key, code)
    }
    return code
  }
}
