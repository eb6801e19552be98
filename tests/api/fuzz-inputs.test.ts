import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ENDPOINTS, fillPath, type EndpointDef } from '../../src/contract/index'
import { CSRF_HEADER, ERROR_CODES } from '../../src/core/session'
import { createTestApp, type TestApp } from '../helpers/app'
import { TestClient, multipartBody } from '../helpers/client'
import { createWorkspace, signedIn } from '../helpers/fixtures'

/**
 * The fuzz corpus that once answered 500 (issue 17), sent to every endpoint of the contract: no input
 * may give a server error. Text the database cannot store and loose ids are refused at the contract
 * layer with a field message; a path that names no record is 404.
 */
const NUL = 'a\u0000b'
const LONE_SURROGATE = '😀\uD800'
const LONG_DIGITS = '9'.repeat(40)
const LOOSE_IDS = ['0x10', ' 1', '1e3', LONG_DIGITS, NUL]
const QUERY_VALUES = [NUL, LONE_SURROGATE, LONG_DIGITS, '0x10']
const TEXTS: unknown[] = [NUL, LONE_SURROGATE, LONG_DIGITS, '0x10', 'x'.repeat(5000), -1, null, [NUL]]

let t: TestApp
let admin: TestClient
let ws: Awaited<ReturnType<typeof createWorkspace>>

beforeAll(async () => {
  t = await createTestApp()
  ws = await createWorkspace(t.services, 'fuzz')
  admin = await signedIn(t.app, ws.admin.email)
})
afterAll(async () => {
  await t.close()
})

function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  let current: unknown = schema
  for (let i = 0; i < 10 && current; i++) {
    if (current instanceof z.ZodPipe) current = current.in
    else if (current instanceof z.ZodOptional || current instanceof z.ZodDefault || current instanceof z.ZodNullable)
      current = current.unwrap()
    else break
  }
  return current as z.ZodType | undefined
}

function keysOf(schema: z.ZodType | undefined): string[] {
  const inner = unwrap(schema)
  return inner instanceof z.ZodObject ? Object.keys(inner.shape) : []
}

/** A value for each path parameter that the params schema accepts, so the other parts get read. */
function validParams(def: EndpointDef): Record<string, string> {
  const shape = unwrap(def.params)
  const params: Record<string, string> = {}
  for (const [, name] of def.path.matchAll(/\{(\w+)\}/g)) {
    const field = shape instanceof z.ZodObject ? (shape.shape as Record<string, z.ZodType>)[name] : undefined
    const enumValues = unwrap(field) instanceof z.ZodEnum ? (unwrap(field) as z.ZodEnum).options : []
    const candidates = [...enumValues.map(String), String(ws.artist.id), '1', '2026-01-01', '2026-01']
    params[name] = candidates.find((value) => field?.safeParse(value).success) ?? '1'
  }
  return params
}

interface Attempt {
  path: string
  query?: Record<string, string>
  body?: unknown
  rawBody?: { payload: Buffer | string; contentType: string }
}

async function send(def: EndpointDef, attempt: Attempt) {
  const headers: Record<string, string> = { host: 'localhost' }
  headers.cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  if (def.method !== 'GET' && admin.csrf) headers[CSRF_HEADER] = admin.csrf
  let payload: string | Buffer | undefined
  if (attempt.rawBody) {
    payload = attempt.rawBody.payload
    headers['content-type'] = attempt.rawBody.contentType
  } else if (attempt.body !== undefined && def.method !== 'GET') {
    payload = JSON.stringify(attempt.body)
    headers['content-type'] = 'application/json'
  }
  const response = await t.app.inject({
    method: def.method,
    url: `/api/${attempt.path}`,
    query: attempt.query,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  })
  // A fuzzed call that happened to end the session (sign-out, switching) must not blunt the rest.
  if (response.statusCode === 401) admin = await signedIn(t.app, ws.admin.email)
  return response
}

