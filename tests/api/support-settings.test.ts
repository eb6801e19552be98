import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { twoWorkspaces, type createWorkspace } from '../helpers/fixtures'
import { auditsOf } from './payouts-fixtures'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let artist: TestClient
let otherAdmin: TestClient

beforeAll(async () => {
  t = await createTestApp()
  ;({ ws, admin, artist, otherAdmin } = await twoWorkspaces(t, 'supset', 'supsetother'))
})
afterAll(() => t.close())

const SETTINGS = {
  autoReply: 'Thanks, we answer within a day.',
  signature: '— The Demo Music team',
  cannedReplies: [{ title: 'Payout timing', text: 'Payouts arrive within 5 business days.' }],
  businessHours: 'Mon–Fri 9:00–17:00 CET',
  firstResponseMinutes: 120,
  autoCloseDays: 3,
}

describe('support settings', () => {
  it('answers the defaults, saves every field per workspace, audited, for admins only', async () => {
    expect(await admin.ok('support.settings')).toEqual({
      autoReply: '',
      signature: '',
      cannedReplies: [],
      businessHours: '',
      firstResponseMinutes: 1440,
      autoCloseDays: 7,
    })
    const saved = await admin.ok('support.updateSettings', { body: SETTINGS })
    expect(saved).toEqual({ message: 'Support settings saved.', settings: SETTINGS })
    expect(await admin.ok('support.settings')).toEqual(SETTINGS)
    expect((await otherAdmin.ok('support.settings')).cannedReplies).toEqual([])
    expect((await artist.call('support.updateSettings', { body: SETTINGS })).status).toBe(403)
    expect((await auditsOf(t.services, ws.tenant.id, 'support_settings.updated')).length).toBe(1)
  })

  it('says what is wrong with a setting', async () => {
    const bad = await admin.call('support.updateSettings', {
      body: { ...SETTINGS, autoCloseDays: 0, firstResponseMinutes: 0, cannedReplies: [{ title: '', text: 'x' }] },
    })
    expect(bad.status).toBe(400)
    expect(bad.error.errors).toMatchObject({
      autoCloseDays: 'At least one day',
      firstResponseMinutes: 'At least one minute',
      'cannedReplies.0.title': 'Give the canned reply a title',
    })
  })

  it('marks a ticket answered later than the first-response target as late', async () => {
    const late = await artist.ok('support.open', { body: { subject: 'Late one', html: 'hello' } })
    await t.services.db.execute(sql`update support_tickets set created_at = now() - interval '3 hours' where id = ${late.id}`)
    const waiting = await admin.ok('support.single', { params: { id: late.id } })
    expect(waiting).toMatchObject({ firstResponseAt: null, firstResponseMissed: true })
    await admin.ok('support.reply', { params: { id: late.id }, body: { html: 'Sorry for the wait' } })
    const answered = await admin.ok('support.single', { params: { id: late.id } })
    expect(answered.firstResponseMissed).toBe(true)
    expect(answered.firstResponseMinutes).toBeGreaterThanOrEqual(180)
  })
})

describe('turning support off for an account', () => {
  it('refuses the account’s new tickets and answers with a clear message until it is turned on again', async () => {
    const opened = await artist.ok('support.open', { body: { subject: 'Before', html: 'hi' } })
    const off = await admin.ok('support.changeDisableSupport', { body: { userId: ws.artist.id, disabled: true } })
    expect(off).toEqual({ disabled: true, message: 'Support is turned off for Test Person.' })
    const refused = await artist.call('support.open', { body: { subject: 'Again', html: 'hi' } })
    expect(refused.status).toBe(403)
    expect(refused.error.message).toBe('Support is turned off for your account. Please contact the workspace by other means.')
    expect((await artist.call('support.requesterReply', { params: { id: opened.id }, body: { html: 'x' } })).status).toBe(403)
    expect((await admin.ok('support.single', { params: { id: opened.id } })).account?.supportDisabled).toBe(true)
    await admin.ok('support.changeDisableSupport', { body: { userId: ws.artist.id, disabled: false } })
    expect((await artist.call('support.open', { body: { subject: 'After', html: 'hi' } })).status).toBe(201)
    expect((await admin.call('support.changeDisableSupport', { body: { userId: ws.admin.id, disabled: true } })).status).toBe(409)
    expect((await otherAdmin.call('support.changeDisableSupport', { body: { userId: ws.artist.id, disabled: true } })).status).toBe(404)
    expect((await auditsOf(t.services, ws.tenant.id, 'support.disabled_for_account')).length).toBe(1)
  })
})
