import { sql } from 'drizzle-orm'
import type { AuthedContext } from '@server/context'
import { badRequest } from '@server/errors'
import { pageMeta } from '@server/db/paging'

// Analytics of usage discovery (docs/discovery.md): every figure comes from usage_daily, which the
// refresh job keeps as it stores new matches, never from scanning usage_matches.

const DAY_MS = 86_400_000
const isoDay = (date: Date) => date.toISOString().slice(0, 10)

function rangeOf(ctx: AuthedContext, query: { from?: string; to?: string }) {
  const to = query.to ?? isoDay(ctx.services.now())
  const from = query.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS))
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS
  if (!(span >= 0)) throw badRequest('The range ends before it starts.', { from: 'The range ends before it starts.' })
  if (span > 365) throw badRequest('Choose at most 366 days.', { from: 'Choose at most 366 days.' })
  return { from, to }
}

export async function usageOverview(ctx: AuthedContext, query: { from?: string; to?: string }) {
  const { from, to } = rangeOf(ctx, query)
  const result = await ctx.services.db.execute<{ day: string; matches: number; views: string }>(sql`
    select g.day::date::text as day, coalesce(sum(d.matches), 0)::int as matches, coalesce(sum(d.views), 0)::text as views
    from generate_series(${from}::date, ${to}::date, interval '1 day') as g(day)
    left join usage_daily d on d.tenant_id = ${ctx.tenant.id} and d.day = g.day::date
    group by g.day order by g.day`)
  const days = result.rows.map((row) => ({ day: row.day, matches: Number(row.matches), views: Number(row.views) }))
  return {
    from,
    to,
    days,
    totals: { matches: days.reduce((sum, d) => sum + d.matches, 0), views: days.reduce((sum, d) => sum + d.views, 0) },
  }
}

async function perTrack(ctx: AuthedContext, query: { from?: string; to?: string }, limit: number, offset: number) {
  const { from, to } = rangeOf(ctx, query)
  const tenantId = ctx.tenant.id
  const result = await ctx.services.db.execute<{ track_id: number; title: string; release_title: string; matches: number; views: string }>(sql`
    with totals as (
      select d.track_id, sum(d.matches)::int as matches, sum(d.views)::text as views from usage_daily d
      where d.tenant_id = ${tenantId} and d.day between ${from}::date and ${to}::date
      group by d.track_id order by sum(d.matches) desc, d.track_id limit ${limit} offset ${offset}
    )
    select x.track_id, t.title, r.title as release_title, x.matches, x.views
    from totals x join tracks t on t.id = x.track_id join releases r on r.id = t.release_id
    order by x.matches desc, x.track_id`)
  return {
    from,
    to,
    rows: result.rows.map((row) => ({
      trackId: Number(row.track_id),
      title: row.title,
      releaseTitle: row.release_title,
      matches: Number(row.matches),
      views: Number(row.views),
    })),
  }
}

export async function usageTopSongs(ctx: AuthedContext, query: { from?: string; to?: string }) {
  return { data: (await perTrack(ctx, query, 10, 0)).rows }
}

export async function usageTrackMatches(ctx: AuthedContext, query: { from?: string; to?: string; page: number; per_page: number }) {
  const { from, to, rows } = await perTrack(ctx, query, query.per_page, (query.page - 1) * query.per_page)
  const counted = await ctx.services.db.execute<{ n: number }>(sql`
    select count(distinct d.track_id)::int as n from usage_daily d
    where d.tenant_id = ${ctx.tenant.id} and d.day between ${from}::date and ${to}::date`)
  return { data: rows, meta: pageMeta(Number(counted.rows[0]?.n ?? 0), false, query.page, query.per_page) }
}
