import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { signedIn, twoWorkspaces, type createWorkspace } from '../helpers/fixtures'
import { notifications } from '../../src/server/db/schema'
import { auditsOf } from './payouts-fixtures'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let artist: TestClient
let label: TestClient
let otherAdmin: TestClient

beforeAll(async () => {
  t = await createTestApp()
  ;({ ws, admin, artist, otherAdmin } = await twoWorkspaces(t, 'helpc', 'helpcother'))
  label = await signedIn(t.app, 'label@helpc.test')
})
afterAll(() => t.close())

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')

describe('help-center threads', () => {
  it('opens a thread with the Send Message dialog’s answer and lists it for its account and for staff only', async () => {
    const sent = await artist.ok('helpCenter.sendMessage', {
      body: {
        subject: 'Contract question',
        message: 'Can I end my contract early?',
        file: { name: 'contract.pdf', dataUrl: `data:application/pdf;base64,${PDF.toString('base64')}` },
      },
    })
    expect(sent.message).toBe('Message sent successfully. Check your help center for updates.')
    const other = await label.ok('helpCenter.createThread', { body: { subject: 'Label question', message: 'How do sub-labels work?' } })
    const mine = await artist.ok('helpCenter.threads', { query: {} })
    expect(mine.data.map((row) => row.id)).toEqual([sent.threadId])
    expect(mine.data[0]).toMatchObject({
      subject: 'Contract question',
      status: 'open',
      account: { id: ws.artist.id, email: 'artist@helpc.test' },
      lastMessage: 'Can I end my contract early?',
      lastMessageFromSupport: false,
      messageCount: 1,
    })
    const all = await admin.ok('helpCenter.threads', { query: {} })
    expect(all.data.map((row) => row.id)).toEqual([other.threadId, sent.threadId])
    expect((await admin.ok('helpCenter.threads', { query: { accountId: ws.label.id } })).data.map((row) => row.id)).toEqual([
      other.threadId,
    ])
    expect((await admin.ok('helpCenter.threads', { query: { search: 'contract q' } })).data.map((row) => row.id)).toEqual([sent.threadId])
    expect((await otherAdmin.ok('helpCenter.threads', { query: {} })).data).toEqual([])
    // Someone else's thread is as missing as none.
    expect((await label.call('helpCenter.thread', { params: { id: sent.threadId } })).status).toBe(404)
    expect((await otherAdmin.call('helpCenter.thread', { params: { id: sent.threadId } })).status).toBe(404)
    const single = await artist.ok('helpCenter.thread', { params: { id: sent.threadId } })
    expect(single.messages).toEqual([
      expect.objectContaining({
        body: 'Can I end my contract early?',
        fromSupport: false,
        file: { id: expect.any(Number), fileName: 'contract.pdf', url: expect.stringMatching(/^\/api\/files\/\d+$/), size: PDF.length },
      }),
    ])
  })

  it('says what is missing in the dialog, with the spec’s texts', async () => {
    const bad = await artist.call('helpCenter.sendMessage', { body: { subject: '', message: ' ' } })
    expect(bad.status).toBe(400)
    expect(bad.error.errors).toMatchObject({ subject: 'Title is required', message: 'Message is required' })
  })

  it('answers from staff (answered, the account’s bell rings) and reopens on the account’s answer', async () => {
    const { threadId } = await artist.ok('helpCenter.sendMessage', {
      body: { subject: 'Royalty split', message: 'How do I split with my producer?' },
    })
    const answer = await admin.ok('helpCenter.reply', { params: { id: threadId }, body: { message: 'Open Royalty Splits and add them.' } })
    expect(answer).toMatchObject({
      message: 'Answer sent. The account was notified.',
      item: { fromSupport: true, body: 'Open Royalty Splits and add them.' },
    })
    expect((await artist.ok('helpCenter.thread', { params: { id: threadId } })).status).toBe('answered')
    const bell = await t.services.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, ws.artist.id), eq(notifications.link, `/helpCenter/thread/${threadId}`)))
    expect(bell.map((row) => row.title)).toEqual(['Support answered your message'])
    await artist.ok('helpCenter.reply', { params: { id: threadId }, body: { message: 'Thanks! And for remixes?' } })
    // Threads have no assignee: the admins who triage hear of the new thread and of the account's answer, the answering admin not of their own.
    const staffBell = (await admin.ok('notifications.userBadge')).latest.filter((item) => item.link === `/helpCenter/thread/${threadId}`)
    expect(staffBell.map((item) => item.title)).toEqual(['New reply on a help-center thread', 'New help-center message'])
    expect((await artist.ok('notifications.userBadge')).latest.map((item) => item.title)).not.toContain('New help-center message')
    const thread = await admin.ok('helpCenter.thread', { params: { id: threadId } })
    expect(thread).toMatchObject({ status: 'open', messageCount: 3, lastMessage: 'Thanks! And for remixes?' })
    expect((await label.call('helpCenter.reply', { params: { id: threadId }, body: { message: 'me too' } })).status).toBe(404)
  })

  it('updates the status: staff any, the account closes or reopens its own, never marks it answered', async () => {
    const { threadId } = await artist.ok('helpCenter.sendMessage', { body: { subject: 'Status', message: 'x' } })
    expect(await artist.ok('helpCenter.updateStatus', { body: { id: threadId, status: 'closed' } })).toEqual({
      status: 'closed',
      message: 'The thread is now closed.',
    })
    expect((await artist.call('helpCenter.updateStatus', { body: { id: threadId, status: 'answered' } })).status).toBe(403)
    expect((await label.call('helpCenter.updateStatus', { body: { id: threadId, status: 'open' } })).status).toBe(404)
    await admin.ok('helpCenter.updateStatus', { body: { id: threadId, status: 'answered' } })
    expect((await admin.ok('helpCenter.threads', { query: { status: 'answered' } })).data.map((row) => row.id)).toContain(threadId)
    expect((await auditsOf(t.services, ws.tenant.id, 'help_thread.status_changed')).length).toBe(2)
  })
})

