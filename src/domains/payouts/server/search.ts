import { sql } from 'drizzle-orm'
import { formatMoney } from '@core/format'
import { PAYOUT_PROVIDER_LABELS, payoutStatusLabel, type PayoutProvider } from '@core/payout-status'
import type { SearchHit } from '@contract/search'
import type { SearchProvider } from '@server/search'
import * as repo from './repository'

const PAYOUT_PREFIXES = new Set(['payout', 'p', 'po'])

/** Payouts by id (payout:42), amount (120.50), the payee's provider account id, or the account's name or email. */
export const payoutSearch: SearchProvider = {
  kind: 'payout',
  access: 'admin',
  async search(ctx, query, limit) {
    const { db } = ctx.services
    const tenantId = ctx.tenant.id
    if (query.id !== null && query.idPrefix !== null && !PAYOUT_PREFIXES.has(query.idPrefix)) return []
    const amount = /^\$?\d{1,13}(\.\d{1,2})?$/.test(query.text) ? query.text.replace(/^\$/, '') : null
    if (!query.fuzzy && !amount && query.id === null) return []
    const where =
      query.id !== null && query.idPrefix !== null
        ? sql`where p.tenant_id = ${tenantId} and p.id = ${query.id}`
        : repo.listWhere({ tenantId, search: amount ?? query.text })
    const found = await db.execute<{ id: number }>(sql`
      select p.id from payouts p ${where}
      order by p.created_at desc nulls last, p.id desc nulls last limit ${limit}`)
    const rows = await repo.payoutsById(
      db,
      tenantId,
      found.rows.map((row) => Number(row.id)),
    )
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
