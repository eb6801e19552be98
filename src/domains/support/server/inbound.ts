import { createHash, timingSafeEqual } from 'node:crypto'
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser'
import { and, eq } from 'drizzle-orm'
import type { Services } from '@server/context'
import type { AuditActor } from '@server/audit'
import { accounts } from '@server/db/schema/platform'
import { queueMail } from '@server/mail/mailer'
import { addressOf, newMessageId, replyAddress, replySubject, stripQuoted, ticketOfAddress, ticketOfSubject } from './mail'
import { htmlFromPlain, plainFromHtml, sanitizeCommentHtml } from './sanitize'
import { createTicket, requesterAnswer, settingsOf } from './service'
import * as repo from './repository'

// Support mail in (docs/support.md "Email"): one path for the SMTP receiver and the webhook. The mail
// is parsed with mailparser, matched to its ticket (the ids it answers, the tagged reply address, the
// "[#12]" of its subject), its quoted history stripped, its attachments kept in the file store; mail
// with no known conversation opens a new ticket.

export type InboundOutcome =
  | { outcome: 'appended' | 'created'; ticketId: number }
  | { outcome: 'duplicate'; ticketId: number }
  | { outcome: 'ignored'; reason: string }

/** Attachments larger than this are not even read into the file store (it refuses over 10 MB anyway). */
const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024
const SYSTEM = (tenantId: number): AuditActor => ({ tenantId, actorAccountId: null })

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((group) => group.value.map((entry) => entry.address?.toLowerCase() ?? ''))
    .filter(Boolean)

function referencesOf(mail: ParsedMail): string[] {
  const refs = Array.isArray(mail.references) ? mail.references : mail.references ? [mail.references] : []
  return [...new Set([...(mail.inReplyTo ? [mail.inReplyTo] : []), ...refs].map((id) => id.trim()).filter(Boolean))]
}

/** Mail a machine sent (auto-replies, bounces): never answered, never a ticket, so two desks cannot loop. */
function isAutomatic(mail: ParsedMail): boolean {
  const auto = String(mail.headers.get('auto-submitted') ?? 'no').toLowerCase()
  const precedence = String(mail.headers.get('precedence') ?? '').toLowerCase()
  return auto !== 'no' || ['bulk', 'junk', 'list', 'auto_reply'].includes(precedence) || mail.headers.has('x-autoreply')
}

async function workspaceFor(services: Services, recipients: readonly string[]): Promise<number | null> {
  for (const address of recipients) {
    const tagged = /\+ws-([a-z0-9-]+)@/i.exec(address)
    if (tagged) {
      const tenant = await services.tenants.bySlug(tagged[1].toLowerCase())
      if (tenant) return tenant.id
    }
    const domain = address.split('@')[1] ?? ''
    const base = services.config.baseDomain
    if (base && domain.endsWith(`.${base}`)) {
      const tenant = await services.tenants.bySlug(
        domain
          .slice(0, -base.length - 1)
          .split('.')
          .pop()!,
      )
      if (tenant) return tenant.id
    }
  }
  const fallback = services.config.defaultTenant ? await services.tenants.bySlug(services.config.defaultTenant) : null
  return fallback?.id ?? null
}

/** The text of the mail, its quoted history removed, as the HTML and plain body a comment stores. */
function bodyOf(mail: ParsedMail): string {
  const text = mail.text?.trim() || (mail.html ? plainFromHtml(sanitizeCommentHtml(mail.html)) : '')
  return htmlFromPlain(stripQuoted(text) || '(no text)')
}

