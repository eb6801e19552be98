import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import Fastify from 'fastify'
import fastifyCookie from '@fastify/cookie'
import { z } from 'zod'
import { ENDPOINTS, endpoint } from '../../src/contract/index'
import { allHandlers } from '../../src/server/domains'
import { missingHandlers, registerContract } from '../../src/server/contract-routes'
import { registerErrorHandling } from '../../src/server/plugins/errors'
import { createTestApp, type TestApp } from '../helpers/app'
import { TestClient } from '../helpers/client'
import { createWorkspace, signedIn } from '../helpers/fixtures'

let t: TestApp
let logLines: string[] = []
let clientDir: string

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'wl-client-'))
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>wl-admin</title><div id="root"></div>')
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(String(chunk))
      callback()
    },
  })
  t = await createTestApp({ clientDir, logger: { level: 'error', stream } })
  await createWorkspace(t.services, 'acme')
})
afterAll(() => t.close())

describe('contract', () => {
  it('has a handler for every endpoint', () => {
    expect(missingHandlers(allHandlers())).toEqual([])
  })

  it('serves the OpenAPI document with every contract path, and the docs page', async () => {
    const response = await t.app.inject({ url: '/api/openapi.json' })
    expect(response.statusCode).toBe(200)
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, { operationId: string }>> }
    expect(document.openapi).toBe('3.1.0')
    for (const [id, def] of Object.entries(ENDPOINTS)) {
      expect(document.paths[`/api/${def.path}`]?.[def.method.toLowerCase()]?.operationId, id).toBe(id)
    }
    const docs = await t.app.inject({ url: '/api/docs/' })
    expect(docs.statusCode).toBe(200)
    expect(docs.body).toContain('swagger')
  })
})

describe('errors', () => {
  it('answers a JSON 404 for an unknown /api path', async () => {
    const response = await t.app.inject({ url: '/api/no/such/thing' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ message: 'No API endpoint GET /api/no/such/thing.', code: 'not_found' })
  })

  it('serves the SPA for every client route, known or not', async () => {
    for (const url of ['/', '/login', '/users/manage/1', '/definitely/not/a/page']) {
      const response = await t.app.inject({ url })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['content-type']).toContain('text/html')
      expect(response.body).toContain('<div id="root">')
    }
    expect((await t.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404)
  })

  it('answers 400 with a message per field', async () => {
    const result = await new TestClient(t.app).call('auth.login', { body: { email: 'not-an-email', password: '' } })
    expect(result.status).toBe(400)
    expect(result.error.errors).toEqual({ email: 'Email must be valid', password: 'Password is required' })
  })

  it('answers 400 for a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe('The request body is not valid JSON.')
  })

  it('answers 401 without a session', async () => {
    const result = await new TestClient(t.app).call('auth.me')
    expect(result.status).toBe(401)
    expect(result.error).toEqual({ message: 'You need to sign in.', code: 'unauthenticated' })
  })

  it('answers 500 without internals, with a request id that is in the log', async () => {
    const broken = await createTestApp({
      logger: { level: 'error', stream: new Writable({ write: (c, _e, cb) => (logLines.push(String(c)), cb()) }) },
    })
    logLines = []
    await broken.database.pool.query('drop table sessions cascade')
    const client = new TestClient(broken.app)
    const result = await client.call('auth.me', { headers: { authorization: 'Bearer whatever' } })
    expect(result.status).toBe(500)
    expect(result.error.message).toMatch(/Something went wrong on our side/)
    expect(JSON.stringify(result.error)).not.toMatch(/sessions|relation|SELECT/i)
    expect(result.error.requestId).toMatch(/^[0-9a-f-]{36}$/)
    expect(result.response.headers['x-request-id']).toBe(result.error.requestId)
    expect(logLines.join('\n')).toContain(result.error.requestId)
    await broken.close()
  })
})

describe('access', () => {
  // The mechanism on a synthetic endpoint, then every admin endpoint the contract has.
  it('refuses a non-admin on an admin endpoint with 403, and a guest with 401', async () => {
    const app = Fastify()
    await app.register(fastifyCookie)
    registerErrorHandling(app)
    const adminOnly = endpoint({
      method: 'GET',
      path: 'probe/admin-only',
      access: 'admin',
      summary: 'probe',
      response: z.object({ ok: z.boolean() }),
    })
    registerContract(app, t.services, { 'probe.adminOnly': async () => ({ ok: true }) }, { 'probe.adminOnly': adminOnly })
    await app.ready()
    const artist = await signedIn(t.app, 'artist@acme.test')
    const admin = await signedIn(t.app, 'admin@acme.test')
    const asCookie = (client: TestClient) => ({ cookie: `wl_session=${client.sessionToken}`, host: 'localhost' })
    expect((await app.inject({ url: '/api/probe/admin-only', headers: asCookie(artist) })).statusCode).toBe(403)
    expect((await app.inject({ url: '/api/probe/admin-only', headers: asCookie(artist) })).json()).toMatchObject({ code: 'forbidden' })
    expect((await app.inject({ url: '/api/probe/admin-only', headers: asCookie(admin) })).json()).toEqual({ ok: true })
    expect((await app.inject({ url: '/api/probe/admin-only' })).statusCode).toBe(401)
    await app.close()
  })

  it('refuses every admin endpoint of the contract to an artist and a label, before reading the input', async () => {
    const adminOnly = Object.entries(ENDPOINTS).filter(([, def]) => def.access === 'admin')
    expect(adminOnly.length).toBeGreaterThan(50)
    for (const email of ['artist@acme.test', 'label@acme.test']) {
      const client = await signedIn(t.app, email)
      for (const [id, def] of adminOnly) {
        const params = Object.fromEntries([...def.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, 1]))
        const result = await client.call(id as keyof typeof ENDPOINTS, { params, query: {}, body: {} } as never)
        expect(result.status, `${email} ${id}`).toBe(403)
      }
    }
  })
})
