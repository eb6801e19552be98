import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { TestClient } from '../helpers/client'
import { DEMO_PASSWORD, DEMO_SIGN_INS, databaseIsEmpty, seedDemo } from '../../src/server/seed'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('demo data', () => {
  // The whole demo (catalogue, splits, two years of statements through the import path) takes a while.
  it('seeds the demo workspace with the four sign-ins and a few hundred artists and labels', { timeout: 240_000 }, async () => {
    expect(await databaseIsEmpty(t.services)).toBe(true)
    await seedDemo(t.services)
    expect(await databaseIsEmpty(t.services)).toBe(false)
    const counts = await t.services.db.execute<{ type: string; count: number }>(
      sql`select type, count(*)::int as count from accounts group by type order by type`,
    )
    expect(Object.fromEntries(counts.rows.map((row) => [row.type, row.count]))).toEqual({ admin: 2, artist: 301, label: 61 })
    const names = await t.services.db.execute<{ artist_name: string }>(
      sql`select artist_name from artist_profiles order by account_id limit 5`,
    )
    expect(names.rows.every((row) => row.artist_name.length > 2)).toBe(true)
    for (const { email } of DEMO_SIGN_INS) {
      const client = new TestClient(t.app)
      expect((await client.ok('auth.login', { body: { email, password: DEMO_PASSWORD } })).status, email).toBe('authenticated')
    }
    const operator = new TestClient(t.app)
    await operator.ok('auth.login', { body: { email: 'operator@demo.test', password: DEMO_PASSWORD } })
    expect((await operator.ok('auth.me')).account).toMatchObject({ isOperator: true, hasInit: false })
  })
})
