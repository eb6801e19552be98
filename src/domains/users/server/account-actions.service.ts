import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { displayName } from '@core/names'
import type { ArtistProfile } from '@contract/users-admin'
import type { AuthedContext } from '@server/context'
import type { Tx } from '@server/db/engine'
import { accounts, artistProfiles, labelProfiles, notifications } from '@server/db/schema/platform'
import { accountDocuments, accountNotes, publishingEntries } from './schema'
import { badRequest, forbidden, notFound } from '@server/errors'
import { auditedMutation } from '@server/audit'
import { revokeSessions } from '@server/auth/sessions'
import { queueMail } from '@server/mail/mailer'
import type { FileRow } from '@server/storage/file-store'
import { asFileFieldError, decodeDataUrl } from '@server/storage/data-url'
import { MAX_MESSAGE_ATTACHMENT_BYTES } from '@contract/help-center'
import { notify } from '@domains/notifications/server/public'
import { findAccount, loadSingle, type AccountRecord } from './account.service'
import { postPublishing, reversePublishing } from '@domains/earnings/server/public'

type Flags = Partial<
  Pick<
    AccountRecord,
    | 'verified'
    | 'priorityMember'
    | 'verifiedInvestor'
    | 'verifiedCharity'
    | 'bulkImportOption'
    | 'releaseNotification'
    | 'partnerNotification'
    | 'dmcaMode'
    | 'blockWithdraw'
    | 'enableFanBlast'
    | 'publishingApplication'
    | 'publishingManual'
    | 'isAudioScanEnable'
    | 'restrictRelease'
    | 'restrictNewRelease'
  >
>

/**
 * A staff action on one account: in one transaction the account is read (locked), changed, and an
 * audit row written with what it was before and after. Answers the account as the tab shows it.
 */
async function act(
  ctx: AuthedContext,
  userId: number,
  action: string,
  change: (tx: Tx, account: AccountRecord) => Promise<{ before?: unknown; after?: unknown } | void>,
) {
  const lock = { table: accounts, id: userId, tenantId: ctx.tenant.id, missing: 'There is no such account in this workspace.' }
  return auditedMutation(ctx, { action, entityType: 'account', lock }, async (tx) => {
    const account = await findAccount(tx, ctx.tenant.id, userId)
    const diff = (await change(tx, account)) ?? {}
    return { result: await loadSingle(tx, ctx, userId), before: diff.before, after: diff.after }
  })
}

async function setFlags(tx: Tx, account: AccountRecord, flags: Flags) {
  const changed = Object.entries(flags).filter(([key, value]) => value !== undefined && account[key as keyof Flags] !== value)
  if (changed.length === 0) return { before: {}, after: {} }
  await tx
    .update(accounts)
    .set({ ...Object.fromEntries(changed), updatedAt: new Date() })
    .where(eq(accounts.id, account.id))
  return {
    before: Object.fromEntries(changed.map(([key]) => [key, account[key as keyof Flags]])),
    after: Object.fromEntries(changed),
  }
}

function isOperator(ctx: AuthedContext, account: AccountRecord) {
  return ctx.tenant.ownerAccountId === account.id
}

/** The workspace's operator cannot be banned or demoted by another admin. */
function protectOperator(ctx: AuthedContext, account: AccountRecord, what: string) {
  if (isOperator(ctx, account) && ctx.session.account.id !== account.id)
    throw forbidden(`The workspace operator cannot be ${what} by another admin.`)
}

export const flagActions = {
  verify: (
    ctx: AuthedContext,
    input: { userId: number } & Pick<Flags, 'verified' | 'priorityMember' | 'verifiedInvestor' | 'verifiedCharity'>,
  ) =>
    act(ctx, input.userId, 'account.verification_changed', (tx, account) =>
      setFlags(tx, account, {
        verified: input.verified,
        priorityMember: input.priorityMember,
        verifiedInvestor: input.verifiedInvestor,
        verifiedCharity: input.verifiedCharity,
      }),
    ),
  blockWithdraw: (ctx: AuthedContext, userId: number, blocked: boolean) =>
    act(ctx, userId, blocked ? 'account.withdrawals_blocked' : 'account.withdrawals_unblocked', (tx, account) =>
      setFlags(tx, account, { blockWithdraw: blocked }),
    ),
  dmca: (ctx: AuthedContext, userId: number, on: boolean) =>
    act(ctx, userId, on ? 'account.dmca_on' : 'account.dmca_off', (tx, account) => setFlags(tx, account, { dmcaMode: on })),
  restrictNewRelease: (ctx: AuthedContext, userId: number, restrict: boolean) =>
    act(ctx, userId, restrict ? 'account.new_releases_restricted' : 'account.new_releases_allowed', (tx, account) =>
      setFlags(tx, account, { restrictNewRelease: restrict }),
    ),
  banRelease: (ctx: AuthedContext, userId: number, banned: boolean) =>
    act(ctx, userId, banned ? 'account.release_banned' : 'account.release_unbanned', (tx, account) =>
      setFlags(tx, account, { restrictRelease: banned }),
    ),
}

