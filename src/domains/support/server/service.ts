import { MAX_MESSAGE_ATTACHMENT_BYTES } from '@contract/help-center'
import type { SupportSettings, TicketRowResult } from '@contract/support'
import { displayName } from '@core/names'
import {
  raisedPriority,
  statusAfterRequesterReply,
  statusAfterStaffReply,
  ticketStatusLabel,
  ticketTransitionRefusal,
  type TicketPriority,
  type TicketSource,
  type TicketStatus,
} from '@core/ticket-status'
import type { AuthedContext, Services } from '@server/context'
import type { Queryable, Tx } from '@server/db/engine'
import { accounts } from '@server/db/schema/platform'
import { actorOf, auditedMutation, type AuditActor } from '@server/audit'
import { conflict, forbidden, HttpError, notFound } from '@server/errors'
import { countCapped, pageMeta } from '@server/db/paging'
import type { FileRow } from '@server/storage/file-store'
import { asFileFieldError, decodeDataUrl } from '@server/storage/data-url'
import { findAccount, isStaff } from '@server/accounts'
import { listAccountReleases } from '@domains/catalogue/server/public'
import { availableUnits, toCents } from '@domains/earnings/server/public'
import { notify, notifyAdmins } from '@domains/notifications/server/public'
import { and, eq } from 'drizzle-orm'
import { commentBodies, htmlFromPlain } from './sanitize'
import { newMessageId, replyAddress, replySubject } from './mail'
import { queueMail } from '@server/mail/mailer'
import { supportTickets } from './schema'
import * as repo from './repository'

// Support desk rules (docs/support.md): statuses move only along src/core/ticket-status.ts; a staff
// reply records the first response; the requester's answer reopens a solved ticket; solved tickets
// close after the workspace's auto-close days through the job runner; every change is audited.

export const AUTO_CLOSE_JOB = 'support.autoClose'
const MINUTE = 60_000

// ---------------------------------------------------------------------------------------------
// Settings

export const DEFAULT_SETTINGS: SupportSettings = {
  autoReply: '',
  signature: '',
  cannedReplies: [],
  businessHours: '',
  firstResponseMinutes: 24 * 60,
  autoCloseDays: 7,
}

export async function settingsOf(q: Queryable, tenantId: number): Promise<SupportSettings> {
  const row = await repo.readSettings(q, tenantId)
  if (!row) return DEFAULT_SETTINGS
  return {
    autoReply: row.autoReply,
    signature: row.signature,
    cannedReplies: row.cannedReplies,
    businessHours: row.businessHours,
    firstResponseMinutes: row.firstResponseMinutes,
    autoCloseDays: row.autoCloseDays,
  }
}

export async function getSettings(ctx: AuthedContext) {
  return settingsOf(ctx.services.db, ctx.tenant.id)
}

export async function updateSettings(ctx: AuthedContext, input: SupportSettings) {
  const settings = await auditedMutation(
    ctx,
    { action: 'support_settings.updated', entityType: 'support_settings', entityId: ctx.tenant.id },
    async (tx) => {
      const before = await settingsOf(tx, ctx.tenant.id)
      await repo.writeSettings(tx, ctx.tenant.id, { ...input, updatedAt: ctx.services.now() })
      const after = await settingsOf(tx, ctx.tenant.id)
      return { result: after, before, after }
    },
  )
  return { settings, message: 'Support settings saved.' }
}

/** Turns support off or on for one account of the workspace (not staff: they are the support). */
export async function changeDisableSupport(ctx: AuthedContext, body: { userId: number; disabled: boolean }) {
  const { tenant } = ctx
  const name = await auditedMutation(
    ctx,
    {
      action: body.disabled ? 'support.disabled_for_account' : 'support.enabled_for_account',
      entityType: 'account',
      lock: { table: accounts, id: body.userId, tenantId: tenant.id, missing: 'There is no such account in this workspace.' },
    },
    async (tx) => {
      const holder = await findAccount(tx, tenant.id, body.userId)
      if (holder.type === 'admin') throw conflict('Staff accounts always have support: they answer it.')
      const before = await repo.supportDisabled(tx, tenant.id, body.userId)
      await repo.setSupportDisabled(tx, tenant.id, body.userId, body.disabled)
      return {
        result: displayName({ firstName: holder.firstName, lastName: holder.lastName, email: holder.email }),
        before: { supportDisabled: before },
        after: { supportDisabled: body.disabled },
      }
    },
  )
  return {
    disabled: body.disabled,
    message: body.disabled ? `Support is turned off for ${name}.` : `Support is turned on again for ${name}.`,
  }
}

