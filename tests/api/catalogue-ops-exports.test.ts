import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray } from 'drizzle-orm'
import { create } from 'xmlbuilder2'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { twoWorkspaces } from '../helpers/fixtures'
import { createRelease, upc } from './releases-fixtures'
import { auditLog, releases, tracks } from '../../src/server/db/schema'
import { ERN_NAMESPACE } from '../../src/domains/catalogue-ops/server/ddex'
import { csvCell } from '../../src/server/csv-stream'

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

async function finished(id: number) {
  await t.services.jobs.drain()
  return admin.ok('exports.single', { params: { id } })
}

const CMS_HEADER_LINE = 'custom_id,add_asset_labels,title,artist,album,label,genre,isrc,upc,release_date,ownership'

const statusOf = async (id: number) =>
  (await t.services.db.select({ status: releases.status }).from(releases).where(eq(releases.id, id)))[0].status

describe('exports', () => {
  it('exports one release as a YouTube CMS CSV through the file store and moves it from accepted to exported', async () => {
    const { release, tracks } = await createRelease(
      t.services,
      {
        tenantId: ws.tenant.id,
        accountId: ws.artist.id,
        title: 'Harbour, Lights',
        status: 3,
        upc: upc(1),
        label: 'Acme Records',
        primaryGenre: 'Pop',
      },
      [
        { isrc: 'GBAAA2600001', title: 'One' },
        { isrc: 'GBAAA2600002', title: '=Two' },
      ],
    )
    const queued = await admin.ok('exports.cmsSingle', { params: { id: release.id } })
    expect(queued).toMatchObject({ kind: 'cms', status: 'queued', hasFile: false })
    const done = await finished(queued.id)
    expect(done).toMatchObject({ status: 'done', releases: 1, tracks: 2, markedExported: 1, hasFile: true })
    expect(await statusOf(release.id)).toBe(4)

    const file = await admin.call('exports.file', { params: { id: queued.id } })
    expect(file.status).toBe(200)
    expect(file.response.headers['content-disposition']).toMatch(
      /attachment; filename="youtube-cms-sound-recordings-\d+-\d{4}-\d{2}-\d{2}\.csv"/,
    )
    const lines = file.response.body.trim().split('\r\n')
    expect(lines[0]).toBe('custom_id,add_asset_labels,title,artist,album,label,genre,isrc,upc,release_date,ownership')
    expect(lines[1]).toBe(
      `WL-${release.id}-${tracks[0].id},Acme Records|${upc(1)},One,Test Artist,"Harbour, Lights",Acme Records,Pop,GBAAA2600001,${upc(1)},2025-01-10,WW`,
    )
    // A title a spreadsheet would run as a formula is written as text.
    expect(lines[2]).toContain(",'=Two,")

    const audited = await t.services.db.select().from(auditLog).where(eq(auditLog.action, 'release.exported'))
    expect(audited).toMatchObject([{ entityId: String(release.id), before: { status: 3 }, after: { status: 4, exportId: queued.id } }])
    const history = await admin.ok('exports.history', { query: {} })
    expect(history.data[0]).toMatchObject({ id: queued.id, kind: 'cms', releases: 1, tracks: 2 })
  })

  it('writes each CMS cell exactly as the CSV writer would (the lines are built in SQL)', async () => {
    const titles = ['say "hi"', 'two\nlines', '-5', '-x', '+1', '@home', '\ttab', 'plain', '3.50', "it's, fine"]
    const { release, tracks: made } = await createRelease(
      t.services,
      { tenantId: ws.tenant.id, accountId: ws.artist.id, title: '=SUM(A1)', status: 1, upc: upc(30), label: null, territories: ['GB', 'IE'] },
      titles.map((title, index) => ({ title, isrc: `GBAAA26003${String(index).padStart(2, '0')}` })),
    )
    const queued = await admin.ok('exports.cmsSingle', { params: { id: release.id } })
    expect(await finished(queued.id)).toMatchObject({ status: 'done', tracks: titles.length })
    const body = (await admin.call('exports.file', { params: { id: queued.id } })).response.body as string
    const expected = made.map(
      (track, index) =>
        [`WL-${release.id}-${track.id}`, upc(30), titles[index], 'Test Artist', '=SUM(A1)', null, null, track.isrc, upc(30), '2025-01-10', 'GB|IE']
          .map(csvCell)
          .join(',') + '\r\n',
    )
    expect(body).toBe(`${CMS_HEADER_LINE}\r\n${expected.join('')}`)
  })

  it('exports a selection in bulk; a live release stays live, and a release of another workspace is refused', async () => {
    const live = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Live', status: 1 }, [
      {},
      {},
      {},
    ])
    const accepted = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.label.id, title: 'Accepted', status: 3 })
    const queued = await admin.ok('exports.cms', { body: { ids: [live.release.id, accepted.release.id] } })
    expect(await finished(queued.id)).toMatchObject({ status: 'done', releases: 2, tracks: 4, markedExported: 1 })
    expect(await statusOf(live.release.id)).toBe(1)
    expect(await statusOf(accepted.release.id)).toBe(4)

    expect((await otherAdmin.call('exports.cms', { body: { ids: [live.release.id] } })).status).toBe(404)
    expect((await artist.call('exports.cmsSingle', { params: { id: live.release.id } })).status).toBe(403)
    expect((await admin.call('exports.cms', { body: { ids: [] } })).error.errors?.ids).toBe('Choose the releases to export')
  })

  it('exports every release of a selection larger than a page, each with its tracks in order', async () => {
    // Two statements, not 205 fixtures: the test stays quick on a loaded machine.
    const made = await t.services.db
      .insert(releases)
      .values(
        Array.from({ length: 205 }, (_, n) => ({
          tenantId: ws.tenant.id,
          accountId: ws.artist.id,
          title: `Paged ${n}`,
          status: 5,
          artists: ['Test Artist'],
          artistText: 'Test Artist',
          releaseDate: '2025-01-10',
          trackCount: 2,
        })),
      )
      .returning({ id: releases.id })
    const ids = made.map((row) => row.id).sort((a, b) => a - b)
    const madeTracks = await t.services.db
      .insert(tracks)
      .values(ids.flatMap((releaseId) => [2, 1].map((position) => ({ tenantId: ws.tenant.id, releaseId, position, title: `Track ${position}` }))))
      .returning({ id: tracks.id, releaseId: tracks.releaseId, position: tracks.position })
    const queued = await admin.ok('exports.cms', { body: { ids } })
    expect(await finished(queued.id)).toMatchObject({ status: 'done', releases: 205, tracks: 410 })
    const lines = (await admin.call('exports.file', { params: { id: queued.id } })).response.body.trim().split('\r\n').slice(1)
    // Release after release, each one's tracks by position (inserted here in the reverse order).
    const expected = [...madeTracks].sort((a, b) => a.releaseId - b.releaseId || a.position - b.position)
    expect(lines.map((line: string) => line.split(',')[0])).toEqual(expected.map((track) => `WL-${track.releaseId}-${track.id}`))
  })

  it('exports the release metadata, one row per track', async () => {
    const { release } = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Meta', status: 2 }, [
      {},
      {},
    ])
    const queued = await admin.ok('exports.release', { params: { id: release.id } })
    expect(await finished(queued.id)).toMatchObject({ status: 'done', tracks: 2, markedExported: 0 })
    const file = await admin.call('exports.file', { params: { id: queued.id } })
    const lines = file.response.body.trim().split('\r\n')
    expect(lines).toHaveLength(3)
    expect(lines[0].split(',').slice(0, 4)).toEqual(['release_id', 'upc', 'catalog_number', 'release_title'])
    expect(lines[1]).toContain('artist@acme.test')
  })
})

