import { sql } from 'drizzle-orm'
import { keysetRows } from '@server/csv-stream'
import type { ReportSource } from '@domains/reports/server/sources'

/**
 * raw-data: every statement line of the standing imports (dry run ready or committed; never
 * cancelled, failed or rolled back) in the period, in id order on a keyset, so ten million lines
 * leave as a stream a page at a time. An account's report holds the lines of its releases.
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
  },
}
