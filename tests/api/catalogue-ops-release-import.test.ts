import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { twoWorkspaces } from '../helpers/fixtures'
import { createRelease, upc } from './releases-fixtures'
import { auditLog, releaseImports, releases, tracks } from '../../src/server/db/schema'
import { runReleaseImport } from '../../src/domains/catalogue-ops/server/release-import.service'

let t: TestApp
let ws: Awaited<ReturnType<typeof twoWorkspaces>>['ws']
let other: Awaited<ReturnType<typeof twoWorkspaces>>['other']
let admin: TestClient
let artist: TestClient
let otherAdmin: TestClient

beforeAll(async () => {
  t = await createTestApp()
  ;({ ws, other, admin, artist, otherAdmin } = await twoWorkspaces(t, 'acme', 'globex'))
})
afterAll(() => t.close())

const HEADER = 'upc,owner_email,release_title,release_type,catalog_number,label,primary_genre,release_date,c_line,c_year,artists'
const file = (text: string, filename = 'releases.csv') => ({ file: { filename, data: Buffer.from(text), contentType: 'text/csv' } })

async function importFile(client: TestClient, text: string, filename?: string) {
  const accepted = await client.ok('releaseImport.upload', { multipart: { files: file(text, filename) } })
  expect(accepted.status).toBe('uploaded')
  await t.services.jobs.drain()
  return client.ok('releaseImport.single', { params: { id: accepted.id } })
}

const tenantReleases = async (tenantId: number) => t.services.db.select().from(releases).where(eq(releases.tenantId, tenantId))

