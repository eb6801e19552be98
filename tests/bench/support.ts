// The support desk (issue 20: the ticket list p95 < 50 ms at 1M tickets on PostgreSQL; inbound mail
// parsed and stored at ≥ 50 messages/s). `npm run bench -- --only support`: BENCH_TICKETS tickets
// (default 1,000,000) are generated inside the database before the server starts; then the list is
// driven at load (first page, a deep page, a status filter, the unresolved filter, a subject search, a
// requester search, an id), and raw MIME messages are posted to the inbound webhook, the real path a
// mail provider takes: mailparser, matching, sanitising, the file store, the ticket and its comment.
import { sql } from 'drizzle-orm'
import autocannon from 'autocannon'
import type { Database } from '../../src/server/db/engine'
import { BENCH_TENANT } from './dataset'

export const benchTicketCount = () => Number(process.env.BENCH_TICKETS ?? 1_000_000)
/** The webhook's secret for the bench server (it answers 503 without one). */
export const BENCH_INBOUND_SECRET = 'bench-inbound-secret'

const STATUSES = ['new', 'open', 'open', 'pending', 'on_hold', 'solved', 'solved', 'closed', 'closed', 'closed']
const TOPICS = ['Payout missing', 'Artwork rejected', 'Release stuck in review', 'Spotify profile claim', 'Royalty statement', 'Cannot log in']

/**
 * Tops the bench workspace up to BENCH_TICKETS tickets (one every 20 seconds back from now, in every
 * status, from the bench accounts), each with its first message, in chunks of generate_series.
 */