type XmlNode = Record<string, unknown>
const list = (value: unknown): XmlNode[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]) as XmlNode[]
const text = (value: unknown): string => (typeof value === 'object' && value !== null ? String((value as XmlNode)['#']) : String(value))

describe('DDEX ERN 4.3', () => {
  it('builds a NewReleaseMessage whose references all resolve, with the files and their SHA-256, and deals per territory', async () => {
    const wav = Buffer.concat([Buffer.from('RIFF'), Buffer.from([36, 1, 0, 0]), Buffer.from('WAVEfmt '), Buffer.alloc(300)])
    const audio = await t.services.files.save(t.services.db, {
      tenantId: ws.tenant.id,
      purpose: 'track-audio',
      originalName: 'one.wav',
      data: wav,
      kind: 'audio',
      maxBytes: 1_000_000,
    })
    const { release } = await createRelease(
      t.services,
      {
        tenantId: ws.tenant.id,
        accountId: ws.artist.id,
        title: 'Deal & Co',
        status: 3,
        upc: upc(7),
        label: 'Acme Records',
        primaryGenre: 'Pop',
        pLine: 'Acme Records',
        pYear: 2026,
        artists: ['Nina Vale'],
        territories: ['GB', 'FR'],
        releaseDate: '2026-09-01',
      },
      [
        {
          isrc: 'GBAAA2600010',
          title: 'One',
          duration: 200,
          audioUrl: `/api/files/${audio.id}`,
          participants: [
            { name: 'Nina Vale', roles: 'Primary Artist' },
            { name: 'Kofi', roles: 'Featuring' },
          ],
        },
        { isrc: 'GBAAA2600011', title: 'Two', duration: 61, explicit: true },
      ],
    )
    const queued = await admin.ok('exports.ddex', { params: { id: release.id } })
    expect(await finished(queued.id)).toMatchObject({ status: 'done', kind: 'ddex', tracks: 2, markedExported: 1 })
    const file = await admin.call('exports.file', { params: { id: queued.id } })
    expect(file.response.headers['content-type']).toMatch(/application\/xml/)
    const xml = file.response.body as string
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)

    const doc = create(xml).end({ format: 'object' }) as XmlNode
    const message = doc['ern:NewReleaseMessage'] as XmlNode
    expect(message['@xmlns:ern']).toBe(ERN_NAMESPACE)
    expect(message['@LanguageAndScriptCode']).toBe('en')
    // The message's parts in the order the schema's sequence requires.
    expect(Object.keys(message).filter((key) => !key.startsWith('@'))).toEqual([
      'MessageHeader',
      'PartyList',
      'ResourceList',
      'ReleaseList',
      'DealList',
    ])
    const header = message.MessageHeader as XmlNode
    expect(Object.keys(header)).toEqual([
      'MessageThreadId',
      'MessageId',
      'MessageSender',
      'MessageRecipient',
      'MessageCreatedDateTime',
      'MessageControlType',
    ])
    expect(text(header.MessageCreatedDateTime)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)

    const parties = new Map(
      list((message.PartyList as XmlNode).Party).map((party) => [text(party.PartyReference), text((party.PartyName as XmlNode).FullName)]),
    )
    expect([...parties.values()]).toEqual(['Nina Vale', 'Kofi', 'Acme Records'])
    const resources = message.ResourceList as XmlNode
    const recordings = list(resources.SoundRecording)
    const resourceRefs = new Set([...recordings, ...list(resources.Image)].map((resource) => text(resource.ResourceReference)))
    expect(recordings.map((recording) => text(((recording.SoundRecordingEdition as XmlNode).ResourceId as XmlNode).ISRC))).toEqual([
      'GBAAA2600010',
      'GBAAA2600011',
    ])
    expect(recordings.map((recording) => text(recording.Duration))).toEqual(['PT3M20S', 'PT1M1S'])
    expect(recordings.map((recording) => text(recording.ParentalWarningType))).toEqual(['NotExplicit', 'Explicit'])
    const delivery = ((recordings[0].SoundRecordingEdition as XmlNode).TechnicalDetails as XmlNode).DeliveryFile as XmlNode
    const hash = (delivery.File as XmlNode).HashSum as XmlNode
    expect(text(hash.Algorithm)).toBe('SHA256')
    expect(text(hash.HashSumValue)).toBe(audio.sha256)
    for (const recording of recordings)
      for (const artistRef of list(recording.DisplayArtist)) expect(parties.has(text(artistRef.ArtistPartyReference))).toBe(true)
    expect(list(recordings[0].DisplayArtist).map((entry) => text(entry.DisplayArtistRole))).toEqual(['MainArtist', 'FeaturedArtist'])

    const releaseList = message.ReleaseList as XmlNode
    const main = releaseList.Release as XmlNode
    expect(text((main.ReleaseId as XmlNode).ICPN)).toBe(upc(7))
    // Text is escaped once in the XML (the object view keeps the entity as written).
    expect(xml).toContain('<DisplayTitleText>Deal &amp; Co</DisplayTitleText>')
    expect(parties.get(text(main.ReleaseLabelReference))).toBe('Acme Records')
    const items = list(((main.ResourceGroup as XmlNode).ResourceGroup as XmlNode).ResourceGroupContentItem)
    for (const item of items) expect(resourceRefs.has(text(item.ReleaseResourceReference))).toBe(true)
    const trackReleases = list(releaseList.TrackRelease)
    expect(trackReleases.map((entry) => text(entry.ReleaseResourceReference))).toEqual(['A1', 'A2'])
    const releaseRefs = new Set([text(main.ReleaseReference), ...trackReleases.map((entry) => text(entry.ReleaseReference))])

    const deals = list((message.DealList as XmlNode).ReleaseDeal)
    expect(new Set(deals.map((deal) => text(deal.DealReleaseReference)))).toEqual(releaseRefs)
    const territories = list(deals[0].Deal).map((deal) => text((deal.DealTerms as XmlNode).TerritoryCode))
    expect([...new Set(territories)]).toEqual(['GB', 'FR'])
    expect(text(((list(deals[0].Deal)[0].DealTerms as XmlNode).ValidityPeriod as XmlNode).StartDate)).toBe('2026-09-01')
    expect(await statusOf(release.id)).toBe(4)
  })

  it('fails an export of a release without tracks, with the reason', async () => {
    const [empty] = await t.services.db
      .insert(releases)
      .values({ tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Empty', status: 3 })
      .returning()
    const queued = await admin.ok('exports.ddex', { params: { id: empty.id } })
    expect(await finished(queued.id)).toMatchObject({ status: 'failed', error: 'The release has no tracks to export.', hasFile: false })
    expect(await statusOf(empty.id)).toBe(3)
    expect(
      await t.services.db
        .select()
        .from(releases)
        .where(inArray(releases.id, [empty.id])),
    ).toHaveLength(1)
  })
})

describe('CMS export from a CSV of UPCs', () => {
  it('exports the releases the UPCs name and lists the UPCs that name none', async () => {
    const named = await createRelease(
      t.services,
      { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'By UPC', status: 1, upc: upc(300) },
      [{}],
    )
    const csv = ['upc', `0${upc(300)}`, upc(301), '123'].join('\n')
    const started = await admin.ok('exports.cmsCsv', { multipart: { files: { file: { filename: 'upcs.csv', data: Buffer.from(csv) } } } })
    expect(started).toMatchObject({ kind: 'cms', requested: 1 })
    expect(started.notFound).toEqual([
      { line: 3, value: upc(301), reason: 'No release of this workspace has this UPC' },
      { line: 4, value: '123', reason: 'UPC must be 12 or 13 digits' },
    ])
    expect(await finished(started.id)).toMatchObject({ status: 'done', releases: 1 })
    const file = await admin.call('exports.file', { params: { id: started.id } })
    expect(file.response.body).toContain(`WL-${named.release.id}-`)
    const none = await admin.call('exports.cmsCsv', { multipart: { files: { file: { filename: 'x.csv', data: Buffer.from(upc(999)) } } } })
    expect(none.status).toBe(400)
    expect(none.error.message).toBe('None of these UPCs is a release of this workspace.')
  })
})

describe('bulk type conversion', () => {
  it("names the workspace's recorded DDEX Party ID as the message's sender, checked by its check character", async () => {
    const before = await admin.ok('exports.ddexSettings')
    expect(before).toMatchObject({ partyId: null, sender: { partyId: 'PADPIDA-acme' } })
    const wrong = await admin.call('exports.updateDdexSettings', { body: { partyId: 'PA-DPIDA-3897722461-H' } })
    expect(wrong.status).toBe(400)
    expect(wrong.error.errors).toMatchObject({ partyId: expect.stringContaining('check character of this DDEX Party ID should be G') })
    expect((await admin.call('exports.updateDdexSettings', { body: { partyId: 'ACME-LABEL' } })).error.errors).toMatchObject({
      partyId: 'A DDEX Party ID looks like PA-DPIDA-3897722461-G (18 characters)',
    })
    expect((await artist.call('exports.updateDdexSettings', { body: { partyId: 'PADPIDA3897722461G' } })).status).toBe(403)
    const saved = await admin.ok('exports.updateDdexSettings', { body: { partyId: 'pa-dpida-3897722461-g' } })
    expect(saved.message).toBe('DDEX messages now come from PA-DPIDA-3897722461-G (acme music).')
    expect(saved.settings).toMatchObject({ partyId: 'PADPIDA3897722461G', sender: { partyId: 'PADPIDA3897722461G' } })
    // Another workspace keeps its own (none).
    expect((await otherAdmin.ok('exports.ddexSettings')).partyId).toBeNull()
    await admin.ok('exports.updateDdexSettings', { body: { partyId: 'PADPIDA2014122301Q', partyName: 'Acme Distribution Ltd' } })

    const { release } = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Sent As', status: 3, upc: upc(8) }, [
      { title: 'No code yet', isrc: null },
    ])
    const queued = await admin.ok('exports.ddex', { params: { id: release.id } })
    expect(await finished(queued.id)).toMatchObject({ status: 'done' })
    const xml = (await admin.call('exports.file', { params: { id: queued.id } })).response.body as string
    const header = ((create(xml).end({ format: 'object' }) as XmlNode)['ern:NewReleaseMessage'] as XmlNode).MessageHeader as XmlNode
    expect(text((header.MessageSender as XmlNode).PartyId)).toBe('PADPIDA2014122301Q')
    expect(text(((header.MessageSender as XmlNode).PartyName as XmlNode).FullName)).toBe('Acme Distribution Ltd')
    // Proprietary ids are in the sender's namespace.
    expect(xml).toContain('Namespace="PADPIDA:PADPIDA2014122301Q"')
    expect(xml).not.toContain('PADPIDA-acme')
    const audited = await t.services.db.select().from(auditLog).where(eq(auditLog.action, 'ddex_settings.updated'))
    expect(audited).toHaveLength(2)
  })

  it('sets each release type by the stores rule in a job and reports every release, converted or not', async () => {
    const album = await createRelease(
      t.services,
      { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Long One', type: 'Single' },
      Array.from({ length: 7 }, () => ({ duration: 200 })),
    )
    const single = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Short', type: 'Single' }, [
      { duration: 180 },
    ])
    const unknown = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'No Lengths', type: 'EP' }, [
      {},
    ])
    const queued = await admin.ok('exports.bulkConvert', { body: { ids: [album.release.id, single.release.id, unknown.release.id] } })
    expect(await finished(queued.id)).toMatchObject({ status: 'done', kind: 'convert', releases: 3, markedExported: 0 })
    const types = await t.services.db
      .select({ id: releases.id, type: releases.type })
      .from(releases)
      .where(inArray(releases.id, [album.release.id, single.release.id, unknown.release.id]))
    expect(Object.fromEntries(types.map((row) => [row.id, row.type]))).toEqual({
      [album.release.id]: 'Album',
      [single.release.id]: 'Single',
      [unknown.release.id]: 'EP',
    })
    const report = (await admin.call('exports.file', { params: { id: queued.id } })).response.body.trim().split('\r\n')
    expect(report[0]).toBe('release_id,title,type_before,type_after,result,reason')
    expect(report[1]).toMatch(new RegExp(`^${album.release.id},Long One,Single,Album,converted,`))
    expect(report[2]).toMatch(new RegExp(`^${single.release.id},Short,Single,Single,unchanged,"Already a Single`))
    expect(report[3]).toMatch(new RegExp(`^${unknown.release.id},No Lengths,EP,EP,unchanged,`))
    const audited = await t.services.db.select().from(auditLog).where(eq(auditLog.action, 'release.converted'))
    expect(audited.map((row) => row.entityId)).toEqual([String(album.release.id)])
  })

  it('sets the type of the releases a CSV names by UPC, and lists the UPCs it left out', async () => {
    const long = await createRelease(
      t.services,
      { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Long by UPC', type: 'Single', upc: upc(310) },
      Array.from({ length: 7 }, () => ({ duration: 200 })),
    )
    const csv = ['upc', upc(310), upc(311)].join('\n')
    const started = await admin.ok('exports.bulkConvertCsv', { multipart: { files: { file: { filename: 'upcs.csv', data: Buffer.from(csv) } } } })
    expect(started).toMatchObject({ kind: 'convert', requested: 1, notFound: [{ line: 3, value: upc(311), reason: 'No release of this workspace has this UPC' }] })
    expect(await finished(started.id)).toMatchObject({ status: 'done', kind: 'convert', releases: 1, markedExported: 0 })
    const [row] = await t.services.db.select({ type: releases.type }).from(releases).where(inArray(releases.id, [long.release.id]))
    expect(row.type).toBe('Album')
    const report = (await admin.call('exports.file', { params: { id: started.id } })).response.body.trim().split('\r\n')
    expect(report[1]).toMatch(new RegExp(`^${long.release.id},Long by UPC,Single,Album,converted,`))
    expect((await artist.call('exports.bulkConvertCsv', { multipart: { files: { file: { filename: 'x.csv', data: Buffer.from(csv) } } } })).status).toBe(403)
  })
})

