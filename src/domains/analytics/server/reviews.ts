import { sql } from 'drizzle-orm'
import type { TrackReview, TrackReviewStatus } from '@contract/analytics'
import type { AuthedContext } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { auditedMutation } from '@server/audit'
import { countCapped, pageMeta } from '@server/db/paging'
import { conflict, notFound } from '@server/errors'
import { placeHold } from '@domains/earnings/server/public'
import { trackRefs } from './fraud'
import { trackReviews } from './schema'

// The flagged-track review queue (docs/analytics.md, "Review queue"): a spike's or an artificial-
// streams row's track is sent to review with the evidence read again from the rollups; staff confirm
// (its earnings are held, in the same transaction) or dismiss with a reason. Every step is audited.

export const NO_REVIEW = 'This review does not exist.'
const ENTITY = 'trackReview'

type Row = Record<string, unknown>

const personName = (alias: string) =>
  sql.raw(`coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.email)`)

const COLUMNS = sql`
  v.id, v.track_id, v.flag, v.platform, v.day::text as day, v.evidence, v.note, v.status, v.reason, v.sent_at, v.decided_at,
  ${personName('s')} as sent_by_name, ${personName('d')} as decided_by_name,
  exists (select 1 from earnings_holds h where h.tenant_id = v.tenant_id and h.track_id = v.track_id and h.released_at is null) as held`

const FROM = sql`from track_reviews v left join accounts s on s.id = v.sent_by left join accounts d on d.id = v.decided_by`

async function describe(db: Queryable, tenantId: number, rows: Row[]): Promise<TrackReview[]> {
  const refs = await trackRefs(db, tenantId, [...new Set(rows.map((row) => Number(row.track_id)))])
  return rows.map((row) => {
    const trackId = Number(row.track_id)
    const ref = refs.get(trackId) ?? { title: `Track #${trackId}`, isrc: null, releaseId: 0, releaseTitle: '' }
    const evidence = (row.evidence ?? {}) as Partial<TrackReview['evidence']>
    return {
      id: Number(row.id),
      trackId,
      ...ref,
      flag: row.flag as TrackReview['flag'],
      platform: String(row.platform),
      day: String(row.day),
      evidence: {
        observed: Number(evidence.observed ?? 0),
        baseline: Number(evidence.baseline ?? 0),
        artificial: Number(evidence.artificial ?? 0),
        periodStreams: Number(evidence.periodStreams ?? 0),
      },
      note: (row.note as string | null) ?? null,
      status: row.status as TrackReviewStatus,
      reason: (row.reason as string | null) ?? null,
      sentBy: row.sent_by_name === null || row.sent_by_name === undefined ? null : String(row.sent_by_name),
      sentAt: row.sent_at instanceof Date ? row.sent_at.toISOString() : String(row.sent_at),
      decidedBy: row.decided_by_name === null || row.decided_by_name === undefined ? null : String(row.decided_by_name),
      decidedAt: row.decided_at instanceof Date ? row.decided_at.toISOString() : ((row.decided_at as string | null) ?? null),
      held: Boolean(row.held),
    }
  })
}

async function one(db: Queryable, tenantId: number, id: number): Promise<TrackReview> {
  const { rows } = await db.execute<Row>(sql`select ${COLUMNS} ${FROM} where v.id = ${id} and v.tenant_id = ${tenantId}`)
  if (!rows[0]) throw notFound(NO_REVIEW)
  return (await describe(db, tenantId, rows))[0]
}

/** The day's streams, the median of the 28 days before it, and the artificial streams of the 30 days up to it. */
async function evidenceOf(db: Queryable, tenantId: number, trackId: number, platform: string, day: string) {
  const { rows } = await db.execute<Row>(sql`
    select
      coalesce(sum(streams) filter (where day = ${day}::date), 0)::bigint as observed,
      coalesce(percentile_cont(0.5) within group (order by streams) filter (where day < ${day}::date and day >= ${day}::date - 28), 0) as baseline,
      coalesce(sum(artificial) filter (where day > ${day}::date - 30), 0)::bigint as artificial,
      coalesce(sum(streams) filter (where day > ${day}::date - 30), 0)::bigint as period_streams
    from trend_daily
    where tenant_id = ${tenantId} and platform = ${platform} and track_id = ${trackId}
      and day between ${day}::date - 29 and ${day}::date`)
  const row = rows[0] ?? {}
  return {
    observed: Number(row.observed ?? 0),
    baseline: Math.round(Number(row.baseline ?? 0) * 100) / 100,
    artificial: Number(row.artificial ?? 0),
    periodStreams: Number(row.period_streams ?? 0),
  }
}

