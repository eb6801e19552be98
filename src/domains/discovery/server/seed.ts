import { sql } from 'drizzle-orm'
import type { AuthedContext } from '@server/context'
import type { Seeder } from '@server/seed/seeder'
import { monthOf } from '@core/months'
import { addToSpotifyDiscovery } from './service'
import { changeRemovalStatus, changeStatus, requestRemoval, toggle } from './submissions'
import { storeMatches } from './usage/service'
import type { ProviderMatch } from './usage/provider'

const DAY = 24 * 60 * 60 * 1000
/** The last demo statement months (src/domains/earnings/server/imports/seed.ts): approved submissions there tag lines. */
const TAGGED_MONTHS = ['2026-07', '2026-08', '2026-09']
const PLATFORMS = ['twitch', 'apple', 'spotify', 'raw'] as const
const MATCHES = 48

type Release = { id: number; title: string; track_ids: number[] }

/**
 * Demo discovery data, made through the domain's own functions: Discovery Mode submissions in every
 * status (approved in the last statement months, so the statements seeded after this tag their
 * lines; pending, rejected, paused, a removal waiting and one approved), and tracks in usage
 * discovery with matches and their segments. The demo has no provider: the assets are stored as
 * registered with demo asset ids and their matches go through storeMatches, as a refresh would.
 */
