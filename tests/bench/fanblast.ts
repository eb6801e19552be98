// `npm run bench -- --only fanblast [--recipients 100000]`: a fan blast to that many fans, sent by the real
// server as `npm start` runs it (the built dist/server/main.mjs with its node flags and environment, PGlite
// in its worker thread on a data directory, or PostgreSQL when DATABASE_URL is set) to a local SMTP server in a child
// process. The workspace, its staff member, the artist and the fans are seeded before the server starts
// (on PGlite the server owns the data directory once it runs); then the artist submits the blast and staff
// approve it through the API, as they would, and the blast's progress is polled through the API until it
// is sent. Prints messages a second and the SERVER process's peak memory (VmHWM of /proc/<pid>/status,
// plus any process it started), the goals being ≥ 500 messages/s and < 300 MB.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase, type Database } from '../../src/server/db/engine'
import { migrateDatabase } from '../../src/server/db/migrate'
import { hashPassword } from '../../src/server/auth/passwords'
import { openBenchDatabase } from './scratch-db'
import { DEFAULT_CONNECTIONS, DEFAULT_RATE } from '../../src/domains/fanblast/server/sender'
import { startServer } from './server-process'

const root = path.resolve(import.meta.dirname, '../..')
const TENANT = 'fanbench'
const STAFF = { email: 'staff@fanbench.test', password: 'fan-bench-password' }
const ARTIST = { email: 'artist@fanbench.test', password: 'fan-bench-password' }

/** The SMTP server: counts messages and when the first and the last arrived, answers over IPC. */
const SINK = `
const { SMTPServer } = require('smtp-server')
let received = 0, firstAt = 0, lastAt = 0
const server = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
  onData(stream, _session, callback) { stream.on('data', () => {}); stream.on('end', () => {
    received += 1; lastAt = Date.now(); if (!firstAt) firstAt = lastAt; callback() }) } })
server.listen(0, '127.0.0.1', () => process.send({ port: server.server.address().port }))
process.on('message', () => { const cpu = process.cpuUsage(); process.send({ received, firstAt, lastAt, cpuMs: (cpu.user + cpu.system) / 1000 }) })
`

type SinkCount = { received: number; firstAt: number; lastAt: number; cpuMs: number }

const mb = (kb: number) => Math.round(kb / 1024)

/** A process and every process it started, by the parent ids in /proc (the server starts none while it sends; counted if it did). */
function processTree(pid: number): number[] {
  const parents = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)])
    } catch {
      // ended meanwhile
    }
  }
  const pids = [pid]
  for (let index = 0; index < pids.length; index += 1) pids.push(...(parents.get(pids[index]) ?? []))
  return pids
}

function statusKb(pid: number, field: string): number {
  try {
    return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
  } catch {
    return 0 // ended meanwhile
  }
}

/** CPU time of a process (all its threads), ms, from /proc/<pid>/stat (utime + stime in clock ticks of 1/100 s). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/**
 * Where a process's resident memory is, from /proc/<pid>/smaps. A WebAssembly memory is a reservation of 8 GB
 * and more (V8's guard regions) whose used front is made readable: a read-write anonymous mapping followed at
 * once by the rest of the reservation, inaccessible; that is PGlite's WASM heap (shared buffers, caches, work
 * memory: it never shrinks). Other anonymous mappings are the JS heaps of both threads, compiled code and
 * native allocations (malloc's per-thread arenas); file-backed ones the node binary and libraries.
 */
function rssSplitKb(pid: number): { wasm: number; anonymous: number; files: number } {
  const split = { wasm: 0, anonymous: 0, files: 0 }
  let text: string
  try {
    text = readFileSync(`/proc/${pid}/smaps`, 'utf8')
  } catch {
    return split
  }
  const maps: { start: bigint; end: bigint; perms: string; file: boolean; named: boolean; rssKb: number }[] = []
  for (const line of text.split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+\s*(.*)$/.exec(line)
    if (header) {
      const name = header[4].trim()
      maps.push({
        start: BigInt(`0x${header[1]}`),
        end: BigInt(`0x${header[2]}`),
        perms: header[3],
        file: name.startsWith('/'),
        named: name !== '',
        rssKb: 0,
      })
      continue
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line)
    if (rss && maps.length) maps[maps.length - 1].rssKb = Number(rss[1])
  }
  maps.forEach((map, index) => {
    const next = maps[index + 1]
    const reservation =
      !map.named &&
      map.perms === 'rw-p' &&
      next &&
      !next.named &&
      next.perms === '---p' &&
      next.start === map.end &&
      next.end - map.start >= 4n * 1024n ** 3n
    split[map.file ? 'files' : reservation ? 'wasm' : 'anonymous'] += map.rssKb
  })
  return split
}

