import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { and, eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { twoWorkspaces } from '../helpers/fixtures'
import { auditLog, newsPosts } from '../../src/server/db/schema'
import type { NewsInput } from '../../src/contract/news'

let t: TestApp
let ws: Awaited<ReturnType<typeof twoWorkspaces>>
let admin: TestClient
let artist: TestClient
let otherAdmin: TestClient

beforeAll(async () => {
  t = await createTestApp()
  ws = await twoWorkspaces(t, 'acme', 'globex')
  ;({ admin, artist, otherAdmin } = ws)
})
afterAll(() => t.close())

const post = (overrides: Partial<NewsInput> = {}): NewsInput => ({
  title: 'Spring release plan',
  content: '<h2>Plan</h2><p>Hello</p>',
  categoryId: null,
  featuredImg: null,
  coverImg: null,
  featured: false,
  status: 'draft',
  publishDate: null,
  ...overrides,
})

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 8000): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > until) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('posts', () => {
  it('creates a draft with a slug from the title, unique in the workspace and stable on rename', async () => {
    const first = await admin.ok('news.create', { body: post({ title: 'Café Nights: Live!' }) })
    expect(first).toMatchObject({ slug: 'cafe-nights-live', status: 'draft' })
    const second = await admin.ok('news.create', { body: post({ title: 'Café nights live' }) })
    expect(second.slug).toBe('cafe-nights-live-2')
    // Another workspace may use the same slug.
    expect((await otherAdmin.ok('news.create', { body: post({ title: 'Café Nights: Live!' }) })).slug).toBe('cafe-nights-live')

    const renamed = await admin.ok('news.edit', { body: { ...post({ title: 'A new title' }), id: first.id } })
    expect(renamed.slug).toBe('cafe-nights-live')
    const reslugged = await admin.ok('news.edit', { body: { ...post({ title: 'A new title', slug: 'a-new-title' }), id: first.id } })
    expect(reslugged.slug).toBe('a-new-title')
    const clash = await admin.call('news.edit', { body: { ...post({ slug: 'cafe-nights-live-2' }), id: first.id } })
    expect(clash.status).toBe(400)
    expect(clash.error.errors?.slug).toMatch(/already/)
  })

  it('sanitises content before storing it', async () => {
    const saved = await admin.ok('news.create', {
      body: post({ content: '<p onclick="steal()">Hi<script>alert(1)</script></p><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a>' }),
    })
    const single = await admin.ok('news.single', { params: { id: saved.id } })
    expect(single.content).toBe('<p>Hi</p><a target="_blank" rel="noopener noreferrer nofollow">x</a>')
  })

  it('publishes now, and lists with search and status filters, newest first', async () => {
    const published = await admin.ok('news.create', { body: post({ title: 'Royalty statements are out', status: 'published' }) })
    expect(published.status).toBe('published')
    const list = await admin.ok('news.list', { query: { search: 'statements', status: 'published' } })
    expect(list.data.map((item) => item.id)).toEqual([published.id])
    expect(list.data[0]).toMatchObject({ visible: true, publishDate: expect.any(String) })
    const all = await admin.ok('news.list', { query: {} })
    expect(all.data[0].id).toBe(published.id)
  })

  it('schedules a post for a future date, and the job runner publishes it then', async () => {
    const at = new Date(Date.now() + 1500).toISOString()
    const saved = await admin.ok('news.create', { body: post({ title: 'Scheduled news', status: 'published', publishDate: at }) })
    expect(saved.status).toBe('scheduled')
    expect((await artist.ok('news.published', { query: {} })).data.map((item) => item.id)).not.toContain(saved.id)
    const after = await waitFor(
      () => admin.ok('news.single', { params: { id: saved.id } }),
      (single) => single.status === 'published',
    )
    expect(after.status).toBe('published')
    expect((await artist.ok('news.published', { query: {} })).data.map((item) => item.id)).toContain(saved.id)
    const audits = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'news.published'), eq(auditLog.entityId, String(saved.id))))
    expect(audits).toHaveLength(1)
  })

  it('a post moved back to draft before its date stays hidden', async () => {
    const at = new Date(Date.now() + 800).toISOString()
    const saved = await admin.ok('news.create', { body: post({ title: 'Changed my mind', status: 'published', publishDate: at }) })
    await admin.ok('news.edit', { body: { ...post({ title: 'Changed my mind', status: 'draft', publishDate: at }), id: saved.id } })
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect((await admin.ok('news.single', { params: { id: saved.id } })).status).toBe('draft')
  })

  it('artists read only published posts of their own workspace; they cannot use the admin calls', async () => {
    const draft = await admin.ok('news.create', { body: post({ title: 'Secret draft' }) })
    const feed = await artist.ok('news.published', { query: {} })
    expect(feed.data.map((item) => item.id)).not.toContain(draft.id)
    expect(feed.data.every((item) => item.title !== 'Café Nights: Live!' || item.slug !== 'cafe-nights-live')).toBe(true)
    expect((await artist.call('news.list', { query: {} })).status).toBe(403)
    expect((await artist.call('news.create', { body: post() })).status).toBe(403)
    expect((await otherAdmin.call('news.single', { params: { id: draft.id } })).status).toBe(404)
    expect((await otherAdmin.call('news.remove', { body: { id: draft.id } })).status).toBe(404)
  })

  it('the palette finds posts by title, slug or id, for staff only', async () => {
    const saved = await admin.ok('news.create', { body: post({ title: 'Findable festival lineup' }) })
    for (const q of ['festival lineup', 'findable-festival-lineup', `post:${saved.id}`]) {
      const { hits } = await admin.ok('search.query', { query: { q, kinds: 'newsPost' } })
      expect(hits.map((hit) => hit.id), q).toContain(saved.id)
    }
    const { hits } = await artist.ok('search.query', { query: { q: 'festival lineup', kinds: 'newsPost' } })
    expect(hits).toEqual([])
  })

  it('publishes or schedules a saved post without sending it again (the palette and the bulk bar)', async () => {
    const draft = await admin.ok('news.create', { body: post({ title: 'Publish me', content: '<p>kept</p>' }) })
    const scheduled = await admin.ok('news.publish', { body: { id: draft.id, publishDate: new Date(Date.now() + 3_600_000).toISOString() } })
    expect(scheduled.status).toBe('scheduled')
    const now = await admin.ok('news.publish', { body: { id: draft.id } })
    expect(now.status).toBe('published')
    const single = await admin.ok('news.single', { params: { id: draft.id } })
    expect(single).toMatchObject({ status: 'published', content: '<p>kept</p>', title: 'Publish me' })
    expect((await otherAdmin.call('news.publish', { body: { id: draft.id } })).status).toBe(404)
  })

  it('removes a post', async () => {
    const saved = await admin.ok('news.create', { body: post({ title: 'To delete' }) })
    await admin.ok('news.remove', { body: { id: saved.id } })
    const rows = await t.services.db.select().from(newsPosts).where(eq(newsPosts.id, saved.id))
    expect(rows).toHaveLength(0)
  })
})

