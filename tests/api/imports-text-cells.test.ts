import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import { dryRun, expectStatus, statementFile } from './imports-helpers'

// The lines go to the database as array literals built by the importer (not the driver): every
// character a title or channel may hold must come back exactly as the file had it.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  await createWorkspace(t.services, 'acme')
})
afterAll(() => t.close())

describe('statement text cells', () => {
  it('keeps quotes, backslashes, braces, separators, NULL and empty cells exactly', async () => {
    const titles = ['Say "hi", {again}', 'C:\\path\\"x"', 'NULL', '', 'Ünïcødé 🎵 \\', 'two\nlines']
    const csv = [
      'Month,Asset Title,Artist,ISRC,Country,Content Type,Owned Views,Partner Revenue',
      ...titles.map((title, index) => `2026-04,"${title.replace(/"/g, '""')}",A\\B,QZAAA260000${index},US,"{Ads}, ""x""",1,1.5`),
    ].join('\n')
    const admin = await signedIn(t.app, 'admin@acme.test')
    const upload = await admin.call('earnings.importCms', {
      multipart: { fields: { period: '2026-04' }, files: statementFile(csv, 'text-cells.csv') },
    })
    expect(upload.status).toBe(202)
    const detail = await dryRun(t, admin, upload.data.id)
    expectStatus(detail, 'review')
    expect(detail.rows).toBe(titles.length)
    const lines = await admin.ok('earnings.importLines', { params: { id: detail.id }, query: {} })
    expect(lines.data.map((line) => line.title)).toEqual(titles.map((title) => title || null))
    expect(new Set(lines.data.map((line) => line.artist))).toEqual(new Set(['A\\B']))
    expect(new Set(lines.data.map((line) => line.channel))).toEqual(new Set(['{Ads}, "x"']))
    expect(lines.data.map((line) => line.netBase)).toEqual(titles.map(() => '1.500000'))
  })
})
