import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { TestClient } from '../helpers/client'
import { DEMO_PASSWORD, DEMO_SIGN_INS, databaseIsEmpty, seedDemo } from '../../src/server/seed'
import { DEMO_RELEASES } from '../../src/domains/catalogue/server/seed'
import { DEMO_EUR_MONTH, DEMO_STATEMENT_MONTHS } from '../../src/domains/earnings/server/imports/seed'
import { SHARE_ONE, SHARE_SCALE, toScaled } from '../../src/core/decimal'
import { payeesForTracks } from '../../src/domains/splits/server/allocation'

// One demo seed for every check of the demo data: the whole demo (catalogue, splits, two years of
// statements through the import path) takes a while, so it is seeded once, here.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  expect(await databaseIsEmpty(t.services)).toBe(true)
  // Each seeder's time is printed when npm start seeds; a wall-clock bound here failed on a loaded machine
  // (the catalogue took 100 s at load average 15), so it is not asserted.
  await seedDemo(t.services)
}, 300_000)
afterAll(() => t.close())

describe('demo data', () => {
  it('seeds the demo workspace with the four sign-ins and a few hundred artists and labels', async () => {
    expect(await databaseIsEmpty(t.services)).toBe(false)
    const counts = await t.services.db.execute<{ type: string; count: number }>(
      sql`select type, count(*)::int as count from accounts group by type order by type`,
    )
    expect(Object.fromEntries(counts.rows.map((row) => [row.type, row.count]))).toEqual({ admin: 2, artist: 301, label: 61 })
    const names = await t.services.db.execute<{ artist_name: string }>(
      sql`select artist_name from artist_profiles order by account_id limit 5`,
    )
    expect(names.rows.every((row) => row.artist_name.length > 2)).toBe(true)
    // Names as people and bands have them, not a first name and a random word ("Margarita gloomy").
    expect(await count(sql`select count(*)::int as n from artist_profiles where artist_name ~ '^[A-Z][a-z]+ [a-z]+$'`)).toBe(0)
    expect(await count(sql`select count(*)::int as n from artist_profiles where about ~ '^[A-Z][a-z]+ [a-z]+ [a-z]+' and about !~ ' from '`)).toBe(0)
    for (const { email } of DEMO_SIGN_INS) {
      const client = new TestClient(t.app)
      expect((await client.ok('auth.login', { body: { email, password: DEMO_PASSWORD } })).status, email).toBe('authenticated')
    }
    const operator = new TestClient(t.app)
    await operator.ok('auth.login', { body: { email: 'operator@demo.test', password: DEMO_PASSWORD } })
    expect((await operator.ok('auth.me')).account).toMatchObject({ isOperator: true, hasInit: false })
  })
})

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
  })

  it('serves the list with scheduled releases, duplicates and a readable release tab', async () => {
    const admin = new TestClient(t.app)
    await admin.ok('auth.login', { body: { email: 'admin@demo.test', password: DEMO_PASSWORD } })
    const page = await admin.ok('releases.list', { query: { per_page: 50 } })
    expect(page.meta.total).toBe(DEMO_RELEASES)
    expect((await admin.ok('releases.list', { query: { status: 10 } })).meta.total).toBeGreaterThan(10)
    // No two releases share a UPC; the duplicates panel shows a recording that reappears under its ISRC.
    expect(await count(sql`select count(*)::int as n from (select upc from releases where upc is not null group by tenant_id, upc having count(*) > 1) d`)).toBe(0)
    const duplicated = await t.services.db.execute<{ id: number }>(
      sql`select t.release_id as id from tracks t
          where exists (select 1 from tracks o where o.tenant_id = t.tenant_id and o.isrc = t.isrc and o.release_id <> t.release_id) limit 1`,
    )
    const general = await admin.ok('releases.general', { params: { id: Number(duplicated.rows[0].id) } })
    expect(general.duplicates.upc).toEqual([])
    expect(general.duplicates.isrc.length).toBeGreaterThan(0)
    const history = await admin.ok('releases.history', { params: { id: general.id }, query: {} })
    expect(history.data.length).toBeGreaterThan(0)
    // Decisions record something done: none is dated after the seed ran.
    const future = await t.services.db.execute<{ n: number }>(sql`select count(*)::int as n from edit_requests where decided_at > now()`)
    expect(future.rows[0].n).toBe(0)
    // Nor anything else that records something done.
    for (const [table, column] of [
      ['audit_log', 'created_at'],
      ['release_notes', 'created_at'],
      ['track_scans', 'completed_at'],
      ['releases', 'takedown_at'],
      ['accounts', 'created_at'],
      ['login_history', 'created_at'],
      ['payouts', 'paid_at'],
      ['split_payees', 'confirmed_at'],
    ])
      expect(await count(sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} > now()`), `${table}.${column}`).toBe(0)
    expect(await count(sql`select count(*)::int as n from releases where publish_date > current_date`)).toBe(0)
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

describe('demo statements', () => {
  it('imports two years of monthly statements of both sources through the real path, all committed, one in EUR', async () => {
    const { rows } = await t.services.db.execute<{ source: string; status: string; n: number }>(
      sql`select source, status, count(*)::int as n from statement_imports group by source, status order by source, status`,
    )
    expect(rows).toEqual([
      { source: 'audiosalad', status: 'committed', n: DEMO_STATEMENT_MONTHS.length },
      { source: 'cms', status: 'cancelled', n: 1 },
      { source: 'cms', status: 'committed', n: DEMO_STATEMENT_MONTHS.length },
    ])
    const eur = await t.services.db.execute<{ currency: string; rate: string; net: string; net_base: string }>(
      sql`select currency, exchange_rate::text as rate, net::text as net, net_base::text as net_base from statement_imports
          where period = ${`${DEMO_EUR_MONTH}-01`}::date and source = 'audiosalad'`,
    )
    expect(eur.rows[0].currency).toBe('EUR')
    expect(Number(eur.rows[0].rate)).toBeGreaterThan(1)
    // Every committed import stored its file, and the ledger credited exactly its net (paid payouts
    // also post to the clearing book, under the payouts category: docs/payouts.md).
    const check = await t.services.db.execute<{ imports: string; ledger: string; unmatched: number; files: number }>(sql`
      select (select sum(net_base) from statement_imports where status = 'committed')::text as imports,
        (select -sum(amount) from ledger_entries where book = 'clearing' and category <> 'payouts')::text as ledger,
        (select count(*)::int from statement_lines where release_id is null) as unmatched,
        (select count(*)::int from statement_imports where file_id is not null) as files`)
    expect(check.rows[0].ledger).toBe(check.rows[0].imports)
    expect(check.rows[0].unmatched).toBeGreaterThan(0)
    expect(check.rows[0].files).toBe(DEMO_STATEMENT_MONTHS.length * 2 + 1)
  })
})

describe('demo splits', () => {
  it('has splits of every status, one locked, shares summing to exactly 1, active ones applying two years back', async () => {
    const { rows } = await t.services.db.execute<{ id: number; tenant_id: number; track_id: number; status: string; locked: boolean }>(
      sql`select id, tenant_id, track_id, status, locked from splits order by id`,
    )
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['pending', 'active', 'declined', 'ended']))
    expect(rows.filter((row) => row.locked)).toHaveLength(1)
    const payees = await t.services.db.execute<{ split_id: number; share: string; status: string; account_id: number | null }>(
      sql`select split_id, share::text as share, status, account_id from split_payees where status <> 'removed'`,
    )
    for (const split of rows) {
      const shares = payees.rows.filter((p) => Number(p.split_id) === Number(split.id)).map((p) => toScaled(p.share, SHARE_SCALE))
      expect(
        shares.reduce((a, b) => a + b, 0n),
        `split ${split.id}`,
      ).toBe(SHARE_ONE)
    }
    expect(payees.rows.some((p) => p.share === '0.3333333334')).toBe(true)
    expect(payees.rows.some((p) => p.status === 'invited' && p.account_id === null)).toBe(true)
    const active = rows.filter((row) => row.status === 'active')
    const twoYearsBack = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 23, 1)).toISOString().slice(0, 10)
    const applying = await payeesForTracks(
      t.services.db,
      active[0].tenant_id,
      active.map((row) => row.track_id),
      twoYearsBack,
    )
    expect(applying.size).toBeGreaterThanOrEqual(3)
  })
})

describe('demo payouts', () => {
  it('has payouts in every status made through the ledger: reserved amounts match the payouts book, no balance below zero', async () => {
    const { rows } = await t.services.db.execute<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from payouts group by status`,
    )
    expect(rows.map((row) => row.status).sort()).toEqual(['approved', 'failed', 'paid', 'pending', 'processing', 'rejected'])
    const check = await t.services.db.execute<{ reserved: string; book: string; negative: number; paypal: number }>(sql`
      select (select coalesce(sum(amount), 0) from payouts where status in ('pending', 'approved', 'processing'))::text as reserved,
        (select coalesce(sum(amount), 0) from ledger_entries where book = 'payouts')::text as book,
        (select count(*)::int from (select account_id from ledger_entries where book = 'account' and account_id in (select account_id from payouts)
          group by account_id having sum(amount) < 0) negative) as negative,
        (select count(*)::int from payouts where status = 'approved' and provider = 'paypal') as paypal`)
    expect(check.rows[0].book).toBe(check.rows[0].reserved)
    expect(check.rows[0].negative).toBe(0)
    expect(check.rows[0].paypal).toBeGreaterThanOrEqual(2)
  })
})

