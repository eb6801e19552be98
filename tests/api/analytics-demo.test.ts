import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Faker, base, en } from '@faker-js/faker'
import { createTestApp, type TestApp } from '../helpers/app'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import { createRelease } from './releases-fixtures'
import { addDays, dayString } from '../../src/core/analytics-range'
import { DEMO_SPIKE_DAYS_AGO, DEMO_TREND_PLATFORMS, trendsSeeder } from '../../src/domains/analytics/server/seed'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>

beforeAll(async () => {
  t = await createTestApp()
  ws = await createWorkspace(t.services, 'acme')
  await createRelease(
    t.services,
    { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Night Drive', status: 1 },
    Array.from({ length: 4 }, (_, index) => ({ isrc: `USWL1260000${index + 1}` })),
  )
  const faker = new Faker({ locale: [en, base] })
  faker.seed(1)
  await trendsSeeder.run({ services: t.services, tenant: ws.tenant, faker, log: () => undefined })
}, 240_000)
afterAll(() => t.close())

describe('demo trends', () => {
  it('imports a year on eight platforms through the real path, and the planted spike is found', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    const imports = await admin.ok('analytics.imports', { query: {} })
    expect(imports.data.map((row) => row.platform).sort()).toEqual([...DEMO_TREND_PLATFORMS].sort())
    expect(imports.data.every((row) => row.status === 'committed' && row.unmatched === 0)).toBe(true)
    const year = await admin.ok('analytics.overview', { query: { date: 'lastYear' } })
    expect(year.platforms).toHaveLength(8)
    expect(year.series.filter((point) => point.streams > 0).length).toBeGreaterThanOrEqual(364)
    const spikes = await admin.ok('analytics.spikeDetection', { query: {} })
    const planted = addDays(dayString(new Date()), -DEMO_SPIKE_DAYS_AGO)
    expect(spikes.spikes.map((spike) => spike.day)).toEqual([planted])
    expect(spikes.spikes[0].countries[0].value).toBe('BR')
    expect(spikes.spikes[0].sources[0].value).toBe('others playlist')
  })
})
