import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { signedIn, twoWorkspaces } from '../helpers/fixtures'
import { startFakeServer } from '../helpers/fake-servers'
import { createRelease, upc } from './releases-fixtures'
import { releases } from '../../src/server/db/schema'

// AudioSalad's client API as a delivery target (docs/formats/audiosalad-api.md), against a local fake
// that checks the credentials and the delivery call's payload the way the public material describes.

const KEY = 'as-test-key'
const ACCESS_ID = 'as-access-id'
/** The UPCs the fake AudioSalad catalogue holds, with its own release ids. */
const CATALOGUE = new Map<string, string>([
  [upc(31), '505'],
  [upc(32), '506'],
  [upc(33), '507'],
  [upc(34), '508'],
])
const TARGETS = [
  { id: '10', name: 'Spotify' },
  { id: '67', name: 'Amazon' },
]

const fake = { failDelivery: null as string | null }
type FakeServer = Awaited<ReturnType<typeof startFakeServer>>
let audioSalad: FakeServer
let t: TestApp
let bare: TestApp
let ws: Awaited<ReturnType<typeof twoWorkspaces>>['ws']
let admin: TestClient
let otherAdmin: TestClient

beforeAll(async () => {
  audioSalad = await startFakeServer((req, body) => {
    if (req.headers.authorization !== `Bearer ${KEY}` || req.headers['x-access-id'] !== ACCESS_ID)
      return { status: 401, json: { error: 'Unauthorized', message: 'Invalid access token', code: 401 } }
    const url = new URL(req.url ?? '/', 'http://fake')
    if (req.method === 'GET' && url.pathname === '/client-api/release') {
      const id = CATALOGUE.get(url.searchParams.get('upc') ?? '')
      return id ? { json: [{ id, upc: url.searchParams.get('upc'), title: 'Fake' }] } : { status: 404, json: { error: 'Not found' } }
    }
    if (req.method === 'GET' && url.pathname === '/client-api/delivery-targets') return { json: TARGETS }
    if (req.method === 'POST' && url.pathname === '/client-api/delivery') {
      if (req.headers['content-type'] !== 'application/json') return { status: 400, json: { error: 'JSON expected' } }
      const payload = JSON.parse(body) as Record<string, unknown>
      const valid =
        Array.isArray(payload.release_ids) &&
        payload.release_ids.every((id) => [...CATALOGUE.values()].includes(id as string)) &&
        JSON.stringify(payload.target_ids) === JSON.stringify(TARGETS.map((target) => target.id)) &&
        typeof payload.run_date === 'string' &&
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(payload.run_date) &&
        ['add', 'full-update'].includes(payload.action as string)
      if (!valid) return { status: 400, json: { error: 'Bad request', message: `Invalid delivery: ${body}` } }
      if (fake.failDelivery) return { status: 500, json: { error: fake.failDelivery } }
      return { json: { success: true } }
    }
    return { status: 404, json: { error: 'Not found' } }
  })
  t = await createTestApp({ env: { AUDIOSALAD_URL: audioSalad.url, AUDIOSALAD_KEY: KEY, AUDIOSALAD_ACCESS_ID: ACCESS_ID } })
  ;({ ws, admin, otherAdmin } = await twoWorkspaces(t, 'acme', 'globex'))
})
beforeEach(() => {
  fake.failDelivery = null
  audioSalad.requests.length = 0
})
afterAll(async () => {
  await t.close()
  await bare?.close()
  await audioSalad.close()
})

const deliveryCalls = () => audioSalad.requests.filter((req) => req.method === 'POST' && req.url === '/client-api/delivery')
const exported = (n: number) =>
  createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, status: 4, upc: upc(n) }, [{ isrc: `GBAAA26003${n}` }])
const row = async (id: number) => (await admin.ok('delivery.queue', { query: { per_page: 100 } })).data.find((entry) => entry.id === id)!

