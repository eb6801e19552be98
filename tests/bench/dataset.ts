import { sql } from 'drizzle-orm'
import type { Database } from '../../src/server/db/engine'
import { hashPassword } from '../../src/server/auth/passwords'
import { generateEarnings } from './earnings'
import { generatePayouts } from './payouts'

export const BENCH_TENANT = 'bench'
export const BENCH_ADMIN = { email: 'admin@bench.test', password: 'bench-password' }
/** A staff admin who is not the operator: the front-end bench signs in as them (no setup wizard). */
export const BENCH_STAFF = { email: 'staff@bench.test', password: 'bench-password' }

/** Adds BENCH_STAFF to the bench workspace when it is not there yet (datasets made before it existed). */
export async function ensureBenchStaff(database: Database): Promise<void> {
  const { db } = database
  const passwordHash = await hashPassword(BENCH_STAFF.password)
  await db.execute(sql`
    insert into accounts (tenant_id, email, type, first_name, last_name, password_hash, email_verified_at)
    select t.id, ${BENCH_STAFF.email}, 'admin', 'Bench', 'Staff', ${passwordHash}, now() from tenants t
    where t.slug = ${BENCH_TENANT}
      and not exists (select 1 from accounts a where a.tenant_id = t.id and a.email = ${BENCH_STAFF.email})`)
}

/**
 * A workspace with `accounts` artists and labels, generated inside the database in chunks
 * (generate_series, no row-by-row inserts) so a million rows load in seconds on both engines.
 */
export async function generateDataset(database: Database, accounts: number, log: (message: string) => void): Promise<void> {
  const { db } = database
  const [tenant] = (
    await db.execute<{ id: number }>(sql`insert into tenants (slug, name) values (${BENCH_TENANT}, 'Bench Music') returning id`)
  ).rows
  const passwordHash = await hashPassword(BENCH_ADMIN.password)
  const [admin] = (
    await db.execute<{ id: number }>(sql`
      insert into accounts (tenant_id, email, type, first_name, last_name, password_hash, email_verified_at)
      values (${tenant.id}, ${BENCH_ADMIN.email}, 'admin', 'Bench', 'Admin', ${passwordHash}, now()) returning id`)
  ).rows
  await db.execute(sql`update tenants set owner_account_id = ${admin.id} where id = ${tenant.id}`)
  const chunk = 50_000
  const started = Date.now()
  for (let from = 1; from <= accounts; from += chunk) {
    const to = Math.min(accounts, from + chunk - 1)
    await db.execute(sql`
      with first_names as (select array['Nina','Leo','Ava','Kai','Maya','Omar','Iris','Jude','Lena','Ravi','Sofia','Theo','Yara','Zane','Cleo','Milo'] as a),
           last_names as (select array['Vale','Marsh','Reed','Park','Stone','Rivera','Okafor','Lindqvist','Moreau','Tanaka','Novak','Haddad','Fischer','Costa'] as a)
      insert into accounts (tenant_id, email, type, first_name, last_name, created_at, updated_at, email_verified_at)
      select ${tenant.id}, 'user' || g || '@bench.test', case when g % 6 = 0 then 'label' else 'artist' end,
             (select a[1 + g % 16] from first_names), (select a[1 + (g / 16) % 14] from last_names),
             now() - (g % 730) * interval '1 day', now(), now()
      from generate_series(${from}::int, ${to}::int) g`)
    log(`  accounts ${to.toLocaleString()} / ${accounts.toLocaleString()} (${Math.round((Date.now() - started) / 1000)} s)`)
  }
  await db.execute(sql`
    insert into artist_profiles (account_id, tenant_id, artist_name)
    select id, tenant_id, first_name || ' ' || last_name || ' ' || id from accounts where tenant_id = ${tenant.id} and type = 'artist'`)
  await db.execute(sql`
    insert into label_profiles (account_id, tenant_id, label_name)
    select id, tenant_id, last_name || ' Records ' || id from accounts where tenant_id = ${tenant.id} and type = 'label'`)
  await generateReleases(database, tenant.id, accounts, log)
  await generateEarnings(database, tenant.id, log)
  await generatePayouts(database, tenant.id, log)
  await db.execute(sql`vacuum analyze`)
}

/** Releases in the bench workspace: BENCH_RELEASES (default one per account). */
export const benchReleaseCount = (accounts: number) => Number(process.env.BENCH_RELEASES ?? accounts)

/** Tracks over those releases: BENCH_TRACKS (default 1,000,000, issue 18's size), spread evenly, at least one each. */
export const benchTrackCount = (accounts: number) => Math.max(benchReleaseCount(accounts), Number(process.env.BENCH_TRACKS ?? 1_000_000))