/** Ban: the flag, the reason, and every session revoked in the same transaction (the next request is refused). */
export function ban(ctx: AuthedContext, userId: number, reason: string) {
  return act(ctx, userId, 'account.banned', async (tx, account) => {
    if (account.id === ctx.session.account.id) throw badRequest('You cannot ban yourself.')
    protectOperator(ctx, account, 'banned')
    if (account.banned) return { before: { banned: true }, after: { banned: true } }
    const now = ctx.services.now()
    await tx.update(accounts).set({ banned: true, bannedAt: now, bannedReason: reason, updatedAt: now }).where(eq(accounts.id, account.id))
    const revoked = await revokeSessions(tx, { accountId: account.id, reason: 'banned', now })
    return { before: { banned: false }, after: { banned: true, reason, sessionsRevoked: revoked } }
  })
}

export function unban(ctx: AuthedContext, userId: number) {
  return act(ctx, userId, 'account.unbanned', async (tx, account) => {
    if (!account.banned) return { before: { banned: false }, after: { banned: false } }
    await tx
      .update(accounts)
      .set({ banned: false, bannedAt: null, bannedReason: null, updatedAt: new Date() })
      .where(eq(accounts.id, account.id))
    return { before: { banned: true, reason: account.bannedReason }, after: { banned: false } }
  })
}

export function changeType(ctx: AuthedContext, userId: number, type: AccountRecord['type']) {
  return act(ctx, userId, 'account.type_changed', async (tx, account) => {
    if (account.type === type) return { before: { type }, after: { type } }
    protectOperator(ctx, account, 'demoted')
    if (isOperator(ctx, account)) throw forbidden('The workspace operator stays an admin.')
    if (account.id === ctx.session.account.id) throw badRequest('You cannot change your own account type.')
    await tx
      .update(accounts)
      .set({ type, labelAccountId: type === 'artist' ? account.labelAccountId : null, updatedAt: new Date() })
      .where(eq(accounts.id, account.id))
    // Profiles are kept when the type changes back; the new type gets one if it had none.
    const name = displayName(account)
    if (type === 'artist')
      await tx.insert(artistProfiles).values({ accountId: account.id, tenantId: account.tenantId, artistName: name }).onConflictDoNothing()
    if (type === 'label')
      await tx.insert(labelProfiles).values({ accountId: account.id, tenantId: account.tenantId, labelName: name }).onConflictDoNothing()
    // A label that stops being one lets its artists go.
    if (account.type === 'label') await tx.update(accounts).set({ labelAccountId: null }).where(eq(accounts.labelAccountId, account.id))
    return { before: { type: account.type }, after: { type } }
  })
}

export function setLabel(ctx: AuthedContext, userId: number, labelId: number | null) {
  return act(ctx, userId, 'account.label_changed', async (tx, account) => {
    if (account.type !== 'artist') throw badRequest('Only artists belong to a label.', { labelId: 'Only artists belong to a label.' })
    if (labelId !== null) {
      const label = await findAccount(tx, ctx.tenant.id, labelId).catch(() => null)
      if (!label || label.type !== 'label')
        throw badRequest('Choose a label account of this workspace.', { labelId: 'Choose a label account of this workspace.' })
    }
    await tx.update(accounts).set({ labelAccountId: labelId, updatedAt: new Date() }).where(eq(accounts.id, account.id))
    return { before: { labelId: account.labelAccountId }, after: { labelId } }
  })
}

export function setTenantSplit(ctx: AuthedContext, userId: number, tenantSplit: string | null) {
  return act(ctx, userId, 'account.tenant_split_changed', async (tx, account) => {
    await tx.update(accounts).set({ tenantSplit, updatedAt: new Date() }).where(eq(accounts.id, account.id))
    return { before: { tenantSplit: account.tenantSplit }, after: { tenantSplit } }
  })
}

