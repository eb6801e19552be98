import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { createTestApp, type TestApp } from '../helpers/app'
import { TestClient } from '../helpers/client'
import { createAccount, createWorkspace, signedIn } from '../helpers/fixtures'
import { createRelease } from './releases-fixtures'
import { releases, tracks } from '../../src/server/db/schema'
import { releaseImageAudienceQuery } from '../../src/domains/catalogue/server/release-reads'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let other: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let artist: TestClient

beforeAll(async () => {
  t = await createTestApp()
  ws = await createWorkspace(t.services, 'acme')
  other = await createWorkspace(t.services, 'globex')
  admin = await signedIn(t.app, 'admin@acme.test')
  artist = await signedIn(t.app, 'artist@acme.test')
})
afterAll(() => t.close())

// ---------------------------------------------------------------------------------------------
// Test files, made here

async function image(width: number, height: number, format: 'png' | 'jpeg' = 'png', noise = false): Promise<Buffer> {
  const input = noise
    ? sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    : sharp({ create: { width, height, channels: 3, background: { r: 180, g: 40, b: 90 } } })
  return format === 'png' ? input.png({ compressionLevel: noise ? 0 : 6 }).toBuffer() : input.jpeg().toBuffer()
}
const dataUrl = (data: Buffer, type = 'image/png') => `data:${type};base64,${data.toString('base64')}`

/** A valid PCM WAV: mono, 16-bit, 8 kHz, `seconds` long, with any extra chunks (ADM BWF has chna and axml). */
function wav(seconds: number, extra: { id: string; body: Buffer }[] = []): Buffer {
  const sampleRate = 8000
  const samples = Buffer.alloc(sampleRate * seconds * 2)
  for (let i = 0; i < sampleRate * seconds; i += 1) samples.writeInt16LE(Math.round(Math.sin(i / 10) * 8000), i * 2)
  const fmt = Buffer.alloc(16)
  fmt.writeUInt16LE(1, 0)
  fmt.writeUInt16LE(1, 2)
  fmt.writeUInt32LE(sampleRate, 4)
  fmt.writeUInt32LE(sampleRate * 2, 8)
  fmt.writeUInt16LE(2, 12)
  fmt.writeUInt16LE(16, 14)
  const chunk = (id: string, body: Buffer) => {
    const head = Buffer.alloc(8)
    head.write(id, 0, 'latin1')
    head.writeUInt32LE(body.length, 4)
    return Buffer.concat([head, body, body.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)])
  }
  const body = Buffer.concat([Buffer.from('WAVE'), chunk('fmt ', fmt), ...extra.map((c) => chunk(c.id, c.body)), chunk('data', samples)])
  const head = Buffer.alloc(8)
  head.write('RIFF', 0, 'latin1')
  head.writeUInt32LE(body.length, 4)
  return Buffer.concat([head, body])
}
const admWav = (seconds: number) =>
  wav(seconds, [
    { id: 'chna', body: Buffer.alloc(44) },
    { id: 'axml', body: Buffer.from('<ebuCoreMain><coreMetadata><format><audioFormatExtended/></format></coreMetadata></ebuCoreMain>') },
  ])

async function draftWithTrack(title = 'Media Draft') {
  const draft = await admin.ok('releases.albumDetails', { body: { userId: ws.artist.id, title } })
  const saved = await admin.ok('releases.albumTracks', { body: { releaseId: draft.id, tracks: [{ title: 'Opening' }] } })
  return { draft, track: saved.data[0] }
}

function upload(
  client: TestClient,
  trackId: number | string,
  kind: string,
  file?: { filename: string; data: Buffer; contentType?: string },
) {
  return client.call('releases.replaceTrackAudio', {
    multipart: { fields: { trackId: String(trackId), kind }, ...(file ? { files: { file } } : {}) },
  })
}

async function served(url: string | null) {
  expect(url).toMatch(/^\/api\/files\/\d+$/)
  return admin.call('files.get', { params: { id: Number(url!.split('/').pop()) } })
}

