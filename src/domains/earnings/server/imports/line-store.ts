import { plainArray, textArray } from '@server/db/arrays'
import { byteOffset, type CsvBatchPlace } from './csv'
import { own } from './line-convert'
import { BASE_SCALE, Sum, unitsText, type Units } from './line-values'

// Where a statement's lines go as they are read (docs/decisions.md, "Statement imports at a
// million lines"): the lines that match a track or release are summed per (period, channel,
// territory, release, track) into statement_line_groups, which posting reads, and located a block
// of BLOCK_LINES at a time in statement_line_blocks (the byte range of the stored file they are in,
// and their matches), which the lines list and the raw-data report read back (./line-blocks.ts);
// the lines that match nothing become rows of statement_lines, one each, so they can be listed and
// matched by hand. The matcher looks each ISRC and UPC up once. Both write their statements as text
// with $n parameters, run through a Run (./read-lines.ts).

/** Matched lines per block row. */
export const BLOCK_LINES = 1_000
/** Unmatched lines per insert. */
const ROW_CHUNK = 2_000
/** Group keys held in memory before their partial sums are written. */
const GROUP_LIMIT = 50_000
/** Keys the matcher remembers before it starts a fresh memory. */
const CACHE_LIMIT = 200_000
/** Writes under way at once while reading goes on (each on its own pooled connection). */
const IN_FLIGHT = 2

/**
 * [line_no, period, isrc, upc, title, artist, channel, territory, quantity, gross, net, net_base
 * (micro-units, formatted only where shown or stored), track_id, release_id, matched_by, place of its
 * batch, index in its batch] (the last two while read from the file, null when read back).
 */
export type StoredLine = [
  number,
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  string,
  string,
  number,
  string,
  string,
  Units,
  number | null,
  number | null,
  'isrc' | 'upc' | 'manual' | null,
  CsvBatchPlace | null,
  number,
]

/**
 * Runs one statement with $1… parameters on a pooled connection. A `name` prepares it once per
 * connection: the matcher's lookup cost ~1 ms to plan each time.
 */
export type Run = <T = Record<string, unknown>>(text: string, values: unknown[], name?: string) => Promise<{ rows: T[] }>

interface IsrcMatch {
  trackId: number
  releaseId: number
  manualTrackId: number | null
  manualReleaseId: number
}
interface UpcMatch {
  releaseId: number
  manualTrackId: number | null
  manualReleaseId: number
}
const NO_ISRC: IsrcMatch = { trackId: 0, releaseId: 0, manualTrackId: null, manualReleaseId: 0 }
const NO_UPC: UpcMatch = { releaseId: 0, manualTrackId: null, manualReleaseId: 0 }

/** Sets a line's match in place (track, release, matched_by), from the matches of its ISRC and UPC. */
function decide(line: StoredLine, byIsrc: IsrcMatch, byUpc: UpcMatch) {
  if (byIsrc.trackId) {
    line[12] = byIsrc.trackId
    line[13] = byIsrc.releaseId
    line[14] = 'isrc'
  } else if (byUpc.releaseId) {
    line[13] = byUpc.releaseId
    line[14] = 'upc'
  } else if (byIsrc.manualReleaseId) {
    line[12] = byIsrc.manualTrackId
    line[13] = byIsrc.manualReleaseId
    line[14] = 'manual'
  } else if (byUpc.manualReleaseId) {
    line[12] = byUpc.manualTrackId
    line[13] = byUpc.manualReleaseId
    line[14] = 'manual'
  }
}

/**
 * ISRC → track (the lowest id when an ISRC repeats), UPC → release, then the remembered manual
 * matches, each key looked up once per import (a memory of up to CACHE_LIMIT keys).
 */
export class Matcher {
  private isrcs = new Map<string, IsrcMatch>()
  private upcs = new Map<string, UpcMatch>()
  constructor(
    private readonly run: Run,
    private readonly tenantId: number,
  ) {}

