import { MAX_MESSAGE_ATTACHMENT_BYTES } from '@contract/help-center'
import type { AuthedContext } from '@server/context'
import { auditedMutation } from '@server/audit'
import type { FileRow } from '@server/storage/file-store'
import { asFileFieldError, decodeDataUrl } from '@server/storage/data-url'
import * as repo from './repository'

export const MESSAGE_SENT = 'Message sent successfully. Check your help center for updates.'

/** Opens a help-center thread with its first message and the optional attachment, all or nothing. */
export async function sendMessage(
  ctx: AuthedContext,
  input: { subject: string; message: string; file?: { name: string; dataUrl: string } },
) {
  const { services, session, tenant } = ctx
  const data = input.file ? decodeDataUrl(input.file.dataUrl) : null
  let stored: FileRow | null = null
  try {
    const threadId = await auditedMutation(ctx, { action: 'help_thread.created', entityType: 'help_thread' }, async (tx) => {
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
      return { result: thread.id, entityId: thread.id, after: { subject: thread.subject, fileId: stored?.id ?? null } }
    })
    return { threadId, message: MESSAGE_SENT }
  } catch (error) {
    // The row rolled back with the transaction; the stored bytes must not outlive it.
    const orphan = stored as FileRow | null
    if (orphan) await services.files.backend.delete(orphan.storageKey).catch(() => undefined)
    throw error
  }
}
