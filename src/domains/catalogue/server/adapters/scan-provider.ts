import type { Config } from '@server/config'
import { HttpError, notConfigured } from '@server/errors'

/** The two audio-recognition scans each track gets. */
export const SCAN_KINDS = ['fingerprint', 'cover'] as const
export type ScanKind = (typeof SCAN_KINDS)[number]
export const SCAN_KIND_LABELS: Readonly<Record<ScanKind, string>> = {
  fingerprint: 'Commercial music catalogue (fingerprint)',
  cover: 'Covers and remixes (cover-song detection)',
}

export const SCAN_NOT_CONFIGURED = 'Audio recognition is not configured'

/** One recording the provider recognised in the audio. */
export interface ScanMatch {
  title: string
  artists: string[]
  isrc: string | null
  label: string | null
  /** The provider's confidence, 0-100. */
  score: number | null
  /** Where in the submitted audio the match starts, in seconds. */
  offset: number | null
}

/** The audio to scan: a public address the provider fetches itself, or the bytes of a stored file. */
export type ScanAudio = { url: string } | { bytes: Buffer; filename: string; contentType: string }

export type ScanResult = { state: 'pending' } | { state: 'completed'; matches: ScanMatch[] } | { state: 'failed'; reason: string }

/**
 * An audio-recognition service. Both scans of a track (catalogue fingerprint and cover-song
 * detection) go through it; tests inject a fake or point the HTTP one at a local server.
 */
export interface ScanProvider {
  /** Shown with each scan and stored on it. */
  readonly name: string
  readonly configured: boolean
  /** Starts a scan; answers the provider's job id. */
  submit(audio: ScanAudio, kind: ScanKind, reference: string): Promise<{ jobId: string }>
  result(jobId: string): Promise<ScanResult>
}

const TIMEOUT_MS = 15_000
/** Uploads of stored audio may be large. */
const UPLOAD_TIMEOUT_MS = 120_000

/** Scores arrive as 0-1 fractions or 0-100 percentages. */
function percent(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value
  if (typeof n !== 'number' || !Number.isFinite(n)) return null
  return Math.round((n <= 1 && n > 0 ? n * 100 : n) * 10) / 10
}

function seconds(value: unknown, ms: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value
  if (typeof n === 'number' && Number.isFinite(n)) return Math.max(0, Math.round(n * 1000) / 1000)
  const m = typeof ms === 'string' ? Number(ms) : ms
  if (typeof m === 'number' && Number.isFinite(m)) return Math.max(0, Math.round(m) / 1000)
  return null
}

const textOrNull = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null)

/** A match as the provider wrote it: artists as strings or `{ name }`, the score as a fraction or a percentage. */
export function parseMatch(raw: unknown): ScanMatch | null {
  if (!raw || typeof raw !== 'object') return null
  const row = raw as Record<string, unknown>
  const title = textOrNull(row.title)
  if (!title) return null
  const artistsRaw = Array.isArray(row.artists) ? row.artists : typeof row.artists === 'string' ? [row.artists] : []
  const artists = artistsRaw
    .map((artist) => (typeof artist === 'string' ? artist : textOrNull((artist as { name?: unknown } | null)?.name)))
    .filter((artist): artist is string => Boolean(artist && artist.trim()))
    .map((artist) => artist.trim())
  const isrc = textOrNull(row.isrc)
  return {
    title,
    artists,
    isrc: isrc ? isrc.replace(/-/g, '').toUpperCase() : null,
    label: textOrNull(row.label),
    score: percent(row.score),
    offset: seconds(row.offset, row.offset_ms),
  }
}

/** The provider's answer for one job. Unknown states count as still pending. */
export function parseResult(body: unknown): ScanResult {
  const answer = (body ?? {}) as { status?: unknown; state?: unknown; matches?: unknown; error?: unknown; reason?: unknown }
  const state = String(answer.status ?? answer.state ?? '').toLowerCase()
  if (state === 'completed' || state === 'complete' || state === 'done' || state === 'finished') {
    const matches = (Array.isArray(answer.matches) ? answer.matches : []).map(parseMatch).filter((m): m is ScanMatch => m !== null)
    return { state: 'completed', matches }
  }
  if (state === 'failed' || state === 'error') {
    const reason = textOrNull(answer.error) ?? textOrNull(answer.reason) ?? 'The provider gave no reason.'
    return { state: 'failed', reason: reason.slice(0, 1000) }
  }
  return { state: 'pending' }
}

/**
 * The HTTP provider (SCAN_PROVIDER_URL, SCAN_PROVIDER_KEY), a small JSON protocol described in
 * docs/integrations.md:
 * - `POST /v1/scans` with `{ kind, reference, audio_url }`, or multipart (`kind`, `reference`, `file`)
 *   for audio this installation stores itself, answers `{ id }`;
 * - `GET /v1/scans/{id}` answers `{ status: queued | processing | completed | failed, matches?, error? }`.
 * The provider's own error message is passed on.
 */
export function createHttpScanProvider(config: Config['scanProvider'], fetchImpl: typeof fetch = fetch): ScanProvider {
  const { url, key, name } = config
  const configured = Boolean(url && key)
  const request = async (path: string, init: RequestInit, timeout = TIMEOUT_MS, gone?: (message: string) => unknown): Promise<unknown> => {
    if (!url || !key) throw notConfigured(SCAN_NOT_CONFIGURED)
    let response: Response
    try {
      response = await fetchImpl(`${url}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${key}`, accept: 'application/json', ...init.headers },
        signal: AbortSignal.timeout(timeout),
      })
    } catch {
      throw new HttpError(502, `${name} could not be reached. Try again in a moment.`, 'upstream_unreachable')
    }
    const body = (await response.json().catch(() => null)) as { error?: unknown; message?: unknown } | null
    if (!response.ok) {
      const message =
        textOrNull(typeof body?.error === 'object' ? (body.error as { message?: unknown } | null)?.message : body?.error) ??
        textOrNull(body?.message) ??
        `answered ${response.status}`
      if (response.status === 404 && gone) return gone(message)
      throw new HttpError(502, `${name}: ${message}`, 'upstream_error')
    }
    return body
  }
  return {
    name,
    configured,
    async submit(audio, kind, reference) {
      let init: RequestInit
      if ('url' in audio) {
        init = {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ kind, reference, audio_url: audio.url }),
        }
      } else {
        const form = new FormData()
        form.set('kind', kind)
        form.set('reference', reference)
        form.set('file', new Blob([new Uint8Array(audio.bytes)], { type: audio.contentType }), audio.filename)
        init = { method: 'POST', body: form }
      }
      const answer = (await request('/v1/scans', init, 'url' in audio ? TIMEOUT_MS : UPLOAD_TIMEOUT_MS)) as { id?: unknown } | null
      const jobId = answer?.id === undefined || answer.id === null ? '' : String(answer.id)
      if (!jobId) throw new HttpError(502, `${name} accepted the scan but gave no job id.`, 'upstream_error')
      return { jobId }
    },
    async result(jobId) {
      // A job the provider no longer knows will never complete: it fails, with the provider's words.
      const answer = await request(`/v1/scans/${encodeURIComponent(jobId)}`, { method: 'GET' }, TIMEOUT_MS, (message) => ({
        status: 'failed',
        error: `${name} no longer knows this scan: ${message}`,
      }))
      return parseResult(answer)
    },
  }
}
