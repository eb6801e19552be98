import { describe, expect, it } from 'vitest'
import { fakeCommandEnv } from '../helpers/command-env'
import { CommandRegistry } from '../../commands/registry'
import { HELP_THREAD_ACTIONS, TICKET_ACTIONS } from '../../commands/support'
import { selectionOf } from '../../commands/actions'
import type { RecordStates } from '../../commands/records'
import type { CommandContext } from '../../commands/types'
import type { TicketStatus } from '../../src/core/ticket-status'

const base: CommandContext = { account: { id: 1, type: 'admin', isOperator: false }, route: null, record: null, list: null, paneCount: 1 }
const state = (overrides: Partial<RecordStates['ticket']> = {}): RecordStates['ticket'] => ({
  status: 'open',
  priority: 'normal',
  subject: 'Login broken',
  requesterName: 'Nina Vale',
  assigneeId: null,
  nextId: null,
  ...overrides,
})
const onTicket = (overrides: Partial<RecordStates['ticket']> = {}): CommandContext => ({
  ...base,
  record: { kind: 'ticket', id: '12', title: 'Ticket #12', state: state(overrides) },
})
const signal = () => new AbortController().signal

const registry = new CommandRegistry()
registry.register(TICKET_ACTIONS.flatMap((action) => action.commands))
const titles = (context: CommandContext) => registry.available(context).map((entry) => entry.title)

describe('support ticket commands', () => {
  it('offer reply, note, solve, elevate and assign on the focused ticket, as its state allows', () => {
    expect(titles(onTicket())).toEqual([
      'Reply to ticket #12 “Login broken”…',
      'Add an internal note to ticket #12 “Login broken”…',
      'Solve ticket #12 “Login broken”',
      'Elevate ticket #12 “Login broken” (raise its priority, tell the admins)',
      'Assign ticket #12 “Login broken” to me',
      'Assign ticket #12 “Login broken” to…',
    ])
    const solved = titles(onTicket({ status: 'solved' }))
    expect(solved).not.toContain('Solve ticket #12 “Login broken”')
    const closed = registry.available(onTicket({ status: 'closed' }))
    expect(closed.find((entry) => entry.command.id === 'support.reply')?.disabledReason).toBe('The ticket is closed')
    const mine = registry.available(onTicket({ assigneeId: 1 }))
    expect(mine.find((entry) => entry.command.id === 'support.assign:me')?.disabledReason).toBe('Already yours')
    expect(titles(onTicket({ assigneeId: 1 }))).toContain('Unassign ticket #12 “Login broken”')
  })

  it('sends the typed reply as escaped HTML and the note the same way', async () => {
    const env = fakeCommandEnv({ 'support.reply': { message: 'Reply sent to nina@example.test.' } })
    const [confirm] = await registry.get('support.reply')!.search!('Try again <now> & tell us', onTicket(), env, signal())
    expect(confirm.title).toBe('Send to Nina Vale: “Try again <now> & tell us”')
    await confirm.run!(onTicket(), env)
    expect(env.call).toHaveBeenCalledWith('support.reply', {
      params: { id: 12 },
      body: { html: '<p>Try again &#60;now&#62; &#38; tell us</p>' },
    })
    expect(env.notify).toHaveBeenCalledWith('Reply sent to nina@example.test.', 'success')
    const [note] = await registry.get('support.addNote')!.search!('VIP', onTicket(), env, signal())
    await note.run!(onTicket(), env)
    expect(env.call).toHaveBeenLastCalledWith('support.addNote', { params: { id: 12 }, body: { html: '<p>VIP</p>' } })
  })

  it('solves, then opens the next ticket of the queue; elevates and assigns to me', async () => {
    const env = fakeCommandEnv({ 'support.changeStatus': { changed: 1, message: 'Ticket #12 is now solved.' } })
    await registry.get('support.changeStatus:solved')!.run!(onTicket({ nextId: 11 }), env)
    expect(env.call).toHaveBeenCalledWith('support.changeStatus', { body: { ids: [12], status: 'solved' } })
    expect(env.open).toHaveBeenCalledWith('/support/single/11')
    await registry.get('support.elevate')!.run!(onTicket(), env)
    expect(env.call).toHaveBeenLastCalledWith('support.elevate', { body: { id: 12 } })
    await registry.get('support.assign:me')!.run!(onTicket(), env)
    expect(env.call).toHaveBeenLastCalledWith('support.assign', { body: { id: 12, assigneeId: 'me' } })
  })

  it('turns support off for the requester (asked first) or on again, only where the ticket screen knows which', async () => {
    expect(titles(onTicket({ requesterId: 5 }))).not.toContain('Turn off support for Nina Vale…')
    expect(titles(onTicket({ requesterId: 5, supportDisabled: false }))).toContain('Turn off support for Nina Vale…')
    expect(titles(onTicket({ requesterId: null, supportDisabled: false }))).not.toContain('Turn off support for Nina Vale…')
    const env = fakeCommandEnv({ 'support.changeDisableSupport': { disabled: true, message: 'Support is turned off for Nina Vale.' } })
    const [yes] = await registry.get('support.changeDisableSupport:off')!.children!(
      onTicket({ requesterId: 5, supportDisabled: false }),
      env,
    )
    await yes.run!(onTicket({ requesterId: 5, supportDisabled: false }), env)
    expect(env.call).toHaveBeenCalledWith('support.changeDisableSupport', { body: { userId: 5, disabled: true } })
    await registry.get('support.changeDisableSupport:on')!.run!(onTicket({ requesterId: 5, supportDisabled: true }), env)
    expect(env.call).toHaveBeenLastCalledWith('support.changeDisableSupport', { body: { userId: 5, disabled: false } })
  })

  it('assigns to another staff member found by name', async () => {
    const env = fakeCommandEnv({
      'admins.list': {
        data: [
          { id: 1, displayName: 'Me Myself', email: 'me@demo.test', banned: false },
          { id: 7, displayName: 'Olivia Park', email: 'olivia@demo.test', banned: false },
        ],
        meta: { total: 2, last_page: 1 },
      },
      'support.assign': { message: 'Ticket #12 is assigned to Olivia Park.' },
    })
    const found = await registry.get('support.assign:someone')!.search!('oli', onTicket({ assigneeId: 1 }), env, signal())
    expect(found.map((choice) => choice.title)).toEqual(['Olivia Park (olivia@demo.test)'])
    expect(env.call).toHaveBeenCalledWith('admins.list', { query: { search: 'oli', page: 1, per_page: 25 } })
    await found[0].run!(onTicket(), env)
    expect(env.call).toHaveBeenLastCalledWith('support.assign', { body: { id: 12, assigneeId: 7 } })
    expect(env.notify).toHaveBeenCalledWith('Ticket #12 is assigned to Olivia Park.', 'success')
  })

  it('changes the status of a list selection in one call', async () => {
    const rows = (statuses: TicketStatus[]) =>
      selectionOf(
        'ticket',
        statuses.map((status, index) => ({ id: 20 + index, state: state({ status }) })),
      )
    const context: CommandContext = {
      ...base,
      list: { listId: 'support-tickets', title: 'Support tickets', selectedCount: 2, selection: rows(['new', 'open']), bulkActions: [] },
    }
    const env = fakeCommandEnv({ 'support.changeStatus': { changed: 2, message: '2 tickets are now pending.' } })
    const pending = registry.get('support.changeStatus:pending.selection')!
    await pending.run!(context, env)
    expect(env.call).toHaveBeenCalledWith('support.changeStatus', { body: { ids: [20, 21], status: 'pending' } })
  })
})

