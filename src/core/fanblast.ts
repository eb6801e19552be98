/**
 * A fan blast's life (docs/fanblast.md): an artist or label submits it; staff approve or reject it
 * (with a reason); the send job takes an approved blast to sending and, once every recipient has a
 * final state, to sent (or failed when nobody could be reached).
 */
export const BLAST_STATUSES = ['submitted', 'approved', 'rejected', 'sending', 'sent', 'failed'] as const
export type BlastStatus = (typeof BLAST_STATUSES)[number]

export const BLAST_STATUS_LABELS: Record<BlastStatus, string> = {
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Rejected',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
}

/** Every move the server allows; anything else is refused with 409. */
export const BLAST_TRANSITIONS: Record<BlastStatus, readonly BlastStatus[]> = {
  submitted: ['approved', 'rejected'],
  approved: ['sending'],
  rejected: [],
  sending: ['sent', 'failed'],
  sent: [],
  failed: [],
}

export function canMoveBlast(from: BlastStatus, to: BlastStatus): boolean {
  return BLAST_TRANSITIONS[from].includes(to)
}

/** Statuses staff still have to decide on (the review queue). */
export const OPEN_BLAST_STATUSES: readonly BlastStatus[] = ['submitted']

/**
 * One recipient of one blast in the email log. queued → sending (claimed by a sender, before the
 * message leaves) → sent | deferred (a 4xx: tried again later) | bounced (5xx on the address) |
 * failed (gave up). unsubscribed: the fan left before their copy went out, so none was sent.
 */
export const RECIPIENT_STATES = ['queued', 'sending', 'sent', 'deferred', 'bounced', 'failed', 'unsubscribed'] as const
export type RecipientState = (typeof RECIPIENT_STATES)[number]

export const RECIPIENT_STATE_LABELS: Record<RecipientState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  deferred: 'Deferred',
  bounced: 'Bounced',
  failed: 'Failed',
  unsubscribed: 'Unsubscribed',
}

/** States after which nothing more happens to the recipient. */
export const FINAL_RECIPIENT_STATES: readonly RecipientState[] = ['sent', 'bounced', 'failed', 'unsubscribed']

export const FAN_SOURCES = ['smartlink', 'import'] as const
export type FanSource = (typeof FAN_SOURCES)[number]

export const FAN_SOURCE_LABELS: Record<FanSource, string> = { smartlink: 'Smartlink sign-up', import: 'Imported list' }

/** The subject as lists show it: a leading "Message from" (the spec's rule) is left out. */
export function listSubject(subject: string): string {
  const trimmed = subject.replace(/^\s*message\s+from\b[\s:,-]*/i, '').trim()
  return trimmed || subject.trim()
}
