/** Session and cookie constants shared by the server and the client. */
export const SESSION_COOKIE = 'wl_session'
export const CSRF_COOKIE = 'wl_csrf'
export const CSRF_HEADER = 'x-csrf-token'
export const SESSION_TTL_DAYS = 7
export const SESSION_TTL_MS = SESSION_TTL_DAYS * 24 * 60 * 60 * 1000

export type AccountType = 'artist' | 'label' | 'admin'
export const ACCOUNT_TYPES: readonly AccountType[] = ['artist', 'label', 'admin']

/** Codes the client reacts to; the message is for people. */
export const ERROR_CODES = {
  validation: 'validation_failed',
  unauthenticated: 'unauthenticated',
  banned: 'banned',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  rateLimited: 'rate_limited',
  notConfigured: 'not_configured',
  csrf: 'csrf_failed',
  internal: 'internal_error',
} as const
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES]
