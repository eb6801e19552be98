import { createServer, type AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import nodemailer, { type SendMailOptions } from 'nodemailer'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { createTenant, twoWorkspaces, type createWorkspace } from '../helpers/fixtures'
import { startSmtpSink } from '../helpers/smtp'
import { stripQuoted } from '../../src/domains/support/server/mail'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let artist: TestClient
let smtp: Awaited<ReturnType<typeof startSmtpSink>>
let receiverPort: number
const SECRET = 'inbound-secret-for-tests'

/** A free local port for the receiver (the config takes a fixed one). */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

beforeAll(async () => {
  smtp = await startSmtpSink()
  receiverPort = await freePort()
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Demo Support <support@mail.test>',
      SUPPORT_SMTP_PORT: String(receiverPort),
      SUPPORT_INBOUND_SECRET: SECRET,
      DEFAULT_TENANT: 'supmail',
    },
  })
  ;({ ws, admin, artist } = await twoWorkspaces(t, 'supmail', 'supmailother'))
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})

/** Real mail to the desk's SMTP receiver, as the requester's mail server would send it. */
async function mailTheDesk(message: SendMailOptions) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: receiverPort, secure: false, ignoreTLS: true })
  try {
    return await transport.sendMail(message)
  } finally {
    transport.close()
  }
}

/** Waits until the ticket's thread has `count` messages (the receiver stores mail after answering 250). */
async function threadOf(id: number, count: number) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const ticket = await admin.ok('support.single', { params: { id } })
    if (ticket.comments.length >= count) return ticket
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`ticket #${id} never had ${count} messages`)
}

const header = (raw: string, name: string) =>
  new RegExp(`^${name}: *(.*(?:\\r?\\n[ \\t].*)*)`, 'im')
    .exec(raw)?.[1]
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .trim()

