import { sql } from 'drizzle-orm'
import type { StatementSource } from '@contract/earnings-imports'
import type { Queryable } from '@server/db/engine'
import { bigintArray } from '@server/db/arrays'
import type { FileRow, FileStore } from '@server/storage/file-store'
import { csvBatches } from './csv'
import type { Columns } from './formats'
import { LineConverter, type LineSetting } from './line-convert'
import type { StoredLine } from './line-store'
import { ImportFailure } from './line-values'

// Reading a block of matched lines back from the stored file (statement_line_blocks: byte range
// plus matches), converted as they were when the file was read (./line-convert.ts).

/** A block row: its place in the file and its matches. */
export type BlockRow = {
  first_line: number
  byte_start: number
  byte_end: number
  data: string
}

/** What a block's `data` holds: per record of its range a mark, and per matched record its track and release. */
export interface BlockMatches {
  m: string
  t: number[]
  r: number[]
}

const MATCHED_BY = { i: 'isrc', u: 'upc', m: 'manual' } as const

/** An import as reading its blocks back needs it: its stored file (looked up once) and how to read it. */
export interface BlockSource {
  file: FileRow
  setting: LineSetting
}

/**
 * The import's file and reading setting, for its blocks; null before its lines were stored in
 * blocks. A file no longer stored is refused with the reason.
 */
export async function blockSource(
  services: { db: Queryable; files: FileStore },
  tenantId: number,
  importId: number,
): Promise<BlockSource | null> {
  const { db } = services
  const { rows } = await db.execute<{
    file_id: number | null
    source: StatementSource
    period: string
    exchange_rate: string | null
    line_columns: Columns | null
  }>(sql`
    select file_id, source, to_char(period, 'YYYY-MM-DD') as period, exchange_rate::text as exchange_rate, line_columns
    from statement_imports where id = ${importId} and tenant_id = ${tenantId}`)
  const row = rows[0]
  if (!row || row.file_id === null || row.exchange_rate === null || !row.line_columns) return null
  const file = await services.files.find(db, tenantId, Number(row.file_id))
  if (!file) throw new ImportFailure('The statement file is no longer stored, so its matched lines cannot be shown.')
  return { file, setting: { source: row.source, period: row.period, columns: row.line_columns, rate: row.exchange_rate } }
}

/** The lines of one block, read back from the stored file, with their matches, in file order. */
export async function readBlock(files: FileStore, source: BlockSource, block: BlockRow): Promise<StoredLine[]> {
  const matches = JSON.parse(block.data) as BlockMatches
  const start = Number(block.byte_start)
  const stream = await files.open(source.file, { start, end: Number(block.byte_end) })
  const converter = new LineConverter(source.setting)
  const lines: StoredLine[] = []
  let record = 0
  let matched = 0
  try {
    for await (const batch of csvBatches(stream, start)) {
      for (const cells of batch) {
        const mark = matches.m[record] as keyof typeof MATCHED_BY | '-' | undefined
        const lineNo = Number(block.first_line) + record
        record += 1
        if (mark === undefined) return lines
        if (mark === '-') continue
        const line = converter.convert(cells, lineNo, null, 0)
        line[12] = matches.t[matched] || null
        line[13] = matches.r[matched]
        line[14] = MATCHED_BY[mark]
        matched += 1
        lines.push(line)
      }
    }
  } finally {
    stream.destroy()
  }
  return lines
}

/**
 * Track titles, and release titles with their account's name, for lines read back from blocks (which
 * hold only ids); what it has looked up is kept, up to 100,000 ids.
 */
export class LineNames {
  private tracks = new Map<number, string>()
  private releases = new Map<number, { title: string; accountId: number | null; account: string }>()
  constructor(
    private readonly q: Queryable,
    private readonly tenantId: number,
  ) {}
  async load(lines: StoredLine[]) {
    if (this.tracks.size + this.releases.size > 100_000) {
      this.tracks = new Map()
      this.releases = new Map()
    }
    const trackIds = [...new Set(lines.map((line) => line[12]).filter((id): id is number => id !== null && !this.tracks.has(id)))]
    const releaseIds = [...new Set(lines.map((line) => line[13]).filter((id): id is number => id !== null && !this.releases.has(id)))]
    if (trackIds.length) {
      const { rows } = await this.q.execute<{ id: number; title: string }>(
        sql`select id, title from tracks where tenant_id = ${this.tenantId} and id = any(${bigintArray(trackIds)})`,
      )
      for (const row of rows) this.tracks.set(Number(row.id), row.title)
    }
    if (releaseIds.length) {
      const { rows } = await this.q.execute<{ id: number; title: string; account_id: number | null; account: string }>(sql`
        select r.id, r.title, r.account_id,
          case when a.id is null then '' else coalesce(nullif(trim(a.first_name || ' ' || a.last_name), ''), a.email) end as account
        from releases r left join accounts a on a.id = r.account_id
        where r.tenant_id = ${this.tenantId} and r.id = any(${bigintArray(releaseIds)})`)
      for (const row of rows)
        this.releases.set(Number(row.id), {
          title: row.title,
          accountId: row.account_id === null ? null : Number(row.account_id),
          account: row.account,
        })
    }
  }
  track(id: number | null) {
    return id === null ? undefined : this.tracks.get(id)
  }
  release(id: number | null) {
    return id === null ? undefined : this.releases.get(id)
  }
}
