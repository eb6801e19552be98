import { MAX_MESSAGE_ATTACHMENT_BYTES } from '@contract/help-center'
import type { AuthedContext } from '@server/context'
import { audit, actorOf } from '@server/audit'
import { HttpError, fieldError } from '@server/errors'
import type { FileRow } from '@server/storage/file-store'
import * as repo from './repository'

export const MESSAGE_SENT = 'Message sent successfully. Check your help center for updates.'
const UNREADABLE = 'The attachment could not be read'

/** The bytes of a base64 data URL; the declared type is ignored, the store judges the content. */
export function decodeDataUrl(dataUrl: string): Buffer {
  const comma = dataUrl.indexOf(',')
  const header = comma > 0 ? dataUrl.slice(0, comma) : ''
  if (!header.startsWith('data:') || !header.endsWith(';base64')) throw fieldError('file', UNREADABLE)
  const encoded = dataUrl.slice(comma + 1)
  // Refuse an oversized file before decoding it (4 characters carry 3 bytes).
  if (Math.floor((encoded.length * 3) / 4) - 2 > MAX_MESSAGE_ATTACHMENT_BYTES) {
    const message = `The file is larger than ${Math.round(MAX_MESSAGE_ATTACHMENT_BYTES / 1024 / 1024)} MB.`
    throw new HttpError(413, message, 'upload_too_large', { file: message })
  }
  return Buffer.from(encoded, 'base64')
}

/** The file store's refusals, tied to the form's file field so the dialog can show them there. */
function asFileFieldError(error: unknown): unknown {
  if (error instanceof HttpError && error.statusCode >= 400 && error.statusCode < 500 && !error.errors) {
    return new HttpError(error.statusCode, error.message, error.code, { file: error.message })
  }
  return error
}

/** Opens a help-center thread with its first message and the optional attachment, all or nothing. */
export async function sendMessage(
  ctx: AuthedContext,
  input: { subject: string; message: string; file?: { name: string; dataUrl: string } },
) {
  const { services, session, tenant } = ctx
  const data = input.file ? decodeDataUrl(input.file.dataUrl) : null
  let stored: FileRow | null = null
  try {
    const threadId = await services.db.transaction(async (tx) => {
      if (input.file && data) {
        stored = await services.files
          .save(tx, {
            tenantId: tenant.id,
            purpose: 'help-center',
            originalName: input.file.name,
            data,
            kind: 'document',
            maxBytes: MAX_MESSAGE_ATTACHMENT_BYTES,
            createdBy: session.account.id,
          })
          .catch((error: unknown) => {
            throw asFileFieldError(error)
          })
      }
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
      })
      await audit(tx, actorOf(ctx), {
        action: 'help_thread.created',
        entityType: 'help_thread',
        entityId: thread.id,
        after: { subject: thread.subject, fileId: stored?.id ?? null },
      })
      return thread.id
    })
    return { threadId, message: MESSAGE_SENT }
  } catch (error) {
    // The row rolled back with the transaction; the stored bytes must not outlive it.
    const orphan = stored as FileRow | null
    if (orphan) await services.files.backend.delete(orphan.storageKey).catch(() => undefined)
    throw error
  }
}
