import { sql, type SQL } from 'drizzle-orm'
import { formatMoney } from '@core/format'
import { PAYOUT_PROVIDER_LABELS, payoutStatusLabel, type PayoutProvider } from '@core/payout-status'
import type { SearchHit } from '@contract/search'
import { likePattern, newestIds, type SearchProvider } from '@server/search'
import * as repo from './repository'

const PAYOUT_PREFIXES = new Set(['payout', 'p', 'po'])
/** Accounts whose name or email matches, found through the trigram indexes (at most this many each). */
const CANDIDATES = 200

/**
 * Payouts by id (payout:42 or a bare number), amount (only when the query says so: `$120.50`,
 * `120.50`), the payee's provider account id or email (exact, or a fragment), or the account's email
 * (exact) or name. Each is a UNION ALL branch with its own index and LIMIT (docs/decisions.md,
 * "Palette search by index"); the newest `limit` of their union are shown.
 */
export const payoutSearch: SearchProvider = {
  kind: 'payout',
  access: 'admin',
  async search(ctx, query, limit) {
    const { db } = ctx.services
    const tenantId = ctx.tenant.id
    if (query.id !== null && query.idPrefix !== null && !PAYOUT_PREFIXES.has(query.idPrefix)) return []
    const newest = sql`order by p.created_at desc nulls last, p.id desc nulls last limit ${limit}`
    const branches: SQL[] = []
    if (query.id !== null)
      branches.push(sql`select p.id, p.created_at from payouts p where p.tenant_id = ${tenantId} and p.id = ${query.id}`)
    // payouts_tenant_amount_idx
    if (query.amount !== null) {
      branches.push(
        sql`select p.id, p.created_at from payouts p where p.tenant_id = ${tenantId} and p.amount = ${query.amount}::numeric ${newest}`,
      )
    }
    const bareNumber = query.id !== null || query.amount !== null
    if (!bareNumber) {
      // payouts_tenant_provider_account_idx: a pasted payee id or PayPal email.
      branches.push(
        sql`select p.id, p.created_at from payouts p where p.tenant_id = ${tenantId} and lower(p.provider_account_id) = ${query.text.toLowerCase()} ${newest}`,
      )
    }
    if (query.email) {
      // accounts_tenant_email_key, then payouts_account_idx.
      branches.push(sql`select p.id, p.created_at from payouts p
        where p.account_id = (select id from accounts where tenant_id = ${tenantId} and email = ${query.email}) and p.tenant_id = ${tenantId}
        order by p.created_at desc nulls last limit ${limit}`)
    }
    if (!query.identifier && !bareNumber && query.fuzzy) {
      const pattern = likePattern(query.text)
      branches.push(
        sql`select p.id, p.created_at from payouts p where p.tenant_id = ${tenantId} and p.provider_account_id ilike ${pattern} limit ${limit}`,
        sql`select p.id, p.created_at from payouts p
          where p.account_id = any(array(
            (select id from accounts where tenant_id = ${tenantId} and email ilike ${pattern} limit ${CANDIDATES})
            union (select id from accounts where tenant_id = ${tenantId} and (first_name || ' ' || last_name) ilike ${pattern} limit ${CANDIDATES})
            union (select account_id from artist_profiles where tenant_id = ${tenantId} and artist_name ilike ${pattern} limit ${CANDIDATES})
            union (select account_id from label_profiles where tenant_id = ${tenantId} and label_name ilike ${pattern} limit ${CANDIDATES})))
            and p.tenant_id = ${tenantId}
          ${newest}`,
      )
    }
    const rows = await repo.payoutsById(db, tenantId, await newestIds(db, branches, limit))
    return rows
      .sort((a, b) => Number(b.id) - Number(a.id))
      .map((row): SearchHit => ({
        kind: 'payout',
        id: Number(row.id),
        title: `Payout #${row.id} of ${formatMoney(row.amount)} to ${repo.personName(row)}`,
        subtitle: [PAYOUT_PROVIDER_LABELS[row.provider as PayoutProvider], row.provider_account_id, payoutStatusLabel(row.status)]
          .filter(Boolean)
          .join(' · '),
        score: query.id !== null && Number(row.id) === query.id ? 1 : 0.7,
      }))
  },
}
