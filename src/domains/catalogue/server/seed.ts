import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'
import { LINK_PLATFORMS } from '@contract/release-links'
import type { Seeder } from '@server/seed/seeder'
import { accounts, artistProfiles, labelProfiles } from '@server/db/schema/platform'
import { gtinCheckDigit } from '@core/identifiers'
import { RELEASE_STATUS, type ReleaseStatus } from '@core/release-status'
import { DELIVERY_TARGETS, RELEASE_TYPES } from '@contract/releases'
import { encodePng, hex, lerp } from '@domains/site-setup/server/public'
import { editRequests, releaseNotes, releases, tracks, type EditChangeData } from './schema'
import { monoWav } from '@server/wav'

const DAY = 24 * 60 * 60 * 1000
export const DEMO_RELEASES = 3000

const WORDS_A = ['Midnight', 'Golden', 'Silent', 'Electric', 'Velvet', 'Neon', 'Broken', 'Paper', 'Crystal', 'Wild', 'Northern', 'Lonely']
const WORDS_B = ['Echoes', 'Hearts', 'Skyline', 'Rivers', 'Dreams', 'Signals', 'Horizons', 'Letters', 'Shadows', 'Waves', 'Lights', 'Roads']
const GENRES = [
  'Pop',
  'Hip-Hop/Rap',
  'Electronic',
  'Dance',
  'R&B/Soul',
  'Rock',
  'Alternative',
  'Jazz',
  'Latin',
  'Country',
  'Afrobeats',
  'Ambient',
]
const LANGUAGES = ['English', 'Spanish', 'French', 'German', 'Portuguese']
const STORES = [1, 2, 3, 4, 5, 7, 30, 31, 51, 61, 62, 78]
const PALETTE = ['#F5C542', '#E4572E', '#29335C', '#669BBC', '#7CB518', '#8E44AD', '#F08A4B', '#1B998B', '#2D3047', '#E84855']
/** Weighted so the list looks like a real catalogue: most releases are out. */
const STATUS_CYCLE: ReleaseStatus[] = [1, 1, 1, 1, 1, 7, 7, 2, 2, 3, 4, 0, 0, 5, 6, 6, 8, 9]

function upcFor(index: number): string {
  const body = `8${String(1_000_000_000 + index).padStart(10, '0')}`
  return `${body}${gtinCheckDigit(body)}`
}
function isrcFor(year: number, serial: number): string {
  return `USWL1${String(year % 100).padStart(2, '0')}${String(serial).padStart(5, '0')}`
}
const isoDay = (date: Date) => date.toISOString().slice(0, 10)

/** A short mono 16-bit PCM WAV: a few seconds of a chord, so the demo's tracks play. */
function demoWav(seconds: number, frequencies: readonly number[]): Buffer {
  const rate = 22_050
  const samples = rate * seconds
  const pcm = Buffer.alloc(samples * 2)
  for (let index = 0; index < samples; index += 1) {
    const t = index / rate
    const fade = Math.min(1, t * 4, (seconds - t) * 4)
    const value = frequencies.reduce((sum, frequency) => sum + Math.sin(2 * Math.PI * frequency * t), 0) / frequencies.length
    pcm.writeInt16LE(Math.round(value * fade * 12_000), index * 2)
  }
  return monoWav(rate, pcm)
}
const DEMO_CHORDS = [
  [261.63, 329.63, 392.0],
  [220.0, 261.63, 329.63],
  [196.0, 246.94, 293.66],
  [174.61, 220.0, 261.63],
] as const

/**
 * A catalogue for the demo workspace: a few thousand releases across every status with tracks,
 * cover art, notes, edit requests (pending, approved, rejected) and a history in the audit log.
 * Rows go in by the hundred (multi-row inserts), history by set-based INSERT ... SELECT.
 */
