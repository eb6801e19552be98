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

type Input<K extends EndpointId> = EndpointInput<Endpoints[K]> & { headers?: Record<string, string> }

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
    const response = await this.app.inject({
      method: def.method,
      url: `/api/${fillPath(def.path, parts.params)}`,
      query,
      headers,
      ...(parts.body !== undefined ? { payload: parts.body as object } : {}),
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
