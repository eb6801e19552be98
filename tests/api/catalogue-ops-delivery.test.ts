import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { twoWorkspaces } from '../helpers/fixtures'
import { createRelease, upc } from './releases-fixtures'
import { releases } from '../../src/server/db/schema'
import { startSftpFake } from '../fakes/sftp-server'
import { releaseDeliveriesQuery } from '../../src/contract/catalogue-ops'

let t: TestApp
let bare: TestApp
let sftp: Awaited<ReturnType<typeof startSftpFake>>
let ws: Awaited<ReturnType<typeof twoWorkspaces>>['ws']
let admin: TestClient
let otherAdmin: TestClient

beforeAll(async () => {
  sftp = await startSftpFake('distributor', 'secret-pass')
  t = await createTestApp({
    env: {
      DELIVERY_SFTP_HOST: '127.0.0.1',
      DELIVERY_SFTP_PORT: String(sftp.port),
      DELIVERY_SFTP_USER: 'distributor',
      DELIVERY_SFTP_PASSWORD: 'secret-pass',
      DELIVERY_SFTP_DIR: '/incoming',
    },
  })
  ;({ ws, admin, otherAdmin } = await twoWorkspaces(t, 'acme', 'globex'))
})
afterAll(async () => {
  await t.close()
  await bare?.close()
  await sftp.close()
})

describe('delivery queue', () => {
  it('delivers a release over SFTP: the DDEX message and its audio, a timeline, and the release flags', async () => {
    const wav = Buffer.concat([Buffer.from('RIFF'), Buffer.from([36, 1, 0, 0]), Buffer.from('WAVEfmt '), Buffer.alloc(200)])
    const audio = await t.services.files.save(t.services.db, {
      tenantId: ws.tenant.id,
      purpose: 'track-audio',
      originalName: 'one.wav',
      data: wav,
      kind: 'audio',
      maxBytes: 1_000_000,
    })
    const { release } = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, status: 4, upc: upc(11) }, [
      { isrc: 'GBAAA2600101', audioUrl: `/api/files/${audio.id}` },
    ])
    const queued = await admin.ok('delivery.add', { params: { type: 'sftp', id: release.id } })
    expect(queued).toMatchObject({ status: 'queued', target: 'sftp', releaseId: release.id, events: [{ status: 'queued' }] })
    await t.services.jobs.drain()

    const queue = await admin.ok('delivery.queue', { query: {} })
    expect(queue.targets).toEqual([
      { target: 'sftp', configured: true, reason: null },
      { target: 'audiosalad', configured: false, reason: 'AudioSalad is not configured' },
    ])
    const delivered = queue.data.find((row) => row.id === queued.id)!
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 1, upc: upc(11) })
    expect(delivered.events.map((event) => event.status)).toEqual(['queued', 'sending', 'delivered'])
    const message = sftp.files.get(`/incoming/${upc(11)}/${upc(11)}.xml`)
    expect(message?.toString('utf8')).toContain('<ISRC>GBAAA2600101</ISRC>')
    expect(sftp.files.get(`/incoming/${upc(11)}/resources/${audio.id}-one.wav`)?.equals(wav)).toBe(true)
    const [flags] = await t.services.db.select({ delivery: releases.delivery }).from(releases).where(eq(releases.id, release.id))
    expect(flags.delivery.sftp).toEqual({ delivered: true, completed: true })
    // Delivered: not removable; another workspace cannot see it.
    expect((await admin.call('delivery.remove', { params: { id: queued.id } })).status).toBe(409)
    expect((await otherAdmin.call('delivery.retry', { params: { id: queued.id } })).status).toBe(404)
  })

  it('a refused upload fails with the reason, and a retry sends it again', async () => {
    const { release } = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, status: 4, upc: upc(12) }, [
      { isrc: 'GBAAA2600102' },
    ])
    sftp.state.refuseWrites = true
    const queued = await admin.ok('delivery.add', { params: { type: 'sftp', id: release.id } })
    await t.services.jobs.drain()
    const failed = (await admin.ok('delivery.queue', { query: { status: 'failed' } })).data.find((row) => row.id === queued.id)!
    expect(failed.status).toBe('failed')
    expect(failed.error).toMatch(/denied/i)
    expect(failed.events.at(-1)).toMatchObject({ status: 'failed', message: failed.error })
    // A failed delivery is still in the queue: retried or removed, not queued twice.
    expect((await admin.call('delivery.add', { params: { type: 'sftp', id: release.id } })).status).toBe(409)

    sftp.state.refuseWrites = false
    expect((await admin.ok('delivery.retry', { params: { id: queued.id } })).status).toBe('queued')
    await t.services.jobs.drain()
    const again = (await admin.ok('delivery.queue', { query: {} })).data.find((row) => row.id === queued.id)!
    expect(again).toMatchObject({ status: 'delivered', attempts: 2, error: null })
    // The release tab's one call brings the same deliveries as the release's queue.
    const record = await admin.ok('releases.record', { params: { id: release.id } })
    expect(record.deliveries).toEqual(await admin.ok('delivery.queue', { query: releaseDeliveriesQuery(release.id) }))
    expect(record.deliveries.data.map((row) => [row.id, row.status])).toEqual([[queued.id, 'delivered']])
    expect(again.events.map((event) => event.status)).toEqual(['queued', 'sending', 'failed', 'retried', 'sending', 'delivered'])
    expect(sftp.files.has(`/incoming/${upc(12)}/${upc(12)}.xml`)).toBe(true)
  })

  it('removes a failed delivery from the queue', async () => {
    const { release } = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, status: 4 }, [{}])
    sftp.state.refuseWrites = true
    const queued = await admin.ok('delivery.add', { params: { type: 'sftp', id: release.id } })
    await t.services.jobs.drain()
    sftp.state.refuseWrites = false
    expect(await admin.ok('delivery.remove', { params: { id: queued.id } })).toEqual({ ok: true })
    expect((await admin.ok('delivery.queue', { query: {} })).data.some((row) => row.id === queued.id)).toBe(false)
    // Out of the queue, it may be queued again.
    expect((await admin.ok('delivery.add', { params: { type: 'sftp', id: release.id } })).status).toBe('queued')
    await t.services.jobs.drain()
  })

  it('says SFTP is not configured when it is not', async () => {
    bare = await createTestApp()
    const { ws: plain } = await twoWorkspaces(bare, 'plain', 'other')
    const client = (await import('../helpers/fixtures')).signedIn
    const staff = await client(bare.app, 'admin@plain.test')
    const { release } = await createRelease(bare.services, { tenantId: plain.tenant.id, accountId: plain.artist.id, status: 4 }, [{}])
    const refused = await staff.call('delivery.add', { params: { type: 'sftp', id: release.id } })
    expect(refused.status).toBe(503)
    expect(refused.error.message).toBe('SFTP delivery is not configured')
    expect((await staff.ok('delivery.queue', { query: {} })).targets).toContainEqual({
      target: 'sftp',
      configured: false,
      reason: 'SFTP delivery is not configured',
    })
  })
})
