import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import { displayName } from '@core/names'
import type { HealthItemResult as HealthItem, HealthKey } from '@contract/release-ops'
import type { AuthedContext, Services } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { jobs } from '@server/db/schema/platform'
import type { JobRunner } from '@server/jobs/runner'
import { COUNT_CAP } from '@server/db/paging'
import { conflict, notConfigured, notFound } from '@server/errors'
import { AUDIOSALAD_NOT_CONFIGURED } from './adapters/audiosalad'
import * as repo from './repository'
import { NO_RELEASE } from './service'

// ---------------------------------------------------------------------------------------------
// AudioSalad delivery status

export async function audioSaladDeliveryStatus(ctx: AuthedContext, releaseId: number) {
  const release = await repo.findRelease(ctx.services.db, ctx.tenant.id, releaseId)
  if (!release) throw notFound(NO_RELEASE)
  if (!ctx.services.audioSalad.configured) throw notConfigured(AUDIOSALAD_NOT_CONFIGURED)
  if (!release.upc) throw conflict('This release has no UPC yet, and AudioSalad finds releases by UPC.')
  const delivery = await ctx.services.audioSalad.deliveryStatus(release.upc)
  return {
    releaseId,
    upc: release.upc,
    found: delivery.providerReleaseId !== null,
    providerReleaseId: delivery.providerReleaseId,
    stores: delivery.stores,
    checkedAt: ctx.services.now(),
  }
}

// ---------------------------------------------------------------------------------------------
// Assignees

/**
 * The admins whose actions the audit log holds for this release (its own and its tracks' changes,
 * scans, notes, status), most recently active first. One index range (audit_log_entity_idx).
 */
export async function releaseAssignees(ctx: AuthedContext, releaseId: number) {
  const { db } = ctx.services
  const release = await repo.findRelease(db, ctx.tenant.id, releaseId)
  if (!release) throw notFound(NO_RELEASE)
  const result = await db.execute<{
    id: number
    email: string
    first_name: string
    last_name: string
    actions: number
    last_action_at: Date | string
  }>(sql`
    select a.id, a.email, a.first_name, a.last_name, count(*)::int as actions, max(l.created_at) as last_action_at
    from audit_log l
    join accounts a on a.id = l.actor_account_id
    where l.tenant_id = ${ctx.tenant.id} and l.entity_type = 'release' and l.entity_id = ${String(releaseId)}
      and a.type = 'admin' and a.tenant_id = ${ctx.tenant.id}
    group by a.id, a.email, a.first_name, a.last_name
    order by max(l.created_at) desc, a.id
    limit 100`)
  return {
    data: result.rows.map((row) => ({
      id: Number(row.id),
      name: displayName({ email: row.email, firstName: row.first_name, lastName: row.last_name }),
      email: row.email,
      actions: Number(row.actions),
      lastActionAt: row.last_action_at instanceof Date ? row.last_action_at : new Date(row.last_action_at),
    })),
  }
}

// ---------------------------------------------------------------------------------------------
// Catalogue health

/** Days a release may wait under review before it counts as overdue. */
export const REVIEW_OVERDUE_DAYS = 7
const SAMPLES = 3
const RELEASE_LIST = '/releases/manage/1'

type Sample = { label: string; path: string }

const day = (date: Date) => date.toISOString().slice(0, 10)

/**
 * A count that never reads more than COUNT_CAP + 1 index entries, and a few samples, in one statement.
 * `from` must be answerable from a (partial) index in `order` so both stop early.
 */
async function cappedWithSamples(
  db: Queryable,
  from: SQL,
  order: SQL,
  sample: SQL,
): Promise<{ count: number; capped: boolean; rows: Record<string, unknown>[] }> {
  const result = await db.execute<{ n: number; samples: Record<string, unknown>[] | null }>(sql`
    select (select count(*)::int from (select 1 ${from} limit ${COUNT_CAP + 1}) capped) as n,
           (select coalesce(json_agg(s), '[]'::json) from (select ${sample} ${from} order by ${order} limit ${SAMPLES}) s) as samples`)
  const row = result.rows[0]
  const n = Number(row?.n ?? 0)
  return { count: Math.min(n, COUNT_CAP), capped: n > COUNT_CAP, rows: row?.samples ?? [] }
}

/** Index entries one duplicates query reads: a few tens of milliseconds on PostgreSQL. */
const DUPLICATES_CHUNK = 50_000
/** The background count is reused this long before the card asks for a new one. */
export const DUPLICATES_FRESH_MS = 15 * 60_000
export const DUPLICATES_JOB = 'catalogue.duplicates'

