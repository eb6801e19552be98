import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { createTestApp, type TestApp } from '../helpers/app'
import { TestClient } from '../helpers/client'
import { createWorkspace, twoWorkspaces } from '../helpers/fixtures'
import { auditLog, files } from '../../src/server/db/schema'
import { escapeMarkup } from '../../src/server/markup'
import { createRelease } from './releases-fixtures'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let other: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let artist: TestClient
let otherAdmin: TestClient

beforeAll(async () => {
  t = await createTestApp()
  ;({ ws, other, admin, artist, otherAdmin } = await twoWorkspaces(t, 'acme', 'globex'))
})
afterAll(() => t.close())

/** A release whose cover is a stored PNG: deep red on the left three quarters, white on the right. */
async function releaseWithCover(title = 'Night Drive') {
  const red = await sharp({ create: { width: 450, height: 600, channels: 3, background: '#B01020' } })
    .png()
    .toBuffer()
  const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#FFFFFF' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .png()
    .toBuffer()
  const file = await t.services.files.save(t.services.db, {
    tenantId: ws.tenant.id,
    purpose: 'release-cover',
    originalName: 'cover.png',
    data: png,
    kind: 'image',
    maxBytes: 5 * 1024 * 1024,
    visibility: 'public',
  })
  return createRelease(t.services, {
    tenantId: ws.tenant.id,
    accountId: ws.artist.id,
    title,
    status: 1,
    coverUrl: `/api/files/${file.id}`,
  })
}

/** The stored image, read back through the file endpoint as the tab's download link would. */
async function image(url: string) {
  const response = await admin.app.inject({
    method: 'GET',
    url,
    headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  })
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-type']).toBe('image/jpeg')
  return sharp(response.rawPayload)
}

describe('release assets', () => {
  it('list the three kinds, none generated yet', async () => {
    const { release } = await releaseWithCover()
    const listed = await admin.ok('releases.assets', { params: { id: release.id } })
    expect(listed.hasCover).toBe(true)
    expect(listed.data.map((asset) => [asset.kind, asset.width, asset.height, asset.file])).toEqual([
      ['post', 1080, 1080, null],
      ['story', 1080, 1920, null],
      ['canvas', 1080, 1920, null],
    ])
  })

  it('make a post, a story and a canvas of the right pixel size, as public files, audited', async () => {
    const { release } = await releaseWithCover('Night <Drive> & "Co"')
    const post = await admin.call('releases.assetsPost', { body: { releaseId: release.id } })
    expect(post.status).toBe(201)
    expect(post.data).toMatchObject({ kind: 'post', width: 1080, height: 1080 })
    expect(await (await image(post.data.file!.url)).metadata()).toMatchObject({ width: 1080, height: 1080, format: 'jpeg' })

    const story = await admin.ok('releases.assetsStory', { params: { id: release.id } })
    expect(await (await image(story.file!.url)).metadata()).toMatchObject({ width: 1080, height: 1920 })

    const canvas = await admin.ok('releases.assetsCanvas', { body: { releaseId: release.id } })
    const canvasImage = await image(canvas.file!.url)
    expect(await canvasImage.metadata()).toMatchObject({ width: 1080, height: 1920 })
    // The background is the cover's dominant colour (the red), not black or white.
    const { data } = await canvasImage
      .clone()
      .extract({ left: 10, top: 10, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect(data[0]).toBeGreaterThan(120)
    expect(data[1]).toBeLessThan(80)

    const stored = await t.services.db.select().from(files).where(eq(files.id, canvas.file!.id))
    expect(stored[0]).toMatchObject({ visibility: 'public', purpose: 'release-asset', contentType: 'image/jpeg' })
    const listed = await admin.ok('releases.assets', { params: { id: release.id } })
    expect(listed.data.map((asset) => asset.file?.id)).toEqual([post.data.file!.id, story.file!.id, canvas.file!.id])
    expect(listed.data[0].file?.createdBy).toBe('Test Person')
    const trail = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(release.id)), eq(auditLog.action, 'release.asset_generated')))
    expect(trail.map((row) => (row.after as { kind: string }).kind).sort()).toEqual(['canvas', 'post', 'story'])
  })

  it('replace the current image when made again and remove the old file', async () => {
    const { release } = await releaseWithCover('Again')
    const first = await admin.ok('releases.assetsPost', { body: { releaseId: release.id } })
    const second = await admin.ok('releases.assetsPost', { body: { releaseId: release.id } })
    expect(second.file!.id).not.toBe(first.file!.id)
    expect(await t.services.db.select().from(files).where(eq(files.id, first.file!.id))).toEqual([])
    expect((await admin.call('files.get', { params: { id: first.file!.id } })).status).toBe(404)
    expect((await admin.ok('releases.assets', { params: { id: release.id } })).data[0].file?.id).toBe(second.file!.id)
  })

  it('answer 409 with a clear message for a release without cover art', async () => {
    const { release } = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'No Cover' })
    expect((await admin.ok('releases.assets', { params: { id: release.id } })).hasCover).toBe(false)
    for (const result of [
      await admin.call('releases.assetsPost', { body: { releaseId: release.id } }),
      await admin.call('releases.assetsStory', { params: { id: release.id } }),
      await admin.call('releases.assetsCanvas', { body: { releaseId: release.id } }),
    ]) {
      expect(result.status).toBe(409)
      expect(result.error.message).toBe('This release has no cover art: add one before generating images from it.')
    }
    const external = await createRelease(t.services, {
      tenantId: ws.tenant.id,
      accountId: ws.artist.id,
      coverUrl: 'https://cdn.example/cover.jpg',
    })
    const refused = await admin.call('releases.assetsPost', { body: { releaseId: external.release.id } })
    expect(refused.status).toBe(409)
    expect(refused.error.message).toMatch(/not a file of this workspace/)
  })

  it('are for staff of the workspace only', async () => {
    const { release } = await releaseWithCover('Private')
    expect((await artist.call('releases.assets', { params: { id: release.id } })).status).toBe(403)
    expect((await artist.call('releases.assetsPost', { body: { releaseId: release.id } })).status).toBe(403)
    expect((await otherAdmin.call('releases.assets', { params: { id: release.id } })).status).toBe(404)
    expect((await otherAdmin.call('releases.assetsStory', { params: { id: release.id } })).status).toBe(404)
    expect(other.tenant.id).not.toBe(ws.tenant.id)
  })

  it('escape the title and artist drawn on the story', () => {
    expect(escapeMarkup(`<svg onload="x">&'`)).toBe('&#60;svg onload=&#34;x&#34;&#62;&#38;&#39;')
  })
})
