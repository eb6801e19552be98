import { sql, type SQL } from 'drizzle-orm'
import type { Queryable } from './engine'

export interface MonthCount {
  month: string
  count: number
}

/**
 * Rows of a tenant-owned table created per month from `from` to `to` ('YYYY-MM', both included, UTC),
 * every month present: generate_series supplies the months and the counts join onto them. The table
 * needs tenant_id and created_at; each domain calls it for its own tables.
 */
export async function monthlyCounts(db: Queryable, table: SQL, tenantId: number, from: string, to: string): Promise<MonthCount[]> {
  const start = `${from}-01`
  const last = `${to}-01`
  const result = await db.execute(sql`
    select to_char(m.month, 'YYYY-MM') as month, coalesce(c.count, 0)::int as count
    from generate_series(${start}::timestamp, ${last}::timestamp, interval '1 month') as m(month)
    left join (
      select date_trunc('month', created_at at time zone 'UTC') as month, count(*) as count
      from ${table}
      where tenant_id = ${tenantId}
        and created_at >= (${start}::timestamp at time zone 'UTC')
        and created_at < ((${last}::timestamp + interval '1 month') at time zone 'UTC')
      group by 1
    ) as c on c.month = m.month
    order by m.month`)
  return (result.rows as { month: string; count: number | string }[]).map((row) => ({ month: row.month, count: Number(row.count) }))
}
