import { BLAST_STATUS_LABELS, RECIPIENT_STATE_LABELS, type BlastStatus, type RecipientState } from '@core/fanblast'
import type { BadgeColor, StatusMap } from '@client/ui/list'

export const BLAST_STATUS_COLORS: Record<BlastStatus, BadgeColor> = {
  submitted: 'amber',
  approved: 'blue',
  rejected: 'red',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
}

export const BLAST_STATUS_MAP: StatusMap = Object.fromEntries(
  Object.entries(BLAST_STATUS_LABELS).map(([status, label]) => [status, { label, color: BLAST_STATUS_COLORS[status as BlastStatus] }]),
)

export const RECIPIENT_STATE_COLORS: Record<RecipientState, BadgeColor> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'green',
  deferred: 'amber',
  bounced: 'red',
  failed: 'red',
  unsubscribed: 'gray',
}

export const RECIPIENT_STATE_MAP: StatusMap = Object.fromEntries(
  Object.entries(RECIPIENT_STATE_LABELS).map(([state, label]) => [state, { label, color: RECIPIENT_STATE_COLORS[state as RecipientState] }]),
)
