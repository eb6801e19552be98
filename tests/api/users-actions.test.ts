import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { TestClient } from '../helpers/client'
import { PASSWORD, createAccount, createWorkspace, signedIn } from '../helpers/fixtures'
import { startSmtpSink } from '../helpers/smtp'
import { auditLog, notifications, releases } from '../../src/server/db/schema'
import { ENDPOINTS, type EndpointDef } from '../../src/contract/index'

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

let t: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpSink>>
let ws: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient

beforeAll(async () => {
  smtp = await startSmtpSink()
  t = await createTestApp({ env: { SMTP_URL: smtp.url } })
  ws = await createWorkspace(t.services, 'acme')
  admin = await signedIn(t.app, 'admin@acme.test')
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})

async function trail(accountId: number) {
  return (
    await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'account'), eq(auditLog.entityId, String(accountId))))
  ).map((row) => row.action)
}

describe('account tab', () => {
  it('answers every field of the account with balance lines, and 404 for another workspace', async () => {
    const single = await admin.ok('users.single', { params: { id: ws.artist.id } })
    expect(single).toMatchObject({
      email: 'artist@acme.test',
      type: 'artist',
      isOperator: false,
      balance: { available: '0.00', publishing: '0.00' },
      lastEarnings: { date: null, amount: '0.00' },
    })
    expect(Object.keys(single.flags)).toHaveLength(16)
    const other = await createWorkspace(t.services, 'globex')
    expect((await admin.call('users.single', { params: { id: other.artist.id } })).status).toBe(404)
    expect((await admin.ok('users.single', { params: { id: ws.operator.id } })).isOperator).toBe(true)
  })

  it('lists the account’s own releases, newest first, a scheduled one as 10; splits stay empty until royalties exist', async () => {
    const label = await createAccount(t.services, { tenantId: ws.tenant.id, email: 'rel-owner@acme.test' })
    expect(await admin.ok('users.releases', { params: { id: label.id }, query: {} })).toMatchObject({ data: [], meta: { total: 0 } })
    const future = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
    await t.services.db.insert(releases).values([
      { tenantId: ws.tenant.id, accountId: label.id, title: 'Old Live', status: 1, releaseDate: '2024-01-05', upc: '012345678905' },
      { tenantId: ws.tenant.id, accountId: label.id, title: 'Coming Soon', status: 1, releaseDate: future, createdAt: new Date() },
      { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Someone Else’s', status: 0 },
    ])
    const page = await admin.ok('users.releases', { params: { id: label.id }, query: {} })
    expect(page.meta.total).toBe(2)
    expect(page.data.map((release) => [release.title, release.status])).toEqual(
      expect.arrayContaining([
        ['Old Live', 1],
        ['Coming Soon', 10],
      ]),
    )
    expect(page.data.find((release) => release.title === 'Old Live')?.upc).toBe('012345678905')
    for (const id of ['users.splits', 'users.collabs'] as const) {
      expect(await admin.ok(id, { params: { id: ws.artist.id }, query: {} })).toMatchObject({ data: [], meta: { total: 0 } })
    }
  })
})

describe('staff actions', () => {
  it('ban revokes every session at once, records who and why, and unban lets the account back', async () => {
    const target = await createAccount(t.services, { tenantId: ws.tenant.id, email: 'ban-me@acme.test' })
    const session = await signedIn(t.app, target.email)
    const missingReason = await admin.call('users.banSubmit', { body: { userId: target.id, reason: '' } })
    expect(missingReason.error.errors?.reason).toBe('Give a reason for the ban')
    const banned = await admin.ok('users.banSubmit', { body: { userId: target.id, reason: 'Fraudulent streams' } })
    expect(banned).toMatchObject({ banned: true, bannedReason: 'Fraudulent streams' })
    expect((await session.call('auth.me')).error.code).toBe('banned')
    expect((await admin.ok('users.activeSessions', { params: { id: target.id } })).data).toEqual([])
    await admin.ok('users.banCancel', { body: { userId: target.id } })
    expect((await new TestClient(t.app).call('auth.login', { body: { email: target.email, password: PASSWORD } })).status).toBe(200)
    expect(await trail(target.id)).toEqual(expect.arrayContaining(['account.banned', 'account.unbanned']))
    const [row] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.banned'), eq(auditLog.entityId, String(target.id))))
    expect(row).toMatchObject({ actorAccountId: ws.admin.id, after: { banned: true, reason: 'Fraudulent streams', sessionsRevoked: 1 } })
  })

  it('protects the operator from another admin, and staff from banning themselves', async () => {
    expect((await admin.call('users.banSubmit', { body: { userId: ws.operator.id, reason: 'x' } })).error.message).toBe(
      'The workspace operator cannot be banned by another admin.',
    )
    expect((await admin.call('users.editType', { body: { userId: ws.operator.id, type: 'artist' } })).status).toBe(403)
    expect((await admin.call('users.banSubmit', { body: { userId: ws.admin.id, reason: 'x' } })).error.message).toBe(
      'You cannot ban yourself.',
    )
  })

  it('toggles withdrawals, DMCA mode, release restrictions and verification flags', async () => {
    const id = ws.artist.id
    expect((await admin.ok('users.blockWithdraw', { body: { userId: id } })).flags.blockWithdraw).toBe(true)
    expect((await admin.ok('users.unblockWithdraw', { body: { userId: id } })).flags.blockWithdraw).toBe(false)
    expect((await admin.ok('users.dmcaSubmit', { body: { userId: id } })).dmcaMode).toBe(true)
    expect((await admin.ok('users.dmcaCancel', { body: { userId: id } })).dmcaMode).toBe(false)
    expect((await admin.ok('users.restrictNewRelease', { body: { userId: id, restrict: true } })).restrictNewRelease).toBe(true)
    expect((await admin.ok('users.banRelease', { body: { userId: id, banned: true } })).flags.restrictRelease).toBe(true)
    const flags = (
      await admin.ok('users.editVerify', { body: { userId: id, verified: true, priorityMember: true, verifiedCharity: true } })
    ).flags
    expect(flags).toMatchObject({ verified: true, priorityMember: true, verifiedCharity: true, verifiedInvestor: false })
    expect(await trail(id)).toEqual(
      expect.arrayContaining([
        'account.withdrawals_blocked',
        'account.dmca_on',
        'account.dmca_off',
        'account.new_releases_restricted',
        'account.release_banned',
        'account.verification_changed',
      ]),
    )
  })

  it('changes the account type and the label, with their rules', async () => {
    const target = await createAccount(t.services, { tenantId: ws.tenant.id, email: 'switch@acme.test' })
    expect((await admin.ok('users.editLabel', { body: { userId: target.id, labelId: ws.label.id } })).label).toEqual({
      id: ws.label.id,
      name: 'Test Records',
    })
    expect((await admin.call('users.editLabel', { body: { userId: target.id, labelId: ws.admin.id } })).error.errors?.labelId).toBe(
      'Choose a label account of this workspace.',
    )
    const asLabel = await admin.ok('users.editType', { body: { userId: target.id, type: 'label' } })
    expect(asLabel).toMatchObject({ type: 'label', label: null, labelName: 'Test Person' })
    expect((await admin.call('users.editLabel', { body: { userId: target.id, labelId: ws.label.id } })).error.message).toBe(
      'Only artists belong to a label.',
    )
    expect((await admin.call('users.editType', { body: { userId: ws.admin.id, type: 'artist' } })).error.message).toBe(
      'You cannot change your own account type.',
    )
  })

  it('sets the tenant split, refusing values over 100%', async () => {
    expect((await admin.ok('users.editTenantSplit', { body: { userId: ws.artist.id, tenantSplit: '12.5' } })).tenantSplit).toBe('12.5000')
    expect(
      (await admin.call('users.editTenantSplit', { body: { userId: ws.artist.id, tenantSplit: '120' } })).error.errors?.tenantSplit,
    ).toBe('The split cannot exceed 100%')
    expect((await admin.ok('users.editTenantSplit', { body: { userId: ws.artist.id, tenantSplit: null } })).tenantSplit).toBeNull()
  })

  it('adds and removes manual publishing entries, which move the publishing and available balance lines', async () => {
    const added = await admin.ok('users.publishingManual', {
      body: { userId: ws.label.id, amount: '120.50', period: '2026-09-01', note: 'Sync licence' },
    })
    expect(added.balance).toMatchObject({ publishing: '120.50', available: '120.50' })
    const second = await admin.ok('users.publishingManual', { body: { userId: ws.label.id, amount: '0.25', period: '2026-10-01' } })
    expect(second.balance.publishing).toBe('120.75')
    expect(
      (await admin.call('users.publishingManual', { body: { userId: ws.label.id, amount: '12.345', period: '2026-10-01' } })).error.errors
        ?.amount,
    ).toBe('Enter an amount like 120.50')
    const removed = await admin.ok('users.publishingRemove', { body: { userId: ws.label.id, entryId: second.publishing[0].id } })
    expect(removed.balance.publishing).toBe('120.50')
    expect((await admin.call('users.publishingRemove', { body: { userId: ws.label.id, entryId: second.publishing[0].id } })).status).toBe(
      404,
    )
  })

  it('keeps notes and documents, uploaded and checked by content', async () => {
    const note = await admin.ok('users.createNote', {
      body: { userId: ws.artist.id, title: 'Call', content: 'Wants to move to monthly payouts.' },
    })
    expect(note).toMatchObject({ title: 'Call', author: { id: ws.admin.id } })
    expect((await admin.call('users.createNote', { body: { userId: ws.artist.id, title: '', content: 'x' } })).error.errors?.title).toBe(
      'Title is required',
    )
    const uploaded = await admin.call('users.createDocument', {
      multipart: {
        fields: { userId: ws.artist.id, title: 'Passport', private: 'true' },
        files: { file: { filename: 'passport.png', data: PNG, contentType: 'image/png' } },
      },
    })
    expect(uploaded.status).toBe(201)
    expect(uploaded.data).toMatchObject({ title: 'Passport', private: true, fileName: 'passport.png' })
    const fake = await admin.call('users.createDocument', {
      multipart: {
        fields: { userId: ws.artist.id, title: 'Fake' },
        files: { file: { filename: 'x.pdf', data: Buffer.from('<script>'), contentType: 'application/pdf' } },
      },
    })
    expect(fake.status).toBe(415)
    const missing = await admin.call('users.createDocument', { multipart: { fields: { userId: ws.artist.id, title: 'None' } } })
    expect(missing.error.errors?.file).toBe('Please provide the file.')
    const single = await admin.ok('users.single', { params: { id: ws.artist.id } })
    expect(single.notes.map((n) => n.title)).toContain('Call')
    expect(single.documents.map((d) => d.title)).toEqual(['Passport'])
    const file = await admin.call('files.get', { params: { id: single.documents[0].fileId } })
    expect(file.response.rawPayload.equals(PNG)).toBe(true)
    await admin.ok('users.removeDocument', { body: { userId: ws.artist.id, documentId: single.documents[0].id } })
    expect((await admin.ok('users.single', { params: { id: ws.artist.id } })).documents).toEqual([])
    expect((await admin.call('files.get', { params: { id: single.documents[0].fileId } })).status).toBe(404)
  })

  it('sends the account a message by email and as a notification', async () => {
    await admin.ok('users.message', { body: { userId: ws.label.id, subject: 'Your statement is ready', message: 'See the reports page.' } })
    const mail = await smtp.waitFor('label@acme.test', (m) => m.subject === 'Your statement is ready')
    expect(mail.text).toContain('See the reports page.')
    const list = await admin.ok('users.notifications', { params: { id: ws.label.id }, query: {} })
    expect(list.data[0]).toMatchObject({ title: 'Your statement is ready', type: 'info' })
    expect(await admin.ok('users.removeNotifications', { body: { userId: ws.label.id, ids: [list.data[0].id] } })).toEqual({ deleted: 1 })
    expect(await t.services.db.select().from(notifications).where(eq(notifications.id, list.data[0].id))).toEqual([])
    expect((await admin.call('users.message', { body: { userId: ws.label.id, subject: '', message: '' } })).error.errors).toEqual({
      subject: 'Title is required',
      message: 'Message is required',
    })
  })

  it('keeps a message attachment among the documents, and refuses one that is not a PDF, JPG or PNG', async () => {
    const dataUrl = `data:image/png;base64,${PNG.toString('base64')}`
    await admin.ok('users.message', {
      body: { userId: ws.label.id, subject: 'Signed contract', message: 'Here it is.', file: { name: 'contract.png', dataUrl } },
    })
    const mail = await smtp.waitFor('label@acme.test', (m) => m.subject === 'Signed contract')
    expect(mail.text).toContain('Attached: contract.png')
    const single = await admin.ok('users.single', { params: { id: ws.label.id } })
    expect(single.documents.map((d) => [d.title, d.fileName, d.private])).toEqual([['Attachment: Signed contract', 'contract.png', false]])
    const fake = await admin.call('users.message', {
      body: {
        userId: ws.label.id,
        subject: 'Bad file',
        message: 'x',
        file: { name: 'run.png', dataUrl: `data:image/png;base64,${Buffer.from('#!/bin/sh\necho hi').toString('base64')}` },
      },
    })
    expect(fake.status).toBe(415)
    expect(fake.error.errors?.file).toBeTruthy()
    // Nothing of the refused message was kept: no document, no notification.
    expect((await admin.ok('users.single', { params: { id: ws.label.id } })).documents).toHaveLength(1)
    const titles = (await admin.ok('users.notifications', { params: { id: ws.label.id }, query: {} })).data.map((n) => n.title)
    expect(titles).not.toContain('Bad file')
  })

  it('shows sign-in history and open sessions, and signs one out', async () => {
    const target = await createAccount(t.services, { tenantId: ws.tenant.id, email: 'sessions@acme.test' })
    await new TestClient(t.app).call('auth.login', { body: { email: target.email, password: 'wrong-one' } })
    const open = await signedIn(t.app, target.email)
    const history = await admin.ok('users.loginHistory', { params: { id: target.id } })
    expect(history.data.map((row) => row.type)).toEqual(['Access Granted', 'Access Denied'])
    const sessions = await admin.ok('users.activeSessions', { params: { id: target.id } })
    expect(sessions.data).toHaveLength(1)
    await admin.ok('users.logoutSession', { body: { userId: target.id, sessionId: sessions.data[0].id } })
    expect((await open.call('auth.me')).status).toBe(401)
    expect(await trail(target.id)).toContain('account.session_signed_out')
  })

  it('saves details, business details and payout methods', async () => {
    const details = await admin.ok('users.editDetails', {
      body: {
        userId: ws.artist.id,
        firstName: 'Nina',
        lastName: 'Vale',
        displayName: 'NV',
        citizenship: 'GB',
        address: { city: 'Leeds', country: 'GB' },
        flags: { enableFanBlast: true },
      },
    })
    expect(details.personal).toMatchObject({ displayName: 'NV', address: { city: 'Leeds', country: 'GB' } })
    expect((await admin.ok('users.single', { params: { id: ws.artist.id } })).displayName).toBe('NV')
    expect((await admin.ok('users.single', { params: { id: ws.artist.id } })).flags.enableFanBlast).toBe(true)
    const business = await admin.ok('users.editBusinessDetails', {
      body: { userId: ws.artist.id, legalEntity: 'Vale Music Ltd', legalAddress: { country: 'GB' }, mailingAddress: {} },
    })
    expect(business.business.legalEntity).toBe('Vale Music Ltd')
    const payment = await admin.ok('users.editPayoutMethods', {
      body: { userId: ws.artist.id, paypalEmail: 'NINA@pay.test', paypalConfirmed: true, tipaltiId: 'T-1' },
    })
    expect(payment.payment).toMatchObject({ paypalEmail: 'nina@pay.test', paypalConfirmed: true, tipaltiId: 'T-1' })
    expect(await admin.ok('users.paymentConnection', { params: { id: ws.artist.id } })).toMatchObject({ paypalEmail: 'nina@pay.test' })
    expect(
      (await admin.call('users.editPayoutMethods', { body: { userId: ws.artist.id, venmoConfirmed: true } })).error.errors?.venmoPhone,
    ).toBe('Enter the Venmo phone number')
    expect(await admin.ok('users.card', { params: { id: ws.artist.id } })).toMatchObject({ displayName: 'NV', initials: 'N' })
  })

  it('saves the artist profile, dropping role rows with an empty name or no role and trimming writer names', async () => {
    const saved = await admin.ok('users.editArtist', {
      body: {
        userId: ws.artist.id,
        artist: {
          artistName: 'Nina Vale',
          platformLinks: { spotify: 'https://open.spotify.com/artist/abc', website: '' },
          socials: {},
          extraIds: {},
          defaultArtists: [
            { name: 'Nina Vale', roles: 'Primary Artist' },
            { name: '  ', roles: 'Featuring' },
            { name: 'Guest', roles: '' },
          ],
          defaultWriters: [
            { firstName: ' Nina ', lastName: ' Vale ', roles: 'Composer' },
            { firstName: '', lastName: '', roles: 'Lyricist' },
          ],
          defaultCredits: [
            { name: 'Sam Producer', roles: 'Producer' },
            { name: '', roles: 'Mixer' },
          ],
          deliveryFlags: { beatport: true },
        },
      },
    })
    expect(saved.artist).toMatchObject({
      artistName: 'Nina Vale',
      timeZone: 'utc',
      platformLinks: { spotify: 'https://open.spotify.com/artist/abc' },
      defaultArtists: [{ name: 'Nina Vale', roles: 'Primary Artist' }],
      defaultWriters: [{ firstName: 'Nina', lastName: 'Vale', roles: 'Composer' }],
      defaultCredits: [{ name: 'Sam Producer', roles: 'Producer' }],
      deliveryFlags: { beatport: true, youtube: false },
    })
    const bad = await admin.call('users.editArtist', {
      body: {
        userId: ws.artist.id,
        artist: { artistName: '', platformLinks: { spotify: 'not a link' }, socials: {}, extraIds: {}, deliveryFlags: {} },
      },
    })
    expect(bad.error.errors).toMatchObject({
      'artist.artistName': 'Artist name is required',
      'artist.platformLinks.spotify': 'Link spotify must be a link starting with http:// or https://',
    })
    expect((await admin.ok('users.artist', { params: { id: ws.artist.id } })).artist?.artistName).toBe('Nina Vale')
  })

  it('shows what staff did to the account, newest first', async () => {
    const history = await admin.ok('users.audit', { params: { id: ws.artist.id }, query: {} })
    expect(history.data[0].actor).toEqual({ id: ws.admin.id, name: 'Test Person' })
    expect(history.data.map((entry) => entry.action)).toContain('account.profile_changed')
  })
})

describe('access', () => {
  it('refuses every admin-only account call to a non-admin', async () => {
    const artist = await signedIn(t.app, 'artist@acme.test')
    const adminOnly = Object.entries(ENDPOINTS).filter(
      ([id, def]) => /^(users|admins|social)\./.test(id) && (def as EndpointDef).access === 'admin',
    )
    expect(adminOnly.length).toBeGreaterThan(35)
    for (const [id, def] of adminOnly as [keyof typeof ENDPOINTS, EndpointDef][]) {
      const params = Object.fromEntries([...def.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, 1]))
      const result = await artist.call(id, { params, query: {}, body: {} } as never)
      expect(result.status, `${id}`).toBe(403)
    }
    // Staff-only calls whose access is "auth" in endpoints.tsv check on the server.
    for (const id of ['admins.list', 'admins.invites'] as const) expect((await artist.call(id, { query: {} })).status, id).toBe(403)
    expect((await artist.call('admins.invite', { body: { email: 'x@y.test' } })).status).toBe(403)
    expect((await artist.call('admins.update', { params: { id: ws.admin.id }, body: { first_name: 'A', last_name: 'B' } })).status).toBe(
      403,
    )
  })
})