function attemptsFor(def: EndpointDef): Attempt[] {
  const params = validParams(def)
  const path = fillPath(def.path, params)
  const attempts: Attempt[] = []
  for (const name of Object.keys(params)) {
    for (const value of LOOSE_IDS) attempts.push({ path: fillPath(def.path, { ...params, [name]: value }) })
  }
  const queryKeys = new Set([...keysOf(def.query), 'search'])
  for (const key of queryKeys) for (const value of QUERY_VALUES) attempts.push({ path, query: { [key]: value } })
  if (def.method !== 'GET' && def.bodyType !== 'multipart') {
    const bodyKeys = keysOf(def.body)
    for (const key of bodyKeys) for (const value of TEXTS) attempts.push({ path, body: { [key]: value } })
    for (const body of [[], 'text', { [NUL]: 1 }, Object.fromEntries(bodyKeys.map((key) => [key, NUL]))])
      attempts.push({ path, body })
    attempts.push({ path, rawBody: { payload: '{"broken": ', contentType: 'application/json' } })
  }
  if (def.bodyType === 'multipart') {
    const field = Object.keys(def.files ?? { file: {} })[0]
    const boundary = 'fuzzboundary'
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n`
    const malformed = [
      // No closing boundary: the body breaks off mid-file.
      `${head}a,b\r\n1,2`,
      // A part with no headers at all.
      `--${boundary}\r\nnot a header\r\n\r\nvalue\r\n--${boundary}--\r\n`,
      // Nothing but garbage.
      'garbage',
      '',
    ]
    for (const payload of malformed) attempts.push({ path, rawBody: { payload, contentType: `multipart/form-data; boundary=${boundary}` } })
    attempts.push({ path, rawBody: { payload: `${head}a\r\n--${boundary}--\r\n`, contentType: 'multipart/form-data' } })
    attempts.push({ path, rawBody: { payload: 'a,b\n1,2\n', contentType: 'text/csv' } })
    const withNul = multipartBody({
      fields: Object.fromEntries(keysOf(def.body).map((key) => [key, NUL])),
      files: { [field]: { filename: `a${NUL}.csv`, data: Buffer.from('a,b\n1,2\n') } },
    })
    attempts.push({ path, rawBody: { payload: withNul.body, contentType: withNul.contentType } })
    const nulName = multipartBody({ files: { [field]: { filename: `a${NUL}.csv`, data: Buffer.from('a,b\n1,2\n') } } })
    attempts.push({ path, rawBody: { payload: nulName.body, contentType: nulName.contentType } })
  }
  return attempts
}

describe('no input gives a 500, on every endpoint of the contract', () => {
  it.each(Object.entries(ENDPOINTS).map(([id, def]) => [id, def as EndpointDef] as const))('%s', async (_id, def) => {
    const failures: string[] = []
    for (const attempt of attemptsFor(def)) {
      const response = await send(def, attempt)
      // 503 "not configured" (Google sign-in, captcha without credentials) is an answer, not a failure.
      const notConfigured = response.statusCode === 503 && response.json<{ code?: string }>().code === ERROR_CODES.notConfigured
      if (response.statusCode >= 500 && !notConfigured) {
        failures.push(`${def.method} /api/${attempt.path} ${JSON.stringify(attempt.query ?? attempt.body ?? '')} → ${response.statusCode}`)
      }
    }
    expect(failures).toEqual([])
  })
})

describe('what the contract layer answers', () => {
  it('refuses a NUL byte in a query or body with a field message', async () => {
    const query = await admin.call('payouts.list' as never, { query: { search: NUL } } as never)
    expect(query.status).toBe(400)
    expect(query.error.errors).toEqual({ search: expect.stringContaining('not allowed') })
    const body = await admin.call('users.createNote' as never, { body: { userId: ws.artist.id, title: 'Call', content: `emailed ${NUL}` } } as never)
    expect(body.status).toBe(400)
    expect(body.error.errors).toEqual({ content: expect.stringContaining('not allowed') })
  })

  it('refuses a lone surrogate', async () => {
    const result = await admin.call('releases.mapGenre' as never, { body: { ids: [1], primaryGenre: LONE_SURROGATE } } as never)
    expect(result.status).toBe(400)
    expect(result.error.errors).toEqual({ primaryGenre: expect.stringContaining('not allowed') })
  })

  it('reads ids as plain decimal digits: loose ones in a path are 404, in a query or body 400', async () => {
    const real = await admin.call('users.single' as never, { params: { id: ws.artist.id } } as never)
    expect(real.status).toBe(200)
    for (const loose of ['0x10', ` ${ws.artist.id}`, '1e3', `${ws.artist.id}.0`, LONG_DIGITS]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/users/single/${encodeURIComponent(loose)}`,
        headers: { host: 'localhost', cookie: [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
      })
      expect(response.statusCode, loose).toBe(404)
    }
  })

  it('answers a malformed multipart body with 400', async () => {
    const response = await send(ENDPOINTS['splits.bulkProcess'] as EndpointDef, {
      path: 'splits/bulk/process',
      rawBody: {
        payload: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\na,b',
        contentType: 'multipart/form-data; boundary=b',
      },
    })
    expect(response.statusCode).toBe(400)
  })
})
