import { z } from 'zod'
import { TICKET_PRIORITIES, TICKET_SOURCES, TICKET_STATUSES } from '@core/ticket-status'
import { endpoint } from './define'
import { id, idParams, nullableTimestamp, page, pageOf, perPage, timestamp } from './common'
import { MESSAGE_BODY_LIMIT, messageAttachment } from './help-center'

// The support desk (docs/support.md): tickets from the app, from email and from the help center;
// staff replies, internal notes, escalation and the workspace's support settings. Statuses and their
// transitions live in src/core/ticket-status.ts and are enforced by admin/support/change-status.

export const ticketStatus = z.enum(TICKET_STATUSES, `Choose one of: ${TICKET_STATUSES.join(', ')}`)
export const ticketPriority = z.enum(TICKET_PRIORITIES)
export const ticketSource = z.enum(TICKET_SOURCES)

/** HTML typed in a reply or note box; sanitised on the server before it is stored. */
export const commentHtml = z.string().trim().min(1, 'Write a message first').max(100_000, 'The message is too long')

const person = z.object({ id: z.number(), name: z.string() })

export const ticketRequester = z.object({
  /** null: only an email address wrote (no account yet). */
  id: z.number().nullable(),
  name: z.string(),
  email: z.string(),
})

export const ticketRow = z.object({
  id: z.number(),
  subject: z.string(),
  status: ticketStatus,
  priority: ticketPriority,
  source: ticketSource,
  requester: ticketRequester,
  assignee: person.nullable(),
  elevated: z.boolean(),
  created: timestamp,
  updated: timestamp,
  firstResponseAt: nullableTimestamp,
  /** Minutes from creation to the first staff reply; null while unanswered. */
  firstResponseMinutes: z.number().nullable(),
  /** Past the workspace's first-response target (answered late, or unanswered and already late). */
  firstResponseMissed: z.boolean(),
  /** Whether the signed-in staff member may solve it now (its status allows it). */
  canBeSolvedByMe: z.boolean(),
})
export type TicketRow = z.infer<typeof ticketRow>
export type TicketRowResult = z.input<typeof ticketRow>

export const ticketAttachment = z.object({ id: z.number(), fileName: z.string(), url: z.string(), size: z.number() })

export const ticketComment = z.object({
  id: z.number(),
  htmlBody: z.string(),
  plainBody: z.string(),
  isSupportTeam: z.boolean(),
  /** An internal note: never mailed, never shown to the requester. */
  internal: z.boolean(),
  author: person.nullable(),
  created: timestamp,
  attachments: z.array(ticketAttachment),
})
export type TicketComment = z.infer<typeof ticketComment>

export const ticketSingle = ticketRow.extend({
  description: z.string(),
  comments: z.array(ticketComment),
  /** The requester's account beside the thread; null for an address without an account. */
  account: z
    .object({
      id: z.number(),
      name: z.string(),
      email: z.string(),
      type: z.string(),
      /** Available balance, a decimal string. */
      balance: z.string(),
      supportDisabled: z.boolean(),
      releases: z.array(z.object({ id: z.number(), title: z.string(), status: z.number() })),
      releaseCount: z.number(),
    })
    .nullable(),
  otherTickets: z.array(z.object({ id: z.number(), subject: z.string(), status: ticketStatus, created: timestamp })),
})
export type TicketSingle = z.infer<typeof ticketSingle>

export const cannedReply = z.object({
  title: z.string().trim().min(1, 'Give the canned reply a title').max(100, 'The title is too long'),
  text: z.string().trim().min(1, 'The canned reply is empty').max(20_000, 'The canned reply is too long'),
})

export const supportSettings = z.object({
  autoReply: z.string().max(5_000, 'The auto-reply is too long'),
  signature: z.string().max(2_000, 'The signature is too long'),
  cannedReplies: z.array(cannedReply).max(100, 'At most 100 canned replies'),
  businessHours: z.string().max(500, 'The business hours are too long'),
  firstResponseMinutes: z
    .number()
    .int()
    .min(1, 'At least one minute')
    .max(60 * 24 * 30, 'At most 30 days'),
  autoCloseDays: z.number().int().min(1, 'At least one day').max(365, 'At most 365 days'),
})
export type SupportSettings = z.infer<typeof supportSettings>

export const TICKET_PAGE_SIZES = [25, 50, 100, 200, 500] as const

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31')
const message = z.object({ message: z.string() })

