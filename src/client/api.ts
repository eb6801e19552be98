import wretch, { type WretchError } from 'wretch'
import type { EndpointId, EndpointInput, EndpointOutput, Endpoints } from '@contract/index'
import { fillPath, type EndpointRoute } from '@contract/route'
import { ENDPOINT_ROUTES as ENDPOINTS } from '@commands/endpoint-routes'
import { CSRF_COOKIE, CSRF_HEADER } from '@core/session'
import { CANCELED_MESSAGE } from '@machines/load/load.machine'
import { saveBlob } from './save-blob'
import { endpointUrl, type UrlInput } from './api-url'
import { foregroundRead } from './routing/background-loads'

/** A failed call: the server's message, its status and code, and a message per field when it sent them. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly errors: Record<string, string> = {},
    readonly requestId?: string,
  ) {
    super(message)
  }

  get canceled(): boolean {
    return this.code === 'canceled'
  }
}

type UnauthorizedListener = (error: ApiError) => void
const unauthorizedListeners = new Set<UnauthorizedListener>()

/** The session subscribes here: a 401 anywhere logs out. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener)
  return () => unauthorizedListeners.delete(listener)
}

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`))
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined
}

const base = wretch('/api').options({ credentials: 'same-origin' })

type Args<K extends EndpointId> =
  object extends EndpointInput<Endpoints[K]>
    ? [input?: EndpointInput<Endpoints[K]>, options?: CallOptions]
    : [input: EndpointInput<Endpoints[K]>, options?: CallOptions]

export interface CallOptions {
  signal?: AbortSignal
}

function send(id: EndpointId, input: unknown, options: CallOptions | undefined) {
  const def: EndpointRoute = ENDPOINTS[id]
  const parts = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown }
  let request = base.url(urlOf(id, input))
  if (def.method !== 'GET') {
    // A change makes every answer fetched ahead stale: a refresh after it must ask the server.
    prefetched.clear()
    const csrf = readCookie(CSRF_COOKIE)
    if (csrf) request = request.headers({ [CSRF_HEADER]: csrf })
  }
  // Payout calls: a fresh key per user action, so a retried request is answered, never repeated.
  if (def.idempotent) request = request.headers({ 'Idempotency-Key': crypto.randomUUID() })
  if (options?.signal) request = request.options({ signal: options.signal })
  return def.method === 'GET'
    ? request.get()
    : def.method === 'DELETE'
      ? request.delete()
      : def.method === 'PATCH'
        ? request.json(parts.body ?? {}).patch()
        : def.method === 'PUT'
          ? request.json(parts.body ?? {}).put()
          : request.json(parts.body ?? {}).post()
}

function urlOf(id: EndpointId, input: unknown): string {
  return endpointUrl(ENDPOINTS[id].path, input as UrlInput | undefined)
}

/** How long a prefetched answer waits for the screen that asked for it (its chunk is on the way); any change (a non-GET call) drops them all. */
const PREFETCH_TTL_MS = 5_000
const prefetched = new Map<string, { at: number; answer: Promise<unknown> }>()
/** When each address's prefetched answer was taken: a second navigation event for the same screen must not fetch it again. */
const taken = new Map<string, number>()

/**
 * Starts a read the screen being opened is about to make, while its code is still downloading; the
 * screen's own `call` for the same address then takes this answer instead of asking again (once).
 */
function prefetch<K extends EndpointId>(id: K, ...[input]: Args<K>): void {
  if (ENDPOINTS[id].method !== 'GET') return
  const url = urlOf(id, input)
  const now = Date.now()
  for (const [key, entry] of prefetched) if (now - entry.at > PREFETCH_TTL_MS) prefetched.delete(key)
  if (prefetched.has(url) || now - (taken.get(url) ?? 0) < PREFETCH_TTL_MS) return
  const answer = foregroundRead(send(id, input, undefined).json())
    .catch((error: unknown) => Promise.reject(toApiError(error)))
  // Nobody may come for it: an unread failure is not an error of the page.
  answer.catch(() => undefined)
  prefetched.set(url, { at: now, answer })
}

