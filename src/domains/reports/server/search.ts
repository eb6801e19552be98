import { sql } from 'drizzle-orm'
import { SITE_REPORT_KINDS } from '@core/report-kinds'
import { reportStatusLabel } from '@core/report-status'
import { ADMIN_REPORT_KINDS, reportKindLabel } from '@contract/reports'
import type { SearchHit } from '@contract/search'
import { likePattern, type SearchProvider } from '@server/search'
import { periodLabel } from './service'

const PREFIXES = new Set(['report', 'rep', 'r'])
const ALL_KINDS = [...SITE_REPORT_KINDS, ...ADMIN_REPORT_KINDS]

type Row = { id: number; kind: string; status: string; period_from: string | null; period_to: string | null; account_name: string | null }

const personName = sql.raw(`coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email)`)

/**
 * Reports by id (report:12, #12), by kind label ("monthly sales") or by the account's name or email,
 * newest first. Artists and labels find only the reports about their own account.
 */
export const reportSearch: SearchProvider = {
  kind: 'report',
  access: 'auth',
  async search(ctx, query, limit) {
    const { db } = ctx.services
    const visible = ctx.session.account.type === 'admin' ? sql`true` : sql`r.scope = 'user' and r.account_id = ${ctx.session.account.id}`
    const select = sql`
      select r.id, r.kind, r.status, to_char(r.period_from, 'YYYY-MM') as period_from, to_char(r.period_to, 'YYYY-MM') as period_to,
        case when r.account_id is null then null else ${personName} end as account_name
      from reports r left join accounts u on u.id = r.account_id
      where r.tenant_id = ${ctx.tenant.id} and ${visible}`
    const toHit = (row: Row, score: number): SearchHit => ({
      kind: 'report',
      id: Number(row.id),
      title: `${reportKindLabel(row.kind)} · ${periodLabel(row.period_from, row.period_to)}`,
      subtitle: [`Report #${row.id}`, row.account_name ?? 'Whole workspace', reportStatusLabel(row.status)].join(' · '),
      score,
    })
    if (query.id !== null && (query.idPrefix === null || PREFIXES.has(query.idPrefix))) {
      const { rows } = await db.execute<Row>(sql`${select} and r.id = ${query.id}`)
      if (rows.length || query.idPrefix) return rows.map((row) => toHit(row, 1))
    }
    if (query.text.length < 3) return []
    const lower = query.text.toLowerCase()
    const kinds = ALL_KINDS.filter((info) => info.label.toLowerCase().includes(lower) || info.kind.includes(lower)).map((info) => info.kind)
    const pattern = likePattern(query.text)
    const { rows } = await db.execute<Row>(sql`
      ${select} and (
        ${
          kinds.length
            ? sql`r.kind in (${sql.join(
                kinds.map((kind) => sql`${kind}`),
                sql`, `,
              )}) or`
            : sql``
        }
        (r.account_id is not null and (u.email ilike ${pattern} or (u.first_name || ' ' || u.last_name) ilike ${pattern})))
      order by r.created_at desc, r.id desc limit ${limit}`)
    return rows.map((row) => toHit(row, kinds.includes(row.kind) ? 0.7 : 0.6))
  },
}