// ---------------------------------------------------------------------------------------------
// Reading

const date = (value: Date | string) => (value instanceof Date ? value : new Date(value))

export function toRow(row: repo.TicketListRow, targetMinutes: number, now: Date): TicketRowResult {
  const created = date(row.created_at)
  const answered = row.first_response_at ? date(row.first_response_at) : null
  const minutes = answered ? Math.max(0, Math.round((answered.getTime() - created.getTime()) / MINUTE)) : null
  const waited = ((answered ?? now).getTime() - created.getTime()) / MINUTE
  const status = row.status as TicketStatus
  return {
    id: Number(row.id),
    subject: row.subject,
    status,
    priority: row.priority as TicketPriority,
    source: row.source as TicketSource,
    requester: {
      id: row.requester_account_id === null ? null : Number(row.requester_account_id),
      name: row.requester_name || row.requester_email,
      email: row.requester_email,
    },
    assignee:
      row.assignee_account_id === null
        ? null
        : {
            id: Number(row.assignee_account_id),
            name: displayName({ firstName: row.assignee_first_name, lastName: row.assignee_last_name, email: row.assignee_email ?? '' }),
          },
    elevated: row.elevated,
    created,
    updated: date(row.last_activity_at),
    firstResponseAt: answered,
    firstResponseMinutes: minutes,
    // A closed or solved ticket nobody answered in writing is not "late" any more.
    firstResponseMissed: waited > targetMinutes && (answered !== null || !['solved', 'closed'].includes(status)),
    canBeSolvedByMe: ticketTransitionRefusal(status, 'solved') === null,
  }
}

export async function listTickets(
  ctx: AuthedContext,
  query: {
    page: number
    per_page: number
    search?: string
    status?: TicketStatus
    unresolved?: 'true' | 'false'
    from?: string
    to?: string
    requesterId?: number
    assigneeId?: number
  },
) {
  const { db } = ctx.services
  const filter: repo.ListFilter = {
    tenantId: ctx.tenant.id,
    status: query.status,
    unresolved: query.unresolved === 'true',
    search: query.search || undefined,
    from: query.from,
    to: query.to,
    requesterId: query.requesterId,
    assigneeId: query.assigneeId,
  }
  const [rows, settings] = await Promise.all([repo.listPage(db, filter, query.page, query.per_page), settingsOf(db, ctx.tenant.id)])
  // A short page that is not past the end holds the last matches: the total is known without
  // running the search a second time (a rare phrase costs its trigram scan once, not twice).
  // Otherwise the planner's estimate first, searches and date ranges too: counting 10,000 matches of
  // a common word costs a scan of a million-ticket table (~200 ms); a rarer match is counted exactly.
  const { total, estimate } =
    rows.length < query.per_page && (rows.length > 0 || query.page === 1)
      ? { total: (query.page - 1) * query.per_page + rows.length, estimate: false }
      : await countCapped(db, repo.listFrom(filter), { estimateFirst: true })
  const now = ctx.services.now()
  return {
    data: rows.map((row) => toRow(row, settings.firstResponseMinutes, now)),
    meta: pageMeta(total, estimate, query.page, query.per_page),
  }
}

async function commentsOf(q: Queryable, tenantId: number, ticketId: number, includeInternal: boolean) {
  const rows = await repo.thread(q, tenantId, ticketId, includeInternal)
  const attachments = await repo.attachmentsOf(
    q,
    tenantId,
    rows.map((row) => Number(row.id)),
  )
  return rows.map((row) => ({
    id: Number(row.id),
    htmlBody: row.html_body,
    plainBody: row.plain_body,
    isSupportTeam: row.is_support_team,
    internal: row.internal,
    author:
      row.author_account_id === null
        ? null
        : {
            id: Number(row.author_account_id),
            name: displayName({ firstName: row.first_name, lastName: row.last_name, email: row.email ?? '' }),
          },
    created: date(row.created_at),
    attachments: attachments
      .filter((attachment) => attachment.commentId === Number(row.id))
      .map((attachment) => ({
        id: attachment.id,
        fileName: attachment.fileName,
        url: `/api/files/${attachment.fileId}`,
        size: attachment.size,
      })),
  }))
}

