import type { TrendLine } from '@core/analytics-platforms'

// A trend line's country and dims, coded once per combination for the dry run (trend-import.ts):
// the stage tally's breakdown keys and the dims' id in the workspace's dictionary (trend_dims).

/** What the dry run writes and sums for a line's country and dims, worked out once per combination. */
export interface LineCode {
  /** The dims as JSON (the dictionary's look-up). */
  json: string
  /** The line's breakdown keys in the stage's tally (trend-stage.ts `keysOf`): its country and each dims value. */
  keys: Int32Array
  /** The dims' id in the workspace's trend_dims, once `dimsDictionary` has looked it up. */
  id: number | null
}

/** A level of lineEncoder's tree: the next value's branches, and the codes of combinations that end here. */
interface Branch {
  next: Map<string, Branch>
  codes: { names: string[]; code: LineCode }[]
}

/**
 * A line's country and dims coded once per combination (a report repeats a few hundred): its dims'
 * JSON and dictionary id (`dimsDictionary`) for the facts and its breakdown keys for the stage's
 * tally. Found by walking a tree of the line's values (country, then each dims value in order),
 * without building a key (a string built a line and hashed took ~0.5 s a million lines); the
 * combination's names are compared at its end. Remembers up to 50,000 combinations; past them a
 * line is coded by itself (the same result).
 */
export function lineEncoder(keysOf: (country: string | null, dims: TrendLine['dims']) => Int32Array): (line: TrendLine) => LineCode {
  const root: Branch = { next: new Map(), codes: [] }
  let remembered = 0
  const fresh = (country: string | null, dims: TrendLine['dims']): LineCode => ({ json: JSON.stringify(dims), keys: keysOf(country, dims), id: null })
  return ({ country, dims }) => {
    // A country is two capital letters or null ('').
    let branch = root.next.get(country ?? '')
    let count = 0
    for (const name in dims) {
      if (!branch) break
      branch = branch.next.get(dims[name as keyof typeof dims] ?? '')
      count += 1
    }
    if (branch)
      for (const held of branch.codes) {
        if (held.names.length !== count) continue
        let same = true
        let at = 0
        for (const name in dims) if (held.names[at++] !== name) same = false
        if (same) return held.code
      }
    const code = fresh(country, dims)
    if (remembered >= 50_000) return code
    remembered += 1
    let level = root
    const path = [country ?? '', ...Object.values(dims).map((value) => value ?? '')]
    for (const value of path) {
      let next = level.next.get(value)
      if (!next) {
        next = { next: new Map(), codes: [] }
        level.next.set(value, next)
      }
      level = next
    }
    level.codes.push({ names: Object.keys(dims), code })
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
