import { copyText } from '@server/db/copy'
import { plainArray, textArray } from '@server/db/arrays'
import type { CsvBatchPlace } from './csv'
import { BASE_SCALE, unitsText, type Units } from './line-values'

// Where a statement's lines go as they are read (docs/decisions.md, "Statement imports at a
// million lines" and "Session 39 (item 1)"): every converted line is staged, as it is read, into a
// table of the import's own (statement_stage_<import id>, unlogged, dropped once the read ends):
// by COPY on PostgreSQL, by inserts of unnested arrays on PGlite. Once the file is read, one
// statement (stageFinish) matches the staged lines against the catalogue (ISRC → track, then UPC →
// release, then the remembered manual matches) and writes what the import keeps: the matched lines
// summed per (period, channel, territory, release, track) into statement_line_groups, which posting
// reads, and located a block of BLOCK_LINES at a time in statement_line_blocks (the byte range of
// the stored file they are in, and their matches), which the lines list and the raw-data report read
// back (./line-blocks.ts); the lines that match nothing become rows of statement_lines, one each,
// so they can be listed and matched by hand. Nothing per line or per track is held in JavaScript
// beyond the chunk being sent.

/** Matched lines per block row. */
export const BLOCK_LINES = 1_000
/** Lines per staged chunk: one COPY message, or one insert on PGlite. */
export const STAGE_ROWS = 2_000
/** Inserts under way at once while reading goes on (PGlite). */
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
 * connection.
 */
export type Run = <T = Record<string, unknown>>(text: string, values: unknown[], name?: string) => Promise<{ rows: T[] }>


/** The import's stage table (its id is a number: nothing else is ever written into the name). */
export function stageTable(importId: number): string {
  if (!Number.isSafeInteger(importId) || importId <= 0) throw new Error(`not an import id: ${importId}`)
  return `statement_stage_${importId}`
}

/** The stage's columns, in the order of a COPY row and of the PGlite insert. */
export const STAGE_COLUMNS =
  'line_no, period, isrc, upc, title, artist, channel, territory, quantity, gross, net, net_base, byte_start, byte_end'

/** The statement that makes an import's stage table (unlogged: a crash empties it, and a read starts again from no lines anyway). */
export const createStage = (importId: number) =>
  `create unlogged table ${stageTable(importId)} (line_no integer not null, period date not null, isrc text, upc text,
    title text, artist text, channel text not null, territory text not null, quantity bigint not null, gross numeric not null,
    net numeric not null, net_base numeric not null, byte_start bigint not null, byte_end bigint not null)`

export const dropStage = (importId: number) => `drop table if exists ${stageTable(importId)}`

/**
 * Where the staged lines go. `copy` (PostgreSQL): a chunk of COPY text rows into the stage, settled
 * once the chunk is taken (so one waits at most), and `end` once the COPY is done. Without `copy`
 * (PGlite, whose socket takes no COPY) the chunks are inserts run by `run`. `finish` runs
 * stageFinish once every line is staged and answers its rows.
 */
export interface StageSink {
  run: Run
  copy?: (text: string) => Promise<void>
  end?: () => Promise<void>
  finish: (tenantId: number, lastLine: number) => Promise<StageTally[]>
}

/** The byte offset in the file of a character offset, walked forward through a non-ASCII batch instead of measured from its start each time. */
class ByteCursor {
  private place: CsvBatchPlace | null = null
  private char = 0
  private byte = 0
  at(place: CsvBatchPlace, char: number): number {
    if (place.ascii) return place.byteBase + char
    if (place !== this.place || char < this.char) {
      this.place = place
      this.char = 0
      this.byte = place.byteBase
    }
    if (char > this.char) this.byte += Buffer.byteLength(place.text.slice(this.char, char))
    this.char = char
    return this.byte
  }
}

const cell = (value: string | null) => (value === null ? '\\N' : copyText(value))

/** Stages an import's lines as they are read, STAGE_ROWS at a time. */
export class LineStage {
  private text = ''
  private count = 0
  private rows: (string | number | null)[][] = []
  private readonly cursor = new ByteCursor()
  private readonly inFlight: Promise<void>[] = []
  constructor(
    private readonly sink: StageSink,
    private readonly importId: number,
  ) {}