async function coverFileCount(): Promise<number> {
  const result = await t.services.db.execute<{ n: number }>(
    sql`select count(*)::int as n from files where tenant_id = ${ws.tenant.id} and purpose = 'release-cover'`,
  )
  return Number(result.rows[0].n)
}

// ---------------------------------------------------------------------------------------------

describe('cover art', () => {
  it('is stored as three JPEG renditions that are served, replaced (old files removed) and removed', async () => {
    const draft = await admin.ok('releases.albumDetails', {
      body: { userId: ws.artist.id, title: 'Covered', cover: dataUrl(await image(1400, 1400)) },
    })
    const urls = [draft.artwork.cover, draft.artwork.medium, draft.artwork.large]
    expect(draft.coverUrl).toBe(draft.artwork.cover)
    expect(new Set(urls).size).toBe(3)
    const sizes: number[] = []
    for (const url of urls) {
      const file = await served(url)
      expect(file.status).toBe(200)
      expect(file.response.headers['content-type']).toBe('image/jpeg')
      sizes.push((await sharp(file.response.rawPayload).metadata()).width!)
    }
    expect(sizes).toEqual([300, 600, 1400])

    // A bigger JPEG replaces it: new renditions, the old files are gone.
    const replaced = await admin.ok('releases.albumDetails', {
      body: { releaseId: draft.id, cover: dataUrl(await image(2000, 2000, 'jpeg'), 'image/jpeg') },
    })
    expect(replaced.artwork.large).not.toBe(draft.artwork.large)
    expect((await sharp((await served(replaced.artwork.large)).response.rawPayload).metadata()).width).toBe(1400)
    for (const url of urls) expect((await served(url)).status).toBe(404)
    const history = await admin.ok('releases.history', { params: { id: draft.id }, query: {} })
    const edit = history.data.find((entry) => entry.action === 'release.edited')
    expect(edit?.before).toMatchObject({ coverLargeUrl: draft.artwork.large })
    expect(edit?.after).toMatchObject({ coverLargeUrl: replaced.artwork.large })

    // null removes the cover and its files.
    const removed = await admin.ok('releases.albumDetails', { body: { releaseId: draft.id, cover: null } })
    expect(removed.artwork).toEqual({ cover: null, medium: null, large: null })
    expect((await served(replaced.artwork.cover)).status).toBe(404)
  })

  it("serves a draft's cover only to staff and the release's owner; once past draft, to the workspace and its public pages", async () => {
    await createAccount(t.services, { tenantId: ws.tenant.id, email: 'neighbour@acme.test', type: 'artist' })
    const neighbour = await signedIn(t.app, 'neighbour@acme.test')
    const draft = await admin.ok('releases.albumDetails', {
      body: { userId: ws.artist.id, title: 'Secret Cover', cover: dataUrl(await image(1400, 1400)) },
    })
    const ids = [draft.artwork.cover, draft.artwork.medium, draft.artwork.large].map((url) => Number(url!.split('/').pop()))
    for (const id of ids) {
      expect((await admin.call('files.get', { params: { id } })).status).toBe(200)
      expect((await artist.call('files.get', { params: { id } })).status).toBe(200)
      expect((await neighbour.call('files.get', { params: { id } })).status).toBe(404)
      expect((await neighbour.call('site.publicFile', { params: { id } })).status).toBe(404)
    }
    await t.services.db.update(releases).set({ status: 1 }).where(eq(releases.id, draft.id))
    for (const id of ids) {
      expect((await neighbour.call('files.get', { params: { id } })).status).toBe(200)
      expect((await neighbour.call('site.publicFile', { params: { id } })).status).toBe(200)
    }
  })

  it("finds who may see a cover file through indexes, not by reading every release", async () => {
    await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Planned' }, [])
    let plan = ''
    await t.services.db.transaction(async (tx) => {
      // A workspace of 5,000 releases (rolled back below), so the planner weighs the lookup as at size.
      const { rows: columns } = await tx.execute<{ column_name: string }>(sql`
        select column_name from information_schema.columns
        where table_name = 'releases' and table_schema = current_schema() and column_name not in ('id', 'upc', 'catalog_number')`)
      const list = sql.raw(columns.map(({ column_name }) => `"${column_name}"`).join(', '))
      await tx.execute(sql`insert into releases (${list}) select ${list} from releases, generate_series(1, 5000)
        where id = (select min(id) from releases where tenant_id = ${ws.tenant.id})`)
      await tx.execute(sql`analyze releases`)
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${releaseImageAudienceQuery(ws.tenant.id, 1)}`)
      plan = rows.map((row) => row['QUERY PLAN']).join('\n')
      tx.rollback()
    }).catch((error: unknown) => {
      if (!plan) throw error
    })
    expect(plan, plan).toContain("releases_cover_files_idx")
    expect(plan).toContain('release_assets_file_idx')
  })

  it('takes a cover larger than the usual 2 MB body', async () => {
    const big = await image(1400, 1400, 'png', true)
    expect(big.length).toBeGreaterThan(3 * 1024 * 1024)
    const draft = await admin.ok('releases.albumDetails', { body: { userId: ws.artist.id, title: 'Noisy', cover: dataUrl(big) } })
    expect((await served(draft.artwork.large)).status).toBe(200)
  })

  it('refuses what is not a JPG or PNG, even named and declared as one, and stores nothing', async () => {
    const before = await coverFileCount()
    const disguised = await admin.call('releases.albumDetails', {
      body: { userId: ws.artist.id, title: 'Fake', cover: dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')) },
    })
    expect(disguised.status).toBe(415)
    expect(disguised.error.errors?.cover).toBe('The cover must be a JPG or PNG image.')
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')
    expect((await admin.call('releases.albumDetails', { body: { userId: ws.artist.id, cover: dataUrl(gif) } })).status).toBe(415)
    const notDataUrl = await admin.call('releases.albumDetails', { body: { userId: ws.artist.id, cover: 'https://example.com/a.png' } })
    expect(notDataUrl.error.errors?.cover).toBe('The cover could not be read')
    expect(await coverFileCount()).toBe(before)
  })

  it('refuses a cover that is too small, not square or too large, saying its size', async () => {
    const { draft } = await draftWithTrack('Sized')
    const small = await admin.call('releases.albumDetails', { body: { releaseId: draft.id, cover: dataUrl(await image(1000, 1000)) } })
    expect(small.status).toBe(400)
    expect(small.error.errors?.cover).toBe('The cover must be at least 1400 × 1400 pixels: this one is 1000 × 1000.')
    const oblong = await admin.call('releases.albumDetails', { body: { releaseId: draft.id, cover: dataUrl(await image(1600, 1400)) } })
    expect(oblong.error.errors?.cover).toBe('The cover must be square: this one is 1600 × 1400 pixels.')
    const huge = await admin.call('releases.albumDetails', { body: { releaseId: draft.id, cover: dataUrl(await image(6100, 6100)) } })
    expect(huge.error.errors?.cover).toBe('The cover must be at most 6000 × 6000 pixels: this one is 6100 × 6100.')
    // The draft itself is untouched.
    expect((await admin.ok('releases.general', { params: { id: draft.id } })).artwork.cover).toBeNull()
  })

  it('keeps a cover file another release still shows, and refuses covers on releases past draft', async () => {
    const first = await admin.ok('releases.albumDetails', {
      body: { userId: ws.artist.id, title: 'Shared A', cover: dataUrl(await image(1400, 1400)) },
    })
    const second = await admin.ok('releases.albumDetails', { body: { userId: ws.artist.id, title: 'Shared B' } })
    await t.services.db
      .update(releases)
      .set({ coverUrl: first.artwork.cover, coverMediumUrl: first.artwork.medium, coverLargeUrl: first.artwork.large })
      .where(eq(releases.id, second.id))
    await admin.ok('releases.albumDetails', { body: { releaseId: first.id, cover: null } })
    expect((await served(first.artwork.large)).status).toBe(200)

    await t.services.db.update(releases).set({ status: 2 }).where(eq(releases.id, second.id))
    const before = await coverFileCount()
    const refused = await admin.call('releases.albumDetails', { body: { releaseId: second.id, cover: dataUrl(await image(1400, 1400)) } })
    expect(refused.status).toBe(409)
    expect(await coverFileCount()).toBe(before)
  })
})

describe('track audio', () => {
  it('stores WAV audio, reads its length, resets the scan, and replaces it removing the old file', async () => {
    const { draft, track } = await draftWithTrack()
    await t.services.db.update(tracks).set({ scanStatus: 1 }).where(eq(tracks.id, track.id))
    const first = await upload(admin, track.id, 'audio', { filename: 'opening.wav', data: wav(3), contentType: 'audio/wav' })
    expect(first.status).toBe(200)
    expect(first.data).toMatchObject({ id: track.id, duration: 3, scanStatus: null })
    const file = await served(first.data.audioUrl)
    expect(file.response.headers['content-type']).toBe('audio/wav')
    expect(file.response.rawPayload.equals(wav(3))).toBe(true)

    // A longer recording (over the 2 MB JSON body limit) replaces it; the first file is gone.
    await t.services.db.update(tracks).set({ scanStatus: 1 }).where(eq(tracks.id, track.id))
    const second = await upload(admin, track.id, 'audio', { filename: 'opening-v2.wav', data: wav(200) })
    expect(second.status).toBe(200)
    expect(second.data).toMatchObject({ duration: 200, scanStatus: null })
    expect(second.data.audioUrl).not.toBe(first.data.audioUrl)
    expect((await served(first.data.audioUrl)).status).toBe(404)
    expect((await served(second.data.audioUrl)).status).toBe(200)

    // The instrumental leaves the main audio and its scan alone.
    await t.services.db.update(tracks).set({ scanStatus: 1 }).where(eq(tracks.id, track.id))
    const instrumental = await upload(admin, track.id, 'instrument', { filename: 'inst.wav', data: wav(2) })
    expect(instrumental.data).toMatchObject({ audioUrl: second.data.audioUrl, scanStatus: 1, duration: 200 })
    expect(instrumental.data.instrumentUrl).toMatch(/^\/api\/files\/\d+$/)

    const history = await admin.ok('releases.history', { params: { id: draft.id }, query: {} })
    const replaced = history.data.filter((entry) => entry.action === 'track.file_replaced')
    expect(replaced).toHaveLength(3)
    expect(replaced[1]).toMatchObject({
      before: { trackId: track.id, kind: 'audio', audioUrl: first.data.audioUrl, scanStatus: 1 },
      after: { trackId: track.id, kind: 'audio', audioUrl: second.data.audioUrl, scanStatus: null, fileName: 'opening-v2.wav' },
    })
  })

  it('takes a Dolby Atmos master only as an ADM BWF', async () => {
    const { track } = await draftWithTrack('Atmos')
    const plain = await upload(admin, track.id, 'dolby', { filename: 'atmos.wav', data: wav(1) })
    expect(plain.status).toBe(415)
    expect(plain.error.errors?.file).toMatch(/ADM BWF WAV file \(with chna and axml chunks\)/)
    const adm = await upload(admin, track.id, 'dolby', { filename: 'atmos.wav', data: admWav(1) })
    expect(adm.status).toBe(200)
    expect(adm.data.dolbyUrl).toMatch(/^\/api\/files\/\d+$/)
  })

  it('refuses what is not audio, whatever its name, and says what is wrong with the form', async () => {
    const { track } = await draftWithTrack('Refusals')
    const text = await upload(admin, track.id, 'audio', {
      filename: 'song.wav',
      data: Buffer.from('just some text'),
      contentType: 'audio/wav',
    })
    expect(text.status).toBe(415)
    expect(text.error.errors?.file).toBe('The file must be a WAV, FLAC or MP3 audio.')
    const png = await upload(admin, track.id, 'audio', { filename: 'song.mp3', data: await image(10, 10), contentType: 'audio/mpeg' })
    expect(png.status).toBe(415)
    const broken = wav(1).subarray(0, 36)
    expect((await upload(admin, track.id, 'audio', { filename: 'cut.wav', data: broken })).error.errors?.file).toMatch(/damaged/)

    const noFile = await upload(admin, track.id, 'audio')
    expect(noFile.status).toBe(400)
    expect(noFile.error.errors?.file).toBe('Please provide the file.')
    const badKind = await upload(admin, track.id, 'video', { filename: 'a.wav', data: wav(1) })
    expect(badKind.error.errors?.kind).toBe('Kind must be audio, instrument or dolby')
    const badId = await upload(admin, 'abc', 'audio', { filename: 'a.wav', data: wav(1) })
    expect(badId.status).toBe(400)
    expect(Object.keys(badId.error.errors ?? {})).toContain('trackId')
    expect((await admin.ok('releases.track', { params: { id: track.id } })).audioUrl).toBeNull()
  })

  it('is for staff of the workspace only', async () => {
    const { track } = await draftWithTrack('Guarded')
    expect((await upload(artist, track.id, 'audio', { filename: 'a.wav', data: wav(1) })).status).toBe(403)
    const theirs = await createRelease(t.services, { tenantId: other.tenant.id, accountId: other.artist.id, status: 1 })
    const foreign = await upload(admin, theirs.tracks[0].id, 'audio', { filename: 'a.wav', data: wav(1) })
    expect(foreign.status).toBe(404)
    expect(foreign.error.message).toBe('There is no such track in this workspace.')
    const [row] = await t.services.db.select().from(tracks).where(eq(tracks.id, theirs.tracks[0].id))
    expect(row.audioUrl).toBeNull()
  })

  it('replaces audio on a live release too, and drops the files of tracks removed from a draft', async () => {
    const live = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, status: 1 })
    const onLive = await upload(admin, live.tracks[0].id, 'audio', { filename: 'master.wav', data: wav(1) })
    expect(onLive.status).toBe(200)

    const { draft, track } = await draftWithTrack('Pruned')
    const uploaded = await upload(admin, track.id, 'audio', { filename: 'a.wav', data: wav(1) })
    await admin.ok('releases.albumTracks', { body: { releaseId: draft.id, tracks: [{ title: 'Replacement' }] } })
    expect((await served(uploaded.data.audioUrl)).status).toBe(404)
    const left = await t.services.db
      .select()
      .from(tracks)
      .where(and(eq(tracks.releaseId, draft.id), eq(tracks.id, track.id)))
    expect(left).toEqual([])
  })
})

describe('drafts in the palette', () => {
  it('finds drafts to resume in the uploader, and not releases past draft', async () => {
    const draft = await admin.ok('releases.albumDetails', { body: { userId: ws.artist.id, title: 'Lantern Drift' } })
    const submitted = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Lantern Gone', status: 2 })
    const hits = (await admin.ok('search.query', { query: { q: 'lantern', kinds: 'draft' } })).hits
    expect(hits).toEqual([
      expect.objectContaining({ kind: 'draft', id: draft.id, title: 'Lantern Drift', subtitle: 'Test Person · Draft' }),
    ])
    expect((await admin.ok('search.query', { query: { q: `draft:${draft.id}`, kinds: 'draft' } })).hits).toHaveLength(1)
    expect((await admin.ok('search.query', { query: { q: `draft:${submitted.release.id}`, kinds: 'draft' } })).hits).toEqual([])
    expect((await artist.ok('search.query', { query: { q: 'lantern' } })).hits).toEqual([])
  })
})
