import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { twoWorkspaces } from '../helpers/fixtures'
import { createRelease, upc } from './releases-fixtures'
import { releaseDateOf } from '../../src/domains/catalogue-ops/server/validation.service'

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

const HEADER = 'UPC,Release Title,Release Artist,Label,Release Date,Track Title,ISRC'
const csv = (lines: string[], filename = 'audiosalad-catalog.csv') => ({
  file: { filename, data: Buffer.from([HEADER, ...lines].join('\n')), contentType: 'text/csv' },
})

async function validate(client: TestClient, lines: string[], header?: string) {
  const files = header
    ? { file: { filename: 'x.csv', data: Buffer.from([header, ...lines].join('\n')), contentType: 'text/csv' } }
    : csv(lines)
  const accepted = await client.ok('validation.upload', { multipart: { files } })
  expect(accepted.status).toBe('uploaded')
  await t.services.jobs.drain()
  return client.ok('validation.single', { params: { id: accepted.id } })
}

describe('AudioSalad validation', () => {
  it('lists per release what is missing on either side and which fields and ISRCs differ, and exports them', async () => {
    const { release: harbour } = await createRelease(
      t.services,
      {
        tenantId: ws.tenant.id,
        accountId: ws.artist.id,
        title: 'Harbour Lights',
        status: 4,
        upc: upc(1),
        artists: ['Nina Vale', 'Kofi'],
        label: 'Acme Records',
        releaseDate: '2026-05-01',
      },
      [{ isrc: 'GBAAA2600001' }, { isrc: 'GBAAA2600002' }],
    )
    const { release: nightBus } = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Night Bus', status: 1, upc: upc(2) })
    // A draft has not gone out: AudioSalad need not have it.
    await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Drafty', status: 0, upc: upc(3) })
    // Another workspace's release with the file's unknown UPC does not count.
    await createRelease(t.services, { tenantId: other.tenant.id, accountId: other.artist.id, title: 'Elsewhere', status: 4, upc: upc(9) })

    const done = await validate(admin, [
      // Case and spacing, artist order and "&", the US date form: all agree. The label and one ISRC do not.
      `${upc(1)},harbour  LIGHTS,Kofi & Nina Vale,Other Label,05/01/2026,Harbour Lights,GB-AAA-26-00001`,
      `0${upc(1)},harbour  LIGHTS,Kofi & Nina Vale,Other Label,05/01/2026,Undertow,GBAAA2600003`,
      `${upc(9)},Ghost Release,Someone,Acme Records,2026-01-01,Ghost,GBAAA2600009`,
    ])
    expect(done).toMatchObject({ status: 'done', rows: 3, releases: 3, mismatchedReleases: 3, mismatches: 4, progress: 1, error: null })

    const list = await admin.ok('validation.mismatches', { query: { id: done.id } })
    expect(list.data.map((row) => [row.upc, row.releaseId, row.kind, row.ours, row.theirs])).toEqual([
      [`0${upc(1)}`, harbour.id, 'label', 'Acme Records', 'Other Label'],
      [`0${upc(1)}`, harbour.id, 'isrcs', 'GBAAA2600002', 'GBAAA2600003'],
      [`0${upc(2)}`, nightBus.id, 'missing_there', 'Night Bus', null],
      [`0${upc(9)}`, null, 'missing_here', null, 'Ghost Release'],
    ])
    expect((await admin.ok('validation.mismatches', { query: { id: done.id, kind: 'missing_here' } })).data).toHaveLength(1)

    const download = await admin.call('validation.download', { query: { id: done.id } })
    expect(download.status).toBe(200)
    expect(download.response.headers['content-type']).toMatch(/text\/csv/)
    const lines = (download.response.body as string).trim().split('\r\n')
    expect(lines[0]).toBe('upc,release_id,release_title,mismatch,ours,audiosalad')
    expect(lines).toContain(`0${upc(1)},${harbour.id},Harbour Lights,Label,Acme Records,Other Label`)
    expect(lines).toContain(`0${upc(9)},,Ghost Release,Not in our catalogue,,Ghost Release`)

    const history = await admin.ok('validation.history', { query: {} })
    expect(history.data[0]).toMatchObject({ id: done.id, fileName: 'audiosalad-catalog.csv', mismatches: 4 })
    // Staff of the workspace only.
    expect((await otherAdmin.call('validation.single', { params: { id: done.id } })).status).toBe(404)
    expect((await otherAdmin.call('validation.mismatches', { query: { id: done.id } })).status).toBe(404)
    expect((await artist.call('validation.history', { query: {} })).status).toBe(403)
  })

  it('says what is wrong with a file: no UPC column, a bad UPC with its line, no file', async () => {
    const noUpc = await validate(admin, ['Harbour Lights,GBAAA2600001'], 'Title,ISRC')
    expect(noUpc).toMatchObject({ status: 'failed', error: 'The CSV needs a UPC column (UPC, EAN or Barcode).' })
    const badUpc = await validate(admin, [`123456789013,Broken,A,L,2026-01-01,T,GBAAA2600001`])
    expect(badUpc.status).toBe('failed')
    expect(badUpc.error).toMatch(/^Rows without a valid UPC: line 2: /)
    const missing = await admin.call('validation.upload', { multipart: { files: {} } })
    expect(missing.status).toBe(400)
  })

  it('reads the date spellings exports use', () => {
    expect(['2026-05-01', '2026/5/1', '05/01/2026', '01.05.2026', '2026-05-01T00:00:00Z'].map(releaseDateOf)).toEqual(Array(5).fill('2026-05-01'))
    expect(releaseDateOf('soon')).toBe('soon')
  })
})
