// `npm run bench -- --only fanblast [--recipients 100000]`: a fan blast to that many fans is queued
// (the approval's INSERT … SELECT of the email log) and sent by the send job (server/sender.ts) through
// the pooled mailer to a local SMTP server (smtp-server in a child process, as a real server is elsewhere).
// On PostgreSQL (DATABASE_URL) in the database BENCH_DB (default wl_fanblast_bench, dropped and made
// again); without DATABASE_URL on PGlite in a temporary directory. Prints messages a second and the
// process's peak memory (resident set), the goals being ≥ 500 messages/s and < 300 MB.
import os from 'node:os'
import path from 'node:path'
import { spawn } from 'node:child_process'
import { sql } from 'drizzle-orm'
import { migrateDatabase } from '../../src/server/db/migrate'
import { openBenchDatabase } from './scratch-db'
import { Mailer } from '../../src/server/mail/mailer'
import { SecretBox } from '../../src/server/crypto'
import { JobRunner } from '../../src/server/jobs/runner'
import type { Services } from '../../src/server/context'
import { sendBlast, DEFAULT_CONNECTIONS, DEFAULT_RATE } from '../../src/domains/fanblast/server/sender'

/** The SMTP server: counts messages, answers the count over IPC. */
const SINK = `
const { SMTPServer } = require('smtp-server')
let received = 0
const server = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
  onData(stream, _session, callback) { stream.on('data', () => {}); stream.on('end', () => { received += 1; callback() }) } })
server.listen(0, '127.0.0.1', () => process.send({ port: server.server.address().port }))
process.on('message', () => { const cpu = process.cpuUsage(); process.send({ received, cpuMs: (cpu.user + cpu.system) / 1000 }) })
`

