import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { signedIn, twoWorkspaces } from '../helpers/fixtures'

let t: TestApp
let admin: TestClient
let artist: TestClient
let label: TestClient
let otherAdmin: TestClient

beforeAll(async () => {
  t = await createTestApp()
  ;({ admin, artist, otherAdmin } = await twoWorkspaces(t, 'supdash', 'supdashother'))
  label = await signedIn(t.app, 'label@supdash.test')
})
afterAll(() => t.close())

describe('the dashboard’s support figures', () => {
  it('counts unresolved tickets (staff: the workspace’s, others: their own) and drops the count when one is solved', async () => {
    const first = await artist.ok('support.open', { body: { subject: 'First', html: 'a' } })
    const second = await artist.ok('support.open', { body: { subject: 'Second', html: 'b' } })
    await label.ok('support.open', { body: { subject: 'Label one', html: 'c' } })
    const before = await admin.ok('dashboard.unresolvedTickets')
    expect(before.total).toBe(3)
    expect(before.items.map((item) => item.subject)).toEqual(['Label one', 'Second', 'First'])
    expect((await artist.ok('dashboard.unresolvedTickets')).total).toBe(2)
    expect((await otherAdmin.ok('dashboard.unresolvedTickets')).total).toBe(0)
    await admin.ok('support.changeStatus', { body: { ids: [first.id], status: 'solved' } })
    await admin.ok('support.changeStatus', { body: { ids: [second.id], status: 'pending' } })
    // Pending still waits on someone: it stays unresolved.
    expect((await admin.ok('dashboard.unresolvedTickets')).total).toBe(2)
  })

  it('shows the latest threads and how many wait for an answer; one opens by id, and the dashboard can start one', async () => {
    const created = await artist.ok('dashboard.createThread', { body: { subject: 'From the dashboard', message: 'Hello' } })
    expect(created.message).toBe('Message sent successfully. Check your help center for updates.')
    const other = await label.ok('helpCenter.sendMessage', { body: { subject: 'Label thread', message: 'Hi' } })
    const staff = await admin.ok('dashboard.threads')
    expect(staff.items.map((item) => item.subject)).toEqual(['Label thread', 'From the dashboard'])
    expect(staff.open).toBe(2)
    await admin.ok('helpCenter.reply', { params: { id: created.threadId }, body: { message: 'Answered' } })
    expect((await admin.ok('dashboard.threads')).open).toBe(1)
    // An account sees its own threads, and how many support answered.
    const mine = await artist.ok('dashboard.threads')
    expect(mine.items.map((item) => item.id)).toEqual([created.threadId])
    expect(mine.open).toBe(1)
    expect((await artist.ok('dashboard.thread', { params: { id: created.threadId } })).messages).toHaveLength(2)
    expect((await artist.call('dashboard.thread', { params: { id: other.threadId } })).status).toBe(404)
    expect((await otherAdmin.ok('dashboard.threads')).items).toEqual([])
  })
})
