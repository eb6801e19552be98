import { randomBytes } from 'node:crypto'
import { encodeWord, encodeWords, foldLines } from 'nodemailer/lib/mime-funcs'
import { escapeMarkup } from '@server/markup'

// A blast's MIME message is built once and filled per recipient (docs/fanblast.md, "Sending"): composing
// every copy with nodemailer's MailComposer cost most of the sender's CPU at 100,000 recipients (a MIME
// tree, header normalisation and a stream pipeline each), and wrote each copy to the socket in dozens of
// small chunks. Only the address, the message id, the date and the unsubscribe link differ per copy.

export interface BlastMessageInput {
  fromName: string
  fromAddress: string
  subject: string
  /** Sanitised HTML of the blast (server/sanitize.ts). */
  html: string
  /** Its plain-text rendering (blastText). */
  text: string
}

export interface BlastCopy {
  to: string
  /** `<…>` included. */
  messageId: string
  unsubscribeUrl: string
  date?: Date
}

/** An address goes into a header and an SMTP command as it is, so anything that could break out of either is refused. */
export function isSafeAddress(address: string): boolean {
  if (address.length > 320 || [...address].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return false
  return /^[^\s<>"(),;:\\[\]@]+@[^\s<>"(),;:\\[\]@]+$/.test(address)
}

/** One header line: UTF-8 words encoded (RFC 2047), folded at 76, never a bare line break from the value. */
function header(name: string, value: string): string {
  return foldLines(`${name}: ${encodeWords(value.replace(/[\r\n]+/g, ' '), 'Q', 52)}`, 76)
}

/** A display name as a phrase (RFC 5322): plain when it may be, encoded words for UTF-8, else quoted. */
function displayName(name: string): string {
  if (/[^\x20-\x7e]/.test(name)) return encodeWord(name, 'Q', 52)
  return /^[\w !#$%&'*+\-/=?^`{|}~]+$/.test(name) ? name : `"${name}"`
}

/** Base64 in 76-character lines (RFC 2045): any text survives every server, and the body's length is known. */
function base64Lines(text: string): string {
  return (Buffer.from(text, 'utf8').toString('base64').match(/.{1,76}/g) ?? []).join('\r\n')
}

/** RFC 5322 date with a numeric zone. */
function mailDate(date: Date): string {
  return date.toUTCString().replace(/GMT$/, '+0000')
}

export interface BlastTemplate {
  /** The envelope sender. */
  from: string
  /** The whole message of one copy, CRLF line ends. */
  fill(copy: BlastCopy): Buffer
}

export function blastTemplate(input: BlastMessageInput): BlastTemplate {
  if (!isSafeAddress(input.fromAddress)) throw new Error('The sender address cannot be used in a header')
  const boundary = `----blast-${randomBytes(12).toString('hex')}`
  const fromName = input.fromName.replace(/[\r\n"\\]+/g, ' ').trim()
  const fixedHead = [
    foldLines(`From: ${fromName ? `${displayName(fromName)} <${input.fromAddress}>` : input.fromAddress}`, 76),
    header('Subject', input.subject),
    'MIME-Version: 1.0',
    // RFC 8058: a mail client unsubscribes with one POST, no page to visit.
    'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    'Precedence: bulk',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
  ].join('\r\n')
  const footer = `You get this because you signed up for news from ${fromName}.`
  const htmlFooter = `You get this because you signed up for news from ${escapeMarkup(fromName)}.`
  const textPart = `--${boundary}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n`
  const htmlPart = `--${boundary}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n`
  return {
    from: input.fromAddress,
    fill(copy) {
      if (!isSafeAddress(copy.to)) throw new Error('The recipient address cannot be used in a header')
      const text = `${input.text}\n\n--\n${footer} Unsubscribe: ${copy.unsubscribeUrl}`.replace(/\r?\n/g, '\r\n')
      const html =
        `<!doctype html><html><body>${input.html}<hr><p style="font-size:12px;color:#666">${htmlFooter} ` +
        `<a href="${escapeMarkup(copy.unsubscribeUrl)}">Unsubscribe</a></p></body></html>`
      const head = [
        `To: <${copy.to}>`,
        `Message-ID: ${copy.messageId.replace(/[\r\n\s]/g, '')}`,
        `Date: ${mailDate(copy.date ?? new Date())}`,
        `List-Unsubscribe: <${copy.unsubscribeUrl.replace(/[\r\n\s<>]/g, '')}>`,
      ].join('\r\n')
      return Buffer.from(
        `${fixedHead}\r\n${head}\r\n\r\n${textPart}${base64Lines(text)}\r\n${htmlPart}${base64Lines(html)}\r\n--${boundary}--\r\n`,
        'utf8',
      )
    },
  }
}
