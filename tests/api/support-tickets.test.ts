import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { createAccount, signedIn, twoWorkspaces, type createWorkspace } from '../helpers/fixtures'
import { auditLog, notifications } from '../../src/server/db/schema'
import { auditsOf } from './payouts-fixtures'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let artist: TestClient
let otherAdmin: TestClient
/** The app's clock: tests move it to make tickets old enough to close. */
let clock: Date | null = null

beforeAll(async () => {
  t = await createTestApp({ now: () => clock ?? new Date() })
  ;({ ws, admin, artist, otherAdmin } = await twoWorkspaces(t, 'supdesk', 'supother'))
})
afterAll(() => t.close())

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`

async function openTicket(client: TestClient = artist, subject = 'Where is my payout?', html = '<p>Hello, my payout is late.</p>') {
  const opened = await client.ok('support.open', { body: { subject, html } })
  return opened.id
}

describe('opening and listing tickets', () => {
  it('opens a ticket from the app with a sanitised first message, lists it for staff of the workspace only', async () => {
    const id = await openTicket(
      artist,
      'Royalty statement missing',
      '<p>Hi <b>team</b><script>alert(1)</script><img src="https://evil.test/x.png"></p>',
    )
    const list = await admin.ok('support.list', { query: { page: 1, per_page: 25 } })
    expect(list.data[0]).toMatchObject({
      id,
      subject: 'Royalty statement missing',
      status: 'new',
      priority: 'normal',
      source: 'app',
      requester: { id: ws.artist.id, email: 'artist@supdesk.test' },
      assignee: null,
      firstResponseAt: null,
      canBeSolvedByMe: true,
    })
    const single = await admin.ok('support.single', { params: { id } })
    expect(single.comments).toHaveLength(1)
    expect(single.comments[0]).toMatchObject({
      htmlBody: '<p>Hi <b>team</b></p>',
      plainBody: 'Hi team',
      isSupportTeam: false,
      internal: false,
    })
    expect(single.description).toBe('Hi team')
    expect(single.account).toMatchObject({ id: ws.artist.id, balance: '0.00', supportDisabled: false, releases: [] })
    expect((await otherAdmin.call('support.single', { params: { id } })).status).toBe(404)
    expect((await otherAdmin.ok('support.list', { query: {} })).data.map((row) => row.id)).not.toContain(id)
    expect((await artist.call('support.list', { query: {} })).status).toBe(403)
    expect((await auditsOf(t.services, ws.tenant.id, 'support_ticket.created')).length).toBeGreaterThan(0)
  })

  it('searches by subject, requester and #id, and filters by status and created dates', async () => {
    const label = await signedIn(t.app, 'label@supdesk.test')
    const first = await openTicket(label, 'Artwork rejected by the store')
    const second = await openTicket(artist, 'Cannot log in on mobile')
    const ids = async (query: Record<string, string | number>) =>
      (await admin.ok('support.list', { query: { page: 1, per_page: 25, ...query } })).data.map((row) => row.id)
    expect(await ids({ search: 'artwork rej' })).toEqual([first])
    expect(await ids({ search: 'label@supdesk' })).toContain(first)
    expect(await ids({ search: 'label@supdesk' })).not.toContain(second)
    expect(await ids({ search: `#${second}` })).toEqual([second])
    // "#id" is the ticket, never a subject that quotes it; a whole address is its requester's, in any case.
    const quoting = await openTicket(label, `Follow-up to #${second}`)
    expect(await ids({ search: `#${second}` })).toEqual([second])
    expect(await ids({ search: 'LABEL@supdesk.test' })).toEqual([quoting, first])
    // The total of a short page is exact without a second search; past the last page it is counted.
    const meta = async (query: Record<string, string | number>) =>
      (await admin.ok('support.list', { query: { page: 1, per_page: 25, ...query } })).meta
    expect(await meta({ search: 'label@supdesk.test' })).toMatchObject({ total: 2, totalIsEstimate: false, last_page: 1 })
    expect(await meta({ search: 'label@supdesk.test', page: 3 })).toMatchObject({ total: 2, totalIsEstimate: false })
    expect(await meta({ search: 'nothing like this at all' })).toMatchObject({ total: 0, last_page: 1 })
    await admin.ok('support.changeStatus', { body: { ids: [second], status: 'pending' } })
    expect(await ids({ status: 'pending' })).toEqual([second])
    const today = new Date().toISOString().slice(0, 10)
    expect(await ids({ from: today, to: today })).toEqual(expect.arrayContaining([first, second]))
    expect(await ids({ from: '2001-01-01', to: '2001-01-02' })).toEqual([])
    const bad = await admin.call('support.list', { query: { status: 'lost' as never } })
    expect(bad.status).toBe(400)
  })
})

