import { randomBytes } from 'node:crypto'

// Threading of support mail (docs/support.md "Email"): every reply carries its own Message-ID, the
// conversation's earlier ids in In-Reply-To and References, and a reply address tagged with the
// ticket, so the answer finds its ticket by any of the three.

/** The address part of "Name <address>" (MAIL_FROM), lower-cased. */
export function addressOf(from: string): string {
  const angled = /<([^>]+)>/.exec(from)
  return (angled ? angled[1] : from).trim().toLowerCase()
}

/** support@x.test → support+ticket-12@x.test: replies come back tagged with their ticket. */
export function replyAddress(mailFrom: string, ticketId: number): string {
  const address = addressOf(mailFrom)
  const at = address.lastIndexOf('@')
  if (at <= 0) return address
  const local = address.slice(0, at).split('+')[0]
  return `${local}+ticket-${ticketId}${address.slice(at)}`
}

/** The ticket a tagged recipient names ("…+ticket-12@…"), or null. */
export function ticketOfAddress(address: string): number | null {
  const match = /\+ticket-(\d{1,15})@/i.exec(address)
  return match ? Number(match[1]) : null
}

/** The ticket a subject names ("Re: Login broken [#12]"), or null. */
export function ticketOfSubject(subject: string): number | null {
  const match = /\[#(\d{1,15})\]/.exec(subject)
  return match ? Number(match[1]) : null
}

/** A new Message-ID for a reply on this ticket: unique, and recognisable as the desk's. */
export function newMessageId(ticketId: number, mailFrom: string): string {
  const domain = addressOf(mailFrom).split('@')[1] || 'localhost'
  return `<ticket-${ticketId}.${Date.now().toString(36)}.${randomBytes(6).toString('hex')}@${domain}>`
}

/** "Re: subject [#12]" once, however often it goes back and forth. */
export function replySubject(subject: string, ticketId: number): string {
  const bare = subject.replace(/\s*\[#\d+\]\s*$/, '').replace(/^(\s*(re|aw|sv|fwd?)\s*:\s*)+/i, '')
  return `Re: ${bare} [#${ticketId}]`
}

const QUOTE_STARTS = [
  // Gmail, Apple Mail, Thunderbird: "On Tue, 3 Mar 2026 at 10:00, Nina <nina@x> wrote:" (possibly wrapped on two lines).
  /^\s*On\b[^\n]{0,300}\bwrote:\s*$/im,
  /^\s*On\b[^\n]{0,200}\n[^\n]{0,200}\bwrote:\s*$/im,
  /^\s*Am\b[^\n]{0,300}\bschrieb[^\n]*:\s*$/im,
  /^\s*Le\b[^\n]{0,300}\ba écrit\s*:\s*$/im,
  // Outlook.
  /^\s*-{2,}\s*Original Message\s*-{2,}\s*$/im,
  /^\s*_{10,}\s*$/m,
  /^\s*From:\s[^\n]+\n\s*(Sent|Date):\s/im,
]

/**
 * The new part of a reply: everything from the first quote header ("On … wrote:", "-----Original
 * Message-----", an Outlook "From:/Sent:" block) on is history, and so are trailing "> " lines.
 */
export function stripQuoted(text: string): string {
  let cut = text.replace(/\r\n/g, '\n')
  for (const pattern of QUOTE_STARTS) {
    const match = pattern.exec(cut)
    if (match && match.index > 0) cut = cut.slice(0, match.index)
  }
  const lines = cut.split('\n')
  while (lines.length && (/^\s*>/.test(lines[lines.length - 1]) || lines[lines.length - 1].trim() === '')) lines.pop()
  const kept = lines.join('\n').trim()
  // A message that is only quotes (a bare forward) keeps its text rather than becoming empty.
  return kept || text.trim()
}
