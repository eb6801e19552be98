import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { TestClient } from '../helpers/client'
import { DEMO_PASSWORD, seedDemo } from '../../src/server/seed'
import { DEMO_RELEASES } from '../../src/domains/catalogue/server/seed'

let t: TestApp
let seconds: Record<string, number> = {}
beforeAll(async () => {
  t = await createTestApp()
  const log = (line: string) => {
    const match = /^seeded (\S+) in (\d+) ms/.exec(line)
    if (match) seconds = { ...seconds, [match[1]]: Number(match[2]) / 1000 }
  }
  await seedDemo(t.services, log)
})
afterAll(() => t.close())

const count = async (query: ReturnType<typeof sql>) => Number((await t.services.db.execute<{ n: number }>(query)).rows[0].n)

describe('demo catalogue', () => {
  it('has a few thousand releases across every status, with tracks, covers, notes, edit requests and history', async () => {
    const statuses = await t.services.db.execute<{ status: number; n: number }>(
      sql`select status, count(*)::int as n from releases group by status order by status`,
    )
    expect(statuses.rows.map((row) => Number(row.status))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(statuses.rows.reduce((sum, row) => sum + Number(row.n), 0)).toBe(DEMO_RELEASES)
    expect(await count(sql`select count(*)::int as n from releases where track_count = 0 or cover_url is null`)).toBe(0)
    expect(
      await count(
        sql`select count(*)::int as n from releases r where track_count <> (select count(*) from tracks where release_id = r.id)`,
      ),
    ).toBe(0)
    expect(await count(sql`select count(*)::int as n from release_notes`)).toBeGreaterThan(100)
    expect(await count(sql`select count(*)::int as n from edit_requests where status = 'pending'`)).toBeGreaterThan(50)
    expect(
      await count(sql`select count(*)::int as n from edit_requests where status = 'rejected' and comment is not null`),
    ).toBeGreaterThan(5)
    expect(await count(sql`select count(*)::int as n from audit_log where entity_type = 'release'`)).toBeGreaterThan(DEMO_RELEASES)
    expect(await count(sql`select count(*)::int as n from releases where status in (8, 9) and takedown_reason is null`)).toBe(0)
    // Set-based inserts keep it quick (the whole demo, every domain, seeds in seconds).
    expect(seconds.catalogue).toBeLessThan(30)
  })

  it('serves the list with scheduled releases, duplicates and a readable release tab', async () => {
    const admin = new TestClient(t.app)
    await admin.ok('auth.login', { body: { email: 'admin@demo.test', password: DEMO_PASSWORD } })
    const page = await admin.ok('releases.list', { query: { per_page: 50 } })
    expect(page.meta.total).toBe(DEMO_RELEASES)
    expect((await admin.ok('releases.list', { query: { status: 10 } })).meta.total).toBeGreaterThan(10)
    const duplicated = await t.services.db.execute<{ id: number }>(
      sql`select r.id from releases r where exists (select 1 from releases o where o.upc = r.upc and o.id <> r.id) limit 1`,
    )
    const general = await admin.ok('releases.general', { params: { id: Number(duplicated.rows[0].id) } })
    expect(general.duplicates.upc.length).toBeGreaterThan(0)
    const history = await admin.ok('releases.history', { params: { id: general.id }, query: {} })
    expect(history.data.length).toBeGreaterThan(0)
    const pending = await admin.ok('releases.editRequests', { params: { page: 1 }, query: { status: 'pending' } })
    const single = await admin.ok('releases.editRequest', { params: { id: pending.data[0].id } })
    expect(single.releaseEdits.length + single.trackEdits.length).toBeGreaterThan(1)
  })
})

describe('demo audio and scans', () => {
  it('gives every track past the draft stage playable audio, and each scanned track its two scans', async () => {
    expect(
      await count(
        sql`select count(*)::int as n from tracks t join releases r on r.id = t.release_id where r.status <> 0 and t.audio_url is null`,
      ),
    ).toBe(0)
    // The track's status agrees with its scans: 1 both completed, 2 one failed, 0 both processing.
    expect(
      await count(sql`
        select count(*)::int as n from tracks t
        where t.scan_status is not null and (
          (select count(*) from track_scans s where s.track_id = t.id) <> 2
          or (select max(s.status) from track_scans s where s.track_id = t.id) <> t.scan_status)`),
    ).toBe(0)
    const admin = new TestClient(t.app)
    await admin.ok('auth.login', { body: { email: 'admin@demo.test', password: DEMO_PASSWORD } })
    const found = await t.services.db.execute<{ id: number }>(
      sql`select s.track_id as id from track_scans s where jsonb_array_length(s.matches) > 0 order by s.track_id limit 1`,
    )
    const history = await admin.ok('releases.scansHistory', { params: { id: Number(found.rows[0].id) } })
    expect(history.scans.map((scan) => scan.kind).sort()).toEqual(['cover', 'fingerprint'])
    expect(history.scans.flatMap((scan) => scan.matches).length).toBeGreaterThan(0)
  })
})

describe('demo links', () => {
  it('gives releases that are out platform links, track ids, an ASIN, and some a smartlink with clicks', async () => {
    const out = sql`(select id from releases where status in (1, 7) and release_date <= current_date)`
    expect(
      await count(
        sql`select count(*)::int as n from ${out} r where not exists (select 1 from platform_links l where l.release_id = r.id and l.track_id is null and l.platform = 'amazon')`,
      ),
    ).toBe(0)
    expect(await count(sql`select count(*)::int as n from platform_links where release_id not in ${out}`)).toBe(0)
    expect(await count(sql`select count(*)::int as n from platform_links where track_id is not null`)).toBeGreaterThan(5000)
    expect(await count(sql`select count(*)::int as n from smartlinks`)).toBeGreaterThan(100)
    expect(await count(sql`select count(*)::int as n from smartlink_clicks`)).toBeGreaterThan(1000)

    const admin = new TestClient(t.app)
    await admin.ok('auth.login', { body: { email: 'admin@demo.test', password: DEMO_PASSWORD } })
    const [linked] = (
      await t.services.db.execute<{ release_id: number }>(
        sql`select s.release_id from smartlinks s join releases r on r.id = s.release_id order by r.release_date, r.id limit 1`,
      )
    ).rows
    const releaseId = Number(linked.release_id)
    const asin = await admin.ok('releases.amazonAsin', { params: { id: releaseId } })
    expect(asin.asin).toMatch(/^B0[0-9A-F]{8}$/)
    const smartlink = await admin.ok('releases.smartlink', { params: { id: releaseId } })
    expect(smartlink.smartlink?.entries.map((entry) => entry.platform).slice(0, 3)).toEqual(['spotify', 'apple', 'deezer'])
    expect((await admin.ok('releases.analytics', { params: { id: releaseId } })).total).toBeGreaterThan(0)
    const tracks = await admin.ok('releases.tracks', { params: { id: releaseId } })
    const uris = await admin.ok('releases.trackUri', { params: { id: tracks.data[0].id } })
    expect(uris.data.find((link) => link.platform === 'spotify')?.externalId).toMatch(/^spotify:track:[A-Za-z0-9]{22}$/)
  })
})