describe('statuses', () => {
  it('moves along the allowed transitions only, all or nothing, one audit row per ticket', async () => {
    const a = await openTicket()
    const b = await openTicket()
    const done = await admin.ok('support.changeStatus', { body: { ids: [a, b], status: 'on_hold' } })
    expect(done).toMatchObject({ changed: 2, message: '2 tickets are now on hold.' })
    await admin.ok('support.changeStatus', { body: { ids: [a], status: 'closed' } })
    const refused = await admin.call('support.changeStatus', { body: { ids: [a, b], status: 'open' } })
    expect(refused.status).toBe(409)
    expect(refused.error.message).toBe(`Ticket #${a}: A closed ticket cannot change any more.`)
    // b did not move with the refused batch.
    expect((await admin.ok('support.single', { params: { id: b } })).status).toBe('on_hold')
    const again = await admin.call('support.changeStatus', { body: { ids: [b], status: 'on_hold' } })
    expect(again.error.message).toMatch(/already on hold/)
    expect((await admin.call('support.changeStatus', { body: { ids: [b], status: 'new' } })).status).toBe(409)
    expect((await otherAdmin.call('support.changeStatus', { body: { ids: [b], status: 'open' } })).status).toBe(404)
    const rows = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'support_ticket.status_changed'), eq(auditLog.entityId, String(a))))
    expect(rows.map((row) => (row.after as { status: string }).status)).toEqual(['on_hold', 'closed'])
  })

  it('reopens a solved ticket when the requester answers, and refuses answers on a closed one', async () => {
    const id = await openTicket()
    await admin.ok('support.changeStatus', { body: { ids: [id], status: 'solved' } })
    const answer = await artist.ok('support.requesterReply', { params: { id }, body: { html: '<p>Still broken</p>' } })
    expect(answer.status).toBe('open')
    expect((await admin.ok('support.single', { params: { id } })).status).toBe('open')
    await admin.ok('support.changeStatus', { body: { ids: [id], status: 'closed' } })
    const late = await artist.call('support.requesterReply', { params: { id }, body: { html: 'hello?' } })
    expect(late.status).toBe(409)
    expect(late.error.message).toBe('This ticket is closed. Please open a new ticket.')
    // Someone else's ticket is not theirs to answer.
    const label = await signedIn(t.app, 'label@supdesk.test')
    const other = await openTicket(label)
    expect((await artist.call('support.requesterReply', { params: { id: other }, body: { html: 'hi' } })).status).toBe(404)
  })

  it('closes solved tickets after the auto-close days through the job runner', async () => {
    const id = await openTicket()
    const keep = await openTicket()
    // Solved three days ago (the job is then already due), with the default of 7 days then lowered to… 7: not yet.
    clock = new Date(Date.now() - 3 * 24 * 3600_000)
    await admin.ok('support.changeStatus', { body: { ids: [id], status: 'solved' } })
    clock = null
    await t.services.db.execute(sql`update jobs set run_at = now() where type = 'support.autoClose'`)
    await t.services.jobs.drain()
    expect((await admin.ok('support.single', { params: { id } })).status).toBe('solved')
    await t.services.db.execute(sql`insert into support_settings (tenant_id, auto_close_days) values (${ws.tenant.id}, 2)
      on conflict (tenant_id) do update set auto_close_days = 2`)
    await admin.ok('support.changeStatus', { body: { ids: [keep], status: 'solved' } })
    await t.services.db.execute(sql`update jobs set run_at = now() where type = 'support.autoClose' and status = 'queued'`)
    await t.services.jobs.drain()
    expect((await admin.ok('support.single', { params: { id } })).status).toBe('closed')
    // Solved just now: not due for two more days.
    expect((await admin.ok('support.single', { params: { id: keep } })).status).toBe('solved')
    const audits = await auditsOf(t.services, ws.tenant.id, 'support_ticket.auto_closed')
    expect(audits.map((row) => row.entityId)).toEqual([String(id)])
    await t.services.db.execute(sql`delete from support_settings where tenant_id = ${ws.tenant.id}`)
  })
})

