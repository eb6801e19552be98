import { timingSafeEqual } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Services } from '@server/context'

const CONTEXT = 'fanblast-unsubscribe'

/** `{tenant}.{recipient}.{mac}`: whoever holds a copy of the message may unsubscribe its address, nobody else. */
export function unsubscribeToken(services: Services, tenantId: number, recipientId: number): string {
  return `${tenantId}.${recipientId}.${services.secrets.sign(`${tenantId}.${recipientId}`, CONTEXT)}`
}

export function readUnsubscribeToken(services: Services, token: string): { tenantId: number; recipientId: number } | null {
  const match = /^(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{20,100})$/.exec(token)
  if (!match) return null
  const expected = Buffer.from(services.secrets.sign(`${match[1]}.${match[2]}`, CONTEXT))
  const given = Buffer.from(match[3])
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  return { tenantId: Number(match[1]), recipientId: Number(match[2]) }
}

/** Who a token is about, for the confirmation page; null for a token of nobody. */
export async function unsubscribeTarget(services: Services, token: string): Promise<{ fromName: string; done: boolean } | null> {
  const read = readUnsubscribeToken(services, token)
  if (!read) return null
  const found = await services.db.execute<{ from_name: string; unsubscribed_at: string | null }>(sql`
    select b.from_name, f.unsubscribed_at from fanblast_recipients r
    join fanblast_blasts b on b.id = r.blast_id and b.tenant_id = r.tenant_id
    join fanblast_fans f on f.id = r.fan_id and f.tenant_id = r.tenant_id
    where r.id = ${read.recipientId} and r.tenant_id = ${read.tenantId}`)
  const row = found.rows[0]
  return row ? { fromName: row.from_name, done: row.unsubscribed_at !== null } : null
}

/**
 * One-click unsubscribe (RFC 8058) and the page's button: the fan gets no more blasts of that artist,
 * and copies of blasts still waiting for them are not sent. Answers the sender's name, or null.
 */
export async function unsubscribe(services: Services, token: string): Promise<string | null> {
  const read = readUnsubscribeToken(services, token)
  if (!read) return null
  const { tenantId, recipientId } = read
  const fan = await services.db.execute<{ id: number; from_name: string }>(sql`
    update fanblast_fans f set unsubscribed_at = coalesce(f.unsubscribed_at, now())
    from fanblast_recipients r join fanblast_blasts b on b.id = r.blast_id and b.tenant_id = r.tenant_id
    where r.id = ${recipientId} and r.tenant_id = ${tenantId} and f.id = r.fan_id and f.tenant_id = ${tenantId}
    returning f.id, b.from_name`)
  const row = fan.rows[0]
  if (!row) return null
  await services.db.execute(sql`
    update fanblast_recipients set state = 'unsubscribed', response = 'Unsubscribed before sending', updated_at = now()
    where tenant_id = ${tenantId} and fan_id = ${row.id} and state in ('queued', 'deferred')`)
  return row.from_name
}