/** Takes one raw message: appends it to its ticket, opens a new one, or says why it did neither. */
export async function receiveMail(
  services: Services,
  raw: Buffer,
  hint: { tenantId?: number; recipients?: string[] } = {},
): Promise<InboundOutcome> {
  const mail = await simpleParser(raw, { skipImageLinks: true })
  const sender = mail.from?.value[0]
  const from = sender?.address?.toLowerCase()
  if (!from) return { outcome: 'ignored', reason: 'The message has no sender.' }
  if (isAutomatic(mail)) return { outcome: 'ignored', reason: 'The message was sent automatically.' }
  if (from === addressOf(services.config.mailFrom)) return { outcome: 'ignored', reason: 'The message is our own.' }
  const recipients = [...new Set([...(hint.recipients ?? []), ...addresses(mail.to), ...addresses(mail.cc)].map((r) => r.toLowerCase()))]
  const messageId = mail.messageId?.trim() || null

  if (messageId) {
    const seen = await repo.ticketOfMessageIds(services.db, [messageId])
    // A provider's retry, or the same mail through both paths: kept once.
    if (seen && (hint.tenantId === undefined || seen.tenantId === hint.tenantId)) return { outcome: 'duplicate', ticketId: seen.ticketId }
  }

  // The conversation it answers: its Message-IDs are unguessable, so any participant may answer;
  // the tagged address and the subject's number are, so only the requester's own address counts.
  let ticket: repo.TicketRecord | null = null
  const known = await repo.ticketOfMessageIds(services.db, referencesOf(mail))
  if (known) ticket = await repo.ticketById(services.db, known.ticketId)
  if (!ticket) {
    const tagged = recipients.map(ticketOfAddress).find((id) => id !== null) ?? ticketOfSubject(mail.subject ?? '')
    const candidate = tagged ? await repo.ticketById(services.db, tagged) : null
    if (candidate && candidate.requesterEmail.toLowerCase() === from) ticket = candidate
  }
  if (ticket && hint.tenantId !== undefined && ticket.tenantId !== hint.tenantId) ticket = null

  const files = mail.attachments
    .filter((attachment) => attachment.contentDisposition !== 'inline' || attachment.filename)
    .map((attachment) => ({ name: attachment.filename || 'attachment', data: attachment.content }))
    .filter((file) => file.data.length <= MAX_ATTACHMENT_BYTES)
  const html = bodyOf(mail)

  if (ticket && ticket.status !== 'closed') {
    const author =
      ticket.requesterEmail.toLowerCase() === from ? ticket.requesterAccountId : await accountByEmail(services, ticket.tenantId, from)
    await requesterAnswer(services, SYSTEM(ticket.tenantId), ticket.tenantId, {
      ticketId: ticket.id,
      authorId: author,
      html,
      messageId,
      files,
    })
    return { outcome: 'appended', ticketId: ticket.id }
  }

  // No known conversation (or a closed one): a new ticket in the workspace the mail was sent to.
  const tenantId = ticket?.tenantId ?? hint.tenantId ?? (await workspaceFor(services, recipients))
  if (!tenantId) return { outcome: 'ignored', reason: 'No workspace takes mail at this address.' }
  const accountId = await accountByEmail(services, tenantId, from)
  const subject =
    (mail.subject ?? '')
      .replace(/\s*\[#\d+\]\s*$/, '')
      .trim()
      .slice(0, 200) || '(no subject)'
  const created = await createTicket(services, SYSTEM(tenantId), tenantId, {
    requesterAccountId: accountId,
    requesterEmail: from,
    requesterName: (sender?.name ?? '').trim().slice(0, 200),
    subject,
    html,
    source: 'email',
    messageId,
    files,
  })
  await autoReply(services, created, messageId)
  return { outcome: 'created', ticketId: created.id }
}

async function accountByEmail(services: Services, tenantId: number, email: string): Promise<number | null> {
  const [row] = await services.db
    .select({ id: accounts.id })
    .from(accounts)
    // Addresses are stored lower-cased and `email` is: the (tenant, email) key answers, not a scan of every account.
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.email, email.toLowerCase())))
    .limit(1)
  return row?.id ?? null
}

/** The workspace's auto-reply to a ticket opened by mail (none when the setting is empty). */
async function autoReply(services: Services, ticket: repo.TicketRecord, answering: string | null) {
  const settings = await settingsOf(services.db, ticket.tenantId)
  const text = settings.autoReply.trim()
  if (!text) return
  const body = [text, settings.businessHours.trim() && `Our hours: ${settings.businessHours.trim()}`, settings.signature.trim()]
    .filter(Boolean)
    .join('\n\n')
  await queueMail(
    services.jobs,
    services.db,
    {
      to: ticket.requesterEmail,
      subject: replySubject(ticket.subject, ticket.id),
      text: body,
      html: htmlFromPlain(body),
      replyTo: replyAddress(services.config.mailFrom, ticket.id),
      messageId: newMessageId(ticket.id, services.config.mailFrom),
      inReplyTo: answering ?? undefined,
      references: answering ? [answering] : undefined,
      headers: { 'Auto-Submitted': 'auto-replied' },
    },
    ticket.tenantId,
  )
}

/** The webhook's secret check, in constant time whatever the lengths (both sides hashed first). */
export function secretMatches(given: string | undefined, secret: string | undefined): boolean {
  if (!given || !secret) return false
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(secret))
}
