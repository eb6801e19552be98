import { sql } from 'drizzle-orm'
import type { PoolClient } from 'pg'
import type { TrendLine } from '@core/analytics-platforms'
import type { Queryable } from '@server/db/engine'
import { copyFrom, copyText } from '@server/db/copy'
import type { RolledUp } from './rollups'

/**
 * The stored (`kept`) and the added ('dimension:value', streams) pairs summed by value: what a day's
 * (`on conflict … do update`) and a month row's update set their breakdown arrays to.
 */
export const addBreakdowns = (kept: readonly [string, string], added: readonly [string, string]) => `(breakdown_values, breakdown_streams) = (
    select coalesce(array_agg(k order by k), '{}'), coalesce(array_agg(s order by k), '{}') from (
      select k, sum(s)::bigint as s from (
        select * from unnest(${kept.join(', ')})
        union all select * from unnest(${added.join(', ')})
      ) u(k, s) group by k) x)`

// The commit's groups, summed in the dry run (docs/analytics.md, "Session 39"). The dry run reads
// every line in JavaScript anyway, with the server busy writing the facts; summing the matched
// lines there by track and day (totals and breakdown values), by the platform's day and by the
// track's week, month and year costs node ~1 s of its idle CPU, and the commit then only inserts
// those rows (`rollUpStaged`) instead of grouping a million facts six ways in SQL (most of its
// time). The rows wait in `trend_import_stage` (unlogged: a crash of the server empties it, and
// the commit then groups the facts as before, `rollUp`). Exact: whole numbers summed as doubles
// below 2^53 (a report whose totals pass that is not staged), the same keys as the SQL grouping
// ('dimension:value', null values left out, an empty one kept).

/** Track days above this, or breakdown entries above ENTRIES, and the report is not staged (memory stays bounded). */
const GROUPS = 400_000
const ENTRIES = 4_000_000
/** A track's day with more distinct breakdown values than this is not looked up in a list: the report is not staged. */
const CHAIN = 96

/**
 * A column of numbers in pages of 32,768: grows a page at a time, so nothing is copied and at most
 * one page is allocated ahead (a doubling array held twice its rows at times, ~20 MB more at the peak).
 */
class Column {
  private pages: (Float64Array | Int32Array)[] = []
  constructor(private readonly wide: boolean) {}
  get(at: number): number {
    return this.pages[at >>> 15][at & 32767]
  }
  set(at: number, value: number) {
    const page = at >>> 15
    if (page === this.pages.length) this.pages.push(this.wide ? new Float64Array(32768) : new Int32Array(32768))
    this.pages[page][at & 32767] = value
  }
  add(at: number, value: number) {
    this.pages[at >>> 15][at & 32767] += value
  }
}

/** A row of the stage: a track's day ('d'), week, month or year ('w', 'm', 'y'), or the platform's day ('p', no track). */
export interface StageRow {
  grain: 'd' | 'w' | 'm' | 'y' | 'p'
  day: string
  track: number | null
  streams: number
  listeners: number
  artificial: number
  lines: number
  values: string[]
  sums: number[]
}

const DAY_MS = 86_400_000
const weekOf = (day: string) => {
  const at = Date.parse(`${day}T00:00:00Z`)
  const back = (new Date(at).getUTCDay() + 6) % 7
  return new Date(at - back * DAY_MS).toISOString().slice(0, 10)
}

/**
 * Sums a report's matched lines as the commit's statement groups them (rollups.ts `rollUp`), as
 * they are read. `dims`: the breakdown keys the platform's lines can carry (platformDims), country
 * apart. Holds a few typed arrays: ~40 bytes a track's day and 16 a breakdown value of it.
 */
