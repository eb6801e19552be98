import { sql } from 'drizzle-orm'
import { discoveryModeTargets } from '@domains/discovery/server/public'
import { fromScaled, toScaled } from '@core/decimal'
import { plainArray } from '@server/db/arrays'
import type { Queryable } from '@server/db/engine'
import { BASE_SCALE } from './line-values'

/**
 * Tags the matched lines of an import whose track (or whole release) was in Spotify Discovery Mode
 * in the line's month (docs/discovery.md): their groups get discovery_mode, so the report and the
 * earnings screens can show that revenue apart. Unmatched lines have no track and stay untagged
 * (matching one by hand later does not tag it: the tag is what was known when the statement was read).
 */
export async function tagDiscoveryMode(db: Queryable, tenantId: number, importId: number): Promise<void> {
  const months = await db.execute<{ month: string }>(sql`
    select distinct date_trunc('month', g.period)::date::text as month from statement_line_groups g
    where g.tenant_id = ${tenantId} and g.import_id = ${importId}`)
  const targets = await discoveryModeTargets(
    db,
    tenantId,
    months.rows.map((row) => row.month),
  )
  if (targets.length === 0) return
  await db.execute(sql`
    update statement_line_groups g set discovery_mode = true
    from unnest(${plainArray(targets.map((t) => t.releaseId))}::bigint[], ${plainArray(targets.map((t) => t.trackId ?? 0))}::bigint[],
      ${plainArray(targets.map((t) => t.month))}::date[]) as t(release_id, track_id, month)
    where g.tenant_id = ${tenantId} and g.import_id = ${importId}
      and g.release_id = t.release_id and date_trunc('month', g.period)::date = t.month
      and (t.track_id = 0 or g.track_id = t.track_id)`)
}

/** The import's Discovery Mode lines and their net in the base currency. */
export async function discoveryModeTotal(db: Queryable, tenantId: number, importId: number) {
  const result = await db.execute<{ lines: string | number; net: string }>(sql`
    select coalesce(sum(g.lines), 0)::bigint as lines, coalesce(sum(g.net_base), 0)::text as net from statement_line_groups g
    where g.tenant_id = ${tenantId} and g.import_id = ${importId} and g.discovery_mode`)
  const row = result.rows[0]
  return { lines: Number(row?.lines ?? 0), net: fromScaled(toScaled(row?.net ?? '0', BASE_SCALE), BASE_SCALE) }
}
