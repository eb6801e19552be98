import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { createAccount, createWorkspace, signedIn } from '../helpers/fixtures'
import { accounts, auditLog, fanblastFans, fanblastRecipients, platformLinks } from '../../src/server/db/schema'
import { reserveSendSlots, sendBlast } from '../../src/domains/fanblast/server/sender'
import { unsubscribeToken } from '../../src/domains/fanblast/server/unsubscribe'
import { REPORT_SOURCES } from '../../src/domains/reports/server/sources'
import { createRelease } from './releases-fixtures'

// Fan blast end to end on the server (docs/fanblast.md): fans in by CSV and by the smartlink form,
// review, sending through a real local SMTP server, unsubscribing, suppression, and resuming a
// stopped sender without anyone getting a second copy.

const ACME = 'acme.wl.test'
const GLOBEX = 'globex.wl.test'

interface Received {
  to: string
  raw: string
  /** When it arrived (ms): the pace tests read the spread. */
  at: number
}

/** A local SMTP server: 451 once for `deferOnce` addresses, 550 for `refuse` ones, keeps the rest. */
async function startMailServer() {
  const received: Received[] = []
  const deferOnce = new Set<string>()
  const refuse = new Set<string>()
  const listeners: ((mail: Received) => void)[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase()
      if (refuse.has(to)) return callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }))
      if (deferOnce.delete(to)) return callback(Object.assign(new Error('4.2.1 Mailbox busy, try later'), { responseCode: 451 }))
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        for (const rcpt of session.envelope.rcptTo) {
          const mail = { to: rcpt.address.toLowerCase(), raw, at: Date.now() }
          received.push(mail)
          listeners.forEach((listen) => listen(mail))
        }
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    deferOnce,
    refuse,
    onMail: (listen: (mail: Received) => void) => listeners.push(listen),
    to: (address: string) => received.filter((mail) => mail.to === address),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const header = (raw: string, name: string) =>
  new RegExp(`^${name}: *(.*(?:\\r?\\n[ \\t].*)*)`, 'im')
    .exec(raw)?.[1]
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .trim()

let t: TestApp
let mail: Awaited<ReturnType<typeof startMailServer>>
let ws: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let artist: TestClient
let label: TestClient
let otherAdmin: TestClient

beforeAll(async () => {
  mail = await startMailServer()
  t = await createTestApp({ env: { BASE_DOMAIN: 'wl.test', SMTP_URL: mail.url, MAIL_FROM: 'Acme Music <news@acme.test>' } })
  ws = await createWorkspace(t.services, 'acme')
  await createWorkspace(t.services, 'globex')
  admin = await signedIn(t.app, 'admin@acme.test', { host: ACME })
  artist = await signedIn(t.app, 'artist@acme.test', { host: ACME })
  label = await signedIn(t.app, 'label@acme.test', { host: ACME })
  otherAdmin = await signedIn(t.app, 'admin@globex.test', { host: GLOBEX })
  await t.services.db.update(accounts).set({ enableFanBlast: true }).where(eq(accounts.id, ws.artist.id))
})
afterAll(async () => {
  await t.close()
  await mail.close()
})

const csv = (rows: string[]) => ({ file: { filename: 'fans.csv', data: Buffer.from(rows.join('\n')), contentType: 'text/csv' } })

async function importFans(client: TestClient, rows: string[], account?: number) {
  return client.call('fanblast.importFans', { body: {}, multipart: { files: csv(rows), fields: account ? { account } : {} } } as never)
}

async function submit(subject: string, content = '<p>New single out Friday.</p>') {
  return artist.ok('fanblast.submit', { body: { subject, from: 'Nova', content } })
}

async function logOf(blast: number) {
  return t.services.db.select().from(fanblastRecipients).where(eq(fanblastRecipients.blastId, blast)).orderBy(fanblastRecipients.id)
}

