import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { crc32 } from 'node:zlib'
import { asc, eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { Multipart, TestClient } from '../helpers/client'
import { signedIn, twoWorkspaces, type createWorkspace } from '../helpers/fixtures'
import { jobs } from '../../src/server/db/schema'
import { auditsOf } from './payouts-fixtures'
import { createRelease, upc } from './releases-fixtures'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let artist: TestClient
let label: TestClient
let otherAdmin: TestClient

beforeAll(async () => {
  t = await createTestApp()
  ;({ ws, admin, artist, otherAdmin } = await twoWorkspaces(t, 'pitchws', 'pitchother'))
  label = await signedIn(t.app, 'label@pitchws.test')
})
afterAll(() => t.close())

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
const CSV = Buffer.from('date,station,spins\n2026-01-01,KEXP,4\n')

/** A minimal XLSX (a stored zip whose content types name a spreadsheet), as file-type recognises one. */
function xlsx(): Buffer {
  const entries: [string, string][] = [
    ['[Content_Types].xml', '<?xml version="1.0"?><Types><Override ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>'],
    ['xl/workbook.xml', '<workbook/>'],
  ]
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, text] of entries) {
    const data = Buffer.from(text)
    const file = Buffer.from(name)
    const crc = crc32(data) >>> 0
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(file.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(file.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, file, data)
    centrals.push(central, file)
    offset += 30 + file.length + data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)

let serial = 0
/** A release of the artist's own, due in 30 days, with one track (ISRC and audio), unless told otherwise. */
async function release(overrides: Record<string, unknown> = {}, accountId = ws.artist.id) {
  serial += 1
  const made = await createRelease(
    t.services,
    {
      tenantId: ws.tenant.id,
      accountId,
      title: `Pitch Record ${serial}`,
      upc: upc(900 + serial),
      releaseDate: inDays(30),
      artistText: 'The Pitchers',
      participants: [{ name: 'Ann Writer', roles: 'Composer' }],
      ...overrides,
    },
    [{ isrc: 'USRC17607839', audioUrl: '/api/files/1' }],
  )
  return { releaseId: made.release.id, trackId: made.tracks[0].id }
}

const form = (ids: { releaseId: number; trackId: number }, fields: Record<string, string | number> = {}): Multipart => ({
  fields: {
    releaseId: ids.releaseId,
    trackId: ids.trackId,
    songName: 'Summer Song',
    blurb: 'A bright single',
    marketingDrivers: 'Radio campaign; TikTok push ;',
    tourDates: JSON.stringify([
      { date: '2026-07-02', city: 'Leeds', venue: 'Brudenell' },
      { date: '2026-07-01', city: 'London', venue: 'Lexington' },
    ]),
    spotify: 'https://open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF',
    twitter: 'https://x.com/pitchers',
    ...fields,
  },
})

const request = async (ids: { releaseId: number; trackId: number }, client: TestClient = artist) =>
  (await client.ok('pitch.create', { multipart: form(ids) })).id
const mailsTo = async (to: string) =>
  (await t.services.db.select().from(jobs).where(eq(jobs.type, 'mail.send')).orderBy(asc(jobs.id)))
    .map((job) => job.payload as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === to)

describe('pitch portal', () => {
  it('the artist pitches a release with a photo and a sheet; staff see the pitch, its tour dates and files', async () => {
    const ids = await release()
    const sent = await artist.call('pitch.create', {
      multipart: { ...form(ids), files: { photo: { filename: 'band.png', data: PNG }, sheet: { filename: 'spins.csv', data: CSV } } },
    })
    expect(sent.status).toBe(201)
    const id = (sent.data as { id: number }).id
    const list = await admin.ok('pitch.list', { params: { page: 1 }, query: { per_page: 25, status: 'pending' } })
    expect(list.data.map((row) => row.id)).toContain(id)
    const single = await admin.ok('pitch.single', { params: { id } })
    expect(single).toMatchObject({
      kind: 'pitch',
      status: 'pending',
      title: `Summer Song (Pitch Record ${serial})`,
      release: { id: ids.releaseId },
      track: { id: ids.trackId, isrc: 'USRC17607839' },
      fields: {
        songName: 'Summer Song',
        blurb: 'A bright single',
        marketingDrivers: ['Radio campaign', 'TikTok push'],
        tourDates: [
          { date: '2026-07-01', city: 'London', venue: 'Lexington' },
          { date: '2026-07-02', city: 'Leeds', venue: 'Brudenell' },
        ],
        links: { spotify: 'https://open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF', twitter: 'https://x.com/pitchers' },
        photo: { name: 'band.png', contentType: 'image/png' },
        sheet: { name: 'spins.csv', contentType: 'text/csv' },
        release: { upc: upc(900 + serial), releaseDate: inDays(30), artist: 'The Pitchers', participants: [{ name: 'Ann Writer', roles: 'Composer' }] },
        track: { isrc: 'USRC17607839', audioUrl: '/api/files/1' },
      },
    })
    const fields = single.fields as { photo: { url: string }; sheet: { url: string } }
    const photoId = Number(fields.photo.url.split('/').pop())
    const fetched = await admin.call('files.get', { params: { id: photoId } })
    expect(fetched.status).toBe(200)
    expect(fetched.response.headers['content-type']).toContain('image/png')
    // Kept private: staff and the artist who sent it open it, nobody else.
    expect((await label.call('files.get', { params: { id: photoId } })).status).toBe(404)
    expect((await otherAdmin.call('files.get', { params: { id: photoId } })).status).toBe(404)
    const sheet = await admin.call('files.get', { params: { id: Number(fields.sheet.url.split('/').pop()) } })
    expect(sheet.status).toBe(200)
    expect(sheet.response.headers['content-disposition']).toContain('attachment')
    expect((await artist.ok('pitch.mine', { params: { page: 1 }, query: { per_page: 25 } })).data.map((row) => row.id)).toContain(id)
    expect((await auditsOf(t.services, ws.tenant.id, 'pitch_request.created')).map((audit) => audit.entityId)).toContain(String(id))
    const pdf = await artist.call('pitch.create', {
      multipart: { ...form(await release()), files: { sheet: { filename: 'one-sheet.pdf', data: PDF } } },
    })
    expect(pdf.status).toBe(201)
    const spreadsheet = await artist.call('pitch.create', {
      multipart: { ...form(await release()), files: { sheet: { filename: 'spins.xlsx', data: xlsx() } } },
    })
    expect(spreadsheet.status).toBe(201)
    const kept = await admin.ok('pitch.single', { params: { id: (spreadsheet.data as { id: number }).id } })
    expect(kept.fields).toMatchObject({ sheet: { name: 'spins.xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } })
  })

  it('checks uploads by their content, links per platform and tour dates', async () => {
    const ids = await release()
    const fakePhoto = await artist.call('pitch.create', { multipart: { ...form(ids), files: { photo: { filename: 'band.png', data: CSV, contentType: 'image/png' } } } })
    expect(fakePhoto.status).toBe(415)
    expect(fakePhoto.error.message).toBe('The file must be a JPG or PNG image.')
    const pngSheet = await artist.call('pitch.create', { multipart: { ...form(ids), files: { sheet: { filename: 'sheet.pdf', data: PNG } } } })
    expect(pngSheet.status).toBe(415)
    expect(pngSheet.error.message).toBe('The file must be a PDF, CSV or XLSX file.')
    const links = await artist.call('pitch.create', {
      multipart: form(ids, { spotify: 'https://soundcloud.com/x', instagram: 'https://instagram.com/ok_name', tiktok: 'https://tiktok.com/nobody', facebook: 'javascript:alert(1)' }),
    })
    expect(links.status).toBe(400)
    expect(links.error.errors).toMatchObject({ spotify: 'Not a Spotify link', tiktok: 'Not a TikTok link', facebook: 'Not a Facebook link' })
    expect(links.error.errors?.instagram).toBeUndefined()
    const badJson = await artist.call('pitch.create', { multipart: form(ids, { tourDates: '[{date:' }) })
    expect(badJson.error.errors?.tourDates).toBe('The tour dates are not a JSON list of {date, city, venue}')
    const badDate = await artist.call('pitch.create', { multipart: form(ids, { tourDates: JSON.stringify([{ date: 'July 1st', city: 'Leeds', venue: 'X' }]) }) })
    expect(badDate.status).toBe(400)
    expect(JSON.stringify(badDate.error.errors)).toContain('Use a date like 2026-01-31')
    const noVenue = await artist.call('pitch.create', { multipart: form(ids, { tourDates: JSON.stringify([{ date: '2026-07-01', city: 'Leeds', venue: '' }]) }) })
    expect(JSON.stringify(noVenue.error.errors)).toContain('Give the venue')
    expect((await artist.call('pitch.create', { multipart: form(ids, { songName: '' }) })).error.errors?.songName).toBe('Give the song name')
    // Nothing refused was kept.
    expect((await admin.ok('pitch.list', { params: { page: 1 }, query: { per_page: 25, search: `Pitch Record ${serial}` } })).data).toEqual([])
  })

  it('only for the requester’s own release not yet live, at least the lead time ahead, with a track of it; one at a time', async () => {
    const live = await artist.call('pitch.create', { multipart: form(await release({ releaseDate: inDays(0) })) })
    expect(live.error.errors?.releaseId).toBe('The release is already live: only a release not yet out can be pitched')
    const soon = await artist.call('pitch.create', { multipart: form(await release({ releaseDate: inDays(6) })) })
    expect(soon.error.errors?.releaseId).toBe(`Pitch at least 7 days before the release date (${inDays(6)})`)
    expect((await artist.call('pitch.create', { multipart: form(await release({ releaseDate: null })) })).error.errors?.releaseId).toBe(
      'The release has no release date yet: a pitch needs one',
    )
    expect((await artist.call('pitch.create', { multipart: form(await release({ status: 9 })) })).error.errors?.releaseId).toBe(
      'The release is taken down or pending takedown',
    )
    const labels = await release({}, ws.label.id)
    expect((await artist.call('pitch.create', { multipart: form(labels) })).error.errors?.releaseId).toBe('Choose one of your releases')
    const ids = await release()
    const other = await release()
    expect((await artist.call('pitch.create', { multipart: form({ releaseId: ids.releaseId, trackId: other.trackId }) })).error.errors?.trackId).toBe(
      'Choose a track of that release',
    )
    const first = await request(ids)
    expect((await artist.call('pitch.create', { multipart: form(ids) })).error.errors?.releaseId).toBe(`The release already has a pending pitch (#${first}).`)
    await request(labels, label)

    // The workspace's lead time: staff set it; the default is 7 days.
    expect(await artist.ok('pitch.settings')).toEqual({ leadDays: 7 })
    expect((await artist.call('pitch.updateSettings', { body: { leadDays: 3 } })).status).toBe(403)
    expect((await admin.call('pitch.updateSettings', { body: { leadDays: 400 } })).status).toBe(400)
    expect(await admin.ok('pitch.updateSettings', { body: { leadDays: 3 } })).toEqual({ leadDays: 3 })
    expect((await auditsOf(t.services, ws.tenant.id, 'feature_controls.settings_updated')).length).toBeGreaterThan(0)
    expect((await artist.call('pitch.create', { multipart: form(await release({ releaseDate: inDays(6) })) })).status).toBe(201)
    expect(await otherAdmin.ok('pitch.settings')).toEqual({ leadDays: 7 })
    await admin.ok('pitch.updateSettings', { body: { leadDays: 7 } })
  })

  it('approves, withdraws with a reason, rejects and reconsiders; refuses every other move; mails and audits', async () => {
    const id = await request(await release())
    const before = (await mailsTo('artist@pitchws.test')).length
    expect((await admin.call('pitch.changeStatus', { body: { ids: [id], status: 'withdrawn', reason: 'x' } })).error.message).toBe(
      'A pending pitch cannot become withdrawn.',
    )
    expect((await admin.call('pitch.changeStatus', { body: { ids: [id], status: 'rejected' } })).error.message).toBe('Give a reason: the requester is told why.')
    await admin.ok('pitch.changeStatus', { body: { ids: [id], status: 'approved' } })
    expect((await admin.call('pitch.changeStatus', { body: { ids: [id], status: 'pending' } })).status).toBe(409)
    expect((await admin.call('pitch.changeStatus', { body: { ids: [id], status: 'rejected', reason: 'x' } })).status).toBe(409)
    expect((await admin.call('pitch.changeStatus', { body: { ids: [id], status: 'withdrawn' } })).error.message).toBe('Give a reason: the requester is told why.')
    await admin.ok('pitch.changeStatus', { body: { ids: [id], status: 'withdrawn', reason: 'Release delayed' } })
    expect((await admin.call('pitch.changeStatus', { body: { ids: [id], status: 'approved' } })).error.message).toBe('A withdrawn pitch cannot change any more.')
    const other = await request(await release())
    await admin.ok('pitch.changeStatus', { body: { ids: [other], status: 'rejected', reason: 'Blurb missing' } })
    await admin.ok('pitch.changeStatus', { body: { ids: [other], status: 'pending' } })
    const mails = (await mailsTo('artist@pitchws.test')).slice(before)
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your pitch request #${id} is approved`,
      `Your pitch request #${id} is withdrawn`,
      `Your pitch request #${other} is rejected`,
      `Your pitch request #${other} is pending`,
    ])
    expect(mails[1].text).toContain('Reason: Release delayed')
    expect((await auditsOf(t.services, ws.tenant.id, 'pitch_request.status_changed')).filter((a) => a.entityId === String(id))).toHaveLength(2)
  })

  it('refuses to approve a pitch whose release went live meanwhile', async () => {
    const ids = await release()
    const id = await request(ids)
    await t.services.db.execute(`update releases set release_date = current_date where id = ${ids.releaseId}`)
    expect((await admin.call('pitch.changeStatus', { body: { ids: [id], status: 'approved' } })).error.message).toBe(
      'The release is already live: only a release not yet out can be pitched.',
    )
  })

  it('keeps pitches to their workspace and staff calls to staff; the palette and the queue find them', async () => {
    const id = await request(await release())
    expect((await otherAdmin.call('pitch.single', { params: { id } })).status).toBe(404)
    expect((await otherAdmin.call('pitch.changeStatus', { body: { ids: [id], status: 'approved' } })).status).toBe(404)
    expect((await otherAdmin.ok('pitch.list', { params: { page: 1 }, query: { per_page: 25 } })).data.map((row) => row.id)).not.toContain(id)
    expect((await artist.call('pitch.list', { params: { page: 1 }, query: { per_page: 25 } })).status).toBe(403)
    expect((await artist.call('pitch.single', { params: { id } })).status).toBe(403)
    expect((await artist.call('pitch.changeStatus', { body: { ids: [id], status: 'approved' } })).status).toBe(403)
    expect((await label.ok('pitch.mine', { params: { page: 1 }, query: { per_page: 25 } })).data.map((row) => row.id)).not.toContain(id)
    expect((await admin.ok('pitch.list', { params: { page: 1 }, query: { per_page: 25, search: `#${id}` } })).data.map((row) => row.id)).toEqual([id])
    expect((await admin.ok('search.query', { query: { q: `pitch:${id}` } })).hits.find((hit) => hit.kind === 'pitch')).toMatchObject({
      id,
      title: `Pitch #${id}: Summer Song (Pitch Record ${serial})`,
    })
    expect((await admin.ok('featureRequests.queue')).data.find((item) => item.id === id)).toMatchObject({ path: `/playlisting/single/${id}` })
  })
})
