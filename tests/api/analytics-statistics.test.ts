import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import type { TestClient } from '../helpers/client'
import { createRelease } from './releases-fixtures'
import { importTrendsCommitted } from './analytics-fixtures'
import { addDays } from '../../src/core/analytics-range'
import { statisticsRefreshed } from '../../src/domains/analytics/server/rollups'

// Session 36 (issue 24): a commit that grows trend_daily a lot (a first import, > 10 %) has the
// rollups analyzed once it is in, so the reads' plans do not wait for autovacuum's next round.

let t: TestApp
let admin: TestClient

const importCommitted = (lines: string[], filename: string) =>
  importTrendsCommitted(t, admin, 'spotify', 'date,isrc,country,streams,listeners,source', lines, filename)

const counted = async () => {
  const { rows } = await t.services.db.execute<{ relname: string; reltuples: number }>(sql`
    select relname, reltuples::float8 as reltuples from pg_class
    where relname in ('trend_daily', 'trend_platform_daily', 'trend_track_period') and relkind = 'r'`)
  return Object.fromEntries(rows.map((row) => [row.relname, Number(row.reltuples)]))
}

beforeAll(async () => {
  t = await createTestApp()
  const ws = await createWorkspace(t.services, 'acme')
  await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Night Drive' }, [
    { isrc: 'USWL12600001' },
    { isrc: 'USWL12600002' },
    { isrc: 'USWL12600003' },
  ])
  admin = await signedIn(t.app, 'admin@acme.test')
})
afterAll(() => t.close())

describe('statistics after a large commit', () => {
  it('a first import of 1,200 track days has the rollups analyzed; a small one after it does not', async () => {
    const lines: string[] = []
    for (let day = 0; day < 400; day += 1)
      for (const isrc of ['USWL12600001', 'USWL12600002', 'USWL12600003'])
        lines.push(`${addDays('2025-01-01', day)},${isrc},SE,${1 + (day % 7)},1,album`)
    await importCommitted(lines, 'first.csv')
    await statisticsRefreshed()
    const first = await counted()
    // Analyzed: the planner's row counts are the tables' (never analyzed, they would be -1).
    expect(first.trend_daily).toBe(1200)
    expect(first.trend_platform_daily).toBe(400)
    const { rows } = await t.services.db.execute<{ n: number }>(sql`select count(*)::int as n from trend_track_period`)
    expect(first.trend_track_period).toBe(Number(rows[0].n))
    // Three more track days are far below a tenth: no analyze, the counts stay as they were.
    await importCommitted(['2026-02-10,USWL12600001,SE,5,1,album', '2026-02-10,USWL12600002,SE,5,1,album', '2026-02-10,USWL12600003,SE,5,1,album'], 'small.csv')
    await statisticsRefreshed()
    expect((await counted()).trend_daily).toBe(1200)
  })
})
