import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import type { TestClient } from '../helpers/client'
import { createRelease } from './releases-fixtures'

let t: TestApp
let admin: TestClient

const LONG = { metric: 'summary' as const, platform: 'all', from: '2024-01-01', to: '2026-06-30' }

async function commitFile(lines: string[], filename: string) {
  const data = Buffer.from(['date,isrc,country,streams', ...lines].join('\n') + '\n')
  const { id } = await admin.ok('analytics.importTrends', {
    params: { platform: 'spotify' },
    multipart: { files: { file: { filename, data, contentType: 'text/csv' } } },
  })
  await t.services.jobs.drain()
  await admin.ok('analytics.importCommit', { params: { id } })
}

beforeAll(async () => {
  t = await createTestApp()
  const ws = await createWorkspace(t.services, 'acme')
  await createWorkspace(t.services, 'other')
  await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Night Drive' }, [{ isrc: 'USWL12600001' }])
  admin = await signedIn(t.app, 'admin@acme.test')
  await commitFile(['2024-03-01,USWL12600001,SE,100', '2026-05-01,USWL12600001,US,20'], 'years.csv')
})
afterAll(() => t.close())

describe('long-range questions run as jobs', () => {
  it('queues the question, answers 777 while it runs, then the kept answer', async () => {
    // The runner is held while the question stands, so the second ask meets it still queued (the
    // summary reads only the rollups without the track: a running runner could finish it first).
    await t.services.jobs.stop()
    let first: { id: number }
    try {
      first = await admin.ok('analytics.submit', { body: LONG })
      expect(first).toMatchObject({ status: 'queued', result: null })
      const again = await admin.call('analytics.submit', { body: LONG })
      expect(again.status).toBe(777)
      expect(again.error.message).toBe('Duplicate Requests Analytics')
      const listed = await admin.ok('analytics.jobs', { query: {} })
      expect(listed.data[0]).toMatchObject({ id: first.id, metric: 'summary', from: '2024-01-01', to: '2026-06-30', status: 'queued' })
    } finally {
      await t.services.jobs.start()
    }

    await t.services.jobs.drain()
    const done = await admin.ok('analytics.submit', { body: LONG })
    expect(done.id).toBe(first.id)
    expect(done.status).toBe('done')
    expect(done.result).toMatchObject({ totals: { streams: 120 }, range: { from: '2024-01-01', to: '2026-06-30' } })
    expect((await admin.ok('analytics.jobs', { query: {} })).data[0]).toMatchObject({ id: first.id, status: 'done' })
  })

  it('asks again once new data is committed, and answers each figure', async () => {
    await commitFile(['2025-01-01,USWL12600001,FR,5'], 'more.csv')
    const fresh = await admin.ok('analytics.submit', { body: LONG })
    expect(fresh.status).toBe('queued')
    const breakdown = await admin.ok('analytics.submit', { body: { ...LONG, metric: 'breakdown', breakdown: 'country' } })
    await t.services.jobs.drain()
    expect((await admin.ok('analytics.submit', { body: LONG })).result).toMatchObject({ totals: { streams: 125 } })
    const countries = await admin.ok('analytics.submit', { body: { ...LONG, metric: 'breakdown', breakdown: 'country' } })
    expect(countries.id).toBe(breakdown.id)
    expect(countries.result).toMatchObject({
      items: [
        { label: 'SE', streams: 100 },
        { label: 'US', streams: 20 },
        { label: 'FR', streams: 5 },
      ],
    })
  })

  it('refuses a question it cannot answer, and keeps each workspace to its own', async () => {
    expect((await admin.call('analytics.submit', { body: { ...LONG, metric: 'breakdown' } })).status).toBe(400)
    expect((await admin.call('analytics.submit', { body: { ...LONG, from: '2010-01-01' } })).status).toBe(400)
    const stranger = await signedIn(t.app, 'admin@other.test')
    expect((await stranger.ok('analytics.jobs', { query: {} })).data).toEqual([])
    const theirs = await stranger.ok('analytics.submit', { body: LONG })
    expect(theirs.status).toBe('queued')
    await t.services.jobs.drain()
    expect((await stranger.ok('analytics.submit', { body: LONG })).result).toMatchObject({ totals: { streams: 0 } })
  })
})
