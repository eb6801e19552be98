import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import { createRelease, upc } from './releases-fixtures'
import { dryRun, expectStatus, lineCount, statementFile } from './imports-helpers'
import { rawData } from '../../src/domains/earnings/server/imports/raw-rows'
import { sumMoney } from '../../src/core/decimal'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
const RELEASE_UPC = upc(4242)

beforeAll(async () => {
  t = await createTestApp()
  ws = await createWorkspace(t.services, 'acme')
  await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Night Drive', upc: RELEASE_UPC }, [
    { isrc: 'USWL12600001' },
    { isrc: 'USWL12600002' },
  ])
  await t.services.db.execute(
    sql`insert into exchange_rates (tenant_id, currency, period, rate) values (${ws.tenant.id}, 'EUR', '2026-04-01', '1.1000000000')`,
  )
})
afterAll(() => t.close())

const CMS = [
  'Month,Asset ID,Asset Title,Artist,ISRC,UPC,Country,Content Type,Owned Views,Partner Revenue',
  '2026-04,A1,Night Drive 1,Test Artist,US-WL1-26-00001,,US,Ads,1000,12.345678',
  '2026-04,A2,Night Drive 2,Test Artist,uswl12600002,,GB,Subscription,"1,500",0.654322',
  `2026-04,A3,Album art track,Test Artist,,${RELEASE_UPC},DE,Art Track,10,1.000000`,
  '2026-04,A4,Someone else,Other,QZAAA2600001,,FR,UGC,5,2.5',
].join('\n')