async function commentById(q: Queryable, tenantId: number, ticketId: number, commentId: number) {
  const all = await commentsOf(q, tenantId, ticketId, true)
  const found = all.find((comment) => comment.id === commentId)
  if (!found) throw notFound('There is no such message on this ticket.')
  return found
}

export async function single(ctx: AuthedContext, id: number) {
  const { db } = ctx.services
  const tenantId = ctx.tenant.id
  const [row] = await repo.ticketsById(db, tenantId, [id])
  if (!row) throw notFound('There is no such ticket in this workspace.')
  const ticket = await repo.findTicket(db, tenantId, id)
  const settings = await settingsOf(db, tenantId)
  const comments = await commentsOf(db, tenantId, id, true)
  let account = null
  let others: { id: number; subject: string; status: TicketStatus; created: Date }[] = []
  const requesterId = row.requester_account_id === null ? null : Number(row.requester_account_id)
  if (requesterId !== null) {
    const holder = await findAccount(db, tenantId, requesterId).catch(() => null)
    if (holder) {
      const releases = await listAccountReleases(db, tenantId, requesterId, 1, 5)
      account = {
        id: holder.id,
        name: displayName({ firstName: holder.firstName, lastName: holder.lastName, email: holder.email }),
        email: holder.email,
        type: holder.type,
        balance: toCents(await availableUnits(db, tenantId, requesterId)),
        supportDisabled: await repo.supportDisabled(db, tenantId, requesterId),
        releases: releases.rows.map((release) => ({ id: Number(release.id), title: release.title, status: release.status })),
        releaseCount: releases.total,
      }
      others = (await repo.otherTickets(db, tenantId, requesterId, id, 10)).map((other) => ({
        id: other.id,
        subject: other.subject,
        status: other.status as TicketStatus,
        created: other.created,
      }))
    }
  }
  return {
    ...toRow(row, settings.firstResponseMinutes, ctx.services.now()),
    description: ticket?.description ?? '',
    comments,
    account,
    otherTickets: others,
  }
}

/** The dashboard's unresolved tickets: the workspace's for staff, the signed-in account's own otherwise. */
export async function unresolvedTickets(ctx: AuthedContext) {
  const { db } = ctx.services
  const filter: repo.ListFilter = {
    tenantId: ctx.tenant.id,
    unresolved: true,
    requesterId: isStaff(ctx) ? undefined : ctx.session.account.id,
  }
  const rows = await repo.listPage(db, filter, 1, 5)
  const { total } = rows.length < 5 ? { total: rows.length } : await countCapped(db, repo.listFrom(filter), { estimateFirst: true })
  const settings = await settingsOf(db, ctx.tenant.id)
  return { total, items: rows.map((row) => toRow(row, settings.firstResponseMinutes, ctx.services.now())) }
}

/** One ticket of an account (the account screen's support section): 404 when it is someone else's. */
export async function accountTicket(ctx: AuthedContext, userId: number, ticketId: number) {
  const ticket = await repo.findTicket(ctx.services.db, ctx.tenant.id, ticketId)
  if (!ticket || ticket.requesterAccountId !== userId) throw notFound('This account has no such ticket.')
  return single(ctx, ticketId)
}

/** The account's newest tickets, for its support section. */
export async function accountTickets(q: Queryable, tenantId: number, accountId: number, limit: number) {
  const rows = await repo.listPage(q, { tenantId, requesterId: accountId }, 1, limit)
  return rows.map((row) => ({
    id: Number(row.id),
    subject: row.subject,
    status: row.status,
    created: date(row.created_at),
    updated: date(row.last_activity_at),
  }))
}

// ---------------------------------------------------------------------------------------------
// Attachments

interface Attachment {
  name: string
  dataUrl: string
}

