// `DATABASE_URL=postgres://… npx tsx tests/bench/ledger-posting.ts`: posts and rolls back an import of
// 1M statement lines (20,000 tracks, 10% with a three-way split, 5% unmatched, three months) on a
// scratch database `ledger_bench`, and prints the times.
import pg from 'pg'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../../src/server/db/engine'
import { migrateDatabase } from '../../src/server/db/migrate'
import { postImport, rollbackImport } from '../../src/domains/earnings/server/ledger/posting'

const base = process.env.DATABASE_URL
if (!base) throw new Error('Set DATABASE_URL to a PostgreSQL server (the bench creates and drops ledger_bench)')
const admin = new pg.Client({ connectionString: base })
await admin.connect()
await admin.query('drop database if exists ledger_bench with (force)')
await admin.query('create database ledger_bench')
await admin.end()
const benchUrl = new URL(base)
benchUrl.pathname = '/ledger_bench'
const database = await openDatabase({ url: benchUrl.toString() })
await migrateDatabase(database)
const db = database.db
const q = (s: ReturnType<typeof sql>) => db.execute(s)
await q(sql`insert into tenants (slug, name) values ('bench', 'Bench')`)
const tenantId = 1
await q(sql`insert into accounts (tenant_id, email, type, first_name, last_name, tenant_split)
  select 1, 'a' || g || '@b.test', 'artist', 'A', 'B', case when g % 3 = 0 then 15 else null end from generate_series(1, 500) g`)
await q(sql`insert into releases (tenant_id, account_id, title) select 1, 1 + (g % 500), 'R' || g from generate_series(1, 5000) g`)
await q(
  sql`insert into tracks (tenant_id, release_id, position, title) select 1, 1 + (g % 5000), 1 + g / 5000, 'T' || g from generate_series(0, 19999) g`,
)
// Splits in thirds on 2,000 tracks.
await q(sql`insert into splits (tenant_id, track_id, owner_account_id, status, starts_on)
  select 1, t.id, r.account_id, 'active', '2024-01-01' from tracks t join releases r on r.id = t.release_id where t.id % 10 = 0`)
await q(sql`insert into split_payees (tenant_id, split_id, email, account_id, share, status)
  select 1, s.id, 'p' || k || '@b.test', 1 + ((s.id * 7 + k) % 500), case when k = 0 then 0.3333333334 else 0.3333333333 end, 'confirmed'
  from splits s cross join generate_series(0, 2) k`)
const [imp] = (
  await q(sql`insert into statement_imports (tenant_id, source, status, file_name, content_hash, period, currency)
  values (1, 'cms', 'committing', 'big.csv', 'h1', '2025-03-01', 'USD') returning id`)
).rows as { id: number }[]
console.time('insert 1M lines')
await q(sql`insert into statement_lines (tenant_id, import_id, line_no, period, isrc, channel, territory, quantity, net, net_base, track_id, release_id, matched_by)
  select 1, ${imp.id}, g, (array['2025-01-01','2025-02-01','2025-03-01'])[1 + g % 3]::date,
    case when g % 20 = 0 then 'QZX' || (g % 3000) else null end,
    (array['youtube','spotify','apple','amazon'])[1 + g % 4], (array['US','FR','DE','GB','BR'])[1 + g % 5], g % 100,
    ((g % 100000) / 1000000.0 + 0.000123)::numeric(28,10), ((g % 100000) / 1000000.0 + 0.000123)::numeric(24,6),
    case when g % 20 = 0 then null when g % 20 = 1 then null else 1 + (g % 20000) end,
    case when g % 20 = 0 then null else (select 1) end, case when g % 20 = 0 then null else 'isrc' end
  from generate_series(1, 1000000) g`)
// release_id from the track (UPC-only lines: release of a track id).
await q(
  sql`update statement_lines l set release_id = t.release_id from tracks t where t.id = coalesce(l.track_id, 1 + (l.line_no % 20000)) and l.release_id is not null`,
)
await q(
  sql`update statement_imports set net_base = (select sum(net_base) from statement_lines where import_id = ${imp.id}) where id = ${imp.id}`,
)
await q(sql`analyze`)
console.timeEnd('insert 1M lines')
console.time('postImport 1M lines')
const result = await db.transaction((tx) => postImport(tx, tenantId, imp.id, null))
console.timeEnd('postImport 1M lines')
console.log(result)
const counts = (await q(sql`select count(*) from ledger_entries`)).rows
console.log('entries', counts)
await q(sql`update statement_imports set status = 'committed' where id = ${imp.id}`)
console.time('rollbackImport 1M lines')
await db.transaction((tx) => rollbackImport(tx, tenantId, imp.id, null))
console.timeEnd('rollbackImport 1M lines')
console.log((await q(sql`select count(*) as n, sum(amount) from earnings_account_totals`)).rows)
await database.close()