describe('statement upload and dry run', () => {
  it('reads a YouTube CMS report: rows, totals, matches by ISRC and UPC, unmatched lines, channels', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    const upload = await admin.call('earnings.importCms', {
      multipart: { fields: { period: '2026-04' }, files: statementFile(CMS, 'cms-2026-04.csv') },
    })
    expect(upload.status).toBe(202)
    expect(upload.data.status).toBe('uploaded')
    const detail = await dryRun(t, admin, upload.data.id)
    expectStatus(detail, 'review')
    expect(detail).toMatchObject({
      fileName: 'cms-2026-04.csv',
      period: '2026-04',
      currency: 'USD',
      rate: '1.0000000000',
      rows: 4,
      matched: 3,
      unmatched: 1,
    })
    expect(detail.netBase).toBe('16.500000')
    const report = detail.report!
    expect(report.matched).toEqual({ isrc: 2, upc: 1, manual: 0 })
    expect(report.matchRate).toMatchObject({ isrc: 50, upc: 25, total: 75 })
    expect(report.unmatched).toEqual({ rows: 1, net: '2.500000' })
    expect(report.topUnmatched[0]).toMatchObject({ key: 'QZAAA2600001', kind: 'isrc', title: 'Someone else', rows: 1 })
    expect(report.channels.map((channel) => channel.channel).sort()).toEqual(['Ads', 'Art Track', 'Subscription', 'UGC'])
    expect(detail.commitBlocked).toBeNull()
    const unmatched = await admin.ok('earnings.importLines', { params: { id: detail.id }, query: { filter: 'unmatched' } })
    expect(unmatched.data.map((line) => line.isrc)).toEqual(['QZAAA2600001'])
    const all = await admin.ok('earnings.importLines', { params: { id: detail.id }, query: {} })
    expect(all.data[0]).toMatchObject({
      lineNo: 2,
      isrc: 'USWL12600001',
      matchedBy: 'isrc',
      territory: 'US',
      quantity: 1000,
      netBase: '12.345678',
    })
    expect(all.data[1].quantity).toBe(1500)
    expect(all.data[2]).toMatchObject({ matchedBy: 'upc', track: null, release: { title: 'Night Drive' } })
    // The palette finds it by file name or id.
    const byName = await admin.ok('search.query', { query: { q: 'cms-2026', kinds: 'statementImport' } })
    expect(byName.hits[0]).toMatchObject({ kind: 'statementImport', id: detail.id, title: 'cms-2026-04.csv' })
    expect(byName.hits[0].subtitle).toBe(`Import #${detail.id} · YouTube CMS · 2026-04 · Dry run ready · 4 rows`)
    const byId = await admin.ok('search.query', { query: { q: `import:${detail.id}`, kinds: 'statementImport' } })
    expect(byId.hits.map((hit) => hit.id)).toEqual([detail.id])
  })

  it('matches a key remembered from a manual match on later statements', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    const { rows } = await t.services.db.execute<{ id: number; release_id: number }>(
      sql`select id, release_id from tracks where isrc = 'USWL12600002'`,
    )
    await t.services.db.execute(sql`
      insert into statement_manual_matches (tenant_id, key_kind, key, track_id, release_id)
      values (${ws.tenant.id}, 'isrc', 'QZMAN2600001', ${rows[0].id}, ${rows[0].release_id})`)
    const text = 'ISRC,Partner Revenue\nQZMAN2600001,2.00\nQZNONE000001,1.00\n'
    const upload = await admin.ok('earnings.importCms', { multipart: { fields: { period: '2025-12' }, files: statementFile(text) } })
    const detail = await dryRun(t, admin, upload.id)
    expect(detail.report!.matched).toEqual({ isrc: 0, upc: 0, manual: 1 })
    const lines = await admin.ok('earnings.importLines', { params: { id: upload.id }, query: { filter: 'matched' } })
    expect(lines.data[0]).toMatchObject({ isrc: 'QZMAN2600001', matchedBy: 'manual', track: { id: rows[0].id } })
  })

  it('converts another currency with the rate of its period, and fails clearly without one', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    const file =
      'Sale Month,Store,Country,UPC,ISRC,Track Title,Artist,Quantity,Gross,Net\n2026-04,Spotify,US,,USWL12600001,T,A,10,2.00,1.000000005\n'
    const eur = await admin.ok('earnings.importAudiosalad', {
      multipart: { fields: { period: '2026-04', currency: 'eur' }, files: statementFile(file) },
    })
    const detail = await dryRun(t, admin, eur.id)
    expectStatus(detail, 'review')
    expect(detail).toMatchObject({ currency: 'EUR', rate: '1.1000000000', net: '1.0000000050' })
    // 1.000000005 × 1.1 = 1.1000000055 → 1.100000 (half to even at 6 places)
    expect(detail.netBase).toBe('1.100000')
    const missing = await admin.ok('earnings.importAudiosalad', {
      multipart: { fields: { period: '2026-05', currency: 'EUR' }, files: statementFile(file + '\n', 'may.csv') },
    })
    const failed = await dryRun(t, admin, missing.id)
    expectStatus(failed, 'failed')
    expect(failed.error).toBe('No exchange rate for EUR in 2026-05: add one under Exchange rates')
    expect(await lineCount(t, missing.id)).toBe(0)
  })

  it('accepts a column mapping for a file laid out differently, and lists missing columns with the headers found', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    const text = 'Recording Code,Shop,Amount Due\nUSWL12600002,Deezer,3.25\n'
    const refused = await admin.call('earnings.importAudiosalad', {
      multipart: { fields: { period: '2026-03' }, files: statementFile(text) },
    })
    expect(refused.status).toBe(400)
    expect(refused.error.message).toBe(
      'The file is missing required columns: Net, ISRC or UPC. Headers found: "Recording Code", "Shop", "Amount Due". Map them with a column mapping.',
    )
    const mapping = JSON.stringify({ isrc: 'Recording Code', channel: 'Shop', net: 'Amount Due' })
    const mapped = await admin.ok('earnings.importAudiosalad', {
      multipart: { fields: { period: '2026-03', mapping }, files: statementFile(text) },
    })
    const detail = await dryRun(t, admin, mapped.id)
    expectStatus(detail, 'review')
    expect(detail.report!.channels).toEqual([{ channel: 'Deezer', label: 'Deezer', rows: 1, net: '3.250000' }])
    expect(detail.mapping).toEqual({ isrc: 'Recording Code', channel: 'Shop', net: 'Amount Due' })
    const wrongMapping = await admin.call('earnings.importAudiosalad', {
      multipart: { fields: { period: '2026-03', mapping: JSON.stringify({ net: 'Royalties' }) }, files: statementFile(text + '\n') },
    })
    expect(wrongMapping.status).toBe(400)
    expect(wrongMapping.error.message).toContain('The column mapping names headers the file does not have: Net → "Royalties"')
  })

  it('records bad lines in the report, blocks commit for them, and refuses files that are not CSV', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    const text =
      'ISRC,Net,Quantity,Sale Month\nUSWL12600001,1.5,3,2026-02\nUSWL12600002,abc,1,2026-02\nUSWL12600002,2,1.5,2026-02\nUSWL12600002,2,1,Feb\n'
    const upload = await admin.ok('earnings.importAudiosalad', { multipart: { fields: { period: '2026-02' }, files: statementFile(text) } })
    const detail = await dryRun(t, admin, upload.id)
    expectStatus(detail, 'review')
    expect(detail.rows).toBe(1)
    expect(detail.report!.errors).toEqual({
      count: 3,
      samples: [
        { line: 3, message: 'Net "abc" is not a number' },
        { line: 4, message: 'Quantity "1.5" is not a whole number' },
        { line: 5, message: 'Month "Feb" is not a month like 2026-05' },
      ],
    })
    expect(detail.commitBlocked).toBe('3 lines have errors: cancel this import, fix the file and import it again.')
    const commit = await admin.call('earnings.importCommit', { params: { id: upload.id } })
    expect(commit.status).toBe(409)
    const binary = await admin.call('earnings.importCms', {
      multipart: {
        fields: { period: '2026-02' },
        files: { file: { filename: 'x.csv', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]) } },
      },
    })
    expect(binary.status).toBe(415)
    const badPeriod = await admin.call('earnings.importCms', { multipart: { fields: { period: '2026-13' }, files: statementFile(CMS) } })
    expect(badPeriod.status).toBe(400)
    expect(badPeriod.error.message).toBe('Period must be a month like 2026-05')
  })

  it('refuses a file already imported while that import stands, and keeps imports to admins of the workspace', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    const text = 'ISRC,Partner Revenue\nUSWL12600001,4.00\n'
    const first = await admin.ok('earnings.importCms', { multipart: { fields: { period: '2026-01' }, files: statementFile(text) } })
    const again = await admin.call('earnings.importCms', {
      multipart: { fields: { period: '2026-01' }, files: statementFile(text, 'renamed.csv') },
    })
    expect(again.status).toBe(409)
    expect(again.error.message).toBe(`This file was already imported (import #${first.id}).`)
    const artist = await signedIn(t.app, 'artist@acme.test')
    expect(
      (await artist.call('earnings.importCms', { multipart: { fields: { period: '2026-01' }, files: statementFile('ISRC,Net\nX,1\n') } }))
        .status,
    ).toBe(403)
    expect((await artist.call('earnings.cmsHistory', { query: {} })).status).toBe(403)
    expect((await artist.call('earnings.import', { params: { id: first.id } })).status).toBe(403)
    const other = await createWorkspace(t.services, 'other')
    expect(other.tenant.id).not.toBe(ws.tenant.id)
    const stranger = await signedIn(t.app, 'admin@other.test')
    expect((await stranger.call('earnings.import', { params: { id: first.id } })).status).toBe(404)
    expect((await stranger.call('earnings.importCancel', { params: { id: first.id } })).status).toBe(404)
    expect((await stranger.ok('earnings.cmsHistory', { query: {} })).meta.total).toBe(0)
  })

  it('lists a long statement in file order across its stored blocks and rows, and a hand match shows in place', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    // 4,600 lines: more than two blocks of matched lines, with an unmatched line every ninth.
    const count = 4_600
    const unmatchedAt = (index: number) => index % 9 === 4
    const isrcAt = (index: number) =>
      unmatchedAt(index) ? `QZHND26${String(index % 3).padStart(5, '0')}` : `USWL1260000${(index % 2) + 1}`
    // Titles with multi-byte characters, and quoted ones with a separator, quotes and a line break:
    // matched lines are read back from the file by byte range.
    const titleAt = (index: number) => (index % 5 === 0 ? 'Café, "déjà"\nvu' : index % 7 === 1 ? 'Ñandú ♫' : 'T')
    const cellOf = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)
    const body = Array.from({ length: count }, (_, index) => `2026-03,Spotify,US,,${isrcAt(index)},${cellOf(titleAt(index))},A,1,0.01,0.01`)
    const upload = await admin.ok('earnings.importAudiosalad', {
      multipart: {
        fields: { period: '2026-03' },
        files: statementFile(`Sale Month,Store,Country,UPC,ISRC,Track Title,Artist,Quantity,Gross,Net\n${body.join('\n')}\n`, 'long.csv'),
      },
    })
    const detail = await dryRun(t, admin, upload.id)
    expectStatus(detail, 'review')
    const indexes = Array.from({ length: count }, (_, index) => index)
    const unmatched = indexes.filter(unmatchedAt)
    expect(detail.report!.unmatched.rows).toBe(unmatched.length)
    expect(await lineCount(t, upload.id)).toBe(count)
    const every = async (filter: 'all' | 'matched' | 'unmatched') => {
      const lines = []
      for (let page = 1; ; page += 1) {
        const answer = await admin.ok('earnings.importLines', { params: { id: upload.id }, query: { filter, page, per_page: 500 } })
        lines.push(...answer.data)
        if (page >= answer.meta.last_page) return { lines, total: answer.meta.total }
      }
    }
    const all = await every('all')
    expect(all.total).toBe(count)
    expect(all.lines.map((line) => line.lineNo)).toEqual(indexes.map((index) => index + 2))
    expect(all.lines.map((line) => line.isrc)).toEqual(indexes.map(isrcAt))
    expect(all.lines.map((line) => line.title)).toEqual(indexes.map(titleAt))
    expect(all.lines.filter((line) => line.matchedBy === null).map((line) => line.lineNo)).toEqual(unmatched.map((index) => index + 2))
    expect(all.lines[0]).toMatchObject({
      id: null,
      matchedBy: 'isrc',
      net: '0.010000',
      netBase: '0.010000',
      track: { id: expect.any(Number) },
    })
    const matched = await every('matched')
    expect(matched.total).toBe(count - unmatched.length)
    expect(matched.lines.map((line) => line.lineNo)).toEqual(indexes.filter((index) => !unmatchedAt(index)).map((index) => index + 2))
    expect((await every('unmatched')).total).toBe(unmatched.length)

    // A hand match moves the key's lines into the matched list, in place.
    const { rows } = await t.services.db.execute<{ id: number }>(sql`select id from tracks where isrc = 'USWL12600002'`)
    const key = 'QZHND2600001'
    const keyed = indexes.filter((index) => isrcAt(index) === key)
    await admin.ok('ledger.match', { body: { kind: 'isrc', key, trackId: Number(rows[0].id) } })
    const after = await every('matched')
    expect(after.total).toBe(count - unmatched.length + keyed.length)
    expect(after.lines.find((line) => line.lineNo === keyed[0] + 2)).toMatchObject({ matchedBy: 'manual', id: expect.any(Number) })
    expect(after.lines.map((line) => line.lineNo)).toEqual([...after.lines.map((line) => line.lineNo)].sort((a, b) => a - b))

    // The raw-data report holds every line once, with the import's net.
    const raw = []
    for await (const row of rawData.rows(t.services.db, {
      tenantId: ws.tenant.id,
      accountId: null,
      from: '2026-03-01',
      to: '2026-03-01',
      params: {},
      files: t.services.files,
    }))
      if (Number(row[0]) === upload.id) raw.push(row)
    expect(raw).toHaveLength(count)
    expect(sumMoney(raw.map((row) => String(row[13])))).toBe(detail.netBase)
  })
})
