import type { Readable } from 'node:stream'
import { sql, type SQL } from 'drizzle-orm'
import {
  ASSET_STATUS_LABELS,
  GUARD_REASONS,
  MATCH_ACTION_RESULT,
  MATCH_PLATFORMS,
  MATCH_STATUS_LABELS,
  MATCH_STATUSES,
  assetStatusShown,
  channelPlatformOf,
  copyPercent,
  matchActionRefusal,
  type AssetStatus,
  type MatchAction,
  type MatchPlatform,
  type MatchStatus,
} from '@core/discovery'
import { displayName } from '@core/names'
import { isGreenlisted } from '@domains/feature-controls/server/public'
import { trackSplitStatus } from '@domains/splits/server/public'
import type { AuthedContext, Services } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { bigintArray, plainArray, textArray } from '@server/db/arrays'
import { auditedMutation } from '@server/audit'
import { conflict, notConfigured, notFound } from '@server/errors'
import { countCapped, pageMeta } from '@server/db/paging'
import { likePattern, MIN_FUZZY_LENGTH } from '@server/search'
import { USAGE_NOT_CONFIGURED, type ProviderMatch, type UsageAudio } from './provider'
import { TITLE_KEY_LETTERS, matchTitleKey, titleKeyAlphabet } from '../schema'

// Usage discovery (docs/discovery.md): tracks registered with the provider (assets), the matches it
// finds, stored once per provider id and refreshed by a job, and the actions on a match behind the
// takedown guard (greenlisted channel, recording not owned, split not active; each refusal says why).

export const REGISTER_JOB = 'usage.register'
export const REMOVE_JOB = 'usage.remove'
export const REFRESH_JOB = 'usage.refresh'
/** Live (1) or edited (7) releases: what is in stores can be used elsewhere. */
const LIVE = [1, 7]
const MAX_AUDIO_BYTES = 200 * 1024 * 1024
const FEED_PAGE = 1_000
/** Matches stored by one statement: one feed page (16,657/s at load 2.0); 2,500 and 5,000 a statement stored 13,211 and 12,260/s in the same run (docs/discovery.md, Bench). */
const STORE_BATCH = FEED_PAGE
/** The provider's reference of an asset: the workspace's prefix filters its feed. */
export const referencePrefix = (tenantId: number) => `t${tenantId}:`

const date = (value: Date | string | null) => (value === null ? null : value instanceof Date ? value : new Date(value))
const userOf = (row: { account_id: number; first_name: string | null; last_name: string | null; email: string }) => ({
  id: Number(row.account_id),
  name: displayName({ firstName: row.first_name, lastName: row.last_name, email: row.email }),
  email: row.email,
})

export function providerState(services: Services) {
  return { name: services.usage.name, configured: services.usage.configured }
}

function requireProvider(services: Services) {
  if (!services.usage.configured) throw notConfigured(USAGE_NOT_CONFIGURED)
}

function searchOn(column: SQL, raw: string | undefined, idColumn: SQL): SQL | null {
  const text = raw?.trim()
  if (!text) return null
  const idMatch = /^#?(\d{1,15})$/.exec(text)
  const parts: SQL[] = []
  if (idMatch) parts.push(sql`${idColumn} = ${Number(idMatch[1])}`)
  if (text.length >= MIN_FUZZY_LENGTH) parts.push(sql`${column} ilike ${likePattern(text)}`)
  if (!parts.length) return sql`false`
  return sql`(${sql.join(parts, sql` or `)})`
}

/** A page that is not full is the last one: its total is known without counting (a search's second pass over its matches). */
function pageTotal(rows: number, pageNo: number, perPage: number): { total: number; estimate: boolean } | null {
  if (rows >= perPage || (rows === 0 && pageNo > 1)) return null
  return { total: (pageNo - 1) * perPage + rows, estimate: false }
}

/**
 * A title fragment of up to this many assets is listed from its assets (their trigram index), read
 * and sorted; a fragment of more is a filter on the list's walk in its order, which finds a shallow
 * page sooner than reading them all.
 */
const TITLE_ASSETS_ALWAYS = 1_000
/**
 * …and up to this many when the page asked for is deep enough that the walk would pass more than
 * WALK_BUDGET entries to reach it: the last page of a fragment of 1,001 assets walked the whole list
 * (issue 23), its assets read and sorted cost what its first page does.
 */
const TITLE_ASSETS = 10_000
/** Index entries the walk of a fragment is expected to pass (its page's reach over the fragment's share of the titles, the planner's estimates) before its assets are read instead. */
const WALK_BUDGET = 20_000
/**
 * A common title fragment with a status or platform: the first this many matches of the list's walk
 * are read first (the page is exact when they hold it); only when they do not are the filter's ranges
 * walked with the title, every entry of a range the fragment has no match in read (bench: "track 7"
 * + claimed, found within 1,750 rows, took 138 ms walking the ranges, 18 ms walking the list).
 */
const WALK_PREFIX = 5_000
/** A fragment's matches read through its assets (usage_matches_asset_idx) and sorted, at most (the planner's estimate). */
const TITLE_MATCHES = 20_000

const ORDER_FOUND = sql`found_at desc nulls last, id desc nulls last`
/** A common fragment's matches of a filter, read from usage_matches_title_filter_idx and sorted, at most (else the filter's ranges are walked). */
const TITLE_FILTER_MATCHES = 1_000

/**
 * A common title fragment's page of a status or platform filter from usage_matches_title_filter_idx:
 * one test per (status, platform) pair of the filter, each a trigram search of the title written in
 * the pair's own alphabet (matchTitleKey), so a pair none of the fragment's matches have is answered
 * by the index alone, without reading the fragment's matches or the filter's. When they are at most
 * TITLE_FILTER_MATCHES they are read and sorted: the page, and their number (exact); else null (the
 * filter's ranges are walked). `title` is the list's own test of the fragment: the index only narrows.
 */
