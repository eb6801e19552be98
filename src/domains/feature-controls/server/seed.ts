import { sql } from 'drizzle-orm'
import type { Db } from '@server/db/engine'
import type { Seeder } from '@server/seed/seeder'
import { blocklistEndsAt } from '@core/feature-requests'
import { BLOCKLIST_END_JOB } from './blocklist'
import { licenceTerms } from './licensing'
import { US_STATUTORY_RATES } from '@core/mechanical-rates'
import type { LicensingFields } from '@contract/feature-controls'
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

/** A few requests of every kind on the demo artists' releases, so the review lists and the queue are not empty. */
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
    const others = await otherKinds(db, tenant.id, staff.rows[0] ? Number(staff.rows[0].id) : null, releases.rows, now)
    if (others.length) await db.insert(featureRequests).values(others)
    // An approved blocklist entry ends by itself: its job, as approving it would have queued.
    for (const row of others.filter((other) => other.kind === 'blocklist' && other.status === 'approved'))
      await services.jobs.enqueue(db, {
        type: BLOCKLIST_END_JOB,
        tenantId: tenant.id,
        payload: { tenantId: tenant.id },
        runAt: blocklistEndsAt(String((row.fields as { endDate: string }).endDate)),
        maxAttempts: 3,
      })
    log(`feature-controls: ${rows.length} greenlist requests, ${others.length} blocklist, MCN, chart registration and cover licence requests`)
  },
}

type Row = typeof featureRequests.$inferInsert
const day = (time: number) => new Date(time).toISOString().slice(0, 10)

/** A few blocklist, YouTube MCN and chart registration requests in each of their review states. */
async function otherKinds(db: Db, tenantId: number, staffId: number | null, releases: { id: number; title: string; account_id: number }[], now: number): Promise<Row[]> {
  const rows: Row[] = []
  const base = (release: { id: number; title: string; account_id: number }, hoursAgo: number, status: string, reason: string | null = null) => {
    const created = new Date(now - hoursAgo * HOUR)
    const decided = status !== 'pending'
    return {
      tenantId,
      status,
      requesterAccountId: Number(release.account_id),
      reason,
      reviewedByAccountId: decided ? staffId : null,
      reviewedAt: decided ? new Date(created.getTime() + 4 * HOUR) : null,
      createdAt: created,
      updatedAt: created,
    }
  }
  const DAY = 24 * HOUR
  const blocklist: [number, string, string | null, number, number][] = [
    [150, 'approved', null, -5, 60],
    [30, 'pending', null, 10, 40],
    [90, 'rejected', 'Send the premiere contract first.', 5, 30],
  ]
  blocklist.forEach(([hoursAgo, status, reason, from, to], index) => {
    const release = releases[index % releases.length]
    rows.push({
      ...base(release, hoursAgo, status, reason),
      kind: 'blocklist',
      releaseId: Number(release.id),
      title: release.title,
      fields: { platform: index === 1 ? 'tiktok' : 'youtube', format: 'all', startDate: day(now + from * DAY), endDate: day(now + to * DAY), comment: 'Exclusive premiere window', isrc: null },
    })
  })
  const channels: [number, string, string, number][] = [
    [100, 'approved', 'UCbXgHyVwL3mRtQpZs8nKe2A', 52_000],
    [12, 'pending', 'UCq7TzLw9XmPa4RvNc1bYd0E', 8_400],
  ]
  channels.forEach(([hoursAgo, status, channelId, subscribers], index) => {
    const release = releases[index % releases.length]
    rows.push({ ...base(release, hoursAgo, status), kind: 'youtubeMcn', releaseId: null, title: channelId, fields: { channelId, subscribers, videos: 120, views: subscribers * 60 } })
  })
  // Chart registrations need a UPC and ISRCs: the release as registered, read as the request would.
  const registrable = await db.execute<{ id: number; title: string; account_id: number; upc: string; artist_text: string; label: string | null; release_date: string | null; type: string; primary_genre: string | null; cover_url: string | null; participants: { name: string; roles: string }[] }>(sql`
    select r.id, r.title, r.account_id, r.upc, r.artist_text, r.label, r.release_date::text as release_date, r.type, r.primary_genre,
      coalesce(r.cover_medium_url, r.cover_url) as cover_url, r.participants
    from releases r join accounts a on a.id = r.account_id
    where r.tenant_id = ${tenantId} and a.type in ('artist', 'label') and r.upc is not null
      and not exists (select 1 from tracks t where t.release_id = r.id and t.isrc is null)
      and exists (select 1 from tracks t where t.release_id = r.id)
    order by r.id limit 2`)
  for (const [index, release] of registrable.rows.entries()) {
    const tracks = await db.execute<{ id: number; position: number; title: string; isrc: string }>(sql`
      select t.id, t.position, t.title, t.isrc from tracks t where t.tenant_id = ${tenantId} and t.release_id = ${release.id} order by t.position, t.id`)
    rows.push({
      ...base(release, index === 0 ? 72 : 6, index === 0 ? 'approved' : 'pending'),
      kind: 'chartRegistration',
      releaseId: Number(release.id),
      title: release.title,
      fields: {
        upc: release.upc,
        title: release.title,
        artist: release.artist_text,
        label: release.label,
        releaseDate: release.release_date,
        format: release.type,
        genre: release.primary_genre,
        coverUrl: release.cover_url,
        participants: (release.participants ?? []).map((participant) => ({ name: participant.name, roles: participant.roles })),
        tracks: tracks.rows.map((track) => ({ id: Number(track.id), position: Number(track.position), title: track.title, isrc: track.isrc })),
        comment: '',
      },
    })
  }
  // Cover licences: one licensed, one waiting, with the royalty the server computes from the statutory rates.
  const licences: [number, string, string, string, string][] = [
    [60, 'approved', 'Harbour Lights', 'June Harper', '2023-04-14'],
    [8, 'pending', 'Paper Moons', 'Eli Brandt', '2022-11-04'],
  ]
  licences.forEach(([hoursAgo, status, song, composer, releaseDate], index) => {
    const release = releases[index % releases.length]
    const fields: LicensingFields = {
      albumTitle: `${release.title} (Covers)`,
      albumArtist: 'Demo Artist',
      releaseDate,
      description: '',
      licensee: { companyName: 'Demo Records', email: 'licensing@demo-records.test', firstName: 'Dana', lastName: 'Reyes', phone1: '+1 555 0142' },
      releases: [
        { formatId: 'physical', formatTitle: 'CD', releaseQuantity: 500, quantityLicensed: 500, expectedOutletsOfDistribution: 'Tour merch, web store' },
        { formatId: 'download', formatTitle: 'Download', releaseQuantity: 0, quantityLicensed: 1200, expectedOutletsOfDistribution: 'iTunes, Amazon' },
      ],
      song: { title: song, composedBy: composer, originalRecordingArtist: 'The Originals', publishedBy: 'Old Tune Publishing', playingSeconds: 238 },
    }
    const terms = licenceTerms(US_STATUTORY_RATES, fields)
    rows.push({
      ...base(release, hoursAgo, status),
      kind: 'licensing',
      releaseId: null,
      title: `${song} (${fields.albumTitle})`,
      fields: { ...fields, releases: terms.releases, status: terms.status },
    })
  })
  return rows
}
