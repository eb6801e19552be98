import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import {
  ENDPOINTS,
  fillPath,
  type EndpointDef,
  type EndpointId,
  type EndpointInput,
  type EndpointOutput,
  type Endpoints,
} from '../../src/contract/index'
import { CSRF_HEADER, CSRF_COOKIE, SESSION_COOKIE } from '../../src/core/session'
import type { ErrorBody } from '../../src/contract/common'

type Input<K extends EndpointId> = (EndpointInput<Endpoints[K]> | { multipart: Multipart }) & {
  headers?: Record<string, string>
  params?: unknown
}

export interface Multipart {
  fields?: Record<string, string | number | boolean>
  files?: Record<string, { filename: string; data: Buffer; contentType?: string }>
}

/** A multipart/form-data body as a browser would send it. */
export function multipartBody(parts: Multipart): { body: Buffer; contentType: string } {
  const boundary = `----wltest${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(parts.fields ?? {})) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`))
  }
  for (const [name, file] of Object.entries(parts.files ?? {})) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    )
    chunks.push(file.data, Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

export interface CallResult<K extends EndpointId> {
  status: number
  /** Parsed with the contract's response schema when the call succeeded. */
  data: EndpointOutput<Endpoints[K]>
  error: ErrorBody
  response: LightMyRequestResponse
}

/**
 * Calls the app through `inject` the way a browser does: cookies kept between calls, the CSRF
 * header echoed on writes. Successful answers are checked against the contract.
 */
export class TestClient {
  cookies = new Map<string, string>()
  bearer: string | null = null

  constructor(
    readonly app: FastifyInstance,
    readonly host = 'localhost',
  ) {}

  get csrf(): string | undefined {
    return this.cookies.get(CSRF_COOKIE)
  }

  get sessionToken(): string | undefined {
    return this.cookies.get(SESSION_COOKIE)
  }

  async call<K extends EndpointId>(id: K, input?: Input<K>): Promise<CallResult<K>> {
    const def: EndpointDef = ENDPOINTS[id]
    const parts = (input ?? {}) as {
      params?: Record<string, unknown>
      query?: Record<string, unknown>
      body?: unknown
      headers?: Record<string, string>
      multipart?: Multipart
    }
    const query = Object.fromEntries(
      Object.entries(parts.query ?? {})
        .filter(([, value]) => value !== undefined && value !== null && value !== '')
        .map(([key, value]) => [key, String(value)]),
    )
    const headers: Record<string, string> = { host: this.host, ...parts.headers }
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`
    if (def.method !== 'GET' && this.csrf && !this.bearer && !(CSRF_HEADER in headers)) headers[CSRF_HEADER] = this.csrf
    let payload: object | Buffer | undefined = parts.body as object | undefined
    if (parts.multipart) {
      const encoded = multipartBody(parts.multipart)
      payload = encoded.body
      headers['content-type'] = encoded.contentType
    }
    const response = await this.app.inject({
      method: def.method,
      url: `/api/${fillPath(def.path, parts.params)}`,
      query,
      headers,
      ...(payload !== undefined ? { payload } : {}),
    })
    for (const cookie of response.cookies) {
      const expired = cookie.expires && new Date(cookie.expires).getTime() <= Date.now()
      if (expired || cookie.value === '') this.cookies.delete(cookie.name)
      else this.cookies.set(cookie.name, cookie.value)
    }
    const body = response.headers['content-type']?.toString().includes('application/json') ? response.json() : response.body
    let data = body
    if (response.statusCode < 300 && def.responseType !== 'file') {
      const parsed = def.response.safeParse(body)
      expect(parsed.success, `response of ${id} matches the contract: ${parsed.success ? '' : JSON.stringify(parsed.error.issues)}`).toBe(
        true,
      )
      data = parsed.data
    }
    return { status: response.statusCode, data: data as never, error: body as ErrorBody, response }
  }

  /** Like call, but fails the test unless the status is 2xx; returns the data. */
  async ok<K extends EndpointId>(id: K, input?: Input<K>): Promise<EndpointOutput<Endpoints[K]>> {
    const result = await this.call(id, input)
    expect(result.status, `${id} answered ${result.status}: ${JSON.stringify(result.error)}`).toBeLessThan(300)
    return result.data
  }
}