describe('catalogue-number export', () => {
  it("exports an account's releases by catalogue number, one row each", async () => {
    const { label } = ws
    await createRelease(
      t.services,
      { tenantId: ws.tenant.id, accountId: label.id, title: 'B Side', catalogNumber: 'ACME-002', upc: upc(402) },
      [{}, {}],
    )
    await createRelease(t.services, { tenantId: ws.tenant.id, accountId: label.id, title: 'A Side', catalogNumber: 'ACME-001' }, [])
    const queued = await admin.ok('exports.catalogNumber', { params: { id: label.id } })
    const done = await finished(queued.id)
    expect(done).toMatchObject({ status: 'done', kind: 'catalog-number' })
    const lines = (await admin.call('exports.file', { params: { id: queued.id } })).response.body.trim().split('\r\n')
    expect(lines[0]).toBe('catalog_number,upc,release_id,release_title,artists,label,release_type,status,release_date,tracks')
    const numbered = lines.slice(1).filter((line) => line.startsWith('ACME-'))
    expect(numbered.map((line) => line.split(',').slice(0, 2))).toEqual([
      ['ACME-001', ''],
      ['ACME-002', upc(402)],
    ])
    expect((await admin.call('exports.catalogNumber', { params: { id: 999999 } })).status).toBe(404)
    expect((await otherAdmin.call('exports.catalogNumber', { params: { id: label.id } })).status).toBe(404)
  })
})