/**
 * Stores an attachment in the file store (checked by its bytes: PDF, JPG or PNG, at most 10 MB)
 * inside `tx`, and remembers it so the caller can drop the bytes if the transaction rolls back.
 */
async function storeBytes(
  services: Services,
  tx: Tx,
  tenantId: number,
  createdBy: number | null,
  name: string,
  data: Buffer,
  kept: FileRow[],
) {
  const stored = await services.files.save(tx, {
    tenantId,
    purpose: 'support',
    originalName: name,
    data,
    kind: 'document',
    maxBytes: MAX_MESSAGE_ATTACHMENT_BYTES,
    createdBy,
  })
  kept.push(stored)
  return stored
}

async function storeAttachment(services: Services, tx: Tx, tenantId: number, createdBy: number | null, file: Attachment, kept: FileRow[]) {
  return storeBytes(services, tx, tenantId, createdBy, file.name, decodeDataUrl(file.dataUrl), kept).catch((error: unknown) => {
    throw asFileFieldError(error)
  })
}

/** Runs `work` with a list of stored files whose bytes are removed again when it fails. */
async function withFiles<T>(services: Services, work: (kept: FileRow[]) => Promise<T>): Promise<T> {
  const kept: FileRow[] = []
  try {
    return await work(kept)
  } catch (error) {
    // The rows rolled back with the transaction; the stored bytes must not outlive them.
    for (const file of kept) await services.files.backend.delete(file.storageKey).catch(() => undefined)
    throw error
  }
}

// ---------------------------------------------------------------------------------------------
// Comments

interface NewComment {
  ticketId: number
  authorId: number | null
  html: string
  isSupportTeam: boolean
  internal: boolean
  messageId?: string | null
  file?: Attachment
  files?: { name: string; data: Buffer }[]
  /** commentBodies(html) when the caller already has them (a new ticket's description): sanitised once, not twice. */
  bodies?: { html: string; plain: string }
}

/** Adds a comment (sanitised; plain body derived) with its attachments, inside `tx`. */
export async function addComment(services: Services, tx: Tx, tenantId: number, input: NewComment, kept: FileRow[]) {
  const bodies = input.bodies ?? commentBodies(input.html)
  const comment = await repo.insertComment(tx, {
    tenantId,
    ticketId: input.ticketId,
    authorAccountId: input.authorId,
    isSupportTeam: input.isSupportTeam,
    internal: input.internal,
    htmlBody: bodies.html,
    plainBody: bodies.plain,
    messageId: input.messageId ?? null,
  })
  if (input.file) {
    const stored = await storeAttachment(services, tx, tenantId, input.authorId, input.file, kept)
    await repo.insertAttachment(tx, {
      tenantId,
      commentId: comment.id,
      fileId: stored.id,
      fileName: stored.originalName,
      size: stored.size,
    })
  }
  // Mail attachments: what the store refuses (type, size) is named on the message instead of kept.
  const refused: string[] = []
  for (const file of input.files ?? []) {
    try {
      const stored = await storeBytes(services, tx, tenantId, input.authorId, file.name, file.data, kept)
      await repo.insertAttachment(tx, {
        tenantId,
        commentId: comment.id,
        fileId: stored.id,
        fileName: stored.originalName,
        size: stored.size,
      })
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
      refused.push(`${file.name}: ${error.message}`)
    }
  }
  if (refused.length) {
    const note = `Attachments not kept — ${refused.join('; ')}`
    await repo.appendToComment(tx, tenantId, comment.id, htmlFromPlain(note), note)
  }
  return comment
}

async function lockOne(tx: Tx, tenantId: number, id: number) {
  const [ticket] = await repo.lockTickets(tx, tenantId, [id])
  if (!ticket) throw notFound('There is no such ticket in this workspace.')
  return ticket
}