export const discoverySeeder: Seeder = {
  name: 'discovery',
  async run({ services, tenant, log }) {
    const { db } = services
    const staff = await db.execute<{ id: number; email: string }>(sql`
      select id, email from accounts where tenant_id = ${tenant.id} and type = 'admin' order by id limit 1`)
    if (!staff.rows[0]) return
    const adminId = Number(staff.rows[0].id)
    const ctx = {
      services,
      tenant,
      session: { id: 0, tenantId: tenant.id, account: { id: adminId, email: staff.rows[0].email, type: 'admin' } },
      hostTenant: tenant,
      ip: '',
      userAgent: 'seed',
      requestId: 'seed',
    } as unknown as AuthedContext
    const found = await db.execute<Release>(sql`
      select r.id, r.title, array_agg(t.id order by t.position, t.id) as track_ids
      from releases r join accounts a on a.id = r.account_id join tracks t on t.release_id = r.id and t.tenant_id = r.tenant_id
      where r.tenant_id = ${tenant.id} and r.status in (1, 7) and a.type in ('artist', 'label')
      group by r.id order by r.id limit 10`)
    const releases = found.rows.map((row) => ({ id: Number(row.id), title: row.title, trackIds: (row.track_ids ?? []).map(Number) }))
    if (releases.length < 6) return
    const current = monthOf(services.now())
    const submit = async (release: (typeof releases)[number], month: string, whole = false) => {
      const answer = await addToSpotifyDiscovery(ctx, { releaseIds: [release.id], trackIds: whole ? undefined : release.trackIds.slice(0, 1), month })
      return answer.submitted.map((entry) => entry.id)
    }

    // In Discovery Mode for the last statement months: the statements tag these lines.
    const approved: number[] = []
    for (const month of TAGGED_MONTHS) {
      approved.push(...(await submit(releases[0], month, true)))
      approved.push(...(await submit(releases[1], month)))
    }
    await changeStatus(ctx, { ids: approved, status: 'approved' })
    // This month: waiting for staff (the review queue), refused, paused, a removal waiting, one removed.
    await submit(releases[2], current)
    await submit(releases[3], current)
    const [rejected] = await submit(releases[4], current)
    await changeStatus(ctx, { ids: [rejected], status: 'rejected', reason: 'The track was released less than 30 days ago.' })
    const [paused, waiting, gone] = [
      ...(await submit(releases[5], current)),
      ...(await submit(releases[0], current, true)),
      ...(await submit(releases[1], current)),
    ]
    await changeStatus(ctx, { ids: [paused, waiting, gone], status: 'approved' })
    await toggle(ctx, { ids: [paused], enabled: false })
    await requestRemoval(ctx, { ids: [waiting, gone], note: 'The artist wants the full royalty rate back from next month.' })
    await changeRemovalStatus(ctx, { ids: [gone], status: 'approved' })

    // Usage discovery: the tracks of the first releases registered, with matches over the last 30 days.
    const trackRows = releases.slice(0, 4).flatMap((release) => release.trackIds.slice(0, 2).map((trackId) => ({ trackId, release })))
    const assets: { id: number; assetId: string; title: string }[] = []
    for (const [index, row] of trackRows.entries()) {
      const assetId = `demo-asset-${tenant.id}-${index + 1}`
      const inserted = await db.execute<{ id: number }>(sql`
        insert into usage_assets (tenant_id, track_id, release_id, account_id, track_title, status, asset_id, submitted_by, created_at, updated_at)
        select ${tenant.id}, t.id, r.id, r.account_id, t.title, 'registered', ${assetId}, ${adminId}, now() - interval '35 days', now() - interval '35 days'
        from tracks t join releases r on r.id = t.release_id where t.id = ${row.trackId} and t.tenant_id = ${tenant.id}
        returning id`)
      if (inserted.rows[0]) assets.push({ id: Number(inserted.rows[0].id), assetId, title: row.release.title })
    }
    // One asset the register job could not send, one taken out of discovery.
    if (assets.length > 2) {
      await db.execute(sql`update usage_assets set status = 'failed', asset_id = null, error = 'The track has no audio file.' where id = ${assets.at(-1)!.id}`)
      await db.execute(sql`update usage_assets set cancelled_at = now() - interval '2 days' where id = ${assets.at(-2)!.id}`)
    }
    const live = assets.slice(0, Math.max(1, assets.length - 2))
    const matches: ProviderMatch[] = Array.from({ length: MATCHES }, (_, index) => {
      const asset = live[index % live.length]
      const platform = PLATFORMS[index % PLATFORMS.length]
      const duration = 120 + ((index * 37) % 3400)
      const start = (index * 13) % 90
      return {
        id: `demo-match-${tenant.id}-${index + 1}`,
        assetId: asset.assetId,
        title: asset.title,
        platform,
        mediaUrl: `https://media.example/${platform}/v${1000 + index}`,
        userUrl: index % 11 === 0 ? 'https://www.youtube.com/@officialartist' : `https://www.twitch.tv/demo_streamer_${index % 9}`,
        userName: index % 11 === 0 ? 'Official Artist' : `Demo streamer ${index % 9}`,
        copyTitle: `Live set #${index + 1}`,
        uploadDate: new Date(services.now().getTime() - (index % 30) * DAY - 3 * DAY).toISOString(),
        views: 200 + ((index * 7919) % 48000),
        shares: (index * 13) % 400,
        duration,
        matchLength: 30 + (index % 5) * 12.5,
        copyPercentage: Math.min(100, 100 * ((30 + (index % 5) * 12.5) / duration)),
        segments: [
          { original: [start, start + 30], copy: [Math.min(duration - 60, 40 + index * 3), Math.min(duration - 30, 70 + index * 3)] },
          { original: [start + 45, start + 45 + (index % 5) * 12.5], copy: [Math.max(0, duration - 20 - (index % 5) * 12.5), duration - 20] },
        ],
      }
    })
    await storeMatches(db, tenant.id, matches)
    // Spread over the last 30 days as successive refreshes would have found them; the per-day
    // rollup is rebuilt from them the way storeMatches keeps it.
    await db.execute(sql`
      update usage_matches set found_at = now() - ((id % 30) || ' days')::interval where tenant_id = ${tenant.id}`)
    await db.execute(sql`delete from usage_daily where tenant_id = ${tenant.id}`)
    await db.execute(sql`
      insert into usage_daily (tenant_id, day, track_id, matches, views)
      select ${tenant.id}, (found_at at time zone 'UTC')::date, track_id, count(*), sum(views) from usage_matches
      where tenant_id = ${tenant.id} group by 2, 3`)
    // A few already decided by staff.
    await db.execute(sql`
      update usage_matches set status = case when id % 7 = 1 then 'claimed' when id % 7 = 2 then 'ignored' else status end,
        actioned_by = case when id % 7 in (1, 2) then ${adminId}::bigint end, actioned_at = case when id % 7 in (1, 2) then now() end
      where tenant_id = ${tenant.id}`)
    await db.execute(sql`
      insert into usage_cursors (tenant_id, cursor, refreshed_at) values (${tenant.id}, null, now()) on conflict (tenant_id) do nothing`)
    log(`discovery: ${approved.length + 7} Discovery Mode submissions, ${assets.length} tracks in usage discovery, ${MATCHES} matches`)
  },
}