async function titleFilterPage(
  db: Queryable,
  tenantId: number,
  text: string,
  filter: { status?: MatchStatus; platform?: MatchPlatform },
  title: SQL,
  limit: number,
  offset: number,
): Promise<{ ids: number[]; total: number } | null> {
  const statuses = filter.status ? [filter.status] : MATCH_STATUSES
  const platforms = filter.platform ? [filter.platform] : MATCH_PLATFORMS
  const key = matchTitleKey(sql`m.track_title`, sql`m.platform`, sql`m.status`)
  const pattern = likePattern(text)
  const pairs = statuses.flatMap((status) =>
    platforms.map(
      (platform) =>
        sql`(m.status = ${status} and m.platform = ${platform} and ${key} like translate(lower(${pattern}), ${TITLE_KEY_LETTERS}, ${titleKeyAlphabet(platform, status)}))`,
    ),
  )
  const found = await db.execute<{ n: number; id: number | null }>(sql`
    with few as (
      select m.id, m.found_at from usage_matches m where m.tenant_id = ${tenantId} and (${sql.join(pairs, sql` or `)}) and ${title}
      limit ${TITLE_FILTER_MATCHES + 1}
    )
    select counted.n, page.id from (select count(*)::int as n from few) counted
    left join lateral (select few.id, few.found_at from few order by ${ORDER_FOUND} limit ${limit} offset ${offset}) page on true
    order by page.found_at desc nulls last, page.id desc nulls last`)
  const total = Number(found.rows[0]?.n ?? 0)
  if (total > TITLE_FILTER_MATCHES) return null
  return { ids: found.rows.flatMap((row) => (row.id === null ? [] : [Number(row.id)])), total }
}

/**
 * A filtered match list's page of ids (with found_at), newest found first. The status and platform
 * filters share one index, (tenant, status, platform, found_at desc, id desc): the page is a merge of
 * its ranges, one per status and platform asked for, each read in order and left as soon as the page
 * is full; the check constraints keep every match inside those ranges. No other condition is put on
 * the ranges: one that left a range empty would make it read to its end.
 */
export function matchesInOrder(
  tenantId: number,
  filter: { status?: MatchStatus; platform?: MatchPlatform; title?: SQL },
  limit: number,
  offset = 0,
): SQL {
  const statuses = filter.status ? [filter.status] : MATCH_STATUSES
  const platforms = filter.platform ? [filter.platform] : MATCH_PLATFORMS
  // A common title fragment with a filter (listMatches): the one condition put on the ranges, tested
  // on the index's copy of the title (index-only). A range it leaves empty is read to its end, so the
  // walk reads at most the filter's matches, never the whole list; a range none of whose index
  // entries pass reads no heap.
  const title = filter.title === undefined ? sql`` : sql` and ${filter.title}`
  // Each range ordered and limited itself: the planner then merges them (or sorts at most their
  // limits) instead of sorting every match of the workspace.
  const branches = statuses.flatMap((status) =>
    platforms.map(
      (platform) => sql`(select m.id, m.found_at from usage_matches m
        where m.tenant_id = ${tenantId} and m.status = ${status} and m.platform = ${platform}${title}
        order by ${ORDER_FOUND} limit ${limit + offset})`,
    ),
  )
  return sql`select id, found_at from (${sql.join(branches, sql` union all `)}) ranges order by ${ORDER_FOUND} limit ${limit} offset ${offset}`
}

/**
 * A match list's filter on its rows' track title: the few assets it names, or (a fragment of more
 * than TITLE_ASSETS assets) the match's copy of the title, as a condition the planner cannot
 * estimate (strpos) so that it walks the list's order filtering rows rather than reading and sorting
 * them all: at a tenth of the rows, ten read per row shown. `estimate`: the same test as the
 * planner can estimate it (the column's statistics), for the total.
 */
export async function matchTitleCondition(db: Queryable, tenantId: number, text: string, reach = 0): Promise<{ condition: SQL; broad: boolean; estimate: SQL }> {
  const estimate = sql`m.track_title ilike ${likePattern(text)}`
  const broad = { condition: sql`strpos(lower(m.track_title), lower(${text})) > 0`, broad: true, estimate }
  const { ids } = await titleAssets(db, tenantId, text, reach)
  if (ids === null) return broad
  if (!ids.length) return { condition: sql`false`, broad: false, estimate }
  const condition = sql`m.asset_row_id = any(${bigintArray(ids)})`
  // Past a thousand assets, their matches are read and sorted only when the planner puts them at a
  // few (usage_matches_asset_idx's statistics: its popular assets and matches per asset); else
  // the list's walk finds a page sooner than reading them all.
  if (ids.length > TITLE_ASSETS_ALWAYS && (await plannedRows(db, sql`from usage_matches m where m.tenant_id = ${tenantId} and ${condition}`)) > TITLE_MATCHES)
    return broad
  return { condition, broad: false, estimate }
}

/**
 * The assets whose title holds a fragment, or null when there are more than the list reads and
 * sorts: TITLE_ASSETS_ALWAYS, or TITLE_ASSETS for a page `reach` rows deep that the list's walk is
 * expected to reach only past WALK_BUDGET entries (`reach` over the fragment's share of the
 * workspace's titles, both the planner's estimates). A fragment the planner puts at ten times the
 * cap (its statistics' sample of titles; a fragment of a few hundred assets is not put there by
 * chance; it put 1,110 assets at 12,121 and 30,000 at 18,182 at 300,000) is settled without reading
 * them: reading the 1,001st of a tenth of 300,000 titles took 13–17 ms, most of a common
 * fragment's page (bench). `planned`: that estimate, the total a broad fragment's unfiltered list shows.
 */
export async function titleAssets(db: Queryable, tenantId: number, text: string, reach: number): Promise<{ ids: number[] | null; planned: number }> {
  const pattern = likePattern(text)
  const planned = await plannedRows(db, sql`from usage_assets a where a.tenant_id = ${tenantId} and a.track_title ilike ${pattern}`)
  let cap = TITLE_ASSETS_ALWAYS
  if (reach > 0 && planned <= TITLE_ASSETS * 10) {
    const titles = await plannedRows(db, sql`from usage_assets a where a.tenant_id = ${tenantId}`)
    if ((reach * titles) / Math.max(planned, 1) > WALK_BUDGET) cap = TITLE_ASSETS
  }
  if (planned > cap * 10) return { ids: null, planned }
  const found = await db.execute<{ id: number }>(sql`
    select a.id from usage_assets a where a.tenant_id = ${tenantId} and a.track_title ilike ${pattern} limit ${cap + 1}`)
  return { ids: found.rows.length > cap ? null : found.rows.map((row) => Number(row.id)), planned }
}

/** The planner's row estimate for `from …` (a common title fragment's total). */
async function plannedRows(db: Queryable, from: SQL): Promise<number> {
  const plan = await db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(sql`explain (format json) select 1 ${from}`)
  return Number(plan.rows[0]?.['QUERY PLAN']?.[0]?.Plan?.['Plan Rows'] ?? 0)
}

/**
 * A usage list's search box: the identifiers it may be (a #id, the provider's id) are looked up in
 * their unique indexes first, and only when they name nothing is the text a track-title fragment.
 * One OR of both made the planner walk the whole list in its order, filtering every row: 5.8 s for
 * a match id at a million matches (bench).
 */