  /**
   * Matches the lines of a chunk in place (line[12..14]; left null when nothing matches): at once
   * for keys already known, after one query for the others.
   */
  async match(lines: StoredLine[]): Promise<void> {
    if (this.isrcs.size + this.upcs.size > CACHE_LIMIT) {
      // A fresh memory; a chunk still being matched keeps the maps it started with.
      this.isrcs = new Map()
      this.upcs = new Map()
    }
    const isrcs = this.isrcs
    const upcs = this.upcs
    const waiting: StoredLine[] = []
    const newIsrcs = new Set<string>()
    const newUpcs = new Set<string>()
    for (const line of lines) {
      const byIsrc = line[2] === null ? NO_ISRC : isrcs.get(line[2])
      if (byIsrc !== undefined && byIsrc.trackId) {
        // The ISRC's track decides: its UPC need not be looked up.
        line[12] = byIsrc.trackId
        line[13] = byIsrc.releaseId
        line[14] = 'isrc'
        continue
      }
      const byUpc = line[3] === null ? NO_UPC : upcs.get(line[3])
      if (byIsrc && byUpc) {
        decide(line, byIsrc, byUpc)
        continue
      }
      waiting.push(line)
      if (!byIsrc) newIsrcs.add(line[2] as string)
      if (!byUpc) newUpcs.add(line[3] as string)
    }
    if (!waiting.length) return
    const { rows } = await this.run<{
      kind: 'i' | 'u'
      key: string
      track_id: number | null
      release_id: number | null
      manual_track_id: number | null
      manual_release_id: number | null
    }>(
      `with i as (select distinct unnest($2::text[]) as k), u as (select distinct unnest($3::text[]) as k)
      select 'i' as kind, i.k as key, t.id as track_id, t.release_id, m.track_id as manual_track_id, m.release_id as manual_release_id
      from i
        left join lateral (select id, release_id from tracks where tenant_id = $1 and isrc = i.k order by id limit 1) t on true
        left join statement_manual_matches m on m.tenant_id = $1 and m.key_kind = 'isrc' and m.key = i.k
      union all
      select 'u', u.k, null, r.id, m.track_id, m.release_id
      from u
        left join lateral (select id from releases where tenant_id = $1 and upc = u.k order by id limit 1) r on true
        left join statement_manual_matches m on m.tenant_id = $1 and m.key_kind = 'upc' and m.key = u.k`,
      [this.tenantId, textArray([...newIsrcs]), textArray([...newUpcs])],
      'statement-match',
    )
    const freshIsrcs = new Map<string, IsrcMatch>()
    const freshUpcs = new Map<string, UpcMatch>()
    for (const row of rows) {
      const manualTrackId = row.manual_track_id === null ? null : Number(row.manual_track_id)
      const manualReleaseId = row.manual_release_id === null ? 0 : Number(row.manual_release_id)
      if (row.kind === 'i') {
        const match = { trackId: Number(row.track_id ?? 0), releaseId: Number(row.release_id ?? 0), manualTrackId, manualReleaseId }
        freshIsrcs.set(row.key, match)
        isrcs.set(row.key, match)
      } else {
        const match = { releaseId: Number(row.release_id ?? 0), manualTrackId, manualReleaseId }
        freshUpcs.set(row.key, match)
        upcs.set(row.key, match)
      }
    }
    for (const line of waiting)
      decide(
        line,
        line[2] === null ? NO_ISRC : (freshIsrcs.get(line[2]) ?? isrcs.get(line[2]) ?? NO_ISRC),
        line[3] === null ? NO_UPC : (freshUpcs.get(line[3]) ?? upcs.get(line[3]) ?? NO_UPC),
      )
  }
}

interface Group {
  period: string
  channel: string
  territory: string
  releaseId: number
  trackId: number | null
  lines: number
  quantity: number
  net: Sum
  /** On an owner's first group only: its other groups by period, channel and territory (null while it has one). */
  more: Map<string, Map<string, Map<string, Group>>> | null
}

const newGroup = (line: StoredLine): Group => ({
  period: line[1],
  channel: line[6],
  territory: line[7],
  releaseId: line[13] as number,
  trackId: line[12],
  lines: 0,
  quantity: 0,
  net: new Sum(),
  more: null,
})