export const catalogueSeeder: Seeder = {
  name: 'catalogue',
  async run({ services, tenant, faker }) {
    const { db } = services
    const now = services.now()
    const owners = await db
      .select({ id: accounts.id, type: accounts.type, artistName: artistProfiles.artistName, labelName: labelProfiles.labelName })
      .from(accounts)
      .leftJoin(artistProfiles, eq(artistProfiles.accountId, accounts.id))
      .leftJoin(labelProfiles, eq(labelProfiles.accountId, accounts.id))
      .where(and(eq(accounts.tenantId, tenant.id), inArray(accounts.type, ['artist', 'label'])))
      .orderBy(accounts.id)
    const staff = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.tenantId, tenant.id), eq(accounts.type, 'admin')))
      .orderBy(accounts.id)
    if (owners.length === 0 || staff.length === 0) return
    const reviewer = (staff[1] ?? staff[0]).id

    // Cover art: real PNGs through the file store, shared by many releases.
    const covers: string[] = []
    for (let index = 0; index < 12; index += 1) {
      const from = hex(PALETTE[index % PALETTE.length])
      const to = hex(PALETTE[(index * 3 + 4) % PALETTE.length])
      const size = 240
      const png = encodePng(size, size, (x, y) => {
        const ring = Math.abs(Math.hypot(x - size / 2, y - size / 2) - 40 - (index % 4) * 14) < 6
        return ring ? hex('#FFFFFF', 220) : lerp(from, to, (x + y) / (2 * size))
      })
      const stored = await services.files.save(db, {
        tenantId: tenant.id,
        purpose: 'release-cover',
        originalName: `cover-${index + 1}.png`,
        data: png,
        kind: 'image',
        maxBytes: 5 * 1024 * 1024,
        visibility: 'public',
        createdBy: reviewer,
      })
      covers.push(`/api/files/${stored.id}`)
    }

    // Audio: a few short recordings shared by the tracks of every release past the draft stage.
    const audio: string[] = []
    for (const [index, chord] of DEMO_CHORDS.entries()) {
      const stored = await services.files.save(db, {
        tenantId: tenant.id,
        purpose: 'track-audio',
        originalName: `demo-${index + 1}.wav`,
        data: demoWav(4, chord),
        kind: 'audio',
        maxBytes: 5 * 1024 * 1024,
        visibility: 'private',
        createdBy: reviewer,
      })
      audio.push(`/api/files/${stored.id}`)
    }

    const rows: (typeof releases.$inferInsert)[] = []
    for (let index = 0; index < DEMO_RELEASES; index += 1) {
      const owner = owners[index % owners.length]
      const artist = owner.artistName ?? owner.labelName ?? 'Unknown Artist'
      const status = STATUS_CYCLE[index % STATUS_CYCLE.length]
      const created = new Date(
        now.getTime() - ((DEMO_RELEASES - index) / DEMO_RELEASES) * 720 * DAY - faker.number.int({ min: 0, max: DAY }),
      )
      // Live and edited releases made lately are still scheduled: their date is ahead.
      const ahead = (status === 1 || status === 7) && index > DEMO_RELEASES - 250 && index % 3 === 0
      const releaseDate = ahead
        ? new Date(now.getTime() + faker.number.int({ min: 3, max: 60 }) * DAY)
        : new Date(created.getTime() + faker.number.int({ min: 7, max: 45 }) * DAY)
      const type = RELEASE_TYPES[index % 10 < 6 ? 0 : index % 10 < 8 ? 1 : index % 10 < 9 ? 2 : 3]
      const title = `${WORDS_A[index % WORDS_A.length]} ${WORDS_B[Math.floor(index / WORDS_A.length) % WORDS_B.length]}${index >= 144 ? ` ${Math.floor(index / 144) + 1}` : ''}`
      const cover = covers[index % covers.length]
      const delivered = status === 1 || status === 7 || status === 8
      const year = created.getUTCFullYear()
      rows.push({
        tenantId: tenant.id,
        accountId: owner.id,
        title,
        version: index % 9 === 0 ? faker.helpers.arrayElement(['Remix', 'Acoustic', 'Live', 'Deluxe Edition']) : null,
        artists: [artist],
        artistText: artist,
        type,
        status,
        // Every release its own UPC (a shared one is a delivery error); the duplicates panel's demo is
        // the recordings that reappear on a later release under their ISRC (below).
        upc: status === 0 && index % 4 === 0 ? null : upcFor(index),
        catalogNumber: `WL${String(index + 1).padStart(5, '0')}`,
        label: owner.labelName ?? faker.helpers.arrayElement(['Independent', 'Demo Records', 'Northside Music', 'Blue Hour']),
        language: LANGUAGES[index % LANGUAGES.length],
        languages: [LANGUAGES[index % LANGUAGES.length]],
        primaryGenre: GENRES[index % GENRES.length],
        secondaryGenre: index % 3 === 0 ? GENRES[(index + 5) % GENRES.length] : null,
        licenseType: index % 7 === 0 ? 'Creative Commons' : 'Copyright',
        cLine: `${year} ${artist}`,
        cYear: year,
        pLine: `${year} ${owner.labelName ?? artist}`,
        pYear: year,
        releaseDate: isoDay(releaseDate),
        originalReleaseDate: index % 11 === 0 ? isoDay(new Date(releaseDate.getTime() - 3650 * DAY)) : null,
        publishDate: status === 0 ? null : isoDay(created),
        releaseTime: index % 5 === 0 ? '09:00' : null,
        timeZone: index % 5 === 0 ? 'Europe/London' : 'utc',
        applePreorder: index % 13 === 0,
        applePreorderDate: index % 13 === 0 ? isoDay(new Date(releaseDate.getTime() - 14 * DAY)) : null,
        coverUrl: cover,
        coverMediumUrl: cover,
        coverLargeUrl: cover,
        adminReview: status === 2 && index % 2 === 0,
        priorityReview: (status === 2 || status === 5) && index % 5 === 0,
        participants: [{ name: artist, roles: 'Primary Artist' }],
        stores: faker.helpers.arrayElements(STORES, { min: 4, max: STORES.length }).sort((a, b) => a - b),
        territories: index % 8 === 0 ? ['US', 'CA', 'GB', 'IE'] : ['WW'],
        delivery: Object.fromEntries(
          DELIVERY_TARGETS.map((target, at) => {
            const on = delivered && (index + at) % 3 !== 0
            return [target, { delivered: on, completed: on && (index + at) % 4 !== 0 }]
          }),
        ),
        reviewFile:
          status === 5
            ? { fileName: 'rights-proof.pdf', url: '', note: 'Proof of ownership for the sampled hook', date: created.toISOString() }
            : null,
        takedownReason:
          status === 8 || status === 9
            ? faker.helpers.arrayElement(['Artist request', 'Copyright claim from the label', 'Duplicate release'])
            : null,
        takedownAt: status === 8 || status === 9 ? new Date(now.getTime() - (index % 20) * DAY) : null,
        takedownBy: status === 8 || status === 9 ? reviewer : null,
        trackCount: 0,
        createdAt: created,
        updatedAt: created,
      })
    }

    await db.transaction(async (tx) => {
      const ids: number[] = []
      for (let index = 0; index < rows.length; index += 300) {
        const inserted = await tx
          .insert(releases)
          .values(rows.slice(index, index + 300))
          .returning({ id: releases.id })
        ids.push(...inserted.map((row) => row.id))
      }

      // Tracks: 1-3 on a single, 4-6 on an EP, 8-14 on albums and compilations.
      const trackRows: (typeof tracks.$inferInsert)[] = []
      let serial = 1
      ids.forEach((releaseId, index) => {
        const row = rows[index]
        const count = row.type === 'Single' ? 1 + (index % 3) : row.type === 'EP' ? 4 + (index % 3) : 8 + (index % 7)
        for (let position = 1; position <= count; position += 1) {
          const title =
            position === 1
              ? row.title
              : `${WORDS_B[(index + position) % WORDS_B.length]} ${WORDS_A[(index * 7 + position) % WORDS_A.length]}`
          trackRows.push({
            tenantId: tenant.id,
            releaseId,
            position,
            // A few recordings reappear on the next release (a single's track on the album), under
            // the same ISRC, as a recording must: the duplicates panel and report show them.
            isrc: row.status === 0 && position > 1 ? null : isrcFor(row.cYear ?? 2026, serial % 500 === 0 ? serial - 1 : serial),
            iswc:
              position === 1 && index % 4 === 0
                ? `T-${String(100_000_000 + index).slice(0, 3)}.${String(index).padStart(3, '0').slice(-3)}.${String(position).padStart(3, '0')}-${index % 10}`
                : null,
            title,
            language: row.language,
            lyrics: index % 6 === 0 ? 'Verse one\nChorus\nVerse two\nChorus' : null,
            explicit: (index + position) % 9 === 0,
            duration: 150 + ((index * 37 + position * 13) % 150),
            audioUrl: row.status === 0 ? null : audio[(index + position) % audio.length],
            tiktokStart: position === 1 ? `0:${String((index % 4) * 15).padStart(2, '0')}` : null,
            participants: row.participants ?? [],
            writers: [{ firstName: faker.person.firstName(), lastName: faker.person.lastName(), roles: 'Composer;Lyricist' }],
            credits: index % 4 === 0 ? [{ name: faker.person.fullName(), roles: 'Producer' }] : [],
            scanStatus: row.status === 0 ? null : (index + position) % 10 === 0 ? 2 : (index + position) % 7 === 0 ? 0 : 1,
            createdAt: row.createdAt,
            updatedAt: row.createdAt,
          })
          serial += 1
        }
      })
      for (let index = 0; index < trackRows.length; index += 500) await tx.insert(tracks).values(trackRows.slice(index, index + 500))
      await tx.execute(sql`
        update releases r set track_count = t.n
        from (select release_id, count(*)::int as n from tracks where tenant_id = ${tenant.id} group by release_id) t
        where r.id = t.release_id`)

      // Staff notes on about one release in ten.
      const notes: (typeof releaseNotes.$inferInsert)[] = []
      ids.forEach((releaseId, index) => {
        if (index % 10 !== 0) return
        notes.push({
          tenantId: tenant.id,
          releaseId,
          authorId: reviewer,
          content: faker.helpers.arrayElement([
            'Artwork checked: no logos or URLs.',
            'Asked the artist for the sample clearance.',
            'Priority: the label is pitching this to editorial.',
            'Metadata matches the split sheet.',
          ]),
          // A day after the release was made, but never after the seed ran: a note records something said.
          createdAt: new Date(Math.min((rows[index].createdAt as Date).getTime() + DAY, now.getTime() - 10 * 60_000)),
        })
      })
      for (let index = 0; index < notes.length; index += 500) await tx.insert(releaseNotes).values(notes.slice(index, index + 500))

      // Edit requests: pending on every "edit pending" release, decided ones on edited and live releases.
      const firstTracks = new Map<number, { id: number; title: string; explicit: boolean }>()
      const firstRows = await tx.execute<{ id: number; release_id: number; title: string; explicit: boolean }>(
        sql`select id, release_id, title, explicit from tracks where tenant_id = ${tenant.id} and position = 1`,
      )
      for (const track of firstRows.rows)
        firstTracks.set(Number(track.release_id), { id: Number(track.id), title: track.title, explicit: track.explicit })
      const requests: (typeof editRequests.$inferInsert)[] = []
      ids.forEach((releaseId, index) => {
        const row = rows[index]
        const kind =
          row.status === RELEASE_STATUS.editPending
            ? 'pending'
            : row.status === RELEASE_STATUS.edited && index % 2 === 0
              ? 'approved'
              : row.status === RELEASE_STATUS.live && index % 15 === 0
                ? 'rejected'
                : null
        if (!kind) return
        const track = firstTracks.get(releaseId)
        const changes: EditChangeData[] = [
          { scope: 'release', field: 'title', oldValue: row.title, newValue: `${row.title} (Deluxe)` },
          { scope: 'release', field: 'primaryGenre', oldValue: row.primaryGenre ?? null, newValue: GENRES[(index + 1) % GENRES.length] },
        ]
        if (index % 2 === 0)
          changes.push({ scope: 'release', field: 'territories', oldValue: row.territories ?? [], newValue: ['US', 'GB', 'DE', 'FR'] })
        if (track) {
          changes.push({ scope: 'track', trackId: track.id, field: 'title', oldValue: track.title, newValue: `${track.title} (Deluxe)` })
          changes.push({ scope: 'track', trackId: track.id, field: 'explicit', oldValue: track.explicit, newValue: !track.explicit })
        }
        // An approved request is already applied: the release holds its new values, the old ones were the proposal's.
        if (kind === 'approved') for (const change of changes) [change.oldValue, change.newValue] = [change.newValue, change.oldValue]
        const created = new Date(now.getTime() - (index % 30) * DAY - 3600_000)
        requests.push({
          tenantId: tenant.id,
          releaseId,
          accountId: row.accountId,
          status: kind,
          changes,
          comment: kind === 'rejected' ? 'The new title does not match the artwork.' : kind === 'approved' ? 'Looks good.' : null,
          // A day after the request, but never later than now: a decision records something done.
          decidedAt: kind === 'pending' ? null : new Date(Math.min(created.getTime() + DAY, now.getTime() - 10 * 60_000)),
          decidedBy: kind === 'pending' ? null : reviewer,
          createdAt: created,
        })
      })
      for (let index = 0; index < requests.length; index += 300) await tx.insert(editRequests).values(requests.slice(index, index + 300))

      // History, set-based: submitted by the owner, then the staff's status changes and takedowns.
      await tx.execute(sql`
        insert into audit_log (tenant_id, actor_account_id, action, entity_type, entity_id, before, after, created_at)
        select r.tenant_id, r.account_id, 'release.submitted', 'release', r.id::text, null,
               jsonb_build_object('status', 2), least(r.created_at + interval '1 hour', ${now.toISOString()}::timestamptz - interval '10 minutes')
        from releases r where r.tenant_id = ${tenant.id} and r.status <> 0`)
      await tx.execute(sql`
        insert into audit_log (tenant_id, actor_account_id, action, entity_type, entity_id, before, after, created_at)
        select r.tenant_id, ${reviewer}, 'release.status', 'release', r.id::text,
               jsonb_build_object('status', 2), jsonb_build_object('status', s.step),
               -- days after the release was made, never after the seed ran: the history records what was done
               least(r.created_at + s.step * interval '1 day', ${now.toISOString()}::timestamptz - (5 - s.step) * interval '1 minute')
        from releases r
        cross join lateral (values (3), (4), (1)) s(step)
        where r.tenant_id = ${tenant.id} and r.status in (1, 4, 6, 7, 8, 9) and (s.step <> 1 or r.status <> 4)`)
      await tx.execute(sql`
        insert into audit_log (tenant_id, actor_account_id, action, entity_type, entity_id, before, after, created_at)
        select r.tenant_id, r.takedown_by, 'release.takedown', 'release', r.id::text,
               jsonb_build_object('status', 1), jsonb_build_object('status', r.status, 'reason', r.takedown_reason), r.takedown_at
        from releases r where r.tenant_id = ${tenant.id} and r.status in (8, 9)`)
      await tx.execute(sql`
        insert into audit_log (tenant_id, actor_account_id, action, entity_type, entity_id, before, after, created_at)
        select e.tenant_id, e.decided_by, case e.status when 'approved' then 'release.edit_approved' else 'release.edit_rejected' end,
               'release', e.release_id::text, jsonb_build_object('editRequestId', e.id),
               jsonb_build_object('editRequestId', e.id, 'comment', e.comment), e.decided_at
        from edit_requests e where e.tenant_id = ${tenant.id} and e.status <> 'pending'`)

      // Scans, set-based: each track with a scan status has its two scans behind it. A completed
      // fingerprint of a release that is out finds the recording itself in the stores' catalogue;
      // a failed track failed its cover-song scan.
      await tx.execute(sql`
        insert into track_scans (tenant_id, track_id, kind, provider, provider_job_id, status, matches, error, requested_by, requested_at, completed_at)
        select t.tenant_id, t.id, k.kind, 'Demo recognition', 'demo-' || t.id || '-' || k.kind,
               case when t.scan_status = 2 and k.kind = 'fingerprint' then 1 else t.scan_status end,
               case when t.scan_status in (1, 2) and k.kind = 'fingerprint' and r.status in (1, 7) and t.isrc is not null
                    then jsonb_build_array(jsonb_build_object('title', t.title, 'artists', r.artists, 'isrc', t.isrc,
                                                              'label', r.label, 'score', 96 + t.id % 4, 'offset', 0))
                    else '[]'::jsonb end,
               case when t.scan_status = 2 and k.kind = 'cover' then 'The provider could not decode the audio.' end,
               ${reviewer},
               case when t.scan_status = 0 then ${now.toISOString()}::timestamptz - interval '10 minutes'
                    else r.created_at + interval '2 hours' end,
               case when t.scan_status in (1, 2) then r.created_at + interval '2 hours 12 minutes' end
        from tracks t
        join releases r on r.id = t.release_id
        cross join (values ('fingerprint'), ('cover')) as k(kind)
        where t.tenant_id = ${tenant.id} and t.scan_status is not null`)

      await seedLinks(tx, tenant.id, now, reviewer)
    })
    await db.execute(sql`analyze releases`)
    await db.execute(sql`analyze tracks`)
    await db.execute(sql`analyze track_scans`)
    await db.execute(sql`analyze platform_links`)
    await db.execute(sql`analyze smartlink_clicks`)
  },
}