export interface DuplicateCount {
  count: number
  capped: boolean
  samples: { value: string; copies: number }[]
}

/**
 * UPC or ISRC values held by more than one release or track of the workspace. Finding them means
 * reading every value once (an index-only walk of (tenant_id, upc) or (tenant_id, isrc): 0.6 s at a
 * million releases on PostgreSQL), so it runs in a job, in chunks of DUPLICATES_CHUNK index entries
 * cut at a value boundary (a value's copies always fall in one chunk), and stops at COUNT_CAP values.
 */
export async function countDuplicates(
  db: Queryable,
  tenantId: number,
  table: 'releases' | 'tracks',
  column: 'upc' | 'isrc',
  signal?: AbortSignal,
  chunk = DUPLICATES_CHUNK,
): Promise<DuplicateCount> {
  const name = sql.raw(column)
  const from = sql.raw(table)
  let after = ''
  let count = 0
  let samples: { value: string; copies: number }[] = []
  for (;;) {
    if (signal?.aborted) throw new Error('Stopped')
    const bound = await db.execute<{ value: string }>(sql`
      select ${name} as value from ${from}
      where tenant_id = ${tenantId} and ${name} > ${after}
      order by ${name} offset ${chunk - 1} limit 1`)
    const upTo = bound.rows[0]?.value ?? null
    const groups = await db.execute<{ value: string; copies: number }>(sql`
      select ${name} as value, count(*)::int as copies from ${from}
      where tenant_id = ${tenantId} and ${name} > ${after} ${upTo === null ? sql`` : sql`and ${name} <= ${upTo}`}
      group by ${name} having count(*) > 1`)
    count += groups.rows.length
    samples = [...samples, ...groups.rows.map((row) => ({ value: row.value, copies: Number(row.copies) }))]
      .sort((a, b) => b.copies - a.copies || a.value.localeCompare(b.value))
      .slice(0, SAMPLES)
    if (count > COUNT_CAP) return { count: COUNT_CAP, capped: true, samples }
    if (upTo === null) return { count, capped: false, samples }
    after = upTo
  }
}

/** The duplicates job: both counts of one workspace, kept as the job's result. */
export function registerHealthJobs(runner: JobRunner, services: Services) {
  runner.register<{ tenantId: number }>(DUPLICATES_JOB, async ({ payload, signal }) => ({
    upc: await countDuplicates(services.db, payload.tenantId, 'releases', 'upc', signal),
    isrc: await countDuplicates(services.db, payload.tenantId, 'tracks', 'isrc', signal),
  }))
}

/**
 * The newest duplicate counts of the workspace (null before the first finishes), and a new count
 * queued when they are older than DUPLICATES_FRESH_MS and none is already on its way.
 */
async function cachedDuplicates(ctx: AuthedContext) {
  const { db, jobs: runner } = ctx.services
  const recent = await db
    .select({ status: jobs.status, result: jobs.result, finishedAt: jobs.finishedAt })
    .from(jobs)
    .where(and(eq(jobs.tenantId, ctx.tenant.id), eq(jobs.type, DUPLICATES_JOB)))
    .orderBy(desc(jobs.createdAt))
    .limit(5)
  const done = recent.find((job) => job.status === 'done' && job.result)
  const pending = recent.some((job) => job.status === 'queued' || job.status === 'running')
  const stale = !done?.finishedAt || ctx.services.now().getTime() - done.finishedAt.getTime() > DUPLICATES_FRESH_MS
  if (stale && !pending)
    await runner.enqueue(db, { type: DUPLICATES_JOB, tenantId: ctx.tenant.id, payload: { tenantId: ctx.tenant.id }, maxAttempts: 2 })
  const result = done?.result as { upc: DuplicateCount; isrc: DuplicateCount } | undefined
  return { upc: result?.upc ?? null, isrc: result?.isrc ?? null, asOf: done?.finishedAt ?? null, counting: stale }
}

const releaseSamples = (rows: Record<string, unknown>[]): Sample[] =>
  rows.map((row) => ({ label: String(row.title), path: `/releases/single/${Number(row.id)}` }))
const trackSamples = (rows: Record<string, unknown>[]): Sample[] =>
  rows.map((row) => ({ label: `${String(row.title)} (${String(row.release_title)})`, path: `/releases/track/${Number(row.id)}` }))

/**
 * Catalogue health, built to stay fast at a million releases (docs/decisions.md): every count reads
 * at most COUNT_CAP + 1 entries of an index that holds only the offenders (partial indexes
 * releases_health_*, tracks_health_*; the review count uses the (tenant, status, created_at) index),
 * so a healthy catalogue costs almost nothing and a sick one stops at the cap ("10,000+"). The two
 * duplicate counts need every value read once, so they come from a background job (countDuplicates),
 * at most DUPLICATES_FRESH_MS old, with the time they were counted.
 */