describe('fans', () => {
  it('imports fans with proof of consent, refuses rows without it, and never re-adds a known address', async () => {
    const result = await importFans(artist, [
      'Email,Consent date,Proof of consent',
      'Ann@Fans.test,2026-01-10,signup sheet Berlin show',
      'bob@fans.test,2026-01-11T10:00:00Z,web form #44',
      'cy@fans.test,2026-01-12,newsletter form',
      'no-proof@fans.test,2026-01-12,',
      'not-an-email,2026-01-12,form',
      'future@fans.test,2999-01-01,form',
      'ann@fans.test,2026-01-13,again',
    ])
    expect(result.status).toBe(200)
    const answer = result.data as { added: number; known: number; refused: { row: number; reason: string }[] }
    expect(answer.added).toBe(3)
    expect(answer.refused.map((row) => [row.row, row.reason])).toEqual([
      [5, 'No proof of consent'],
      [6, 'Not an email address'],
      [7, 'The consent date is in the future'],
      [8, 'Listed twice in the file'],
    ])
    const again = await importFans(artist, ['email,consent date,proof', 'ann@fans.test,2026-02-01,other form'])
    expect(again.data).toMatchObject({ added: 0, known: 1 })

    const fans = await artist.ok('fanblast.fans', { query: {} })
    expect(fans.data.map((fan) => [fan.email, fan.source, fan.consentProof])).toEqual([
      ['cy@fans.test', 'import', 'newsletter form'],
      ['bob@fans.test', 'import', 'web form #44'],
      ['ann@fans.test', 'import', 'signup sheet Berlin show'],
    ])
    expect(fans.data[1].consentDate).toBe('2026-01-11T10:00:00.000Z')
    // Staff name the account; another account cannot read this one's fans.
    expect((await admin.call('fanblast.fans', { query: {} })).status).toBe(400)
    expect((await admin.ok('fanblast.fans', { query: { account: ws.artist.id } })).meta.total).toBe(3)
    expect((await label.call('fanblast.fans', { query: { account: ws.artist.id } })).status).toBe(403)
    expect((await otherAdmin.call('fanblast.fans', { query: { account: ws.artist.id } })).status).toBe(404)
    // A file without the proof column is refused whole.
    expect((await importFans(artist, ['email,consent date', 'dan@fans.test,2026-01-01'])).status).toBe(400)
  })

  it('signs fans up on the smartlink page: a signed form of that page only, robots and other sites refused', async () => {
    const { release } = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Glow', status: 1 }, [{ duration: 180 }])
    await t.services.db
      .insert(platformLinks)
      .values({ tenantId: ws.tenant.id, releaseId: release.id, platform: 'spotify', url: `https://spotify.example/album/${release.id}` })
    await admin.ok('releases.linkCreate', { body: { releaseId: release.id, code: 'glow' } })
    const page = await t.app.inject({ method: 'GET', url: '/l/glow', headers: { host: ACME } })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-security-policy']).toMatch(/form-action 'self'/)
    const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1]
    expect(page.body).toContain('action="/l/glow/fans"')
    expect(token).toBeTruthy()
    const post = (form: Record<string, string>, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/l/glow/fans',
        headers: { host: ACME, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams(form).toString(),
      })
    expect((await post({ email: 'dee@fans.test', consent: 'yes', token: token! })).statusCode).toBe(200)
    expect((await post({ email: 'eve@fans.test', consent: 'yes', token: 'forged.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' })).statusCode).toBe(403)
    expect((await post({ email: 'eve@fans.test', consent: 'yes', token: token! }, { origin: 'https://evil.example' })).statusCode).toBe(403)
    expect((await post({ email: 'eve@fans.test', token: token! })).statusCode).toBe(400)
    // The hidden field: answered as a success, kept nowhere.
    expect((await post({ email: 'bot@fans.test', consent: 'yes', token: token!, website: 'http://spam' })).statusCode).toBe(200)
    // The same page's token does not sign up fans on another workspace's host.
    expect((await t.app.inject({ method: 'POST', url: '/l/glow/fans', headers: { host: GLOBEX, 'content-type': 'application/x-www-form-urlencoded' }, payload: `email=x%40y.test&consent=yes&token=${token}` })).statusCode).toBe(404)

    const fans = await artist.ok('fanblast.fans', { query: { search: 'd' } })
    expect(fans.data.map((fan) => [fan.email, fan.source, fan.consentProof])).toEqual([['dee@fans.test', 'smartlink', 'smartlink glow']])
    const all = await t.services.db.select({ email: fanblastFans.email }).from(fanblastFans).where(eq(fanblastFans.accountId, ws.artist.id))
    expect(all.map((fan) => fan.email)).not.toContain('bot@fans.test')
    expect(all.map((fan) => fan.email)).not.toContain('eve@fans.test')
  })
})