export function addPublishingEntry(ctx: AuthedContext, input: { userId: number; amount: string; period: string; note: string }) {
  return act(ctx, input.userId, 'account.publishing_added', async (tx, account) => {
    const [entry] = await tx
      .insert(publishingEntries)
      .values({
        tenantId: account.tenantId,
        accountId: account.id,
        amount: input.amount,
        period: input.period,
        note: input.note,
        createdBy: ctx.session.account.id,
      })
      .returning()
    // The publishing balance line is a ledger sum: the entry posts a `publishing` transaction.
    await postPublishing(tx, {
      tenantId: account.tenantId,
      accountId: account.id,
      entryId: entry.id,
      amount: entry.amount,
      period: entry.period,
      note: entry.note,
      actorId: ctx.session.account.id,
    })
    return { after: { entryId: entry.id, amount: entry.amount, period: entry.period, note: entry.note } }
  })
}

export function removePublishingEntry(ctx: AuthedContext, input: { userId: number; entryId: number }) {
  return act(ctx, input.userId, 'account.publishing_removed', async (tx, account) => {
    const removed = await tx
      .update(publishingEntries)
      .set({ removedAt: new Date(), removedBy: ctx.session.account.id })
      .where(and(eq(publishingEntries.id, input.entryId), eq(publishingEntries.accountId, account.id), isNull(publishingEntries.removedAt)))
      .returning()
    if (!removed[0]) throw notFound('There is no such publishing entry on this account.')
    await reversePublishing(tx, {
      tenantId: account.tenantId,
      accountId: account.id,
      entryId: removed[0].id,
      amount: removed[0].amount,
      period: removed[0].period,
      actorId: ctx.session.account.id,
    })
    return { before: { entryId: removed[0].id, amount: removed[0].amount, period: removed[0].period } }
  })
}

export async function addNote(ctx: AuthedContext, input: { userId: number; title: string; content: string }) {
  return auditedMutation(ctx, { action: 'account.note_added', entityType: 'account' }, async (tx) => {
    const account = await findAccount(tx, ctx.tenant.id, input.userId)
    const [note] = await tx
      .insert(accountNotes)
      .values({
        tenantId: account.tenantId,
        accountId: account.id,
        authorId: ctx.session.account.id,
        title: input.title,
        content: input.content,
      })
      .returning()
    return {
      result: {
        id: note.id,
        title: note.title,
        content: note.content,
        created: note.createdAt,
        author: { id: ctx.session.account.id, name: displayName(ctx.session.account) },
      },
      entityId: account.id,
      after: { noteId: note.id, title: note.title },
    }
  })
}

export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024

export async function addDocument(
  ctx: AuthedContext,
  input: { userId: number; title: string; private: boolean },
  file: { filename: string; data: Buffer },
) {
  const { services } = ctx
  const account = await findAccount(services.db, ctx.tenant.id, input.userId)
  // The bytes are checked and stored first; if the rows then fail, the stored file is removed again.
  const stored = await services.files.save(services.db, {
    tenantId: account.tenantId,
    purpose: 'account-document',
    originalName: file.filename,
    data: file.data,
    kind: 'document',
    maxBytes: DOCUMENT_MAX_BYTES,
    createdBy: ctx.session.account.id,
  })
  try {
    return await auditedMutation(ctx, { action: 'account.document_added', entityType: 'account', entityId: account.id }, async (tx) => {
      const [document] = await tx
        .insert(accountDocuments)
        .values({
          tenantId: account.tenantId,
          accountId: account.id,
          fileId: stored.id,
          title: input.title,
          private: input.private,
          createdBy: ctx.session.account.id,
        })
        .returning()
      return {
        result: {
          id: document.id,
          title: document.title,
          fileId: stored.id,
          fileUrl: `/api/files/${stored.id}`,
          fileName: stored.originalName,
          size: stored.size,
          private: document.private,
          created: document.createdAt,
        },
        after: { documentId: document.id, title: document.title, private: document.private },
      }
    })
  } catch (error) {
    await services.files.remove(services.db, stored).catch(() => undefined)
    throw error
  }
}

export async function removeDocument(ctx: AuthedContext, input: { userId: number; documentId: number }) {
  const { services } = ctx
  const file = await auditedMutation(ctx, { action: 'account.document_removed', entityType: 'account' }, async (tx) => {
    const account = await findAccount(tx, ctx.tenant.id, input.userId)
    const [document] = await tx
      .delete(accountDocuments)
      .where(and(eq(accountDocuments.id, input.documentId), eq(accountDocuments.accountId, account.id)))
      .returning()
    if (!document) throw notFound('There is no such document on this account.')
    return {
      result: await services.files.find(tx, ctx.tenant.id, document.fileId),
      entityId: account.id,
      before: { documentId: document.id, title: document.title },
    }
  })
  if (file) await services.files.remove(services.db, file)
  return { ok: true as const, message: 'Document removed.' }
}

/**
 * A message from staff: an email and an in-app notification, both recorded. An attachment (PDF, JPG
 * or PNG, checked by content) joins the account's documents, so the person finds it there later.
 */