export async function runFanblastBench(options: { recipients: number; log(message: string): void; pgliteMode?: 'worker' | 'inline' }) {
  const { recipients, log, pgliteMode = 'worker' } = options
  // What config.ts would read (FANBLAST_RATE, FANBLAST_CONNECTIONS), so a run can try other figures.
  const rate = Number(process.env.FANBLAST_RATE ?? DEFAULT_RATE)
  const connections = Number(process.env.FANBLAST_CONNECTIONS ?? DEFAULT_CONNECTIONS)
  const smtp = spawn(process.execPath, ['-e', SINK], { cwd: path.resolve(import.meta.dirname, '../..'), stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  // A crash of the bench must not leave the server holding the terminal's output open.
  process.once('exit', () => smtp.kill())
  const port = await new Promise<number>((resolve) => smtp.once('message', (message) => resolve((message as { port: number }).port)))
  const receivedCount = () =>
    new Promise<{ received: number; cpuMs: number }>((resolve) => {
      smtp.once('message', (message) => resolve(message as { received: number; cpuMs: number }))
      smtp.send('count')
    })

  // PGlite as the server runs it by default (PGLITE_MODE, config.ts): in its worker thread; --pglite-mode inline.
  const importedRss = process.memoryUsage().rss
  const database = await openBenchDatabase({ defaultName: 'wl_fanblast_bench', log, pgliteMode })
  await migrateDatabase(database)
  const { db } = database
  const services = {
    db,
    mail: new Mailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Bench <news@bench.test>', outboxDir: os.tmpdir() }),
    secrets: new SecretBox('fan blast bench secret, not a real one'),
    jobs: new JobRunner(db),
    now: () => new Date(),
    config: { fanblast: { rate, connections } },
  } as unknown as Services

  await db.execute(sql`insert into tenants (slug, name) values ('fanbench', 'Fan bench')`)
  const [{ tenant }] = (await db.execute<{ tenant: number }>(sql`select id as tenant from tenants where slug = 'fanbench'`)).rows
  await db.execute(sql`insert into accounts (tenant_id, email, type, first_name, last_name, enable_fan_blast)
    values (${tenant}, 'artist@fanbench.test', 'artist', 'Bench', 'Artist', true)`)
  const [{ account }] = (await db.execute<{ account: number }>(sql`select id as account from accounts where tenant_id = ${tenant}`)).rows
  await db.execute(sql`insert into fanblast_fans (tenant_id, account_id, email, source, consent_at, consent_proof)
    select ${tenant}, ${account}, 'fan' || g || '@fans.bench', 'import', now() - interval '30 days', 'bench'
    from generate_series(1, ${recipients}) g`)
  const [{ blast }] = (
    await db.execute<{ blast: number }>(sql`insert into fanblast_blasts (tenant_id, account_id, subject, from_name, content, status, message_id, base_url)
      values (${tenant}, ${account}, 'Message from Bench Artist: new single', 'Bench Artist',
        '<h2>New single</h2><p>Out on <strong>Friday</strong>: <a href="https://example.com/single">listen</a>.</p>', 'submitted', 'bench@fanbench.fanblast', 'http://fanbench.localhost')
      returning id as blast`)
  ).rows
  await db.execute(sql`analyze`)

  // Peaks of each part: PGlite's WASM heap is an ArrayBuffer (counted in arrayBuffers when it runs in this
  // thread, only in the RSS when it runs in its worker).
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024)
  const peak = { rss: 0, heapUsed: 0, external: 0, arrayBuffers: 0 }
  const sample = () => {
    const usage = process.memoryUsage()
    for (const key of Object.keys(peak) as (keyof typeof peak)[]) peak[key] = Math.max(peak[key], usage[key])
  }
  sample()
  const setupRss = peak.rss
  const sampler = setInterval(sample, 100)
  // FANBLAST_TRACE=1: the memory every 5 s, to see which phase grows it.
  const tracer = process.env.FANBLAST_TRACE
    ? setInterval(() => {
        const usage = process.memoryUsage()
        log(`  rss ${mb(usage.rss)} MB, heap used ${mb(usage.heapUsed)} of ${mb(usage.heapTotal)}, external ${mb(usage.external)}, array buffers ${mb(usage.arrayBuffers)}`)
      }, 5000)
    : undefined

  // Queued: what approving does (one INSERT … SELECT of the email log, then the status).
  const queuedAt = performance.now()
  await db.execute(sql`insert into fanblast_recipients (tenant_id, blast_id, fan_id, email, state)
    select ${tenant}, ${blast}, f.id, f.email, 'queued' from fanblast_fans f
    where f.tenant_id = ${tenant} and f.account_id = ${account} and f.unsubscribed_at is null and f.bounced_at is null`)
  await db.execute(sql`update fanblast_blasts set status = 'approved', recipients = ${recipients} where id = ${blast}`)
  const queueMs = performance.now() - queuedAt

  const smtpBefore = await receivedCount()
  const cpuBefore = process.cpuUsage()
  const sendAt = performance.now()
  const finished = await sendBlast(services, tenant, blast)
  const sendMs = performance.now() - sendAt
  clearInterval(sampler)
  clearInterval(tracer)
  sample()
  const peakRss = peak.rss
  const cpu = process.cpuUsage(cpuBefore)
  const smtpAfter = await receivedCount()
  const received = smtpAfter.received
  // CPU time per message is what the wall-clock rate hides on a shared machine: the sender's and the
  // SMTP server's, each against the 2 ms a message that 500 a second allows one core.
  const senderCpuMs = (cpu.user + cpu.system) / 1000
  const smtpCpuMs = smtpAfter.cpuMs - smtpBefore.cpuMs

  const [states] = (
    await db.execute<{ sent: number; other: number; status: string }>(sql`
      select count(*) filter (where state = 'sent')::int as sent, count(*) filter (where state <> 'sent')::int as other,
        (select status from fanblast_blasts where id = ${blast}) as status
      from fanblast_recipients where blast_id = ${blast}`)
  ).rows
  const perSecond = Math.round(received / (sendMs / 1000))
  log(
    `Fan blast: ${recipients.toLocaleString()} recipients queued in ${Math.round(queueMs)} ms; sent in ${(sendMs / 1000).toFixed(1)} s = ${perSecond} messages/s ` +
      `(rate limit ${rate}/s per workspace, ${connections} SMTP connections); SMTP server received ${received.toLocaleString()}, log sent ${states.sent}, other ${states.other}, blast ${states.status}${finished ? '' : ' (not finished)'}; ` +
      `peak RSS ${mb(peakRss)} MB (${mb(importedRss)} MB before the database opened, ${mb(setupRss)} MB before queueing; heap used ${mb(peak.heapUsed)}, external ${mb(peak.external)}, array buffers ${mb(peak.arrayBuffers)}); ` +
      `CPU per message: sender ${(senderCpuMs / Math.max(1, received)).toFixed(2)} ms, SMTP server ${(smtpCpuMs / Math.max(1, received)).toFixed(2)} ms; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs`,
  )
  services.mail.close()
  await database.close()
  smtp.kill()
  return { recipients, queueMs, sendMs, perSecond, received, senderCpuMs, smtpCpuMs, peakRssMb: Math.round(peakRss / 1024 / 1024) }
}
