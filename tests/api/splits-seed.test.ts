import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { seedDemo } from '../../src/server/seed'
import { SHARE_ONE, SHARE_SCALE, toScaled } from '../../src/core/decimal'
import { payeesForTracks } from '../../src/domains/splits/server/allocation'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  await seedDemo(t.services, () => {})
})
afterAll(() => t.close())

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