describe('demo discovery', () => {
  it('has Discovery Mode submissions in several statuses whose months tag statement lines, and usage matches with segments', async () => {
    const statuses = await t.services.db.execute<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from spotify_discovery group by status order by status`,
    )
    expect(statuses.rows.map((row) => row.status)).toEqual(['approved', 'pending', 'rejected', 'removed'])
    expect(await count(sql`select count(*)::int as n from spotify_discovery where removal_status = 'requested'`)).toBe(1)
    expect(await count(sql`select count(*)::int as n from spotify_discovery where status = 'approved' and not enabled`)).toBe(1)
    const admin = new TestClient(t.app)
    await admin.ok('auth.login', { body: { email: 'admin@demo.test', password: DEMO_PASSWORD } })
    // The statements seeded after discovery tagged the lines of the approved months: the overview shows them apart.
    const overview = await admin.ok('earnings.overview', { params: { id: 1 }, query: { from: '2026-07', to: '2026-09' } })
    expect(Number(overview.totals.discoveryMode.net)).toBeGreaterThan(0)
    expect(overview.totals.discoveryMode.lines).toBeGreaterThan(0)

    const matches = await admin.ok('pex.matches', { params: { page: 1 }, query: { per_page: 100 } })
    expect(matches.meta.total).toBe(48)
    expect(new Set(matches.data.map((row) => row.platform))).toEqual(new Set(['twitch', 'apple', 'spotify', 'raw']))
    const detail = await admin.ok('pex.match', { params: { id: matches.data[0].id } })
    expect(detail.segments.length).toBeGreaterThan(0)
    const assets = await admin.ok('pex.uploadedTracks', { params: { page: 1 }, query: { per_page: 100 } })
    expect(new Set(assets.data.map((row) => row.status))).toEqual(new Set(['registered', 'failed', 'cancelled']))
    // Found over the last 30 days, in the rollup the analytics read.
    const daily = await admin.ok('usageAnalytics.overview', { query: {} })
    expect(daily.days.filter((day) => day.matches > 0).length).toBeGreaterThan(20)
    expect(daily.days.reduce((sum, day) => sum + day.matches, 0)).toBe(48)
  })
})
