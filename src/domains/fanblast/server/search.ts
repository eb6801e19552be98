import { sql, type SQL } from 'drizzle-orm'
import type { SearchHit } from '@contract/search'
import { BLAST_STATUS_LABELS, listSubject, type BlastStatus } from '@core/fanblast'
import { likePattern, newestIds, type SearchProvider } from '@server/search'

const BLAST_PREFIXES = new Set(['blast', 'fanblast'])

/** Blasts by id (blast:12 or a bare number) or subject (fanblast_blasts_subject_trgm_idx), newest first. */
export const blastSearch: SearchProvider = {
  kind: 'blast',
  access: 'admin',
  async search(ctx, query, limit) {
    const { db } = ctx.services
    const tenantId = ctx.tenant.id
    if (query.id !== null && query.idPrefix !== null && !BLAST_PREFIXES.has(query.idPrefix)) return []
    const branches: SQL[] = []
    if (query.id !== null) branches.push(sql`select id, created_at from fanblast_blasts where tenant_id = ${tenantId} and id = ${query.id}`)
    else if (!query.identifier && query.fuzzy)
      branches.push(sql`select id, created_at from fanblast_blasts where tenant_id = ${tenantId} and subject ilike ${likePattern(query.text)}
        order by created_at desc, id desc limit ${limit}`)
    const ids = await newestIds(db, branches, limit)
    if (ids.length === 0) return []
    const found = await db.execute<{ id: number; subject: string; status: BlastStatus; from_name: string }>(sql`
      select id, subject, status, from_name from fanblast_blasts
      where tenant_id = ${tenantId} and id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) order by created_at desc, id desc`)
    return found.rows.map((row): SearchHit => ({
      kind: 'blast',
      id: Number(row.id),
      title: listSubject(row.subject),
      subtitle: `Fan blast · ${BLAST_STATUS_LABELS[row.status]} · ${row.from_name}`,
      score: query.id !== null && Number(row.id) === query.id ? 1 : 0.6,
    }))
  },
}
