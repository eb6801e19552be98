// `DATABASE_URL=postgres://…/wl_stmt12_after_bench node --import tsx tests/bench/release-detail-readers.ts [releases]`
// The per-release readers of earnings_release_detail (a view over the committed imports' groups and
// hand-matched lines since migration 0048) timed on a database holding a committed import, against
// the same sums materialized as the table they were before (earnings_release_detail_copy, made here
// with its old primary key and dropped at the end). Each reader runs for `releases` random releases
// that have sales; p50/p95/max in ms per reader and source, plus the workspace-wide territory page.
import pg from 'pg'

const releases = Number(process.argv[2] ?? 200)
const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
await client.connect()

const { rows: tenants } = await client.query<{ tenant_id: string }>(
  `select tenant_id from statement_imports where status = 'committed' group by 1 order by count(*) desc limit 1`,
)
const tenantId = Number(tenants[0]?.tenant_id)
if (!tenantId) throw new Error('No committed import: run the statement import bench without resetting first.')

await client.query('drop table if exists earnings_release_detail_copy')
await client.query(`create table earnings_release_detail_copy as select * from earnings_release_detail where tenant_id = $1`, [tenantId])
await client.query(`alter table earnings_release_detail_copy add primary key (release_id, period, channel, territory)`)
await client.query('analyze earnings_release_detail_copy')

const { rows: sample } = await client.query<{ release_id: string; period: string }>(
  `select release_id, min(period)::text as period from earnings_release_detail_copy group by release_id order by random() limit $1`,
  [releases],
)

// The readers' SQL as src/domains/earnings/server/reports/{queries,account-sales,report-rows}.ts
// write it, with the source table as a parameter.
const readers: Record<string, (source: string, releaseId: number, period: string) => [string, unknown[]]> = {
  releaseMonthly: (source, id, period) => [
    `select to_char(m.month, 'YYYY-MM') as month, d.quantity::text, d.net::text
     from generate_series($3::date - interval '23 months', $3::date, interval '1 month') as m(month)
     left join (select period, sum(quantity) as quantity, sum(net) as net from ${source}
       where release_id = $2 and tenant_id = $1 and period >= $3::date - interval '23 months' and period <= $3::date group by period) d
       on d.period = m.month::date
     order by m.month`,
    [tenantId, id, period],
  ],
  releaseByTerritory: (source, id) => [
    `select territory as key, sum(quantity)::text, sum(net)::text from ${source}
     where release_id = any($2::bigint[]) and tenant_id = $1 group by 1 order by sum(net) desc, 1`,
    [tenantId, [id]],
  ],
  channelMonths: (source, id) => [
    `select channel, to_char(period, 'YYYY-MM') as month, sum(net)::text as net from ${source}
     where tenant_id = $1 and release_id = any($2::bigint[]) group by channel, period`,
    [tenantId, [id]],
  ],
  releaseMonths: (source, id) => [
    `select to_char(min(period), 'YYYY-MM') as first, to_char(max(period), 'YYYY-MM') as last from ${source}
     where tenant_id = $1 and release_id = any($2::bigint[])`,
    [tenantId, [id]],
  ],
  releaseDetailRows: (source, id) => [
    `select to_char(period, 'YYYY-MM') as month, period::text, channel, territory, quantity::text, net::text from ${source}
     where tenant_id = $1 and release_id = $2 order by period, channel, territory limit 1000`,
    [tenantId, id],
  ],
  apportioned: (source, id, period) => [
    `with credit as (select $2::bigint as release_id, $3::date as period, 1::numeric as amount)
     select d.channel, sum(c.amount * d.net) from credit c
     cross join lateral (select r.channel, r.net from ${source} r
       where r.tenant_id = $1 and r.release_id = c.release_id and r.period = c.period offset 0) d
     group by 1`,
    [tenantId, id, period],
  ],
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
const result: Record<string, Record<string, { p50: number; p95: number; max: number }>> = {}
for (const [name, reader] of Object.entries(readers)) {
  result[name] = {}
  // Interleaved per release so that both sources see the same load.
  const times: Record<string, number[]> = { view: [], table: [] }
  for (const row of sample) {
    for (const [label, source] of [
      ['view', 'earnings_release_detail'],
      ['table', 'earnings_release_detail_copy'],
    ] as const) {
      const [text, values] = reader(source, Number(row.release_id), row.period)
      const started = performance.now()
      await client.query(text, values)
      times[label].push(performance.now() - started)
    }
  }
  for (const [label, list] of Object.entries(times)) {
    list.sort((a, b) => a - b)
    const round = (ms: number) => Math.round(ms * 100) / 100
    result[name][label] = { p50: round(quantile(list, 0.5)), p95: round(quantile(list, 0.95)), max: round(list[list.length - 1] ?? 0) }
  }
  console.log(name.padEnd(20), JSON.stringify(result[name]))
}

// The workspace-wide report page (workspaceTerritoryRows): every (month, territory) of the workspace,
// through the view, from the copied table, and as the reader now sums the lines (report-rows.ts).
const workspace = {
  view: `select to_char(period, 'YYYY-MM') as month, territory, sum(quantity)::text, sum(net)::text from earnings_release_detail
    where tenant_id = $1 group by period, territory order by period, territory limit 5000`,
  table: `select to_char(period, 'YYYY-MM') as month, territory, sum(quantity)::text, sum(net)::text from earnings_release_detail_copy
    where tenant_id = $1 group by period, territory order by period, territory limit 5000`,
  lines: `select to_char(x.period, 'YYYY-MM') as month, x.territory, sum(x.quantity)::text, sum(x.net)::text
    from (select g.import_id, g.period, g.territory, g.quantity, g.net_base as net from statement_line_groups g where g.tenant_id = $1
          union all
          select l.import_id, l.period, l.territory, l.quantity, l.net_base from statement_lines l where l.tenant_id = $1 and l.release_id is not null) x
    join statement_imports i on i.id = x.import_id and i.status = 'committed'
    group by x.period, x.territory order by x.period, x.territory limit 5000`,
}
for (const [label, text] of Object.entries(workspace)) {
  const started = performance.now()
  await client.query(text, [tenantId])
  console.log(`workspaceTerritoryRows ${label}: ${Math.round(performance.now() - started)} ms`)
}
await client.query('drop table earnings_release_detail_copy')
await client.end()
