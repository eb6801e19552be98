import { ERROR_CODES, type ErrorCode } from '@core/session'

/** An error meant for the client: its status, message and optional per-field messages. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: ErrorCode | string,
    readonly errors?: Record<string, string>,
  ) {
    super(message)
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, ERROR_CODES.validation, errors)
/** A single field's problem, shaped like schema validation failures. */
export const fieldError = (field: string, message: string) => new HttpError(400, message, ERROR_CODES.validation, { [field]: message })
export const unauthorized = (message = 'You need to sign in.', code: ErrorCode = ERROR_CODES.unauthenticated) =>
  new HttpError(401, message, code)
export const forbidden = (message = 'You do not have access to this.') => new HttpError(403, message, ERROR_CODES.forbidden)
export const notFound = (message = 'Not found.') => new HttpError(404, message, ERROR_CODES.notFound)
export const conflict = (message: string) => new HttpError(409, message, ERROR_CODES.conflict)
export const tooManyRequests = (message: string) => new HttpError(429, message, ERROR_CODES.rateLimited)
/** An outside service this installation has no credentials for. */
export const notConfigured = (message: string) => new HttpError(503, message, ERROR_CODES.notConfigured)