/** A staff reply: first response recorded, a new ticket becomes open, the requester gets it by mail. */
export async function reply(ctx: AuthedContext, id: number, body: { html: string; file?: Attachment }) {
  const { services, tenant, session } = ctx
  const result = await withFiles(services, (kept) =>
    auditedMutation(ctx, { action: 'support_ticket.replied', entityType: 'support_ticket', entityId: id }, async (tx) => {
      const ticket = await lockOne(tx, tenant.id, id)
      if (ticket.status === 'closed') throw conflict('The ticket is closed: a closed ticket takes no more replies.')
      const comment = await addComment(
        services,
        tx,
        tenant.id,
        { ticketId: id, authorId: session.account.id, html: body.html, isSupportTeam: true, internal: false, file: body.file },
        kept,
      )
      await mailReply(services, tx, ticket, comment, body.file)
      const now = services.now()
      const status = statusAfterStaffReply(ticket.status as TicketStatus)
      await repo.updateTicket(tx, tenant.id, id, {
        status,
        firstResponseAt: ticket.firstResponseAt ?? now,
        lastActivityAt: now,
        updatedAt: now,
      })
      return {
        result: { comment: await commentById(tx, tenant.id, id, comment.id), ticket },
        before: { status: ticket.status },
        after: { status, commentId: comment.id },
      }
    }),
  )
  return { message: `Reply sent to ${result.ticket.requesterEmail}.`, comment: result.comment }
}

/**
 * Queues the staff reply to the requester (inside the reply's transaction: no reply without its
 * mail, no mail without its reply), threaded after every earlier message of the conversation.
 */
async function mailReply(services: Services, tx: Tx, ticket: repo.TicketRecord, comment: repo.CommentRecord, file?: Attachment) {
  const { mailFrom } = services.config
  const settings = await settingsOf(tx, ticket.tenantId)
  const earlier = await repo.threadMessageIds(tx, ticket.tenantId, ticket.id)
  const messageId = newMessageId(ticket.id, mailFrom)
  await repo.setCommentMessageId(tx, ticket.tenantId, comment.id, messageId)
  const signature = settings.signature.trim()
  await queueMail(
    services.jobs,
    tx,
    {
      to: ticket.requesterEmail,
      subject: replySubject(ticket.subject, ticket.id),
      text: signature ? `${comment.plainBody}\n\n${signature}` : comment.plainBody,
      html: signature ? `${comment.htmlBody}${htmlFromPlain(signature)}` : comment.htmlBody,
      replyTo: replyAddress(mailFrom, ticket.id),
      messageId,
      inReplyTo: earlier.at(-1),
      references: earlier.length ? earlier : undefined,
      // The file store already accepted it (addComment); the data URL's payload is the base64 to send.
      attachments: file
        ? [{ filename: file.name, content: file.dataUrl.slice(file.dataUrl.indexOf(',') + 1), encoding: 'base64' }]
        : undefined,
    },
    ticket.tenantId,
  )
}

export async function addNote(ctx: AuthedContext, id: number, body: { html: string }) {
  const { services, tenant, session } = ctx
  const comment = await auditedMutation(
    ctx,
    {
      action: 'support_ticket.note_added',
      entityType: 'support_ticket',
      lock: { table: supportTickets, id, tenantId: tenant.id, missing: 'There is no such ticket in this workspace.' },
    },
    async (tx) => {
      const added = await addComment(
        services,
        tx,
        tenant.id,
        { ticketId: id, authorId: session.account.id, html: body.html, isSupportTeam: true, internal: true },
        [],
      )
      return { result: await commentById(tx, tenant.id, id, added.id), after: { noteId: added.id } }
    },
  )
  return { message: 'Note added. Only staff see it.', comment }
}

export async function deleteNote(ctx: AuthedContext, noteId: number) {
  const { tenant } = ctx
  await auditedMutation(ctx, { action: 'support_ticket.note_deleted', entityType: 'support_ticket' }, async (tx) => {
    const note = await repo.findComment(tx, tenant.id, noteId)
    if (!note) throw notFound('There is no such note in this workspace.')
    if (!note.internal) throw conflict('Only internal notes can be deleted; replies stay on the thread.')
    await repo.deleteComment(tx, tenant.id, noteId)
    return { result: null, entityId: note.ticketId, before: { noteId, plainBody: note.plainBody }, after: null }
  })
  return { message: 'Note deleted.' }
}

// ---------------------------------------------------------------------------------------------
// Status, priority, assignee

