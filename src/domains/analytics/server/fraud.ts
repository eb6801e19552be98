import { sql } from 'drizzle-orm'
import type { ArtificialAnswer, SpikeAnswer } from '@contract/analytics'
import { labelBreakdown, sharePercent } from '@core/analytics-labels'
import { addDays, eachDay, type DayRange } from '@core/analytics-range'
import { SPIKE_DEFAULTS, detectSpikes, spikeContributions } from '@core/analytics-spikes'
import type { Queryable } from '@server/db/engine'
import { exactUnits, perTrackUnits } from './track-periods'

// Artificial streams (as the stores flag them) and spike detection (src/core/analytics-spikes.ts),
// both from the rollups.

const TOP = 10
/** Tracks examined for spikes: the ones with most streams in the period. */
const EXAMINED = 200
const MAX_SPIKES = 50
/** Days of history before the period, so its first days have a baseline. */
const LEAD_DAYS = 8 * 7

export async function trackRefs(db: Queryable, tenantId: number, ids: readonly number[]) {
  if (!ids.length) return new Map<number, { title: string; isrc: string | null; releaseId: number; releaseTitle: string }>()
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select t.id, t.title, t.isrc, r.id as release_id, r.title as release_title
    from tracks t join releases r on r.id = t.release_id
    where t.tenant_id = ${tenantId} and t.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`)
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        title: String(row.title),
        isrc: (row.isrc as string | null) ?? null,
        releaseId: Number(row.release_id),
        releaseTitle: String(row.release_title),
      },
    ]),
  )
}

/**
 * The platform's streams and flagged streams in the period (trend_platform_daily), and the TOP
 * tracks with most flagged streams (ties by track id) with all their streams in the period.
 */
export async function artificialStreams(db: Queryable, tenantId: number, platform: string, range: DayRange): Promise<ArtificialAnswer> {
  const where = sql`tenant_id = ${tenantId} and platform = ${platform} and day between ${range.from}::date and ${range.to}::date`
  const totals = await db.execute<{ streams: string; artificial: string }>(sql`
    select coalesce(sum(streams), 0)::bigint as streams, coalesce(sum(artificial), 0)::bigint as artificial from trend_platform_daily where ${where}`)
  const units = await exactUnits(db, tenantId, platform, range)
  const flagged = await db.execute<{ track_id: number; artificial: string }>(sql`
    select track_id, sum(artificial)::bigint as artificial from (${perTrackUnits(tenantId, platform, units, undefined, 'artificial')}) u
    group by 1 order by 2 desc, 1 limit ${TOP}`)
  const ids = flagged.rows.map((row) => Number(row.track_id))
  const streamsOf = new Map<number, number>()
  if (ids.length) {
    const { rows } = await db.execute<{ track_id: number; streams: string }>(sql`
      select track_id, sum(streams)::bigint as streams from (${perTrackUnits(tenantId, platform, units, ids)}) u group by 1`)
    for (const row of rows) streamsOf.set(Number(row.track_id), Number(row.streams))
  }
  const top = { rows: flagged.rows.map((row) => ({ ...row, streams: streamsOf.get(Number(row.track_id)) ?? 0 })) }
  const refs = await trackRefs(
    db,
    tenantId,
    top.rows.map((row) => Number(row.track_id)),
  )
  const streams = Number(totals.rows[0].streams)
  const artificial = Number(totals.rows[0].artificial)
  return {
    streams,
    artificial,
    share: sharePercent(artificial, streams),
    tracks: top.rows.flatMap((row) => {
      const ref = refs.get(Number(row.track_id))
      if (!ref) return []
      const trackStreams = Number(row.streams)
      const trackArtificial = Number(row.artificial)
      return [
        {
          trackId: Number(row.track_id),
          ...ref,
          streams: trackStreams,
          artificial: trackArtificial,
          share: sharePercent(trackArtificial, trackStreams),
        },
      ]
    }),
  }
}

/** Values as the screens name them (spec section 9), merged where they share a label. */
function labelledFor(dimension: 'country' | 'source') {
  return (rows: { value: string; streams: number }[]) =>
    labelBreakdown('spotify', dimension, rows).map((item) => ({ value: item.label, streams: item.streams }))
}

async function evidence(db: Queryable, tenantId: number, trackId: number, day: string, dimension: 'country' | 'source') {
  const from = addDays(day, -SPIKE_DEFAULTS.history)
  const labelled = labelledFor(dimension)
  const { rows } = await db.execute<{ value: string; on_day: string; before: string }>(sql`
    select substr(b.k, ${dimension.length + 2}) as value, coalesce(sum(b.s) filter (where day = ${day}::date), 0)::bigint as on_day,
      coalesce(sum(b.s) filter (where day < ${day}::date), 0)::bigint as before
    from trend_daily cross join lateral unnest(breakdown_values, breakdown_streams) b(k, s)
    where tenant_id = ${tenantId} and platform = 'spotify' and track_id = ${trackId} and starts_with(b.k, ${`${dimension}:`})
      and day between ${from}::date and ${day}::date
    group by 1`)
  return spikeContributions(
    labelled(rows.map((row) => ({ value: row.value, streams: Number(row.on_day) }))),
    labelled(rows.map((row) => ({ value: row.value, streams: Number(row.before) }))),
    SPIKE_DEFAULTS.history,
  )
}

/** Spikes in the period on the tracks with most Spotify streams, with their evidence. */
export async function spotifySpikes(db: Queryable, tenantId: number, range: DayRange): Promise<SpikeAnswer> {
  const top = await db.execute<{ track_id: number }>(sql`
    select track_id from trend_daily
    where tenant_id = ${tenantId} and platform = 'spotify' and day between ${range.from}::date and ${range.to}::date
    group by 1 order by sum(streams) desc, 1 limit ${EXAMINED}`)
  const ids = top.rows.map((row) => Number(row.track_id))
  if (!ids.length) return { range, examined: 0, spikes: [] }
  const lead = addDays(range.from, -LEAD_DAYS)
  const { rows } = await db.execute<{ track_id: number; day: string; streams: string }>(sql`
    select track_id, day::text as day, streams from trend_daily
    where tenant_id = ${tenantId} and platform = 'spotify' and day between ${lead}::date and ${range.to}::date
      and track_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`)
  const byTrack = new Map<number, Map<string, number>>()
  for (const row of rows) {
    const series = byTrack.get(Number(row.track_id)) ?? new Map<string, number>()
    series.set(row.day, Number(row.streams))
    byTrack.set(Number(row.track_id), series)
  }
  const days = eachDay({ from: lead, to: range.to })
  const found = ids
    .flatMap((trackId) => {
      const values = byTrack.get(trackId) ?? new Map<string, number>()
      return detectSpikes(days.map((day) => ({ day, streams: values.get(day) ?? 0 })))
        .filter((spike) => spike.day >= range.from)
        .map((spike) => ({ trackId, ...spike }))
    })
    .sort((a, b) => b.score - a.score || a.day.localeCompare(b.day))
    .slice(0, MAX_SPIKES)
  const refs = await trackRefs(db, tenantId, [...new Set(found.map((spike) => spike.trackId))])
  const { rows: heldRows } = await db.execute<{ track_id: number }>(sql`
    select track_id from earnings_holds where tenant_id = ${tenantId} and released_at is null`)
  const held = new Set(heldRows.map((row) => Number(row.track_id)))
  const spikes: SpikeAnswer['spikes'] = []
  for (const spike of found) {
    const ref = refs.get(spike.trackId)
    if (!ref) continue
    spikes.push({
      ...spike,
      ...ref,
      held: held.has(spike.trackId),
      countries: await evidence(db, tenantId, spike.trackId, spike.day, 'country'),
      sources: await evidence(db, tenantId, spike.trackId, spike.day, 'source'),
    })
  }
  return { range, examined: ids.length, spikes }
}
