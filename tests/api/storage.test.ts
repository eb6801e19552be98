import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createTestApp, type TestApp } from '../helpers/app'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import { startFakeServer } from '../helpers/fake-servers'
import { FileStore } from '../../src/server/storage/file-store'
import { LocalStorage, S3Storage } from '../../src/server/storage/backends'

// A 1x1 PNG and the first bytes of a JPEG: real magic numbers.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
const HTML = Buffer.from('<html><script>alert(document.cookie)</script></html>')

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
beforeAll(async () => {
  t = await createTestApp()
  ws = await createWorkspace(t.services, 'acme')
})
afterAll(() => t.close())

describe('file store', () => {
  it('accepts an image judged by its bytes and serves it inline with safe headers', async () => {
    const saved = await t.services.files.save(t.services.db, {
      tenantId: ws.tenant.id,
      purpose: 'logo',
      originalName: 'logo.png',
      data: PNG,
      kind: 'image',
      maxBytes: 1024 * 1024,
    })
    expect(saved).toMatchObject({ contentType: 'image/png', size: PNG.length, visibility: 'private' })
    const admin = await signedIn(t.app, 'admin@acme.test')
    const result = await admin.call('files.get', { params: { id: saved.id } })
    expect(result.status).toBe(200)
    expect(result.response.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    })
    expect(result.response.rawPayload.equals(PNG)).toBe(true)
  })

  it('refuses a file whose bytes do not match what it claims to be', async () => {
    await expect(
      t.services.files.save(t.services.db, {
        tenantId: ws.tenant.id,
        purpose: 'logo',
        originalName: 'logo.png',
        data: HTML,
        kind: 'image',
        maxBytes: 1024 * 1024,
      }),
    ).rejects.toMatchObject({ statusCode: 415, message: 'The file must be a JPG or PNG image.' })
    await expect(
      t.services.files.save(t.services.db, {
        tenantId: ws.tenant.id,
        purpose: 'import',
        originalName: 'rows.csv',
        data: PNG,
        kind: 'csv',
        maxBytes: 1024 * 1024,
      }),
    ).rejects.toMatchObject({ statusCode: 415, message: 'The file must be a CSV file.' })
  })

  it('refuses empty and oversized files', async () => {
    await expect(
      t.services.files.save(t.services.db, {
        tenantId: ws.tenant.id,
        purpose: 'logo',
        originalName: 'a.png',
        data: Buffer.alloc(0),
        kind: 'image',
        maxBytes: 10,
      }),
    ).rejects.toMatchObject({ statusCode: 400 })
    await expect(
      t.services.files.save(t.services.db, {
        tenantId: ws.tenant.id,
        purpose: 'logo',
        originalName: 'a.png',
        data: PNG,
        kind: 'image',
        maxBytes: 10,
      }),
    ).rejects.toMatchObject({ statusCode: 413 })
  })

  it('never serves a stored file with an active content type', async () => {
    const csv = await t.services.files.save(t.services.db, {
      tenantId: ws.tenant.id,
      purpose: 'import',
      originalName: '<b>rows</b>.csv',
      data: Buffer.from('isrc,amount\nUSABC2400001,1.20\n'),
      kind: 'csv',
      maxBytes: 1024,
    })
    const admin = await signedIn(t.app, 'admin@acme.test')
    const result = await admin.call('files.get', { params: { id: csv.id } })
    expect(result.response.headers['content-type']).toBe('application/octet-stream')
    expect(result.response.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''/)
    expect(result.response.headers['content-disposition']).not.toContain('<')
  })

  it('keeps keys inside the storage root', async () => {
    const local = new LocalStorage(mkdtempSync(path.join(os.tmpdir(), 'wl-store-')))
    await expect(local.put('../escape', PNG)).rejects.toThrow('Unsafe storage key')
    await expect(local.put('/abs/path', PNG)).rejects.toThrow('Unsafe storage key')
  })
})

describe('S3-compatible storage', () => {
  it('puts, gets and deletes objects with SigV4-signed requests', async () => {
    const objects = new Map<string, Buffer>()
    const fake = await startFakeServer((req, body) => {
      const key = req.url ?? ''
      if (req.method === 'PUT') {
        objects.set(key, Buffer.from(body, 'latin1'))
        return { status: 200 }
      }
      if (req.method === 'GET') return objects.has(key) ? { body: objects.get(key)!.toString('latin1') } : { status: 404 }
      if (req.method === 'DELETE') {
        objects.delete(key)
        return { status: 204 }
      }
      return { status: 405 }
    })
    const s3 = new S3Storage({
      endpoint: fake.url,
      bucket: 'wl-files',
      region: 'eu-west-1',
      accessKeyId: 'AKIATEST',
      secretAccessKey: 'secret',
    })
    await s3.put('1/logo/abc', Buffer.from('hello'), 'image/png')
    expect(objects.get('/wl-files/1/logo/abc')?.toString()).toBe('hello')
    const put = fake.requests[0]
    expect(put.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIATEST\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=.*, Signature=[0-9a-f]{64}$/,
    )
    expect(put.headers['x-amz-content-sha256']).toBeDefined()
    const chunks: Buffer[] = []
    for await (const chunk of await s3.get('1/logo/abc')) chunks.push(Buffer.from(chunk))
    expect(Buffer.concat(chunks).toString()).toBe('hello')
    await s3.delete('1/logo/abc')
    expect(objects.size).toBe(0)
    await fake.close()
  })
})

describe('file store with S3', () => {
  it('stores through whatever backend is configured', () => {
    expect(new FileStore(new LocalStorage('/tmp')).backend.kind).toBe('local')
  })
})

describe('who may download a file', () => {
  it('lets staff open any file of the workspace, and others only their own or public ones', async () => {
    const artistFile = await t.services.files.save(t.services.db, {
      tenantId: ws.tenant.id,
      purpose: 'document',
      originalName: 'mine.png',
      data: PNG,
      kind: 'image',
      maxBytes: 1024 * 1024,
      createdBy: ws.artist.id,
    })
    const labelFile = await t.services.files.save(t.services.db, {
      tenantId: ws.tenant.id,
      purpose: 'document',
      originalName: 'theirs.png',
      data: PNG,
      kind: 'image',
      maxBytes: 1024 * 1024,
      createdBy: ws.label.id,
    })
    const logo = await t.services.files.save(t.services.db, {
      tenantId: ws.tenant.id,
      purpose: 'logo',
      originalName: 'logo.png',
      data: PNG,
      kind: 'image',
      maxBytes: 1024 * 1024,
      visibility: 'public',
    })
    const artist = await signedIn(t.app, 'artist@acme.test')
    expect((await artist.call('files.get', { params: { id: artistFile.id } })).status).toBe(200)
    expect((await artist.call('files.get', { params: { id: logo.id } })).status).toBe(200)
    expect((await artist.call('files.get', { params: { id: labelFile.id } })).status).toBe(404)
    const admin = await signedIn(t.app, 'admin@acme.test')
    expect((await admin.call('files.get', { params: { id: labelFile.id } })).status).toBe(200)
  })
})