export async function sendToReview(
  ctx: AuthedContext,
  trackId: number,
  body: { flag: 'spike' | 'artificial'; platform: string; day: string; note?: string },
): Promise<TrackReview> {
  const { db } = ctx.services
  const tenantId = ctx.tenant.id
  if (!(await trackRefs(db, tenantId, [trackId])).has(trackId)) throw notFound('There is no such track in this workspace.')
  const evidence = await evidenceOf(db, tenantId, trackId, body.platform, body.day)
  const id = await auditedMutation(ctx, { action: 'analytics.review.sent', entityType: ENTITY }, async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into track_reviews (tenant_id, track_id, flag, platform, day, evidence, note, sent_by)
      values (${tenantId}, ${trackId}, ${body.flag}, ${body.platform}, ${body.day}::date, ${JSON.stringify(evidence)}::jsonb,
        ${body.note ?? null}, ${ctx.session.account.id})
      on conflict (tenant_id, track_id) where status = 'open' do nothing
      returning id`)
    if (!rows[0]) throw conflict('This track is in review already.')
    const reviewId = Number(rows[0].id)
    return { result: reviewId, entityId: reviewId, after: { trackId, ...body, evidence } }
  })
  return one(db, tenantId, id)
}

export async function reviewsPage(ctx: AuthedContext, query: { page: number; per_page: number; status: TrackReviewStatus }) {
  const { db } = ctx.services
  const tenantId = ctx.tenant.id
  const where = sql`where v.tenant_id = ${tenantId} and v.status = ${query.status}`
  const { total, estimate } = await countCapped(db, sql`from track_reviews v ${where}`)
  const { rows } = await db.execute<Row>(sql`
    select ${COLUMNS} ${FROM} ${where} order by v.id desc limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`)
  return { data: await describe(db, tenantId, rows), meta: pageMeta(total, estimate, query.page, query.per_page) }
}

export const loadReview = (ctx: AuthedContext, id: number) => one(ctx.services.db, ctx.tenant.id, id)

async function decide(ctx: AuthedContext, id: number, decision: 'confirmed' | 'dismissed', reason: string) {
  const tenantId = ctx.tenant.id
  const action = decision === 'confirmed' ? 'analytics.review.confirmed' : 'analytics.review.dismissed'
  await auditedMutation(
    ctx,
    { action, entityType: ENTITY, lock: { table: trackReviews, id, tenantId, missing: NO_REVIEW } },
    async (tx) => {
      const { rows } = await tx.execute<{ status: string; track_id: number }>(
        sql`select status, track_id from track_reviews where id = ${id} and tenant_id = ${tenantId}`,
      )
      const row = rows[0]
      if (row.status !== 'open') throw conflict(`This review is ${row.status} already.`)
      const trackId = Number(row.track_id)
      let holdTransaction: number | null = null
      if (decision === 'confirmed') {
        // Already held (from the spike list or the track tab): the review only records the decision.
        const held = await tx.execute(sql`
          select 1 from earnings_holds where tenant_id = ${tenantId} and track_id = ${trackId} and released_at is null`)
        if (!held.rows.length)
          holdTransaction = (await placeHold(tx, { tenantId, trackId, reason, actorId: ctx.session.account.id })).transactionId
      }
      await tx.execute(sql`
        update track_reviews set status = ${decision}, reason = ${reason}, decided_by = ${ctx.session.account.id}, decided_at = now()
        where id = ${id}`)
      return { result: undefined, before: { status: 'open' }, after: { status: decision, reason, trackId, holdTransaction } }
    },
  )
  return one(ctx.services.db, tenantId, id)
}

export const confirmReview = (ctx: AuthedContext, id: number, reason: string) => decide(ctx, id, 'confirmed', reason)
export const dismissReview = (ctx: AuthedContext, id: number, reason: string) => decide(ctx, id, 'dismissed', reason)
