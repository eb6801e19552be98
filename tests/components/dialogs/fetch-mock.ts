import { vi } from 'vitest'

export interface Request {
  method: string
  path: string
  query: URLSearchParams
  body: unknown
  signal: AbortSignal | null
}

export type Responder = (request: Request) => Response | Promise<Response>

export function respond(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

/** Replaces fetch with `responder`; answers the requests it saw, parsed. */
export function mockFetch(responder: Responder) {
  const requests: Request[] = []
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost')
    const request: Request = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      signal: init?.signal ?? null,
    }
    requests.push(request)
    return responder(request)
  })
  return { spy, requests }
}
