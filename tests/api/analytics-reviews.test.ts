import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { twoWorkspaces } from '../helpers/fixtures'
import { createRelease } from './releases-fixtures'
import { addDays } from '../../src/core/analytics-range'

// The flagged-track review queue (issue 24 item 5): sent from a spike or an artificial-streams row
// with its evidence from the rollups, confirmed (earnings held) or dismissed with a reason, audited.

let t: TestApp
let ws: Awaited<ReturnType<typeof twoWorkspaces>>['ws']
let admin: TestClient
let artist: TestClient
let otherAdmin: TestClient
let trackIds: number[]
const SPIKE_DAY = '2026-05-20'

beforeAll(async () => {
  t = await createTestApp()
  ;({ ws, admin, artist, otherAdmin } = await twoWorkspaces(t, 'acme', 'globex'))
  const { tracks } = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Night Drive' }, [
    { isrc: 'USWL12600001' },
    { isrc: 'USWL12600002' },
  ])
  trackIds = tracks.map((track: { id: number }) => Number(track.id))
  // 28 ordinary days of 100 streams, then the spike: 2,000 streams, 400 flagged artificial by the store.
  for (let back = 28; back >= 0; back -= 1) {
    const day = addDays(SPIKE_DAY, -back)
    const streams = back === 0 ? 2000 : 100
    const artificial = back === 0 ? 400 : 0
    await t.services.db.execute(sql`
      insert into trend_daily (tenant_id, platform, track_id, day, streams, listeners, artificial)
      values (${ws.tenant.id}, 'spotify', ${trackIds[0]}, ${day}::date, ${streams}, ${streams}, ${artificial})`)
  }
})
afterAll(async () => {
  await t.close()
})

const held = async (trackId: number) =>
  Number(
    (
      await t.services.db.execute<{ n: number }>(sql`
        select count(*)::int as n from earnings_holds where tenant_id = ${ws.tenant.id} and track_id = ${trackId} and released_at is null`)
    ).rows[0].n,
  )

describe('flagged-track review queue', () => {
  it('sends a spike to review with its evidence, once while open', async () => {
    const sent = await admin.ok('analytics.sendToReview', {
      params: { id: trackIds[0] },
      body: { flag: 'spike', platform: 'spotify', day: SPIKE_DAY },
    })
    expect(sent).toMatchObject({
      trackId: trackIds[0],
      title: expect.any(String),
      flag: 'spike',
      platform: 'spotify',
      day: SPIKE_DAY,
      status: 'open',
      held: false,
      evidence: { observed: 2000, baseline: 100, artificial: 400, periodStreams: 2000 + 29 * 100 - 100 },
    })
    const again = await admin.call('analytics.sendToReview', {
      params: { id: trackIds[0] },
      body: { flag: 'artificial', platform: 'spotify', day: SPIKE_DAY },
    })
    expect(again.status).toBe(409)
    const open = await admin.ok('analytics.reviews', { query: {} })
    expect(open.data.map((row) => row.id)).toEqual([sent.id])
  })

  it('confirming holds the track’s earnings with the reason and closes the review; deciding twice is refused', async () => {
    const [review] = (await admin.ok('analytics.reviews', { query: {} })).data
    const confirmed = await admin.ok('analytics.confirmReview', { params: { id: review.id }, body: { reason: 'Bot farm in BR playlists' } })
    expect(confirmed).toMatchObject({ status: 'confirmed', reason: 'Bot farm in BR playlists', held: true, decidedBy: expect.any(String) })
    expect(await held(trackIds[0])).toBe(1)
    expect((await admin.call('analytics.dismissReview', { params: { id: review.id }, body: { reason: 'oops' } })).status).toBe(409)
    expect((await admin.ok('analytics.reviews', { query: {} })).data).toEqual([])
    expect((await admin.ok('analytics.reviews', { query: { status: 'confirmed' } })).data.map((row) => row.id)).toEqual([review.id])
    const holds = await admin.ok('analytics.holds', { query: { track_id: trackIds[0] } })
    expect(holds.data[0]).toMatchObject({ reason: 'Bot farm in BR playlists', releasedAt: null })
  })

  it('dismissing asks a reason and holds nothing; the track can be sent again later', async () => {
    const sent = await admin.ok('analytics.sendToReview', {
      params: { id: trackIds[1] },
      body: { flag: 'artificial', platform: 'deezer', day: SPIKE_DAY, note: 'store flag' },
    })
    expect(sent.evidence).toEqual({ observed: 0, baseline: 0, artificial: 0, periodStreams: 0 })
    const blank = await admin.call('analytics.dismissReview', { params: { id: sent.id }, body: { reason: '  ' } })
    expect(blank.status).toBe(400)
    const dismissed = await admin.ok('analytics.dismissReview', { params: { id: sent.id }, body: { reason: 'Radio campaign, expected' } })
    expect(dismissed).toMatchObject({ status: 'dismissed', reason: 'Radio campaign, expected', held: false, note: 'store flag' })
    expect(await held(trackIds[1])).toBe(0)
    const again = await admin.ok('analytics.sendToReview', {
      params: { id: trackIds[1] },
      body: { flag: 'artificial', platform: 'deezer', day: SPIKE_DAY },
    })
    expect(again.status).toBe('open')
  })

  it('is staff-only, workspace-bound, validated and audited', async () => {
    const [open] = (await admin.ok('analytics.reviews', { query: {} })).data
    expect((await artist.call('analytics.reviews', { query: {} })).status).toBe(403)
    expect((await otherAdmin.call('analytics.review', { params: { id: open.id } })).status).toBe(404)
    expect((await otherAdmin.call('analytics.confirmReview', { params: { id: open.id }, body: { reason: 'x' } })).status).toBe(404)
    expect(
      (
        await otherAdmin.call('analytics.sendToReview', {
          params: { id: trackIds[0] },
          body: { flag: 'spike', platform: 'spotify', day: SPIKE_DAY },
        })
      ).status,
    ).toBe(404)
    expect((await otherAdmin.ok('analytics.reviews', { query: {} })).data).toEqual([])
    const badPlatform = await admin.call('analytics.sendToReview', {
      params: { id: trackIds[0] },
      body: { flag: 'spike', platform: 'apple' as 'spotify', day: SPIKE_DAY },
    })
    expect(badPlatform.status).toBe(400)
    const audit = await t.services.db.execute<{ action: string }>(sql`
      select action from audit_log where tenant_id = ${ws.tenant.id} and entity_type = 'trackReview' order by id`)
    expect(audit.rows.map((row) => row.action)).toEqual([
      'analytics.review.sent',
      'analytics.review.confirmed',
      'analytics.review.sent',
      'analytics.review.dismissed',
      'analytics.review.sent',
    ])
  })
})
