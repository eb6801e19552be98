import { defineAction, type RecordAction, type Target } from './actions'
import { replyHtml, ticketStatusLabel, ticketTransitionRefusal, type TicketStatus } from '@core/ticket-status'

// The support desk's declared actions (docs/support.md): reply, note, solve, elevate, assign to me on
// the focused ticket (palette, buttons, and the ticket screen's r/n/s/e/a keys), and status changes
// on the list's selection.

const ticketKind = ['ticket'] as const

/** "ticket #12 “Login broken”", or "3 selected tickets". */
const describe = (target: Target<'ticket'>) => {
  if (target.items.length !== 1) return `${target.items.length} selected tickets`
  const { id, state } = target.items[0]
  return `ticket #${id}${state ? ` “${state.subject}”` : ''}`
}

const canBecome = (to: TicketStatus) => (state: { status: TicketStatus }) => ticketTransitionRefusal(state.status, to) === null
const notClosed = (state: { status: TicketStatus }) => (state.status === 'closed' ? 'The ticket is closed' : true)

const TEXT_LIMIT = (text: string) => (text.length > 20_000 ? 'The message is too long' : null)

/** A status for the list's selection (one all-or-nothing call) and, for solve, the focused ticket. */
function statusAction(status: TicketStatus, label: string, keywords: string[], scope: 'both' | 'many'): RecordAction {
  return defineAction({
    id: 'support.changeStatus',
    variant: status,
    kinds: ticketKind,
    scope,
    label,
    tone: status === 'solved' ? 'green' : undefined,
    shortcut: status === 'solved' ? 'ticket.solve' : undefined,
    title: (target) => `${label} ${describe(target)}`,
    group: target(scope),
    keywords: [...keywords, 'ticket', 'status', ticketStatusLabel(status).toLowerCase()],
    available: canBecome(status),
    input: (item) => ({ body: { ids: [item.id], status } }),
    inputMany: (ids) => ({ body: { ids: [...ids], status } }),
    success: (result) => result.message,
    after: (_result, done, env) => {
      // Solving the focused ticket moves on to the next unresolved one, like the edit-request review.
      const next = done.from === 'record' ? done.items[0].state?.nextId : null
      if (status === 'solved' && next) env.open(`/support/single/${next}`)
    },
  })
}
function target(scope: 'both' | 'many') {
  return scope === 'both' ? 'Support ticket' : 'Support tickets'
}