describe("the account screen's support section", () => {
  it('lists the account’s tickets and threads, opens one of each, and refuses while its support is off', async () => {
    const ticket = await artist.ok('support.open', { body: { subject: 'Ticket for the section', html: 'hello' } })
    const { threadId } = await artist.ok('helpCenter.sendMessage', { body: { subject: 'Thread for the section', message: 'hi' } })
    const section = await admin.ok('users.support', { body: { userId: ws.artist.id } })
    expect(section.tickets.map((row) => row.id)).toContain(ticket.id)
    expect(section.threads.map((row) => row.id)).toContain(threadId)
    expect((await admin.ok('users.singleSupportMessage', { params: { userId: ws.artist.id, ticketId: ticket.id } })).subject).toBe(
      'Ticket for the section',
    )
    expect((await admin.call('users.singleSupportMessage', { params: { userId: ws.label.id, ticketId: ticket.id } })).status).toBe(404)
    expect((await admin.ok('users.singleCustomSupportMessage', { params: { userId: ws.artist.id, ticketId: threadId } })).subject).toBe(
      'Thread for the section',
    )
    expect((await admin.call('users.singleCustomSupportMessage', { params: { userId: ws.label.id, ticketId: threadId } })).status).toBe(404)
    expect((await artist.call('users.support', { body: { userId: ws.artist.id } })).status).toBe(403)

    await admin.ok('support.changeDisableSupport', { body: { userId: ws.artist.id, disabled: true } })
    const refused = await admin.call('users.support', { body: { userId: ws.artist.id } })
    expect(refused.status).toBe(403)
    expect(refused.error.message).toBe('Support is turned off for this account.')
    const widget = await artist.call('helpCenter.sendMessage', { body: { subject: 'Blocked', message: 'x' } })
    expect(widget.status).toBe(403)
    expect(widget.error.message).toBe('Support is turned off for your account. Please contact the workspace by other means.')
    await admin.ok('support.changeDisableSupport', { body: { userId: ws.artist.id, disabled: false } })
  })
})
