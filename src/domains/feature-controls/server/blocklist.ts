import { sql } from 'drizzle-orm'
import type { BlocklistFields } from '@contract/feature-controls'
import { BLOCKLIST, blocklistEndsAt, blocklistOverlaps, GREENLIST_PLATFORM_LABELS, type BlocklistPeriod, type GreenlistPlatform } from '@core/feature-requests'
import { checkIsrc } from '@core/identifiers'
import { releasesByIds, tracksByIds } from '@domains/catalogue/server/public'
import type { Services } from '@server/context'
import type { Tx } from '@server/db/engine'
import { fieldError } from '@server/errors'
import { moveAutomatically, type KindServer, type RequestRecord } from './review'

// Blocklist (docs/feature-controls.md): a release or one of its tracks kept from one platform's
// user-generated monetisation between two dates. Periods for the same track and platform never
// overlap among pending and approved entries; an approved entry ends by itself at its end date
// (a job due then, BLOCKLIST_END_JOB).

export const BLOCKLIST_END_JOB = 'feature-controls.blocklistEnd'

/** The statuses whose periods hold their days: a new or reconsidered request may not share them. */
const HOLDING = ['pending', 'approved'] as const

const today = (services: Services) => services.now().toISOString().slice(0, 10)

function periodOf(request: Pick<RequestRecord, 'releaseId' | 'trackId' | 'fields'>): BlocklistPeriod {
  const fields = request.fields as { platform: string; startDate: string; endDate: string }
  return { releaseId: Number(request.releaseId), trackId: request.trackId, platform: fields.platform, startDate: fields.startDate, endDate: fields.endDate }
}

/**
 * The first pending or approved entry (other than `exceptId`) whose period clashes with `period`.
 * Serialised per release by an advisory lock, so two requests sent at once cannot both pass.
 */
async function clashing(tx: Tx, tenantId: number, period: BlocklistPeriod, exceptId: number | null) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`blocklist:${tenantId}:${period.releaseId}`}))`)
  // feature_requests_release_idx narrows to the release; the few entries of one release are compared here.
  const result = await tx.execute<{ id: number; release_id: number; track_id: number | null; fields: Record<string, unknown> }>(sql`
    select r.id, r.release_id, r.track_id, r.fields from feature_requests r
    where r.tenant_id = ${tenantId} and r.release_id = ${period.releaseId} and r.kind = 'blocklist'
      and r.status in (${sql.join(
        HOLDING.map((status) => sql`${status}`),
        sql`, `,
      )}) and r.fields ->> 'platform' = ${period.platform}
      and (${exceptId}::bigint is null or r.id <> ${exceptId})
    order by r.id`)
  return (
    result.rows.find((row) =>
      blocklistOverlaps(period, periodOf({ releaseId: row.release_id, trackId: row.track_id === null ? null : Number(row.track_id), fields: row.fields })),
    ) ?? null
  )
}

const clashMessage = (id: number, period: BlocklistPeriod) =>
  `Blocklist entry #${id} already covers part of ${period.startDate} – ${period.endDate} on ${GREENLIST_PLATFORM_LABELS[period.platform as GreenlistPlatform] ?? period.platform} for this track.`

export const blocklistKind: KindServer<BlocklistFields> = {
  def: BLOCKLIST,
  async prepare(tx, ctx, body) {
    const me = ctx.session.account
    const [release] = await releasesByIds(tx, ctx.tenant.id, [body.releaseId])
    if (!release || (me.type !== 'admin' && release.accountId !== me.id)) throw fieldError('releaseId', 'Choose one of your releases')
    let trackTitle: string | null = null
    if (body.trackId !== undefined) {
      const [track] = await tracksByIds(tx, ctx.tenant.id, [body.trackId])
      if (!track || track.releaseId !== release.id) throw fieldError('trackId', 'Choose a track of that release')
      trackTitle = track.title
    }
    if (body.endDate < today(ctx.services)) throw fieldError('endDate', 'The end date has passed')
    const period: BlocklistPeriod = { releaseId: release.id, trackId: body.trackId ?? null, platform: body.platform, startDate: body.startDate, endDate: body.endDate }
    const clash = await clashing(tx, ctx.tenant.id, period, null)
    if (clash) throw fieldError('startDate', clashMessage(Number(clash.id), period))
    const isrc = body.isrc ? checkIsrc(body.isrc) : null
    return {
      title: trackTitle ? `${trackTitle} (${release.title})` : release.title,
      releaseId: release.id,
      trackId: body.trackId ?? null,
      fields: {
        platform: body.platform,
        format: body.format,
        startDate: body.startDate,
        endDate: body.endDate,
        comment: body.comment,
        isrc: isrc?.ok ? isrc.value : null,
      },
    }
  },
  async ruleRefusal(tx, ctx, request, to) {
    if (to !== 'approved' && to !== 'pending') return null
    const period = periodOf(request)
    if (period.endDate < today(ctx.services)) return `Its period ended on ${period.endDate}: a new period is a new request.`
    const clash = await clashing(tx, ctx.tenant.id, period, request.id)
    return clash ? clashMessage(Number(clash.id), period) : null
  },
  async afterChange(tx, ctx, request, to) {
    if (to !== 'approved') return
    await ctx.services.jobs.enqueue(tx, {
      type: BLOCKLIST_END_JOB,
      tenantId: ctx.tenant.id,
      payload: { tenantId: ctx.tenant.id },
      runAt: blocklistEndsAt(periodOf(request).endDate),
      maxAttempts: 3,
    })
  },
}

/**
 * Ends every approved entry of the workspace whose end date has passed (so a job that ran late, or
 * one queued for an entry lifted since, still does only what is due). Returns how many ended.
 */
export async function endDueBlocklistEntries(services: Services, tenantId: number): Promise<number> {
  const day = today(services)
  let ended = 0
  for (;;) {
    const count = await moveAutomatically(services, tenantId, BLOCKLIST, 'ended', async (tx) => {
      // feature_requests_kind_status_created_idx narrows to the workspace's approved entries.
      const due = await tx.execute<{ id: number }>(sql`
        select r.id from feature_requests r
        where r.tenant_id = ${tenantId} and r.kind = 'blocklist' and r.status = 'approved' and r.fields ->> 'endDate' < ${day}
        order by r.id limit ${END_BATCH}`)
      return due.rows.map((row) => Number(row.id))
    })
    ended += count
    if (count < END_BATCH) return ended
  }
}

const END_BATCH = 500