describe('AudioSalad as a delivery target', () => {
  it('queues, sends and delivers: the release found by UPC is scheduled for every store target, the flags are set', async () => {
    const { release } = await exported(31)
    const queued = await admin.ok('delivery.add', { params: { type: 'audiosalad', id: release.id } })
    expect(queued).toMatchObject({ status: 'queued', target: 'audiosalad', events: [{ status: 'queued' }] })
    await t.services.jobs.drain()

    const delivered = await row(queued.id)
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 1, error: null })
    expect(delivered.events.map((event) => event.status)).toEqual(['queued', 'sending', 'delivered'])
    expect(delivered.events[2].message).toBe('Scheduled at AudioSalad (release 505) for 2 stores: Spotify, Amazon')
    const [call] = deliveryCalls()
    expect(call.headers).toMatchObject({ authorization: `Bearer ${KEY}`, 'x-access-id': ACCESS_ID })
    expect(JSON.parse(call.body)).toMatchObject({ release_ids: ['505'], target_ids: ['10', '67'], action: 'add' })
    const [flags] = await t.services.db.select({ delivery: releases.delivery }).from(releases).where(eq(releases.id, release.id))
    expect(flags.delivery.audiosalad).toEqual({ delivered: true, completed: true })
    // The release's own timeline (the release tab) lists it; another workspace sees nothing.
    const own = await admin.ok('delivery.queue', { query: { release_id: release.id } })
    expect(own.data.map((entry) => entry.id)).toEqual([queued.id])
    expect((await otherAdmin.ok('delivery.queue', { query: { release_id: release.id } })).data).toEqual([])

    // Delivered once, the next delivery of the same release is an update.
    const again = await admin.ok('delivery.add', { params: { type: 'audiosalad', id: release.id } })
    await t.services.jobs.drain()
    expect((await row(again.id)).status).toBe('delivered')
    expect(JSON.parse(deliveryCalls()[1].body)).toMatchObject({ release_ids: ['505'], action: 'full-update' })
  })

  it('keeps AudioSalad’s error on a failed delivery, and a retry sends it again', async () => {
    const { release } = await exported(32)
    fake.failDelivery = 'Target temporarily unavailable'
    const queued = await admin.ok('delivery.add', { params: { type: 'audiosalad', id: release.id } })
    await t.services.jobs.drain()
    const failed = await row(queued.id)
    expect(failed).toMatchObject({ status: 'failed', error: 'AudioSalad: Target temporarily unavailable' })
    expect(failed.events.at(-1)).toMatchObject({ status: 'failed', message: 'AudioSalad: Target temporarily unavailable' })
    const [flags] = await t.services.db.select({ delivery: releases.delivery }).from(releases).where(eq(releases.id, release.id))
    expect(flags.delivery.audiosalad?.delivered ?? false).toBe(false)
    expect((await otherAdmin.call('delivery.retry', { params: { id: queued.id } })).status).toBe(404)

    fake.failDelivery = null
    expect((await admin.ok('delivery.retry', { params: { id: queued.id } })).status).toBe('queued')
    await t.services.jobs.drain()
    const retried = await row(queued.id)
    expect(retried).toMatchObject({ status: 'delivered', attempts: 2, error: null })
    expect(retried.events.map((event) => event.status)).toEqual(['queued', 'sending', 'failed', 'retried', 'sending', 'delivered'])
    // A delivered one is not retried.
    expect((await admin.call('delivery.retry', { params: { id: queued.id } })).status).toBe(409)
  })

  it('retries failed deliveries in bulk: every failed one, or those of the releases named; the rest listed with the reason', async () => {
    const [{ release: one }, { release: two }] = await Promise.all([exported(33), exported(34)])
    fake.failDelivery = 'Store rejected the batch'
    const first = await admin.ok('delivery.add', { params: { type: 'audiosalad', id: one.id } })
    const second = await admin.ok('delivery.add', { params: { type: 'audiosalad', id: two.id } })
    await t.services.jobs.drain()
    expect((await row(first.id)).status).toBe('failed')
    expect((await row(second.id)).status).toBe('failed')
    fake.failDelivery = null

    // By release: only the first; a delivery id that has not failed is refused with the reason.
    expect(await admin.ok('delivery.retryMany', { body: { release_ids: [one.id] } })).toEqual({ retried: 1, refused: [] })
    await t.services.jobs.drain()
    expect((await row(first.id)).status).toBe('delivered')
    expect(await admin.ok('delivery.retryMany', { body: { ids: [first.id, second.id] } })).toEqual({
      retried: 1,
      refused: [{ id: first.id, reason: 'Only a failed delivery is retried.' }],
    })
    await t.services.jobs.drain()
    expect((await row(second.id)).status).toBe('delivered')
    // Every failed one of the workspace: none left; another workspace's ids are not found.
    expect(await admin.ok('delivery.retryMany', { body: { target: 'audiosalad' } })).toEqual({ retried: 0, refused: [] })
    expect(await otherAdmin.ok('delivery.retryMany', { body: { ids: [second.id] } })).toEqual({
      retried: 0,
      refused: [{ id: second.id, reason: 'There is no such delivery.' }],
    })
  })

  it('fails with the reason when AudioSalad has no release with the UPC, or refuses the credentials', async () => {
    const { release } = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, status: 4, upc: upc(39) }, [{}])
    const queued = await admin.ok('delivery.add', { params: { type: 'audiosalad', id: release.id } })
    await t.services.jobs.drain()
    expect((await row(queued.id)).error).toBe(
      `AudioSalad has no release with UPC ${upc(39)}: it delivers releases of its own catalogue, so the release must be ingested there first.`,
    )
    expect(deliveryCalls()).toEqual([])

    const wrongKey = await createTestApp({
      env: { AUDIOSALAD_URL: audioSalad.url, AUDIOSALAD_KEY: 'stale', AUDIOSALAD_ACCESS_ID: ACCESS_ID },
    })
    try {
      const { ws: other } = await twoWorkspaces(wrongKey, 'stale', 'stale2')
      const staff = await signedIn(wrongKey.app, 'admin@stale.test')
      const { release: theirs } = await createRelease(
        wrongKey.services,
        { tenantId: other.tenant.id, accountId: other.artist.id, status: 4, upc: upc(31) },
        [{}],
      )
      const refused = await staff.ok('delivery.add', { params: { type: 'audiosalad', id: theirs.id } })
      await wrongKey.services.jobs.drain()
      const answer = (await staff.ok('delivery.queue', { query: {} })).data.find((entry) => entry.id === refused.id)!
      expect(answer).toMatchObject({ status: 'failed', error: 'AudioSalad: Invalid access token' })
    } finally {
      await wrongKey.close()
    }
  })

  it('says AudioSalad is not configured, and refuses queueing with that reason', async () => {
    bare = await createTestApp()
    const { ws: plain } = await twoWorkspaces(bare, 'plain', 'other')
    const staff = await signedIn(bare.app, 'admin@plain.test')
    const { release } = await createRelease(
      bare.services,
      { tenantId: plain.tenant.id, accountId: plain.artist.id, status: 4, upc: upc(35) },
      [{}],
    )
    const refused = await staff.call('delivery.add', { params: { type: 'audiosalad', id: release.id } })
    expect(refused.status).toBe(503)
    expect(refused.error.message).toBe('AudioSalad is not configured')
    expect((await staff.ok('delivery.queue', { query: {} })).targets).toEqual([
      { target: 'sftp', configured: false, reason: 'SFTP delivery is not configured' },
      { target: 'audiosalad', configured: false, reason: 'AudioSalad is not configured' },
    ])
    expect(await staff.ok('delivery.queue', { query: { release_id: release.id } })).toMatchObject({ data: [] })
  })
})
