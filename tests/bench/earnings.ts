import { sql } from 'drizzle-orm'
import type { Database } from '../../src/server/db/engine'

/**
 * The earnings rollups as ~10M statement lines over 24 months would leave them (docs/royalties.md,
 * "Rollups"): BENCH_EARNING_ACCOUNTS accounts credited every month, the releases of the bench
 * workspace (up to BENCH_EARNING_RELEASES, 60,000 by default: ~200k tracks at 1M tracks over 300k
 * releases) selling in half the months, 30 channels.
 * Generated inside the database with generate_series, in chunks.
 */
export async function generateEarnings(database: Database, tenantId: number, log: (message: string) => void): Promise<void> {
  const { db } = database
  const months = 24
  const accountCount = Number(process.env.BENCH_EARNING_ACCOUNTS ?? 2000)
  const releaseLimit = Number(process.env.BENCH_EARNING_RELEASES ?? 60_000)
  const started = Date.now()
  const first = `date_trunc('month', now())::date - interval '${months - 1} months'`
  const period = (offset: string) => sql.raw(`(${first} + (${offset}) * interval '1 month')::date`)

  await db.execute(sql`
    insert into earnings_monthly (tenant_id, period, source, lines, quantity, net, tenant_share, unmatched)
    select ${tenantId}, ${period('m')}, s.source, 208000, 5000000 + m * 1000, (1500000 + m * 10000.123456)::numeric(24,6),
           (150000 + m * 1000.012345)::numeric(24,6), (2000 + m)::numeric(24,6)
    from generate_series(0, ${months - 1}) m, (values ('audiosalad'), ('cms')) as s(source)`)
  await db.execute(sql`
    insert into earnings_channel_monthly (tenant_id, period, channel, quantity, net)
    select ${tenantId}, ${period('m')}, c.name, 100000 + c.n * 1000, (50000 + c.n * 1234.5 + m)::numeric(24,6)
    from generate_series(0, ${months - 1}) m,
         (select n, (array['Spotify','Apple Music','iTunes','YouTube','YouTube Content ID','YouTube Art Track','Amazon Unlimited','Amazon Music',
                  'TikTok','Deezer','TIDAL','Pandora','SoundCloud','Facebook','Instagram','Merlin','','Anghami','Boomplay','JioSaavn',
                  'Tencent','NetEase','KKBOX','Shazam','Snapchat','Audiomack','iHeartRadio','LINE Music','Yandex Music','Peloton'])[n] as name
          from generate_series(1, 30) n) c`)
  // The accounts that earn: the first BENCH_EARNING_ACCOUNTS non-admin accounts.
  await db.execute(sql`
    insert into earnings_account_monthly (tenant_id, account_id, period, amount)
    select ${tenantId}, a.id, ${period('m')}, ((a.id * 7919) % 100000 / 100.0 + m)::numeric(24,6)
    from (select id from accounts where tenant_id = ${tenantId} and type <> 'admin' order by id limit ${accountCount}) a,
         generate_series(0, ${months - 1}) m`)
  await db.execute(sql`
    insert into earnings_account_totals (tenant_id, account_id, amount)
    select ${tenantId}, account_id, sum(amount) from earnings_account_monthly where tenant_id = ${tenantId} group by account_id`)
  log(
    `  earnings: months, channels, ${accountCount.toLocaleString()} accounts × ${months} months (${Math.round((Date.now() - started) / 1000)} s)`,
  )

  const [range] = (
    await db.execute<{ lo: number; hi: number }>(sql`
      select min(id)::int as lo, max(id)::int as hi from (select id from releases where tenant_id = ${tenantId} order by id limit ${releaseLimit}) r`)
  ).rows
  if (!range?.lo) return
  const chunk = 25_000
  for (let from = range.lo; from <= range.hi; from += chunk) {
    const to = Math.min(range.hi, from + chunk - 1)
    // Each track sells in half the months: 12 rows per track.
    await db.execute(sql`
      insert into earnings_track_monthly (tenant_id, release_id, track_id, period, quantity, net)
      select ${tenantId}, t.release_id, t.id, ${period('m')}, (t.id * 31 + m) % 5000, (((t.id * 7919 + m * 104729) % 1000000) / 10000.0)::numeric(24,6)
      from tracks t, generate_series(0, ${months - 1}) m
      where t.tenant_id = ${tenantId} and t.release_id between ${from} and ${to} and (t.id + m) % 2 = 0`)
    log(`  earnings: track months for releases up to #${to.toLocaleString()} (${Math.round((Date.now() - started) / 1000)} s)`)
  }
  await db.execute(sql`
    insert into earnings_track_totals (tenant_id, track_id, release_id, quantity, net)
    select ${tenantId}, track_id, min(release_id), sum(quantity), sum(net)
    from earnings_track_monthly where tenant_id = ${tenantId} group by track_id`)
  await db.execute(sql`
    insert into earnings_release_totals (tenant_id, release_id, quantity, net)
    select ${tenantId}, release_id, sum(quantity), sum(net)
    from earnings_track_monthly where tenant_id = ${tenantId} group by release_id`)
  const [counts] = (
    await db.execute<{ tracks: number; months: number }>(sql`
      select (select count(*)::int from earnings_track_totals where tenant_id = ${tenantId}) as tracks,
             (select count(*)::int from earnings_track_monthly where tenant_id = ${tenantId}) as months`)
  ).rows
  log(
    `  earnings: ${counts.tracks.toLocaleString()} tracks, ${counts.months.toLocaleString()} track months (${Math.round((Date.now() - started) / 1000)} s)`,
  )
}
