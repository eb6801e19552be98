import { sql, type SQL } from 'drizzle-orm'
import { SITE_REPORT_KINDS } from '@core/report-kinds'
import { reportStatusLabel } from '@core/report-status'
import { ADMIN_REPORT_KINDS, reportKindLabel } from '@contract/reports'
import type { SearchHit } from '@contract/search'
import { likePattern, unionAll, type SearchProvider } from '@server/search'
import { periodLabel } from './service'

const PREFIXES = new Set(['report', 'rep', 'r'])
const ALL_KINDS = [...SITE_REPORT_KINDS, ...ADMIN_REPORT_KINDS]
/** Accounts whose name or email matches, through the trigram indexes (at most this many each). */
const CANDIDATES = 200

type Row = { id: number; kind: string; status: string; period_from: string | null; period_to: string | null; account_name: string | null }

const personName = sql.raw(`coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email)`)

/**
 * Reports by id (report:12, #12), by kind label ("monthly sales"), by the account's email (exact) or
 * name or email fragment, newest first: UNION ALL branches with their own LIMIT, one statement.
 * Artists and labels find only the reports about their own account.
 */
export const reportSearch: SearchProvider = {
  kind: 'report',
  access: 'auth',
  async search(ctx, query, limit) {
    const { db } = ctx.services
    const visible = ctx.session.account.type === 'admin' ? sql`true` : sql`r.scope = 'user' and r.account_id = ${ctx.session.account.id}`
    const tenantId = ctx.tenant.id
    const select = sql`
      select r.id, r.kind, r.status, to_char(r.period_from, 'YYYY-MM') as period_from, to_char(r.period_to, 'YYYY-MM') as period_to,
        case when r.account_id is null then null else ${personName} end as account_name`
    const toHit = (row: Row & { score: number }): SearchHit => ({
      kind: 'report',
      id: Number(row.id),
      title: `${reportKindLabel(row.kind)} · ${periodLabel(row.period_from, row.period_to)}`,
      subtitle: [`Report #${row.id}`, row.account_name ?? 'Whole workspace', reportStatusLabel(row.status)].join(' · '),
      score: Number(row.score),
    })
    if (query.id !== null && (query.idPrefix === null || PREFIXES.has(query.idPrefix))) {
      const { rows } = await db.execute<Row & { score: number }>(sql`${select}, 1::float8 as score
        from reports r left join accounts u on u.id = r.account_id
        where r.tenant_id = ${tenantId} and ${visible} and r.id = ${query.id}`)
      if (rows.length || query.idPrefix) return rows.map(toHit)
    }
    const newest = sql`order by r.created_at desc, r.id desc limit ${limit}`
    const branches: SQL[] = []
    // accounts_tenant_email_key, then reports_account_idx.
    if (query.email) {
      branches.push(sql`select r.id, r.created_at, 0.8::float8 as score from reports r
        where r.account_id = (select id from accounts where tenant_id = ${tenantId} and email = ${query.email})
          and r.tenant_id = ${tenantId} and ${visible} ${newest}`)
    }
    if (query.text.length >= 3 && !query.identifier) {
      const lower = query.text.toLowerCase()
      const kinds = ALL_KINDS.filter((info) => info.label.toLowerCase().includes(lower) || info.kind.includes(lower)).map(
        (info) => info.kind,
      )
      const pattern = likePattern(query.text)
      if (kinds.length) {
        branches.push(sql`select r.id, r.created_at, 0.7::float8 as score from reports r
          where r.tenant_id = ${tenantId} and ${visible} and r.kind in (${sql.join(
            kinds.map((kind) => sql`${kind}`),
            sql`, `,
          )}) ${newest}`)
      }
      branches.push(sql`select r.id, r.created_at, 0.6::float8 as score from reports r
        where r.account_id = any(array(
          (select id from accounts where tenant_id = ${tenantId} and email ilike ${pattern} limit ${CANDIDATES})
          union (select id from accounts where tenant_id = ${tenantId} and (first_name || ' ' || last_name) ilike ${pattern} limit ${CANDIDATES})))
          and r.tenant_id = ${tenantId} and ${visible} ${newest}`)
    }
    if (branches.length === 0) return []
    const { rows } = await db.execute<Row & { score: number }>(sql`
      with hits as (${unionAll(branches)}),
        best as (select id, max(created_at) as created_at, max(score) as score from hits group by id)
      ${select}, best.score
      from best join reports r on r.id = best.id left join accounts u on u.id = r.account_id
      order by best.created_at desc, r.id desc limit ${limit}`)
    return rows.map(toHit)
  },
}