async function namesExactly(db: Queryable, table: SQL, tenant: SQL, exact: SQL): Promise<boolean> {
  const found = await db.execute<{ found: boolean }>(sql`select exists (select 1 from ${table} where ${tenant} and ${exact}) as found`)
  return Boolean(found.rows[0]?.found)
}

// ---------------------------------------------------------------------------------------------
// Submitting and removing

async function submit(ctx: AuthedContext, trackRows: { id: number; release_id: number; account_id: number; status: number; title: string }[], asked: number[]) {
  requireProvider(ctx.services)
  const tenantId = ctx.tenant.id
  const known = new Map(trackRows.map((row) => [Number(row.id), row]))
  const refused: { trackId: number; reason: string }[] = []
  const candidates: number[] = []
  for (const id of asked) {
    const row = known.get(id)
    if (!row) refused.push({ trackId: id, reason: 'There is no such track in this workspace.' })
    else if (!LIVE.includes(Number(row.status))) refused.push({ trackId: id, reason: `Only tracks of live releases go to usage discovery; “${row.title}” is not live.` })
    else candidates.push(id)
  }
  const result = await auditedMutation(ctx, { action: 'usage_discovery.submitted', entityType: 'usage_asset' }, async (tx) => {
    const submitted: { id: number; trackId: number }[] = []
    const already: number[] = []
    for (const trackId of candidates) {
      const row = known.get(trackId)!
      const inserted = await tx.execute<{ id: number }>(sql`
        insert into usage_assets (tenant_id, track_id, release_id, account_id, track_title, status, submitted_by)
        values (${tenantId}, ${trackId}, ${row.release_id}, ${row.account_id}, ${row.title}, 'queued', ${ctx.session.account.id})
        on conflict (tenant_id, track_id) where cancelled_at is null do nothing
        returning id`)
      if (inserted.rows[0]) submitted.push({ id: Number(inserted.rows[0].id), trackId })
      else already.push(trackId)
    }
    if (submitted.length)
      await ctx.services.jobs.enqueue(tx, {
        type: REGISTER_JOB,
        tenantId,
        createdBy: ctx.session.account.id,
        payload: { tenantId, assetRowIds: submitted.map((entry) => entry.id) },
      })
    return { result: { submitted, already }, records: submitted.map((entry) => ({ entityId: entry.id, after: { trackId: entry.trackId, status: 'queued' } })) }
  })
  if (!result.submitted.length && !result.already.length) throw conflict(refused[0]?.reason ?? 'Choose a track of a live release.')
  const parts = [`${result.submitted.length} track${result.submitted.length === 1 ? '' : 's'} submitted for usage discovery.`]
  if (result.already.length) parts.push(`${result.already.length} already in discovery.`)
  if (refused.length) parts.push(`${refused.length} refused: ${refused[0].reason}`)
  return { message: parts.join(' '), submitted: result.submitted.length, alreadyInDiscovery: result.already, refused }
}

const TRACK_ROWS = sql`select t.id, t.release_id, r.account_id, r.status, t.title from tracks t join releases r on r.id = t.release_id`

export async function submitTracks(ctx: AuthedContext, trackIds: number[]) {
  const ids = [...new Set(trackIds)]
  const rows = await ctx.services.db.execute<{ id: number; release_id: number; account_id: number; status: number; title: string }>(sql`
    ${TRACK_ROWS} where t.tenant_id = ${ctx.tenant.id} and t.id = any(${plainArray(ids)}::bigint[])`)
  return submit(ctx, rows.rows, ids)
}

export async function submitReleases(ctx: AuthedContext, releaseIds: number[]) {
  const ids = [...new Set(releaseIds)]
  const rows = await ctx.services.db.execute<{ id: number; release_id: number; account_id: number; status: number; title: string }>(sql`
    ${TRACK_ROWS} where t.tenant_id = ${ctx.tenant.id} and t.release_id = any(${plainArray(ids)}::bigint[]) order by t.release_id, t.position, t.id`)
  if (!rows.rows.length) throw notFound('None of these releases has a track in this workspace.')
  return submit(
    ctx,
    rows.rows,
    rows.rows.map((row) => Number(row.id)),
  )
}

/** Cancels assets (cancelled overrides every status; their matches stay listed); the provider is told by a job. */
export async function removeAssets(ctx: AuthedContext, ids: number[]) {
  const tenantId = ctx.tenant.id
  const unique = [...new Set(ids)]
  const removed = await auditedMutation(ctx, { action: 'usage_discovery.removed', entityType: 'usage_asset' }, async (tx) => {
    const rows = await tx.execute<{ id: number; status: string; asset_id: string | null; cancelled_at: Date | null }>(sql`
      select id, status, asset_id, cancelled_at from usage_assets where tenant_id = ${tenantId} and id = any(${plainArray(unique)}::bigint[])
      order by id for update`)
    if (rows.rows.length !== unique.length) throw notFound('There is no such track in discovery in this workspace.')
    const done = rows.rows.find((row) => row.cancelled_at)
    if (done) throw conflict(`#${done.id} is already cancelled.`)
    const now = ctx.services.now()
    await tx.execute(sql`update usage_assets set cancelled_at = ${now}, updated_at = ${now}
      where tenant_id = ${tenantId} and id = any(${plainArray(unique)}::bigint[])`)
    const assetIds = rows.rows.map((row) => row.asset_id).filter((id): id is string => Boolean(id))
    if (assetIds.length) await ctx.services.jobs.enqueue(tx, { type: REMOVE_JOB, tenantId, payload: { assetIds } })
    return {
      result: rows.rows.length,
      records: rows.rows.map((row) => ({ entityId: Number(row.id), before: { status: row.status }, after: { status: 'cancelled' } })),
    }
  })
  return { message: removed === 1 ? 'Removed from usage discovery.' : `${removed} tracks removed from usage discovery.`, removed }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array)
    size += buffer.length
    if (size > MAX_AUDIO_BYTES) throw new Error('The audio file is over 200 MB.')
    chunks.push(buffer)
  }
  return Buffer.concat(chunks)
}

