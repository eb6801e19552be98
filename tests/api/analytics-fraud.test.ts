import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import type { TestClient } from '../helpers/client'
import { createRelease } from './releases-fixtures'
import { addDays } from '../../src/core/analytics-range'

let t: TestApp
let admin: TestClient
let trackId: number

const START = '2026-01-01'
const SPIKE_DAY = addDays(START, 70)
const range = { date: 'custom' as const, from: addDays(START, 56), to: addDays(START, 89) }

beforeAll(async () => {
  t = await createTestApp()
  const ws = await createWorkspace(t.services, 'acme')
  const { tracks } = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Night Drive' }, [
    { isrc: 'USWL12600001' },
    { isrc: 'USWL12600002' },
  ])
  trackId = Number(tracks[0].id)
  admin = await signedIn(t.app, 'admin@acme.test')
  // Ninety days of steady streams (weekends higher) from Sweden; on SPIKE_DAY 2,000 more from Brazil via others' playlists.
  const lines: string[] = []
  for (let t2 = 0; t2 < 90; t2 += 1) {
    const day = addDays(START, t2)
    const weekend = [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay())
    const usual = (weekend ? 140 : 100) + (t2 % 5)
    lines.push(`${day},USWL12600001,SE,${usual},album,0`)
    lines.push(`${day},USWL12600002,SE,${50 + (t2 % 3)},search,${t2 % 10 === 0 ? 5 : 0}`)
    if (day === SPIKE_DAY) lines.push(`${day},USWL12600001,BR,2000,others_playlist,1500`)
  }
  const data = Buffer.from(['date,isrc,country,streams,source,artificial_streams', ...lines].join('\n') + '\n')
  const { id } = await admin.ok('analytics.importTrends', {
    params: { platform: 'spotify' },
    multipart: { files: { file: { filename: 'quarter.csv', data, contentType: 'text/csv' } } },
  })
  await t.services.jobs.drain()
  await admin.ok('analytics.importCommit', { params: { id } })
})
afterAll(() => t.close())

describe('spikes and artificial streams', () => {
  it('finds the planted spike with its baseline and the country and source that carry it', async () => {
    const answer = await admin.ok('analytics.spikeDetection', { query: range })
    expect(answer.examined).toBe(2)
    expect(answer.spikes).toHaveLength(1)
    const [spike] = answer.spikes
    expect(spike).toMatchObject({ trackId, day: SPIKE_DAY, isrc: 'USWL12600001', releaseTitle: 'Night Drive' })
    expect(spike.observed).toBeGreaterThan(2000)
    expect(spike.baseline).toBeGreaterThan(90)
    expect(spike.baseline).toBeLessThan(160)
    expect(spike.countries[0]).toMatchObject({ value: 'BR', observed: 2000, baseline: 0, share: 100 })
    expect(spike.sources[0]).toMatchObject({ value: 'others playlist', observed: 2000 })
    // Outside the period it is not listed.
    const before = await admin.ok('analytics.spikeDetection', { query: { ...range, to: addDays(SPIKE_DAY, -1) } })
    expect(before.spikes).toEqual([])
  })

  it('shows the streams the store flagged as artificial, by track', async () => {
    const answer = await admin.ok('analytics.artificialStreams', { params: { platform: 'spotify' }, query: range })
    expect(answer.artificial).toBe(1500 + 5 * 3)
    expect(answer.tracks[0]).toMatchObject({ trackId, artificial: 1500 })
    expect(answer.tracks).toHaveLength(2)
    expect((await admin.call('analytics.artificialStreams', { params: { platform: 'tiktok' as 'spotify' }, query: range })).status).toBe(
      404,
    )
  })

  it('marks a spike whose track’s earnings are held, and unmarks it once released', async () => {
    expect((await admin.ok('analytics.spikeDetection', { query: range })).spikes[0].held).toBe(false)
    await admin.ok('analytics.holdTrack', { params: { id: trackId }, body: { reason: 'Planted spike' } })
    expect((await admin.ok('analytics.spikeDetection', { query: range })).spikes[0].held).toBe(true)
    await admin.ok('analytics.releaseHold', { params: { id: trackId }, body: { reason: 'Checked' } })
    expect((await admin.ok('analytics.spikeDetection', { query: range })).spikes[0].held).toBe(false)
  })
})