function takePrefetched(id: EndpointId, input: unknown): Promise<unknown> | undefined {
  if (ENDPOINTS[id].method !== 'GET' || prefetched.size === 0) return undefined
  const url = urlOf(id, input)
  const entry = prefetched.get(url)
  prefetched.delete(url)
  if (entry) {
    if (taken.size > 200) taken.clear()
    taken.set(url, Date.now())
  }
  return entry && Date.now() - entry.at <= PREFETCH_TTL_MS ? entry.answer : undefined
}

/** Calls an endpoint by contract id; path, method and types come from the contract. */
async function call<K extends EndpointId>(id: K, ...[input, options]: Args<K>): Promise<EndpointOutput<Endpoints[K]>> {
  const early = takePrefetched(id, input)
  if (early) return early as Promise<EndpointOutput<Endpoints[K]>>
  try {
    return (await foregroundRead(send(id, input, options).json())) as EndpointOutput<Endpoints[K]>
  } catch (error) {
    throw toApiError(error)
  }
}

type FileIds = { [K in EndpointId]: Endpoints[K] extends { responseType: 'file' } ? K : never }[EndpointId]

/** Calls an endpoint that answers a file and hands the file to the browser, under the name the server gives it. */
async function download<K extends FileIds>(id: K, ...[input, options]: Args<K>): Promise<void> {
  let response: Response
  try {
    response = await send(id, input, options).res()
  } catch (error) {
    throw toApiError(error)
  }
  const disposition = response.headers.get('content-disposition') ?? ''
  const named = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] ?? /filename="?([^";]+)"?/i.exec(disposition)?.[1]
  saveBlob(await response.blob(), named ? decodeURIComponent(named) : 'download')
}

function toApiError(error: unknown): ApiError {
  if (error instanceof DOMException && error.name === 'AbortError') return new ApiError(CANCELED_MESSAGE, 0, 'canceled')
  const wretchError = error as WretchError
  if (typeof wretchError?.status === 'number') {
    const body = (wretchError.json ?? {}) as { message?: string; code?: string; errors?: Record<string, string>; requestId?: string }
    const apiError = new ApiError(
      body.message ?? wretchError.message ?? 'Something went wrong.',
      wretchError.status,
      body.code,
      body.errors,
      body.requestId,
    )
    if (apiError.status === 401) unauthorizedListeners.forEach((listener) => listener(apiError))
    return apiError
  }
  return new ApiError('The server could not be reached. Check your connection and try again.', 0, 'network')
}

type MultipartIds = { [K in EndpointId]: Endpoints[K] extends { bodyType: 'multipart' } ? K : never }[EndpointId]

/** Sends a multipart form (fields and files) to an endpoint that takes one; same errors as `call`. */
async function upload<K extends MultipartIds>(
  id: K,
  input: {
    params?: Record<string, unknown>
    body: EndpointInput<Endpoints[K]> extends { body: infer B } ? B : never
    files: Record<string, Blob & { name?: string }>
  },
  options?: CallOptions,
): Promise<EndpointOutput<Endpoints[K]>> {
  const def: EndpointRoute = ENDPOINTS[id]
  prefetched.clear()
  const form = new FormData()
  for (const [key, value] of Object.entries((input.body ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) form.append(key, String(value))
  }
  for (const [key, file] of Object.entries(input.files)) form.append(key, file, file.name ?? key)
  let request = base.url(`/${fillPath(def.path, input.params)}`)
  const csrf = readCookie(CSRF_COOKIE)
  if (csrf) request = request.headers({ [CSRF_HEADER]: csrf })
  if (options?.signal) request = request.options({ signal: options.signal })
  try {
    return (await request.body(form).post().json()) as EndpointOutput<Endpoints[K]>
  } catch (error) {
    throw toApiError(error)
  }
}

export const api = { call, prefetch, upload, download }
