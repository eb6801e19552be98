import { sql } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'
import { keysetRows } from '@server/csv-stream'
import type { ReportScope, ReportSource } from '@server/report-source'
import { blockSource, LineNames, readBlock, type BlockRow, type BlockSource } from './line-blocks'
import { BASE_SCALE, unitsText } from './line-values'

/** The lines of standing imports located by blocks (matched when read), read back from their files block by block, in scope. */
async function* blockRows(q: Queryable, scope: ReportScope): AsyncGenerator<unknown[]> {
  type Block = BlockRow & { import_id: number; block_no: number; source: string; currency: string }
  const names = new LineNames(q, scope.tenantId)
  const files = scope.files
  const page = (after: [number, number] | null, size: number) => sql`
    select b.import_id, b.block_no, i.source, i.currency, b.first_line, b.byte_start, b.byte_end, b.data
    from statement_line_blocks b
      join statement_imports i on i.id = b.import_id and i.tenant_id = ${scope.tenantId} and i.status in ('review', 'committed')
    where b.tenant_id = ${scope.tenantId} ${after ? sql`and (b.import_id, b.block_no) > (${after[0]}, ${after[1]})` : sql``}
    order by b.import_id, b.block_no limit ${size}`
  let source = null as { importId: number; value: BlockSource | null } | null
  for await (const block of keysetRows<Block, [number, number]>(q, page, (b) => [Number(b.import_id), Number(b.block_no)], 200)) {
    if (!files) throw new Error('The raw-data report reads statement files: its scope needs the file store.')
    const importId = Number(block.import_id)
    if (source?.importId !== importId) source = { importId, value: await blockSource({ db: q, files }, scope.tenantId, importId) }
    if (!source.value) continue
    const lines = (await readBlock(files, source.value, block)).filter(
      (line) => (scope.from === null || line[1] >= scope.from) && (scope.to === null || line[1] <= scope.to),
    )
    await names.load(lines)
    for (const line of lines) {
      const release = names.release(line[13])
      if (scope.accountId !== null && release?.accountId !== scope.accountId) continue
      yield [
        block.import_id,
        block.source,
        line[1].slice(0, 7),
        line[2],
        line[3],
        names.track(line[12]) ?? line[4],
        release?.title ?? '',
        line[6],
        line[7],
        line[8],
        line[9],
        line[10],
        block.currency,
        unitsText(line[11], BASE_SCALE),
        release?.account ?? '',
      ]
    }
  }
}

/**
 * raw-data: every statement line of the standing imports (dry run ready or committed; never
 * cancelled, failed or rolled back) in the period, a page at a time on keysets, so ten million
 * lines leave as a stream: first the lines kept as rows (matched by hand or not at all, in id
 * order), then the lines kept in blocks (matched when read, a block at a time). An account's report holds the lines of its releases.
 * Money leaves as NUMERIC text: gross and net in the statement's currency, net_usd in the base currency.
 */
export const rawData: ReportSource = {
  header: [
    'import_id',
    'source',
    'period',
    'isrc',
    'upc',
    'track',
    'release',
    'channel',
    'territory',
    'quantity',
    'gross',
    'net',
    'currency',
    'net_usd',
    'matched_account',
  ],
  async *rows(q, scope) {
    type Row = Record<string, unknown> & { id: number }
    const page = (after: number | null, size: number) => sql`
      select l.id, l.import_id, i.source, to_char(l.period, 'YYYY-MM') as period, l.isrc, l.upc,
        coalesce(t.title, l.title) as track, coalesce(r.title, '') as release, l.channel, l.territory, l.quantity,
        l.gross::text as gross, l.net::text as net, i.currency, l.net_base::text as net_base,
        case when a.id is null then '' else coalesce(nullif(trim(a.first_name || ' ' || a.last_name), ''), a.email) end as account
      from statement_lines l
        join statement_imports i on i.id = l.import_id and i.tenant_id = ${scope.tenantId} and i.status in ('review', 'committed')
        left join tracks t on t.id = l.track_id and t.tenant_id = ${scope.tenantId}
        left join releases r on r.id = l.release_id and r.tenant_id = ${scope.tenantId}
        left join accounts a on a.id = r.account_id
      where l.tenant_id = ${scope.tenantId}
        ${scope.from ? sql`and l.period >= ${scope.from}::date` : sql``}
        ${scope.to ? sql`and l.period < (${scope.to}::date + interval '1 month')` : sql``}
        ${scope.accountId !== null ? sql`and r.account_id = ${scope.accountId}` : sql``}
        ${after !== null ? sql`and l.id > ${after}` : sql``}
      order by l.id limit ${size}`
    for await (const row of keysetRows<Row, number>(q, page, (r) => Number(r.id))) {
      yield [
        row.import_id,
        row.source,
        row.period,
        row.isrc,
        row.upc,
        row.track,
        row.release,
        row.channel,
        row.territory,
        row.quantity,
        row.gross,
        row.net,
        row.currency,
        row.net_base,
        row.account,
      ]
    }
    yield* blockRows(q, scope)
  },
}