export function stageTally(dims: readonly string[]) {
  // Breakdown keys ('dimension:value') as small numbers, per dimension by value.
  const keys: string[] = []
  const byValue = [new Map<string, number>(), ...dims.map(() => new Map<string, number>())]
  const names = ['country', ...dims]
  const keyOf = (dimension: number, value: string) => {
    let id = byValue[dimension].get(value)
    if (id === undefined) {
      id = keys.length
      keys.push(`${names[dimension]}:${value}`)
      byValue[dimension].set(value, id)
    }
    return id
  }
  const dayIds = new Map<string, number>()
  const days: string[] = []
  // (track, day) → group + 1, open-addressed in a typed array (linear probing, at most half full):
  // no Map entries on the JavaScript heap for the report's track days.
  let slots = new Int32Array(1 << 16)
  const slotOf = (id: number, dayId: number) => {
    const mask = slots.length - 1
    let at = (Math.imul((id | 0) ^ Math.imul(dayId + 1, 0x9e3779b1), 0x85ebca6b) >>> 7) & mask
    for (;;) {
      const held = slots[at]
      if (held === 0 || (track.get(held - 1) === id && dayOf.get(held - 1) === dayId)) return at
      at = (at + 1) & mask
    }
  }
  const rehash = () => {
    const old = slots
    slots = new Int32Array(old.length * 2)
    for (const held of old) if (held) slots[slotOf(track.get(held - 1), dayOf.get(held - 1))] = held
  }
  let groups = 0
  let track = new Column(true)
  let dayOf = new Column(false)
  let streams = new Column(true)
  let listeners = new Column(true)
  let artificial = new Column(true)
  let lines = new Column(false)
  let head = new Column(false)
  let entries = 0
  let entryKey = new Column(false)
  let entrySum = new Column(true)
  let entryNext = new Column(false)
  let total = 0
  let staged = true
  const stop = () => {
    staged = false
    slots = new Int32Array(0)
    track = dayOf = streams = listeners = artificial = lines = head = entryKey = entrySum = entryNext = new Column(false)
  }
  const addEntry = (group: number, key: number, value: number) => {
    if (!staged) return
    let length = 0
    for (let at = head.get(group); at >= 0; at = entryNext.get(at)) {
      if (entryKey.get(at) === key) {
        entrySum.add(at, value)
        return
      }
      if (++length > CHAIN) return stop()
    }
    if (entries >= ENTRIES) return stop()
    entryKey.set(entries, key)
    entrySum.set(entries, value)
    entryNext.set(entries, head.get(group))
    head.set(group, entries)
    entries += 1
  }
  return {
    /** A line's breakdown keys (its country, then each dims value the platform's lines carry; nulls left out). */
    keysOf(country: string | null, values: TrendLine['dims']): Int32Array {
      const ids: number[] = []
      if (country !== null) ids.push(keyOf(0, country))
      for (let k = 0; k < dims.length; k += 1) {
        const value = values[dims[k] as keyof TrendLine['dims']]
        if (value !== undefined && value !== null) ids.push(keyOf(k + 1, value))
      }
      return Int32Array.from(ids)
    },
    /**
     * Adds a batch's lines; `tracks[i]` is line i's track, null when it waits for one (not rolled
     * up); `keys[i]` line i's breakdown keys (`keysOf`, worked out once per combination by the caller).
     */
    add(values: readonly TrendLine[], tracks: readonly (number | null)[], keys: readonly { keys: Int32Array }[]) {
      for (let index = 0; index < values.length && staged; index += 1) {
        const id = tracks[index]
        if (id === null) continue
        const v = values[index]
        let dayId = dayIds.get(v.day)
        if (dayId === undefined) {
          dayId = days.length
          days.push(v.day)
          dayIds.set(v.day, dayId)
        }
        const slot = slotOf(id, dayId)
        let group = slots[slot] - 1
        if (group < 0) {
          if (groups >= GROUPS) return stop()
          group = groups++
          track.set(group, id)
          dayOf.set(group, dayId)
          head.set(group, -1)
          streams.set(group, 0)
          listeners.set(group, 0)
          artificial.set(group, 0)
          lines.set(group, 0)
          slots[slot] = group + 1
          if (groups * 2 > slots.length) rehash()
        }
        streams.add(group, v.streams)
        listeners.add(group, v.listeners)
        artificial.add(group, v.artificial)
        lines.add(group, 1)
        total += Math.abs(v.streams) + Math.abs(v.listeners) + Math.abs(v.artificial)
        const ids = keys[index].keys
        for (let k = 0; k < ids.length; k += 1) addEntry(group, ids[k], v.streams)
      }
      if (total > Number.MAX_SAFE_INTEGER) stop()
    },
    /** Whether the report is staged (false: too many groups or values, or sums past 2^53). */
    get staged() {
      return staged && groups > 0
    },
    /**
     * The stage's rows: the track days in (track, day) order, each track's weeks, months and years
     * after its days, then the platform's days. Breakdown arrays sorted by key.
     */
    *rows(): Generator<StageRow> {
      if (!staged) return
      const order = new Int32Array(groups)
      for (let g = 0; g < groups; g += 1) order[g] = g
      order.sort((a, b) => track.get(a) - track.get(b) || (days[dayOf.get(a)] < days[dayOf.get(b)] ? -1 : 1))
      const weeks = days.map(weekOf)
      const months = days.map((day) => `${day.slice(0, 7)}-01`)
      const years = days.map((day) => `${day.slice(0, 4)}-01-01`)
      // The platform's days: totals, and per key.
      const platform = days.map(() => ({ streams: 0, listeners: 0, artificial: 0, lines: 0, sums: new Map<number, number>() }))
      const arrays = (sums: Map<number, number>) => {
        const ids = [...sums.keys()].sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : 0))
        return { values: ids.map((id) => keys[id]), sums: ids.map((id) => sums.get(id)!) }
      }
      type Unit = { streams: number; artificial: number; sums: Map<number, number> | null }
      let units = new Map<string, Unit>()
      let current = -1
      function* flush(): Generator<StageRow> {
        for (const [key, unit] of units) {
          const grain = key[0] as 'w' | 'm' | 'y'
          const { values, sums } = unit.sums ? arrays(unit.sums) : { values: [], sums: [] }
          yield { grain, day: key.slice(1), track: current, streams: unit.streams, listeners: 0, artificial: unit.artificial, lines: 0, values, sums }
        }
        units = new Map()
      }
      for (let index = 0; index < groups; index += 1) {
        const g = order[index]
        if (track.get(g) !== current) {
          if (current >= 0) yield* flush()
          current = track.get(g)
        }
        const d = dayOf.get(g)
        const sums = new Map<number, number>()
        for (let at = head.get(g); at >= 0; at = entryNext.get(at)) sums.set(entryKey.get(at), entrySum.get(at))
        const p = platform[d]
        p.streams += streams.get(g)
        p.listeners += listeners.get(g)
        p.artificial += artificial.get(g)
        p.lines += lines.get(g)
        for (const [key, value] of sums) p.sums.set(key, (p.sums.get(key) ?? 0) + value)
        for (const unitKey of [`w${weeks[d]}`, `m${months[d]}`, `y${years[d]}`]) {
          let unit = units.get(unitKey)
          if (!unit) {
            unit = { streams: 0, artificial: 0, sums: unitKey[0] === 'm' ? new Map() : null }
            units.set(unitKey, unit)
          }
          unit.streams += streams.get(g)
          unit.artificial += artificial.get(g)
          if (unit.sums) for (const [key, value] of sums) unit.sums.set(key, (unit.sums.get(key) ?? 0) + value)
        }
        const { values, sums: streamsOf } = arrays(sums)
        yield {
          grain: 'd',
          day: days[d],
          track: track.get(g),
          streams: streams.get(g),
          listeners: listeners.get(g),
          artificial: artificial.get(g),
          lines: lines.get(g),
          values,
          sums: streamsOf,
        }
      }
      if (current >= 0) yield* flush()
      for (let d = 0; d < days.length; d += 1) {
        const p = platform[d]
        if (!p.lines) continue
        yield { grain: 'p', day: days[d], track: null, streams: p.streams, listeners: p.listeners, artificial: p.artificial, lines: p.lines, ...arrays(p.sums) }
      }
    },
  }
}