/** Moves locked `tickets` to `status` (every one must allow it) and queues their auto-close when solved. */
async function moveTickets(services: Services, tx: Tx, tenantId: number, tickets: repo.TicketRecord[], status: TicketStatus, now: Date) {
  for (const ticket of tickets) {
    const refusal = ticketTransitionRefusal(ticket.status, status)
    if (refusal) throw conflict(`Ticket #${ticket.id}: ${refusal}`)
  }
  for (const ticket of tickets)
    await repo.updateTicket(tx, tenantId, ticket.id, {
      status,
      solvedAt: status === 'solved' ? now : status === 'closed' ? ticket.solvedAt : null,
      closedAt: status === 'closed' ? now : null,
      lastActivityAt: now,
      updatedAt: now,
    })
  if (status === 'solved') await scheduleAutoClose(services, tx, tenantId, now)
}

/**
 * One auto-close job per solve, due when the tickets solved now would close: the job closes every
 * ticket of the workspace that is due by then (so a changed setting or a reopened ticket is read then).
 */
async function scheduleAutoClose(services: Services, tx: Tx, tenantId: number, solvedAt: Date) {
  const { autoCloseDays } = await settingsOf(tx, tenantId)
  await services.jobs.enqueue(tx, {
    type: AUTO_CLOSE_JOB,
    tenantId,
    payload: { tenantId },
    runAt: new Date(solvedAt.getTime() + autoCloseDays * 24 * 60 * MINUTE),
    maxAttempts: 3,
  })
}

export async function changeStatus(ctx: AuthedContext, body: { ids: number[]; status: TicketStatus }) {
  const { services, tenant } = ctx
  const ids = [...new Set(body.ids)]
  const changed = await auditedMutation(ctx, { action: 'support_ticket.status_changed', entityType: 'support_ticket' }, async (tx) => {
    const tickets = await repo.lockTickets(tx, tenant.id, ids)
    if (tickets.length !== ids.length) throw notFound('There is no such ticket in this workspace.')
    await moveTickets(services, tx, tenant.id, tickets, body.status, services.now())
    return {
      result: tickets.length,
      records: tickets.map((ticket) => ({ entityId: ticket.id, before: { status: ticket.status }, after: { status: body.status } })),
    }
  })
  const label = ticketStatusLabel(body.status).toLowerCase()
  return {
    changed,
    message: changed === 1 ? `Ticket #${ids[0]} is now ${label}.` : `${changed} tickets are now ${label}.`,
  }
}

export async function elevate(ctx: AuthedContext, body: { id: number }) {
  const { tenant, session } = ctx
  const priority = await auditedMutation(
    ctx,
    { action: 'support_ticket.elevated', entityType: 'support_ticket', entityId: body.id },
    async (tx) => {
      const ticket = await lockOne(tx, tenant.id, body.id)
      if (ticket.status === 'closed') throw conflict('The ticket is closed: it cannot be elevated.')
      const raised = raisedPriority(ticket.priority as TicketPriority)
      await repo.updateTicket(tx, tenant.id, ticket.id, { priority: raised, elevated: true, updatedAt: ctx.services.now() })
      await notifyAdmins(tx, tenant.id, {
        title: 'Support ticket elevated',
        message: `${displayName({ firstName: session.account.firstName, lastName: session.account.lastName, email: session.account.email })} elevated ticket #${ticket.id} “${ticket.subject}” to ${raised} priority.`,
        link: `/support/single/${ticket.id}`,
      })
      return {
        result: raised,
        before: { priority: ticket.priority, elevated: ticket.elevated },
        after: { priority: raised, elevated: true },
      }
    },
  )
  return { priority, message: `Ticket #${body.id} elevated to ${priority} priority; the workspace's admins were told.` }
}

