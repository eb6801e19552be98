import { createHmac, timingSafeEqual } from 'node:crypto'
import { MATCH_PLATFORMS, type MatchPlatform } from '@core/discovery'
import { HttpError, notConfigured } from '@server/errors'

// The usage-discovery provider (an audio-recognition service that finds where registered recordings
// are used on user-generated platforms), behind one interface (docs/discovery.md, "Provider protocol"):
// assets are registered with their audio, matches are read by polling a cursor feed or pushed to
// our webhook, which checks the provider's HMAC signature. Tests run it against tests/fakes/usage-provider.ts.

export const USAGE_NOT_CONFIGURED = 'Usage discovery is not configured'

export interface ProviderMatch {
  id: string
  assetId: string
  title: string
  platform: MatchPlatform
  mediaUrl: string | null
  userUrl: string | null
  userName: string | null
  copyTitle: string | null
  uploadDate: string | null
  views: number
  shares: number
  duration: number
  matchLength: number
  copyPercentage: number
  segments: { original: [number, number]; copy: [number, number] }[]
}

export interface UsageAudio {
  bytes: Buffer
  filename: string
  contentType: string
}

export interface UsageProvider {
  readonly name: string
  readonly configured: boolean
  /** Registers a recording with its audio; `reference` comes back on its matches' feed filter. */
  register(input: { reference: string; title: string; isrc: string | null; audio: UsageAudio }): Promise<{ assetId: string }>
  remove(assetId: string): Promise<void>
  /** One page of matches after `cursor` for assets whose reference starts with `prefix`. */
  matches(prefix: string, cursor: string | null, limit: number): Promise<{ matches: ProviderMatch[]; next: string | null }>
  /** Whether a webhook body came from the provider (X-Usage-Signature: sha256=<hex HMAC of the raw body>). */
  verify(rawBody: Buffer, signature: string | undefined): boolean
}

export interface UsageProviderConfig {
  url?: string
  key?: string
  webhookSecret?: string
  name: string
}

const TIMEOUT_MS = 15_000
const UPLOAD_TIMEOUT_MS = 120_000

const num = (value: unknown) => {
  const n = typeof value === 'string' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) ? n : 0
}
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null)
const span = (value: unknown): [number, number] | null =>
  Array.isArray(value) && value.length === 2 ? [num(value[0]), num(value[1])] : null

/** A match as the provider wrote it (snake_case), or null when it lacks its id or asset. */
export function parseProviderMatch(raw: unknown): ProviderMatch | null {
  if (!raw || typeof raw !== 'object') return null
  const row = raw as Record<string, unknown>
  const id = text(row.id)
  const assetId = text(row.asset_id)
  if (!id || !assetId) return null
  const platform = (MATCH_PLATFORMS as readonly string[]).includes(String(row.platform)) ? (row.platform as MatchPlatform) : 'raw'
  const segments = (Array.isArray(row.segments) ? row.segments : [])
    .map((segment) => {
      const s = segment as Record<string, unknown> | null
      const original = span(s?.original)
      const copy = span(s?.copy)
      return original && copy ? { original, copy } : null
    })
    .filter((segment): segment is { original: [number, number]; copy: [number, number] } => segment !== null)
  return {
    id: id.slice(0, 200),
    assetId,
    title: text(row.title) ?? '',
    platform,
    mediaUrl: text(row.media_url),
    userUrl: text(row.user_url),
    userName: text(row.user_name),
    copyTitle: text(row.copy_title),
    uploadDate: text(row.upload_date),
    views: Math.max(0, Math.round(num(row.views))),
    shares: Math.max(0, Math.round(num(row.shares))),
    duration: Math.max(0, num(row.duration)),
    matchLength: Math.max(0, num(row.match_length)),
    copyPercentage: Math.min(100, Math.max(0, num(row.copy_percentage))),
    segments,
  }
}

export function signBody(secret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`
}

export function createHttpUsageProvider(config: UsageProviderConfig, fetchImpl: typeof fetch = fetch): UsageProvider {
  const { url, key, webhookSecret } = config
  const configured = Boolean(url && key)

  async function call(path: string, init: RequestInit, timeoutMs = TIMEOUT_MS): Promise<Response> {
    if (!url || !key) throw notConfigured(USAGE_NOT_CONFIGURED)
    let response: Response
    try {
      response = await fetchImpl(`${url}${path}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${key}`, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      throw new HttpError(502, `${config.name} did not answer: ${(error as Error).message}`, 'upstream_error')
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { message?: string } | null
      throw new HttpError(502, `${config.name} answered ${response.status}${body?.message ? `: ${body.message}` : ''}`, 'upstream_error')
    }
    return response
  }

  return {
    name: config.name,
    configured,
    async register({ reference, title, isrc, audio }) {
      const form = new FormData()
      form.set('reference', reference)
      form.set('title', title)
      if (isrc) form.set('isrc', isrc)
      form.set('file', new Blob([new Uint8Array(audio.bytes)], { type: audio.contentType }), audio.filename)
      const response = await call('/v1/assets', { method: 'POST', body: form }, UPLOAD_TIMEOUT_MS)
      const body = (await response.json()) as { id?: unknown }
      const assetId = text(body.id)
      if (!assetId) throw new HttpError(502, `${config.name} answered without an asset id`, 'upstream_error')
      return { assetId }
    },
    async remove(assetId) {
      await call(`/v1/assets/${encodeURIComponent(assetId)}`, { method: 'DELETE' })
    },
    async matches(prefix, cursor, limit) {
      const query = new URLSearchParams({ reference_prefix: prefix, limit: String(limit) })
      if (cursor) query.set('after', cursor)
      const response = await call(`/v1/matches?${query}`, { method: 'GET' })
      const body = (await response.json()) as { matches?: unknown[]; next?: unknown }
      return {
        matches: (body.matches ?? []).map(parseProviderMatch).filter((match): match is ProviderMatch => match !== null),
        next: text(body.next),
      }
    },
    verify(rawBody, signature) {
      if (!webhookSecret || !signature) return false
      const expected = Buffer.from(signBody(webhookSecret, rawBody))
      const given = Buffer.from(signature.trim())
      return expected.length === given.length && timingSafeEqual(expected, given)
    },
  }
}
