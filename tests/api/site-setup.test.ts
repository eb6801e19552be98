import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createPublicKey } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import dns2 from 'dns2'
import { SMTPServer } from 'smtp-server'
import { Faker, en } from '@faker-js/faker'
import { createTestApp, type TestApp } from '../helpers/app'
import { TestClient } from '../helpers/client'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import { accounts, agreements, auditLog, files, mailSettings, siteSettings } from '../../src/server/db/schema'
import { queueMail } from '../../src/server/mail/mailer'
import { DnsResolver } from '../../src/server/dns/resolver'
import { AGREEMENT_VERSION } from '../../src/core/billing'
import { encodePng } from '../../src/domains/site-setup/server/png'
import { siteSetupSeeder } from '../../src/domains/site-setup/server/seed'

const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
)
const SIGNATURE = `data:image/jpeg;base64,${JPEG.toString('base64')}`
const SMTP_PASSWORD = 'correct-smtp-password'

// ---------------------------------------------------------------------------------------------
// A local SMTP server that asks for a login, and a local DNS server answering from a zone we set.

interface Received {
  user: string | undefined
  to: string[]
  from: string
  raw: string
}

async function startSmtpServer() {
  const received: Received[] = []
  const logins: { user: string; pass: string }[] = []
  const server = new SMTPServer({
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push({ user: auth.username ?? '', pass: auth.password ?? '' })
      if (auth.username === 'mailer' && auth.password === SMTP_PASSWORD) return callback(null, { user: 'mailer' })
      return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          user: session.user as string | undefined,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** "No such name" (the types of dns2 do not list its RCODE constants). */
const NXDOMAIN = 3

type ZoneAnswer = { type: 'TXT'; data: string } | { type: 'CNAME'; domain: string } | { type: 'MX'; exchange: string; priority: number }

async function startDnsServer() {
  const zone = new Map<string, ZoneAnswer[]>()
  const questions: string[] = []
  const { Packet } = dns2
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request)
      const [question] = request.questions
      const name = question.name.toLowerCase()
      questions.push(`${question.type}:${name}`)
      const answers = zone.get(name)
      if (!answers) {
        response.header.rcode = NXDOMAIN
        return send(response)
      }
      for (const answer of answers) {
        const base = { name: question.name, class: Packet.CLASS.IN, ttl: 60 }
        if (answer.type === 'TXT' && question.type === Packet.TYPE.TXT) {
          // DNS character-strings hold at most 255 bytes: long values (DKIM keys) arrive in pieces.
          const pieces = answer.data.match(/.{1,255}/g) ?? ['']
          response.answers.push({ ...base, type: Packet.TYPE.TXT, data: pieces } as never)
        }
        if (answer.type === 'CNAME' && question.type === Packet.TYPE.CNAME) {
          response.answers.push({ ...base, type: Packet.TYPE.CNAME, domain: answer.domain } as never)
        }
        if (answer.type === 'MX' && question.type === Packet.TYPE.MX) {
          response.answers.push({ ...base, type: Packet.TYPE.MX, exchange: answer.exchange, priority: answer.priority } as never)
        }
      }
      send(response)
    },
  })
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } })
  return { port: addresses.udp!.port, zone, questions, close: () => server.close() }
}

// ---------------------------------------------------------------------------------------------

let t: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let dns: Awaited<ReturnType<typeof startDnsServer>>
let acme: Awaited<ReturnType<typeof createWorkspace>>
let globex: Awaited<ReturnType<typeof createWorkspace>>
let operator: TestClient
let artist: TestClient
let globexOperator: TestClient
/** A fixed clock in the future, so cookies stay valid and the wallet's proration is known. */
const clock = { now: new Date('2030-04-10T12:00:00.000Z') }

const smtpBody = (overrides: Record<string, unknown> = {}) => ({
  host: '127.0.0.1',
  port: String(smtp.port) as unknown as number,
  encryption: 'none' as const,
  username: 'mailer',
  password: SMTP_PASSWORD,
  from: { name: 'Acme Records', address: 'no-reply@acme.test' },
  replyTo: { name: 'Acme Support', address: 'help@acme.test' },
  ...overrides,
})