describe('entity search', () => {
  it('finds exports and ingestions by file name or id, for staff of the workspace', async () => {
    const history = await admin.ok('exports.history', { query: {} })
    const newest = history.data[0]
    const byId = await admin.ok('search.query', { query: { q: `#${newest.id}` } })
    expect(byId.hits).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'catalogueExport', id: newest.id })]))
    const byName = await admin.ok('search.query', { query: { q: 'catalogue-numbers' } })
    expect(byName.hits.filter((hit) => hit.kind === 'catalogueExport').map((hit) => hit.title)).toEqual([
      expect.stringMatching(/^catalogue-numbers-\d+-/),
    ])
    const ingestion = await admin.ok('ingestion.upload', {
      multipart: { files: { file: { filename: 'spring-catalogue.csv', data: Buffer.from('user_email,release_title\na@b.c,x\n') } } },
    })
    const found = await admin.ok('search.query', { query: { q: 'spring-cat' } })
    expect(found.hits.find((hit) => hit.kind === 'ingestion')).toMatchObject({ id: ingestion.id, title: 'spring-catalogue.csv' })
    expect((await otherAdmin.ok('search.query', { query: { q: 'spring-cat' } })).hits.filter((hit) => hit.kind === 'ingestion')).toEqual([])
  })
})
