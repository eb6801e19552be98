import { fileTypeFromBuffer } from 'file-type'
import { FILE_KINDS } from '@server/storage/file-store'

// Audio named by a catalogue row's URL, fetched over HTTP with a size cap, a time limit and a check
// of the bytes (not of the declared type). Any failure is an AudioFetchError whose message is the
// row's error: a failed fetch fails that row only.

export class AudioFetchError extends Error {}

export interface AudioFetchOptions {
  maxBytes: number
  timeoutMs: number
  fetch?: typeof fetch
}

export interface FetchedAudio {
  data: Buffer
  mime: string
  fileName: string
}

const AUDIO_MIMES: readonly string[] = FILE_KINDS.audio.mimes
const megabytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`)

export async function fetchAudio(url: string, options: AudioFetchOptions): Promise<FetchedAudio> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new AudioFetchError('The audio URL is not a valid URL')
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new AudioFetchError('The audio URL must start with http:// or https://')
  const signal = AbortSignal.timeout(options.timeoutMs)
  let response: Response
  try {
    response = await (options.fetch ?? fetch)(parsed, { signal, redirect: 'follow' })
  } catch (error) {
    throw new AudioFetchError(
      signal.aborted
        ? `The audio did not arrive within ${options.timeoutMs / 1000} s`
        : `The audio could not be fetched: ${(error as Error).message}`,
    )
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined)
    throw new AudioFetchError(`The audio URL answered ${response.status}`)
  }
  const declared = Number(response.headers.get('content-length') ?? NaN)
  if (declared > options.maxBytes) {
    await response.body?.cancel().catch(() => undefined)
    throw new AudioFetchError(`The audio is larger than ${megabytes(options.maxBytes)}`)
  }
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength
      // A server that sends more than it declared (or declares nothing) is cut off at the cap.
      if (size > options.maxBytes) throw new AudioFetchError(`The audio is larger than ${megabytes(options.maxBytes)}`)
      chunks.push(Buffer.from(chunk))
    }
  } catch (error) {
    if (error instanceof AudioFetchError) throw error
    throw new AudioFetchError(
      signal.aborted ? `The audio did not arrive within ${options.timeoutMs / 1000} s` : 'The audio download broke off',
    )
  }
  const data = Buffer.concat(chunks)
  if (data.length === 0) throw new AudioFetchError('The audio URL answered an empty file')
  const type = await fileTypeFromBuffer(data)
  if (!type || !AUDIO_MIMES.includes(type.mime)) throw new AudioFetchError(`The file at the audio URL is not ${FILE_KINDS.audio.label}`)
  const name = decodeURIComponent(parsed.pathname.split('/').pop() || '') || `audio.${type.ext}`
  return { data, mime: type.mime, fileName: name }
}