describe('replies, notes, attachments', () => {
  it('records the first response on the first staff reply and opens a new ticket', async () => {
    const id = await openTicket()
    const sent = await admin.ok('support.reply', {
      params: { id },
      body: { html: '<p onclick="steal()">We are on it. <a href="javascript:alert(1)">x</a> <a href="https://help.test/a">guide</a></p>' },
    })
    expect(sent.message).toBe('Reply sent to artist@supdesk.test.')
    expect(sent.comment.htmlBody).toBe(
      '<p>We are on it. <a rel="noopener noreferrer nofollow" target="_blank">x</a> <a href="https://help.test/a" rel="noopener noreferrer nofollow" target="_blank">guide</a></p>',
    )
    expect(sent.comment).toMatchObject({ isSupportTeam: true, internal: false, plainBody: 'We are on it. x guide' })
    const single = await admin.ok('support.single', { params: { id } })
    expect(single.status).toBe('open')
    expect(single.firstResponseAt).not.toBeNull()
    expect(single.firstResponseMinutes).toBe(0)
    expect(single.firstResponseMissed).toBe(false)
  })

  it('keeps an attachment checked by its content, and refuses a disguised or oversized one', async () => {
    const id = await openTicket()
    const sent = await admin.ok('support.reply', {
      params: { id },
      body: { html: 'See the screenshot', file: { name: 'shot.png', dataUrl: dataUrl(PNG) } },
    })
    expect(sent.comment.attachments).toEqual([
      { id: expect.any(Number), fileName: 'shot.png', url: expect.stringMatching(/^\/api\/files\/\d+$/), size: PNG.length },
    ])
    const disguised = await admin.call('support.reply', {
      params: { id },
      body: { html: 'x', file: { name: 'run.png', dataUrl: dataUrl(Buffer.from('#!/bin/sh\necho owned\n')) } },
    })
    expect(disguised.status).toBe(415)
    expect(disguised.error.errors).toEqual({ file: 'The file must be a PDF, JPG or PNG document.' })
    const big = Buffer.alloc(11 * 1024 * 1024, 1)
    const tooBig = await admin.call('support.reply', {
      params: { id },
      body: { html: 'x', file: { name: 'big.png', dataUrl: dataUrl(big) } },
    })
    expect(tooBig.status).toBe(413)
    // Neither refused reply reached the thread.
    expect((await admin.ok('support.single', { params: { id } })).comments).toHaveLength(2)
  })

  it('keeps internal notes on the thread for staff, deletable, and refuses to delete a reply', async () => {
    const id = await openTicket()
    const note = await admin.ok('support.addNote', { params: { id }, body: { html: '<p>VIP, check the contract first</p>' } })
    expect(note.comment).toMatchObject({ internal: true, isSupportTeam: true, plainBody: 'VIP, check the contract first' })
    const thread = (await admin.ok('support.single', { params: { id } })).comments
    expect(thread.map((comment) => comment.internal)).toEqual([false, true])
    // A note is not a response to the requester.
    expect((await admin.ok('support.single', { params: { id } })).firstResponseAt).toBeNull()
    const first = thread[0]
    const refused = await admin.call('support.deleteNote', { params: { id: first.id } })
    expect(refused.status).toBe(409)
    expect((await otherAdmin.call('support.deleteNote', { params: { id: note.comment.id } })).status).toBe(404)
    expect((await admin.ok('support.deleteNote', { params: { id: note.comment.id } })).message).toBe('Note deleted.')
    expect((await admin.ok('support.single', { params: { id } })).comments).toHaveLength(1)
    expect((await admin.call('support.addNote', { params: { id: 999_999 }, body: { html: 'x' } })).status).toBe(404)
  })
})

describe('elevate and assign', () => {
  it('raises the priority one step and tells every admin of the workspace', async () => {
    const id = await openTicket()
    const up = await admin.ok('support.elevate', { body: { id } })
    expect(up.priority).toBe('high')
    expect((await admin.ok('support.elevate', { body: { id } })).priority).toBe('urgent')
    expect((await admin.ok('support.elevate', { body: { id } })).priority).toBe('urgent')
    expect((await admin.ok('support.single', { params: { id } })).elevated).toBe(true)
    const told = await t.services.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.tenantId, ws.tenant.id), eq(notifications.accountId, ws.operator.id)))
    expect(told.some((row) => row.title === 'Support ticket elevated' && row.link === `/support/single/${id}`)).toBe(true)
  })

  it('assigns to staff only, and rings the assignee’s bell when the requester answers', async () => {
    const id = await openTicket()
    expect((await admin.call('support.assign', { body: { id, assigneeId: ws.artist.id } })).status).toBe(409)
    await admin.ok('support.assign', { body: { id, assigneeId: ws.operator.id } })
    expect((await admin.ok('support.single', { params: { id } })).assignee).toMatchObject({ id: ws.operator.id })
    await artist.ok('support.requesterReply', { params: { id }, body: { html: 'any news?' } })
    const bell = await t.services.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, ws.operator.id), eq(notifications.link, `/support/single/${id}`)))
    expect(bell.map((row) => row.title)).toEqual(['New support ticket', 'Ticket assigned to you', 'New reply on your ticket'])
    const mine = await admin.ok('support.list', { query: { assigneeId: ws.operator.id } })
    expect(mine.data.map((row) => row.id)).toContain(id)
  })
})

