import type { Config } from '@server/config'
import { HttpError, notConfigured } from '@server/errors'

export const AUDIOSALAD_NOT_CONFIGURED = 'AudioSalad is not configured'

/** One store (delivery target) of a release at AudioSalad. */
export interface AudioSaladStoreStatus {
  store: string
  targetId: string | null
  status: string
  /** When AudioSalad last changed it (ISO), when it says. */
  date: string | null
  message: string | null
}

export interface AudioSaladDelivery {
  /** AudioSalad's id of the release; null when it has no release with this UPC. */
  providerReleaseId: string | null
  stores: AudioSaladStoreStatus[]
}

/** What AudioSalad accepted when a release was scheduled for delivery (docs/formats/audiosalad-api.md). */
export interface AudioSaladScheduled {
  providerReleaseId: string
  /** The store targets it was scheduled for, by AudioSalad's name. */
  targets: string[]
}

/**
 * `add` for a release's first delivery through AudioSalad, `full-update` when it was delivered
 * before (a store that has the release refuses a second insert but takes an update).
 */
export type AudioSaladDeliveryAction = 'add' | 'full-update'

/** AudioSalad's client API, as far as the release tab and the delivery queue need it. Tests inject a fake or a local server. */
export interface AudioSaladClient {
  readonly configured: boolean
  deliveryStatus(upc: string): Promise<AudioSaladDelivery>
  /** Schedules the release found by UPC for delivery to every store target AudioSalad lists for the account. */
  scheduleDelivery(upc: string, action: AudioSaladDeliveryAction, runDate: Date): Promise<AudioSaladScheduled>
}

const TIMEOUT_MS = 15_000
const text = (value: unknown) =>
  typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : null

/** Lists arrive bare or wrapped (`data`, `results`, `deliveries`, `releases`). */
function listOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body
  if (!body || typeof body !== 'object') return []
  const wrapped = body as Record<string, unknown>
  for (const key of ['data', 'results', 'deliveries', 'delivery_status', 'releases', 'items']) {
    if (Array.isArray(wrapped[key])) return wrapped[key] as unknown[]
  }
  return []
}

/** The release id from `GET /client-api/release?upc=`: `{ id }`, `{ release: { id } }` or a list of releases. */
export function releaseIdOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null
  const direct = body as Record<string, unknown>
  const single = (direct.release && typeof direct.release === 'object' ? direct.release : direct) as Record<string, unknown>
  const id = text(single.release_id) ?? text(single.id)
  if (id) return id
  const [first] = listOf(body) as Record<string, unknown>[]
  return first ? (text(first.release_id) ?? text(first.id)) : null
}

export function storeStatusesOf(body: unknown): AudioSaladStoreStatus[] {
  return listOf(body)
    .filter((row): row is Record<string, unknown> => Boolean(row) && typeof row === 'object')
    .map((row) => {
      const target = (row.target && typeof row.target === 'object' ? row.target : {}) as Record<string, unknown>
      const targetId = text(row.target_id) ?? text(target.id)
      const store =
        text(row.target_name) ??
        text(target.name) ??
        text(row.store) ??
        text(row.dsp) ??
        (targetId ? `Target ${targetId}` : 'Unknown store')
      const date = text(row.updated_at) ?? text(row.updated) ?? text(row.delivered_at) ?? text(row.run_date) ?? text(row.date)
      return {
        store,
        targetId,
        status: text(row.status) ?? text(row.state) ?? 'unknown',
        date,
        message: text(row.error) ?? text(row.message) ?? null,
      }
    })
    .sort((a, b) => a.store.localeCompare(b.store))
}

/**
 * AudioSalad's client API (AUDIOSALAD_URL, AUDIOSALAD_KEY as the bearer token, AUDIOSALAD_ACCESS_ID
 * sent as `X-Access-ID` when set): the release is found by UPC (`GET /client-api/release?upc=`),
 * then its delivery status per target (`POST /client-api/delivery-status` with `release_ids`).
 */