beforeAll(async () => {
  smtp = await startSmtpServer()
  dns = await startDnsServer()
  t = await createTestApp({
    env: { DNS_SERVERS: `127.0.0.1:${dns.port}`, MAIL_FROM: 'Platform <no-reply@mail.platform.test>' },
    now: () => clock.now,
  })
  acme = await createWorkspace(t.services, 'acme')
  globex = await createWorkspace(t.services, 'globex')
  operator = await signedIn(t.app, 'operator@acme.test', { tenant: 'acme' })
  artist = await signedIn(t.app, 'artist@acme.test', { tenant: 'acme' })
  globexOperator = await signedIn(t.app, 'operator@globex.test', { tenant: 'globex' })
})
afterAll(async () => {
  await t.close()
  await smtp.close()
  await dns.close()
})
beforeEach(() => {
  dns.zone.clear()
})

describe('mail settings', () => {
  it('start on the default SMTP with no records, incomplete', async () => {
    expect(await operator.ok('site.mail')).toEqual({
      type: 'default',
      smtp: null,
      suggestedDomain: null,
      dnsRecords: { domain: null, sending: [], receiving: [] },
      complete: false,
    })
  })

  it('belong to admins only', async () => {
    for (const id of ['site.mail', 'site.dnsRecords', 'site.dnsStatus', 'site.initial', 'site.wallet'] as const) {
      const result = await artist.call(id)
      expect(result.status, id).toBe(403)
      expect(result.error.message, id).toMatch(/^Only the workspace’s admins can /)
    }
    const writes = [
      await artist.call('site.saveSmtp', { body: smtpBody() }),
      await artist.call('site.saveMail', { body: { type: 'default' } }),
      await artist.call('site.testSmtp', { body: { smtp: smtpBody() } }),
      await artist.call('site.generateDns', { body: { domain: 'acme.test' } }),
      await artist.call('site.verifyDns'),
      await artist.call('site.signAgreement', { body: { signature: SIGNATURE } }),
    ]
    expect(writes.map((result) => result.status)).toEqual([403, 403, 403, 403, 403, 403])
    expect(smtp.received).toHaveLength(0)
  })

  it('validate the own server: host, port as a number, username, password, from address', async () => {
    const bad = await operator.call('site.saveSmtp', {
      body: smtpBody({ host: '', port: 'abc', username: ' ', from: { name: '', address: 'nope' } }),
    })
    expect(bad.status).toBe(400)
    expect(bad.error.errors).toMatchObject({
      host: 'Host is required',
      port: 'Port must be a number',
      username: 'Username is required',
      'from.address': 'Email must be valid',
    })
    const outOfRange = await operator.call('site.saveSmtp', { body: smtpBody({ port: 70000 }) })
    expect(outOfRange.error.errors).toEqual({ port: 'Port must be between 1 and 65535' })
    const noPassword = await operator.call('site.saveSmtp', { body: smtpBody({ password: '' }) })
    expect([noPassword.status, noPassword.error.errors]).toEqual([400, { password: 'Password is required' }])
  })

  it('keep the password encrypted at rest and never send it back', async () => {
    const result = await operator.call('site.saveSmtp', { body: smtpBody() })
    expect(result.status).toBe(200)
    expect(result.response.body).not.toContain(SMTP_PASSWORD)
    expect(result.data).toMatchObject({
      type: 'smtp',
      complete: true,
      smtp: {
        host: '127.0.0.1',
        port: smtp.port,
        encryption: 'none',
        username: 'mailer',
        passwordSet: true,
        from: { name: 'Acme Records', address: 'no-reply@acme.test' },
        replyTo: { name: 'Acme Support', address: 'help@acme.test' },
      },
    })
    expect(result.data.smtp).not.toHaveProperty('password')
    const [row] = await t.services.db.select().from(mailSettings).where(eq(mailSettings.tenantId, acme.tenant.id))
    expect(row.smtpPasswordEncrypted).toMatch(/^v1\./)
    expect(row.smtpPasswordEncrypted).not.toContain(SMTP_PASSWORD)
    expect(t.services.secrets.decrypt(row.smtpPasswordEncrypted!, `tenant:${acme.tenant.id}:smtp-password`)).toBe(SMTP_PASSWORD)
    // Sealed to its workspace: the same value does not open as another workspace's password.
    expect(() => t.services.secrets.decrypt(row.smtpPasswordEncrypted!, `tenant:${globex.tenant.id}:smtp-password`)).toThrow()

    // Saving again with an empty password keeps the saved one.
    await operator.ok('site.saveSmtp', { body: smtpBody({ password: '', host: 'localhost' }) })
    const [kept] = await t.services.db.select().from(mailSettings).where(eq(mailSettings.tenantId, acme.tenant.id))
    expect(kept.smtpHost).toBe('localhost')
    expect(kept.smtpPasswordEncrypted).toBe(row.smtpPasswordEncrypted)
    await operator.ok('site.saveSmtp', { body: smtpBody({ password: '' }) })

    const [audited] = await t.services.db.select().from(auditLog).where(eq(auditLog.action, 'site.smtp_saved')).limit(1)
    expect(JSON.stringify(audited)).not.toContain(SMTP_PASSWORD)
    expect(audited.after).toMatchObject({ host: '127.0.0.1', passwordChanged: true })
  })

  it('send a test email through the saved server, logged in with the decrypted password', async () => {
    const result = await operator.ok('site.testSmtp', { body: {} })
    expect(result).toMatchObject({ ok: true, to: 'operator@acme.test', message: 'Test email sent to operator@acme.test.' })
    expect(result.response).toMatch(/^250 /)
    const mail = smtp.received.at(-1)!
    expect(mail).toMatchObject({ user: 'mailer', to: ['operator@acme.test'], from: 'no-reply@acme.test' })
    expect(mail.raw).toMatch(/^Subject: Test email from acme music$/m)
    expect(mail.raw).toMatch(/^Reply-To: Acme Support <help@acme\.test>$/m)
    expect(smtp.logins.at(-1)).toEqual({ user: 'mailer', pass: SMTP_PASSWORD })
  })

  it('test the form’s values before saving, and report what the server answered', async () => {
    const sent = await operator.ok('site.testSmtp', { body: { to: 'someone@elsewhere.test', smtp: smtpBody({ password: '' }) } })
    expect(sent.to).toBe('someone@elsewhere.test')
    expect(smtp.received.at(-1)?.to).toEqual(['someone@elsewhere.test'])

    const refused = await operator.call('site.testSmtp', { body: { smtp: smtpBody({ password: 'wrong' }) } })
    expect(refused.status).toBe(422)
    expect(refused.error.message).toMatch(/^The SMTP server answered: 535 /)
    expect(smtp.logins.at(-1)).toEqual({ user: 'mailer', pass: 'wrong' })

    // STARTTLS chosen: a server that does not offer it is refused, never used in the clear.
    const plain = await operator.call('site.testSmtp', { body: { smtp: smtpBody({ encryption: 'starttls' }) } })
    expect(plain.status).toBe(422)

    const closed = await operator.call('site.testSmtp', { body: { smtp: smtpBody({ port: 1 }) } })
    expect(closed.status).toBe(422)
    expect(closed.error.message).toMatch(/^Could not send through the SMTP server: .*ECONNREFUSED/)
  })

  it('send a workspace’s mail through its own server, and everyone else’s through the platform', async () => {
    const before = smtp.received.length
    await queueMail(t.services.jobs, t.services.db, { to: 'fan@acme.test', subject: 'Hello from Acme', text: 'Hi' }, acme.tenant.id)
    await queueMail(t.services.jobs, t.services.db, { to: 'fan@globex.test', subject: 'Hello from Globex', text: 'Hi' }, globex.tenant.id)
    await t.services.jobs.drain()
    const acmeMail = smtp.received.slice(before)
    expect(acmeMail.map((mail) => [mail.to, mail.user, mail.from])).toEqual([[['fan@acme.test'], 'mailer', 'no-reply@acme.test']])
    const outbox = readdirSync(path.join(t.config.dataDir, 'outbox')).map((file) =>
      readFileSync(path.join(t.config.dataDir, 'outbox', file), 'utf8'),
    )
    expect(outbox.some((message) => message.includes('Subject: Hello from Globex'))).toBe(true)
    expect(outbox.some((message) => message.includes('Subject: Hello from Acme'))).toBe(false)
  })
})