export const supportEndpoints = {
  'support.list': endpoint({
    method: 'GET',
    path: 'admin/support',
    access: 'admin',
    summary:
      'Support tickets, newest first, by page (capped total): search by subject, requester or #id; filter by status, created date range, requester and assignee',
    query: z.object({
      page,
      per_page: perPage,
      search: z.string().trim().max(100, 'The search is too long').optional(),
      status: ticketStatus.optional(),
      /** Every status but solved and closed. */
      unresolved: z.enum(['true', 'false']).optional(),
      from: day.optional(),
      to: day.optional(),
      requesterId: id.optional(),
      assigneeId: id.optional(),
    }),
    response: pageOf(ticketRow),
  }),
  'support.single': endpoint({
    method: 'GET',
    path: 'admin/support/single-additional/{id}',
    access: 'admin',
    summary: "One ticket with its thread (replies and internal notes), the requester's account card and their other tickets",
    params: idParams,
    response: ticketSingle,
  }),
  'support.changeStatus': endpoint({
    method: 'POST',
    path: 'admin/support/change-status',
    access: 'admin',
    summary: 'Moves tickets to a status along the allowed transitions (src/core/ticket-status.ts), all or nothing',
    body: z.object({ ids: z.array(id).min(1, 'Choose a ticket').max(500, 'At most 500 tickets at once'), status: ticketStatus }),
    response: message.extend({ changed: z.number() }),
  }),
  'support.reply': endpoint({
    method: 'POST',
    path: 'admin/support/{id}/reply',
    access: 'admin',
    summary: 'A staff reply on the thread (sanitised HTML, optional attachment): mailed to the requester, first response recorded',
    params: idParams,
    status: 201,
    bodyLimit: MESSAGE_BODY_LIMIT,
    body: z.object({ html: commentHtml, file: messageAttachment.optional() }),
    response: message.extend({ comment: ticketComment }),
  }),
  'support.addNote': endpoint({
    method: 'POST',
    path: 'admin/support/{id}/admin-note',
    access: 'admin',
    summary: 'An internal note on the ticket: never mailed, never shown to the requester',
    params: idParams,
    status: 201,
    body: z.object({ html: commentHtml }),
    response: message.extend({ comment: ticketComment }),
  }),
  'support.deleteNote': endpoint({
    method: 'DELETE',
    path: 'admin/support/{id}/admin-note',
    access: 'admin',
    summary: 'Deletes an internal note ({id} is the note); replies cannot be deleted',
    params: idParams,
    response: message,
  }),
  'support.elevate': endpoint({
    method: 'POST',
    path: 'admin/support/elevate',
    access: 'admin',
    summary: "Raises the ticket's priority one step, marks it elevated and notifies the workspace's admins",
    body: z.object({ id }),
    response: message.extend({ priority: ticketPriority }),
  }),
  'support.assign': endpoint({
    method: 'POST',
    path: 'admin/support/assign',
    access: 'admin',
    summary: 'Gives the ticket to a staff member ("me": the caller; null: nobody); the assignee is notified',
    body: z.object({ id, assigneeId: z.union([id, z.literal('me')]).nullable() }),
    response: message,
  }),
  'support.settings': endpoint({
    method: 'GET',
    path: 'admin/support/fetch-support-settings',
    access: 'admin',
    summary:
      "The workspace's support settings: auto-reply, signature, canned replies, business hours, first-response target, auto-close days (the support address is the site's, site/settings/support-email)",
    response: supportSettings,
  }),
  'support.updateSettings': endpoint({
    method: 'POST',
    path: 'admin/support/update-setting',
    access: 'admin',
    summary: "Saves the workspace's support settings (every field at once); audited",
    body: supportSettings,
    response: message.extend({ settings: supportSettings }),
  }),
  'support.changeDisableSupport': endpoint({
    method: 'POST',
    path: 'admin/support/change-disable-support',
    access: 'admin',
    summary: 'Turns support off (or on again) for one account: its widget and users/support then refuse with a clear message',
    body: z.object({ userId: id, disabled: z.boolean() }),
    response: message.extend({ disabled: z.boolean() }),
  }),
  'dashboard.unresolvedTickets': endpoint({
    method: 'GET',
    path: 'dashboard/unresolved-tickets',
    access: 'auth',
    summary: "The dashboard's unresolved tickets (new, open, pending, on hold): staff see the workspace's, others their own; the count and the newest few",
    response: z.object({
      total: z.number(),
      items: z.array(ticketRow.pick({ id: true, subject: true, status: true, priority: true, requester: true, created: true })),
    }),
  }),
  'users.singleSupportMessage': endpoint({
    method: 'GET',
    path: 'users/single-support/message/{userId}/{ticketId}',
    access: 'admin',
    summary:
      "One ticket of the account with its thread, for the account screen's support section (404 when the ticket is not the account's)",
    params: z.object({ userId: id, ticketId: id }),
    response: ticketSingle,
  }),
  'support.open': endpoint({
    method: 'POST',
    path: 'support/tickets',
    access: 'auth',
    summary: "The artist portal's support widget opens a ticket for the signed-in account (refused when its support is turned off)",
    status: 201,
    bodyLimit: MESSAGE_BODY_LIMIT,
    body: z.object({
      subject: z.string().trim().min(1, 'Title is required').max(200, 'Title is too long'),
      html: commentHtml,
      file: messageAttachment.optional(),
    }),
    response: message.extend({ id: z.number() }),
  }),
  'support.requesterReply': endpoint({
    method: 'POST',
    path: 'support/tickets/{id}/reply',
    access: 'auth',
    summary: 'The requester answers their own ticket from the artist portal: a solved or pending ticket opens again',
    params: idParams,
    status: 201,
    bodyLimit: MESSAGE_BODY_LIMIT,
    body: z.object({ html: commentHtml, file: messageAttachment.optional() }),
    response: message.extend({ status: ticketStatus }),
  }),
} as const
