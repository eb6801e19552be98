import { sql, type SQL } from 'drizzle-orm'
import { ticketStatusLabel } from '@core/ticket-status'
import type { SearchHit } from '@contract/search'
import { likePattern, newestIds, type SearchProvider } from '@server/search'
import * as repo from './repository'

const TICKET_PREFIXES = new Set(['ticket', 'tk'])

/**
 * Tickets by id (#123, ticket:123 or a bare number), requester email (exact), subject or requester
 * (a fragment of three characters or more, through the trigram indexes): one UNION ALL branch each,
 * newest first.
 */
export const ticketSearch: SearchProvider = {
  kind: 'ticket',
  access: 'admin',
  async search(ctx, query, limit) {
    const { db } = ctx.services
    const tenantId = ctx.tenant.id
    if (query.id !== null && query.idPrefix !== null && !TICKET_PREFIXES.has(query.idPrefix)) return []
    const newest = sql`order by t.created_at desc nulls last, t.id desc nulls last limit ${limit}`
    const branches: SQL[] = []
    if (query.id !== null)
      branches.push(sql`select t.id, t.created_at from support_tickets t where t.tenant_id = ${tenantId} and t.id = ${query.id}`)
    if (query.email)
      branches.push(sql`select t.id, t.created_at from support_tickets t
        where t.tenant_id = ${tenantId} and (t.requester_email || ' ' || t.requester_name) ilike ${likePattern(query.email)} ${newest}`)
    if (query.id === null && !query.email && query.fuzzy) {
      const pattern = likePattern(query.text)
      branches.push(
        sql`select t.id, t.created_at from support_tickets t where t.tenant_id = ${tenantId} and t.subject ilike ${pattern} ${newest}`,
        sql`select t.id, t.created_at from support_tickets t
          where t.tenant_id = ${tenantId} and (t.requester_email || ' ' || t.requester_name) ilike ${pattern} ${newest}`,
      )
    }
    const rows = await repo.ticketsById(db, tenantId, await newestIds(db, branches, limit))
    return rows
      .sort((a, b) => Number(b.id) - Number(a.id))
      .map((row): SearchHit => ({
        kind: 'ticket',
        id: Number(row.id),
        title: `Ticket #${row.id}: ${row.subject}`,
        subtitle: [row.requester_name || row.requester_email, ticketStatusLabel(row.status)].join(' · '),
        score: query.id !== null && Number(row.id) === query.id ? 1 : 0.6,
      }))
  },
}