export async function assign(ctx: AuthedContext, input: { id: number; assigneeId: number | 'me' | null }) {
  const { tenant, services } = ctx
  const body = { id: input.id, assigneeId: input.assigneeId === 'me' ? ctx.session.account.id : input.assigneeId }
  const name = await auditedMutation(
    ctx,
    { action: 'support_ticket.assigned', entityType: 'support_ticket', entityId: body.id },
    async (tx) => {
      const ticket = await lockOne(tx, tenant.id, body.id)
      let assigneeName: string | null = null
      if (body.assigneeId !== null) {
        const [staff] = await tx
          .select()
          .from(accounts)
          .where(and(eq(accounts.tenantId, tenant.id), eq(accounts.id, body.assigneeId)))
        if (!staff || staff.type !== 'admin') throw conflict('Tickets can only be assigned to staff (admin accounts) of this workspace.')
        assigneeName = displayName({ firstName: staff.firstName, lastName: staff.lastName, email: staff.email })
        if (staff.id !== ctx.session.account.id)
          await notify(tx, {
            tenantId: tenant.id,
            accountIds: [staff.id],
            title: 'Ticket assigned to you',
            message: `Ticket #${ticket.id} “${ticket.subject}” is yours.`,
            link: `/support/single/${ticket.id}`,
          })
      }
      await repo.updateTicket(tx, tenant.id, ticket.id, { assigneeAccountId: body.assigneeId, updatedAt: services.now() })
      return { result: assigneeName, before: { assigneeId: ticket.assigneeAccountId }, after: { assigneeId: body.assigneeId } }
    },
  )
  return { message: name ? `Ticket #${body.id} is assigned to ${name}.` : `Ticket #${body.id} is unassigned.` }
}

// ---------------------------------------------------------------------------------------------
// The requester's side (the artist portal's support widget; email in docs/support.md)

export const SUPPORT_OFF_FOR_YOU = 'Support is turned off for your account. Please contact the workspace by other means.'
export const SUPPORT_OFF_FOR_ACCOUNT = 'Support is turned off for this account.'

/** Refuses the account's own support calls (widget, help center) while its support is turned off. */
export async function refuseWhenDisabled(q: Queryable, tenantId: number, accountId: number) {
  if (await repo.supportDisabled(q, tenantId, accountId)) throw forbidden(SUPPORT_OFF_FOR_YOU)
}

/**
 * Rings the bell of whoever answers the ticket (docs/support.md "Dashboard and notifications"): its
 * assignee, or, while nobody is assigned, the workspace's admins (they triage). The account that
 * wrote is never told about its own message.
 */
async function tellAnswerer(tx: Tx, ticket: repo.TicketRecord, title: string, writer: number | null) {
  const content = { title, message: `Ticket #${ticket.id} “${ticket.subject}”`, link: `/support/single/${ticket.id}` }
  if (ticket.assigneeAccountId !== null) {
    if (ticket.assigneeAccountId !== writer) await notify(tx, { ...content, tenantId: ticket.tenantId, accountIds: [ticket.assigneeAccountId] })
    return
  }
  await notifyAdmins(tx, ticket.tenantId, content, writer)
}

export interface NewTicket {
  requesterAccountId: number | null
  requesterEmail: string
  requesterName: string
  subject: string
  html: string
  source: TicketSource
  messageId?: string | null
  file?: Attachment
  files?: { name: string; data: Buffer }[]
}

/** Opens a ticket with its first message, audited as `actor` (a request's, the mail receiver's). */
export async function createTicket(services: Services, actor: AuditActor, tenantId: number, input: NewTicket) {
  return withFiles(services, (kept) =>
    auditedMutation({ db: services.db, actor }, { action: 'support_ticket.created', entityType: 'support_ticket' }, async (tx) => {
      const bodies = commentBodies(input.html)
      const now = services.now()
      const ticket = await repo.insertTicket(tx, {
        tenantId,
        requesterAccountId: input.requesterAccountId,
        requesterEmail: input.requesterEmail,
        requesterName: input.requesterName,
        subject: input.subject,
        description: bodies.plain,
        source: input.source,
        status: 'new',
        lastActivityAt: now,
        createdAt: now,
        updatedAt: now,
      })
      await addComment(
        services,
        tx,
        tenantId,
        {
          ticketId: ticket.id,
          authorId: input.requesterAccountId,
          html: input.html,
          bodies,
          isSupportTeam: false,
          internal: false,
          messageId: input.messageId,
          file: input.file,
          files: input.files,
        },
        kept,
      )
      await tellAnswerer(tx, ticket, input.source === 'email' ? 'New support ticket by email' : 'New support ticket', input.requesterAccountId)
      return { result: ticket, entityId: ticket.id, after: { subject: ticket.subject, source: ticket.source } }
    }),
  )
}

