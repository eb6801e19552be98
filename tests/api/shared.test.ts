import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { createTestApp, type TestApp } from '../helpers/app'
import { TestClient } from '../helpers/client'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import { notifications } from '../../src/server/db/schema'
import { queueMail } from '../../src/server/mail/mailer'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
beforeAll(async () => {
  t = await createTestApp()
  ws = await createWorkspace(t.services, 'acme')
})
afterAll(() => t.close())

describe('shared data', () => {
  it('lists every country and the delivery targets, to signed-in accounts only', async () => {
    const guest = new TestClient(t.app)
    expect((await guest.call('shared.countries')).status).toBe(401)
    expect((await guest.call('shared.platforms')).status).toBe(401)
    const artist = await signedIn(t.app, 'artist@acme.test')
    const countries = (await artist.ok('shared.countries')).data
    expect(countries).toHaveLength(250)
    expect(countries).toContainEqual({ code: 'GB', name: 'United Kingdom' })
    expect(countries).toContainEqual({ code: 'XK', name: 'Kosovo' })
    const platforms = (await artist.ok('shared.platforms')).data
    expect(platforms.filter((p) => p.defaultTarget).map((p) => [p.id, p.name])).toEqual([
      [51, 'Apple Music Direct'],
      [78, 'Beatport'],
    ])
  })

  it('answers the bell: unread count and the latest five', async () => {
    await t.services.db.insert(notifications).values(
      Array.from({ length: 7 }, (_, i) => ({
        tenantId: ws.tenant.id,
        accountId: ws.admin.id,
        title: `Note ${i}`,
        message: `Message ${i}`,
        type: i === 0 ? 'info' : 'default',
        readAt: i < 2 ? new Date() : null,
        createdAt: new Date(Date.now() - (7 - i) * 60_000),
      })),
    )
    const admin = await signedIn(t.app, 'admin@acme.test')
    const badge = await admin.ok('notifications.userBadge')
    expect(badge.unread).toBe(5)
    expect(badge.latest.map((n) => n.title)).toEqual(['Note 6', 'Note 5', 'Note 4', 'Note 3', 'Note 2'])
    expect((await (await signedIn(t.app, 'label@acme.test')).ok('notifications.userBadge')).unread).toBe(0)
  })

  it('tells the sign-in page the workspace, colours and version', async () => {
    const site = await new TestClient(t.app).ok('site.public')
    expect(site).toEqual({
      workspace: null,
      colors: { primary: '#F5C542', accent: '#FFF8E6', navbarBackground: '#000000', navbarText: '#F5C542', buttonText: '#000000' },
      googleSignIn: { enabled: false, clientId: null },
      version: t.config.version,
    })
  })

  it('reports health', async () => {
    expect(await new TestClient(t.app).ok('system.health')).toEqual({
      ok: true,
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      version: t.config.version,
    })
  })
})

describe('mail without SMTP', () => {
  it('keeps each message as an .eml file in the outbox', async () => {
    expect(t.services.mail.mode).toBe('outbox')
    await queueMail(
      t.services.jobs,
      t.services.db,
      { to: 'someone@acme.test', subject: 'Kept for later', text: 'Hello from the outbox' },
      ws.tenant.id,
    )
    await t.services.jobs.drain()
    const outbox = path.join(t.config.dataDir, 'outbox')
    const [file] = readdirSync(outbox)
    const message = readFileSync(path.join(outbox, file), 'utf8')
    expect(message).toContain('Subject: Kept for later')
    expect(message).toContain('To: someone@acme.test')
  })
})
