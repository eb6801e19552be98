import { sql } from 'drizzle-orm'
import type { Database } from '../../src/server/db/engine'
import { hashPassword } from '../../src/server/auth/passwords'

export const BENCH_TENANT = 'bench'
export const BENCH_ADMIN = { email: 'admin@bench.test', password: 'bench-password' }

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
  await db.execute(sql`vacuum analyze`)
}
