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
  /** The dims as JSON (the dictionary's look-up). */
  json: string
  /** The line's breakdown keys in the stage's tally (trend-stage.ts `keysOf`): its country and each dims value. */
  keys: Int32Array
  /** The dims' id in the workspace's trend_dims, once `dimsDictionary` has looked it up. */
  id: number | null
}

/**
 * A line's country and dims coded once per combination (a report repeats a few hundred): its dims'
 * JSON and dictionary id (`dimsDictionary`) for the facts and its breakdown keys for the stage's
 * tally, one string-keyed look-up a line (the tally looked up each of its five values by itself). Remembers up to 50,000 combinations;
 * past them a line is coded by itself (the same result).
 */
export function lineEncoder(keysOf: (country: string | null, dims: TrendLine['dims']) => Int32Array): (line: TrendLine) => LineCode {
  const known = new Map<string, LineCode>()
  return ({ country, dims }) => {
    // A country is two capital letters or null ('-'); each value after its name and its length as
    // one character (no value can pass for the end of another; a value of 65,535 characters or
    // more is not remembered).
    let key = country ?? '-'
    let long = false
    for (const name in dims) {
      const value = dims[name as keyof typeof dims] ?? ''
      if (value.length >= 0xffff) long = true
      key += name + String.fromCharCode(value.length) + value
    }
    let code = long ? undefined : known.get(key)
    if (code === undefined) {
      const json = JSON.stringify(dims)
      code = { json, keys: keysOf(country, dims), id: null }
      if (!long && known.size < 50_000) known.set(key, code)
    }
    return code
  }
}

type Lookup = (text: string, values: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>

/**
 * The ids of lines' dims in the workspace's dictionary (trend_dims), each combination added once:
 * sets `id` on the codes that have none, one insert and one select for a batch's new combinations
 * (a report's first batch holds most of them). Combinations are committed as they are added (a
 * failed dry run leaves them, unused: harmless); a combination another import adds at the same time
 * is found by the select, which comes after both inserts.
 */
export function dimsDictionary(query: Lookup, tenantId: number): (codes: readonly LineCode[]) => Promise<void> {
  return async (codes) => {
    const missing = new Map<string, LineCode[]>()
    for (const code of codes) {
      if (code.id !== null) continue
      const same = missing.get(code.json)
      if (same) same.push(code)
      else missing.set(code.json, [code])
    }
    if (!missing.size) return
    const jsons = [...missing.keys()]
    await query('insert into trend_dims (tenant_id, dims) select $1, x from unnest($2::jsonb[]) x on conflict (tenant_id, dims) do nothing', [
      tenantId,
      jsons,
    ])
    const { rows } = await query(
      'select u.n, d.id from unnest($2::jsonb[]) with ordinality u(x, n) join trend_dims d on d.tenant_id = $1 and d.dims = u.x',
      [tenantId, jsons],
    )
    for (const row of rows) for (const code of missing.get(jsons[Number(row.n) - 1])!) code.id = Number(row.id)
    for (const code of codes) if (code.id === null) throw new Error('a trend line\'s dims were not added to the dictionary')
  }
}
