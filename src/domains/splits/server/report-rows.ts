import { sql } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'
import { keysetRows } from '@server/csv-stream'

// Report rows of royalty splits (docs/reports-sources.md "royalty-split"): one row per payee of a
// split, paged on (split, payee) so memory holds one page.

export interface SplitRowsScope {
  tenantId: number
  accountId: number | null
  from: string | null
  to: string | null
}

export interface SplitPayeeRow {
  split_id: number
  payee_id: number
  status: string
  locked: boolean
  starts: string
  ends: string | null
  track_id: number
  isrc: string | null
  track_title: string
  release_id: number
  release_title: string
  owner_id: number
  owner_email: string
  payee_email: string
  payee_account_id: number | null
  payee_status: string
  share: string
}

/**
 * Payees of the splits that apply to some month of the scope (started by its end, not ended by its
 * start). Workspace: every split. An account: the splits it owns or is a payee of, with only its own
 * row unless `everyPayee` (then every payee of those splits).
 */
export function splitPayeeRows(q: Queryable, scope: SplitRowsScope, everyPayee: boolean): AsyncGenerator<SplitPayeeRow> {
  const tenantId = scope.tenantId
  const account = scope.accountId
  const involved =
    account === null
      ? sql``
      : sql`and (s.owner_account_id = ${account} or exists (
          select 1 from split_payees mine where mine.split_id = s.id and mine.account_id = ${account}))`
  const which = account === null || everyPayee ? sql`` : sql`and p.account_id = ${account}`
  return keysetRows<SplitPayeeRow, [number, number]>(
    q,
    (after, size) => sql`
      select s.id as split_id, p.id as payee_id, s.status, s.locked, s.starts_on::text as starts, s.ended_on::text as ends,
        s.track_id, t.isrc, t.title as track_title, r.id as release_id, r.title as release_title,
        s.owner_account_id as owner_id, o.email as owner_email,
        p.email as payee_email, p.account_id as payee_account_id, p.status as payee_status, p.share::text as share
      from splits s
      join split_payees p on p.split_id = s.id
      join tracks t on t.id = s.track_id
      join releases r on r.id = t.release_id
      join accounts o on o.id = s.owner_account_id
      where s.tenant_id = ${tenantId} ${involved} ${which}
        ${scope.to ? sql`and s.starts_on <= ${scope.to}::date` : sql``}
        ${scope.from ? sql`and (s.ended_on is null or s.ended_on > ${scope.from}::date)` : sql``}
        ${after ? sql`and (s.id, p.id) > (${after[0]}, ${after[1]})` : sql``}
      order by s.id, p.id limit ${size}`,
    (row) => [Number(row.split_id), Number(row.payee_id)],
  )
}