export async function sendMessage(
  ctx: AuthedContext,
  input: { userId: number; subject: string; message: string; file?: { name: string; dataUrl: string } },
) {
  const { services } = ctx
  const data = input.file ? decodeDataUrl(input.file.dataUrl) : null
  let stored: FileRow | null = null
  try {
    await auditedMutation(ctx, { action: 'account.message_sent', entityType: 'account' }, async (tx) => {
      const account = await findAccount(tx, ctx.tenant.id, input.userId)
      let documentId: number | null = null
      if (input.file && data) {
        stored = await services.files
          .save(tx, {
            tenantId: account.tenantId,
            purpose: 'account-document',
            originalName: input.file.name,
            data,
            kind: 'document',
            maxBytes: MAX_MESSAGE_ATTACHMENT_BYTES,
            createdBy: ctx.session.account.id,
          })
          .catch((error: unknown) => {
            throw asFileFieldError(error)
          })
        const [document] = await tx
          .insert(accountDocuments)
          .values({
            tenantId: account.tenantId,
            accountId: account.id,
            fileId: stored.id,
            title: `Attachment: ${input.subject}`.slice(0, 200),
            private: false,
            createdBy: ctx.session.account.id,
          })
          .returning({ id: accountDocuments.id })
        documentId = document.id
      }
      const attachmentLine = stored ? `\n\nAttached: ${input.file?.name} (you find it under Documents in your account).` : ''
      await queueMail(
        services.jobs,
        tx,
        { to: account.email, subject: input.subject, text: `${input.message}${attachmentLine}\n\n— ${ctx.tenant.name}` },
        account.tenantId,
      )
      await notify(tx, { tenantId: account.tenantId, accountIds: [account.id], title: input.subject, message: input.message, type: 'info' })
      return { result: undefined, entityId: account.id, after: { subject: input.subject, documentId } }
    })
  } catch (error) {
    // The rows rolled back with the transaction; the stored bytes must not outlive them.
    const orphan = stored as FileRow | null
    if (orphan) await services.files.backend.delete(orphan.storageKey).catch(() => undefined)
    throw error
  }
  return { ok: true as const, message: 'Message sent successfully.' }
}

export async function logoutSession(ctx: AuthedContext, input: { userId: number; sessionId: number }) {
  await auditedMutation(ctx, { action: 'account.session_signed_out', entityType: 'account' }, async (tx) => {
    const account = await findAccount(tx, ctx.tenant.id, input.userId)
    const revoked = await tx.execute(sql`update sessions set revoked_at = now(), revoked_reason = 'signed_out_by_staff'
      where id = ${input.sessionId} and account_id = ${account.id} and revoked_at is null returning id`)
    if (!revoked.rows.length) throw notFound('There is no such open session on this account.')
    return { result: undefined, entityId: account.id, after: { sessionId: input.sessionId } }
  })
  return { ok: true as const, message: 'That session is signed out.' }
}

export async function removeNotifications(ctx: AuthedContext, input: { userId: number; ids: number[] }) {
  const lock = { table: accounts, id: input.userId, tenantId: ctx.tenant.id, missing: 'There is no such account in this workspace.' }
  return auditedMutation(ctx, { action: 'account.notifications_removed', entityType: 'account', lock }, async (tx) => {
    const deleted = await tx
      .delete(notifications)
      .where(
        and(eq(notifications.tenantId, ctx.tenant.id), eq(notifications.accountId, input.userId), inArray(notifications.id, input.ids)),
      )
      .returning({ id: notifications.id })
    return { result: { deleted: deleted.length }, after: { removed: deleted.map((row) => row.id) } }
  })
}

/** Writer names are first plus last name, trimmed; rows with an empty name or no role are dropped (spec). */
export function cleanRoleRows(profile: ArtistProfile): ArtistProfile {
  const kept = <T extends { roles: string }>(rows: T[], name: (row: T) => string) =>
    rows.filter((row) => name(row).trim() !== '' && row.roles.trim() !== '')
  return {
    ...profile,
    defaultArtists: kept(profile.defaultArtists, (row) => row.name).map((row) => ({
      ...row,
      name: row.name.trim(),
      roles: row.roles.trim(),
    })),
    defaultCredits: kept(profile.defaultCredits, (row) => row.name).map((row) => ({
      ...row,
      name: row.name.trim(),
      roles: row.roles.trim(),
    })),
    defaultWriters: kept(profile.defaultWriters, (row) => `${row.firstName} ${row.lastName}`).map((row) => ({
      firstName: row.firstName.trim(),
      lastName: row.lastName.trim(),
      roles: row.roles.trim(),
    })),
  }
}