export async function generateTickets(database: Database, log: (message: string) => void): Promise<void> {
  const { db } = database
  const total = benchTicketCount()
  const [tenant] = (await db.execute<{ id: number }>(sql`select id from tenants where slug = ${BENCH_TENANT}`)).rows
  if (!tenant) throw new Error('the bench workspace is missing')
  const [have] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from support_tickets where tenant_id = ${tenant.id}`)).rows
  if (Number(have?.n ?? 0) >= total) return log(`Support: ${Number(have.n).toLocaleString()} tickets already there.`)
  const [range] = (
    await db.execute<{ lo: number; n: number }>(sql`
      select min(id)::int as lo, count(*)::int as n from accounts where tenant_id = ${tenant.id} and type <> 'admin'`)
  ).rows
  const statuses = sql.raw(`(array[${STATUSES.map((s) => `'${s}'`).join(',')}])`)
  const topics = sql.raw(`(array[${TOPICS.map((s) => `'${s}'`).join(',')}])`)
  const started = Date.now()
  const chunk = 200_000
  for (let from = Number(have?.n ?? 0) + 1; from <= total; from += chunk) {
    const to = Math.min(total, from + chunk - 1)
    await db.execute(sql`
      with made as (
        insert into support_tickets (tenant_id, requester_account_id, requester_email, requester_name, subject, description, status,
                                     priority, source, first_response_at, solved_at, closed_at, last_activity_at, created_at, updated_at)
        select ${tenant.id}, ${range.lo} + (g * 7919) % ${range.n}, 'user' || (g * 7919) % ${range.n} || '@bench.test',
               'Bench User ' || (g * 7919) % ${range.n}, ${topics}[1 + g % 6] || ' ' || g, 'Ticket ' || g || ' needs help',
               ${statuses}[1 + g % 10], (array['low','normal','normal','high','urgent'])[1 + g % 5],
               (array['app','email','help_center'])[1 + g % 3],
               case when g % 10 > 0 then now() - g * interval '20 seconds' + interval '3 hours' end,
               case when g % 10 >= 5 then now() - g * interval '20 seconds' + interval '1 day' end,
               case when g % 10 >= 7 then now() - g * interval '20 seconds' + interval '8 days' end,
               now() - g * interval '20 seconds', now() - g * interval '20 seconds', now() - g * interval '20 seconds'
        from generate_series(${from}::bigint, ${to}::bigint) g
        returning id, tenant_id, requester_account_id, description, created_at
      )
      insert into support_comments (tenant_id, ticket_id, author_account_id, html_body, plain_body, created_at)
      select tenant_id, id, requester_account_id, '<p>' || description || '</p>', description, created_at from made`)
    log(`  tickets ${to.toLocaleString()} / ${total.toLocaleString()} (${Math.round((Date.now() - started) / 1000)} s)`)
  }
  // As autovacuum leaves a table that has settled: statistics, and the visibility map index-only scans rely on.
  await db.execute(sql`vacuum analyze support_tickets`)
  await db.execute(sql`vacuum analyze support_comments`)
}

export interface SupportBenchResult {
  tickets: number
  list: { name: string; p50: number; p95: number; p99: number; rps: number; failures: number }[]
  inbound: { messages: number; created: number; failed: number; seconds: number; messagesPerSecond: number; concurrency: number }
}

const LIST = (id: number) => [
  { name: 'tickets page 1', path: '/api/admin/support?page=1&per_page=25' },
  { name: 'tickets deep page', path: '/api/admin/support?page=400&per_page=25' },
  { name: 'tickets pending', path: '/api/admin/support?page=1&per_page=25&status=pending' },
  { name: 'tickets on hold p.20', path: '/api/admin/support?page=20&per_page=25&status=on_hold' },
  { name: 'tickets unresolved', path: '/api/admin/support?page=1&per_page=25&unresolved=true' },
  { name: 'tickets subject search', path: '/api/admin/support?page=1&per_page=25&search=artwork%20rej' },
  { name: 'tickets rare search', path: '/api/admin/support?page=1&per_page=25&search=payout%20missing%20424242' },
  { name: 'tickets requester', path: '/api/admin/support?page=1&per_page=25&search=user4242%40bench.test' },
  { name: 'tickets #id', path: `/api/admin/support?page=1&per_page=25&search=%23${id}` },
]

/** A message from one of the bench accounts, a tenth of them with a small PDF. */
function message(index: number): string {
  const boundary = `b${index}`
  const head = [
    `From: Bench User ${index} <mailer${index}@elsewhere.test>`,
    `To: support+ws-${BENCH_TENANT}@bench.test`,
    `Subject: Question ${index} about my royalties`,
    `Message-ID: <bench-${Date.now()}-${index}@elsewhere.test>`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
  ]
  const text = `Hello,\r\n\r\nwhere is my March statement (${index})?\r\n\r\nOn Mon, 1 Jan 2026, Support <support@bench.test> wrote:\r\n> Earlier text\r\n`
  if (index % 10 !== 0) return [...head, 'Content-Type: text/plain; charset=utf-8', '', text].join('\r\n')
  const pdf = Buffer.from(`%PDF-1.4\n1 0 obj<<>>endobj\n% bench ${index}\ntrailer<<>>\n%%EOF\n`).toString('base64')
  return [
    ...head,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    `--${boundary}`,
    'Content-Type: application/pdf; name="statement.pdf"',
    'Content-Disposition: attachment; filename="statement.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    pdf,
    `--${boundary}--`,
    '',
  ].join('\r\n')
}

export async function measureSupport(
  url: string,
  token: string,
  options: { duration: number; connections: number; messages: number; log: (message: string) => void },
): Promise<SupportBenchResult> {
  const { log } = options
  const first = await fetch(`${url}/api/admin/support?page=1&per_page=25`, { headers: { authorization: `Bearer ${token}` } })
  if (!first.ok) throw new Error(`ticket list answered ${first.status}: ${await first.text()}`)
  const answer = (await first.json()) as { data: { id: number }[]; meta: { total: number } }
  const list = []
  for (const scenario of LIST(answer.data[Math.min(10, answer.data.length - 1)]?.id ?? 1)) {
    const result = await autocannon({
      url: `${url}${scenario.path}`,
      headers: { authorization: `Bearer ${token}` },
      connections: options.connections,
      duration: options.duration,
    })
    const { p90, p97_5, p50, p99 } = result.latency
    const row = {
      name: scenario.name,
      p50,
      p95: Math.round((p90 + (p97_5 - p90) * (5 / 7.5)) * 100) / 100,
      p99,
      rps: Math.round(result.requests.average),
      failures: result.non2xx + result.errors + result.timeouts,
    }
    list.push(row)
    log(
      `  ${row.name.padEnd(24)} p50 ${String(row.p50).padStart(6)} ms   p95 ${String(row.p95).padStart(6)} ms   p99 ${String(row.p99).padStart(6)} ms   ${String(row.rps).padStart(6)} req/s${row.failures ? `   ${row.failures} failed` : ''}`,
    )
  }

  // Inbound: a few senders at once, as a provider's webhook deliveries arrive.
  const concurrency = 4
  let next = 0
  let created = 0
  let failed = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < options.messages) {
        const index = next++
        const response = await fetch(`${url}/api/support/inbound`, {
          method: 'POST',
          headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${BENCH_INBOUND_SECRET}` },
          body: message(index),
        })
        const body = (await response.json()) as { outcome?: string }
        if (response.status === 202 && body.outcome === 'created') created += 1
        else failed += 1
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const inbound = {
    messages: options.messages,
    created,
    failed,
    seconds: Math.round(seconds * 100) / 100,
    messagesPerSecond: Math.round((options.messages / seconds) * 10) / 10,
    concurrency,
  }
  log(
    `  inbound mail: ${inbound.messages} messages (1 in 10 with a PDF) in ${inbound.seconds} s: ${inbound.messagesPerSecond} messages/s parsed and stored, ${created} tickets${failed ? `, ${failed} failed` : ''}`,
  )
  return { tickets: answer.meta.total, list, inbound }
}
