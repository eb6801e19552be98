import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { twoWorkspaces } from '../helpers/fixtures'
import { createRelease, upc } from './releases-fixtures'
import { auditLog, releases, tracks } from '../../src/server/db/schema'
import { LOW_POOL_THRESHOLD } from '../../src/contract/catalogue-ops'

let t: TestApp
let ws: Awaited<ReturnType<typeof twoWorkspaces>>['ws']
let admin: TestClient
let artist: TestClient
let otherAdmin: TestClient

const file = (text: string, filename = 'codes.csv') => ({ file: { filename, data: Buffer.from(text), contentType: 'text/csv' } })
const isrc = (n: number) => `GBAAA26${String(n).padStart(5, '0')}`

beforeAll(async () => {
  t = await createTestApp()
  ;({ ws, admin, artist, otherAdmin } = await twoWorkspaces(t, 'acme', 'globex'))
})
afterAll(() => t.close())

describe('UPC pool import', () => {
  it('stores valid new codes once and reports invalid codes and duplicates with their line', async () => {
    const onRelease = upc(900)
    await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, upc: onRelease })
    const text = ['UPC', upc(1), upc(2), '123456789013', upc(1), `0${onRelease}`, 'abc', upc(3)].join('\n')
    const result = await admin.ok('codes.importUpc', { multipart: { files: file(text, 'upcs.csv') } })
    expect(result).toMatchObject({ kind: 'upc', mode: 'pool', rows: 7, imported: 3, duplicates: 2, invalid: 2 })
    expect(result.problems).toEqual([
      { line: 4, value: '123456789013', reason: 'UPC check digit is wrong' },
      { line: 5, value: upc(1), reason: 'Same code as line 2' },
      { line: 7, value: 'abc', reason: 'UPC must be 12 or 13 digits' },
      { line: 6, value: `0${onRelease}`, reason: expect.stringMatching(/^Already the UPC of release #\d+$/) },
    ])
    expect(result.pool).toEqual({ kind: 'upc', total: 3, left: 3, assigned: 0, low: true })

    // The same file again: nothing new, every code is already in the pool (a UPC-A and its EAN-13 are one code).
    const again = await admin.ok('codes.importUpc', { multipart: { files: file(`0${upc(2)}\n${upc(1)}`) } })
    expect(again).toMatchObject({
      imported: 0,
      duplicates: 2,
      problems: [{ reason: 'Already in the pool' }, { reason: 'Already in the pool' }],
    })

    const history = await admin.ok('codes.upcHistory', { query: {} })
    expect(history.data.map((row) => [row.fileName, row.rows, row.imported, row.duplicates, row.invalid])).toEqual([
      ['codes.csv', 2, 0, 2, 0],
      ['upcs.csv', 7, 3, 2, 2],
    ])
    expect(history.data[0].createdBy?.name).toBeTruthy()
    const audited = await t.services.db.select().from(auditLog).where(eq(auditLog.action, 'codes.pool_imported'))
    expect(audited).toHaveLength(2)
  })

  it('is for staff of the workspace only, and needs a file that is text', async () => {
    expect((await artist.call('codes.importUpc', { multipart: { files: file(upc(5)) } })).status).toBe(403)
    const missing = await admin.call('codes.importUpc', { multipart: { fields: {} } })
    expect(missing.status).toBe(400)
    expect(missing.error.errors?.file).toBe('Please provide the file.')
    const binary = await admin.call('codes.importUpc', {
      multipart: { files: { file: { filename: 'x.csv', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]) } } },
    })
    expect(binary.status).toBe(415)
    // Another workspace's pool is its own: the same code is new there.
    const there = await otherAdmin.ok('codes.importUpc', { multipart: { files: file(upc(1)) } })
    expect(there.imported).toBe(1)
    const pools = await admin.ok('codes.pools')
    expect(pools.data.find((pool) => pool.kind === 'upc')).toMatchObject({ total: 3, left: 3 })
    expect(pools.threshold).toBe(LOW_POOL_THRESHOLD)
  })
})

