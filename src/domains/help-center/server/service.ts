import { MAX_MESSAGE_ATTACHMENT_BYTES, type HelpThreadRowResult, type HelpThreadStatus } from '@contract/help-center'
import { displayName } from '@core/names'
import type { AuthedContext } from '@server/context'
import type { Tx } from '@server/db/engine'
import { auditedMutation } from '@server/audit'
import { isStaff } from '@server/accounts'
import { forbidden, notFound } from '@server/errors'
import { countCapped, pageMeta } from '@server/db/paging'
import type { FileRow } from '@server/storage/file-store'
import { asFileFieldError, decodeDataUrl } from '@server/storage/data-url'
import { notify, notifyAdmins } from '@domains/notifications/server/public'
import { accountTickets, refuseWhenDisabled, supportDisabled, SUPPORT_OFF_FOR_ACCOUNT } from '@domains/support/server/public'
import { helpThreads } from './schema'
import * as repo from './repository'

// Help-center threads (docs/support.md "Help center"): an account's conversations with the
// workspace's support team. The account sees its own threads; staff see and answer every thread.

export const MESSAGE_SENT = 'Message sent successfully. Check your help center for updates.'
const PREVIEW = 140

interface Attachment {
  name: string
  dataUrl: string
}

const date = (value: Date | string) => (value instanceof Date ? value : new Date(value))
const nameOf = (row: { first_name: string | null; last_name: string | null; email: string | null }) =>
  displayName({ firstName: row.first_name, lastName: row.last_name, email: row.email ?? '' })

function toRow(row: repo.ThreadRow): HelpThreadRowResult {
  const last = (row.last_body ?? '').replace(/\s+/g, ' ').trim()
  return {
    id: Number(row.id),
    subject: row.subject,
    status: row.status as HelpThreadStatus,
    account: { id: Number(row.account_id), name: nameOf(row), email: row.email },
    lastMessage: last.length > PREVIEW ? `${last.slice(0, PREVIEW - 1)}…` : last,
    lastMessageFromSupport: row.last_from_support ?? false,
    messageCount: Number(row.message_count),
    lastMessageAt: date(row.last_message_at),
    created: date(row.created_at),
  }
}

/** Stores an attachment inside `tx` (checked by its bytes) and remembers it for cleanup on failure. */
async function store(ctx: AuthedContext, tx: Tx, file: Attachment, kept: FileRow[]) {
  const data = decodeDataUrl(file.dataUrl)
  const stored = await ctx.services.files
    .save(tx, {
      tenantId: ctx.tenant.id,
      purpose: 'help-center',
      originalName: file.name,
      data,
      kind: 'document',
      maxBytes: MAX_MESSAGE_ATTACHMENT_BYTES,
      createdBy: ctx.session.account.id,
    })
    .catch((error: unknown) => {
      throw asFileFieldError(error)
    })
  kept.push(stored)
  return stored
}

async function withFiles<T>(ctx: AuthedContext, work: (kept: FileRow[]) => Promise<T>): Promise<T> {
  const kept: FileRow[] = []
  try {
    return await work(kept)
  } catch (error) {
    // The rows rolled back with the transaction; the stored bytes must not outlive them.
    for (const file of kept) await ctx.services.files.backend.delete(file.storageKey).catch(() => undefined)
    throw error
  }
}

/** Opens a help-center thread with its first message and the optional attachment, all or nothing. */
export async function sendMessage(ctx: AuthedContext, input: { subject: string; message: string; file?: Attachment }) {
  const { services, session, tenant } = ctx
  await refuseWhenDisabled(services.db, tenant.id, session.account.id)
  const threadId = await withFiles(ctx, (kept) =>
    auditedMutation(ctx, { action: 'help_thread.created', entityType: 'help_thread' }, async (tx) => {
      const stored = input.file ? await store(ctx, tx, input.file, kept) : null
      const now = services.now()
      const thread = await repo.insertThread(tx, {
        tenantId: tenant.id,
        accountId: session.account.id,
        subject: input.subject,
        lastMessageAt: now,
      })
      await repo.insertMessage(tx, {
        tenantId: tenant.id,
        threadId: thread.id,
        accountId: session.account.id,
        body: input.message,
        fileId: stored?.id ?? null,
        fromSupport: false,
      })
      // Threads have no assignee: the workspace's admins triage them (docs/support.md).
      await notifyAdmins(
        tx,
        tenant.id,
        { title: 'New help-center message', message: `“${thread.subject}”`, link: `/helpCenter/thread/${thread.id}` },
        session.account.id,
      )
      return { result: thread.id, entityId: thread.id, after: { subject: thread.subject, fileId: stored?.id ?? null } }
    }),
  )
  return { threadId, message: MESSAGE_SENT }
}

export async function listThreads(
  ctx: AuthedContext,
  query: { page: number; per_page: number; status?: HelpThreadStatus; accountId?: number; search?: string },
) {
  const { db } = ctx.services
  // An account holder sees only its own threads, whatever it asks for.
  const accountId = isStaff(ctx) ? query.accountId : ctx.session.account.id
  const filter: repo.ThreadFilter = { tenantId: ctx.tenant.id, accountId, status: query.status, search: query.search || undefined }
  const rows = await repo.threadPage(db, filter, query.page, query.per_page)
  const { total, estimate } = await countCapped(db, repo.threadsFrom(filter), { estimateFirst: !filter.search })
  return { data: rows.map(toRow), meta: pageMeta(total, estimate, query.page, query.per_page) }
}