/**
 * Writes an import's lines as they are classified: matched ones into groups and blocks, unmatched
 * ones as rows. Writes run IN_FLIGHT at a time while the caller reads on; `finish` writes what is
 * left and waits for all of them.
 */
/**
 * Groups by track (or, for a line matched by UPC, minus its release): its first group, which holds
 * the others by period, channel and territory. A statement whose every line is on its own track
 * (issue 18: a million of them) then costs one entry and one group per track, not three maps more.
 */
type GroupTree = Map<number, Group>

export class LineWriter {
  private groups: GroupTree = new Map()
  private groupCount = 0
  /** The block being filled: per record from its first line a mark, per matched line its track and release. */
  private blockMarks = ''
  private blockTracks: number[] = []
  private blockReleases: number[] = []
  private blockFirst = 0
  private blockLast = 0
  private blockStart: { place: CsvBatchPlace; index: number } | null = null
  private blockEnd: { place: CsvBatchPlace; index: number } | null = null
  private blockNo = 0
  private rows: StoredLine[] = []
  private readonly inFlight: Promise<void>[] = []

  constructor(
    private readonly run: Run,
    private readonly tenantId: number,
    private readonly importId: number,
  ) {}

  /** A matched line; a promise when a full block or too many groups had to be written (await it before going on). */
  matched(line: StoredLine, base: Units): Promise<void> | null {
    const owner = line[12] ?? -(line[13] as number)
    const first = this.groups.get(owner)
    let group: Group | undefined
    if (first === undefined) {
      group = newGroup(line)
      this.groups.set(owner, group)
      this.groupCount += 1
    } else if (first.period === line[1] && first.channel === line[6] && first.territory === line[7]) group = first
    else {
      let byChannel = first.more?.get(line[1])
      if (!byChannel) (first.more ??= new Map()).set(line[1], (byChannel = new Map()))
      let byTerritory = byChannel.get(line[6])
      if (!byTerritory) byChannel.set(line[6], (byTerritory = new Map()))
      group = byTerritory.get(line[7])
      if (!group) {
        group = newGroup(line)
        byTerritory.set(line[7], group)
        this.groupCount += 1
      }
    }
    group.lines += 1
    group.quantity += line[8]
    group.net.add(base)
    const place = line[15] as CsvBatchPlace
    if (!this.blockTracks.length) {
      this.blockFirst = line[0]
      this.blockStart = { place, index: line[16] }
    } else if (line[0] > this.blockLast + 1) this.blockMarks += '-'.repeat(line[0] - this.blockLast - 1)
    this.blockLast = line[0]
    if (this.blockEnd?.place !== place) this.blockEnd = { place, index: line[16] }
    else this.blockEnd.index = line[16]
    this.blockMarks += line[14] === 'isrc' ? 'i' : line[14] === 'upc' ? 'u' : 'm'
    this.blockTracks.push(line[12] ?? 0)
    this.blockReleases.push(line[13] as number)
    if (this.blockTracks.length >= BLOCK_LINES || this.groupCount >= GROUP_LIMIT) return this.flushFull()
    return null
  }

  private async flushFull() {
    if (this.blockTracks.length >= BLOCK_LINES) await this.flushBlock()
    if (this.groupCount >= GROUP_LIMIT) await this.flushGroups()
  }

  /** An unmatched line; a promise when a full chunk of rows had to be written. */
  unmatched(line: StoredLine): Promise<void> | null {
    // Kept until ROW_CHUNK rows wait: its texts must not hold on to the file's chunks (own()).
    for (let index = 2; index <= 5; index += 1) if (line[index] !== null) line[index] = own(line[index] as string)
    line[15] = null
    this.rows.push(line)
    return this.rows.length >= ROW_CHUNK ? this.flushRows() : null
  }

  async finish() {
    await this.flushBlock()
    await this.flushGroups()
    await this.flushRows()
    await Promise.all(this.inFlight.splice(0))
  }

  /** Waits for every write under way (after a failure, before the caller cleans up). */
  async settle() {
    await Promise.allSettled(this.inFlight.splice(0))
  }

