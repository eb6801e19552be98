import { sql, type SQL } from 'drizzle-orm'
import type { Queryable } from './engine'

/** Counting stops here; beyond it the total is the planner's estimate (fast at millions of rows). */
export const COUNT_CAP = 10_000

/** A text search's matches are read once for its page and exact total up to this many (issue 18). */
export const SEARCH_COUNT_CAP = 5_000

/**
 * A text search's page and exact total from one read of its matches: `matches` selects them under
 * the alias `alias` (with every column `ordering` names), read once up to SEARCH_COUNT_CAP, counted,
 * and the page cut from them. Reading a few thousand trigram matches once for the count and again
 * for the page doubled a search's cost at 300k rows. Null when more match: the caller walks its
 * ordered index and estimates instead.
 */
export async function searchPageOnce(
  db: Queryable,
  alias: 'a' | 'r',
  matches: SQL,
  ordering: SQL,
  page: number,
  perPage: number,
): Promise<{ ids: number[]; total: number } | null> {
  const name = sql.raw(alias)
  const result = await db.execute<{ total: number; ids: number[] }>(sql`
    with ${name} as materialized (${matches} limit ${SEARCH_COUNT_CAP + 1})
    select (select count(*)::int from ${name}) as total,
      array(select ${name}.id from ${name} order by ${ordering} limit ${perPage} offset ${(page - 1) * perPage}) as ids`)
  const total = Number(result.rows[0]?.total ?? 0)
  if (total > SEARCH_COUNT_CAP) return null
  return { ids: (result.rows[0]?.ids ?? []).map(Number), total }
}

export interface PageMeta {
  total: number
  totalIsEstimate: boolean
  page: number
  per_page: number
  last_page: number
}

/**
 * The total for a numbered pager without counting millions of rows: exact up to COUNT_CAP, then the
 * planner's row estimate for the same query (`from` is everything after SELECT, without ORDER BY).
 */
async function plannedRows(db: Queryable, from: SQL): Promise<number | null> {
  const plan = await db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(sql`explain (format json) select 1 ${from}`)
  const rows = plan.rows[0]?.['QUERY PLAN']?.[0]?.Plan?.['Plan Rows']
  return rows === undefined ? null : Number(rows)
}

/**
 * `estimateFirst`: ask the planner before counting, and skip the count when it expects many times
 * the cap (a list filtered only by indexed equality, where the estimate is good): the first page of a
 * million-row list then costs no index scan of COUNT_CAP entries.
 */
export async function countCapped(
  db: Queryable,
  from: SQL,
  options: { estimateFirst?: boolean } = {},
): Promise<{ total: number; estimate: boolean }> {
  if (options.estimateFirst) {
    const planned = await plannedRows(db, from)
    if (planned !== null && planned > COUNT_CAP * 5) return { total: Math.round(planned), estimate: true }
  }
  const capped = await db.execute<{ n: number }>(sql`select count(*)::int as n from (select 1 ${from} limit ${COUNT_CAP + 1}) capped`)
  const exact = Number(capped.rows[0]?.n ?? 0)
  if (exact <= COUNT_CAP) return { total: exact, estimate: false }
  const estimated = (await plannedRows(db, from)) ?? exact
  return { total: Math.max(exact, Math.round(estimated)), estimate: true }
}

export function pageMeta(total: number, estimate: boolean, page: number, perPage: number): PageMeta {
  return { total, totalIsEstimate: estimate, page, per_page: perPage, last_page: Math.max(1, Math.ceil(total / perPage)) }
}
