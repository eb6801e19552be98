import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { inflateRawSync, crc32 } from 'node:zlib'
import { create } from 'xmlbuilder2'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { twoWorkspaces } from '../helpers/fixtures'
import { createRelease, upc } from './releases-fixtures'
import { auditLog, releases } from '../../src/server/db/schema'
import { AUDIOSALAD_SCHEMA } from '../../src/domains/catalogue-ops/server/audiosalad-xml'

let t: TestApp
let ws: Awaited<ReturnType<typeof twoWorkspaces>>['ws']
let admin: TestClient
let artist: TestClient
let otherAdmin: TestClient

beforeAll(async () => {
  t = await createTestApp()
  ;({ ws, admin, artist, otherAdmin } = await twoWorkspaces(t, 'acme', 'globex'))
})
afterAll(() => t.close())

/** The archive's files by name, read through its central directory (as unzip does), each CRC checked. */
function unzip(archive: Buffer): Map<string, string> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  expect(end).toBeGreaterThan(0)
  const count = archive.readUInt16LE(end + 10)
  let at = archive.readUInt32LE(end + 16)
  const files = new Map<string, string>()
  for (let index = 0; index < count; index++) {
    expect(archive.readUInt32LE(at)).toBe(0x02014b50)
    const method = archive.readUInt16LE(at + 10)
    const crc = archive.readUInt32LE(at + 16)
    const compressed = archive.readUInt32LE(at + 20)
    const nameLength = archive.readUInt16LE(at + 28)
    const local = archive.readUInt32LE(at + 42)
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8')
    expect(archive.readUInt32LE(local)).toBe(0x04034b50)
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28)
    const data = method === 8 ? inflateRawSync(archive.subarray(start, start + compressed)) : archive.subarray(start, start + compressed)
    expect(crc32(data)).toBe(crc)
    files.set(name, data.toString('utf8'))
    at += 46 + nameLength
  }
  return files
}

/** Child element names in document order, as the schema's sequence must have them. */
const childNames = (node: Record<string, unknown>) => Object.keys(node).filter((key) => !key.startsWith('@'))

