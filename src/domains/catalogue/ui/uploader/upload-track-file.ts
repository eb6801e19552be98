import { ENDPOINT_ROUTES as ENDPOINTS } from '@commands/endpoint-routes'
import type { Track, TrackFileKind } from '@contract/releases'
import { CSRF_COOKIE, CSRF_HEADER } from '@core/session'
import { api, ApiError } from '@client/api'
import { CANCELED_MESSAGE } from '@machines/load/load.machine'

const UNREACHABLE = 'The server could not be reached. Check your connection and try again.'

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`))
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined
}

/**
 * Sends a track's audio, instrumental or Dolby file to `releases.replaceTrackAudio`, reporting how
 * much has gone (0 to 1). XMLHttpRequest, because fetch cannot tell upload progress; the failures
 * are the same ApiError as every other call's.
 */
export function uploadTrackFile(
  input: { trackId: number; kind: TrackFileKind; file: File },
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Track> {
  const def = ENDPOINTS['releases.replaceTrackAudio']
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `/api/${def.path}`)
    xhr.withCredentials = true
    const csrf = readCookie(CSRF_COOKIE)
    if (csrf) xhr.setRequestHeader(CSRF_HEADER, csrf)
    xhr.responseType = 'json'
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => {
      const body = (xhr.response ?? {}) as { message?: string; code?: string; errors?: Record<string, string>; requestId?: string }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1)
        resolve(xhr.response as Track)
        return
      }
      // A lapsed session is noticed by the next ordinary call, which signs the user out.
      if (xhr.status === 401) void api.call('auth.me').catch(() => undefined)
      reject(new ApiError(body.message ?? 'Something went wrong.', xhr.status, body.code, body.errors ?? {}, body.requestId))
    }
    xhr.onerror = () => reject(new ApiError(UNREACHABLE, 0, 'network'))
    xhr.onabort = () => reject(new ApiError(CANCELED_MESSAGE, 0, 'canceled'))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    const form = new FormData()
    form.append('trackId', String(input.trackId))
    form.append('kind', input.kind)
    form.append('file', input.file, input.file.name)
    xhr.send(form)
  })
}
