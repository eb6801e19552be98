// Release and recording identifiers: UPC/EAN (GTIN-12 or GTIN-13) and ISRC.

export type IdentifierCheck = { ok: true; value: string } | { ok: false; message: string }

export const UPC_MESSAGES = {
  shape: 'UPC must be 12 or 13 digits',
  checkDigit: 'UPC check digit is wrong',
} as const
export const ISRC_MESSAGE = 'ISRC must look like CC-XXX-YY-NNNNN'

/** The GTIN check digit for the digits before it: weights 3 and 1 alternate from the right. */
export function gtinCheckDigit(body: string): number {
  let sum = 0
  for (let index = 0; index < body.length; index += 1) {
    const digit = body.charCodeAt(body.length - 1 - index) - 48
    sum += index % 2 === 0 ? digit * 3 : digit
  }
  return (10 - (sum % 10)) % 10
}

/** Spaces and hyphens people paste are ignored. */
export function checkUpc(raw: string): IdentifierCheck {
  const value = raw.replace(/[\s-]/g, '')
  if (!/^(\d{12}|\d{13})$/.test(value)) return { ok: false, message: UPC_MESSAGES.shape }
  if (gtinCheckDigit(value.slice(0, -1)) !== Number(value.at(-1))) return { ok: false, message: UPC_MESSAGES.checkDigit }
  return { ok: true, value }
}

export function isUpc(text: string): boolean {
  return checkUpc(text.trim()).ok
}

const ISRC_COMPACT = /^[A-Z]{2}[A-Z0-9]{3}\d{2}\d{5}$/
const ISRC_HYPHENATED = /^[A-Z]{2}-[A-Z0-9]{3}-\d{2}-\d{5}$/

/**
 * An ISRC with or without its hyphens, any case; stored as 12 upper-case characters
 * (USRC17607839), shown hyphenated (US-RC1-76-07839).
 */
export function checkIsrc(raw: string): IdentifierCheck {
  const upper = raw.trim().toUpperCase()
  if (ISRC_COMPACT.test(upper)) return { ok: true, value: upper }
  if (ISRC_HYPHENATED.test(upper)) return { ok: true, value: upper.replace(/-/g, '') }
  return { ok: false, message: ISRC_MESSAGE }
}

export function isIsrc(text: string): boolean {
  return checkIsrc(text).ok
}

export function formatIsrc(value: string): string {
  const compact = value.replace(/-/g, '').toUpperCase()
  if (compact.length !== 12) return value
  return `${compact.slice(0, 2)}-${compact.slice(2, 5)}-${compact.slice(5, 7)}-${compact.slice(7)}`
}