  /** Starts `work` once fewer than IN_FLIGHT writes are under way. */
  private async write(work: () => PromiseLike<unknown>) {
    if (this.inFlight.length >= IN_FLIGHT) await this.inFlight.shift()
    const done = Promise.resolve(work()).then(() => undefined)
    done.catch(() => undefined)
    this.inFlight.push(done)
  }

  private async flushBlock() {
    const count = this.blockTracks.length
    if (!count || !this.blockStart || !this.blockEnd) return
    const start = this.blockStart
    const end = this.blockEnd
    const byteStart = byteOffset(start.place, start.place.starts[start.index])
    const byteEnd = byteOffset(end.place, end.place.ends[end.index])
    const data = JSON.stringify({ m: this.blockMarks, t: this.blockTracks, r: this.blockReleases })
    const first = this.blockFirst
    const last = this.blockLast
    const blockNo = this.blockNo
    this.blockNo += 1
    this.blockMarks = ''
    this.blockTracks = []
    this.blockReleases = []
    this.blockStart = null
    this.blockEnd = null
    await this.write(() =>
      this.run(
        `insert into statement_line_blocks (import_id, block_no, tenant_id, first_line, last_line, lines, byte_start, byte_end, data)
        values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [this.importId, blockNo, this.tenantId, first, last, count, byteStart, byteEnd, data],
        'statement-block',
      ),
    )
  }

  private async flushGroups() {
    const groups: Group[] = []
    for (const first of this.groups.values()) {
      groups.push(first)
      if (first.more)
        for (const byChannel of first.more.values())
          for (const byTerritory of byChannel.values()) for (const group of byTerritory.values()) groups.push(group)
    }
    if (!groups.length) return
    this.groups = new Map()
    this.groupCount = 0
    const n = plainArray
    await this.write(() =>
      this.run(
        `insert into statement_line_groups (tenant_id, import_id, period, channel, territory, release_id, track_id, lines, quantity, net_base)
        select $1, $2, g.period, g.channel, g.territory, g.release_id, nullif(g.track_id, 0), g.lines, g.quantity, g.net
        from unnest($3::date[], $4::text[], $5::text[], $6::bigint[], $7::bigint[], $8::bigint[], $9::bigint[], $10::numeric[])
          as g(period, channel, territory, release_id, track_id, lines, quantity, net)`,
        [
          this.tenantId,
          this.importId,
          n(groups.map((g) => g.period)),
          textArray(groups.map((g) => g.channel)),
          textArray(groups.map((g) => g.territory)),
          n(groups.map((g) => g.releaseId)),
          n(groups.map((g) => g.trackId ?? 0)),
          n(groups.map((g) => g.lines)),
          n(groups.map((g) => g.quantity)),
          n(groups.map((g) => unitsText(g.net.value(), BASE_SCALE))),
        ],
      ),
    )
  }

  private async flushRows() {
    const rows = this.rows
    if (!rows.length) return
    this.rows = []
    const n = plainArray
    const t = textArray
    const column = <T>(index: number) => rows.map((row) => row[index] as T)
    await this.write(() =>
      this.run(
        `insert into statement_lines
          (tenant_id, import_id, line_no, period, isrc, upc, title, artist, channel, territory, quantity, gross, net, net_base)
        select $1, $2, u.*
        from unnest($3::int[], $4::date[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[],
          $11::bigint[], $12::numeric[], $13::numeric[], $14::numeric[])
          as u(line_no, period, isrc, upc, title, artist, channel, territory, quantity, gross, net, net_base)`,
        [
          this.tenantId,
          this.importId,
          n(column<number>(0)),
          n(column<string>(1)),
          t(column(2)),
          t(column(3)),
          t(column(4)),
          t(column(5)),
          t(column(6)),
          t(column(7)),
          n(column<number>(8)),
          n(column<string>(9)),
          n(column<string>(10)),
          n(rows.map((row) => unitsText(row[11], BASE_SCALE))),
        ],
      ),
    )
  }
}