describe('replies by mail, answers by mail', () => {
  it('mails the staff reply with threading headers and a tagged reply address; the emailed answer lands on the same ticket, quotes stripped', async () => {
    const { id } = await artist.ok('support.open', { body: { subject: 'Payout missing', html: '<p>Where is my payout?</p>' } })
    await admin.ok('support.updateSettings', {
      body: { autoReply: '', signature: 'The Demo team', cannedReplies: [], businessHours: '', firstResponseMinutes: 60, autoCloseDays: 7 },
    })
    await admin.ok('support.reply', { params: { id }, body: { html: '<p>It was paid on the 3rd.</p>' } })
    await admin.ok('support.addNote', { params: { id }, body: { html: 'internal: checked PayPal' } })
    await t.services.jobs.drain()
    const sent = await smtp.waitFor('artist@supmail.test', (mail) => mail.subject.includes(`[#${id}]`))
    expect(sent.subject).toBe(`Re: Payout missing [#${id}]`)
    const messageId = header(sent.raw, 'Message-ID')!
    expect(messageId).toMatch(new RegExp(`^<ticket-${id}\\.[a-z0-9]+\\.[0-9a-f]{12}@mail\\.test>$`))
    expect(header(sent.raw, 'Reply-To')).toBe(`support+ticket-${id}@mail.test`)
    expect(sent.text).toContain('It was paid on the 3rd.')
    expect(sent.text).toContain('The Demo team')
    // The internal note went nowhere.
    expect(smtp.messages.some((mail) => mail.text.includes('checked PayPal'))).toBe(false)

    await admin.ok('support.changeStatus', { body: { ids: [id], status: 'solved' } })
    await mailTheDesk({
      from: 'Test Person <artist@supmail.test>',
      to: `support+ticket-${id}@mail.test`,
      subject: `Re: Payout missing [#${id}]`,
      inReplyTo: messageId,
      references: [messageId],
      text: `Found it, thanks!\n\nOn Tue, 3 Mar 2026 at 10:00, Demo Support <support@mail.test> wrote:\n> It was paid on the 3rd.\n> The Demo team\n`,
    })
    const ticket = await threadOf(id, 4)
    const answer = ticket.comments.at(-1)!
    expect(answer).toMatchObject({ plainBody: 'Found it, thanks!', isSupportTeam: false, author: { id: ws.artist.id } })
    // Solved reopens when the requester answers.
    expect(ticket.status).toBe('open')

    // The next reply threads after both earlier messages.
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
    await admin.ok('support.reply', {
      params: { id },
      body: { html: 'Glad it arrived.', file: { name: 'receipt.pdf', dataUrl: `data:application/pdf;base64,${pdf.toString('base64')}` } },
    })
    await t.services.jobs.drain()
    const second = await smtp.waitFor('artist@supmail.test', (mail) => mail.text.includes('Glad it arrived'))
    expect(header(second.raw, 'In-Reply-To')).not.toBe(messageId)
    expect(header(second.raw, 'References')).toContain(messageId)
    // The reply's attachment travels with it.
    expect(second.raw).toMatch(/Content-Disposition: attachment; filename=receipt\.pdf/)
    expect(second.raw).toContain(pdf.toString('base64').slice(0, 20))
  })

  it('opens a new ticket for mail with no known thread, keeps its PDF, names a refused file, and auto-replies when set', async () => {
    await admin.ok('support.updateSettings', {
      body: {
        autoReply: 'We got your message.',
        signature: '',
        cannedReplies: [],
        businessHours: 'Mon–Fri',
        firstResponseMinutes: 60,
        autoCloseDays: 7,
      },
    })
    await mailTheDesk({
      from: 'Stranger Danger <someone@elsewhere.test>',
      to: 'support@mail.test',
      subject: 'Can I distribute a cover song?',
      text: 'Hello, I have a cover of a famous song.',
      attachments: [
        { filename: 'license.pdf', content: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') },
        { filename: 'run.exe', content: Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00') },
      ],
    })
    let found: number | undefined
    for (let attempt = 0; attempt < 100 && !found; attempt += 1) {
      found = (await admin.ok('support.list', { query: { search: 'cover song' } })).data[0]?.id
      if (!found) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const ticket = await admin.ok('support.single', { params: { id: found! } })
    expect(ticket).toMatchObject({
      source: 'email',
      status: 'new',
      requester: { id: null, email: 'someone@elsewhere.test', name: 'Stranger Danger' },
      account: null,
    })
    expect(ticket.comments[0].attachments.map((file) => file.fileName)).toEqual(['license.pdf'])
    // Nobody is assigned yet: the workspace's admins hear of it in their bell.
    const bell = (await admin.ok('notifications.userBadge')).latest.filter((item) => item.link === `/support/single/${found}`)
    expect(bell.map((item) => item.title)).toEqual(['New support ticket by email'])
    expect(ticket.comments[0].plainBody).toContain('Attachments not kept — run.exe: The file must be a PDF, JPG or PNG document.')
    await t.services.jobs.drain()
    const auto = await smtp.waitFor('someone@elsewhere.test')
    expect(auto.text).toContain('We got your message.')
    expect(header(auto.raw, 'Auto-Submitted')).toBe('auto-replied')
  })
})

describe('the inbound webhook', () => {
  const raw = (from: string, subject: string, extra = '') =>
    [
      `From: ${from}`,
      'To: support@mail.test',
      `Subject: ${subject}`,
      `Message-ID: <${Math.random().toString(36).slice(2)}@provider.test>`,
      extra,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Please help with my release.',
      '',
    ]
      .filter((line, index) => line !== '' || index > 3)
      .join('\r\n')
  const post = (body: string, secret?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/support/inbound',
      headers: { host: 'localhost', 'content-type': 'message/rfc822', ...(secret ? { authorization: `Bearer ${secret}` } : {}) },
      payload: body,
    })

  it('refuses a wrong or missing secret, takes raw MIME with the right one, and keeps a retried message once', async () => {
    expect((await post(raw('a@b.test', 'x'))).statusCode).toBe(401)
    expect((await post(raw('a@b.test', 'x'), 'wrong')).statusCode).toBe(401)
    const message = raw('label@supmail.test', 'Release stuck in review')
    const first = await post(message, SECRET)
    expect(first.statusCode).toBe(202)
    const done = first.json() as { outcome: string; ticketId: number }
    expect(done.outcome).toBe('created')
    const ticket = await admin.ok('support.single', { params: { id: done.ticketId } })
    expect(ticket).toMatchObject({ subject: 'Release stuck in review', source: 'email', requester: { id: ws.label.id } })
    expect((await post(message, SECRET)).json()).toEqual({ outcome: 'duplicate', ticketId: done.ticketId })
    // Mail a machine sent is never a ticket.
    expect((await post(raw('daemon@b.test', 'Out of office', 'Auto-Submitted: auto-replied'), SECRET)).json()).toMatchObject({
      outcome: 'ignored',
    })
  })

  it('does not let a stranger append to a ticket by its tagged address or subject number', async () => {
    const { id } = await artist.ok('support.open', { body: { subject: 'Private', html: 'secret stuff' } })
    const forged = await post(raw('intruder@evil.test', `Re: Private [#${id}]`), SECRET)
    const answer = forged.json() as { outcome: string; ticketId: number }
    expect(answer.outcome).toBe('created')
    expect(answer.ticketId).not.toBe(id)
    expect((await admin.ok('support.single', { params: { id } })).comments).toHaveLength(1)
  })

  it('says so when no secret is configured', async () => {
    const bare = await createTestApp()
    const tenant = await createTenant(bare.services, 'nosecret')
    expect(tenant.id).toBeGreaterThan(0)
    const answer = await bare.app.inject({
      method: 'POST',
      url: '/api/support/inbound',
      headers: { 'content-type': 'message/rfc822' },
      payload: 'x',
    })
    expect(answer.statusCode).toBe(503)
    await bare.close()
  })
})

describe('quoted history', () => {
  it('keeps only the new part of common reply formats', () => {
    expect(stripQuoted('Thanks!\n\nOn Mon, 2 Mar 2026 at 09:00, Support <s@x.test> wrote:\n> old')).toBe('Thanks!')
    expect(stripQuoted('Yes please\r\n\r\n-----Original Message-----\r\nFrom: Support\r\nold text')).toBe('Yes please')
    expect(stripQuoted('Got it\n\nFrom: Support <s@x.test>\nSent: Monday\nTo: me\n\nold')).toBe('Got it')
    expect(stripQuoted('Done.\n> quoted line\n> another')).toBe('Done.')
    expect(stripQuoted('Danke\n\nAm 2. März 2026 schrieb Support:\n> alt')).toBe('Danke')
    // Nothing but quotes (a bare forward): kept rather than emptied.
    expect(stripQuoted('> only quoted')).toBe('> only quoted')
    expect(stripQuoted('Line one\nLine two')).toBe('Line one\nLine two')
  })
})
