import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import { TestClient } from '../helpers/client'
import { PASSWORD, createAccount, createWorkspace, signedIn } from '../helpers/fixtures'
import { files, notifications } from '../../src/server/db/schema'

// Workspaces live at <slug>.wl.test; a session is only good on its own workspace's host.
let t: TestApp
let acme: Awaited<ReturnType<typeof createWorkspace>>
let globex: Awaited<ReturnType<typeof createWorkspace>>

beforeAll(async () => {
  t = await createTestApp({ env: { BASE_DOMAIN: 'wl.test' } })
  acme = await createWorkspace(t.services, 'acme')
  globex = await createWorkspace(t.services, 'globex')
})
afterAll(() => t.close())

describe('tenant isolation', () => {
  it('resolves the workspace from the host and signs in only to its accounts', async () => {
    const onAcme = new TestClient(t.app, 'acme.wl.test')
    expect((await onAcme.call('auth.login', { body: { email: 'admin@globex.test', password: PASSWORD } })).status).toBe(422)
    const me = await onAcme.ok('auth.login', { body: { email: 'admin@acme.test', password: PASSWORD } })
    expect(me).toMatchObject({ tenant: { slug: 'acme' } })
    expect(await new TestClient(t.app, 'globex.wl.test').ok('site.public')).toMatchObject({
      workspace: { slug: 'globex', name: 'globex music' },
    })
  })

  it("refuses one workspace's session on another workspace's host", async () => {
    const acmeAdmin = await signedIn(t.app, 'admin@acme.test', { host: 'acme.wl.test' })
    const stolen = new TestClient(t.app, 'globex.wl.test')
    stolen.cookies = new Map(acmeAdmin.cookies)
    const result = await stolen.call('auth.me')
    expect(result.status).toBe(401)
    expect(result.error.message).toBe('This session belongs to another workspace. Sign in here.')
  })

  it("keeps one admin away from another workspace's records", async () => {
    const acmeAdmin = await signedIn(t.app, 'admin@acme.test', { host: 'acme.wl.test' })
    const globexAdmin = await signedIn(t.app, 'admin@globex.test', { host: 'globex.wl.test' })
    // Sessions: cannot sign out another workspace's session.
    const globexSession = (await globexAdmin.ok('auth.me')).session.id
    expect((await acmeAdmin.call('auth.revokeSession', { params: { id: globexSession } })).status).toBe(404)
    expect((await globexAdmin.call('auth.me')).status).toBe(200)
    // Accounts: cannot continue as another workspace's artist.
    expect((await acmeAdmin.call('auth.continueAsCollaborator', { body: { accountId: globex.artist.id } })).status).toBe(404)
    // Files and jobs: not found across workspaces.
    const [file] = await t.services.db
      .insert(files)
      .values({
        tenantId: globex.tenant.id,
        storageKey: 'globex/contract.pdf',
        originalName: 'contract.pdf',
        contentType: 'application/pdf',
        size: 4,
        sha256: 'x',
        purpose: 'document',
      })
      .returning()
    expect((await acmeAdmin.call('files.get', { params: { id: file.id } })).status).toBe(404)
    const jobId = await t.services.jobs.enqueue(t.services.db, {
      type: 'probe.never',
      tenantId: globex.tenant.id,
      runAt: new Date(Date.now() + 3_600_000),
    })
    expect((await acmeAdmin.call('jobs.get', { params: { id: jobId } })).status).toBe(404)
    expect((await globexAdmin.ok('jobs.get', { params: { id: jobId } })).status).toBe('queued')
    // Notifications: the bell counts only your own.
    await t.services.db
      .insert(notifications)
      .values({ tenantId: globex.tenant.id, accountId: globex.admin.id, title: 'Payout batch ready', message: 'For globex only' })
    expect((await acmeAdmin.ok('notifications.userBadge')).latest.map((n) => n.message)).not.toContain('For globex only')
    expect((await globexAdmin.ok('notifications.userBadge')).unread).toBe(1)
  })

  it('lets the same email exist in two workspaces, and needs the workspace where the host names none', async () => {
    await createAccount(t.services, { tenantId: acme.tenant.id, email: 'twice@both.test' })
    await createAccount(t.services, { tenantId: globex.tenant.id, email: 'twice@both.test' })
    const bare = new TestClient(t.app, 'localhost')
    const ambiguous = await bare.call('auth.login', { body: { email: 'twice@both.test', password: PASSWORD } })
    expect(ambiguous.status).toBe(400)
    expect(ambiguous.error.message).toBe('This email has accounts in several workspaces. Sign in from your workspace address.')
    expect(await bare.ok('auth.login', { body: { email: 'twice@both.test', password: PASSWORD, tenant: 'globex' } })).toMatchObject({
      tenant: { slug: 'globex' },
    })
    // A workspace host wins over a tenant named in the body.
    const onAcme = new TestClient(t.app, 'acme.wl.test')
    expect(await onAcme.ok('auth.login', { body: { email: 'twice@both.test', password: PASSWORD, tenant: 'globex' } })).toMatchObject({
      tenant: { slug: 'acme' },
    })
  })
})
