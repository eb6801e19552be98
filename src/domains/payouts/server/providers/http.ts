import { HttpError, notConfigured } from '@server/errors'

// The HTTP side shared by the provider adapters: timeouts, the provider's error message, and an
// OAuth2 client-credentials token kept until shortly before it expires.

const TIMEOUT_MS = 20_000

export interface ProviderAnswer {
  status: number
  body: unknown
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null)

/** The provider's own explanation from an error body (PayPal: message/details; Tipalti: title/errors). */
export function providerMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null
  const answer = body as Record<string, unknown>
  const details = Array.isArray(answer.details) ? (answer.details as Record<string, unknown>[]) : []
  const detail = details.map((item) => text(item?.issue) ?? text(item?.description)).find(Boolean)
  return text(answer.message) ?? text(answer.error_description) ?? text(answer.title) ?? text(answer.error) ?? detail ?? null
}

export async function send(label: string, fetchImpl: typeof fetch, url: string, init: RequestInit): Promise<ProviderAnswer> {
  let response: Response
  try {
    response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) })
  } catch {
    throw new HttpError(502, `${label} could not be reached. Nothing was changed; try again in a moment.`, 'upstream_unreachable')
  }
  const raw = await response.text()
  let body: unknown = null
  try {
    body = raw ? JSON.parse(raw) : null
  } catch {
    body = raw
  }
  return { status: response.status, body }
}

/** An answer that is not 2xx as the error the admin sees: credentials refused, or the provider's reason. */
export function failure(label: string, answer: ProviderAnswer): HttpError {
  if (answer.status === 401 || answer.status === 403)
    return new HttpError(502, `${label} refused the API credentials. Check them; nothing was changed.`, 'upstream_auth')
  const reason = (providerMessage(answer.body) ?? `answered ${answer.status}`).replace(/[.\s]+$/, '')
  return new HttpError(502, `${label}: ${reason}. Nothing was changed.`, 'upstream_error')
}

/** An OAuth2 client-credentials token, fetched on first use and again shortly before it expires. */
export function tokenSource(
  label: string,
  fetchImpl: typeof fetch,
  request: () => { url: string; init: RequestInit } | null,
): () => Promise<string> {
  let cached: { token: string; until: number } | null = null
  return async () => {
    if (cached && cached.until > Date.now()) return cached.token
    const built = request()
    if (!built) throw notConfigured(`${label} is not configured`)
    const answer = await send(label, fetchImpl, built.url, built.init)
    if (answer.status < 200 || answer.status >= 300) throw failure(label, answer)
    const body = (answer.body ?? {}) as { access_token?: unknown; expires_in?: unknown }
    if (typeof body.access_token !== 'string') throw new HttpError(502, `${label} sent no access token.`, 'upstream_error')
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 300
    cached = { token: body.access_token, until: Date.now() + Math.max(0, seconds - 60) * 1000 }
    return body.access_token
  }
}

/**
 * A JSON call to a provider's API with its bearer token: the answer's body on 2xx, the provider's
 * refusal as an HttpError otherwise.
 */
export function bearerJsonCall(label: string, fetchImpl: typeof fetch, apiBase: string, token: () => Promise<string>) {
  return async (path: string, init: RequestInit): Promise<unknown> => {
    const answer = await send(label, fetchImpl, `${apiBase}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${await token()}`,
        accept: 'application/json',
        'content-type': 'application/json',
        ...init.headers,
      },
    })
    if (answer.status < 200 || answer.status >= 300) throw failure(label, answer)
    return answer.body
  }
}
