import { describe, expect, it } from 'vitest'
import {
  raisedPriority,
  statusAfterRequesterReply,
  statusAfterStaffReply,
  TICKET_STATUSES,
  TICKET_TRANSITIONS,
  ticketTransitionRefusal,
} from '../../src/core/ticket-status'

describe('ticket statuses', () => {
  it('never goes back to new, and closed is final', () => {
    for (const from of TICKET_STATUSES) expect(TICKET_TRANSITIONS[from]).not.toContain('new')
    expect(TICKET_TRANSITIONS.closed).toEqual([])
    expect(ticketTransitionRefusal('closed', 'open')).toBe('A closed ticket cannot change any more.')
  })

  it('lets a solved ticket only reopen or close', () => {
    expect(TICKET_TRANSITIONS.solved).toEqual(['open', 'closed'])
    expect(ticketTransitionRefusal('solved', 'pending')).toBe('A solved ticket cannot become pending.')
    expect(ticketTransitionRefusal('open', 'solved')).toBeNull()
  })

  it('names what is wrong: same status, unknown status', () => {
    expect(ticketTransitionRefusal('open', 'open')).toBe('The ticket is already open.')
    expect(ticketTransitionRefusal('open', 'lost')).toBe('Unknown ticket status "lost".')
    expect(ticketTransitionRefusal('lost', 'open')).toBe('Unknown ticket status "lost".')
  })

  it('reopens on the requester’s answer and opens a new ticket on the first staff reply', () => {
    expect(statusAfterRequesterReply('solved')).toBe('open')
    expect(statusAfterRequesterReply('pending')).toBe('open')
    expect(statusAfterRequesterReply('on_hold')).toBe('on_hold')
    expect(statusAfterStaffReply('new')).toBe('open')
    expect(statusAfterStaffReply('pending')).toBe('pending')
  })

  it('raises priority one step up to urgent', () => {
    expect(raisedPriority('low')).toBe('normal')
    expect(raisedPriority('high')).toBe('urgent')
    expect(raisedPriority('urgent')).toBe('urgent')
  })
})
