// What the shell's own dialogs (feedback, send message) need of the contract, without zod: the
// shell is in the start-up chunk. dashboard.ts and help-center.ts re-export these.

export const FEEDBACK_SEVERITIES = ['info', 'low', 'medium', 'high'] as const

/** Attachments travel as data URLs (the spec's dialog reads the file that way). */
export const MAX_MESSAGE_ATTACHMENT_BYTES = 10 * 1024 * 1024