export function createAudioSaladClient(config: Config['audioSalad'], fetchImpl: typeof fetch = fetch): AudioSaladClient {
  const { url, key, accessId } = config
  const request = async (path: string, init: RequestInit): Promise<{ status: number; body: unknown }> => {
    if (!url || !key) throw notConfigured(AUDIOSALAD_NOT_CONFIGURED)
    let response: Response
    try {
      response = await fetchImpl(`${url}${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${key}`,
          accept: 'application/json',
          ...(accessId ? { 'x-access-id': accessId } : {}),
          ...init.headers,
        },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
    } catch {
      throw new HttpError(502, 'AudioSalad could not be reached. Try again in a moment.', 'upstream_unreachable')
    }
    const body = (await response.json().catch(() => null)) as unknown
    if (!response.ok && response.status !== 404) {
      const answer = (body ?? {}) as { message?: unknown; error?: unknown }
      throw new HttpError(
        502,
        `AudioSalad: ${text(answer.message) ?? text(answer.error) ?? `answered ${response.status}`}`,
        'upstream_error',
      )
    }
    return { status: response.status, body }
  }
  const findRelease = async (upc: string) => {
    const found = await request(`/client-api/release?upc=${encodeURIComponent(upc)}`, { method: 'GET' })
    return found.status === 404 ? null : releaseIdOf(found.body)
  }
  return {
    configured: Boolean(url && key),
    async deliveryStatus(upc) {
      const providerReleaseId = await findRelease(upc)
      if (!providerReleaseId) return { providerReleaseId: null, stores: [] }
      const status = await request('/client-api/delivery-status', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ release_ids: [providerReleaseId] }),
      })
      return { providerReleaseId, stores: status.status === 404 ? [] : storeStatusesOf(status.body) }
    },
    async scheduleDelivery(upc, action, runDate) {
      const providerReleaseId = await findRelease(upc)
      if (!providerReleaseId)
        throw new HttpError(
          409,
          `AudioSalad has no release with UPC ${upc}: it delivers releases of its own catalogue, so the release must be ingested there first.`,
          'conflict',
        )
      const listed = await request('/client-api/delivery-targets', { method: 'GET' })
      const targets = deliveryTargetsOf(listed.status === 404 ? [] : listed.body)
      if (!targets.length) throw new HttpError(409, 'AudioSalad lists no delivery target for this account.', 'conflict')
      const scheduled = await request('/client-api/delivery', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          release_ids: [providerReleaseId],
          target_ids: targets.map((target) => target.id),
          // AudioSalad's dates are ISO 8601 to the second, in UTC.
          run_date: runDate.toISOString().replace(/\.\d{3}Z$/, 'Z'),
          action,
        }),
      })
      if (scheduled.status === 404) throw new HttpError(502, 'AudioSalad: the delivery call answered 404', 'upstream_error')
      const refused = scheduleRefusal(scheduled.body)
      if (refused) throw new HttpError(502, `AudioSalad: ${refused}`, 'upstream_error')
      return { providerReleaseId, targets: targets.map((target) => target.name) }
    },
  }
}

/** `GET /client-api/delivery-targets`: `[{ id, name }]`, bare or wrapped. */
export function deliveryTargetsOf(body: unknown): { id: string; name: string }[] {
  return listOf(body)
    .filter((row): row is Record<string, unknown> => Boolean(row) && typeof row === 'object')
    .map((row) => ({ id: text(row.id) ?? text(row.target_id), name: text(row.name) ?? text(row.target_name) }))
    .filter((row): row is { id: string; name: string } => row.id !== null)
    .map((row) => ({ id: row.id, name: row.name ?? `Target ${row.id}` }))
}

/** A 200 that still says no (`{ success: false, error }` or `{ errors: [...] }`): its reason, else null. */
function scheduleRefusal(body: unknown): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null
  const answer = body as Record<string, unknown>
  if (answer.success === false) return text(answer.error) ?? text(answer.message) ?? 'the delivery was refused'
  if (Array.isArray(answer.errors) && answer.errors.length)
    return answer.errors.map((error) => text(error) ?? JSON.stringify(error)).join('; ')
  return null
}
