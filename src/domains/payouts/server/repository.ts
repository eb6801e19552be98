import { eq, sql, type SQL } from 'drizzle-orm'
import { displayName } from '@core/names'
import type { PayoutStatus } from '@core/payout-status'
import type { Queryable } from '@server/db/engine'
import { likePattern, MIN_FUZZY_LENGTH } from '@server/search'
import { payoutSettings } from './schema'

// The payouts' SQL: list pages, totals, one payout's people and history, the workspace's settings.

export interface ListFilter {
  tenantId: number
  status?: PayoutStatus
  provider?: string
  accountId?: number
  search?: string
}

/** Accounts whose name or email matches, found through the trigram indexes (at most this many each). */
const CANDIDATES = 200

function searchCondition(tenantId: number, text: string): SQL {
  const value = text.trim()
  const numeric = /^#?\d{1,13}(\.\d{1,6})?$/.test(value) ? value.replace(/^#/, '') : null
  const parts: SQL[] = []
  if (numeric) {
    if (/^\d{1,15}$/.test(numeric)) parts.push(sql`p.id = ${Number(numeric)}`)
    parts.push(sql`p.amount = ${numeric}::numeric`, sql`p.org_amount = ${numeric}::numeric`)
  }
  if (value.length >= MIN_FUZZY_LENGTH) {
    const pattern = likePattern(value)
    parts.push(
      sql`p.provider_account_id ilike ${pattern}`,
      sql`p.account_id in (
        (select id from accounts where tenant_id = ${tenantId} and email ilike ${pattern} limit ${CANDIDATES})
        union (select id from accounts where tenant_id = ${tenantId} and (first_name || ' ' || last_name) ilike ${pattern} limit ${CANDIDATES})
        union (select account_id from artist_profiles where tenant_id = ${tenantId} and artist_name ilike ${pattern} limit ${CANDIDATES})
        union (select account_id from label_profiles where tenant_id = ${tenantId} and label_name ilike ${pattern} limit ${CANDIDATES}))`,
    )
  } else if (!numeric) {
    parts.push(sql`p.provider_account_id = ${value}`)
  }
  return sql`(${sql.join(parts, sql` or `)})`
}

export function listWhere(filter: ListFilter): SQL {
  const conditions: SQL[] = [sql`p.tenant_id = ${filter.tenantId}`]
  if (filter.status) conditions.push(sql`p.status = ${filter.status}`)
  if (filter.provider) conditions.push(sql`p.provider = ${filter.provider}`)
  if (filter.accountId) conditions.push(sql`p.account_id = ${filter.accountId}`)
  if (filter.search?.trim()) conditions.push(searchCondition(filter.tenantId, filter.search))
  return sql`where ${sql.join(conditions, sql` and `)}`
}

export type PayoutRowWithUser = {
  id: number
  account_id: number
  provider: string
  provider_account_id: string
  type: string
  is_force: boolean
  org_amount: string
  amount: string
  fee: string
  net: string
  status: string
  processed: boolean
  batch_id: number | null
  tax_form: boolean
  reason: string
  reserve_transaction_id: number | null
  settle_transaction_id: number | null
  requested_by: number | null
  decided_by: number | null
  created_at: Date | string
  paid_at: Date | string | null
  email: string
  first_name: string
  last_name: string
  artist_name: string | null
  label_name: string | null
  image_file_id: number | null
}

// payouts_tenant_created_idx and payouts_tenant_status_created_idx are (…, created_at DESC NULLS LAST, id DESC NULLS LAST).
const NEWEST_FIRST = sql`p.created_at desc nulls last, p.id desc nulls last`

const withUser = (from: SQL) => sql`
  select p.id, p.account_id, p.provider, p.provider_account_id, p.type, p.is_force, p.org_amount::text as org_amount,
    p.amount::text as amount, p.fee::text as fee, p.net::text as net, p.status, p.processed, p.batch_id, p.tax_form, p.reason,
    p.reserve_transaction_id, p.settle_transaction_id, p.requested_by, p.decided_by, p.created_at, p.paid_at,
    a.email, a.first_name, a.last_name,
    (select ap.artist_name from artist_profiles ap where ap.account_id = a.id) as artist_name,
    (select lp.label_name from label_profiles lp where lp.account_id = a.id) as label_name,
    (select ap.profile_image_file_id from artist_profiles ap where ap.account_id = a.id) as image_file_id
  ${from}
  join accounts a on a.id = p.account_id`