describe('help-center thread commands', () => {
  const threads = new CommandRegistry()
  threads.register(HELP_THREAD_ACTIONS.flatMap((action) => action.commands))
  const onThread = (status: 'open' | 'answered' | 'closed', account: CommandContext['account'] = base.account): CommandContext => ({
    ...base,
    account,
    record: {
      kind: 'helpThread',
      id: '4',
      title: 'Contract question',
      state: { status, subject: 'Contract question', accountName: 'Nina Vale' },
    },
  })
  const threadTitles = (context: CommandContext) => threads.available(context).map((entry) => entry.title)

  it('offers reply and the statuses it may take; only staff mark a thread answered', () => {
    expect(threadTitles(onThread('open'))).toEqual([
      'Reply on thread “Contract question”…',
      'Close thread “Contract question”',
      'Mark answered thread “Contract question”',
    ])
    const artist = { id: 9, type: 'artist' as const, isOperator: false }
    expect(threadTitles(onThread('open', artist))).toEqual(['Reply on thread “Contract question”…', 'Close thread “Contract question”'])
    expect(threadTitles(onThread('closed', artist))).toContain('Reopen thread “Contract question”')
    const closed = threads.available(onThread('closed')).find((entry) => entry.command.id === 'helpCenter.reply')
    expect(closed?.disabledReason).toBe('The thread is closed: reopen it first')
  })

  it('sends the typed reply and changes the status', async () => {
    const env = fakeCommandEnv({ 'helpCenter.reply': { message: 'Answer sent. The account was notified.' } })
    const [confirm] = await threads.get('helpCenter.reply')!.search!('See the FAQ', onThread('open'), env, signal())
    await confirm.run!(onThread('open'), env)
    expect(env.call).toHaveBeenCalledWith('helpCenter.reply', { params: { id: 4 }, body: { message: 'See the FAQ' } })
    await threads.get('helpCenter.updateStatus:closed')!.run!(onThread('open'), env)
    expect(env.call).toHaveBeenLastCalledWith('helpCenter.updateStatus', { body: { id: 4, status: 'closed' } })
  })
})
