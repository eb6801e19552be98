import { sql } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'
import { keysetRows } from '@server/csv-stream'

// Rows for the site reports fan-blast, audience-export and top-fans (docs/reports-sources.md), read
// page by page so a report of a million fans holds one page in memory.

export interface AudienceScope {
  tenantId: number
  /** One artist's or label's audience; null: the workspace's. */
  accountId: number | null
  /** First days of the first and last month (of the consent, or of the blast); null: open-ended. */
  from: string | null
  to: string | null
}

const monthOf = (column: ReturnType<typeof sql>) => sql`date_trunc('month', ${column} at time zone 'UTC')::date`
const period = (column: ReturnType<typeof sql>, scope: AudienceScope) =>
  sql`${scope.from ? sql`and ${monthOf(column)} >= ${scope.from}::date` : sql``} ${scope.to ? sql`and ${monthOf(column)} <= ${scope.to}::date` : sql``}`

export interface AudienceRow {
  id: number
  account_id: number
  account_email: string
  email: string
  source: string
  consent_date: string
  consent_proof: string
  unsubscribed: string
  bounced: string
}

/** Every fan with their consent (fan id order). */
export function audienceRows(q: Queryable, scope: AudienceScope): AsyncGenerator<AudienceRow> {
  return keysetRows<AudienceRow, number>(
    q,
    (after, size) => sql`
      select f.id, f.account_id, a.email as account_email, f.email, f.source,
        to_char(f.consent_at at time zone 'UTC', 'YYYY-MM-DD') as consent_date, f.consent_proof,
        coalesce(to_char(f.unsubscribed_at at time zone 'UTC', 'YYYY-MM-DD'), '') as unsubscribed,
        coalesce(to_char(f.bounced_at at time zone 'UTC', 'YYYY-MM-DD'), '') as bounced
      from fanblast_fans f join accounts a on a.id = f.account_id and a.tenant_id = f.tenant_id
      where f.tenant_id = ${scope.tenantId} ${scope.accountId === null ? sql`` : sql`and f.account_id = ${scope.accountId}`}
        ${period(sql`f.consent_at`, scope)}
        ${after !== null ? sql`and f.id > ${after}` : sql``}
      order by f.id limit ${size}`,
    (row) => Number(row.id),
  )
}

export interface BlastRow {
  id: number
  date: string
  account_id: number
  account_email: string
  subject: string
  status: string
  from_name: string
  message_id: string
  recipients: number
  sent: number
  deferred: number
  bounced: number
  failed: number
  unsubscribed: number
}

/** Every blast with its email log counted by state (blast id order). */
export function blastRows(q: Queryable, scope: AudienceScope): AsyncGenerator<BlastRow> {
  return keysetRows<BlastRow, number>(
    q,
    (after, size) => sql`
      select b.id, to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD') as date, b.account_id, a.email as account_email,
        b.subject, b.status, b.from_name, b.message_id, b.recipients,
        count(r.id) filter (where r.state = 'sent')::int as sent, count(r.id) filter (where r.state = 'deferred')::int as deferred,
        count(r.id) filter (where r.state = 'bounced')::int as bounced, count(r.id) filter (where r.state = 'failed')::int as failed,
        count(r.id) filter (where r.state = 'unsubscribed')::int as unsubscribed
      from fanblast_blasts b join accounts a on a.id = b.account_id and a.tenant_id = b.tenant_id
      left join fanblast_recipients r on r.blast_id = b.id and r.tenant_id = b.tenant_id
      where b.tenant_id = ${scope.tenantId} ${scope.accountId === null ? sql`` : sql`and b.account_id = ${scope.accountId}`}
        ${period(sql`b.created_at`, scope)}
        ${after !== null ? sql`and b.id > ${after}` : sql``}
      group by b.id, a.email
      order by b.id limit ${size}`,
    (row) => Number(row.id),
  )
}

export interface TopFanRow {
  rank: number
  account_id: number
  email: string
  received: number
  last_received: string
  consent_date: string
}

/** The fans who received the most blasts in the period (sent copies), most first: the first 1,000. */
export async function* topFanRows(q: Queryable, scope: AudienceScope): AsyncGenerator<TopFanRow> {
  const { rows } = await q.execute<Record<string, unknown>>(sql`
    select row_number() over (order by count(*) desc, f.id)::int as rank, f.account_id, f.email, count(*)::int as received,
      to_char(max(r.sent_at) at time zone 'UTC', 'YYYY-MM-DD') as last_received,
      to_char(f.consent_at at time zone 'UTC', 'YYYY-MM-DD') as consent_date
    from fanblast_recipients r join fanblast_fans f on f.id = r.fan_id and f.tenant_id = r.tenant_id
    where r.tenant_id = ${scope.tenantId} and r.state = 'sent' ${scope.accountId === null ? sql`` : sql`and f.account_id = ${scope.accountId}`}
      ${period(sql`r.sent_at`, scope)}
    group by f.id
    order by received desc, f.id
    limit 1000`)
  for (const row of rows) yield row as unknown as TopFanRow
}