describe('default SMTP and its DNS records', () => {
  it('cannot be chosen while no sending records exist', async () => {
    const refused = await globexOperator.call('site.saveMail', { body: { type: 'default' } })
    expect([refused.status, refused.error.message]).toEqual([400, 'Generate the DNS records before choosing the default SMTP.'])
  })

  it('ask for a sending domain when the workspace has none of its own', async () => {
    const result = await globexOperator.call('site.generateDns', { body: {} })
    expect([result.status, result.error.errors]).toEqual([400, { domain: 'Enter the domain your workspace sends mail from.' }])
    // An empty or blank domain is refused with the field message, never read as "use the default".
    for (const domain of ['', '   ']) {
      const empty = await globexOperator.call('site.generateDns', { body: { domain } })
      expect([empty.status, empty.error.errors]).toEqual([400, { domain: 'Enter the domain your workspace sends mail from.' }])
    }
    const invalid = await globexOperator.call('site.generateDns', { body: { domain: 'not a domain' } })
    expect(invalid.error.errors).toEqual({ domain: 'Enter a domain like mail.example.com' })
  })

  it('generates SPF, DKIM (with a key pair whose private half is encrypted at rest), return path and MX', async () => {
    const set = await globexOperator.ok('site.generateDns', { body: { domain: 'Mail.Globex.test' } })
    expect(set.domain).toBe('mail.globex.test')
    expect(set.sending.map((record) => [record.record_type, record.name.replace(/^wl\d+\./, 'SELECTOR.')])).toEqual([
      ['TXT', 'mail.globex.test'],
      ['TXT', 'SELECTOR._domainkey.mail.globex.test'],
      ['CNAME', 'bounces.mail.globex.test'],
    ])
    expect(set.sending[0].value).toBe('v=spf1 include:_spf.mail.platform.test ~all')
    expect(set.sending[2].value).toBe('bounces.mail.platform.test')
    expect(set.receiving).toEqual([
      expect.objectContaining({
        record_type: 'MX',
        name: 'mail.globex.test',
        value: 'inbound.mail.platform.test',
        priority: 10,
        is_active: false,
        valid: false,
      }),
    ])
    expect(set.sending.every((record) => record.priority === null && !record.is_active && !record.valid)).toBe(true)

    const [row] = await t.services.db.select().from(mailSettings).where(eq(mailSettings.tenantId, globex.tenant.id))
    expect(row.dkimPrivateKeyEncrypted).not.toContain('PRIVATE KEY')
    const privateKey = t.services.secrets.decrypt(row.dkimPrivateKeyEncrypted!, `tenant:${globex.tenant.id}:dkim-private-key`)
    const published = /p=([A-Za-z0-9+/=]+)/.exec(set.sending[1].value)![1]
    const derived = createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('base64')
    expect(derived).toBe(published)
    expect(createPublicKey(privateKey).asymmetricKeyDetails?.modulusLength).toBe(2048)
  })

  it('verifies against DNS: a record counts only when published (active) and right (valid)', async () => {
    const set = await globexOperator.ok('site.dnsRecords')
    const [spf, dkim, bounce] = set.sending
    const [mx] = set.receiving
    dns.zone.set(spf.name, [
      { type: 'TXT', data: 'google-site-verification=abc' },
      { type: 'TXT', data: 'v=spf1 include:_spf.other.test include:_spf.mail.platform.test ~all' },
      { type: 'MX', exchange: 'inbound.mail.platform.test', priority: 20 },
    ])
    dns.zone.set(dkim.name, [{ type: 'TXT', data: dkim.value.replace('; ', ';  ') }])
    // The return path is not published at all.
    const verified = await globexOperator.ok('site.verifyDns')
    const state = (records: typeof verified.sending) => records.map((record) => [record.record_type, record.is_active, record.valid])
    expect(state(verified.sending)).toEqual([
      ['TXT', true, true],
      ['TXT', true, true],
      ['CNAME', false, false],
    ])
    // MX published with another priority: active, not valid.
    expect(state(verified.receiving)).toEqual([['MX', true, false]])
    expect(verified.sending[0].last_checked_at).toBe(clock.now.toISOString())
    expect(dns.questions).toEqual(expect.arrayContaining([`16:${spf.name}`, `16:${dkim.name}`, `5:${bounce.name}`, `15:${mx.name}`]))
    expect(await globexOperator.ok('site.dnsStatus')).toEqual({
      type: 'default',
      domain: 'mail.globex.test',
      sending: { total: 3, verified: 2 },
      receiving: { total: 1, verified: 0 },
      verified: false,
      lastCheckedAt: clock.now.toISOString(),
    })

    // Fixed in DNS: verifying again refreshes the list from the answer.
    dns.zone.set(spf.name, [
      { type: 'TXT', data: 'v=spf1 include:_spf.mail.platform.test ~all' },
      { type: 'MX', exchange: 'inbound.mail.platform.test.', priority: 10 },
    ])
    dns.zone.set(dkim.name, [{ type: 'TXT', data: 'v=DKIM1; k=rsa; p=SOMEONEELSESKEY' }])
    dns.zone.set(bounce.name, [{ type: 'CNAME', domain: 'bounces.mail.platform.test' }])
    const again = await globexOperator.ok('site.verifyDns')
    expect(state(again.sending)).toEqual([
      ['TXT', true, true],
      ['TXT', true, false],
      ['CNAME', true, true],
    ])
    expect(state(again.receiving)).toEqual([['MX', true, true]])
  })

  // A second app with its own database and migrations: slow on a busy machine.
  it('say so when the DNS server does not answer', async () => {
    const silent = await createTestApp({ env: { DNS_SERVERS: '127.0.0.1:9' } })
    try {
      const ws = await createWorkspace(silent.services, 'quiet')
      const client = await signedIn(silent.app, ws.operator.email)
      await client.ok('site.generateDns', { body: { domain: 'quiet.test' } })
      silent.services.dns = new DnsResolver(['127.0.0.1:9'], { timeoutMs: 200, tries: 1 })
      const result = await client.call('site.verifyDns')
      expect(result.status).toBe(503)
      expect(result.error.message).toMatch(/^The DNS server did not answer for quiet\.test .* Try again in a moment\.$/)
    } finally {
      await silent.close()
    }
  }, 120_000)

  it('can be chosen once sending records exist, which completes the mail step', async () => {
    const chosen = await globexOperator.ok('site.saveMail', { body: { type: 'default' } })
    expect(chosen).toMatchObject({ type: 'default', complete: true })
    const initial = await globexOperator.ok('site.initial')
    // The platform's values: without SMTP_URL the platform keeps mail in its outbox.
    expect(initial.mail_config).toEqual({ type: 'default', config: { host: 'outbox', port: 587, encryption: 'none', username: 'outbox' } })
    expect(initial.default_dns_records.sending).toHaveLength(3)
  })

  it('keeps each workspace’s records to itself', async () => {
    expect(await operator.ok('site.dnsRecords')).toEqual({ domain: null, sending: [], receiving: [] })
    expect((await operator.call('site.verifyDns')).error.message).toBe('Generate the DNS records first.')
  })
})