/** The workspace, its staff member (the operator), the artist with fan blast enabled and `recipients` fans who opted in. */
async function seed(database: Database, recipients: number): Promise<void> {
  const { db } = database
  const passwordHash = await hashPassword(STAFF.password)
  const [{ tenant }] = (
    await db.execute<{ tenant: number }>(sql`insert into tenants (slug, name) values (${TENANT}, 'Fan bench') returning id as tenant`)
  ).rows
  const [{ staff }] = (
    await db.execute<{
      staff: number
    }>(sql`insert into accounts (tenant_id, email, type, first_name, last_name, password_hash, email_verified_at)
      values (${tenant}, ${STAFF.email}, 'admin', 'Bench', 'Staff', ${passwordHash}, now()) returning id as staff`)
  ).rows
  await db.execute(sql`update tenants set owner_account_id = ${staff} where id = ${tenant}`)
  const [{ account }] = (
    await db.execute<{
      account: number
    }>(sql`insert into accounts (tenant_id, email, type, first_name, last_name, password_hash, email_verified_at, enable_fan_blast)
      values (${tenant}, ${ARTIST.email}, 'artist', 'Bench', 'Artist', ${passwordHash}, now(), true) returning id as account`)
  ).rows
  await db.execute(sql`insert into artist_profiles (account_id, tenant_id, artist_name) values (${account}, ${tenant}, 'Bench Artist')`)
  await db.execute(sql`insert into fanblast_fans (tenant_id, account_id, email, source, consent_at, consent_proof)
    select ${tenant}, ${account}, 'fan' || g || '@fans.bench', 'import', now() - interval '30 days', 'bench'
    from generate_series(1, ${recipients}) g`)
  await db.execute(sql`analyze`)
}

/** The database the server will run on, seeded: its environment for the server. */
async function prepare(
  recipients: number,
  log: (message: string) => void,
): Promise<{ env: Record<string, string>; engine: string; cleanup(): void }> {
  if (process.env.DATABASE_URL) {
    const database = await openBenchDatabase({ defaultName: 'wl_fanblast_bench', log })
    await migrateDatabase(database)
    await seed(database, recipients)
    await database.close()
    // openBenchDatabase's name for it, for the server's connection.
    const url = new URL(process.env.DATABASE_URL)
    url.pathname = `/${(process.env.BENCH_DB ?? 'wl_fanblast_bench').replace(/[^a-z0-9_]/g, '')}`
    return { env: { DATABASE_URL: url.toString() }, engine: 'PostgreSQL', cleanup: () => undefined }
  }
  // The server's DATA_DIR: made, migrated and seeded here, closed, then the server opens it as on any restart.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wl-fanblast-bench-'))
  log(`PGlite data directory ${dataDir}`)
  const database = await openDatabase({ dataDir, pgliteMode: 'inline' })
  await migrateDatabase(database)
  await seed(database, recipients)
  await database.close()
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    engine: 'PGlite',
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  }
}

