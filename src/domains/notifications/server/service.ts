import UAParser from 'ua-parser-js'
import type { AuthedContext } from '@server/context'
import type { Queryable } from '@server/db/engine'
import type { sessions } from '@server/db/schema/platform'
import { notFound } from '@server/errors'
import * as repo from './repository'

/** What every event notification carries; `type: 'info'` shows an info icon, anything else a bell. */
export interface NotificationContent {
  title: string
  message: string
  type?: string
  /** An address inside the back-office (`/releases/single/12`) the notification opens. */
  link?: string | null
  fileUrl?: string | null
}

export interface NotifyInput extends NotificationContent {
  tenantId: number
  accountIds: readonly number[]
}

const TITLE_MAX = 200
const MESSAGE_MAX = 2000

/** Shortens text to `max` characters, ending with an ellipsis when it had to cut. */
export function truncate(text: string, max: number): string {
  const clean = text.trim()
  if (clean.length <= max) return clean
  return `${clean.slice(0, max - 1).trimEnd()}…`
}

/** Only back-office addresses become links: a notification never sends anyone off-site. */
export function internalLink(link: string | null | undefined): string | null {
  if (!link) return null
  const value = link.trim()
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value.slice(0, 2000) : null
}

/**
 * Notifies accounts of one workspace. Call it with the transaction that makes the change, so the
 * notification exists exactly when the change does. Answers how many were written.
 */
export async function notify(db: Queryable, input: NotifyInput): Promise<number> {
  const accountIds = [...new Set(input.accountIds)]
  return repo.insertMany(
    db,
    accountIds.map((accountId) => ({
      tenantId: input.tenantId,
      accountId,
      title: truncate(input.title, TITLE_MAX),
      message: truncate(input.message, MESSAGE_MAX),
      type: input.type ?? 'default',
      link: internalLink(input.link),
      fileUrl: input.fileUrl ?? null,
    })),
  )
}

/** Notifies every active admin account of the workspace but `except` (the admin who caused it need not hear of it). */
export async function notifyAdmins(db: Queryable, tenantId: number, content: NotificationContent, except?: number | null): Promise<number> {
  const accountIds = (await repo.adminIds(db, tenantId)).filter((id) => id !== except)
  return notify(db, { ...content, tenantId, accountIds })
}

// ---------------------------------------------------------------------------------------------
// New-device sign-ins

const KNOWN_AGENTS_CHECKED = 500

/**
 * Browser, OS and device without versions: a browser update is the same device, not a new one.
 */
export function deviceFamily(userAgent: string | null): string {
  if (!userAgent) return 'unknown'
  const { browser, os, device } = new UAParser(userAgent).getResult()
  return [device.type ?? 'desktop', device.vendor, device.model, browser.name, os.name].map((part) => part ?? '').join('|')
}

type SessionRow = typeof sessions.$inferSelect

/**
 * After a granted sign-in: tells the account when it came from a browser, OS and device it has
 * never signed in from before. The very first sign-in of an account is not news.
 */
export async function notifyNewDevice(db: Queryable, session: SessionRow): Promise<boolean> {
  const earlier = await repo.earlierSignInAgents(db, session.accountId, session.id, KNOWN_AGENTS_CHECKED)
  if (earlier.length === 0) return false
  const family = deviceFamily(session.userAgent)
  if (earlier.some((row) => deviceFamily(row.userAgent) === family)) return false
  const parts = [
    `Device: ${session.device ?? 'Unknown'}`,
    `Browser: ${session.browser ?? 'Unknown'}`,
    `OS: ${session.os ?? 'Unknown'}`,
    `IP: ${session.ip ?? 'Unknown'}`,
  ]
  await notify(db, {
    tenantId: session.tenantId,
    accountIds: [session.accountId],
    title: 'New sign-in to your account',
    message: `Your account was signed in to from a new device. ${parts.join(' · ')}. If this was not you, change your password and sign out of your other sessions.`,
    type: 'info',
    link: '/dashboard',
  })
  return true
}

// ---------------------------------------------------------------------------------------------
// The signed-in account's own notifications

function ownerOf(ctx: AuthedContext): repo.Owner {
  return { tenantId: ctx.tenant.id, accountId: ctx.session.account.id }
}

export function toNotificationItem(row: repo.NotificationRow) {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    created: row.createdAt,
    type: row.type,
    fileUrl: row.fileUrl,
    read: row.readAt !== null,
    link: row.link,
  }
}

const NO_SUCH_NOTIFICATION = 'There is no such notification.'

export async function list(
  ctx: AuthedContext,
  query: { page: number; per_page: number; status: 'all' | 'read' | 'unread'; search?: string },
) {
  const { rows, total } = await repo.list(ctx.services.db, {
    ...ownerOf(ctx),
    status: query.status,
    search: query.search || undefined,
    page: query.page,
    perPage: query.per_page,
  })
  return {
    data: rows.map(toNotificationItem),
    meta: {
      total,
      totalIsEstimate: false,
      page: query.page,
      per_page: query.per_page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
    },
  }
}

/** Any account's notifications, for staff looking at that account. */
export async function listAccountNotifications(
  db: Queryable,
  tenantId: number,
  accountId: number,
  query: { page: number; perPage: number },
) {
  const { rows, total } = await repo.list(db, { tenantId, accountId, status: 'all', page: query.page, perPage: query.perPage })
  return {
    data: rows.map(toNotificationItem),
    meta: {
      total,
      totalIsEstimate: false,
      page: query.page,
      per_page: query.perPage,
      last_page: Math.max(1, Math.ceil(total / query.perPage)),
    },
  }
}

export async function read(ctx: AuthedContext, id: number) {
  const row = await repo.markRead(ctx.services.db, ownerOf(ctx), id, ctx.services.now())
  if (!row) throw notFound(NO_SUCH_NOTIFICATION)
  return toNotificationItem(row)
}

export async function markAllRead(ctx: AuthedContext) {
  return { updated: await repo.markAllRead(ctx.services.db, ownerOf(ctx), ctx.services.now()) }
}

export async function remove(ctx: AuthedContext, id: number) {
  if (!(await repo.remove(ctx.services.db, ownerOf(ctx), id))) throw notFound(NO_SUCH_NOTIFICATION)
  return { ok: true as const, message: 'Notification deleted.' }
}

export async function clear(ctx: AuthedContext) {
  return { deleted: await repo.clear(ctx.services.db, ownerOf(ctx)) }
}
