import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { signedIn, twoWorkspaces, type createWorkspace } from '../helpers/fixtures'
import { jobs } from '../../src/server/db/schema'
import type { LicensingFields } from '../../src/contract/feature-controls'
import { US_STATUTORY_RATES } from '../../src/core/mechanical-rates'
import { auditsOf } from './payouts-fixtures'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let artist: TestClient
let label: TestClient
let otherAdmin: TestClient

beforeAll(async () => {
  t = await createTestApp()
  ;({ ws, admin, artist, otherAdmin } = await twoWorkspaces(t, 'licws', 'licother'))
  label = await signedIn(t.app, 'label@licws.test')
})
afterAll(() => t.close())

let serial = 0
function licence(overrides: Partial<LicensingFields> = {}): LicensingFields {
  serial += 1
  return {
    albumTitle: `Covers Vol ${serial}`,
    albumArtist: 'The Coverers',
    releaseDate: '2023-06-01',
    description: '',
    licensee: { companyName: 'Cover Co', email: 'legal@cover.test', firstName: 'Cleo', lastName: 'Cover', phone1: '+1 555 0100' },
    releases: [
      { formatId: 'physical', formatTitle: 'CD', releaseQuantity: 1000, quantityLicensed: 1000, expectedOutletsOfDistribution: 'Shows, web store' },
      { formatId: 'download', formatTitle: 'Download', releaseQuantity: 0, quantityLicensed: 333, expectedOutletsOfDistribution: 'iTunes' },
    ],
    song: { title: `Old Song ${serial}`, composedBy: 'Wendy Writer', originalRecordingArtist: 'The Originals', publishedBy: 'Pub Ltd', playingSeconds: 210 },
    ...overrides,
  }
}

const request = async (fields: LicensingFields = licence(), client: TestClient = artist) => (await client.ok('licensing.create', { body: fields })).id
const single = async (id: number) => (await admin.ok('licensing.list', { params: { page: 1 }, query: { per_page: 25, search: `#${id}` } })).data[0]
const mailsTo = async (to: string) =>
  (await t.services.db.select().from(jobs).where(eq(jobs.type, 'mail.send')).orderBy(asc(jobs.id)))
    .map((job) => job.payload as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === to)

