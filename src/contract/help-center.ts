import { z } from 'zod'
import { endpoint } from './define'

/** Attachments travel as data URLs (the spec's dialog reads the file that way). */
export const MAX_MESSAGE_ATTACHMENT_BYTES = 10 * 1024 * 1024

/** A file attached to a message, read by the browser as a base64 data URL. */
export const messageAttachment = z.object({
  name: z.string().trim().min(1).max(200),
  dataUrl: z.string().regex(/^data:[\w.+-]+\/[\w.+-]+;base64,[A-Za-z0-9+/=]+$/, 'The attachment could not be read'),
})
/** Room in a JSON body for one attachment (base64 grows it by a third) plus the text around it. */
export const MESSAGE_BODY_LIMIT = Math.ceil(MAX_MESSAGE_ATTACHMENT_BYTES * 1.4) + 64 * 1024

export const helpCenterEndpoints = {
  'helpCenter.sendMessage': endpoint({
    method: 'POST',
    path: 'helpCenter/send-message',
    access: 'auth',
    summary: 'Send a message to the support team; it opens a help-center thread',
    status: 201,
    bodyLimit: MESSAGE_BODY_LIMIT,
    body: z.object({
      subject: z.string().trim().min(1, 'Title is required').max(200, 'Title is too long'),
      message: z.string().trim().min(1, 'Message is required').max(10_000, 'Message is too long'),
      file: messageAttachment.optional(),
    }),
    response: z.object({ threadId: z.number(), message: z.string() }),
  }),
} as const