describe('ISRC pool import', () => {
  it('adds a range from a registrant code and year, and codes from a file, reporting overlaps', async () => {
    const result = await admin.ok('codes.importIsrc', {
      multipart: {
        fields: { registrant: 'GB-AAA', year: '26', from: '1', to: '150' },
        files: file(`${isrc(150)}\nus-rc1-76-07839\nUSRC1760783\n`, 'isrc.txt'),
      },
    })
    expect(result).toMatchObject({ rows: 153, imported: 151, duplicates: 1, invalid: 1 })
    expect(result.problems).toEqual([
      { line: 3, value: 'USRC1760783', reason: 'ISRC must look like CC-XXX-YY-NNNNN' },
      { line: 150, value: isrc(150), reason: 'Same code as line 1' },
    ])
    expect(result.pool).toEqual({ kind: 'isrc', total: 151, left: 151, assigned: 0, low: false })
    const history = await admin.ok('codes.isrcHistory', { query: {} })
    expect(history.data[0].fileName).toBe('isrc.txt + GBAAA-26 1–150')
  })

  it('refuses half a range, a backwards range and an empty request', async () => {
    const half = await admin.call('codes.importIsrc', { multipart: { fields: { registrant: 'GBAAA' } } })
    expect(half.status).toBe(400)
    expect(half.error.errors?.registrant).toMatch(/needs the registrant code/)
    const backwards = await admin.call('codes.importIsrc', {
      multipart: { fields: { registrant: 'GBAAA', year: '26', from: '9', to: '2' } },
    })
    expect(backwards.error.errors?.to).toBe('The last code comes before the first')
    const nothing = await admin.call('codes.importIsrc', { multipart: { fields: {} } })
    expect(nothing.status).toBe(400)
    expect(nothing.error.errors?.file).toBe('Please provide the file or a range.')
  })
})

async function draftWithTracks(title: string, count: number) {
  const draft = await admin.ok('releases.albumDetails', {
    body: { userId: ws.artist.id, title, releaseDate: '2027-03-01', primaryGenre: 'Pop', label: 'Acme Records' },
  })
  await admin.ok('releases.albumTracks', {
    body: { releaseId: draft.id, tracks: Array.from({ length: count }, (_, index) => ({ title: `${title} ${index + 1}` })) },
  })
  return draft.id
}

describe('codes at submission', () => {
  it('gives 20 concurrent submissions distinct codes from the pools, inside their transactions', async () => {
    const ids: number[] = []
    for (let index = 0; index < 20; index += 1) ids.push(await draftWithTracks(`Concurrent ${index}`, 2))
    const upcPool = (await admin.ok('codes.pools')).data.find((pool) => pool.kind === 'upc')!
    // Fewer UPCs than releases: the first come get one, the rest stay blank, none is shared.
    const more = Array.from({ length: 20 - upcPool.left - 3 }, (_, index) => upc(100 + index)).join('\n')
    await admin.ok('codes.importUpc', { multipart: { files: file(more) } })

    const answers = await Promise.all(ids.map((id) => admin.call('releases.albumDetails', { body: { releaseId: id, submit: true } })))
    for (const answer of answers) expect(answer.status).toBe(200)

    const rows = await t.services.db
      .select({ id: releases.id, upc: releases.upc, status: releases.status })
      .from(releases)
      .where(inArray(releases.id, ids))
    const upcs = rows.map((row) => row.upc).filter((value): value is string => value !== null)
    expect(rows.every((row) => row.status === 2)).toBe(true)
    expect(upcs).toHaveLength(17)
    expect(new Set(upcs).size).toBe(17)
    const trackRows = await t.services.db.select({ isrc: tracks.isrc }).from(tracks).where(inArray(tracks.releaseId, ids))
    const isrcs = trackRows.map((row) => row.isrc)
    expect(isrcs.every((value) => value !== null && /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(value))).toBe(true)
    expect(new Set(isrcs).size).toBe(40)

    const pools = (await admin.ok('codes.pools')).data
    expect(pools.find((pool) => pool.kind === 'upc')).toMatchObject({ left: 0, assigned: 17, low: true })
    expect(pools.find((pool) => pool.kind === 'isrc')).toMatchObject({ left: 111, assigned: 40 })
    // The release's history says which codes it was given.
    const given = answers.find((answer) => answer.data.upc)!
    const history = await t.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(given.data.id)))
    expect(history.find((row) => row.action === 'release.submitted')?.after).toMatchObject({ upc: given.data.upc })
  })

  it('keeps a code the release already has and leaves the pool untouched', async () => {
    const id = await draftWithTracks('Coded', 1)
    await admin.ok('releases.albumDetails', { body: { releaseId: id, upc: upc(777) } })
    await admin.ok('codes.importUpc', { multipart: { files: file(upc(778)) } })
    const submitted = await admin.ok('releases.albumDetails', { body: { releaseId: id, submit: true } })
    expect(submitted.upc).toBe(upc(777))
    expect((await admin.ok('codes.pools')).data.find((pool) => pool.kind === 'upc')).toMatchObject({ left: 1 })
  })
})