describe('AudioSalad metadata export (releases/export/audiosalad)', () => {
  it('writes one v3.4 release document per release into a ZIP through the file store, and moves accepted releases to exported', async () => {
    const { release: accepted, tracks } = await createRelease(
      t.services,
      {
        tenantId: ws.tenant.id,
        accountId: ws.artist.id,
        title: 'Harbour & Lights',
        type: 'EP',
        status: 3,
        upc: upc(1),
        catalogNumber: 'ACME-001',
        label: 'Acme Records',
        primaryGenre: 'Pop',
        secondaryGenre: 'Indie Pop',
        artists: ['Nina Vale', 'Kofi'],
        artistText: 'Nina Vale, Kofi',
        cLine: '2026 Acme Records',
        cYear: 2026,
        pLine: '2026 Acme Records',
        pYear: 2026,
        territories: ['WW'],
      },
      [
        {
          isrc: 'GBAAA2600001',
          title: 'One',
          duration: 201,
          explicit: true,
          participants: [
            { name: 'Nina Vale', roles: 'Primary Artist' },
            { name: 'DJ Kofi', roles: 'Featuring' },
          ],
        },
        { isrc: 'GBAAA2600002', title: 'Two', duration: 185 },
      ],
    )
    const { release: live } = await createRelease(t.services, {
      tenantId: ws.tenant.id,
      accountId: ws.artist.id,
      title: 'Night Bus',
      status: 1,
      upc: upc(2),
      territories: ['GB', 'IE'],
    })

    const queued = await admin.ok('exports.audiosalad', { body: { ids: [accepted.id, live.id] } })
    expect(queued).toMatchObject({ kind: 'audiosalad', status: 'queued' })
    await t.services.jobs.drain()
    const done = await admin.ok('exports.single', { params: { id: queued.id } })
    expect(done).toMatchObject({ status: 'done', releases: 2, tracks: 3, markedExported: 1, hasFile: true })
    expect((await t.services.db.select().from(releases).where(eq(releases.id, accepted.id)))[0].status).toBe(4)
    expect((await t.services.db.select().from(releases).where(eq(releases.id, live.id)))[0].status).toBe(1)
    const audited = await t.services.db.select().from(auditLog).where(eq(auditLog.action, 'release.exported'))
    expect(audited.map((entry) => entry.entityId)).toEqual([String(accepted.id)])

    const file = await admin.call('exports.file', { params: { id: queued.id } })
    expect(file.status).toBe(200)
    expect(file.response.headers['content-disposition']).toMatch(/attachment; filename="audiosalad-metadata-\d+-\d{4}-\d{2}-\d{2}\.zip"/)
    const files = unzip(file.response.rawPayload)
    expect([...files.keys()]).toEqual([`${upc(1)}.xml`, `${upc(2)}.xml`])

    // Escaped once, as XML text must be.
    expect(files.get(`${upc(1)}.xml`)).toContain('<title>Harbour &amp; Lights</title>')
    const doc = create(files.get(`${upc(1)}.xml`)!).end({ format: 'object' }) as { release: Record<string, unknown> }
    const release = doc.release as Record<string, unknown> & { track: Record<string, unknown>[]; participant: Record<string, unknown>[] }
    expect(release['@xmlns']).toBe(AUDIOSALAD_SCHEMA)
    // The schema's sequence (audiosalad_release_v3.4): each present element in its place.
    expect(childNames(release)).toEqual([
      'schema_id',
      'distributor_name',
      'export_id',
      'export_time',
      'action',
      'upc_ean',
      'vendor_release_id',
      'catalog_id',
      'title',
      'advisory',
      'display_artist',
      'participant',
      'release_date',
      'release_format',
      'genre',
      'c_info',
      'c_year',
      'p_info',
      'p_year',
      'label',
      'territory',
      'track',
    ])
    expect(release).toMatchObject({
      schema_id: AUDIOSALAD_SCHEMA,
      export_id: `export-${queued.id}`,
      action: 'add',
      upc_ean: upc(1),
      vendor_release_id: `R${accepted.id}`,
      catalog_id: 'ACME-001',
      advisory: 'Explicit',
      display_artist: 'Nina Vale, Kofi',
      release_date: '2025-01-10',
      release_format: 'EP',
      genre: { primary: 'Pop', sub: 'Indie Pop' },
      c_info: '2026 Acme Records',
      c_year: '2026',
      label: { name: 'Acme Records' },
      territory: { country_code: 'WW' },
    })
    expect(release.participant).toEqual([
      { role: 'Primary Artist', name: 'Nina Vale', primary: 'true' },
      { role: 'Primary Artist', name: 'Kofi', primary: 'true' },
    ])
    expect(release.track).toHaveLength(2)
    expect(childNames(release.track[0])).toEqual([
      'vendor_track_id',
      'isrc',
      'track_number',
      'title',
      'track_length',
      'advisory',
      'display_artist',
      'participant',
    ])
    expect(release.track[0]).toMatchObject({
      vendor_track_id: `T${tracks[0].id}`,
      isrc: 'GBAAA2600001',
      track_number: '1',
      title: 'One',
      track_length: '201',
      advisory: 'Explicit',
      display_artist: 'Nina Vale',
    })
    expect(release.track[1]).toMatchObject({ isrc: 'GBAAA2600002', track_number: '2', advisory: 'None', display_artist: 'Nina Vale, Kofi' })
    // Every ISRC and UPC within the schema's facets.
    for (const track of release.track) expect(String(track.isrc)).toMatch(/^[A-Za-z0-9]{5}[0-9]{2}[A-Za-z0-9]{5}$/)
    expect(String(release.upc_ean)).toMatch(/^[0-9]{12,14}$/)

    const second = create(files.get(`${upc(2)}.xml`)!).end({ format: 'object' }) as { release: Record<string, unknown> }
    // A release already in the stores is updated at AudioSalad, not added; its territories listed.
    expect(second.release).toMatchObject({ action: 'full-update', title: 'Night Bus', territory: { country_code: ['GB', 'IE'] } })

    const history = await admin.ok('exports.history', { query: {} })
    expect(history.data[0]).toMatchObject({ id: queued.id, kind: 'audiosalad', releases: 2, tracks: 3 })
  })

  it('is staff-only, per workspace, and refuses a selection without tracks', async () => {
    const { release } = await createRelease(
      t.services,
      { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Empty', status: 3, upc: upc(3) },
      [],
    )
    expect((await artist.call('exports.audiosalad', { body: { ids: [release.id] } })).status).toBe(403)
    expect((await otherAdmin.call('exports.audiosalad', { body: { ids: [release.id] } })).status).toBe(404)
    expect((await admin.call('exports.audiosalad', { body: { ids: [] } })).status).toBe(400)
    const queued = await admin.ok('exports.audiosalad', { body: { ids: [release.id] } })
    await t.services.jobs.drain()
    expect(await admin.ok('exports.single', { params: { id: queued.id } })).toMatchObject({
      status: 'failed',
      error: 'None of these releases has tracks to export.',
      hasFile: false,
    })
    expect((await t.services.db.select().from(releases).where(eq(releases.id, release.id)))[0].status).toBe(3)
  })
})
