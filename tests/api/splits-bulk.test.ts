import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { createAccount, createWorkspace, signedIn } from '../helpers/fixtures'
import { createRelease } from './releases-fixtures'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let artist: TestClient
const ISRC = ['USBBB2500001', 'USBBB2500002', 'USBBB2500003', 'USBBB2500004']

beforeAll(async () => {
  t = await createTestApp()
  ws = await createWorkspace(t.services, 'acme')
  const other = await createWorkspace(t.services, 'globex')
  await createAccount(t.services, { tenantId: ws.tenant.id, email: 'friend@acme.test' })
  await createRelease(
    t.services,
    { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Bulk' },
    ISRC.map((isrc) => ({ isrc })),
  )
  await createRelease(t.services, { tenantId: other.tenant.id, accountId: other.artist.id, title: 'Foreign' }, [{ isrc: 'USZZZ2500001' }])
  admin = await signedIn(t.app, 'admin@acme.test')
  artist = await signedIn(t.app, 'artist@acme.test')
})
afterAll(() => t.close())

const csv = (lines: string[]) => ({
  multipart: {
    files: {
      file: { filename: 'splits.csv', data: Buffer.from(['isrc,email,share,starts_on', ...lines].join('\n')), contentType: 'text/csv' },
    },
  },
})

describe('bulk splits', () => {
  it('previews every row with its errors, refuses to submit while any has one, and creates the valid ones when told to skip', async () => {
    const preview = await admin.ok(
      'splits.bulkProcess',
      csv([
        `${ISRC[0]},artist@acme.test,0.3333333334,2025-01`,
        `${ISRC[0]},friend@acme.test,0.3333333333,2025-01`,
        `${ISRC[0]},someone@example.com,0.3333333333,2025-01`,
        `${ISRC[1]},artist@acme.test,0.5,2025-02`,
        `${ISRC[1]},friend@acme.test,0.4,2025-02`,
        `USZZZ2500001,artist@globex.test,1,2025-01`,
        `not-an-isrc,bad-email,abc,January`,
      ]),
    )
    expect(preview).toMatchObject({ kind: 'splits', valid: 3, invalid: 4, splits: 1 })
    expect(preview.rows.map((row) => [row.row, row.errors])).toEqual([
      [2, []],
      [3, []],
      [4, []],
      [5, ["Shares must add up to exactly 100% (this track's add up to 0.9000000000)"]],
      [6, ["Shares must add up to exactly 100% (this track's add up to 0.9000000000)"]],
      [7, ['No track of this workspace has this ISRC']],
      [
        8,
        [
          'ISRC must look like CC-XXX-YY-NNNNN',
          'Email must be valid',
          'Share must be a decimal such as 0.25',
          'starts_on must be a month like 2025-01',
        ],
      ],
    ])
    const refused = await admin.call('splits.bulkSubmit', { body: { token: preview.token } })
    expect(refused.status).toBe(400)
    expect(refused.error.message).toMatch(/4 rows have errors/)

    const done = await admin.ok('splits.bulkSubmit', { body: { token: preview.token, skipInvalid: true } })
    expect(done).toMatchObject({ created: 1, skippedRows: 4 })
    const split = await admin.ok('splits.single', { params: { id: done.splitIds[0] } })
    expect(split).toMatchObject({ title: 'Bulk 1', status: 'pending', batchId: preview.batchId, startsOn: '2025-01' })
    expect(split.payees.map((p) => p.share)).toEqual(['0.3333333334', '0.3333333333', '0.3333333333'])
    expect((await admin.call('splits.bulkSubmit', { body: { token: preview.token } })).status).toBe(409)
  })

  it('gives each track’s creator the rest of a creator split, and changes a whole batch’s status', async () => {
    const preview = await admin.ok(
      'splits.creatorProcess',
      csv([`${ISRC[2]},friend@acme.test,0.25,2024-03`, `${ISRC[3]},friend@acme.test,0.1,2024-03`]),
    )
    expect(preview).toMatchObject({ kind: 'creator', valid: 2, invalid: 0, splits: 2 })
    const done = await admin.ok('splits.creatorSubmit', { body: { token: preview.token } })
    expect(done.created).toBe(2)
    const first = await admin.ok('splits.single', { params: { id: done.splitIds[0] } })
    expect(first.payees.map((p) => [p.email, p.share, p.status])).toEqual([
      ['artist@acme.test', '0.7500000000', 'confirmed'],
      ['friend@acme.test', '0.2500000000', 'invited'],
    ])
    const status = await admin.ok('splits.bulkStatus', { params: { id: done.batchId, status: 'active' } })
    expect(status).toEqual({ changed: 2, refused: [] })
    const again = await admin.ok('splits.bulkStatus', { params: { id: done.batchId, status: 'declined' } })
    expect(again.changed).toBe(0)
    expect(again.refused[0].reason).toMatch(/Only a pending split can be declined/)

    const owner = await admin.ok('splits.creatorProcess', csv([`${ISRC[2]},artist@acme.test,0.5,2025-03`]))
    expect(owner.rows[0].errors).toContain('List only the other payees: the owner (artist@acme.test) keeps the rest')
  })

  it('is for staff only, and refuses files that are not CSV or lack columns', async () => {
    expect((await artist.call('splits.bulkProcess', csv([`${ISRC[0]},artist@acme.test,1,2025-01`]))).status).toBe(403)
    expect((await artist.call('splits.bulkStatus', { params: { id: 1, status: 'active' } })).status).toBe(403)
    const png = await admin.call('splits.bulkProcess', {
      multipart: { files: { file: { filename: 'x.csv', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) } } },
    })
    expect(png.status).toBe(415)
    const columns = await admin.call('splits.bulkProcess', {
      multipart: { files: { file: { filename: 'x.csv', data: Buffer.from('isrc,email\nUSBBB2500001,a@b.co\n') } } },
    })
    expect(columns.status).toBe(400)
    expect(columns.error.message).toMatch(/missing: share, starts_on/)
    expect((await admin.call('splits.bulkStatus', { params: { id: 999999, status: 'active' } })).status).toBe(404)
  })
})