async function audioOf(services: Services, tenantId: number, audioUrl: string | null): Promise<UsageAudio> {
  if (!audioUrl) throw new Error('The track has no audio file.')
  const stored = /^\/api\/files\/(\d+)(?:[/?#].*)?$/.exec(audioUrl)
  if (stored) {
    const file = await services.files.find(services.db, tenantId, Number(stored[1]))
    if (!file) throw new Error("The track's audio file is missing from storage.")
    return { bytes: await readAll(await services.files.open(file)), filename: file.originalName, contentType: file.contentType }
  }
  if (!/^https?:\/\//i.test(audioUrl)) throw new Error("The track's audio address cannot be read.")
  const response = await fetch(audioUrl, { signal: AbortSignal.timeout(60_000) })
  if (!response.ok) throw new Error(`The audio address answered ${response.status}.`)
  const bytes = Buffer.from(await response.arrayBuffer())
  if (bytes.length > MAX_AUDIO_BYTES) throw new Error('The audio file is over 200 MB.')
  const name = decodeURIComponent(new URL(audioUrl).pathname.split('/').pop() || 'audio')
  return { bytes, filename: name, contentType: response.headers.get('content-type') ?? 'application/octet-stream' }
}

/** The register job: sends each queued asset's audio to the provider; a refusal is kept on the asset. */
export async function registerAssets(services: Services, tenantId: number, assetRowIds: number[]) {
  const rows = await services.db.execute<{ id: number; track_id: number; title: string; isrc: string | null; audio_url: string | null }>(sql`
    select a.id, a.track_id, t.title, t.isrc, t.audio_url from usage_assets a join tracks t on t.id = a.track_id
    where a.tenant_id = ${tenantId} and a.id = any(${plainArray(assetRowIds)}::bigint[]) and a.status = 'queued' and a.cancelled_at is null`)
  for (const row of rows.rows) {
    try {
      const audio = await audioOf(services, tenantId, row.audio_url)
      const { assetId } = await services.usage.register({ reference: `${referencePrefix(tenantId)}${row.id}`, title: row.title, isrc: row.isrc, audio })
      await services.db.execute(sql`update usage_assets set status = 'registered', asset_id = ${assetId}, error = null, updated_at = now()
        where tenant_id = ${tenantId} and id = ${row.id}`)
    } catch (error) {
      await services.db.execute(sql`update usage_assets set status = 'failed', error = ${(error as Error).message.slice(0, 500)}, updated_at = now()
        where tenant_id = ${tenantId} and id = ${row.id}`)
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Storing matches (the refresh job and the webhook)

/**
 * Stores matches once per provider id (a later sighting updates counts, never the status staff
 * gave it), for assets of this workspace; matches of unknown or other workspaces' assets are skipped.
 * New matches add to the per-day rollup. Answers how many were new. Rows are written in key order
 * (provider id, then day and track), so two batches stored at once wait for each other, never deadlock.
 * Provider and asset ids are compared byte-wise (COLLATE "C", like their columns): the sort and the
 * index descents skip the locale's string comparison, which is all they would use it for. Each
 * match's asset is one look-up of its unique index (lateral, limit 1): a plain join of a few thousand
 * matches is planned as a hash of every asset of the workspace (300,000: 255 ms a batch, bench).
 *
 * `refresh`: a refresh's batch (see refreshMatches), committed without waiting for the disk; only
 * for a statement of its own, outside any transaction.
 */
export async function storeMatches(
  db: Queryable,
  tenantId: number,
  matches: readonly ProviderMatch[],
  refresh?: { ownStatement: true },
): Promise<{ stored: number; created: number }> {
  if (!matches.length) return { stored: 0, created: 0 }
  const n = plainArray
  const t = textArray
  const result = await db.execute<{ created: number; stored: number }>(sql`
    with incoming as (
      select * from unnest(${t(matches.map((m) => m.id))}::text[], ${t(matches.map((m) => m.assetId))}::text[], ${t(matches.map((m) => m.title))}::text[],
        ${t(matches.map((m) => m.platform))}::text[], ${t(matches.map((m) => m.mediaUrl))}::text[], ${t(matches.map((m) => m.userUrl))}::text[],
        ${t(matches.map((m) => m.userName))}::text[], ${t(matches.map((m) => m.copyTitle))}::text[], ${t(matches.map((m) => m.uploadDate))}::timestamptz[],
        ${n(matches.map((m) => m.views))}::bigint[], ${n(matches.map((m) => m.shares))}::bigint[], ${n(matches.map((m) => m.duration))}::numeric[],
        ${n(matches.map((m) => m.matchLength))}::numeric[], ${n(matches.map((m) => m.copyPercentage))}::numeric[], ${t(matches.map((m) => JSON.stringify(m.segments)))}::jsonb[])
        as x(provider_id, asset_id, title, platform, media_url, user_url, user_name, copy_title, upload_date, views, shares, duration, match_length, copy_percentage, segments)
    ),
    upserted as (
      insert into usage_matches as m (tenant_id, provider_id, asset_row_id, track_id, release_id, title, track_title, platform, media_url, user_url, user_name,
        copy_title, upload_date, views, shares, duration, match_length, copy_percentage, segments)
      select distinct on (i.provider_id collate "C") ${tenantId}, i.provider_id, a.id, a.track_id, a.release_id, i.title, a.track_title,
        case when i.platform in ('twitch', 'apple', 'spotify') then i.platform else 'raw' end, i.media_url, i.user_url, i.user_name,
        i.copy_title, i.upload_date, i.views, i.shares, i.duration, i.match_length, round(i.copy_percentage, 2), i.segments
      from incoming i cross join lateral (
        select a.id, a.track_id, a.release_id, a.track_title from usage_assets a where a.asset_id = i.asset_id and a.tenant_id = ${tenantId} limit 1
      ) a
      order by i.provider_id collate "C"
      on conflict (tenant_id, provider_id) do update set views = excluded.views, shares = excluded.shares, title = excluded.title,
        copy_title = excluded.copy_title, duration = excluded.duration, match_length = excluded.match_length,
        copy_percentage = excluded.copy_percentage, segments = excluded.segments, updated_at = now()
      returning (xmax = 0) as created, track_id, views, found_at
    ),
    rolled as (
      insert into usage_daily as d (tenant_id, day, track_id, matches, views)
      select ${tenantId}, (u.found_at at time zone 'UTC')::date, u.track_id, count(*), sum(u.views) from upserted u where u.created
      group by 2, 3 order by 2, 3
      on conflict (tenant_id, day, track_id) do update set matches = d.matches + excluded.matches, views = d.views + excluded.views
      returning 1
    )
    select (select count(*) from upserted where created)::int as created, (select count(*) from upserted)::int as stored,
      (select count(*) from rolled)::int as rolled${refresh ? sql`, set_config('synchronous_commit', 'off', true) as commit_mode` : sql``}`)
  return { stored: Number(result.rows[0]?.stored ?? 0), created: Number(result.rows[0]?.created ?? 0) }
}

/** Batches being stored at once by a refresh: two cores' worth on a quiet machine (bench: 13,849/s one at a time at load 1.8, 16,657/s two at once at load 2.0 with the cheaper statement). */
const STORES_IN_FLIGHT = 2

/**
 * The refresh job: reads the workspace's match feed from its cursor to the end, storing each page.
 * The next page is asked for while this one is stored, and up to STORES_IN_FLIGHT batches are stored
 * at once on their own connections: the provider's answer time and the database's work overlap
 * instead of adding up. The cursor past a batch is saved only once it and every batch before it are
 * stored (in order, a statement of its own), so a crash never leaves the cursor ahead of what was
 * kept; a batch stored again after a crash only updates its matches (new ones alone feed the rollup).
 */
export async function refreshMatches(services: Services, tenantId: number, signal?: AbortSignal, batchSize = STORE_BATCH) {
  if (!services.usage.configured) return { stored: 0, created: 0 }
  const state = await services.db.execute<{ cursor: string | null }>(sql`select cursor from usage_cursors where tenant_id = ${tenantId}`)
  let cursor = state.rows[0]?.cursor ?? null
  let stored = 0
  let created = 0
  const ask = (after: string | null) => {
    const asked = services.usage.matches(referencePrefix(tenantId), after, FEED_PAGE)
    // A page asked for ahead and never awaited (the refresh stopped) must not be an unhandled rejection.
    asked.catch(() => undefined)
    return asked
  }
  // Committed without waiting for the disk: a crash loses it with the batches before it, and the
  // feed is read again from the cursor that was kept. The job's own completion, an ordinary commit,
  // flushes them.
  const saveCursor = (next: string | null) =>
    services.db.execute(sql`
      with moved as (
        insert into usage_cursors (tenant_id, cursor, refreshed_at) values (${tenantId}, ${next}, now())
        on conflict (tenant_id) do update set cursor = excluded.cursor, refreshed_at = excluded.refreshed_at
        returning 1
      )
      select set_config('synchronous_commit', 'off', true) as commit_mode, (select count(*) from moved) as moved`)
  const inFlight: { storing: Promise<{ stored: number; created: number }>; cursor: string | null }[] = []
  const settleOldest = async () => {
    const oldest = inFlight.shift()!
    const counts = await oldest.storing
    await saveCursor(oldest.cursor)
    stored += counts.stored
    created += counts.created
  }
  let coming = ask(cursor)
  // Pages are stored batchSize matches at a time (tests batch several pages; the job one page per
  // statement).
  let batch: ProviderMatch[] = []
  try {
    for (let pageNo = 0; pageNo < 10_000 && !signal?.aborted; pageNo += 1) {
      const page = await coming
      const last = !page.next || page.matches.length === 0
      if (!last) coming = ask(page.next)
      const next = page.next ?? cursor
      for (const match of page.matches) batch.push(match)
      cursor = next
      if (!last && batch.length < batchSize && pageNo < 9_999) continue
      const storing = batch.length ? storeMatches(services.db, tenantId, batch, { ownStatement: true }) : Promise.resolve({ stored: 0, created: 0 })
      // Awaited in order below; a failure meanwhile must not be an unhandled rejection.
      storing.catch(() => undefined)
      inFlight.push({ storing, cursor: next })
      batch = []
      if (inFlight.length >= STORES_IN_FLIGHT) await settleOldest()
      if (last) break
    }
    while (inFlight.length) await settleOldest()
  } finally {
    // A failed batch: those stored beside it are left to finish (their cursor not saved) before the job's error.
    await Promise.allSettled(inFlight.map((entry) => entry.storing))
  }
  // Stopped (aborted, or the page limit) with pages read but not stored: their cursor is not saved either.
  return { stored, created }
}

/** The webhook's matches, by the workspace their asset belongs to. */
export async function storePushedMatches(db: Queryable, matches: readonly ProviderMatch[]) {
  if (!matches.length) return 0
  const owners = await db.execute<{ asset_id: string; tenant_id: number }>(sql`
    select asset_id, tenant_id from usage_assets where asset_id = any(${textArray([...new Set(matches.map((m) => m.assetId))])}::text[])`)
  const tenantOf = new Map(owners.rows.map((row) => [row.asset_id, Number(row.tenant_id)]))
  const byTenant = new Map<number, ProviderMatch[]>()
  for (const match of matches) {
    const tenantId = tenantOf.get(match.assetId)
    if (tenantId === undefined) continue
    byTenant.set(tenantId, [...(byTenant.get(tenantId) ?? []), match])
  }
  let stored = 0
  for (const [tenantId, list] of byTenant) stored += (await storeMatches(db, tenantId, list)).stored
  return stored
}

export async function queueRefresh(ctx: AuthedContext) {
  requireProvider(ctx.services)
  // Audited like any staff action: it spends the provider's quota on the workspace's behalf.
  await auditedMutation(ctx, { action: 'usage_discovery.refresh_requested', entityType: 'tenant' }, async (tx) => {
    const jobId = await ctx.services.jobs.enqueue(tx, { type: REFRESH_JOB, tenantId: ctx.tenant.id, createdBy: ctx.session.account.id, payload: { tenantId: ctx.tenant.id } })
    return { result: jobId, entityId: ctx.tenant.id, after: { jobId } }
  })
  return { message: 'Looking for new matches: they appear in Match Results as they arrive.' }
}

// ---------------------------------------------------------------------------------------------
// Lists and the match

type AssetRow = {
  id: number
  asset_id: string | null
  status: AssetStatus
  error: string | null
  cancelled_at: Date | string | null
  created_at: Date | string
  track_id: number
  track_title: string
  isrc: string | null
  release_id: number
  release_title: string
  cover_url: string | null
  submitted_by: number | null
  account_id: number
  first_name: string | null
  last_name: string | null
  email: string
  matches: number
}

const ASSET_SELECT = sql`
  select a.id, a.asset_id, a.status, a.error, a.cancelled_at, a.created_at, a.track_id, t.title as track_title, t.isrc,
    a.release_id, r.title as release_title, r.cover_url, a.submitted_by, acc.id as account_id, acc.first_name, acc.last_name, acc.email,
    (select count(*)::int from usage_matches m where m.asset_row_id = a.id) as matches
  from page join usage_assets a on a.id = page.id
  join tracks t on t.id = a.track_id join releases r on r.id = a.release_id join accounts acc on acc.id = a.account_id`

export async function listAssets(ctx: AuthedContext, pageNo: number, query: { per_page: number; search?: string; status?: AssetStatus }) {
  const tenantId = ctx.tenant.id
  const conditions: SQL[] = [sql`a.tenant_id = ${tenantId}`]
  if (query.status === 'cancelled') conditions.push(sql`a.cancelled_at is not null`)
  else if (query.status) conditions.push(sql`a.status = ${query.status} and a.cancelled_at is null`)
  const search = query.search?.trim()
  // A common fragment's total is the planner's estimate (counting 10,000 through the trigram index
  // took 42 ms at 300,000 assets), never below the TITLE_ASSETS_ALWAYS it is known to pass.
  let broadPlanned: number | null = null
  // A fragment's assets read whole (no status filter): their number is the total, without counting them again.
  let titleTotal: number | null = null
  if (search) {
    const idMatch = /^#?(\d{1,15})$/.exec(search)
    const exact = idMatch ? sql`(a.id = ${Number(idMatch[1])} or a.asset_id = ${search})` : sql`a.asset_id = ${search}`
    if (await namesExactly(ctx.services.db, sql`usage_assets a`, sql`a.tenant_id = ${tenantId}`, exact)) conditions.push(exact)
    else if (search.length < MIN_FUZZY_LENGTH) conditions.push(sql`false`)
    else {
      // As the matches' (matchTitleCondition): up to TITLE_ASSETS_ALWAYS assets found by the trigram
      // index and sorted (TITLE_ASSETS for a deep page); a fragment of more filters the list's walk in
      // its order. The planner cannot choose between the two itself: it estimates a few rows for any
      // fragment of a unique title.
      const { ids, planned } = await titleAssets(ctx.services.db, tenantId, search, pageNo * query.per_page)
      if (ids === null) {
        broadPlanned = planned
        conditions.push(sql`strpos(lower(a.track_title), lower(${search})) > 0`)
      } else {
        conditions.push(ids.length ? sql`a.id = any(${bigintArray(ids)})` : sql`false`)
        if (!query.status) titleTotal = ids.length
      }
    }
  }
  const where = sql`where ${sql.join(conditions, sql` and `)}`
  // NULLS LAST as the index keeps them (drizzle's desc()): a plain DESC would sort the whole table.
  const order = sql`a.created_at desc nulls last, a.id desc nulls last`
  const rows = await ctx.services.db.execute<AssetRow>(sql`
    with page as (select a.id from usage_assets a ${where} order by ${order} limit ${query.per_page} offset ${(pageNo - 1) * query.per_page})
    ${ASSET_SELECT} order by ${order}`)
  // A status is an indexed equality (partial indexes): the planner's estimate of it is good enough to skip counting.
  const { total, estimate } =
    pageTotal(rows.rows.length, pageNo, query.per_page) ??
    (broadPlanned !== null && !query.status
      ? { total: Math.max(TITLE_ASSETS_ALWAYS + 1, (pageNo - 1) * query.per_page + rows.rows.length + 1, Math.round(broadPlanned)), estimate: true }
      : titleTotal !== null
        ? { total: titleTotal, estimate: false }
        : await countCapped(ctx.services.db, sql`from usage_assets a ${where}`, { estimateFirst: !search }))
  return {
    data: rows.rows.map((row) => ({
      id: Number(row.id),
      assetId: row.asset_id,
      title: row.track_title,
      isrc: row.isrc,
      trackId: Number(row.track_id),
      release: { id: Number(row.release_id), title: row.release_title, artwork: row.cover_url },
      status: assetStatusShown(row.status, row.cancelled_at),
      statusLabel: ASSET_STATUS_LABELS[assetStatusShown(row.status, row.cancelled_at)],
      error: row.error,
      date: date(row.created_at)!,
      adminId: row.submitted_by === null ? null : Number(row.submitted_by),
      user: userOf(row),
      matches: Number(row.matches),
    })),
    meta: pageMeta(total, estimate, pageNo, query.per_page),
    provider: providerState(ctx.services),
  }
}

/** Tracks of live releases with where they stand in discovery (pex/tracks). */
export async function listTracks(ctx: AuthedContext, pageNo: number, query: { per_page: number; search?: string }) {
  const tenantId = ctx.tenant.id
  const conditions: SQL[] = [sql`t.tenant_id = ${tenantId}`, sql`t.release_id in (select r.id from releases r where r.tenant_id = ${tenantId} and r.status in (1, 7))`]
  const search = searchOn(sql`t.title`, query.search, sql`t.id`)
  if (search) conditions.push(search)
  const where = sql`where ${sql.join(conditions, sql` and `)}`
  const order = sql`t.id desc`
  const rows = await ctx.services.db.execute<{
    id: number
    title: string
    release_id: number
    release_title: string
    cover_url: string | null
    cover_medium_url: string | null
    cover_large_url: string | null
    account_id: number
    first_name: string | null
    last_name: string | null
    email: string
    asset_status: AssetStatus | null
    cancelled_at: Date | null
  }>(sql`
    with page as (select t.id from tracks t ${where} order by ${order} limit ${query.per_page} offset ${(pageNo - 1) * query.per_page})
    select t.id, t.title, r.id as release_id, r.title as release_title, r.cover_url, r.cover_medium_url, r.cover_large_url,
      acc.id as account_id, acc.first_name, acc.last_name, acc.email, a.status as asset_status, a.cancelled_at
    from page join tracks t on t.id = page.id join releases r on r.id = t.release_id join accounts acc on acc.id = r.account_id
    left join lateral (select x.status, x.cancelled_at from usage_assets x where x.tenant_id = ${tenantId} and x.track_id = t.id
      order by x.cancelled_at is null desc, x.id desc limit 1) a on true
    order by ${order}`)
  const { total, estimate } = await countCapped(ctx.services.db, sql`from tracks t ${where}`, { estimateFirst: !search })
  return {
    data: rows.rows.map((row) => {
      const status = row.asset_status ? assetStatusShown(row.asset_status, row.cancelled_at) : null
      return {
        id: Number(row.id),
        title: row.title,
        release: { id: Number(row.release_id), title: row.release_title },
        user: userOf(row),
        status: status ?? ('not_submitted' as const),
        statusLabel: status ? ASSET_STATUS_LABELS[status] : 'Not submitted',
        artwork: { small: row.cover_url, medium: row.cover_medium_url, large: row.cover_large_url },
      }
    }),
    meta: pageMeta(total, estimate, pageNo, query.per_page),
    provider: providerState(ctx.services),
  }
}

/** Releases with tracks in discovery (pex/releases): the Release Submissions screen. */
export async function listReleases(ctx: AuthedContext, pageNo: number, query: { per_page: number; search?: string }) {
  const tenantId = ctx.tenant.id
  const search = searchOn(sql`r.title`, query.search, sql`r.id`)
  const rows = await ctx.services.db.execute<{
    release_id: number
    title: string
    upc: string | null
    cover_url: string | null
    account_id: number
    first_name: string | null
    last_name: string | null
    email: string
    tracks: number
    open: number
    cancelled: number
    submitted_at: Date | string
  }>(sql`
    with grouped as (
      select a.release_id, count(*)::int as tracks, count(*) filter (where a.cancelled_at is null)::int as open,
        count(*) filter (where a.cancelled_at is not null)::int as cancelled, max(a.created_at) as submitted_at
      from usage_assets a where a.tenant_id = ${tenantId} group by a.release_id
    ), page as (
      select g.* from grouped g join releases r on r.id = g.release_id ${search ? sql`where ${search}` : sql``}
      order by g.submitted_at desc, g.release_id desc limit ${query.per_page} offset ${(pageNo - 1) * query.per_page}
    )
    select page.*, r.title, r.upc, r.cover_url, acc.id as account_id, acc.first_name, acc.last_name, acc.email
    from page join releases r on r.id = page.release_id join accounts acc on acc.id = r.account_id
    order by page.submitted_at desc, page.release_id desc`)
  const counted = await ctx.services.db.execute<{ n: number }>(sql`
    select count(distinct a.release_id)::int as n from usage_assets a join releases r on r.id = a.release_id
    where a.tenant_id = ${tenantId} ${search ? sql`and ${search}` : sql``}`)
  return {
    data: rows.rows.map((row) => ({
      id: Number(row.release_id),
      title: row.title,
      upc: row.upc,
      artwork: row.cover_url,
      user: userOf(row),
      tracks: Number(row.tracks),
      inDiscovery: Number(row.open),
      cancelled: Number(row.cancelled),
      status: Number(row.open) > 0 ? 'In discovery' : 'Cancelled',
      submitted: date(row.submitted_at)!,
    })),
    meta: pageMeta(Number(counted.rows[0]?.n ?? 0), false, pageNo, query.per_page),
    provider: providerState(ctx.services),
  }
}

type MatchRow = {
  id: number
  provider_id: string
  title: string
  platform: MatchPlatform
  media_url: string | null
  user_url: string | null
  user_name: string | null
  copy_title: string | null
  upload_date: Date | string | null
  views: number
  shares: number
  duration: string
  match_length: string
  copy_percentage: string
  segments: { original: [number, number]; copy: [number, number] }[]
  status: MatchStatus
  found_at: Date | string
  track_id: number
  release_id: number
}

const matchRow = (row: MatchRow) => ({
  id: Number(row.id),
  matchId: row.provider_id,
  title: row.title,
  platform: row.platform,
  mediaUrl: row.media_url,
  userUrl: row.user_url,
  userName: row.user_name,
  copyTitle: row.copy_title,
  uploadDate: date(row.upload_date),
  status: row.status,
  statusLabel: MATCH_STATUS_LABELS[row.status],
  found: date(row.found_at)!,
})

export async function listMatches(ctx: AuthedContext, pageNo: number, query: { per_page: number; search?: string; status?: MatchStatus; platform?: MatchPlatform }) {
  const tenantId = ctx.tenant.id
  const conditions: SQL[] = [sql`m.tenant_id = ${tenantId}`]
  if (query.status) conditions.push(sql`m.status = ${query.status}`)
  if (query.platform) conditions.push(sql`m.platform = ${query.platform}`)
  const search = query.search?.trim()
  const offset = (pageNo - 1) * query.per_page
  const tenantOnly = conditions.length === 1
  let broadEstimate: SQL | null = null
  // A common title fragment with a status or platform: the filter's ranges walked with the title as their one condition.
  let broadTitle: SQL | undefined
  if (search) {
    const idMatch = /^(?:#|match:\s*)?(\d{1,15})$/i.exec(search)
    const exact = idMatch ? sql`(m.id = ${Number(idMatch[1])} or m.provider_id = ${search})` : sql`m.provider_id = ${search}`
    if (await namesExactly(ctx.services.db, sql`usage_matches m`, sql`m.tenant_id = ${tenantId}`, exact)) conditions.push(exact)
    else if (search.length < MIN_FUZZY_LENGTH) conditions.push(sql`false`)
    else {
      const title = await matchTitleCondition(ctx.services.db, tenantId, search, offset + query.per_page)
      conditions.push(title.condition)
      if (title.broad) {
        broadEstimate = sql`from usage_matches m where ${sql.join([...conditions.slice(0, -1), title.estimate], sql` and `)}`
        if (!tenantOnly) broadTitle = title.condition
      }
    }
  }
  const where = sql`where ${sql.join(conditions, sql` and `)}`
  // A status or platform alone, or with a common title: the merge of the filter index's ranges (the
  // title tested in the index: at most the filter's matches read, none from the heap; walking
  // usage_matches_tenant_found_idx instead read every match of the workspace when few of the
  // fragment's matches passed the filter). Anything else: the rows it names sorted (an identifier, a
  // rare title), or usage_matches_tenant_found_idx walked (the whole list, a common title).
  const pageRows = (page: SQL) =>
    ctx.services.db.execute<MatchRow>(sql`
      with page as (${page})
      select m.* from page join usage_matches m on m.id = page.id order by m.found_at desc nulls last, m.id desc nulls last`)
  const ranges = () => matchesInOrder(tenantId, { status: query.status, platform: query.platform, title: broadTitle }, query.per_page, offset)
  let rows: Awaited<ReturnType<typeof pageRows>>
  let counted: { total: number; estimate: boolean } | null = null
  if (broadTitle !== undefined) {
    // The list's first WALK_PREFIX matches hold the page (a prefix of the order: exact), else the
    // fragment's matches of the filter when the title filter index finds at most
    // TITLE_FILTER_MATCHES (counted exactly), else the filter's ranges.
    const prefix = await pageRows(sql`select m.id, m.found_at from (
        select m.id, m.found_at, m.tenant_id, m.status, m.platform, m.track_title from usage_matches m where m.tenant_id = ${tenantId}
        order by ${ORDER_FOUND} limit ${WALK_PREFIX}) m
      ${where} order by ${ORDER_FOUND} limit ${query.per_page} offset ${offset}`)
    const few =
      prefix.rows.length === query.per_page
        ? null
        : await titleFilterPage(ctx.services.db, tenantId, search!, { status: query.status, platform: query.platform }, broadTitle, query.per_page, offset)
    if (few) counted = { total: few.total, estimate: false }
    rows =
      prefix.rows.length === query.per_page
        ? prefix
        : few
          ? await pageRows(sql`select m.id, m.found_at from usage_matches m where m.tenant_id = ${tenantId} and m.id = any(${bigintArray(few.ids)})`)
          : await pageRows(ranges())
  } else
    rows = await pageRows(
      !search && !tenantOnly ? ranges() : sql`select m.id, m.found_at from usage_matches m ${where} order by ${ORDER_FOUND} limit ${query.per_page} offset ${offset}`,
    )
  // Status and platform are indexed equalities whose estimate is good: a million-row filter is not
  // counted. A common title is the planner's estimate, never below what the page itself shows.
  const shown = offset + rows.rows.length + (rows.rows.length === query.per_page ? 1 : 0)
  const { total, estimate } =
    counted ??
    pageTotal(rows.rows.length, pageNo, query.per_page) ??
    (broadEstimate
      ? { total: Math.max(shown, Math.round(await plannedRows(ctx.services.db, broadEstimate))), estimate: true }
      : await countCapped(ctx.services.db, sql`from usage_matches m ${where}`, { estimateFirst: !search }))
  return { data: rows.rows.map(matchRow), meta: pageMeta(total, estimate, pageNo, query.per_page), provider: providerState(ctx.services) }
}

export async function singleMatch(ctx: AuthedContext, id: number) {
  const tenantId = ctx.tenant.id
  const result = await ctx.services.db.execute<
    MatchRow & {
      release_title: string
      upc: string | null
      catalog_number: string | null
      release_date: string | null
      cover_url: string | null
      track_title: string
      account_id: number
      first_name: string | null
      last_name: string | null
      email: string
    }
  >(sql`
    select m.*, r.title as release_title, r.upc, r.catalog_number, r.release_date::text as release_date, r.cover_url, t.title as track_title,
      acc.id as account_id, acc.first_name, acc.last_name, acc.email
    from usage_matches m join usage_assets a on a.id = m.asset_row_id join releases r on r.id = m.release_id join tracks t on t.id = m.track_id
    join accounts acc on acc.id = a.account_id
    where m.tenant_id = ${tenantId} and m.id = ${id}`)
  const row = result.rows[0]
  if (!row) throw notFound('There is no such match in this workspace.')
  const queue = await ctx.services.db.execute<{ id: number }>(matchesInOrder(tenantId, { status: 'new' }, 500))
  return {
    ...matchRow(row),
    track: { id: Number(row.track_id), title: row.track_title },
    user: userOf(row),
    views: Number(row.views),
    shares: Number(row.shares),
    duration: Number(row.duration),
    matchLength: Number(row.match_length),
    copyPercentage: copyPercent(row.copy_percentage),
    segments: row.segments,
    release: {
      id: Number(row.release_id),
      title: row.release_title,
      artwork: row.cover_url,
      upc: row.upc,
      catalogNumber: row.catalog_number,
      releaseDate: row.release_date,
    },
    queue: queue.rows.map((entry) => Number(entry.id)),
  }
}

// ---------------------------------------------------------------------------------------------
// Actions on matches, behind the takedown guard

/** Why a match cannot be actioned: a greenlisted channel, a recording the account no longer owns, an inactive split; or null. */
export async function guardRefusal(
  q: Queryable,
  tenantId: number,
  match: { releaseId: number; trackId: number; userUrl: string | null; assetAccountId: number; releaseAccountId: number; releaseStatus: number },
): Promise<string | null> {
  const platform = channelPlatformOf(match.userUrl)
  if (platform && match.userUrl && (await isGreenlisted(q, tenantId, { releaseId: match.releaseId, trackId: match.trackId, platform, channel: match.userUrl })))
    return GUARD_REASONS.greenlisted(match.userUrl)
  if (match.assetAccountId !== match.releaseAccountId || match.releaseStatus === 9) return GUARD_REASONS.notOwned
  const split = await trackSplitStatus(q, tenantId, match.trackId)
  if (split !== null && split !== 'active') return GUARD_REASONS.splitInactive(split)
  return null
}

export async function actOnMatches(ctx: AuthedContext, body: { ids: number[]; action: MatchAction }) {
  const tenantId = ctx.tenant.id
  const ids = [...new Set(body.ids)]
  const to = MATCH_ACTION_RESULT[body.action]
  const changed = await auditedMutation(ctx, { action: `usage_match.${body.action}`, entityType: 'usage_match' }, async (tx) => {
    const rows = await tx.execute<{
      id: number
      status: MatchStatus
      release_id: number
      track_id: number
      user_url: string | null
      asset_account_id: number
      release_account_id: number
      release_status: number
    }>(sql`
      select m.id, m.status, m.release_id, m.track_id, m.user_url, a.account_id as asset_account_id, r.account_id as release_account_id, r.status as release_status
      from usage_matches m join usage_assets a on a.id = m.asset_row_id join releases r on r.id = m.release_id
      where m.tenant_id = ${tenantId} and m.id = any(${plainArray(ids)}::bigint[]) order by m.id for update of m`)
    if (rows.rows.length !== ids.length) throw notFound('There is no such match in this workspace.')
    for (const row of rows.rows) {
      const name = rows.rows.length > 1 ? `#${row.id}: ` : ''
      const refusal = matchActionRefusal(row.status, body.action)
      if (refusal) throw conflict(`${name}${refusal}`)
      const guarded = await guardRefusal(tx, tenantId, {
        releaseId: Number(row.release_id),
        trackId: Number(row.track_id),
        userUrl: row.user_url,
        assetAccountId: Number(row.asset_account_id),
        releaseAccountId: Number(row.release_account_id),
        releaseStatus: Number(row.release_status),
      })
      if (guarded) throw conflict(`${name}${guarded}`)
    }
    const now = ctx.services.now()
    await tx.execute(sql`update usage_matches set status = ${to}, actioned_by = ${ctx.session.account.id}, actioned_at = ${now}, updated_at = ${now}
      where tenant_id = ${tenantId} and id = any(${plainArray(ids)}::bigint[])`)
    return { result: rows.rows.length, records: rows.rows.map((row) => ({ entityId: Number(row.id), before: { status: row.status }, after: { status: to } })) }
  })
  const label = MATCH_STATUS_LABELS[to].toLowerCase()
  return { message: changed === 1 ? `Match #${ids[0]} is now ${label}.` : `${changed} matches are now ${label}.`, changed }
}