describe('cover song licensing', () => {
  it('computes royalty owed exactly from the statutory rate in force for each format and the release date', async () => {
    const id = await request()
    const row = await single(id)
    expect(row).toMatchObject({ kind: 'licensing', status: 'pending', title: `Old Song ${serial} (Covers Vol ${serial})` })
    expect(row.fields).toMatchObject({
      releases: [
        { formatId: 'physical', royaltyRate: '0.120000', royaltyOwed: '120.00' },
        { formatId: 'download', royaltyRate: '0.120000', royaltyOwed: '39.96' },
      ],
      status: { canLicenseCurrently: true, canLicenseEver: true, royaltyOwed: '159.96', royaltyRate: '0.120000' },
    })
    // Before 2023, 9.1¢; a song over five minutes owes the per-minute rate for every started minute.
    const long = await single(await request(licence({ releaseDate: '2020-03-01', song: { ...licence().song, playingSeconds: 330 } })))
    // 6 × 1.75¢ = 10.5¢: 1000 copies owe 105.00, 333 owe 34.965, rounded half to even per format to 34.96.
    expect(long.fields).toMatchObject({ status: { royaltyRate: '0.105000', royaltyOwed: '139.96' } })
    expect((await artist.ok('licensing.mine', { params: { page: 1 }, query: { per_page: 25 } })).data.map((r) => r.id)).toContain(id)
    expect((await auditsOf(t.services, ws.tenant.id, 'licensing_request.created')).map((audit) => audit.entityId)).toContain(String(id))
  })

  it('keeps a request with no rate in force without a royalty, and refuses to approve it until staff add the rate', async () => {
    const id = await request(licence({ releaseDate: '2027-03-01' }))
    expect((await single(id)).fields).toMatchObject({
      status: { canLicenseCurrently: false, canLicenseEver: true, royaltyOwed: null, royaltyRate: null },
    })
    const refused = await admin.call('licensing.changeStatus', { body: { ids: [id], status: 'approved' } })
    expect(refused.status).toBe(409)
    expect(refused.error.message).toContain('No mechanical rate in force on 2027-03-01')
    const table = [
      ...US_STATUTORY_RATES,
      { format: 'physical' as const, from: '2027-01-01', to: null, perCopy: '0.13', perMinute: '0.025', source: 'Staff' },
      { format: 'download' as const, from: '2027-01-01', to: null, perCopy: '0.13', perMinute: '0.025', source: 'Staff' },
    ]
    expect((await artist.call('licensing.updateRates', { body: { data: table } })).status).toBe(403)
    const overlapping = await admin.call('licensing.updateRates', { body: { data: [...table, { ...table[table.length - 1], from: '2027-06-01' }] } })
    expect(overlapping.status).toBe(400)
    expect(overlapping.error.message).toBe('Two download periods overlap: from 2027-01-01 and from 2027-06-01')
    expect((await admin.call('licensing.updateRates', { body: { data: [{ ...table[0], perCopy: '-1' }] } })).status).toBe(400)
    expect((await admin.ok('licensing.updateRates', { body: { data: table } })).data).toHaveLength(US_STATUTORY_RATES.length + 2)
    expect((await artist.ok('licensing.rates')).data.find((rate) => rate.from === '2027-01-01')).toMatchObject({ perCopy: '0.13', perMinute: '0.025' })
    expect((await otherAdmin.ok('licensing.rates')).data).toHaveLength(US_STATUTORY_RATES.length)
    expect((await auditsOf(t.services, ws.tenant.id, 'mechanical_rates.updated')).length).toBe(1)
    await admin.ok('licensing.changeStatus', { body: { ids: [id], status: 'approved' } })
    // Approval fixes the royalty from the table as it stands: 1333 × 13¢.
    expect((await single(id)).fields).toMatchObject({ status: { canLicenseCurrently: true, royaltyOwed: '173.29', royaltyRate: '0.130000' } })
  })

  it('approves, revokes with a reason, rejects and reconsiders; refuses every other move; mails and audits', async () => {
    const id = await request()
    const before = (await mailsTo('artist@licws.test')).length
    expect((await admin.call('licensing.changeStatus', { body: { ids: [id], status: 'revoked', reason: 'x' } })).error.message).toBe(
      'A pending cover licence cannot become revoked.',
    )
    expect((await admin.call('licensing.changeStatus', { body: { ids: [id], status: 'rejected' } })).error.message).toBe('Give a reason: the requester is told why.')
    await admin.ok('licensing.changeStatus', { body: { ids: [id], status: 'approved' } })
    expect((await admin.call('licensing.changeStatus', { body: { ids: [id], status: 'pending' } })).status).toBe(409)
    await admin.ok('licensing.changeStatus', { body: { ids: [id], status: 'revoked', reason: 'Royalties unpaid' } })
    expect((await admin.call('licensing.changeStatus', { body: { ids: [id], status: 'approved' } })).error.message).toBe('A revoked cover licence cannot change any more.')
    const other = await request()
    await admin.ok('licensing.changeStatus', { body: { ids: [other], status: 'rejected', reason: 'Publisher missing' } })
    await admin.ok('licensing.changeStatus', { body: { ids: [other], status: 'pending' } })
    const mails = (await mailsTo('artist@licws.test')).slice(before)
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your cover licence request #${id} is approved`,
      `Your cover licence request #${id} is revoked`,
      `Your cover licence request #${other} is rejected`,
      `Your cover licence request #${other} is pending`,
    ])
    expect(mails[1].text).toContain('Reason: Royalties unpaid')
    expect((await auditsOf(t.services, ws.tenant.id, 'licensing_request.status_changed')).filter((a) => a.entityId === String(id))).toHaveLength(2)
  })

  it('validates the request', async () => {
    const bad = await artist.call('licensing.create', {
      body: {
        ...licence(),
        releaseDate: '01/06/2023',
        releases: [{ formatId: 'stream' as never, formatTitle: '', releaseQuantity: -1, quantityLicensed: 0, expectedOutletsOfDistribution: '' }],
        song: { title: '', composedBy: 'X', originalRecordingArtist: 'Y', publishedBy: '', playingSeconds: 0 },
        licensee: { companyName: '', email: 'nope', firstName: 'A', lastName: 'B', phone1: 'call me' },
      },
    })
    expect(bad.status).toBe(400)
    const fields = Object.keys(bad.error.errors ?? {})
    for (const field of ['releaseDate', 'releases.0.formatId', 'releases.0.formatTitle', 'releases.0.releaseQuantity', 'releases.0.quantityLicensed', 'song.title', 'song.playingSeconds', 'licensee.email', 'licensee.phone1'])
      expect(fields, field).toContain(field)
    expect((await artist.call('licensing.create', { body: { ...licence(), releases: [] } })).error.errors?.releases).toBe('Give at least one format')
  })

  it('licensing/getSearch finds songs already licensed only, in this workspace', async () => {
    const approved = await request(licence({ song: { ...licence().song, title: 'Moonlit Harbour', composedBy: 'Zed Quillfeather' } }))
    const pending = await request(licence({ song: { ...licence().song, title: 'Moonlit Harbour Reprise' } }))
    await admin.ok('licensing.changeStatus', { body: { ids: [approved], status: 'approved' } })
    const byTitle = await admin.ok('licensing.getSearch', { query: { query: 'moonlit harb', per_page: 25 } })
    expect(byTitle.data.map((song) => song.id)).toEqual([approved])
    expect(byTitle.data[0]).toMatchObject({ songTitle: 'Moonlit Harbour', composedBy: 'Zed Quillfeather', licensee: 'Cover Co' })
    expect((await admin.ok('licensing.getSearch', { query: { query: 'Quillfeather', per_page: 25 } })).data.map((song) => song.id)).toEqual([approved])
    expect((await otherAdmin.ok('licensing.getSearch', { query: { query: 'Moonlit', per_page: 25 } })).data).toEqual([])
    expect((await artist.call('licensing.getSearch', { query: { query: 'Moonlit', per_page: 25 } })).status).toBe(403)
    expect(pending).toBeGreaterThan(approved)
  })

  it('keeps licences to their workspace and staff calls to staff; the palette and the queue find them', async () => {
    const id = await request()
    expect((await otherAdmin.call('licensing.changeStatus', { body: { ids: [id], status: 'approved' } })).status).toBe(404)
    expect((await otherAdmin.ok('licensing.list', { params: { page: 1 }, query: { per_page: 25 } })).data.map((row) => row.id)).not.toContain(id)
    expect((await artist.call('licensing.list', { params: { page: 1 }, query: { per_page: 25 } })).status).toBe(403)
    expect((await artist.call('licensing.changeStatus', { body: { ids: [id], status: 'approved' } })).status).toBe(403)
    expect((await label.ok('licensing.mine', { params: { page: 1 }, query: { per_page: 25 } })).data.map((row) => row.id)).not.toContain(id)
    expect((await admin.ok('search.query', { query: { q: `licence:${id}` } })).hits.find((hit) => hit.kind === 'licensing')).toMatchObject({
      id,
      title: `Cover licence #${id}: Old Song ${serial} (Covers Vol ${serial})`,
    })
    expect((await admin.ok('featureRequests.queue')).data.find((item) => item.id === id)).toMatchObject({ path: `/cover-song-licensing/1?search=%23${id}` })
  })
})