export async function openTicket(ctx: AuthedContext, body: { subject: string; html: string; file?: Attachment }) {
  const me = ctx.session.account
  await refuseWhenDisabled(ctx.services.db, ctx.tenant.id, me.id)
  const ticket = await createTicket(ctx.services, actorOf(ctx), ctx.tenant.id, {
    requesterAccountId: me.id,
    requesterEmail: me.email,
    requesterName: displayName({ firstName: me.firstName, lastName: me.lastName, email: me.email }),
    subject: body.subject,
    html: body.html,
    source: 'app',
    file: body.file,
  })
  return { id: ticket.id, message: `Ticket #${ticket.id} opened. The support team will answer by email.` }
}

/** The requester writes on their ticket (from the app or by mail): solved and pending reopen; closed refuses. */
export async function requesterAnswer(
  services: Services,
  actor: AuditActor,
  tenantId: number,
  input: {
    ticketId: number
    authorId: number | null
    html: string
    messageId?: string | null
    file?: Attachment
    files?: { name: string; data: Buffer }[]
    mustOwn?: number
  },
) {
  return withFiles(services, (kept) =>
    auditedMutation(
      { db: services.db, actor },
      { action: 'support_ticket.requester_replied', entityType: 'support_ticket', entityId: input.ticketId },
      async (tx) => {
        const ticket = await lockOne(tx, tenantId, input.ticketId)
        if (input.mustOwn !== undefined && ticket.requesterAccountId !== input.mustOwn)
          throw notFound('There is no such ticket in this workspace.')
        if (ticket.status === 'closed') throw conflict('This ticket is closed. Please open a new ticket.')
        await addComment(
          services,
          tx,
          tenantId,
          {
            ticketId: ticket.id,
            authorId: input.authorId,
            html: input.html,
            isSupportTeam: false,
            internal: false,
            messageId: input.messageId,
            file: input.file,
            files: input.files,
          },
          kept,
        )
        const status = statusAfterRequesterReply(ticket.status as TicketStatus)
        const now = services.now()
        await repo.updateTicket(tx, tenantId, ticket.id, {
          status,
          solvedAt: status === 'solved' ? ticket.solvedAt : null,
          lastActivityAt: now,
          updatedAt: now,
        })
        await tellAnswerer(tx, ticket, ticket.assigneeAccountId === null ? 'New reply on an unassigned ticket' : 'New reply on your ticket', input.authorId)
        return { result: status, before: { status: ticket.status }, after: { status } }
      },
    ),
  )
}

export async function requesterReply(ctx: AuthedContext, id: number, body: { html: string; file?: Attachment }) {
  const me = ctx.session.account
  await refuseWhenDisabled(ctx.services.db, ctx.tenant.id, me.id)
  const status = await requesterAnswer(ctx.services, actorOf(ctx), ctx.tenant.id, {
    ticketId: id,
    authorId: me.id,
    html: body.html,
    file: body.file,
    mustOwn: me.id,
  })
  return { status, message: 'Your answer was added to the ticket.' }
}

// ---------------------------------------------------------------------------------------------
// Auto-close (the job runner)

const CLOSE_BATCH = 500

/** Closes the workspace's solved tickets older than its auto-close days; audited as the system. */
export async function closeDueTickets(services: Services, tenantId: number): Promise<number> {
  const { autoCloseDays } = await settingsOf(services.db, tenantId)
  const now = services.now()
  const before = new Date(now.getTime() - autoCloseDays * 24 * 60 * MINUTE)
  let closed = 0
  for (;;) {
    const count = await auditedMutation(
      { db: services.db, actor: { tenantId, actorAccountId: null } },
      { action: 'support_ticket.auto_closed', entityType: 'support_ticket' },
      async (tx) => {
        const due = await repo.dueSolved(tx, tenantId, before, CLOSE_BATCH)
        for (const ticket of due) await repo.updateTicket(tx, tenantId, ticket.id, { status: 'closed', closedAt: now, updatedAt: now })
        return {
          result: due.length,
          records: due.map((ticket) => ({
            entityId: ticket.id,
            before: { status: 'solved' },
            after: { status: 'closed', afterDays: autoCloseDays },
          })),
        }
      },
    )
    closed += count
    if (count < CLOSE_BATCH) return closed
  }
}
