import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { twoWorkspaces, type createWorkspace } from '../helpers/fixtures'
import { releases, splits } from '../../src/server/db/schema'
import { RELEASE_STATUS } from '../../src/core/release-status'
import { createRelease } from './releases-fixtures'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let artist: TestClient
let otherAdmin: TestClient

beforeAll(async () => {
  t = await createTestApp()
  ;({ ws, admin, artist, otherAdmin } = await twoWorkspaces(t, 'dashfc', 'dashfcother'))
})
afterAll(() => t.close())

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
const release = async (title: string) =>
  (await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title })).release.id
const greenlist = async (releaseId: number) =>
  (await artist.ok('greenlist.create', { body: { releaseId, format: 'all', youtube: 'UCaBcDeFgHiJkLmNoPqRsTuV' } })).id
const blocklist = async (releaseId: number) =>
  (await artist.ok('blocklist.create', { body: { releaseId, platform: 'youtube', format: 'all', startDate: day(1), endDate: day(30) } })).id

describe('the dashboard’s whitelist and blocklist lists', () => {
  it('lists pending requests and, as the takedown variant, pending or approved ones on releases pending takedown, each with its total', async () => {
    const kept = await release('Kept Record')
    const going = await release('Going Record')
    const keptGreen = await greenlist(kept)
    const goingGreen = await greenlist(going)
    const goingBlock = await blocklist(going)
    const decided = await greenlist(kept)
    await admin.ok('greenlist.changeStatus', { body: { ids: [goingGreen], status: 'approved' } })
    await admin.ok('greenlist.changeStatus', { body: { ids: [decided], status: 'rejected', reason: 'No proof' } })
    await t.services.db.update(releases).set({ status: RELEASE_STATUS.takedownPending }).where(eq(releases.id, going))

    const overview = await admin.ok('dashboard.overview')
    expect(overview.whitelist.total).toBe(1)
    expect(overview.whitelist.items).toEqual([
      expect.objectContaining({ id: keptGreen, title: 'Kept Record', status: 'pending', path: `/whitelisting/${keptGreen}` }),
    ])
    expect(overview.whitelistTakedown).toMatchObject({ total: 1, items: [{ id: goingGreen, status: 'approved' }] })
    expect(overview.blocklist).toMatchObject({ total: 1, items: [{ id: goingBlock, path: `/blocklist/${goingBlock}` }] })
    expect(overview.blocklistTakedown).toMatchObject({ total: 1, items: [{ id: goingBlock }] })
    expect(overview.whitelist.items[0].requester).toBeTruthy()

    const elsewhere = await otherAdmin.ok('dashboard.overview')
    expect(elsewhere.whitelist).toEqual({ items: [], total: 0 })
    expect(elsewhere.blocklistTakedown).toEqual({ items: [], total: 0 })
  })
})

describe('the dashboard’s split portal lists', () => {
  it('lists pending splits and, as the takedown variant, open splits of tracks on releases pending takedown, each with its total', async () => {
    const kept = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Split Kept' }, [{ title: 'Kept Track' }])
    const going = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Split Going' }, [{ title: 'Going Track' }])
    const split = async (trackId: number, status: string) =>
      (
        await t.services.db
          .insert(splits)
          .values({ tenantId: ws.tenant.id, trackId, ownerAccountId: ws.artist.id, status, startsOn: '2026-01-01' })
          .returning()
      )[0].id
    const waiting = await split(kept.tracks[0].id, 'pending')
    await split(kept.tracks[0].id, 'ended')
    const goingActive = await split(going.tracks[0].id, 'active')
    await split(going.tracks[0].id, 'declined')
    await t.services.db.update(releases).set({ status: RELEASE_STATUS.takedownPending }).where(eq(releases.id, going.release.id))

    const overview = await admin.ok('dashboard.overview')
    expect(overview.splits).toEqual({
      total: 1,
      items: [expect.objectContaining({ id: waiting, title: 'Kept Track', status: 'pending', path: `/royalty-shares/single/${waiting}` })],
    })
    expect(overview.splits.items[0].requester).toBeTruthy()
    expect(overview.splitsTakedown).toMatchObject({ total: 1, items: [{ id: goingActive, title: 'Going Track', status: 'active' }] })

    const elsewhere = await otherAdmin.ok('dashboard.overview')
    expect(elsewhere.splits).toEqual({ items: [], total: 0 })
    expect(elsewhere.splitsTakedown).toEqual({ items: [], total: 0 })
  })
})