async function api<T>(url: string, method: 'GET' | 'POST', route: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${url}/api/${route}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  const answer = (await response.json()) as T
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer)}`)
  return answer
}

const signIn = async (url: string, who: { email: string; password: string }) =>
  (await api<{ token: string }>(url, 'POST', 'auth/login', null, { ...who, tenant: TENANT, issueToken: true })).token

export async function runFanblastBench(options: { recipients: number; log(message: string): void; pgliteMode?: 'worker' | 'inline' }) {
  const { recipients, log, pgliteMode = 'worker' } = options
  // What the server's config reads (FANBLAST_RATE, FANBLAST_CONNECTIONS), passed on to it with the environment.
  const rate = Number(process.env.FANBLAST_RATE ?? DEFAULT_RATE)
  const connections = Number(process.env.FANBLAST_CONNECTIONS ?? DEFAULT_CONNECTIONS)
  const smtp = spawn(process.execPath, ['-e', SINK], { cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  // A crash of the bench must not leave the SMTP server or the app server running.
  const running: { server?: ChildProcess } = {}
  process.once('exit', () => {
    smtp.kill()
    running.server?.kill('SIGKILL')
  })
  const smtpPort = await new Promise<number>((resolve) => smtp.once('message', (message) => resolve((message as { port: number }).port)))
  const sinkCount = () =>
    new Promise<SinkCount>((resolve) => {
      smtp.once('message', (message) => resolve(message as SinkCount))
      smtp.send('count')
    })

  const seededAt = performance.now()
  const prepared = await prepare(recipients, log)
  log(
    `Seeded ${recipients.toLocaleString()} fans in ${Math.round((performance.now() - seededAt) / 1000)} s; starting the built server on ${prepared.engine}…`,
  )
  const started = await startServer(
    { ...prepared.env, PGLITE_MODE: pgliteMode, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Bench <news@fanbench.test>' },
    { echo: true },
  )
  const server = started.child
  running.server = server
  const { url } = started
  const pid = server.pid!
  try {
    const staffToken = await signIn(url, STAFF)
    const artistToken = await signIn(url, ARTIST)
    const idleKb = statusKb(pid, 'VmRSS')
    const idlePeakKb = statusKb(pid, 'VmHWM')
    const idleSplit = rssSplitKb(pid)

    // The server's resident memory (and any child's) every 250 ms; where it is, every 2 s, kept at the highest.
    let peakTreeKb = 0
    let peakSplit = { at: 0, split: rssSplitKb(pid) }
    let ticks = 0
    const sampler = setInterval(() => {
      peakTreeKb = Math.max(
        peakTreeKb,
        processTree(pid).reduce((sum, each) => sum + statusKb(each, 'VmRSS'), 0),
      )
      if (ticks++ % 8 === 0) {
        const split = rssSplitKb(pid)
        const total = split.wasm + split.anonymous + split.files
        if (total > peakSplit.at) peakSplit = { at: total, split }
      }
    }, 250)

    const submitted = await api<{ id: number }>(url, 'POST', 'fanblast/submit', artistToken, {
      subject: 'Message from Bench Artist: new single',
      from: 'Bench Artist',
      content: '<h2>New single</h2><p>Out on <strong>Friday</strong>: <a href="https://example.com/single">listen</a>.</p>',
    })
    const cpuBefore = cpuMs(pid)
    const sinkBefore = await sinkCount()
    // Queued: the approval writes the email log (one INSERT … SELECT) and queues the send job in its transaction.
    const approvedAt = performance.now()
    const approved = await api<{ status: string; message: string }>(url, 'POST', 'fanblast/approve', staffToken, { id: submitted.id })
    const queueMs = performance.now() - approvedAt
    log(`  ${approved.message} (${Math.round(queueMs)} ms)`)

    // As the blast's screen does: its progress every 2 s until it is done.
    type Single = { status: string; progress: Record<string, number> }
    let single: Single
    let lastLog = 0
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 2000))
      single = await api<Single>(url, 'GET', `fanblast/single/${submitted.id}`, staffToken)
      if (single.status === 'sent' || single.status === 'failed') break
      if (process.env.FANBLAST_TRACE || performance.now() - lastLog > 30_000) {
        lastLog = performance.now()
        const split = rssSplitKb(pid)
        log(
          `  ${single.status}: sent ${single.progress.sent.toLocaleString()}, queued ${single.progress.queued.toLocaleString()}; server RSS ${mb(statusKb(pid, 'VmRSS'))} MB ` +
            `(WASM ${mb(split.wasm)}, other anonymous ${mb(split.anonymous)}, files ${mb(split.files)})`,
        )
      }
    }
    const doneMs = performance.now() - approvedAt
    clearInterval(sampler)
    const serverCpuMs = cpuMs(pid) - cpuBefore
    const peakKb = Math.max(statusKb(pid, 'VmHWM'), peakTreeKb)
    const sink = await sinkCount()
    const received = sink.received - sinkBefore.received
    // The rate at the SMTP server (first message to last); the API's view adds the job's pickup and the 2 s poll.
    const sendMs = Math.max(1, sink.lastAt - sink.firstAt)
    const perSecond = Math.round(received / (sendMs / 1000))
    const smtpCpuMs = sink.cpuMs - sinkBefore.cpuMs
    const other = Object.entries(single.progress)
      .filter(([state, count]) => state !== 'sent' && count > 0)
      .map(([state, count]) => `${state} ${count}`)
    const { split } = peakSplit
    log(
      `Fan blast on ${prepared.engine}${prepared.engine === 'PGlite' ? ` (${pgliteMode})` : ''}: ${recipients.toLocaleString()} recipients queued in ${Math.round(queueMs)} ms; ` +
        `SMTP server received ${received.toLocaleString()} in ${(sendMs / 1000).toFixed(1)} s = ${perSecond} messages/s ` +
        `(approval to "${single.status}" through the API ${(doneMs / 1000).toFixed(1)} s; rate limit ${rate}/s, ${connections} SMTP connections); ` +
        `log sent ${single.progress.sent}${other.length ? `, ${other.join(', ')}` : ''}; ` +
        `SERVER peak RSS ${mb(peakKb)} MB (idle after start ${mb(idleKb)} MB: WASM heap ${mb(idleSplit.wasm)}, other anonymous ${mb(idleSplit.anonymous)}, files ${mb(idleSplit.files)}; ` +
        `peak before the blast ${mb(idlePeakKb)} MB; at the highest sample: ` +
        `PGlite WASM heap ${mb(split.wasm)}, other anonymous (JS heaps, native) ${mb(split.anonymous)}, mapped files ${mb(split.files)}); ` +
        `CPU per message: server ${(serverCpuMs / Math.max(1, received)).toFixed(2)} ms, SMTP server ${(smtpCpuMs / Math.max(1, received)).toFixed(2)} ms; ` +
        `load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs`,
    )
    return { recipients, queueMs, sendMs, perSecond, received, serverCpuMs, smtpCpuMs, peakRssMb: mb(peakKb) }
  } finally {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve))
      server.kill('SIGTERM')
      await exited
    }
    smtp.kill()
    prepared.cleanup()
  }
}