describe('the agreement and the first-run setup', () => {
  it('shows what the wizard needs, for a workspace that has done nothing yet', async () => {
    const fresh = await createWorkspace(t.services, 'fresh')
    const client = await signedIn(t.app, fresh.operator.email)
    expect(await client.ok('site.initial')).toEqual({
      agreements: [],
      mail_config: { type: 'default', config: null },
      support_email: null,
      default_dns_records: { sending: [], receiving: [] },
    })
  })

  it('records who signed, when, from where and which text, keeping the signature as a private file', async () => {
    const signed = await operator.ok('site.signAgreement', { body: { signature: SIGNATURE }, headers: { 'user-agent': 'Signing browser' } })
    expect(signed).toMatchObject({ type: 'initial', text_version: AGREEMENT_VERSION, signed_at: clock.now.toISOString() })
    const [row] = await t.services.db.select().from(agreements).where(eq(agreements.id, signed.id))
    expect(row).toMatchObject({ tenantId: acme.tenant.id, accountId: acme.operator.id, ip: '127.0.0.1', userAgent: 'Signing browser' })
    const [file] = await t.services.db.select().from(files).where(eq(files.id, row.signatureFileId!))
    expect(file).toMatchObject({ contentType: 'image/jpeg', visibility: 'private', purpose: 'agreement-signature' })
    // Not served to guests.
    expect((await t.app.inject({ method: 'GET', url: `/api/site/public/files/${file.id}` })).statusCode).toBe(404)
    const [settings] = await t.services.db.select().from(siteSettings).where(eq(siteSettings.tenantId, acme.tenant.id))
    expect(settings.planStartedAt?.toISOString()).toBe(clock.now.toISOString())
    expect((await operator.ok('site.initial')).agreements).toEqual([
      { id: signed.id, type: 'initial', signed_at: clock.now.toISOString(), signed_by: 'Test Person', text_version: AGREEMENT_VERSION },
    ])
    const [audited] = await t.services.db.select().from(auditLog).where(eq(auditLog.action, 'site.agreement_signed'))
    expect(audited).toMatchObject({ actorAccountId: acme.operator.id, entityId: String(signed.id) })
  })

  it('takes the signature only as a JPEG', async () => {
    const pngSignature = `data:image/jpeg;base64,${encodePng(4, 4, () => [0, 0, 0, 255]).toString('base64')}`
    const result = await operator.call('site.signAgreement', { body: { signature: pngSignature } })
    expect([result.status, result.error.message]).toEqual([415, 'The signature must be a JPEG image.'])
    const empty = await operator.call('site.signAgreement', { body: { signature: '' } })
    expect(empty.status).toBe(400)
  })

  it('refuses to complete the operator’s setup while a step is missing, then completes it', async () => {
    const fresh = await createWorkspace(t.services, 'steps')
    const client = await signedIn(t.app, fresh.operator.email)
    const missingAll = await client.call('auth.initComplete')
    expect(missingAll.status).toBe(409)
    expect(missingAll.error.message).toBe('Finish the setup first: sign the agreement, configure mail, set the support email.')

    await client.ok('site.signAgreement', { body: { signature: SIGNATURE } })
    await client.ok('site.saveSmtp', { body: smtpBody() })
    const missingSupport = await client.call('auth.initComplete')
    expect(missingSupport.error.message).toBe('Finish the setup first: set the support email.')
    expect((await client.ok('auth.me')).account.hasInit).toBe(false)

    await client.ok('site.saveSupportEmail', { body: { supportEmail: 'help@steps.test' } })
    expect(await client.ok('auth.initComplete')).toEqual({ hasInit: true })
    expect((await client.ok('auth.me')).account.hasInit).toBe(true)
  })

  it('lets the operator postpone the setup for this session', async () => {
    const fresh = await createWorkspace(t.services, 'later')
    const client = await signedIn(t.app, fresh.operator.email)
    expect((await client.ok('auth.me')).account.initDeferred).toBe(false)
    await client.ok('auth.initCompleteLater')
    expect((await client.ok('auth.me')).account).toMatchObject({ initDeferred: true, hasInit: false })
  })

  it('applies the setup rule only to the workspace’s operator', async () => {
    const [row] = await t.services.db.select().from(accounts).where(eq(accounts.id, globex.admin.id))
    expect(row.hasInit).toBe(false)
    const globexAdmin = await signedIn(t.app, 'admin@globex.test')
    expect(await globexAdmin.ok('auth.initComplete')).toEqual({ hasInit: true })
  })
})

