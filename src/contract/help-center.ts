import { z } from 'zod'
import { endpoint } from './define'
import { id, idParams, page, pageOf, perPage, timestamp } from './common'

import { MAX_MESSAGE_ATTACHMENT_BYTES } from './shell-vocabulary'
export { MAX_MESSAGE_ATTACHMENT_BYTES } from './shell-vocabulary'

/** A file attached to a message, read by the browser as a base64 data URL. */
export const messageAttachment = z.object({
  name: z.string().trim().min(1).max(200),
  dataUrl: z.string().regex(/^data:[\w.+-]+\/[\w.+-]+;base64,[A-Za-z0-9+/=]+$/, 'The attachment could not be read'),
})
/** Room in a JSON body for one attachment (base64 grows it by a third) plus the text around it. */
export const MESSAGE_BODY_LIMIT = Math.ceil(MAX_MESSAGE_ATTACHMENT_BYTES * 1.4) + 64 * 1024

export const HELP_THREAD_STATUSES = ['open', 'answered', 'closed'] as const
export const helpThreadStatus = z.enum(HELP_THREAD_STATUSES, 'Choose open, answered or closed')
export type HelpThreadStatus = z.infer<typeof helpThreadStatus>

/** Spec "Help center thread": subject, message, file; with its account and where the conversation stands. */
export const helpThreadRow = z.object({
  id: z.number(),
  subject: z.string(),
  status: helpThreadStatus,
  account: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  /** The latest message's text, shortened. */
  lastMessage: z.string(),
  lastMessageFromSupport: z.boolean(),
  messageCount: z.number(),
  lastMessageAt: timestamp,
  created: timestamp,
})
export type HelpThreadRow = z.infer<typeof helpThreadRow>
export type HelpThreadRowResult = z.input<typeof helpThreadRow>

export const helpMessage = z.object({
  id: z.number(),
  body: z.string(),
  fromSupport: z.boolean(),
  author: z.object({ id: z.number(), name: z.string() }).nullable(),
  created: timestamp,
  file: z.object({ id: z.number(), fileName: z.string(), url: z.string(), size: z.number() }).nullable(),
})
export type HelpMessage = z.infer<typeof helpMessage>

export const helpThreadSingle = helpThreadRow.extend({ messages: z.array(helpMessage) })
export type HelpThreadSingle = z.infer<typeof helpThreadSingle>

const newThreadBody = z.object({
  subject: z.string().trim().min(1, 'Title is required').max(200, 'Title is too long'),
  message: z.string().trim().min(1, 'Message is required').max(10_000, 'Message is too long'),
  file: messageAttachment.optional(),
})

export const FETCH_THREADS_FAILED = 'Failed to fetch threads'
export const FETCH_THREAD_FAILED = 'Failed to fetch thread'

export const helpCenterEndpoints = {
  'helpCenter.sendMessage': endpoint({
    method: 'POST',
    path: 'helpCenter/send-message',
    access: 'auth',
    summary: 'Send a message to the support team; it opens a help-center thread',
    status: 201,
    bodyLimit: MESSAGE_BODY_LIMIT,
    body: newThreadBody,
    response: z.object({ threadId: z.number(), message: z.string() }),
  }),
  'helpCenter.threads': endpoint({
    method: 'GET',
    path: 'helpCenter/threads',
    access: 'auth',
    summary:
      "Help-center threads, latest message first: an account's own; staff see every thread of the workspace (filters: status, account, search)",
    query: z.object({
      page,
      per_page: perPage,
      status: helpThreadStatus.optional(),
      accountId: id.optional(),
      search: z.string().trim().max(100, 'The search is too long').optional(),
    }),
    response: pageOf(helpThreadRow),
  }),
  'helpCenter.thread': endpoint({
    method: 'GET',
    path: 'helpCenter/threads/{id}',
    access: 'auth',
    summary: 'One help-center thread with its messages (its account or staff only)',
    params: idParams,
    response: helpThreadSingle,
  }),
  'helpCenter.createThread': endpoint({
    method: 'POST',
    path: 'helpCenter/threads',
    access: 'auth',
    summary: 'Opens a help-center thread (the same as helpCenter/send-message, by its REST name)',
    status: 201,
    bodyLimit: MESSAGE_BODY_LIMIT,
    body: newThreadBody,
    response: z.object({ threadId: z.number(), message: z.string() }),
  }),
  'helpCenter.reply': endpoint({
    method: 'POST',
    path: 'helpCenter/threads/{id}/reply',
    access: 'auth',
    summary: "A message on a thread: from its account (the thread opens again) or from staff (answered; the account's bell rings)",
    params: idParams,
    status: 201,
    bodyLimit: MESSAGE_BODY_LIMIT,
    body: z.object({
      message: z.string().trim().min(1, 'Message is required').max(10_000, 'Message is too long'),
      file: messageAttachment.optional(),
    }),
    response: z.object({ message: z.string(), item: helpMessage }),
  }),
  'helpCenter.updateStatus': endpoint({
    method: 'POST',
    path: 'helpCenter/update-status',
    access: 'auth',
    summary: 'Sets a thread open, answered or closed (staff); its account may close or reopen its own',
    body: z.object({ id, status: helpThreadStatus }),
    response: z.object({ message: z.string(), status: helpThreadStatus }),
  }),
  'dashboard.threads': endpoint({
    method: 'GET',
    path: 'dashboard/threads',
    access: 'auth',
    summary: "The dashboard's latest help-center threads (staff: the workspace's; others: their own) and how many are waiting for an answer",
    response: z.object({ items: z.array(helpThreadRow), open: z.number() }),
  }),
  'dashboard.thread': endpoint({
    method: 'GET',
    path: 'dashboard/threads/{id}',
    access: 'auth',
    summary: 'One help-center thread from the dashboard (its account or staff only)',
    params: idParams,
    response: helpThreadSingle,
  }),
  'dashboard.createThread': endpoint({
    method: 'POST',
    path: 'dashboard/thread',
    access: 'auth',
    summary: "Opens a help-center thread from the dashboard (the same as helpCenter/send-message)",
    status: 201,
    bodyLimit: MESSAGE_BODY_LIMIT,
    body: newThreadBody,
    response: z.object({ threadId: z.number(), message: z.string() }),
  }),
  'users.support': endpoint({
    method: 'POST',
    path: 'users/support',
    access: 'admin',
    summary: "The account screen's support section: the account's tickets and help-center threads (refused when its support is turned off)",
    body: z.object({ userId: id }),
    response: z.object({
      tickets: z.array(z.object({ id: z.number(), subject: z.string(), status: z.string(), created: timestamp, updated: timestamp })),
      threads: z.array(helpThreadRow),
    }),
  }),
  'users.singleCustomSupportMessage': endpoint({
    method: 'GET',
    path: 'users/single-custom-support/message/{userId}/{ticketId}',
    access: 'admin',
    summary: 'One help-center thread of the account ({ticketId} is the thread) with its messages',
    params: z.object({ userId: id, ticketId: id }),
    response: helpThreadSingle,
  }),
} as const
