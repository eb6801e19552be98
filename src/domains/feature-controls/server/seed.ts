import { sql } from 'drizzle-orm'
import type { Seeder } from '@server/seed/seeder'
import { featureRequests } from './schema'

const HOUR = 60 * 60 * 1000

/** Demo greenlist requests: channels the artists use, in each status, oldest first. */
const PLAN: { hoursAgo: number; status: string; reason?: string; youtube: string[]; tiktok: string[]; info: string }[] = [
  { hoursAgo: 300, status: 'approved', youtube: ['https://www.youtube.com/@officialartist'], tiktok: [], info: 'Our official channel' },
  { hoursAgo: 200, status: 'rejected', reason: 'The channel is not yours: send proof of ownership.', youtube: ['https://www.youtube.com/@fanuploads'], tiktok: [], info: 'Fan channel' },
  { hoursAgo: 48, status: 'pending', youtube: ['UCaBcDeFgHiJkLmNoPqRsTuV'], tiktok: ['https://www.tiktok.com/@dancer.one'], info: 'Dance challenge partner' },
  { hoursAgo: 20, status: 'pending', youtube: ['https://www.youtube.com/@livesessions'], tiktok: [], info: 'Live session videos' },
  { hoursAgo: 3, status: 'pending', youtube: [], tiktok: ['https://www.tiktok.com/@labelteam'], info: 'The label’s TikTok' },
]

/** A few greenlist requests on the demo artists' releases, so the review list and queue are not empty. */
export const featureControlsSeeder: Seeder = {
  name: 'feature-controls',
  async run({ services, tenant, log }) {
    const { db } = services
    const releases = await db.execute<{ id: number; title: string; account_id: number }>(sql`
      select r.id, r.title, r.account_id from releases r join accounts a on a.id = r.account_id
      where r.tenant_id = ${tenant.id} and a.type in ('artist', 'label') order by r.id limit ${PLAN.length}`)
    const staff = await db.execute<{ id: number }>(sql`select id from accounts where tenant_id = ${tenant.id} and type = 'admin' order by id limit 1`)
    if (releases.rows.length === 0) return
    const now = Date.now()
    const rows = PLAN.map((plan, index) => {
      const release = releases.rows[index % releases.rows.length]
      const created = new Date(now - plan.hoursAgo * HOUR)
      const decided = plan.status !== 'pending'
      return {
        tenantId: tenant.id,
        kind: 'greenlist',
        status: plan.status,
        requesterAccountId: Number(release.account_id),
        releaseId: Number(release.id),
        title: release.title,
        fields: {
          format: 'all',
          channels: { youtube: plan.youtube, soundcloud: [], facebook: [], tiktok: plan.tiktok, instagram: [] },
          info: plan.info,
          comment: '',
          isrc: null,
        },
        reason: plan.reason ?? null,
        reviewedByAccountId: decided && staff.rows[0] ? Number(staff.rows[0].id) : null,
        reviewedAt: decided ? new Date(created.getTime() + 5 * HOUR) : null,
        createdAt: created,
        updatedAt: created,
      }
    })
    await db.insert(featureRequests).values(rows)
    log(`feature-controls: ${rows.length} greenlist requests`)
  },
}
