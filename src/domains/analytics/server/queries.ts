import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { z } from 'zod'
import { DUPLICATE_REQUEST_MESSAGE, type QueryRow, type submitBody } from '@contract/analytics'
import type { TrendDimension } from '@core/analytics-platforms'
import type { AuthedContext, Services } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { countCapped, pageMeta } from '@server/db/paging'
import { actorOf, auditedMutation } from '@server/audit'
import { HttpError } from '@server/errors'
import { breakdown, histogramDays, histogramHourly, summary, topAccounts, topSongs } from './reads'

// Long-range questions as jobs (analytics/submit, spec sections 4 and 8): the first ask queues a job,
// asking again while it runs answers 777 "Duplicate Requests Analytics" (the client keeps loading),
// and the answer is kept for the next identical ask on the same data.

export const QUERY_JOB = 'analytics.query'
export const STILL_RUNNING_STATUS = 777

type Params = z.output<typeof submitBody>

const stillRunning = () => new HttpError(STILL_RUNNING_STATUS, DUPLICATE_REQUEST_MESSAGE, 'duplicate_request')

/** The workspace's data as of its last commit: part of a question's key, so new imports ask again. */
async function dataVersion(db: Queryable, tenantId: number): Promise<string> {
  const { rows } = await db.execute<{ version: string | null }>(sql`
    select max(id)::text || ':' || count(*)::text as version from trend_imports where tenant_id = ${tenantId} and status = 'committed'`)
  return rows[0]?.version ?? ''
}

export const questionKey = (params: Params, version: string) =>
  createHash('sha256')
    .update(JSON.stringify([params.metric, params.platform, params.breakdown ?? null, params.from, params.to, version]))
    .digest('hex')

export async function submitQuery(ctx: AuthedContext, params: Params) {
  const { db } = ctx.services
  const tenantId = ctx.tenant.id
  const key = questionKey(params, await dataVersion(db, tenantId))
  const { rows } = await db.execute<{ id: number; status: string; result: unknown }>(
    sql`select id, status, result from analytics_queries where tenant_id = ${tenantId} and key = ${key}`,
  )
  const found = rows[0]
  if (found?.status === 'done') return { id: Number(found.id), status: 'done' as const, result: found.result as never }
  if (found && found.status !== 'failed') throw stillRunning()
  const actor = actorOf(ctx, tenantId)
  try {
    return await auditedMutation({ db, actor }, { action: 'analytics.submit', entityType: 'analyticsQuery' }, async (tx) => {
      const inserted = await tx.execute<{ id: number }>(sql`
        insert into analytics_queries (tenant_id, key, params, status, created_by)
        values (${tenantId}, ${key}, ${JSON.stringify(params)}::jsonb, 'queued', ${actor.actorAccountId})
        on conflict (tenant_id, key) do update set status = 'queued', error = null, result = null, finished_at = null
          where analytics_queries.status = 'failed'
        returning id`)
      // Another ask of the same question got there first and its job runs.
      if (!inserted.rows[0]) throw stillRunning()
      const id = Number(inserted.rows[0].id)
      const jobId = await ctx.services.jobs.enqueue(tx, {
        type: QUERY_JOB,
        tenantId,
        createdBy: actor.actorAccountId,
        payload: { tenantId, queryId: id },
        maxAttempts: 2,
      })
      await tx.execute(sql`update analytics_queries set job_id = ${jobId} where id = ${id}`)
      return { result: { id, status: 'queued' as const, result: null }, entityId: id, after: params }
    })
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw stillRunning()
    throw error
  }
}

/** The job: answers the question from the rollups, however long its range, and keeps the answer. */
export async function runQuery(services: Services, tenantId: number, queryId: number): Promise<void> {
  const { db } = services
  const { rows } = await db.execute<{ params: Params }>(sql`
    update analytics_queries set status = 'running' where id = ${queryId} and tenant_id = ${tenantId} and status in ('queued', 'running')
    returning params`)
  if (!rows[0]) return
  const params = rows[0].params
  const range = { from: params.from, to: params.to }
  try {
    const result =
      params.metric === 'topSongs'
        ? await topSongs(db, tenantId, params.platform, range)
        : params.metric === 'topUsers'
          ? await topAccounts(db, tenantId, params.platform, range)
          : params.metric === 'days'
            ? await histogramDays(db, tenantId, params.platform, range)
            : params.metric === 'hours'
              ? await histogramHourly(db, tenantId, params.platform, range)
              : params.metric === 'breakdown'
                ? await breakdown(db, tenantId, params.platform, params.breakdown as TrendDimension, range)
                : await summary(db, tenantId, params.platform, range)
    await db.execute(sql`
      update analytics_queries set status = 'done', result = ${JSON.stringify(result)}::jsonb, finished_at = now() where id = ${queryId}`)
  } catch (error) {
    console.error('analytics query failed', error)
    await db.execute(sql`
      update analytics_queries set status = 'failed', error = 'The question could not be answered: ask again.', finished_at = now()
      where id = ${queryId}`)
  }
}

export function registerQueryJobs(runner: Services['jobs'], services: Services) {
  runner.register<{ tenantId: number; queryId: number }>(QUERY_JOB, async ({ payload }) => {
    await runQuery(services, payload.tenantId, payload.queryId)
    return { queryId: payload.queryId }
  })
}

/** The questions asked as jobs, newest first (analytics_queries_list_idx). */
export async function listQueries(ctx: AuthedContext, page: number, perPage: number) {
  const { db } = ctx.services
  const { total, estimate } = await countCapped(db, sql`from analytics_queries q where q.tenant_id = ${ctx.tenant.id}`)
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select q.id, q.status, q.params, q.error, q.created_at, q.finished_at, q.created_by,
      coalesce(nullif(trim(c.first_name || ' ' || c.last_name), ''), c.email) as created_by_name
    from analytics_queries q left join accounts c on c.id = q.created_by
    where q.tenant_id = ${ctx.tenant.id}
    order by q.created_at desc, q.id desc limit ${perPage} offset ${(page - 1) * perPage}`)
  const data: QueryRow[] = rows.map((row) => {
    const params = row.params as Params
    return {
      id: Number(row.id),
      status: row.status as QueryRow['status'],
      metric: params.metric,
      platform: params.platform,
      breakdown: params.breakdown ?? null,
      from: params.from,
      to: params.to,
      error: (row.error as string | null) ?? null,
      created: row.created_at instanceof Date ? row.created_at.toISOString() : String(row.created_at),
      finished: row.finished_at instanceof Date ? row.finished_at.toISOString() : ((row.finished_at as string | null) ?? null),
      createdBy: row.created_by === null ? null : { id: Number(row.created_by), name: String(row.created_by_name) },
    }
  })
  return { data, meta: pageMeta(total, estimate, page, perPage) }
}
