import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

/** 256 bits, URL-safe. Used for session tokens, links and challenges. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** A 6-digit code for email second factors and verifications. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