describe('submitting and reviewing', () => {
  it('lets only artists and labels with fan blast enabled submit; content is sanitised; lists drop a leading "Message from"', async () => {
    expect((await label.call('fanblast.submit', { body: { subject: 'Hi', content: '<p>x</p>' } })).status).toBe(403)
    expect((await admin.call('fanblast.submit', { body: { subject: 'Hi', content: '<p>x</p>' } })).status).toBe(403)
    expect((await artist.call('fanblast.submit', { body: { subject: 'Hi', content: '<script>alert(1)</script>' } })).status).toBe(400)
    const made = await submit(
      'Message from Nova: tour dates',
      '<h2>Tour</h2><p onclick="alert(1)">Berlin <a href="javascript:alert(1)">x</a> <a href="https://nova.test">site</a></p><img src=x onerror=alert(1)><script>alert(2)</script><iframe src="https://evil.test"></iframe>',
    )
    expect(made.status).toBe('submitted')
    const single = await admin.ok('fanblast.single', { params: { id: made.id } })
    expect(single.content).toBe(
      '<h2>Tour</h2><p>Berlin <a target="_blank" rel="noopener noreferrer nofollow">x</a> <a href="https://nova.test" target="_blank" rel="noopener noreferrer nofollow">site</a></p>',
    )
    expect(single).toMatchObject({ subject: 'Message from Nova: tour dates', listSubject: 'Nova: tour dates', from: 'Nova', user: { id: ws.artist.id } })
    const list = await admin.ok('fanblast.list', { query: { search: 'tour' } })
    expect(list.data.map((row) => row.listSubject)).toEqual(['Nova: tour dates'])
    expect((await otherAdmin.call('fanblast.single', { params: { id: made.id } })).status).toBe(404)
    expect((await artist.call('fanblast.list', { query: {} })).status).toBe(403)
    expect((await artist.ok('fanblast.mine', { query: {} })).data.map((row) => row.id)).toContain(made.id)
    // The palette finds it by subject or as blast:{id}, for staff of this workspace only.
    const bySubject = (await admin.ok('search.query', { query: { q: 'tour dates' } })).hits.filter((hit) => hit.kind === 'blast')
    expect(bySubject.map((hit) => [hit.id, hit.title])).toEqual([[made.id, 'Nova: tour dates']])
    const byId = (await admin.ok('search.query', { query: { q: `blast:${made.id}` } })).hits
    expect(byId[0]).toMatchObject({ kind: 'blast', id: made.id, score: 1 })
    expect((await otherAdmin.ok('search.query', { query: { q: 'tour dates' } })).hits.filter((hit) => hit.kind === 'blast')).toEqual([])
  })

  it('rejects with a reason only, and refuses moves the statuses do not allow', async () => {
    const made = await submit('Rough mix')
    expect((await admin.call('fanblast.reject', { body: { id: made.id, reason: ' ' } })).status).toBe(400)
    expect((await otherAdmin.call('fanblast.reject', { body: { id: made.id, reason: 'no' } })).status).toBe(404)
    const rejected = await admin.ok('fanblast.reject', { body: { id: made.id, reason: 'Too many links' } })
    expect(rejected.status).toBe('rejected')
    expect((await admin.call('fanblast.approve', { body: { id: made.id } })).status).toBe(409)
    expect((await admin.call('fanblast.reject', { body: { id: made.id, reason: 'again' } })).status).toBe(409)
    const mine = await artist.ok('fanblast.mine', { query: {} })
    expect(mine.data.find((row) => row.id === made.id)).toMatchObject({ status: 'rejected', reason: 'Too many links' })
    const audit = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'fanblast'), eq(auditLog.entityId, String(made.id))))
    expect(audit.map((row) => row.action).sort()).toEqual(['fanblast.rejected', 'fanblast.submitted'])
  })
})

