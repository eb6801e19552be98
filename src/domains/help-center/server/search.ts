import { sql, type SQL } from 'drizzle-orm'
import type { SearchHit } from '@contract/search'
import { isStaff } from '@server/accounts'
import { likePattern, type SearchProvider } from '@server/search'

/** Help-center threads by subject (three characters or more): staff find every account's, others their own. */
export const helpThreadSearch: SearchProvider = {
  kind: 'helpThread',
  access: 'auth',
  async search(ctx, query, limit) {
    if (query.identifier || !query.fuzzy) return []
    const own: SQL = isStaff(ctx) ? sql`` : sql`and h.account_id = ${ctx.session.account.id}`
    const found = await ctx.services.db.execute<{ id: number; subject: string; status: string; email: string }>(sql`
      select h.id, h.subject, h.status, a.email from help_threads h join accounts a on a.id = h.account_id
      where h.tenant_id = ${ctx.tenant.id} ${own} and h.subject ilike ${likePattern(query.text)}
      order by h.last_message_at desc, h.id desc limit ${limit}`)
    return found.rows.map((row): SearchHit => ({
      kind: 'helpThread',
      id: Number(row.id),
      title: `Help center: ${row.subject}`,
      subtitle: `${row.email} · ${row.status}`,
      score: 0.5,
    }))
  },
}
