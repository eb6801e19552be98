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