/**
 * What delivery would have written for the releases that are out: links and ids on Spotify, Apple
 * Music, Deezer, YouTube, Amazon (its ASIN) and, for some, TIDAL, for each release and its tracks;
 * a smartlink on one in four with clicks over the last 90 days. Set-based: tens of thousands of rows
 * in a handful of statements. Ids are made from md5 (hex, so valid base62 for Spotify) so every demo
 * database has the same ones.
 */
async function seedLinks(db: Queryable, tenantId: number, now: Date, staffId: number) {
  const today = isoDay(now)
  const live = sql`r.tenant_id = ${tenantId} and r.status in (1, 7) and r.release_date <= ${today}::date`
  // A day or two after the release date, but never later than now.
  const after = (days: number) => sql`least(r.release_date::timestamptz + ${`${days} days`}::interval, ${now.toISOString()}::timestamptz)`
  await db.execute(sql`
    insert into platform_links (tenant_id, release_id, track_id, platform, url, external_id, updated_at)
    select r.tenant_id, r.id, null, p.platform,
      case p.platform
        when 'spotify' then 'https://open.spotify.com/album/' || x.sp
        when 'apple' then 'https://music.apple.com/us/album/' || x.apple
        when 'deezer' then 'https://www.deezer.com/album/' || x.deezer
        when 'youtube' then 'https://music.youtube.com/playlist?list=OLAK5uy_' || x.yt
        when 'amazon' then 'https://music.amazon.com/albums/' || x.asin
        else 'https://tidal.com/browse/album/' || x.tidal
      end,
      case p.platform
        when 'spotify' then 'spotify:album:' || x.sp
        when 'apple' then x.apple
        when 'deezer' then x.deezer
        when 'youtube' then 'OLAK5uy_' || x.yt
        when 'amazon' then x.asin
        else x.tidal
      end,
      ${after(1)}
    from releases r
    cross join lateral (select
      substr(md5('sp' || r.id), 1, 22) as sp,
      substr(md5('yt' || r.id) || md5('yu' || r.id), 1, 33) as yt,
      'B0' || upper(substr(md5('az' || r.id), 1, 8)) as asin,
      (1500000000 + r.id * 7)::text as apple,
      (400000000 + r.id * 3)::text as deezer,
      (300000000 + r.id * 5)::text as tidal) x
    cross join (values ('spotify'), ('apple'), ('deezer'), ('youtube'), ('amazon'), ('tidal')) p(platform)
    where ${live} and (p.platform <> 'tidal' or r.id % 3 = 0)`)
  await db.execute(sql`
    insert into platform_links (tenant_id, release_id, track_id, platform, url, external_id, updated_at)
    select t.tenant_id, t.release_id, t.id, p.platform,
      case p.platform
        when 'spotify' then 'https://open.spotify.com/track/' || x.sp
        when 'apple' then 'https://music.apple.com/us/song/' || x.apple
        when 'deezer' then 'https://www.deezer.com/track/' || x.deezer
        else 'https://music.youtube.com/watch?v=' || x.yt
      end,
      case p.platform when 'spotify' then 'spotify:track:' || x.sp when 'apple' then x.apple when 'deezer' then x.deezer else x.yt end,
      ${after(1)}
    from tracks t
    join releases r on r.id = t.release_id
    cross join lateral (select
      substr(md5('st' || t.id), 1, 22) as sp,
      substr(md5('yv' || t.id), 1, 11) as yt,
      (1600000000 + t.id * 3)::text as apple,
      (2000000000 + t.id * 3)::text as deezer) x
    cross join (values ('spotify'), ('apple'), ('deezer'), ('youtube')) p(platform)
    where ${live}`)
  const order = sql.raw(`array[${LINK_PLATFORMS.map((platform) => `'${platform}'`).join(', ')}]`)
  await db.execute(sql`
    insert into smartlinks (tenant_id, release_id, code, title, entries, created_by, created_at, updated_at, refreshed_at)
    select r.tenant_id, r.id, substr(md5('sl' || r.id), 1, 3) || to_hex(r.id), r.title || ' — ' || r.artist_text,
      (select jsonb_agg(jsonb_build_object('platform', l.platform, 'url', l.url, 'hidden', l.platform = 'tidal')
                        order by array_position(${order}, l.platform))
       from platform_links l where l.release_id = r.id and l.track_id is null),
      ${staffId}, ${after(2)}, ${after(2)}, ${after(2)}
    from releases r
    where ${live} and r.id % 4 = 0
    order by r.id`)
  // One hash per smartlink, platform and day decides whether anyone clicked that day, and how often.
  await db.execute(sql`
    insert into smartlink_clicks (smartlink_id, tenant_id, day, platform, clicks)
    select id, tenant_id, day, platform, 1 + (h / 4) % (case platform when 'spotify' then 24 when 'apple' then 14 else 6 end)
    from (
      select s.id, s.tenant_id, d.day, e->>'platform' as platform, abs(hashtext(s.id || ':' || d.day || (e->>'platform'))) as h
      from smartlinks s
      cross join jsonb_array_elements(s.entries) e
      cross join lateral (select (${today}::date - n) as day from generate_series(0, 89) n) d
      where s.tenant_id = ${tenantId} and not (e->>'hidden')::boolean and d.day >= s.created_at::date
    ) candidates
    where h % 4 = 0`)
}