  /** A converted line (read from the file: its place is set); a promise when a full chunk had to be sent (await it before going on). */
  add(line: StoredLine, base: Units): Promise<void> | null {
    const place = line[15] as CsvBatchPlace
    const start = this.cursor.at(place, place.starts[line[16]])
    const end = this.cursor.at(place, place.ends[line[16]])
    const baseText = unitsText(base, BASE_SCALE)
    if (this.sink.copy) {
      this.text += `${line[0]}\t${line[1]}\t${cell(line[2])}\t${cell(line[3])}\t${cell(line[4])}\t${cell(line[5])}\t${copyText(line[6])}\t${copyText(line[7])}\t${line[8]}\t${line[9]}\t${line[10]}\t${baseText}\t${start}\t${end}\n`
    } else {
      this.rows.push([line[0], line[1], line[2], line[3], line[4], line[5], line[6], line[7], line[8], line[9], line[10], baseText, start, end])
    }
    this.count += 1
    return this.count >= STAGE_ROWS ? this.flush() : null
  }

  /** Sends what is left and waits for every write (the COPY's end is the caller's: sink.end). */
  async finish() {
    await this.flush()
    await Promise.all(this.inFlight.splice(0))
  }

  /** Waits for every write under way (after a failure, before the caller cleans up). */
  async settle() {
    await Promise.allSettled(this.inFlight.splice(0))
  }

  private async flush() {
    if (!this.count) return
    this.count = 0
    if (this.sink.copy) {
      const text = this.text
      this.text = ''
      await this.sink.copy(text)
      return
    }
    const rows = this.rows
    this.rows = []
    const column = (index: number) => rows.map((row) => row[index])
    const n = (index: number) => plainArray(column(index) as (string | number)[])
    const t = (index: number) => textArray(column(index) as (string | null)[])
    if (this.inFlight.length >= IN_FLIGHT) await this.inFlight.shift()
    const done = this.sink
      .run(
        `insert into ${stageTable(this.importId)} (${STAGE_COLUMNS})
        select * from unnest($1::int[], $2::date[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
          $9::bigint[], $10::numeric[], $11::numeric[], $12::numeric[], $13::bigint[], $14::bigint[])`,
        [n(0), n(1), t(2), t(3), t(4), t(5), t(6), t(7), n(8), n(9), n(10), n(11), n(12), n(13)],
      )
      .then(() => undefined)
    done.catch(() => undefined)
    this.inFlight.push(done)
  }
}

/** Block numbers apart between the parts of one finish (a part holds fewer than this many blocks). */
export const PART_BLOCKS = 1_000_000

/** What matching the staged lines found, per way of matching ('' for none): lines and net in base units. */
export interface StageTally {
  matched_by: 'isrc' | 'upc' | 'manual' | ''
  lines: string
  net: string
}

/**
 * The staged lines matched and kept, in one statement ($1 tenant, $2 import; one transaction: all of
 * it or none): ISRC → track (the lowest id when an ISRC repeats), else UPC → release (the lowest
 * id), else a manual match remembered for the ISRC, else one for the UPC — each key looked up once
 * (the lowest id by a sort in byte order: the database's collation is not needed to pick it, and
 * sorting a million keys by it cost seconds).
 * Only the lines numbered $3..$4 are taken, their blocks numbered from $5: a large stage is finished
 * in parts at once (FINISH_PARTS, ./stage-sink.ts), each part's blocks numbered apart
 * (PART_BLOCKS) so block order stays line order; a block may then hold fewer lines at a part's
 * end, and a key's sum may be split over the parts' groups (readers group, as they always did).
 * Matched lines are summed into statement_line_groups and located BLOCK_LINES at a time, in line
 * order, in statement_line_blocks (`data` as JSON.stringify wrote it: marks, tracks, releases);
 * unmatched lines become statement_lines rows in line order. Answers the lines and net per match.
 */
