import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { createTestApp, type TestApp } from '../helpers/app'
// @ts-expect-error: a plain ES module script without types
import { precompress } from '../../scripts/precompress.mjs'

let t: TestApp
const script = `export const rows = [${Array.from({ length: 2000 }, (_, index) => `{ id: ${index}, title: "Row ${index}" }`).join(', ')}]\n`

beforeAll(async () => {
  const clientDir = mkdtempSync(path.join(os.tmpdir(), 'wl-client-'))
  mkdirSync(path.join(clientDir, 'assets'))
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>wl-admin</title><div id="root"></div>')
  writeFileSync(path.join(clientDir, 'assets', 'grid-Ab12Cd34.js'), script)
  const totals = (await precompress(clientDir)) as { raw: number; br: number; gz: number }
  expect(totals.br).toBeGreaterThan(0)
  expect(totals.br).toBeLessThan(totals.gz)
  t = await createTestApp({ clientDir })
})
afterAll(() => t.close())

describe('built assets', () => {
  it('are sent precompressed, brotli first, with Content-Encoding, Vary and immutable caching', async () => {
    const url = '/assets/grid-Ab12Cd34.js'
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i)
    expect(br.rawPayload.length).toBeLessThan(script.length / 4)
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script)

    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script)

    const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)
    expect(plain.headers['content-type']).toMatch(/javascript/)
  })
})
