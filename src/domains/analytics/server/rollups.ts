import { sql, type SQL } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'

// The facts' partitions and the two rollups the screens read (docs/analytics.md, "Storage").

const MONTH = /^(\d{4})-(\d{2})$/

/**
 * Creates the monthly partitions of trend_facts a batch needs (`YYYY-MM` each). Another import may
 * create the same one at the same moment: that one's "already exists" is success here.
 */
export async function ensureFactPartitions(db: Queryable, months: readonly string[]): Promise<void> {
  for (const month of months) {
    const match = MONTH.exec(month)
    if (!match) throw new Error(`not a month: ${month}`)
    const year = Number(match[1])
    const index = Number(match[2])
    const next = index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, '0')}`
    // Identifiers and bounds come from the regular expression above, never from the file's text.
    try {
      await db.execute(
        sql.raw(
          `create table if not exists trend_facts_${match[1]}${match[2]} partition of trend_facts for values from ('${month}-01') to ('${next}-01')`,
        ),
      )
    } catch (error) {
      const code = (error as { code?: string }).code
      if (code !== '42P07' && code !== '23505') throw error
    }
  }
}

/**
 * Adds the lines `source` answers (tenant_id, platform, track_id, day, streams, listeners,
 * artificial, country, dims) to the daily rollup and to the per-dimension rollup (country and each
 * breakdown), in the caller's transaction. Answers the number of lines rolled up.
 */
async function rollUp(tx: Queryable, source: SQL): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(sql`
    with m as (${source}),
    d as (
      insert into trend_daily (tenant_id, platform, track_id, day, streams, listeners, artificial)
      select tenant_id, platform, track_id, day, sum(streams), sum(listeners), sum(artificial) from m group by 1, 2, 3, 4
      on conflict (tenant_id, platform, track_id, day) do update set streams = trend_daily.streams + excluded.streams,
        listeners = trend_daily.listeners + excluded.listeners, artificial = trend_daily.artificial + excluded.artificial
      returning 1
    ),
    b as (
      insert into trend_breakdown_daily (tenant_id, platform, track_id, day, dimension, value, streams)
      select m.tenant_id, m.platform, m.track_id, m.day, v.key, v.value, sum(m.streams)
      from m cross join lateral jsonb_each_text(
        case when m.country is null then m.dims else m.dims || jsonb_build_object('country', m.country) end) v
      group by 1, 2, 3, 4, 5, 6
      on conflict (tenant_id, platform, dimension, day, track_id, value) do update set streams = trend_breakdown_daily.streams + excluded.streams
      returning 1
    )
    select count(*)::int as n from m`)
  return Number(rows[0]?.n ?? 0)
}

const FACT_COLUMNS = sql.raw('tenant_id, platform, track_id, day, streams, listeners, artificial, country, dims')

/** The matched lines of one import enter the rollups (its commit). */
export function rollUpImport(tx: Queryable, tenantId: number, importId: number, range: { from: string | null; to: string | null }) {
  const days = range.from && range.to ? sql`and day between ${range.from}::date and ${range.to}::date` : sql``
  return rollUp(
    tx,
    sql`select ${FACT_COLUMNS} from trend_facts
      where tenant_id = ${tenantId} and import_id = ${importId} and track_id is not null ${days}`,
  )
}

/**
 * Matches lines that wait for a track by ISRC. `importId`: one import's lines (its dry run; nothing
 * is rolled up before commit). `committed`: the lines of every committed import, and the ones that
 * match now enter the rollups, so a track added after its streams were reported gets them.
 * Answers the number of lines matched.
 */
export async function matchPending(
  tx: Queryable,
  tenantId: number,
  scope: { importId: number; from: string | null; to: string | null } | { committed: true },
): Promise<number> {
  const which =
    'importId' in scope
      ? sql`and import_id = ${scope.importId} ${scope.from && scope.to ? sql`and day between ${scope.from}::date and ${scope.to}::date` : sql``}`
      : sql`and import_id in (select id from trend_imports where tenant_id = ${tenantId} and status = 'committed')`
  // One look-up per distinct ISRC waiting (trend_facts_unmatched_idx, tracks_tenant_isrc_idx).
  const matching = sql`
    update trend_facts f set track_id = t.id
    from (
      select p.isrc, (select min(k.id) from tracks k where k.tenant_id = ${tenantId} and k.isrc = p.isrc) as id
      from (select distinct isrc from trend_facts where tenant_id = ${tenantId} and track_id is null and isrc is not null ${which}) p
    ) t
    where t.id is not null and f.tenant_id = ${tenantId} and f.track_id is null and f.isrc = t.isrc ${which}`
  if ('importId' in scope) {
    const { rows } = await tx.execute<{ n: number }>(sql`with u as (${matching} returning 1) select count(*)::int as n from u`)
    return Number(rows[0]?.n ?? 0)
  }
  return rollUp(
    tx,
    sql`${matching} returning ${sql.raw('f.tenant_id, f.platform, f.track_id, f.day, f.streams, f.listeners, f.artificial, f.country, f.dims')}`,
  )
}