export function stageFinish(importId: number): string {
  const stage = stageTable(importId)
  const part = 'line_no between $3 and $4'
  return `with m as materialized (
      select s.line_no, s.period, s.isrc, s.upc, s.title, s.artist, s.channel, s.territory, s.quantity, s.gross, s.net, s.net_base,
        s.byte_start, s.byte_end,
        case when i.track_id is not null then i.track_id when u.release_id is not null then null
          when i.manual_release is not null then i.manual_track when u.manual_release is not null then u.manual_track end as track_id,
        case when i.track_id is not null then i.release_id when u.release_id is not null then u.release_id
          when i.manual_release is not null then i.manual_release else u.manual_release end as release_id,
        case when i.track_id is not null then 'isrc' when u.release_id is not null then 'upc'
          when i.manual_release is not null or u.manual_release is not null then 'manual' end as matched_by
      from ${stage} s
        left join (
          select k.isrc, t.id as track_id, t.release_id, m.track_id as manual_track, m.release_id as manual_release
          from (select distinct isrc from ${stage} where isrc is not null and ${part}) k
            left join (
              select distinct on (isrc collate "C") isrc, id, release_id from tracks
              where tenant_id = $1 and isrc in (select isrc from ${stage} where ${part}) order by isrc collate "C", id
            ) t on t.isrc = k.isrc
            left join statement_manual_matches m on m.tenant_id = $1 and m.key_kind = 'isrc' and m.key = k.isrc
        ) i on i.isrc = s.isrc
        left join (
          select k.upc, r.id as release_id, m.track_id as manual_track, m.release_id as manual_release
          from (select distinct upc from ${stage} where upc is not null and ${part}) k
            left join (
              select distinct on (upc collate "C") upc, id from releases
              where tenant_id = $1 and upc in (select upc from ${stage} where ${part}) order by upc collate "C", id
            ) r on r.upc = k.upc
            left join statement_manual_matches m on m.tenant_id = $1 and m.key_kind = 'upc' and m.key = k.upc
        ) u on u.upc = s.upc
      where s.${part}
    ),
    groups as (
      insert into statement_line_groups (tenant_id, import_id, period, channel, territory, release_id, track_id, lines, quantity, net_base)
      select $1, $2, period, channel, territory, release_id, track_id, count(*), sum(quantity), sum(net_base)
      from m where release_id is not null
      group by period, channel, territory, release_id, track_id
    ),
    placed as (
      select line_no, byte_start, byte_end, track_id, release_id, matched_by,
        row_number() over w - 1 as n, line_no - lag(line_no) over w - 1 as gap
      from m where release_id is not null
      window w as (order by line_no)
    ),
    blocks as (
      insert into statement_line_blocks (import_id, block_no, tenant_id, first_line, last_line, lines, byte_start, byte_end, data)
      select $2, block_no, $1, min(line_no), max(line_no), count(*), min(byte_start), max(byte_end),
        '{"m":"' || string_agg(mark, '' order by line_no) || '","t":[' || string_agg(coalesce(track_id, 0)::text, ',' order by line_no)
          || '],"r":[' || string_agg(release_id::text, ',' order by line_no) || ']}'
      from (
        select $5 + n / ${BLOCK_LINES} as block_no, line_no, byte_start, byte_end, track_id, release_id,
          -- The records between two of a block's lines (unmatched, blank or bad) are marked "-".
          repeat('-', case when n % ${BLOCK_LINES} = 0 then 0 else gap::int end)
            || case matched_by when 'isrc' then 'i' when 'upc' then 'u' else 'm' end as mark
        from placed
      ) marked
      group by block_no
    ),
    unmatched as (
      insert into statement_lines
        (tenant_id, import_id, line_no, period, isrc, upc, title, artist, channel, territory, quantity, gross, net, net_base)
      select $1, $2, line_no, period, isrc, upc, title, artist, channel, territory, quantity, gross, net, net_base
      from m where release_id is null order by line_no
    )
    select coalesce(matched_by, '') as matched_by, count(*)::text as lines, sum(net_base)::text as net from m group by 1`
}