/** Identifiers the scenarios paste: release 1's UPC and ISRC (see generateReleases). */
export const BENCH_UPC = '800000000013'
export const BENCH_ISRC = 'QZBEN0000001'

/**
 * Releases with BENCH_TRACKS tracks spread over them (release g has floor(T·g/R) − floor(T·(g−1)/R)),
 * every status and a tenth of them scheduled, generated inside the
 * database in chunks: UPCs carry a valid check digit (computed in SQL), ISRCs are unique.
 */
export async function generateReleases(database: Database, tenantId: number, accounts: number, log: (message: string) => void) {
  const { db } = database
  const count = benchReleaseCount(accounts)
  if (count <= 0) return
  const trackTotal = benchTrackCount(accounts)
  // Tracks of release g: floor(T·g/R) − floor(T·(g−1)/R); its first track's ordinal is floor(T·(g−1)/R) + 1.
  const before = (g: string) => sql.raw(`((${trackTotal}::bigint * (${g} - 1)) / ${count})`)
  const through = (g: string) => sql.raw(`((${trackTotal}::bigint * ${g}) / ${count})`)
  const [first] = (
    await db.execute<{ id: number }>(sql`select min(id)::int as id from accounts where tenant_id = ${tenantId} and type <> 'admin'`)
  ).rows
  const chunk = 100_000
  const started = Date.now()
  for (let from = 1; from <= count; from += chunk) {
    const to = Math.min(count, from + chunk - 1)
    await db.execute(sql`
      with words_a as (select array['Midnight','Golden','Silent','Electric','Velvet','Neon','Broken','Paper','Crystal','Wild','Northern','Lonely'] as a),
           words_b as (select array['Echoes','Hearts','Skyline','Rivers','Dreams','Signals','Horizons','Letters','Shadows','Waves','Lights','Roads'] as a),
           genres as (select array['Pop','Hip-Hop/Rap','Electronic','Dance','R&B/Soul','Rock','Alternative','Jazz'] as a),
           numbered as (select g, '8' || lpad(g::text, 10, '0') as body from generate_series(${from}::int, ${to}::int) g)
      insert into releases (tenant_id, account_id, title, artists, artist_text, type, status, upc, catalog_number, label,
                            primary_genre, release_date, track_count, created_at, updated_at)
      select ${tenantId}, ${first.id} + (g % ${accounts}),
             (select a[1 + g % 12] from words_a) || ' ' || (select a[1 + (g / 12) % 12] from words_b) || ' ' || g,
             jsonb_build_array('Bench Artist ' || (g % ${accounts})), 'Bench Artist ' || (g % ${accounts}),
             case when g % 10 < 6 then 'Single' when g % 10 < 8 then 'EP' else 'Album' end,
             g % 10,
             body || ((10 - ((3 * (substr(body,1,1)::int + substr(body,3,1)::int + substr(body,5,1)::int + substr(body,7,1)::int
                 + substr(body,9,1)::int + substr(body,11,1)::int) + substr(body,2,1)::int + substr(body,4,1)::int
                 + substr(body,6,1)::int + substr(body,8,1)::int + substr(body,10,1)::int) % 10)) % 10)::text,
             'BX' || lpad(g::text, 7, '0'), 'Bench Records ' || (g % 50), (select a[1 + g % 8] from genres),
             current_date - (g % 900) + 60, ${through('g')} - ${before('g')},
             now() - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second', now()
      from numbered`)
    log(`  releases ${to.toLocaleString()} / ${count.toLocaleString()} (${Math.round((Date.now() - started) / 1000)} s)`)
  }
  const [range] = (
    await db.execute<{ lo: number; hi: number }>(
      sql`select min(id)::int as lo, max(id)::int as hi from releases where tenant_id = ${tenantId}`,
    )
  ).rows
  // Release ordinal g = id − lo + 1; ISRCs are QZBEN + the track's ordinal (release 1's first: BENCH_ISRC).
  const ordinal = `(r.id - ${range.lo} + 1)`
  for (let from = range.lo; from <= range.hi; from += chunk) {
    await db.execute(sql`
      insert into tracks (tenant_id, release_id, position, isrc, title, duration)
      select r.tenant_id, r.id, n, 'QZBEN' || lpad((${before(ordinal)} + n)::text, 7, '0'),
             case when n = 1 then r.title else r.title || ' (Part ' || n || ')' end, 180
      from releases r, generate_series(1, r.track_count) n
      where r.tenant_id = ${tenantId} and r.id between ${from} and ${from + chunk - 1}`)
  }
  log(`  ${trackTotal.toLocaleString()} tracks for ${count.toLocaleString()} releases (${Math.round((Date.now() - started) / 1000)} s)`)
}
