import { sql } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'

/** A payee's share of a track's earnings for one period (share: a decimal with 10 places). */
export interface PayeeShare {
  payeeId: number
  accountId: number
  share: string
}

/**
 * For the royalties posting code: the payees whose shares apply to each of `trackIds` for the
 * statement month `period` (YYYY-MM-01). A track missing from the map has no split that applies,
 * so its earnings go to its owner (docs/royalties.md). Payees are in payee id order, which the
 * rounding rule uses to break ties.
 */
export async function payeesForTracks(
  q: Queryable,
  tenantId: number,
  trackIds: number[],
  period: string,
): Promise<Map<number, PayeeShare[]>> {
  const byTrack = new Map<number, PayeeShare[]>()
  if (trackIds.length === 0) return byTrack
  const { rows } = await q.execute<{ track_id: number; payee_id: number; account_id: number; share: string }>(sql`
    with applying as (
      select distinct on (s.track_id) s.id, s.track_id, s.owner_account_id
      from splits s
      where s.tenant_id = ${tenantId}
        and s.track_id = any(${sql.param(trackIds)}::bigint[])
        and s.status in ('active', 'ended')
        and s.starts_on <= ${period}::date
        and (s.ended_on is null or s.ended_on > ${period}::date)
      order by s.track_id, s.starts_on desc, s.id desc
    )
    select a.track_id, p.id as payee_id, coalesce(p.account_id, a.owner_account_id) as account_id, p.share::text as share
    from applying a
    join split_payees p on p.split_id = a.id and p.status in ('confirmed', 'removal_requested')
    order by a.track_id, p.id`)
  for (const row of rows) {
    const list = byTrack.get(row.track_id) ?? []
    list.push({ payeeId: row.payee_id, accountId: row.account_id, share: row.share })
    byTrack.set(row.track_id, list)
  }
  return byTrack
}

/**
 * The same rule as payeesForTracks for every (track, period) of `keys`, a temporary relation with
 * track_id and period columns, written to the temporary table pg_temp.ledger_payees (track_id,
 * period, ord, account_id, share; dropped at commit) so the posting code can allocate a million
 * tracks in SQL without holding them in JavaScript. `ord` is the payee's place by payee id.
 */
export async function writeApplyingPayees(q: Queryable, tenantId: number, keys: 'pg_temp.ledger_line_agg'): Promise<void> {
  await q.execute(sql`drop table if exists pg_temp.ledger_payees`)
  await q.execute(sql`
    create temporary table ledger_payees on commit drop as
    with wanted as (select distinct track_id, period from ${sql.raw(keys)} where track_id is not null),
    applying as (
      select distinct on (k.track_id, k.period) k.track_id, k.period, s.id, s.owner_account_id
      from wanted k
      join splits s on s.tenant_id = ${tenantId} and s.track_id = k.track_id
        and s.status in ('active', 'ended') and s.starts_on <= k.period and (s.ended_on is null or s.ended_on > k.period)
      order by k.track_id, k.period, s.starts_on desc, s.id desc
    )
    select a.track_id, a.period, row_number() over (partition by a.track_id, a.period order by p.id) as ord,
      coalesce(p.account_id, a.owner_account_id) as account_id, p.share
    from applying a
    join split_payees p on p.split_id = a.id and p.status in ('confirmed', 'removal_requested')`)
}
