import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { seedDemo } from '../../src/server/seed'
import { DEMO_EUR_MONTH, DEMO_STATEMENT_MONTHS } from '../../src/domains/earnings/server/imports/seed'

let t: TestApp
const timings: string[] = []
beforeAll(async () => {
  t = await createTestApp()
  await seedDemo(t.services, (message) => timings.push(message))
}, 240_000)
afterAll(() => t.close())

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
    // Every committed import stored its file, and the ledger credited exactly its net.
    const check = await t.services.db.execute<{ imports: string; ledger: string; unmatched: number; files: number }>(sql`
      select (select sum(net_base) from statement_imports where status = 'committed')::text as imports,
        (select -sum(amount) from ledger_entries where book = 'clearing')::text as ledger,
        (select count(*)::int from statement_lines where release_id is null) as unmatched,
        (select count(*)::int from statement_imports where file_id is not null) as files`)
    expect(check.rows[0].ledger).toBe(check.rows[0].imports)
    expect(check.rows[0].unmatched).toBeGreaterThan(0)
    expect(check.rows[0].files).toBe(DEMO_STATEMENT_MONTHS.length * 2 + 1)
    // Seeding the statements stays well under a minute (about 10 s on PGlite on a laptop).
    const took = Number(/seeded statements in (\d+) ms/.exec(timings.join('\n'))?.[1])
    expect(took).toBeLessThan(60_000)
  })
})
