import { z } from 'zod'
import { BLAST_STATUSES, FAN_SOURCES, RECIPIENT_STATES } from '@core/fanblast'
import { endpoint } from './define'
import { id, idParams, nullableTimestamp, page, pageOf, perPage, timestamp } from './common'

// Fan blast (docs/fanblast.md): an artist or label emails the fans who opted in (smartlink page or an
// imported list with proof of consent). Staff approve or reject each blast; a job then sends it through
// the workspace's mailer, one email-log row per recipient, each claimed before its message leaves.

export const blastStatus = z.enum(BLAST_STATUSES, `Choose one of: ${BLAST_STATUSES.join(', ')}`)
export const recipientState = z.enum(RECIPIENT_STATES, `Choose one of: ${RECIPIENT_STATES.join(', ')}`)

/** Largest blast body, as HTML. */
export const BLAST_CONTENT_MAX = 100_000
/** Largest fan list accepted by one import. */
export const FANS_CSV_MAX_BYTES = 20 * 1024 * 1024

export const blastUser = z.object({ id: z.number(), name: z.string(), email: z.string() })

export const blastItem = z.object({
  id: z.number(),
  /** As written. */
  subject: z.string(),
  /** As lists show it: a leading "Message from" left out. */
  listSubject: z.string(),
  status: blastStatus,
  from: z.string(),
  messageId: z.string(),
  user: blastUser,
  recipients: z.number(),
  /** Why staff rejected it. */
  reason: z.string().nullable(),
  reviewedAt: nullableTimestamp,
  date: timestamp,
})
export type BlastItem = z.infer<typeof blastItem>

export const blastProgress = z.object(Object.fromEntries(RECIPIENT_STATES.map((state) => [state, z.number()])) as {
  [K in (typeof RECIPIENT_STATES)[number]]: z.ZodNumber
})

export const blastSingle = blastItem.extend({
  /** Sanitised HTML. */
  content: z.string(),
  /** Email-log rows by state: the progress while it sends. */
  progress: blastProgress,
  startedAt: nullableTimestamp,
  finishedAt: nullableTimestamp,
  /** Fans who would receive it now (not unsubscribed, not bounced). */
  audience: z.number(),
})
export type BlastSingle = z.infer<typeof blastSingle>

/** A blast as its author sees it in their list: with its email log's counts once approved (null before). */
export const myBlastItem = blastItem.extend({ progress: blastProgress.nullable() })
export type MyBlastItem = z.infer<typeof myBlastItem>

export const recipientItem = z.object({
  id: z.number(),
  email: z.string(),
  state: recipientState,
  response: z.string(),
  attempts: z.number(),
  sentAt: nullableTimestamp,
  updatedAt: timestamp,
})
export type RecipientItem = z.infer<typeof recipientItem>

export const fanItem = z.object({
  id: z.number(),
  email: z.string(),
  source: z.enum(FAN_SOURCES),
  consentDate: timestamp,
  consentProof: z.string(),
  unsubscribed: z.boolean(),
  bounced: z.boolean(),
})
export type FanItem = z.infer<typeof fanItem>

const done = z.object({ id: z.number(), status: blastStatus, message: z.string() })

export const blastInput = z.object({
  subject: z.string().trim().min(1, 'Subject is required').max(200, 'Subject is too long (200 characters at most)'),
  /** The sender name fans see; the account's name when empty. */
  from: z.string().trim().max(100, 'From is too long (100 characters at most)').default(''),
  content: z.string().min(1, 'Write the message').max(BLAST_CONTENT_MAX, 'The message is too long'),
})
export type BlastInput = z.input<typeof blastInput>

export const fanblastEndpoints = {
  'fanblast.list': endpoint({
    method: 'GET',
    path: 'fanblast',
    access: 'admin',
    summary: 'Fan blasts of the workspace, newest first; search by subject, filter by status or user',
    query: z.object({
      page,
      per_page: perPage,
      search: z.string().trim().max(200).optional(),
      status: blastStatus.optional(),
      user: id.optional(),
    }),
    response: pageOf(blastItem),
  }),
  'fanblast.single': endpoint({
    method: 'GET',
    path: 'fanblast/single/{id}',
    access: 'admin',
    summary: 'One fan blast with its content and its sending progress',
    params: idParams,
    response: blastSingle,
  }),
  'fanblast.recipients': endpoint({
    method: 'GET',
    path: 'fanblast/email-recipients',
    access: 'admin',
    summary: "A blast's email log: each recipient's state and the mail server's answer",
    query: z.object({ blast: id, page, per_page: perPage, state: recipientState.optional() }),
    response: pageOf(recipientItem),
  }),
  'fanblast.approve': endpoint({
    method: 'POST',
    path: 'fanblast/approve',
    access: 'admin',
    summary: 'Approve a submitted blast: it is queued to send to the fans who can receive it now',
    body: z.object({ id }),
    response: done,
  }),
  'fanblast.reject': endpoint({
    method: 'POST',
    path: 'fanblast/reject',
    access: 'admin',
    summary: 'Reject a submitted blast with a reason the artist sees',
    body: z.object({ id, reason: z.string().trim().min(1, 'Give the reason').max(1000, 'The reason is too long (1000 characters at most)') }),
    response: done,
  }),
  'fanblast.submit': endpoint({
    method: 'POST',
    path: 'fanblast/submit',
    access: 'auth',
    summary: 'An artist or label with fan blast enabled submits a blast to its fans for review (content sanitised)',
    status: 201,
    bodyLimit: BLAST_CONTENT_MAX * 4,
    body: blastInput,
    response: done,
  }),
  'fanblast.mine': endpoint({
    method: 'GET',
    path: 'fanblast/mine',
    access: 'auth',
    summary: 'Your own blasts, newest first, with their status, reason and sending progress',
    query: z.object({ page }),
    response: pageOf(myBlastItem),
  }),
  'fanblast.fans': endpoint({
    method: 'GET',
    path: 'fanblast/fans',
    access: 'auth',
    summary: 'The fans of an account (your own; staff name the account), newest first',
    query: z.object({ account: id.optional(), page, per_page: perPage, search: z.string().trim().max(200).optional() }),
    response: pageOf(fanItem),
  }),
  'fanblast.importFans': endpoint({
    method: 'POST',
    path: 'fanblast/fans/import',
    access: 'auth',
    summary: 'Add fans from a CSV (email, consent date, proof of consent); rows without proof are refused',
    bodyType: 'multipart',
    files: { file: { maxBytes: FANS_CSV_MAX_BYTES, required: true } },
    body: z.object({ account: id.optional() }),
    response: z.object({
      added: z.number(),
      /** Addresses the account already had: left as they were (an unsubscribed fan stays unsubscribed). */
      known: z.number(),
      refused: z.array(z.object({ row: z.number(), email: z.string(), reason: z.string() })),
      message: z.string(),
    }),
  }),
} as const