describe('wallet', () => {
  it('prices an unsigned workspace from the constants: tier, fees and the first invoice if signed today', async () => {
    const wallet = await globexOperator.ok('site.wallet')
    expect(wallet).toMatchObject({
      plan: 'annual',
      planStartedAt: null,
      recordings: 0,
      tier: { id: 1, name: 'Tier 1', range: '1–9,999', monthlyFee: '499.00' },
      monthlyFee: '499.00',
      distributionFeePercent: 5,
      setupFee: '499.00',
      // April has 30 days; from the 10th, 21 are billed: 499 x 21 / 30 = 349.30.
      firstMonth: { start: '2030-04-10T12:00:00.000Z', days: 21, daysInMonth: 30, amount: '349.30' },
      nextInvoice: {
        date: '2030-04-10T12:00:00.000Z',
        lines: [
          { label: 'Setup fee', amount: '499.00', note: null },
          { label: 'First month, prorated', amount: '349.30', note: '21 of 30 days, if signed today' },
        ],
        total: '848.30',
      },
      terms: {
        label: 'Annual plan',
        months: 12,
        autoRenew: true,
        noticeDays: 30,
        renewsAt: '2031-04-10T00:00:00.000Z',
        noticeBy: '2031-03-11T00:00:00.000Z',
      },
    })
    expect(wallet.tiers.map((tier) => [tier.name, tier.range, tier.monthlyFee, tier.current])).toEqual([
      ['Tier 1', '1–9,999', '499.00', true],
      ['Tier 2', '10,000–49,999', '1000.00', false],
      ['Tier 3', '50,000–99,999', '1500.00', false],
      ['Tier 4', '100,000–249,999', '2000.00', false],
      ['Tier 5', '250,000+', null, false],
    ])
  })

  it('after signing, previews the next monthly invoice', async () => {
    const wallet = await operator.ok('site.wallet')
    expect(wallet.planStartedAt).toBe('2030-04-10T12:00:00.000Z')
    expect(wallet.nextInvoice).toEqual({
      date: '2030-05-01T00:00:00.000Z',
      lines: [
        { label: 'Monthly fee (Tier 1)', amount: '499.00', note: null },
        { label: 'Distribution fee', amount: null, note: '5% of April 2030 distribution revenue, added when the month closes' },
      ],
      total: '499.00',
    })
  })
})

