import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { TestClient } from '../helpers/client'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import { startSmtpSink } from '../helpers/smtp'
import { accounts, invites } from '../../src/server/db/schema'

let t: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpSink>>
let ws: Awaited<ReturnType<typeof createWorkspace>>

beforeAll(async () => {
  smtp = await startSmtpSink()
  t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://admin.acme.test' } })
  ws = await createWorkspace(t.services, 'acme')
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})

const tokenFrom = (text: string) => /invite\/accept\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? ''

describe('user invitations', () => {
  it('emails a link that sets up the account, and the list shows the invitation accepted', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    const invite = await admin.ok('users.invite', { body: { email: 'Fresh@Artist.test', type: 'artist', firstName: 'Fay' } })
    expect(invite).toMatchObject({ email: 'fresh@artist.test', status: 'pending', invitedBy: { id: ws.admin.id } })
    const mail = await smtp.waitFor('fresh@artist.test', (m) => m.subject.startsWith('You are invited'))
    const token = tokenFrom(mail.text)
    expect(mail.text).toContain('https://admin.acme.test/invite/accept?token=')
    const guest = new TestClient(t.app)
    await guest.ok('auth.inviteAccept', {
      body: { token, firstName: 'Fay', lastName: 'Rush', password: 'a good password', passwordConfirmation: 'a good password' },
    })
    const list = await admin.ok('users.invites', { params: { page: 1 }, query: {} })
    expect(list.data.find((row) => row.id === invite.id)?.status).toBe('accepted')
    expect((await admin.call('users.invite', { body: { email: 'fresh@artist.test', type: 'artist' } })).error.errors?.email).toBe(
      'This email already has an account in this workspace.',
    )
  })

  it('refuses a second pending invitation, cancels (the link stops working) and deletes only what is not pending', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    const invite = await admin.ok('users.invite', { body: { email: 'twice@artist.test', type: 'label' } })
    expect((await admin.call('users.invite', { body: { email: 'twice@artist.test', type: 'label' } })).status).toBe(409)
    expect((await admin.call('users.deleteInvite', { params: { id: invite.id } })).error.message).toBe(
      'Cancel the invitation before deleting it.',
    )
    const mail = await smtp.waitFor('twice@artist.test')
    expect(await admin.ok('users.cancelInvite', { params: { id: invite.id } })).toMatchObject({ status: 'cancelled' })
    expect((await new TestClient(t.app).call('auth.inviteVerify', { body: { token: tokenFrom(mail.text) } })).status).toBe(400)
    await admin.ok('users.deleteInvite', { params: { id: invite.id } })
    expect(await t.services.db.select().from(invites).where(eq(invites.id, invite.id))).toEqual([])
  })

  it('lets a label invite artists, who then belong to it; artists cannot invite', async () => {
    const label = await signedIn(t.app, 'label@acme.test')
    expect((await label.call('users.invite', { body: { email: 'new.label@x.test', type: 'label' } })).status).toBe(403)
    const invite = await label.ok('users.invite', { body: { email: 'signed@artist.test', type: 'artist' } })
    const mail = await smtp.waitFor('signed@artist.test')
    await new TestClient(t.app).ok('auth.inviteAccept', {
      body: {
        token: tokenFrom(mail.text),
        firstName: 'S',
        lastName: 'A',
        password: 'a good password',
        passwordConfirmation: 'a good password',
      },
    })
    const [artist] = await t.services.db.select().from(accounts).where(eq(accounts.email, 'signed@artist.test'))
    expect(artist.labelAccountId).toBe(ws.label.id)
    expect((await label.ok('users.invites', { params: { page: 1 }, query: {} })).data.map((row) => row.id)).toEqual([invite.id])
    const artistClient = await signedIn(t.app, 'artist@acme.test')
    expect((await artistClient.call('users.invite', { body: { email: 'z@z.test', type: 'artist' } })).status).toBe(403)
    // Someone else's invitation looks missing.
    expect((await artistClient.call('users.cancelInvite', { params: { id: invite.id } })).status).toBe(404)
  })
})

describe('admins', () => {
  it('lists admins, updates a name, invites an admin and manages the invitation', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    const list = await admin.ok('admins.list', { query: {} })
    expect(list.data.map((row) => [row.email, row.isOperator])).toEqual(
      expect.arrayContaining([
        ['operator@acme.test', true],
        ['admin@acme.test', false],
      ]),
    )
    expect(list.data.find((row) => row.email === 'admin@acme.test')?.lastSignIn).not.toBeNull()
    const updated = await admin.ok('admins.update', { params: { id: ws.operator.id }, body: { first_name: 'Olivia', last_name: 'Park' } })
    expect(updated).toMatchObject({ firstName: 'Olivia', displayName: 'Olivia Park', isOperator: true })
    expect((await admin.call('admins.update', { params: { id: ws.artist.id }, body: { first_name: 'A', last_name: 'B' } })).status).toBe(
      404,
    )
    expect(
      (await admin.call('admins.update', { params: { id: ws.operator.id }, body: { first_name: '', last_name: 'B' } })).error.errors
        ?.first_name,
    ).toBe('First name is required')
    const invite = await admin.ok('admins.invite', { body: { email: 'new.staff@acme.test', firstName: 'New' } })
    expect(invite.type).toBe('admin')
    expect((await admin.ok('admins.invites', { query: {} })).data.map((row) => row.email)).toEqual(['new.staff@acme.test'])
    // Admin invitations do not show among user invitations.
    expect((await admin.ok('users.invites', { params: { page: 1 }, query: {} })).data.map((row) => row.email)).not.toContain(
      'new.staff@acme.test',
    )
    expect((await admin.ok('admins.cancelInvite', { params: { id: invite.id } })).status).toBe('cancelled')
    await admin.ok('admins.deleteInvite', { params: { id: invite.id } })
    expect(await admin.ok('admins.single', { params: { id: ws.admin.id } })).toMatchObject({ email: 'admin@acme.test' })
  })
})
