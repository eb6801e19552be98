import { sql, type SQL } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'
import { keysetRows } from '@server/csv-stream'
import type { ReportScope } from '@server/report-source'

/** One match of the usage-discovery site report (docs/reports-sources.md): as stored, with its track and release. */
export interface UsageMatchRow {
  id: number
  provider_id: string
  found: string
  status: string
  platform: string
  track_id: number
  isrc: string | null
  track_title: string | null
  release_id: number
  release_title: string | null
  account_id: number
  media_url: string | null
  user_name: string | null
  user_url: string | null
  copy_title: string | null
  upload_date: string | null
  views: string
  shares: string
  duration: string
  match_length: string
  copy_percentage: string
}

const monthOf = (column: SQL) => sql`date_trunc('month', ${column} at time zone 'UTC')::date`

/**
 * The matches found in the scope's months (by the day they were first stored), oldest first; an
 * account's scope only those of the tracks it submitted. Read by keyset on the match id, a page at a
 * time, so a million matches stream in constant memory.
 */
export function usageMatchRows(q: Queryable, scope: ReportScope): AsyncGenerator<UsageMatchRow> {
  const page = (after: number | null, size: number) => sql`
    select m.id, m.provider_id, to_char(m.found_at at time zone 'UTC', 'YYYY-MM-DD') as found, m.status, m.platform,
      m.track_id, t.isrc, t.title as track_title, m.release_id, r.title as release_title, a.account_id,
      m.media_url, m.user_name, m.user_url, m.copy_title, to_char(m.upload_date at time zone 'UTC', 'YYYY-MM-DD') as upload_date,
      m.views::text as views, m.shares::text as shares, m.duration::text as duration, m.match_length::text as match_length,
      m.copy_percentage::text as copy_percentage
    from usage_matches m
    join usage_assets a on a.id = m.asset_row_id and a.tenant_id = m.tenant_id
    left join tracks t on t.id = m.track_id and t.tenant_id = m.tenant_id
    left join releases r on r.id = m.release_id and r.tenant_id = m.tenant_id
    where m.tenant_id = ${scope.tenantId}
      ${scope.accountId === null ? sql`` : sql`and a.account_id = ${scope.accountId}`}
      ${scope.from ? sql`and ${monthOf(sql`m.found_at`)} >= ${scope.from}::date` : sql``}
      ${scope.to ? sql`and ${monthOf(sql`m.found_at`)} <= ${scope.to}::date` : sql``}
      ${after === null ? sql`` : sql`and m.id > ${after}`}
    order by m.id
    limit ${size}`
  return keysetRows<UsageMatchRow, number>(q, page, (row) => Number(row.id))
}