describe('embed-image', () => {
  it('takes a PNG, resizes it to fit 1600 pixels and stores it; artists can open it', async () => {
    const png = await sharp({ create: { width: 3200, height: 1000, channels: 3, background: '#336699' } })
      .png()
      .toBuffer()
    const image = await admin.ok('news.embedImage', { multipart: { files: { image: { filename: 'big.png', data: png, contentType: 'image/png' } } } })
    expect(image).toMatchObject({ width: 1600, height: 500, url: `/api/files/${image.id}` })
    const file = await artist.call('files.get', { params: { id: image.id } })
    expect(file.status).toBe(200)
    expect(file.response.headers['content-type']).toBe('image/png')
  })

  it('refuses what is not a JPG or PNG by its bytes, whatever its name says', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')
    const html = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')
    for (const data of [gif, html]) {
      const result = await admin.call('news.embedImage', { multipart: { files: { image: { filename: 'a.png', data, contentType: 'image/png' } } } })
      expect(result.status).toBe(415)
    }
  })

  it('a post refuses an image address of another workspace', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer()
    const theirs = await otherAdmin.ok('news.embedImage', { multipart: { files: { image: { filename: 'x.png', data: png } } } })
    const result = await admin.call('news.create', { body: post({ featuredImg: theirs.url }) })
    expect(result.status).toBe(400)
  })
})

describe('categories', () => {
  it('creates, edits and removes; one in use is refused unless its posts move', async () => {
    const general = await admin.ok('news.categoryCreate', { body: { name: 'General', details: 'Everything else' } })
    expect(general).toMatchObject({ slug: 'general', posts: 0 })
    const events = await admin.ok('news.categoryCreate', { body: { name: 'Events' } })
    const dup = await admin.call('news.categoryCreate', { body: { name: 'general' } })
    expect(dup.status).toBe(400)
    const renamed = await admin.ok('news.categoryEdit', { body: { id: events.id, name: 'Live events', details: '' } })
    expect(renamed).toMatchObject({ name: 'Live events', slug: 'events' })

    const filed = await admin.ok('news.create', { body: post({ title: 'Gig', categoryId: events.id }) })
    const refused = await admin.call('news.categoryRemove', { body: { id: events.id } })
    expect(refused.status).toBe(409)
    expect(refused.error.message).toMatch(/1 post uses this category/)

    const moved = await admin.ok('news.categoryRemove', { body: { id: events.id, moveTo: general.id } })
    expect(moved.moved).toBe(1)
    expect((await admin.ok('news.single', { params: { id: filed.id } })).category).toEqual({ id: general.id, name: 'General' })
    const { data } = await admin.ok('news.categories')
    expect(data.map((category) => category.name)).toEqual(['General'])
    expect(data[0].posts).toBe(1)
    expect((await otherAdmin.call('news.categoryRemove', { body: { id: general.id } })).status).toBe(404)
  })
})
