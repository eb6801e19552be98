// Support ticket statuses, the transitions allowed between them, priorities and sources (docs/support.md).
// Pure: the server enforces these in admin/support/change-status; screens and the palette offer only what they allow.

export const TICKET_STATUSES = ['new', 'open', 'pending', 'on_hold', 'solved', 'closed'] as const
export type TicketStatus = (typeof TICKET_STATUSES)[number]

export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const
export type TicketPriority = (typeof TICKET_PRIORITIES)[number]

export const TICKET_SOURCES = ['app', 'email', 'help_center'] as const
export type TicketSource = (typeof TICKET_SOURCES)[number]

export const TICKET_STATUS_INFO: Readonly<Record<TicketStatus, { label: string; meaning: string }>> = {
  new: { label: 'New', meaning: 'Opened by the requester; nobody on the team has answered yet.' },
  open: { label: 'Open', meaning: 'The team is working on it.' },
  pending: { label: 'Pending', meaning: 'Waiting for the requester to answer.' },
  on_hold: { label: 'On hold', meaning: 'Waiting for someone outside the conversation (a store, a provider).' },
  solved: { label: 'Solved', meaning: 'Answered; reopens when the requester writes again, closes after the settable number of days.' },
  closed: { label: 'Closed', meaning: 'Final: a later message from the requester opens a new ticket.' },
}

/**
 * Where staff may move a ticket. Nothing goes back to new (it only means "never answered"); closed is
 * final; solved reopens (to open) when the requester answers, and only the auto-close job or staff
 * close it.
 */
export const TICKET_TRANSITIONS: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  new: ['open', 'pending', 'on_hold', 'solved', 'closed'],
  open: ['pending', 'on_hold', 'solved', 'closed'],
  pending: ['open', 'on_hold', 'solved', 'closed'],
  on_hold: ['open', 'pending', 'solved', 'closed'],
  solved: ['open', 'closed'],
  closed: [],
}

/** Statuses the dashboard counts as unresolved and the staff queue walks through. */
export const UNRESOLVED_STATUSES: readonly TicketStatus[] = ['new', 'open', 'pending', 'on_hold']

export const ticketStatusLabel = (status: string) => TICKET_STATUS_INFO[status as TicketStatus]?.label ?? status

/** Whether a ticket may move from `from` to `to`: the reason to show when not, null when it may. */
export function ticketTransitionRefusal(from: string, to: string): string | null {
  if (!TICKET_STATUSES.includes(to as TicketStatus)) return `Unknown ticket status "${to}".`
  const allowed = TICKET_TRANSITIONS[from as TicketStatus]
  if (!allowed) return `Unknown ticket status "${from}".`
  if (from === to) return `The ticket is already ${ticketStatusLabel(to).toLowerCase()}.`
  if (allowed.length === 0) return `A ${ticketStatusLabel(from).toLowerCase()} ticket cannot change any more.`
  if (!allowed.includes(to as TicketStatus))
    return `A ${ticketStatusLabel(from).toLowerCase()} ticket cannot become ${ticketStatusLabel(to).toLowerCase()}.`
  return null
}

/**
 * The status after the requester writes: a solved ticket reopens, a ticket waiting for them (pending)
 * is open again; others keep their status. A closed ticket does not take messages (a new one opens).
 */
export function statusAfterRequesterReply(status: TicketStatus): TicketStatus {
  if (status === 'solved' || status === 'pending') return 'open'
  return status
}

/** The status after a staff reply: a new ticket is open once answered; others keep theirs. */
export function statusAfterStaffReply(status: TicketStatus): TicketStatus {
  return status === 'new' ? 'open' : status
}

/** The next priority up, for elevate; urgent stays urgent. */
export function raisedPriority(priority: TicketPriority): TicketPriority {
  const index = TICKET_PRIORITIES.indexOf(priority)
  return TICKET_PRIORITIES[Math.min(index + 1, TICKET_PRIORITIES.length - 1)]
}

/**
 * Text typed in a reply or note box (or the palette) as the HTML the server stores: escaped, blank
 * lines make paragraphs, single line breaks stay. The server sanitises it again in any case.
 */
export function replyHtml(text: string): string {
  const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
  return text
    .trim()
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escape(paragraph).replace(/\n/g, '<br />')}</p>`)
    .join('')
}