export type StageTally = ReturnType<typeof stageTally>

const STAGE_COLUMNS = 'tenant_id, import_id, grain, day, track_id, streams, listeners, artificial, lines, breakdown_values, breakdown_streams'

/** An array's element in its text form, quoted (any character a value holds). */
const element = (value: string) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`

/** The stage's rows as COPY text, in chunks of ~64 kB. */
function* copyChunks(tenantId: number, importId: number, rows: Iterable<StageRow>): Generator<string> {
  const quoted = new Map<string, string>()
  const text = (value: string) => {
    let q = quoted.get(value)
    if (q === undefined) {
      q = copyText(element(value))
      if (quoted.size < 100_000) quoted.set(value, q)
    }
    return q
  }
  const head = `${tenantId}\t${importId}\t`
  let chunk = ''
  for (const row of rows) {
    chunk += `${head}${row.grain}\t${row.day}\t${row.track === null ? '\\N' : row.track}\t${row.streams}\t${row.listeners}\t${row.artificial}\t${row.lines}\t{${row.values.map(text).join(',')}}\t{${row.sums.join(',')}}\n`
    if (chunk.length > 1 << 16) {
      yield chunk
      chunk = ''
    }
  }
  if (chunk) yield chunk
}

/**
 * Writes a tally's rows to trend_import_stage (COPY on PostgreSQL, inserts from a jsonb recordset
 * on PGlite), in one statement on PostgreSQL: the stage is there whole or not at all. Answers the
 * rows written.
 */
export async function writeStage(client: PoolClient, postgres: boolean, tenantId: number, importId: number, tally: StageTally): Promise<number> {
  if (!tally.staged) return 0
  if (postgres) return copyFrom(client, `copy trend_import_stage (${STAGE_COLUMNS}) from stdin`, copyChunks(tenantId, importId, tally.rows()))
  // PGlite: in batches of unnested arrays (each row's breakdown arrays as their text, cast by the
  // server), inside one transaction so a failure leaves no part of it. (A jsonb recordset took 5.6 s
  // for the bench's 200,000 lines' 265,000 rows.)
  let written = 0
  await client.query('begin')
  try {
    let batch: StageRow[] = []
    const literal = (values: string[]) => `{${values.map(element).join(',')}}`
    const send = async () => {
      await client.query(
        `insert into trend_import_stage (${STAGE_COLUMNS})
         select $1, $2, grain, day, track, streams, listeners, artificial, lines, bv::text[], bs::bigint[]
         from unnest($3::text[], $4::date[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[], $9::int[], $10::text[], $11::text[])
           as r(grain, day, track, streams, listeners, artificial, lines, bv, bs)`,
        [
          tenantId,
          importId,
          batch.map((row) => row.grain),
          batch.map((row) => row.day),
          batch.map((row) => row.track),
          batch.map((row) => row.streams),
          batch.map((row) => row.listeners),
          batch.map((row) => row.artificial),
          batch.map((row) => row.lines),
          batch.map((row) => literal(row.values)),
          batch.map((row) => `{${row.sums.join(',')}}`),
        ],
      )
      written += batch.length
      batch = []
    }
    for (const row of tally.rows()) {
      batch.push(row)
      if (batch.length >= 5_000) await send()
    }
    if (batch.length) await send()
    await client.query('commit')
  } catch (error) {
    await client.query('rollback')
    throw error
  }
  return written
}

/** Drops an import's stage (a new dry run, a cancel, a failure; the commit drops it in its statement). */
export async function dropStage(db: Queryable, importId: number): Promise<void> {
  await db.execute(sql`delete from trend_import_stage where import_id = ${importId}`)
}

/**
 * The commit from the dry run's stage: the import's rows inserted into the four rollups as
 * rollUp would write them from the facts (the same keys, sums, `fresh` inserts and unit updates),
 * in the caller's transaction, and the stage dropped. Answers null when the import has no stage
 * (none written: unmatched, too large to stage, or emptied by a crash): the caller groups the facts.
 */
export async function rollUpStaged(
  tx: Queryable,
  tenantId: number,
  importId: number,
  platform: string,
  fresh: boolean,
  range: { from: string | null; to: string | null },
): Promise<RolledUp | null> {
  // Whether the workspace holds any unit the import's rows could add to (a day, week, month or year
  // starting from its first day's year or week, of its platform or every platform's): none, and they
  // are inserted without looking each one up (a first report of a year; 410,000 index probes for a
  // million lines: 4 s of updates finding nothing and 3 s of the anti-join, EXPLAIN ANALYZE at load ~13).
  const { rows: held } = await tx.execute<{ staged: boolean; units: boolean }>(sql`
    select exists (select 1 from trend_import_stage where import_id = ${importId} and tenant_id = ${tenantId}) as staged,
      ${
        range.from && range.to
          ? sql`exists (select 1 from trend_track_period where tenant_id = ${tenantId} and platform in (${platform}, '*')
              and grain in ('d', 'w', 'm', 'y')
              and starts_on between least(date_trunc('year', ${range.from}::date)::date, ${range.from}::date - 6) and ${range.to}::date)`
          : sql`true`
      } as units`)
  if (!held[0]?.staged) return null
  const unitsHeld = Boolean(held[0].units)
  const merge = (conflict: string) => sql.raw(fresh ? '' : conflict)
  const unitUpdates = (text: string) => sql.raw(unitsHeld ? text : '')
  const { rows } = await tx.execute<{ n: number; days: number }>(sql`
    with s as materialized (
      select grain, day, track_id, streams, listeners, artificial, lines, breakdown_values as bv, breakdown_streams as bs
      from trend_import_stage where import_id = ${importId} and tenant_id = ${tenantId}
    ),
    d as (
      insert into trend_daily (tenant_id, platform, track_id, day, streams, listeners, artificial, breakdown_values, breakdown_streams)
      select ${tenantId}::bigint, ${platform}::text, track_id, day, streams, listeners, artificial, bv, bs from s where grain = 'd'
      order by track_id, day
      ${merge(`on conflict (tenant_id, platform, track_id, day) do update set streams = trend_daily.streams + excluded.streams,
        listeners = trend_daily.listeners + excluded.listeners, artificial = trend_daily.artificial + excluded.artificial,
        ${addBreakdowns(['trend_daily.breakdown_values', 'trend_daily.breakdown_streams'], ['excluded.breakdown_values', 'excluded.breakdown_streams'])}`)}
    ),
    pd as (
      insert into trend_platform_daily (tenant_id, platform, day, streams, listeners, artificial)
      select ${tenantId}::bigint, ${platform}::text, day, streams, listeners, artificial from s where grain = 'p' order by day
      ${merge(`on conflict (tenant_id, day, platform) do update set streams = trend_platform_daily.streams + excluded.streams,
        listeners = trend_platform_daily.listeners + excluded.listeners, artificial = trend_platform_daily.artificial + excluded.artificial`)}
    ),
    pb as (
      insert into trend_platform_breakdown_daily (tenant_id, platform, day, dimension, value, streams)
      select ${tenantId}::bigint, ${platform}::text, s.day, split_part(b.k, ':', 1), substr(b.k, strpos(b.k, ':') + 1), b.s
      from s cross join lateral unnest(s.bv, s.bs) b(k, s) where s.grain = 'p'
      order by 4, 3, 5
      ${merge(`on conflict (tenant_id, dimension, day, platform, value) do update set streams = trend_platform_breakdown_daily.streams + excluded.streams`)}
    ),
    -- One import is one platform: every platform's ('*') weeks, months and years add what the
    -- platform's do, and its days what trend_daily's rows do.
    x as (
      select ${platform}::text as platform, grain, day as starts_on, track_id, streams, artificial, bv, bs from s where grain in ('w', 'm', 'y')
      union all
      select '*', grain, day, track_id, streams, artificial, bv, bs from s where grain in ('w', 'm', 'y')
      union all
      select '*', 'd', day, track_id, streams, artificial, '{}'::text[], '{}'::bigint[] from s where grain = 'd'
    ),
    ${unitUpdates(`tu as (
      update trend_track_period p set streams = p.streams + x.streams, artificial = p.artificial + x.artificial
      from x where p.tenant_id = ${Number(tenantId)} and p.platform = x.platform and p.grain = x.grain and p.starts_on = x.starts_on
        and p.track_id = x.track_id and x.grain <> 'm'
    ),
    tm as (
      update trend_track_period p set streams = p.streams + x.streams, artificial = p.artificial + x.artificial,
        ${addBreakdowns(['p.breakdown_values', 'p.breakdown_streams'], ['x.bv', 'x.bs'])}
      from x where p.tenant_id = ${Number(tenantId)} and p.platform = x.platform and p.grain = 'm' and x.grain = 'm'
        and p.starts_on = x.starts_on and p.track_id = x.track_id
    ),`)}
    tp as (
      insert into trend_track_period (tenant_id, platform, grain, starts_on, track_id, streams, artificial, breakdown_values, breakdown_streams)
      select ${tenantId}::bigint, platform, grain, starts_on, track_id, streams, artificial, bv, bs from x
      ${unitUpdates(`where not exists (select 1 from trend_track_period p where p.tenant_id = ${Number(tenantId)} and p.platform = x.platform
        and p.grain = x.grain and p.starts_on = x.starts_on and p.track_id = x.track_id)`)}
      order by 2, 3, 4, 5
    ),
    gone as (delete from trend_import_stage where import_id = ${importId} and tenant_id = ${tenantId})
    select (select coalesce(sum(lines), 0) from s where grain = 'd')::int as n, (select count(*) from s where grain = 'd')::int as days`)
  return { lines: Number(rows[0]?.n ?? 0), days: Number(rows[0]?.days ?? 0) }
}