describe('codes given from a CSV', () => {
  it('gives UPCs to releases: good rows saved, bad rows listed, the same file can run again', async () => {
    const a = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'A' })
    const b = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'B' })
    const coded = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'C', upc: upc(501) })
    const pooledCode = upc(778) // free in the pool: given here, the pool must never hand it out again
    const csv = [
      'release_id,upc',
      `${a.release.id},${upc(500)}`,
      `${b.release.id},${pooledCode}`,
      `${coded.release.id},${upc(502)}`,
      `999999,${upc(503)}`,
      `${a.release.id},${upc(504)}`,
      `x,${upc(505)}`,
      `${a.release.id},123`,
    ].join('\n')
    const result = await admin.ok('codes.assignUpc', { multipart: { files: file(csv, 'release-upcs.csv') } })
    expect(result).toMatchObject({ kind: 'upc', mode: 'assign', rows: 7, imported: 2 })
    expect(result.problems.map((problem) => [problem.line, problem.reason])).toEqual([
      [6, 'Same release as line 2'],
      [7, 'The release id must be a whole number'],
      [8, 'UPC must be 12 or 13 digits'],
      [4, `Already has UPC ${upc(501)}`],
      [5, 'No such release in this workspace'],
    ])
    const saved = await t.services.db
      .select({ id: releases.id, upc: releases.upc })
      .from(releases)
      .where(inArray(releases.id, [a.release.id, b.release.id]))
    expect(Object.fromEntries(saved.map((row) => [row.id, row.upc]))).toEqual({ [a.release.id]: upc(500), [b.release.id]: pooledCode })
    expect((await admin.ok('codes.pools')).data.find((pool) => pool.kind === 'upc')).toMatchObject({ left: 0 })

    const again = await admin.ok('codes.assignUpc', { multipart: { files: file(csv) } })
    expect(again.imported).toBe(2)
    const history = await admin.ok('codes.upcHistory', { query: {} })
    expect(history.data[1]).toMatchObject({ mode: 'assign', fileName: 'release-upcs.csv', imported: 2 })
    // Each release given a code has its own audit row.
    const audited = await t.services.db.select().from(auditLog).where(eq(auditLog.action, 'codes.assigned'))
    expect(audited.map((row) => row.entityId).sort()).toEqual([String(a.release.id), String(b.release.id)].sort())
  })

  it('gives ISRCs to tracks and refuses a code another track has, or another workspace’s track', async () => {
    const mine = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id }, [{}, { isrc: 'FRZZZ2600001' }])
    const csv = ['track_id,isrc', `${mine.tracks[0].id},FR-ZZZ-26-00001`, `${mine.tracks[0].id + 100000},FRZZZ2600002`].join('\n')
    const first = await admin.ok('codes.assignIsrc', { multipart: { files: file(csv) } })
    expect(first.imported).toBe(0)
    expect(first.problems.map((problem) => problem.reason)).toEqual([
      expect.stringMatching(/^Already the ISRC of track #\d+$/),
      'No such track in this workspace',
    ])
    const theirs = await otherAdmin.ok('codes.assignIsrc', {
      multipart: { files: file(`track_id,isrc\n${mine.tracks[0].id},FRZZZ2600003`) },
    })
    expect(theirs.problems[0].reason).toBe('No such track in this workspace')
    const ok = await admin.ok('codes.assignIsrc', { multipart: { files: file(`track_id,isrc\n${mine.tracks[0].id},frzzz2600004`) } })
    expect(ok.imported).toBe(1)
    const [track] = await t.services.db.select({ isrc: tracks.isrc }).from(tracks).where(eq(tracks.id, mine.tracks[0].id))
    expect(track.isrc).toBe('FRZZZ2600004')
  })
})
