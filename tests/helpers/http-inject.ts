import type { FastifyInstance, InjectOptions } from 'fastify'

interface Cookie {
  name: string
  value: string
  expires?: Date
}

/** The slice of light-my-request's response that TestClient and the tests read. */
export interface HttpResponse {
  statusCode: number
  headers: Record<string, string>
  body: string
  rawPayload: Buffer
  cookies: Cookie[]
  json(): unknown
}

function parseSetCookie(line: string): Cookie {
  const [pair, ...attributes] = line.split(';')
  const index = pair.indexOf('=')
  const cookie: Cookie = { name: pair.slice(0, index).trim(), value: decodeURIComponent(pair.slice(index + 1).trim()) }
  for (const attribute of attributes) {
    const [name, value = ''] = attribute.split('=')
    const key = name.trim().toLowerCase()
    if (key === 'expires') cookie.expires = new Date(value)
    if (key === 'max-age' && Number(value) <= 0) cookie.expires = new Date(0)
  }
  return cookie
}

/**
 * Something TestClient can use as its `app` that sends real HTTP requests to `baseUrl` instead of
 * injecting them into an in-process Fastify: the same tests then talk to separate server
 * processes (behind a proxy), which is what the several-process test needs.
 */
export function httpApp(baseUrl: string): FastifyInstance {
  const inject = async (options: InjectOptions): Promise<HttpResponse> => {
    const url = new URL(String(options.url), baseUrl)
    for (const [key, value] of Object.entries((options.query ?? {}) as Record<string, string>)) url.searchParams.set(key, value)
    const headers = { ...(options.headers as Record<string, string>) }
    // fetch sets Host itself; the workspace is resolved from DEFAULT_TENANT or the login's tenant.
    delete headers.host
    let body: string | Uint8Array | undefined
    if (options.payload !== undefined) {
      if (Buffer.isBuffer(options.payload)) body = new Uint8Array(options.payload)
      else if (typeof options.payload === 'string') body = options.payload
      else {
        body = JSON.stringify(options.payload)
        headers['content-type'] ??= 'application/json'
      }
    }
    const response = await fetch(url, { method: options.method as string, headers, body: body as BodyInit | undefined, redirect: 'manual' })
    const rawPayload = Buffer.from(await response.arrayBuffer())
    const text = rawPayload.toString('utf8')
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers),
      body: text,
      rawPayload,
      cookies: response.headers.getSetCookie().map(parseSetCookie),
      json: () => JSON.parse(text),
    }
  }
  return { inject } as unknown as FastifyInstance
}