export async function catalogueHealth(ctx: AuthedContext) {
  const { db } = ctx.services
  const tenantId = ctx.tenant.id
  const now = ctx.services.now()
  // Overdue: under review (2) and created before the start of the day REVIEW_OVERDUE_DAYS ago (UTC).
  // When a release entered review is not stored, so its creation date stands in for it (and is what
  // the list can filter on); the list's date range is inclusive, so its link ends the day before.
  const cutoff = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - REVIEW_OVERDUE_DAYS))
  const lastOverdueDay = day(new Date(cutoff.getTime() - 86_400_000))
  const trackSample = sql`t.id, t.title, (select r.title from releases r where r.id = t.release_id) as release_title`

  const [noCover, liveNoUpc, noIsrc, noAudio, duplicates, overdue, failedScans] = await Promise.all([
    cappedWithSamples(db, sql`from releases r where r.tenant_id = ${tenantId} and r.cover_url is null`, sql`r.id desc`, sql`r.id, r.title`),
    cappedWithSamples(
      db,
      sql`from releases r where r.tenant_id = ${tenantId} and r.upc is null and r.status in (1, 7)`,
      sql`r.id desc`,
      sql`r.id, r.title`,
    ),
    cappedWithSamples(db, sql`from tracks t where t.tenant_id = ${tenantId} and t.isrc is null`, sql`t.id desc`, trackSample),
    cappedWithSamples(db, sql`from tracks t where t.tenant_id = ${tenantId} and t.audio_url is null`, sql`t.id desc`, trackSample),
    cachedDuplicates(ctx),
    cappedWithSamples(
      db,
      sql`from releases r where r.tenant_id = ${tenantId} and r.status = 2 and r.created_at < ${cutoff.toISOString()}::timestamptz`,
      sql`r.created_at asc nulls first, r.id asc nulls first`,
      sql`r.id, r.title`,
    ),
    cappedWithSamples(db, sql`from tracks t where t.tenant_id = ${tenantId} and t.scan_status not in (0, 1)`, sql`t.id desc`, trackSample),
  ])

  const item = (
    key: HealthKey,
    label: string,
    unit: HealthItem['unit'],
    counted: { count: number; capped: boolean } | null,
    link: string | null,
    samples: Sample[],
    asOf: Date | null = null,
  ): HealthItem => ({ key, label, unit, count: counted?.count ?? null, capped: counted?.capped ?? false, link, samples, asOf })
  const { upc: dupUpc, isrc: dupIsrc } = duplicates
  const search = (value: string) => `${RELEASE_LIST}?search=${encodeURIComponent(value)}`

  return {
    items: [
      item('releasesWithoutCover', 'Releases without cover art', 'releases', noCover, null, releaseSamples(noCover.rows)),
      item('liveReleasesWithoutUpc', 'Live releases without UPC', 'releases', liveNoUpc, null, releaseSamples(liveNoUpc.rows)),
      item('tracksWithoutIsrc', 'Tracks without ISRC', 'tracks', noIsrc, null, trackSamples(noIsrc.rows)),
      item('tracksWithoutAudio', 'Tracks without audio', 'tracks', noAudio, null, trackSamples(noAudio.rows)),
      item(
        'duplicateUpcs',
        'UPCs on more than one release',
        'values',
        dupUpc,
        null,
        (dupUpc?.samples ?? []).map((dup) => ({ label: `UPC ${dup.value} × ${dup.copies}`, path: search(dup.value) })),
        duplicates.asOf,
      ),
      item(
        'duplicateIsrcs',
        'ISRCs on more than one track',
        'values',
        dupIsrc,
        null,
        (dupIsrc?.samples ?? []).map((dup) => ({ label: `ISRC ${dup.value} × ${dup.copies}`, path: search(dup.value) })),
        duplicates.asOf,
      ),
      item(
        'reviewOverdue',
        `Under review for over ${REVIEW_OVERDUE_DAYS} days`,
        'releases',
        overdue,
        `${RELEASE_LIST}?status=2&from=2000-01-01&to=${lastOverdueDay}&sort=created&dir=asc`,
        releaseSamples(overdue.rows),
      ),
      item('failedScans', 'Tracks whose audio scan failed', 'tracks', failedScans, null, trackSamples(failedScans.rows)),
    ],
    generatedAt: now,
    /** True while a newer duplicate count is on its way: asking again shortly shows it. */
    counting: duplicates.counting,
  }
}