/** One thread with its messages; another account's thread is as missing as none. */
export async function thread(ctx: AuthedContext, id: number, onlyAccount?: number) {
  const { db } = ctx.services
  const row = await repo.threadById(db, ctx.tenant.id, id)
  const owner = onlyAccount ?? (isStaff(ctx) ? undefined : ctx.session.account.id)
  if (!row || (owner !== undefined && Number(row.account_id) !== owner)) throw notFound('There is no such thread.')
  const messages = await repo.messagesOf(db, ctx.tenant.id, id)
  return {
    ...toRow(row),
    messages: messages.map((message) => ({
      id: Number(message.id),
      body: message.body,
      fromSupport: message.from_support,
      author: message.account_id === null ? null : { id: Number(message.account_id), name: nameOf(message) },
      created: date(message.created_at),
      file:
        message.file_id === null
          ? null
          : {
              id: Number(message.file_id),
              fileName: message.file_name ?? 'file',
              url: `/api/files/${message.file_id}`,
              size: Number(message.file_size ?? 0),
            },
    })),
  }
}

/** A message on a thread: staff answer it (answered; the account is told), the account writes again (open). */
export async function reply(ctx: AuthedContext, id: number, body: { message: string; file?: Attachment }) {
  const { services, session, tenant } = ctx
  const staff = isStaff(ctx)
  if (!staff) await refuseWhenDisabled(services.db, tenant.id, session.account.id)
  const messageId = await withFiles(ctx, (kept) =>
    auditedMutation(ctx, { action: 'help_thread.replied', entityType: 'help_thread', entityId: id }, async (tx) => {
      const current = await repo.lockThread(tx, tenant.id, id)
      if (!current || (!staff && current.accountId !== session.account.id)) throw notFound('There is no such thread.')
      const stored = body.file ? await store(ctx, tx, body.file, kept) : null
      const now = services.now()
      const message = await repo.insertMessage(tx, {
        tenantId: tenant.id,
        threadId: id,
        accountId: session.account.id,
        body: body.message,
        fileId: stored?.id ?? null,
        fromSupport: staff,
      })
      const status: HelpThreadStatus = staff ? 'answered' : 'open'
      await repo.updateThread(tx, tenant.id, id, { status, lastMessageAt: now, updatedAt: now })
      if (staff && current.accountId !== session.account.id)
        await notify(tx, {
          tenantId: tenant.id,
          accountIds: [current.accountId],
          title: 'Support answered your message',
          message: `“${current.subject}”: open your help center to read the answer.`,
          link: `/helpCenter/thread/${id}`,
        })
      if (!staff)
        await notifyAdmins(
          tx,
          tenant.id,
          { title: 'New reply on a help-center thread', message: `“${current.subject}”`, link: `/helpCenter/thread/${id}` },
          session.account.id,
        )
      return { result: message.id, before: { status: current.status }, after: { status, messageId: message.id } }
    }),
  )
  const full = await thread(ctx, id)
  const item = full.messages.find((message) => message.id === Number(messageId))!
  return { message: staff ? 'Answer sent. The account was notified.' : 'Message sent.', item }
}

const STATUS_WORDS: Record<HelpThreadStatus, string> = { open: 'open', answered: 'answered', closed: 'closed' }

export async function updateStatus(ctx: AuthedContext, body: { id: number; status: HelpThreadStatus }) {
  const { tenant, session } = ctx
  const staff = isStaff(ctx)
  if (!staff && body.status === 'answered') throw forbidden('Only the support team marks a thread answered.')
  await auditedMutation(
    ctx,
    {
      action: 'help_thread.status_changed',
      entityType: 'help_thread',
      lock: { table: helpThreads, id: body.id, tenantId: tenant.id, missing: 'There is no such thread.' },
    },
    async (tx) => {
      const current = await repo.lockThread(tx, tenant.id, body.id)
      if (!current || (!staff && current.accountId !== session.account.id)) throw notFound('There is no such thread.')
      await repo.updateThread(tx, tenant.id, body.id, { status: body.status, updatedAt: ctx.services.now() })
      return { result: null, before: { status: current.status }, after: { status: body.status } }
    },
  )
  return { status: body.status, message: `The thread is now ${STATUS_WORDS[body.status]}.` }
}

/** The dashboard's latest threads, and how many wait for the team (staff) or for the account (others). */
export async function latestThreads(ctx: AuthedContext) {
  const { db } = ctx.services
  const accountId = isStaff(ctx) ? undefined : ctx.session.account.id
  const rows = await repo.threadPage(db, { tenantId: ctx.tenant.id, accountId }, 1, 5)
  const waiting = await countCapped(db, repo.threadsFrom({ tenantId: ctx.tenant.id, accountId, status: isStaff(ctx) ? 'open' : 'answered' }))
  return { items: rows.map(toRow), open: waiting.total }
}

/** users/support: the account's tickets and threads for its support section; refused while its support is off. */
export async function accountSupport(ctx: AuthedContext, body: { userId: number }) {
  const { db } = ctx.services
  if (await supportDisabled(db, ctx.tenant.id, body.userId)) throw forbidden(SUPPORT_OFF_FOR_ACCOUNT)
  const threads = await repo.threadPage(db, { tenantId: ctx.tenant.id, accountId: body.userId }, 1, 50)
  return { tickets: await accountTickets(db, ctx.tenant.id, body.userId, 50), threads: threads.map(toRow) }
}