describe('the bell for new tickets and answers', () => {
  const bellOf = async (client: TestClient, id: number) =>
    (await client.ok('notifications.userBadge')).latest.filter((item) => item.link === `/support/single/${id}`).map((item) => item.title)

  it('rings every admin for a new unassigned ticket, not its requester', async () => {
    const id = await openTicket(artist, 'Bell: new ticket')
    expect(await bellOf(admin, id)).toEqual(['New support ticket'])
    const operatorBell = await t.services.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, ws.operator.id), eq(notifications.link, `/support/single/${id}`)))
    expect(operatorBell.map((row) => [row.title, row.message])).toEqual([['New support ticket', `Ticket #${id} “Bell: new ticket”`]])
    expect(await bellOf(artist, id)).toEqual([])
    expect(await bellOf(otherAdmin, id)).toEqual([])
  })

  it('rings the admins for the requester’s answer while unassigned, then only the assignee', async () => {
    const id = await openTicket(artist, 'Bell: answers')
    await artist.ok('support.requesterReply', { params: { id }, body: { html: 'still waiting' } })
    expect(await bellOf(admin, id)).toEqual(['New reply on an unassigned ticket', 'New support ticket'])
    await admin.ok('support.assign', { body: { id, assigneeId: ws.operator.id } })
    await artist.ok('support.requesterReply', { params: { id }, body: { html: 'hello?' } })
    expect(await bellOf(admin, id)).toEqual(['New reply on an unassigned ticket', 'New support ticket'])
    const operatorTitles = (
      await t.services.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.accountId, ws.operator.id), eq(notifications.link, `/support/single/${id}`)))
        .orderBy(notifications.id)
    ).map((row) => row.title)
    expect(operatorTitles).toEqual(['New support ticket', 'New reply on an unassigned ticket', 'Ticket assigned to you', 'New reply on your ticket'])
  })

  it('does not ring an admin for the ticket they opened themselves', async () => {
    const id = await openTicket(admin, 'Bell: staff test ticket')
    expect(await bellOf(admin, id)).toEqual([])
  })
})

describe('palette search', () => {
  it('finds tickets by #id, subject and requester, for staff of the workspace only', async () => {
    const id = await openTicket(artist, 'Spotify profile claim stuck')
    const hits = async (client: TestClient, q: string) =>
      (await client.ok('search.query', { query: { q, kinds: 'ticket' } })).hits.map((hit) => `${hit.kind}:${hit.id}`)
    expect(await hits(admin, `#${id}`)).toEqual([`ticket:${id}`])
    expect(await hits(admin, `ticket:${id}`)).toEqual([`ticket:${id}`])
    expect(await hits(admin, 'profile claim')).toEqual([`ticket:${id}`])
    expect(await hits(admin, 'artist@supdesk.test')).toContain(`ticket:${id}`)
    expect(await hits(otherAdmin, `#${id}`)).toEqual([])
    const found = await admin.ok('search.query', { query: { q: `#${id}`, kinds: 'ticket' } })
    expect(found.hits[0]).toMatchObject({ title: `Ticket #${id}: Spotify profile claim stuck`, subtitle: 'Test Person · New' })
  })
})

describe('validation', () => {
  it('says what is wrong with a ticket or a reply', async () => {
    const empty = await artist.call('support.open', { body: { subject: ' ', html: '' } })
    expect(empty.status).toBe(400)
    expect(empty.error.errors).toMatchObject({ subject: 'Title is required', html: 'Write a message first' })
    const someone = await createAccount(t.services, { tenantId: ws.tenant.id, email: 'x@supdesk.test' })
    expect(someone.id).toBeGreaterThan(0)
  })
})
