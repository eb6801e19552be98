import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { TestClient } from '../helpers/client'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import { auditLog, feedback, files, helpMessages, helpThreads, notifications } from '../../src/server/db/schema'

// Real magic numbers: a 1x1 PNG and a minimal PDF.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')
const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')
const dataUrl = (mime: string, data: Buffer) => `data:${mime};base64,${data.toString('base64')}`

let t: TestApp
let acme: Awaited<ReturnType<typeof createWorkspace>>
let globex: Awaited<ReturnType<typeof createWorkspace>>

beforeAll(async () => {
  t = await createTestApp()
  acme = await createWorkspace(t.services, 'acme')
  globex = await createWorkspace(t.services, 'globex')
})
afterAll(() => t.close())

async function threadsOf(accountId: number) {
  return t.services.db.select().from(helpThreads).where(eq(helpThreads.accountId, accountId))
}

describe('feedback', () => {
  it('stores the feedback with its page and browser, and tells the workspace’s admins', async () => {
    const artist = await signedIn(t.app, acme.artist.email)
    const answer = await artist.ok('dashboard.feedback', {
      body: {
        message: '  The release list jumps to page 1 after I approve a release.  ',
        severity: 'high',
        page: '/releases/manage/3?status=2',
      },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0' },
    })
    expect(answer).toEqual({ ok: true, message: 'Feedback submitted successfully' })
    const [row] = await t.services.db.select().from(feedback).where(eq(feedback.accountId, acme.artist.id))
    expect(row).toMatchObject({
      tenantId: acme.tenant.id,
      message: 'The release list jumps to page 1 after I approve a release.',
      severity: 'high',
      page: '/releases/manage/3?status=2',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
    })
    for (const email of [acme.admin.email, acme.operator.email]) {
      const admin = await signedIn(t.app, email)
      const { latest } = await admin.ok('notifications.userBadge')
      expect(latest[0], email).toMatchObject({
        title: 'Feedback received (high)',
        message: 'The release list jumps to page 1 after I approve a release.',
        link: '/releases/manage/3?status=2',
        read: false,
      })
    }
    const globexAdmin = await signedIn(t.app, globex.admin.email)
    expect((await globexAdmin.ok('notifications.userBadge')).latest.map((item) => item.title)).not.toContain('Feedback received (high)')
    const ownRows = await t.services.db.select().from(notifications).where(eq(notifications.accountId, acme.artist.id))
    expect(ownRows.map((item) => item.title)).not.toContain('Feedback received (high)')
  })

  it('defaults to info, shortens a long message in the notification and keeps it whole in the feedback', async () => {
    const label = await signedIn(t.app, acme.label.email)
    const long = `Words ${'and more words '.repeat(60)}`.trim()
    await label.ok('dashboard.feedback', { body: { message: long, page: '/dashboard' } })
    const [row] = await t.services.db.select().from(feedback).where(eq(feedback.accountId, acme.label.id))
    expect(row).toMatchObject({ severity: 'info', message: long })
    const admin = await signedIn(t.app, acme.admin.email)
    const [latest] = (await admin.ok('notifications.userBadge')).latest
    expect(latest.title).toBe('Feedback received (info)')
    expect(latest.type).toBe('info')
    expect(latest.message.length).toBeLessThanOrEqual(280)
    expect(latest.message.endsWith('…')).toBe(true)
    expect(long.startsWith(latest.message.slice(0, -1))).toBe(true)
  })

  it('refuses an empty message, an unknown severity and a guest, storing nothing', async () => {
    const artist = await signedIn(t.app, acme.artist.email)
    const before = (await t.services.db.select().from(feedback)).length
    const empty = await artist.call('dashboard.feedback', { body: { message: '   ', severity: 'low', page: '/dashboard' } })
    expect(empty.status).toBe(400)
    expect(empty.error.errors).toEqual({ message: 'Message is required' })
    const severity = await artist.call('dashboard.feedback', { body: { message: 'Hi', severity: 'urgent' as never, page: '/dashboard' } })
    expect(severity.status).toBe(400)
    expect(Object.keys(severity.error.errors ?? {})).toEqual(['severity'])
    const noPage = await artist.call('dashboard.feedback', { body: { message: 'Hi', page: '' } })
    expect(noPage.status).toBe(400)
    expect((await new TestClient(t.app).call('dashboard.feedback', { body: { message: 'Hi', page: '/' } })).status).toBe(401)
    expect((await t.services.db.select().from(feedback)).length).toBe(before)
  })

  it('never turns an off-site page into a notification link', async () => {
    const artist = await signedIn(t.app, acme.artist.email)
    await artist.ok('dashboard.feedback', { body: { message: 'Sent from elsewhere', severity: 'low', page: '//evil.test/login' } })
    const rows = await t.services.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, acme.admin.id), eq(notifications.message, 'Sent from elsewhere')))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ title: 'Feedback received (low)', link: null })
  })
})