export const TICKET_ACTIONS: readonly RecordAction[] = [
  defineAction({
    id: 'support.reply',
    kinds: ticketKind,
    scope: 'one',
    label: 'Reply…',
    tone: 'accent',
    shortcut: 'ticket.reply',
    title: (t) => `Reply to ${describe(t)}…`,
    group: 'Support ticket',
    keywords: ['reply', 'answer', 'respond', 'email', 'ticket', 'support'],
    available: notClosed,
    ask: {
      kind: 'text',
      placeholder: 'Type the reply; it is mailed to the requester',
      validate: TEXT_LIMIT,
      confirmTitle: (text, t) => `Send to ${t.items[0]?.state?.requesterName ?? 'the requester'}: “${text}”`,
    },
    input: (item, text: string) => ({ params: { id: item.id }, body: { html: replyHtml(text) } }),
    success: (result) => result.message,
  }),
  defineAction({
    id: 'support.addNote',
    kinds: ticketKind,
    scope: 'one',
    label: 'Add note…',
    shortcut: 'ticket.note',
    title: (t) => `Add an internal note to ${describe(t)}…`,
    group: 'Support ticket',
    keywords: ['note', 'internal', 'comment', 'ticket', 'support'],
    ask: {
      kind: 'text',
      placeholder: 'Type the note; only staff see it, it is never mailed',
      validate: TEXT_LIMIT,
      confirmTitle: (text) => `Add the internal note: “${text}”`,
    },
    input: (item, text: string) => ({ params: { id: item.id }, body: { html: replyHtml(text) } }),
    success: (result) => result.message,
  }),
  statusAction('solved', 'Solve', ['solve', 'resolve', 'done', 'fixed'], 'both'),
  defineAction({
    id: 'support.elevate',
    kinds: ticketKind,
    scope: 'one',
    label: 'Elevate',
    tone: 'red',
    shortcut: 'ticket.elevate',
    title: (t) => `Elevate ${describe(t)} (raise its priority, tell the admins)`,
    group: 'Support ticket',
    keywords: ['elevate', 'escalate', 'priority', 'urgent', 'ticket'],
    available: (state) => (state.status === 'closed' ? 'The ticket is closed' : state.priority === 'urgent' ? 'Already urgent' : true),
    input: (item) => ({ body: { id: item.id } }),
    success: (result) => result.message,
  }),
  defineAction({
    id: 'support.assign',
    variant: 'me',
    kinds: ticketKind,
    scope: 'one',
    label: 'Assign to me',
    shortcut: 'ticket.assignMe',
    title: (t) => `Assign ${describe(t)} to me`,
    group: 'Support ticket',
    keywords: ['assign', 'me', 'take', 'mine', 'owner', 'ticket'],
    available: (state, context) => (context.account && state.assigneeId === context.account.id ? 'Already yours' : true),
    input: (item) => ({ body: { id: item.id, assigneeId: 'me' as const } }),
    success: (result) => result.message,
  }),
  defineAction({
    id: 'support.assign',
    variant: 'someone',
    kinds: ticketKind,
    scope: 'one',
    label: 'Assign to…',
    title: (t) => `Assign ${describe(t)} to…`,
    group: 'Support ticket',
    keywords: ['assign', 'give', 'hand over', 'owner', 'staff', 'ticket'],
    ask: {
      kind: 'find',
      placeholder: 'Search staff by name or email…',
      find: async (query, target, env, signal) => {
        void signal
        const found = await env.call('admins.list', { query: { search: query.trim() || undefined, page: 1, per_page: 25 } })
        const current = target.items[0]?.state?.assigneeId
        return found.data
          .filter((admin) => admin.id !== current && !admin.banned)
          .map((admin) => ({ value: admin.id, title: `${admin.displayName} (${admin.email})` }))
      },
    },
    input: (item, assigneeId: number) => ({ body: { id: item.id, assigneeId } }),
    success: (result) => result.message,
  }),
  defineAction({
    id: 'support.assign',
    variant: 'nobody',
    kinds: ticketKind,
    scope: 'one',
    label: 'Unassign',
    title: (t) => `Unassign ${describe(t)}`,
    group: 'Support ticket',
    keywords: ['unassign', 'release', 'ticket'],
    available: (state) => state.assigneeId !== null,
    input: (item) => ({ body: { id: item.id, assigneeId: null } }),
    success: (result) => result.message,
  }),
  statusAction('open', 'Mark open', ['open', 'reopen', 'working'], 'many'),
  statusAction('pending', 'Mark pending', ['pending', 'waiting', 'requester'], 'many'),
  statusAction('on_hold', 'Put on hold', ['hold', 'on hold', 'wait', 'third party'], 'many'),
  statusAction('closed', 'Close', ['close', 'archive', 'final'], 'many'),
  ...(['off', 'on'] as const).map((turn) =>
    defineAction({
      id: 'support.changeDisableSupport',
      variant: turn,
      kinds: ticketKind,
      scope: 'one',
      label: turn === 'off' ? 'Turn off support…' : 'Turn support back on',
      tone: turn === 'off' ? ('red' as const) : undefined,
      title: (t) =>
        `${turn === 'off' ? 'Turn off support for' : 'Turn support back on for'} ${t.items[0]?.state?.requesterName ?? 'the requester'}${turn === 'off' ? '…' : ''}`,
      group: 'Support ticket',
      keywords: ['support', 'disable', 'enable', 'turn off', 'turn on', 'block', 'requester', 'account'],
      // The list's rows do not know it: offered on the ticket screen, which does.
      available: (state) =>
        typeof state.requesterId === 'number' && state.supportDisabled !== undefined && state.supportDisabled === (turn === 'on'),
      ask:
        turn === 'off'
          ? {
              kind: 'confirm' as const,
              question: () => 'Their widget and help center will refuse new messages until support is turned on again.',
            }
          : undefined,
      input: (item) => ({ body: { userId: item.state?.requesterId ?? 0, disabled: turn === 'off' } }),
      success: (result) => result.message,
    }),
  ),
  defineAction({
    id: 'support.deleteNote',
    kinds: ['ticketNote'],
    scope: 'one',
    label: 'Delete note',
    tone: 'red',
    title: () => 'Delete this internal note',
    group: 'Support ticket',
    keywords: ['delete', 'remove', 'note'],
    ask: { kind: 'confirm', question: () => 'Delete this internal note for good?' },
    input: (item) => ({ params: { id: item.id } }),
    success: (result) => result.message,
  }),
]

/** "thread “Contract question”", or "3 selected threads". */
const threadName = (target: Target<'helpThread'>) =>
  target.items.length === 1
    ? `thread “${target.items[0].state?.subject ?? `#${target.items[0].id}`}”`
    : `${target.items.length} selected threads`

const threadStatus = (status: 'open' | 'answered' | 'closed', label: string, keywords: string[], staffOnly: boolean) =>
  defineAction({
    id: 'helpCenter.updateStatus',
    variant: status,
    kinds: ['helpThread'],
    scope: 'both',
    label,
    title: (t) => `${label} ${threadName(t)}`,
    group: 'Help center',
    keywords: [...keywords, 'thread', 'help center', 'status'],
    available: (state, context) => state.status !== status && (!staffOnly || context.account?.type === 'admin'),
    input: (item) => ({ body: { id: item.id, status } }),
    past: label,
    success: (result) => result.message,
  })

/** Help-center threads: answer (staff) or write again (the account), close, reopen, mark answered. */
export const HELP_THREAD_ACTIONS: readonly RecordAction[] = [
  defineAction({
    id: 'helpCenter.reply',
    kinds: ['helpThread'],
    scope: 'one',
    label: 'Reply…',
    tone: 'accent',
    title: (t) => `Reply on ${threadName(t)}…`,
    group: 'Help center',
    keywords: ['reply', 'answer', 'message', 'thread', 'help center'],
    available: (state) => (state.status === 'closed' ? 'The thread is closed: reopen it first' : true),
    ask: {
      kind: 'text',
      placeholder: 'Type the message',
      validate: (text) => (text.length > 10_000 ? 'Message is too long' : null),
      confirmTitle: (text, t) => `Send on ${threadName(t)}: “${text}”`,
    },
    input: (item, text: string) => ({ params: { id: item.id }, body: { message: text } }),
    success: (result) => result.message,
  }),
  threadStatus('closed', 'Close', ['close', 'done', 'archive'], false),
  threadStatus('open', 'Reopen', ['reopen', 'open', 'again'], false),
  threadStatus('answered', 'Mark answered', ['answered', 'done', 'replied'], true),
]
