import { MAX_MESSAGE_ATTACHMENT_BYTES } from '@contract/help-center'
import { HttpError, fieldError } from '@server/errors'

const UNREADABLE = 'The attachment could not be read'

/** The bytes of a base64 data URL; the declared type is ignored, the store judges the content. */
export function decodeDataUrl(dataUrl: string, maxBytes = MAX_MESSAGE_ATTACHMENT_BYTES): Buffer {
  const comma = dataUrl.indexOf(',')
  const header = comma > 0 ? dataUrl.slice(0, comma) : ''
  if (!header.startsWith('data:') || !header.endsWith(';base64')) throw fieldError('file', UNREADABLE)
  const encoded = dataUrl.slice(comma + 1)
  // Refuse an oversized file before decoding it (4 characters carry 3 bytes).
  if (Math.floor((encoded.length * 3) / 4) - 2 > maxBytes) {
    const message = `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`
    throw new HttpError(413, message, 'upload_too_large', { file: message })
  }
  return Buffer.from(encoded, 'base64')
}

/** The file store's refusals, tied to the form's file field so the dialog can show them there. */
export function asFileFieldError(error: unknown): unknown {
  if (error instanceof HttpError && error.statusCode >= 400 && error.statusCode < 500 && !error.errors) {
    return new HttpError(error.statusCode, error.message, error.code, { file: error.message })
  }
  return error
}