describe('send message to the help center', () => {
  it('opens a thread with its first message', async () => {
    const artist = await signedIn(t.app, acme.artist.email)
    const answer = await artist.ok('helpCenter.sendMessage', {
      body: { subject: ' Royalty question ', message: 'When is the next payout?' },
    })
    expect(answer.message).toBe('Message sent successfully. Check your help center for updates.')
    const [thread] = await t.services.db.select().from(helpThreads).where(eq(helpThreads.id, answer.threadId))
    expect(thread).toMatchObject({ tenantId: acme.tenant.id, accountId: acme.artist.id, subject: 'Royalty question', status: 'open' })
    const messages = await t.services.db.select().from(helpMessages).where(eq(helpMessages.threadId, thread.id))
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatchObject({ body: 'When is the next payout?', accountId: acme.artist.id, fileId: null, fromSupport: false })
    const [audited] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'help_thread'), eq(auditLog.entityId, String(thread.id))))
    expect(audited).toMatchObject({ action: 'help_thread.created', actorAccountId: acme.artist.id })
  })

  it('stores a PNG or PDF attachment judged by its bytes and links it to the message', async () => {
    const label = await signedIn(t.app, acme.label.email)
    for (const [name, mime, data] of [
      ['screenshot.png', 'image/png', PNG],
      ['statement.pdf', 'application/pdf', PDF],
    ] as const) {
      const { threadId } = await label.ok('helpCenter.sendMessage', {
        body: { subject: `About ${name}`, message: 'See the attachment', file: { name, dataUrl: dataUrl(mime, data) } },
      })
      const [message] = await t.services.db.select().from(helpMessages).where(eq(helpMessages.threadId, threadId))
      expect(message.fileId, name).not.toBeNull()
      const [file] = await t.services.db.select().from(files).where(eq(files.id, message.fileId!))
      expect(file).toMatchObject({
        tenantId: acme.tenant.id,
        originalName: name,
        contentType: mime,
        size: data.length,
        createdBy: acme.label.id,
      })
      const download = await label.call('files.get', { params: { id: file.id } })
      expect(download.status).toBe(200)
      expect(download.response.rawPayload.equals(data)).toBe(true)
    }
  })

  it('refuses an HTML file pretending to be a PNG and leaves no thread, message or file behind', async () => {
    const artist = await signedIn(t.app, acme.artist.email)
    const threadsBefore = (await threadsOf(acme.artist.id)).length
    const filesBefore = (await t.services.db.select().from(files)).length
    const refused = await artist.call('helpCenter.sendMessage', {
      body: { subject: 'Look at this', message: 'Totally an image', file: { name: 'cat.png', dataUrl: dataUrl('image/png', HTML) } },
    })
    expect(refused.status).toBe(415)
    expect(refused.error.message).toBe('The file must be a PDF, JPG or PNG document.')
    expect(refused.error.errors).toEqual({ file: 'The file must be a PDF, JPG or PNG document.' })
    expect((await threadsOf(acme.artist.id)).length).toBe(threadsBefore)
    expect((await t.services.db.select().from(files)).length).toBe(filesBefore)
  })

  it('refuses an attachment over the size limit', async () => {
    const artist = await signedIn(t.app, acme.artist.email)
    const threadsBefore = (await threadsOf(acme.artist.id)).length
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)])
    const refused = await artist.call('helpCenter.sendMessage', {
      body: { subject: 'Big one', message: 'A large scan', file: { name: 'scan.png', dataUrl: dataUrl('image/png', big) } },
    })
    expect(refused.status).toBe(413)
    expect(refused.error.errors?.file).toBe('The file is larger than 10 MB.')
    expect((await threadsOf(acme.artist.id)).length).toBe(threadsBefore)
  })

  it('needs a subject and a message, and an attachment that is a data URL', async () => {
    const artist = await signedIn(t.app, acme.artist.email)
    const threadsBefore = (await threadsOf(acme.artist.id)).length
    const noSubject = await artist.call('helpCenter.sendMessage', { body: { subject: '  ', message: 'Hello' } })
    expect(noSubject.status).toBe(400)
    expect(noSubject.error.errors).toEqual({ subject: 'Title is required' })
    const noMessage = await artist.call('helpCenter.sendMessage', { body: { subject: 'Hello', message: '' } })
    expect(noMessage.error.errors).toEqual({ message: 'Message is required' })
    const notDataUrl = await artist.call('helpCenter.sendMessage', {
      body: { subject: 'Hello', message: 'There', file: { name: 'x.png', dataUrl: 'https://example.test/x.png' } },
    })
    expect(notDataUrl.status).toBe(400)
    expect(notDataUrl.error.errors).toEqual({ 'file.dataUrl': 'The attachment could not be read' })
    expect((await new TestClient(t.app).call('helpCenter.sendMessage', { body: { subject: 'a', message: 'b' } })).status).toBe(401)
    expect((await threadsOf(acme.artist.id)).length).toBe(threadsBefore)
  })
})