describe('sending', () => {
  it('mails every fan once with one-click unsubscribe, retries a 4xx, marks a 5xx bounced, and suppresses both kinds next time', async () => {
    await importFans(artist, ['email,consent date,proof', 'busy@fans.test,2026-01-01,form', 'gone@fans.test,2026-01-01,form'])
    mail.deferOnce.add('busy@fans.test')
    mail.refuse.add('gone@fans.test')
    const made = await submit('Message from Nova: the single', '<p>Out now: <a href="https://nova.test/single">listen</a></p>')
    const approved = await admin.ok('fanblast.approve', { body: { id: made.id } })
    expect(approved.message).toBe('Blast approved: sending to 6 fans.')
    await t.services.jobs.drain()

    const everyone = ['ann@fans.test', 'bob@fans.test', 'cy@fans.test', 'dee@fans.test']
    for (const address of everyone) expect(mail.to(address)).toHaveLength(1)
    const message = mail.to('ann@fans.test')[0].raw
    expect(header(message, 'Subject')).toBe('Message from Nova: the single')
    expect(header(message, 'From')).toBe('Nova <news@acme.test>')
    const unsubscribeUrl = /^<(http:\/\/acme\.wl\.test\/u\/[^>]+)>$/.exec(header(message, 'List-Unsubscribe') ?? '')?.[1]
    expect(unsubscribeUrl).toBeTruthy()
    expect(header(message, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    expect(message.replace(/=\r?\n/g, '')).toContain(unsubscribeUrl!.replace('http://acme.wl.test', ''))

    let log = await logOf(made.id)
    const stateOf = (email: string) => log.find((row) => row.email === email)
    expect(stateOf('ann@fans.test')).toMatchObject({ state: 'sent', attempts: 1 })
    expect(stateOf('ann@fans.test')?.response).toMatch(/^250/)
    expect(stateOf('busy@fans.test')).toMatchObject({ state: 'deferred', attempts: 1 })
    expect(stateOf('busy@fans.test')?.response).toMatch(/451/)
    expect(stateOf('gone@fans.test')).toMatchObject({ state: 'bounced' })
    expect(stateOf('gone@fans.test')?.response).toMatch(/550/)
    let single = await admin.ok('fanblast.single', { params: { id: made.id } })
    expect(single.status).toBe('sending')
    expect(single.progress).toMatchObject({ sent: 4, deferred: 1, bounced: 1 })
    // The artist sees the same progress in their own list; a blast not yet approved has none.
    const mine = await artist.ok('fanblast.mine', { query: { page: 1 } })
    expect(mine.data.find((item) => item.id === made.id)?.progress).toMatchObject({ sent: 4, deferred: 1, bounced: 1, queued: 0 })
    expect(mine.data.find((item) => item.status === 'rejected')?.progress).toBeNull()

    // The retry comes due: the deferred one is sent, the blast is done.
    await t.services.db.execute(sql`update fanblast_recipients set next_attempt_at = now() where blast_id = ${made.id} and state = 'deferred'`)
    await t.services.db.execute(sql`update jobs set run_at = now() where type = 'fanblast.send' and status = 'queued'`)
    await t.services.jobs.drain()
    log = await logOf(made.id)
    expect(stateOf('busy@fans.test')).toMatchObject({ state: 'sent', attempts: 2 })
    expect(mail.to('busy@fans.test')).toHaveLength(1)
    single = await admin.ok('fanblast.single', { params: { id: made.id } })
    expect(single.status).toBe('sent')
    const page = await admin.ok('fanblast.recipients', { query: { blast: made.id, state: 'bounced' } })
    expect(page.data.map((row) => row.email)).toEqual(['gone@fans.test'])

    // Opening the link asks; only the POST (the page's button, or the mail client's one click) unsubscribes.
    const path = unsubscribeUrl!.replace('http://acme.wl.test', '')
    const opened = await t.app.inject({ method: 'GET', url: path, headers: { host: ACME } })
    expect(opened.body).toContain('<form method="post"')
    expect((await artist.ok('fanblast.fans', { query: { search: 'ann' } })).data[0].unsubscribed).toBe(false)
    const tampered = await t.app.inject({ method: 'POST', url: `${path.slice(0, -3)}xyz`, headers: { host: ACME, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' })
    expect(tampered.statusCode).toBe(404)
    const clicked = await t.app.inject({ method: 'POST', url: path, headers: { host: ACME, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' })
    expect(clicked.statusCode).toBe(200)
    expect((await artist.ok('fanblast.fans', { query: { search: 'ann' } })).data[0].unsubscribed).toBe(true)
    expect((await artist.ok('fanblast.fans', { query: { search: 'gone' } })).data[0].bounced).toBe(true)

    // Next blast: neither the unsubscribed nor the bounced address is mailed.
    const next = await submit('Second news')
    expect((await admin.ok('fanblast.approve', { body: { id: next.id } })).message).toBe('Blast approved: sending to 4 fans.')
    await t.services.jobs.drain()
    expect(mail.to('ann@fans.test')).toHaveLength(1)
    expect(mail.to('gone@fans.test')).toHaveLength(0)
    expect(mail.to('bob@fans.test')).toHaveLength(2)
    expect((await logOf(next.id)).map((row) => row.email).sort()).toEqual(['bob@fans.test', 'busy@fans.test', 'cy@fans.test', 'dee@fans.test'])
  })

  it('a sender stopped mid-blast, and one that died holding a claim, never cause a second copy', async () => {
    const rows = ['email,consent date,proof', ...Array.from({ length: 120 }, (_, n) => `many${n}@crowd.test,2026-01-01,form`)]
    await importFans(artist, rows)
    await t.services.jobs.stop()
    const made = await submit('Big one')
    await admin.ok('fanblast.approve', { body: { id: made.id } })
    const crowd = () => mail.received.filter((received) => received.to.endsWith('@crowd.test'))

    // Stopped after 30 messages arrived (the runner's stop aborts its job the same way).
    const stop = new AbortController()
    mail.onMail(() => {
      if (crowd().length >= 30) stop.abort()
    })
    expect(await sendBlast(t.services, ws.tenant.id, made.id, { signal: stop.signal, ratePerSecond: 500, connections: 2, batch: 10 })).toBe(false)
    const sentSoFar = crowd().length
    expect(sentSoFar).toBeGreaterThanOrEqual(30)
    expect(sentSoFar).toBeLessThan(120)
    // A worker that claimed a recipient and died before recording the outcome.
    const [orphan] = await t.services.db.execute<{ id: number; email: string }>(sql`
      update fanblast_recipients set state = 'sending', claimed_at = now() - interval '1 hour', attempts = 1
      where id = (select id from fanblast_recipients where blast_id = ${made.id} and state = 'queued' order by id limit 1)
      returning id, email`).then((result) => result.rows)

    // Two workers resume at once.
    await Promise.all([sendBlast(t.services, ws.tenant.id, made.id, { batch: 7 }), sendBlast(t.services, ws.tenant.id, made.id, { batch: 7 })])
    await t.services.jobs.start()
    await t.services.jobs.drain()

    const counts = new Map<string, number>()
    for (const received of crowd()) counts.set(received.to, (counts.get(received.to) ?? 0) + 1)
    expect([...counts.values()].every((count) => count === 1)).toBe(true)
    expect(counts.size).toBe(119)
    expect(orphan.email).toMatch(/@crowd\.test$/)
    expect(counts.has(orphan.email)).toBe(false)
    const log = await logOf(made.id)
    expect(log.find((row) => Number(row.id) === Number(orphan.id))).toMatchObject({ state: 'failed' })
    expect(log.filter((row) => row.state === 'sent')).toHaveLength(log.length - 1)
    expect((await admin.ok('fanblast.single', { params: { id: made.id } })).status).toBe('sent')
  })

  it('does not send to a fan who unsubscribed or bounced between the approval and their turn', async () => {
    await t.services.jobs.stop()
    const made = await submit('Late leaver')
    await admin.ok('fanblast.approve', { body: { id: made.id } })
    const waiting = await logOf(made.id)
    const leaver = waiting.find((row) => row.email === 'cy@fans.test')!
    const left = await t.app.inject({
      method: 'POST',
      url: `/u/${unsubscribeToken(t.services, ws.tenant.id, Number(leaver.id))}`,
      headers: { host: ACME, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(left.statusCode).toBe(200)
    // Bounced on another blast meanwhile: found when its row is claimed.
    await t.services.db.execute(sql`update fanblast_fans set bounced_at = now() where email = 'dee@fans.test'`)
    await t.services.jobs.start()
    await t.services.jobs.drain()
    expect(mail.received.filter((received) => received.to === 'cy@fans.test' && received.raw.includes('Subject: Late leaver'))).toHaveLength(0)
    expect((await logOf(made.id)).find((row) => row.email === 'cy@fans.test')).toMatchObject({ state: 'unsubscribed' })
    expect((await logOf(made.id)).find((row) => row.email === 'dee@fans.test')).toMatchObject({
      state: 'unsubscribed',
      response: 'Suppressed: the address bounced',
    })
    expect(mail.received.filter((received) => received.to === 'dee@fans.test' && received.raw.includes('Subject: Late leaver'))).toHaveLength(0)
    expect((await admin.ok('fanblast.single', { params: { id: made.id } })).status).toBe('sent')
  })

  it('keeps one pace per workspace in the database, shared by every sender of it; another workspace has its own', async () => {
    const { db } = t.services
    const [globex] = (await db.execute<{ id: number }>(sql`select id from tenants where slug = 'globex'`)).rows
    await db.execute(sql`delete from fanblast_send_pace`)
    // Slots are handed out one after another whoever asks: a second sender waits for the first one's second.
    expect(await reserveSendSlots(db, ws.tenant.id, 10, 10)).toBe(0)
    const second = await reserveSendSlots(db, ws.tenant.id, 10, 10)
    expect(second).toBeGreaterThan(800)
    expect(second).toBeLessThanOrEqual(1000)
    expect(await reserveSendSlots(db, Number(globex.id), 10, 10)).toBe(0)

    // Two senders at once, each of a blast to the same 20 fans, at 20 messages a second for the workspace:
    // the 40 messages take about two seconds together (one each would have taken one second apart).
    // An account of its own, so the site reports' figures of the other tests stay as they are.
    const pacer = await createAccount(t.services, { tenantId: ws.tenant.id, email: 'pacer@acme.test', type: 'label' })
    await db.update(accounts).set({ enableFanBlast: true }).where(eq(accounts.id, pacer.id))
    const pacerClient = await signedIn(t.app, 'pacer@acme.test', { host: ACME })
    await importFans(pacerClient, ['email,consent date,proof', ...Array.from({ length: 20 }, (_, n) => `pace${n}@pace.test,2026-01-01,form`)])
    await t.services.jobs.stop()
    const blasts = []
    for (const subject of ['Pace one', 'Pace two']) {
      const made = await pacerClient.ok('fanblast.submit', { body: { subject, from: 'Label', content: '<p>Hi</p>' } })
      await admin.ok('fanblast.approve', { body: { id: made.id } })
      blasts.push(made.id)
    }
    await db.execute(sql`delete from fanblast_send_pace`)
    await Promise.all(blasts.map((id) => sendBlast(t.services, ws.tenant.id, id, { ratePerSecond: 20, connections: 4 })))
    await t.services.jobs.start()
    const paced = mail.received.filter((received) => received.to.endsWith('@pace.test'))
    expect(paced).toHaveLength(40)
    const spread = Math.max(...paced.map((m) => m.at)) - Math.min(...paced.map((m) => m.at))
    // 1.95 s of slots; the first connection's set-up comes off the front. Unshared, the spread is about 1 s.
    expect(spread).toBeGreaterThanOrEqual(1400)
  })
})
describe('site reports', () => {
  const rowsOf = async (kind: string, accountId: number | null = null) => {
    const rows: (readonly unknown[])[] = []
    for await (const row of REPORT_SOURCES[kind].rows(t.services.db, { tenantId: ws.tenant.id, accountId, from: null, to: null, params: {} })) rows.push(row)
    return { header: REPORT_SOURCES[kind].header, rows }
  }

  it('exports the audience with consent, the blasts with their log counts, and the most reached fans', async () => {
    const audience = await rowsOf('audience-export', ws.artist.id)
    const at = (name: string) => audience.header.indexOf(name)
    const ann = audience.rows.find((row) => row[at('email')] === 'ann@fans.test')!
    expect([ann[at('source')], ann[at('consent_date')], ann[at('consent_proof')], ann[at('unsubscribed')] !== '']).toEqual([
      'import',
      '2026-01-10',
      'signup sheet Berlin show',
      true,
    ])
    expect(audience.rows.find((row) => row[at('email')] === 'gone@fans.test')?.[at('bounced')]).not.toBe('')
    expect((await rowsOf('audience-export', ws.label.id)).rows).toEqual([])

    const blasts = await rowsOf('fan-blast')
    const b = (name: string) => blasts.header.indexOf(name)
    const single = blasts.rows.find((row) => row[b('subject')] === 'Message from Nova: the single')!
    expect([single[b('status')], single[b('recipients')], single[b('sent')], single[b('bounced')], single[b('deferred')]]).toEqual(['sent', 6, 5, 1, 0])
    expect(blasts.rows.find((row) => row[b('subject')] === 'Rough mix')?.[b('status')]).toBe('rejected')

    const top = await rowsOf('top-fans')
    const f = (name: string) => top.header.indexOf(name)
    expect(top.rows[0][f('rank')]).toBe(1)
    const received = top.rows.map((row) => Number(row[f('blasts_received')]))
    expect(received).toEqual([...received].sort((x, y) => y - x))
    expect(top.rows.find((row) => row[f('email')] === 'bob@fans.test')?.[f('blasts_received')]).toBe(4)
  })
})
