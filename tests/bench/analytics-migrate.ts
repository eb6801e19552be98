// `DATABASE_URL=… BENCH_DB=… node --import tsx tests/bench/analytics-migrate.ts`: applies the pending
// migrations to a bench database (e.g. a copy of a saturated seed) and prints how long they took,
// then how long `vacuum analyze` of the rewritten table takes (migration 0049 rewrites the month
// rows of trend_track_period; the reads' index-only scans want them marked visible again).
import os from 'node:os'
import { openDatabase } from '../../src/server/db/engine'
import { migrateDatabase } from '../../src/server/db/migrate'

const url = new URL(process.env.DATABASE_URL ?? '')
url.pathname = `/${(process.env.BENCH_DB ?? 'wl_analytics_bench').replace(/[^a-z0-9_]/g, '')}`
const database = await openDatabase({ url: url.toString() })
const log = (message: string) => console.log(`${new Date().toISOString()} ${message} (load ${os.loadavg()[0].toFixed(1)})`)
let at = Date.now()
await migrateDatabase(database)
log(`migrations applied in ${((Date.now() - at) / 1000).toFixed(1)} s`)
at = Date.now()
const client = await database.pool.connect()
await client.query('vacuum analyze trend_track_period')
client.release()
log(`vacuum analyze trend_track_period in ${((Date.now() - at) / 1000).toFixed(1)} s`)
await database.close()