/**
 * One numbered page, newest first: the page's ids come from the payouts index alone (an index-only
 * scan on (tenant, [status,] created_at, id), so a deep page skips index entries, not rows), then only
 * those rows are joined with their accounts.
 */
export async function listPage(db: Queryable, filter: ListFilter, page: number, perPage: number): Promise<PayoutRowWithUser[]> {
  const result = await db.execute<PayoutRowWithUser>(sql`
    with page as (
      select p.id from payouts p ${listWhere(filter)}
      order by ${NEWEST_FIRST}
      limit ${perPage} offset ${(page - 1) * perPage}
    )
    ${withUser(sql`from page join payouts p on p.id = page.id`)}
    order by ${NEWEST_FIRST}`)
  return result.rows
}

export function listFrom(filter: ListFilter): SQL {
  return sql`from payouts p ${listWhere(filter)}`
}

/** Payouts of the workspace by id, with their accounts (in id order). */
export async function payoutsById(db: Queryable, tenantId: number, ids: readonly number[]): Promise<PayoutRowWithUser[]> {
  if (ids.length === 0) return []
  const result = await db.execute<PayoutRowWithUser>(sql`
    ${withUser(sql`from payouts p`)}
    where p.tenant_id = ${tenantId} and p.id = any(${sql.param([...ids])}::bigint[])
    order by p.id`)
  return result.rows
}

export const personName = (row: {
  email: string
  first_name: string
  last_name: string
  artist_name?: string | null
  label_name?: string | null
}) =>
  displayName({
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    artistName: row.artist_name,
    labelName: row.label_name,
  })

/** Counts and sums per status and provider. */
export async function totals(db: Queryable, tenantId: number) {
  const result = await db.execute<{ status: string; provider: string; count: number; amount: string; fee: string }>(sql`
    select status, provider, count(*)::int as count, sum(amount)::text as amount, sum(fee)::text as fee
    from payouts where tenant_id = ${tenantId}
    group by status, provider`)
  return result.rows
}

/** Names of accounts by id (who requested and decided a payout). */
export async function names(db: Queryable, tenantId: number, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const result = await db.execute<{ id: number; email: string; first_name: string; last_name: string; artist_name: string | null }>(sql`
    select a.id, a.email, a.first_name, a.last_name, ap.artist_name
    from accounts a left join artist_profiles ap on ap.account_id = a.id
    where a.tenant_id = ${tenantId} and a.id = any(${sql.param(unique)}::bigint[])`)
  return new Map(result.rows.map((row) => [Number(row.id), personName(row)]))
}

/** The audit rows of one payout, oldest first: its history. */
export async function history(db: Queryable, tenantId: number, payoutId: number) {
  const result = await db.execute<{
    created_at: Date | string
    action: string
    actor_account_id: number | null
    before: { status?: string } | null
    after: { status?: string; reason?: string } | null
  }>(sql`
    select created_at, action, actor_account_id, before, after from audit_log
    where tenant_id = ${tenantId} and entity_type = 'payout' and entity_id = ${String(payoutId)}
    order by created_at, id`)
  return result.rows
}

export type SettingsRow = typeof payoutSettings.$inferSelect

export async function readSettings(db: Queryable, tenantId: number): Promise<SettingsRow | null> {
  const [row] = await db.select().from(payoutSettings).where(eq(payoutSettings.tenantId, tenantId))
  return row ?? null
}

export async function writeSettings(db: Queryable, tenantId: number, values: Pick<SettingsRow, 'minimumWithdrawal' | 'fees'>) {
  await db
    .insert(payoutSettings)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: payoutSettings.tenantId, set: { ...values, updatedAt: new Date() } })
}