describe('demo data', () => {
  // The image seeder (sharp) and the whole demo setup: slow on a busy machine.
  it('brands the workspace with real images, seeds the menu and slides, and leaves the setup to the wizard', async () => {
    const demo = await createWorkspace(t.services, 'demo-like')
    const tenant = await t.services.tenants.bySlug('demo-like')
    const faker = new Faker({ locale: [en] })
    await siteSetupSeeder.run({ services: t.services, tenant: tenant!, faker, log: () => undefined })
    const client = await signedIn(t.app, demo.operator.email)
    const settings = await client.ok('site.settings')
    expect(settings).toMatchObject({ companyName: 'demo-like music', logoSize: 50, logoDimensions: { width: 167, height: 50 } })
    expect(settings.address).toMatchObject({ country: 'US', postcode: '10001', state: 'NY' })
    for (const image of [settings.logo, settings.darkLogo, settings.favicon]) {
      // Signed in on a host that names no workspace, the session's workspace is the one asked about.
      const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
      const response = await t.app.inject({ method: 'GET', url: image!.url, headers: { cookie } })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('image/png')
    }
    expect((await client.ok('site.menus')).data).toHaveLength(10)
    const slides = (await client.ok('site.loginSlides')).data
    expect(slides.map((slide) => slide.artistName)).toEqual(['Nina Vale', 'Marsh Audio', 'Aurora Fields'])
    expect(slides.every((slide) => slide.visible && slide.image)).toBe(true)
    // Nothing of the wizard is done: it opens at its first step.
    expect(await client.ok('site.initial')).toEqual({
      agreements: [],
      mail_config: { type: 'default', config: null },
      support_email: null,
      default_dns_records: { sending: [], receiving: [] },
    })
  }, 120_000)
})