describe('release metadata import (releases/import)', () => {
  it('creates new UPCs as drafts, updates releases not yet in the stores, lists each bad row with its reason, and runs again safely', async () => {
    const { release: draft } = await createRelease(t.services, {
      tenantId: ws.tenant.id,
      accountId: ws.artist.id,
      title: 'Harbour Lihgts',
      status: 0,
      upc: upc(1),
      label: 'Acme Records',
    })
    const { release: live } = await createRelease(t.services, {
      tenantId: ws.tenant.id,
      accountId: ws.artist.id,
      title: 'Night Bus',
      status: 1,
      upc: upc(2),
    })
    const { release: liveSame } = await createRelease(t.services, {
      tenantId: ws.tenant.id,
      accountId: ws.artist.id,
      title: 'Undertow',
      status: 1,
      upc: upc(4),
    })
    await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Owned', status: 0, upc: upc(3) })
    // Another workspace's release: its UPC is no release of this workspace.
    const { release: elsewhere } = await createRelease(t.services, {
      tenantId: other.tenant.id,
      accountId: other.artist.id,
      title: 'Elsewhere',
      status: 0,
      upc: upc(9),
    })
    const text = [
      HEADER,
      // line 2: the draft (EAN-13 spelling of its UPC-A): title fixed, label changed, catalogue number added.
      `0${upc(1)},,Harbour Lights,,ACME-001,Acme Music,,,,,`,
      // line 3: a live release whose title differs: refused.
      `${upc(2)},,Night Bus (Remastered),,,,,,,,`,
      // line 4: a live release, nothing differs: unchanged.
      `${upc(4)},artist@acme.test,Undertow,,,,,,,,`,
      // line 5: a new UPC: a draft of the artist.
      `${upc(5)},artist@acme.test,Sea Glass,EP,ACME-002,Acme Records,Pop,2026-06-01,2026 Acme Records,2026,Nina Vale; Kofi`,
      // line 6: the same release again (as the release export repeats it per track).
      `${upc(5)},artist@acme.test,Sea Glass,EP,ACME-002,Acme Records,Pop,2026-06-01,2026 Acme Records,2026,Nina Vale; Kofi`,
      // line 7: the same UPC with other fields.
      `${upc(5)},artist@acme.test,Sea Glass (Deluxe),EP,,Acme Records,Pop,2026-06-01,,,Nina Vale`,
      // line 8: a wrong check digit.
      `123456789013,artist@acme.test,Broken,Single,,Acme Records,Pop,2026-06-01,,,Nina Vale`,
      // line 9: a new UPC without its label.
      `${upc(6)},artist@acme.test,No Label,Single,,,Pop,2026-06-01,,,Nina Vale`,
      // line 10: an account of no one.
      `${upc(7)},nobody@acme.test,Ghost,Single,,Acme Records,Pop,2026-06-01,,,Nina Vale`,
      // line 11: a genre the stores do not know, and a bad date.
      `${upc(8)},artist@acme.test,Odd,Single,,Acme Records,Zydeco-ish,2026-02-30,,,Nina Vale`,
      // line 12: the other workspace's UPC, without an owner: no release here to update.
      `${upc(9)},,Stolen Title,,,,,,,,`,
      // line 13: a release belonging to another account than the one named.
      `${upc(3)},label@acme.test,Owned,,,,,,,,`,
    ].join('\n')
    const done = await importFile(admin, text)
    expect(done).toMatchObject({ status: 'committed', rows: 12, created: 1, updated: 1, unchanged: 2, failed: 8, progress: 1, error: null })

    const failed = await admin.ok('releaseImport.rows', { query: { id: done.id } })
    expect(failed.data.map((row) => [row.csvRow, row.result, row.message])).toEqual([
      [3, 'failed', 'The release is Live / Delivered: its metadata changes through an edit request once it is in the stores'],
      [7, 'failed', 'Same UPC as line 5 with other release fields'],
      [8, 'failed', 'UPC check digit is wrong'],
      [9, 'failed', 'No release has this UPC; a new one needs label'],
      [10, 'failed', 'No account with this email in the workspace'],
      [11, 'failed', 'The genre "Zydeco-ish" is not one the stores know; The release date must be a date like 2026-05-01'],
      [12, 'failed', 'No release has this UPC; a new one needs owner_email, artists, label, primary_genre, release_date'],
      [13, 'failed', 'This UPC is a release of another account: move it with a transfer, not an import'],
    ])
    const all = await admin.ok('releaseImport.rows', { query: { id: done.id, filter: 'all' } })
    const made = (await tenantReleases(ws.tenant.id)).find((release) => release.upc === upc(5))!
    expect(all.data.filter((row) => row.result !== 'failed').map((row) => [row.csvRow, row.result, row.releaseId, row.message])).toEqual([
      [2, 'updated', draft.id, null],
      [4, 'unchanged', liveSame.id, null],
      [5, 'created', made.id, null],
      [6, 'unchanged', null, 'Same release as line 5'],
    ])

    expect(made).toMatchObject({
      accountId: ws.artist.id,
      status: 0,
      title: 'Sea Glass',
      type: 'EP',
      catalogNumber: 'ACME-002',
      label: 'Acme Records',
      primaryGenre: 'Pop',
      releaseDate: '2026-06-01',
      cLine: '2026 Acme Records',
      cYear: 2026,
      artists: ['Nina Vale', 'Kofi'],
      artistText: 'Nina Vale, Kofi',
      trackCount: 0,
    })
    const [updated] = await t.services.db.select().from(releases).where(eq(releases.id, draft.id))
    expect(updated).toMatchObject({
      title: 'Harbour Lights',
      label: 'Acme Music',
      catalogNumber: 'ACME-001',
      status: 0,
      releaseDate: draft.releaseDate,
    })
    const [untouched] = await t.services.db.select().from(releases).where(eq(releases.id, live.id))
    expect(untouched.title).toBe('Night Bus')
    const [theirs] = await t.services.db.select().from(releases).where(eq(releases.id, elsewhere.id))
    expect(theirs.title).toBe('Elsewhere')

    // One audit row per release changed: the update with its before and after, the creation.
    const audited = await t.services.db.select().from(auditLog).where(eq(auditLog.action, 'release.imported'))
    expect(audited.map((entry) => [entry.entityId, entry.before])).toEqual(
      expect.arrayContaining([
        [String(draft.id), { title: 'Harbour Lihgts', label: 'Acme Records', catalogNumber: '' }],
        [String(made.id), null],
      ]),
    )
    expect(audited).toHaveLength(2)

    // Again: nothing is made twice, nothing changes; the bad rows are still listed.
    const count = (await tenantReleases(ws.tenant.id)).length
    const again = await importFile(admin, text)
    expect(again).toMatchObject({ status: 'committed', rows: 12, created: 0, updated: 0, unchanged: 4, failed: 8 })
    expect(await tenantReleases(ws.tenant.id)).toHaveLength(count)
    expect(await t.services.db.select().from(auditLog).where(eq(auditLog.action, 'release.imported'))).toHaveLength(2)

    const history = await admin.ok('releaseImport.history', { query: {} })
    expect(history.data.map((row) => [row.id, row.fileName, row.rows, row.status])).toEqual([
      [again.id, 'releases.csv', 12, 'committed'],
      [done.id, 'releases.csv', 12, 'committed'],
    ])
    // Staff of the workspace only.
    expect((await otherAdmin.call('releaseImport.single', { params: { id: done.id } })).status).toBe(404)
    expect((await otherAdmin.call('releaseImport.rows', { query: { id: done.id } })).status).toBe(404)
    expect((await otherAdmin.ok('releaseImport.history', { query: {} })).data).toEqual([])
    expect((await artist.call('releaseImport.history', { query: {} })).status).toBe(403)
    expect((await artist.call('releaseImport.upload', { multipart: { files: file(text) } })).status).toBe(403)
  })

  it('reads back its own release export unchanged (one row per track)', async () => {
    const { release } = await createRelease(
      t.services,
      {
        tenantId: ws.tenant.id,
        accountId: ws.label.id,
        title: 'Round Trip',
        status: 0,
        upc: upc(20),
        label: 'Acme',
        primaryGenre: 'Rock',
        catalogNumber: 'RT-1',
      },
      [{ isrc: 'GBAAA2600201' }, { isrc: 'GBAAA2600202' }],
    )
    const queued = await admin.ok('exports.release', { params: { id: release.id } })
    await t.services.jobs.drain()
    const exported = (await admin.call('exports.file', { params: { id: queued.id } })).response.body as string
    const done = await importFile(admin, exported, 'release-export.csv')
    expect(done).toMatchObject({ status: 'committed', rows: 2, created: 0, updated: 0, unchanged: 2, failed: 0 })
    const [after] = await t.services.db.select().from(releases).where(eq(releases.id, release.id))
    expect(after.updatedAt.getTime()).toBe(release.updatedAt.getTime())
    expect(await t.services.db.select().from(tracks).where(eq(tracks.releaseId, release.id))).toHaveLength(2)
  })

  it('a run that died is run again from the start without making a release twice', async () => {
    const text = [HEADER, `${upc(30)},artist@acme.test,Rerun,Single,,Acme Records,Pop,2026-07-01,,,Nina Vale`].join('\n')
    const done = await importFile(admin, text)
    expect(done).toMatchObject({ created: 1 })
    // As if the worker died after the chunk committed but before the import was marked done.
    await t.services.db.update(releaseImports).set({ status: 'parsing' }).where(eq(releaseImports.id, done.id))
    await runReleaseImport(t.services, ws.tenant.id, done.id)
    expect(await admin.ok('releaseImport.single', { params: { id: done.id } })).toMatchObject({
      status: 'committed',
      rows: 1,
      created: 0,
      unchanged: 1,
    })
    const made = await t.services.db
      .select()
      .from(releases)
      .where(and(eq(releases.tenantId, ws.tenant.id), eq(releases.upc, upc(30))))
    expect(made).toHaveLength(1)
  })

  it('says what is wrong with a whole file: no UPC column, no rows, no file, not text', async () => {
    expect(await importFile(admin, 'title,label\nA,B')).toMatchObject({
      status: 'failed',
      error: 'The CSV needs a upc column (UPC, EAN or Barcode).',
    })
    expect(await importFile(admin, HEADER)).toMatchObject({ status: 'failed', error: 'The CSV has no rows.' })
    expect((await admin.call('releaseImport.upload', { multipart: { files: {} } })).status).toBe(400)
    const binary = {
      file: { filename: 'x.csv', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 1, 2, 3]), contentType: 'text/csv' },
    }
    expect((await admin.call('releaseImport.upload', { multipart: { files: binary } })).status).toBe(415)
  })
})
