import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'
import { preparedFor } from '@server/db/prepared'
import { COUNT_CAP, countCapped, SEARCH_COUNT_CAP, searchPageOnce } from '@server/db/paging'
import { accounts, artistProfiles, labelProfiles } from '@server/db/schema/platform'
import { likePattern } from '@server/search'
import { editRequests, releases, tracks } from './schema'

export type ReleaseRecord = typeof releases.$inferSelect
export type TrackRecord = typeof tracks.$inferSelect
export type EditRequestRecord = typeof editRequests.$inferSelect

/** The owner as cards show it. */
export interface OwnerRecord {
  id: number
  email: string
  type: 'artist' | 'label' | 'admin'
  firstName: string
  lastName: string
  artistName: string | null
  labelName: string | null
}

export const ownerColumns = {
  id: accounts.id,
  email: accounts.email,
  type: accounts.type,
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  artistName: artistProfiles.artistName,
  labelName: labelProfiles.labelName,
}

/** Releases with their owners, in the order of `ids`. */
export async function releasesWithOwners(db: Queryable, ids: number[]): Promise<{ release: ReleaseRecord; owner: OwnerRecord }[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select({ release: releases, owner: ownerColumns })
    .from(releases)
    .innerJoin(accounts, eq(accounts.id, releases.accountId))
    .leftJoin(artistProfiles, eq(artistProfiles.accountId, accounts.id))
    .leftJoin(labelProfiles, eq(labelProfiles.accountId, accounts.id))
    .where(inArray(releases.id, ids))
  const byId = new Map(rows.map((row) => [row.release.id, row]))
  return ids.map((id) => byId.get(id)).filter((row): row is NonNullable<typeof row> => Boolean(row))
}

/** The release columns a list row shows (`toListItem`): a page reads these, not the whole record. */
export const releaseListColumns = {
  id: releases.id,
  createdAt: releases.createdAt,
  title: releases.title,
  artistText: releases.artistText,
  coverUrl: releases.coverUrl,
  coverMediumUrl: releases.coverMediumUrl,
  coverLargeUrl: releases.coverLargeUrl,
  status: releases.status,
  releaseDate: releases.releaseDate,
  originalReleaseDate: releases.originalReleaseDate,
  upc: releases.upc,
  catalogNumber: releases.catalogNumber,
  label: releases.label,
  language: releases.language,
  primaryGenre: releases.primaryGenre,
  secondaryGenre: releases.secondaryGenre,
  version: releases.version,
  licenseType: releases.licenseType,
  type: releases.type,
  cLine: releases.cLine,
  cYear: releases.cYear,
  pLine: releases.pLine,
  pYear: releases.pYear,
  restrictTakedown: releases.restrictTakedown,
  adminReview: releases.adminReview,
  priorityReview: releases.priorityReview,
  trackCount: releases.trackCount,
}
export type ReleaseListRecord = { [K in keyof typeof releaseListColumns]: ReleaseRecord[K] }

// Every release list page runs it: built once per database handle (src/server/db/prepared.ts).
const listRowsQuery = (db: Queryable) =>
  preparedFor(db, 'wl_release_list_rows', (handle, name) =>
    handle
      .select({ release: releaseListColumns, owner: ownerColumns })
      .from(releases)
      .innerJoin(accounts, eq(accounts.id, releases.accountId))
      .leftJoin(artistProfiles, eq(artistProfiles.accountId, accounts.id))
      .leftJoin(labelProfiles, eq(labelProfiles.accountId, accounts.id))
      .where(sql`${releases.id} = any(${sql.placeholder('ids')}::bigint[])`)
      .prepare(name),
  )

/** A list page's rows with their owners, in the order of `ids`. */
export async function releaseListRows(db: Queryable, ids: number[]): Promise<{ release: ReleaseListRecord; owner: OwnerRecord }[]> {
  if (ids.length === 0) return []
  const rows = await listRowsQuery(db).execute({ ids })
  const byId = new Map(rows.map((row) => [row.release.id, row]))
  return ids.map((id) => byId.get(id)).filter((row): row is NonNullable<typeof row> => Boolean(row))
}

export async function findRelease(db: Queryable, tenantId: number, id: number, lock = false): Promise<ReleaseRecord | undefined> {
  if (lock) await db.execute(sql`select id from releases where id = ${id} and tenant_id = ${tenantId} for update`)
  const [row] = await db
    .select()
    .from(releases)
    .where(and(eq(releases.id, id), eq(releases.tenantId, tenantId)))
  return row
}

export async function findTrack(db: Queryable, tenantId: number, id: number): Promise<TrackRecord | undefined> {
  const [row] = await db
    .select()
    .from(tracks)
    .where(and(eq(tracks.id, id), eq(tracks.tenantId, tenantId)))
  return row
}

// ---------------------------------------------------------------------------------------------
// The release list

export interface ListFilter {
  tenantId: number
  /** YYYY-MM-DD: what counts as "in the future" for scheduled. */
  today: string
  status?: number
  type?: string
  genre?: string
  label?: string
  accountId?: number
  dateField: 'created' | 'release'
  from?: string
  to?: string
  adminReview?: boolean
  priorityReview?: boolean
  search?:
    | { kind: 'upc'; value: string }
    | { kind: 'isrc'; value: string }
    | { kind: 'number'; value: number; text: string }
    | { kind: 'text'; text: string }
}

function listWhere(filter: ListFilter): SQL {
  const conditions: SQL[] = [sql`r.tenant_id = ${filter.tenantId}`]
  if (filter.status !== undefined) {
    if (filter.status === 10) conditions.push(sql`r.status in (1, 7) and r.release_date > ${filter.today}::date`)
    else if (filter.status === 1 || filter.status === 7)
      conditions.push(sql`r.status = ${filter.status} and (r.release_date is null or r.release_date <= ${filter.today}::date)`)
    else conditions.push(sql`r.status = ${filter.status}`)
  }
  if (filter.type) conditions.push(sql`r.type = ${filter.type}`)
  if (filter.genre)
    conditions.push(sql`(lower(r.primary_genre) = lower(${filter.genre}) or lower(r.secondary_genre) = lower(${filter.genre}))`)
  if (filter.label) conditions.push(sql`lower(r.label) = lower(${filter.label})`)
  if (filter.accountId !== undefined) conditions.push(sql`r.account_id = ${filter.accountId}`)
  const column = filter.dateField === 'release' ? sql`r.release_date` : sql`r.created_at`
  if (filter.from) conditions.push(sql`${column} >= ${filter.from}::date`)
  if (filter.to) conditions.push(sql`${column} < ${filter.to}::date + 1`)
  if (filter.adminReview !== undefined) conditions.push(sql`r.admin_review = ${filter.adminReview}`)
  if (filter.priorityReview !== undefined) conditions.push(sql`r.priority_review = ${filter.priorityReview}`)
  const search = filter.search
  if (search?.kind === 'upc') conditions.push(sql`r.upc = ${search.value}`)
  if (search?.kind === 'isrc')
    conditions.push(sql`r.id = any(array(select release_id from tracks where tenant_id = ${filter.tenantId} and isrc = ${search.value}))`)
  if (search?.kind === 'number')
    conditions.push(sql`(r.id = ${search.value} or r.catalog_number = ${search.text} or r.upc = ${search.text})`)
  if (search?.kind === 'text') {
    const pattern = likePattern(search.text)
    // Each branch has its trigram index; the planner ORs their bitmaps, or walks the order's index
    // and filters when matches are common.
    conditions.push(sql`(r.title ilike ${pattern} or r.artist_text ilike ${pattern} or r.catalog_number ilike ${pattern})`)
  }
  return sql`where ${sql.join(conditions, sql` and `)}`
}

export function listFrom(filter: ListFilter): SQL {
  return sql`from releases r ${listWhere(filter)}`
}

export type ReleaseSort = 'created' | 'releaseDate' | 'title' | 'id'

/** Directions spelled like the indexes (NULLS order included), so both directions scan one. */
function ordering(sort: ReleaseSort, dir: 'asc' | 'desc'): SQL {
  switch (sort) {
    case 'created':
      return dir === 'asc'
        ? sql`r.created_at asc nulls first, r.id asc nulls first`
        : sql`r.created_at desc nulls last, r.id desc nulls last`
    case 'releaseDate':
      return dir === 'asc'
        ? sql`r.release_date asc nulls first, r.id asc nulls first`
        : sql`r.release_date desc nulls last, r.id desc nulls last`
    case 'title':
      return dir === 'asc' ? sql`r.title asc nulls last, r.id asc nulls last` : sql`r.title desc nulls first, r.id desc nulls first`
    case 'id':
      return dir === 'asc' ? sql`r.id asc` : sql`r.id desc`
  }
}

/** The ids of one page: an index scan on the sort key, the rows are read afterwards. */
async function orderedPageIds(db: Queryable, filter: ListFilter, order: ListOrder, page: number, perPage: number): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    select r.id ${listFrom(filter)}
    order by ${ordering(order.sort, order.dir)}
    limit ${perPage} offset ${(page - 1) * perPage}`)
  return result.rows.map((row) => Number(row.id))
}

async function plannedRows(db: Queryable, filter: ListFilter): Promise<number> {
  const plan = await db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    sql`explain (format json) select 1 ${listFrom(filter)}`,
  )
  return Number(plan.rows[0]?.['QUERY PLAN']?.[0]?.Plan?.['Plan Rows'] ?? 0)
}

export type ListOrder = { sort: ReleaseSort; dir: 'asc' | 'desc' }

/**
 * One page and the total, in as few passes over the matches as the query allows (at a million
 * releases the count costs more than the page):
 * - a search names few rows: they are read once (up to SEARCH_COUNT_CAP), counted, and the page cut
 *   from them; only when more match does the ordered index scan run, with the planner's estimate
 *   (reading 7,000 trigram matches to count them exactly took 45 ms at a million releases);
 * - a filter the planner expects to match more than COUNT_CAP rows takes its estimate without
 *   counting (flagged as an estimate); narrower ones are counted up to COUNT_CAP.
 */
export async function listPage(
  db: Queryable,
  filter: ListFilter,
  order: ListOrder,
  page: number,
  perPage: number,
): Promise<{ ids: number[]; total: number; estimate: boolean }> {
  if (filter.search) {
    const matches = sql`select r.id, r.created_at, r.release_date, r.title ${listFrom(filter)}`
    const once = await searchPageOnce(db, 'r', matches, ordering(order.sort, order.dir), page, perPage)
    if (once) return { ...once, estimate: false }
    const ids = await orderedPageIds(db, filter, order, page, perPage)
    return { ids, total: Math.max(SEARCH_COUNT_CAP + 1, await plannedRows(db, filter)), estimate: true }
  }
  // Both at once (two pool connections; a transaction's client runs them in turn).
  const [ids, planned] = await Promise.all([orderedPageIds(db, filter, order, page, perPage), plannedRows(db, filter)])
  if (planned > COUNT_CAP) return { ids, total: Math.max(planned, (page - 1) * perPage + ids.length), estimate: true }
  const { total, estimate } = await countCapped(db, listFrom(filter))
  return { ids, total, estimate }
}

// ---------------------------------------------------------------------------------------------
// Duplicates within the workspace

export async function duplicateUpcs(db: Queryable, tenantId: number, releaseId: number, upc: string | null) {
  if (!upc) return []
  const result = await db.execute<{ id: number; title: string; status: number }>(sql`
    select id, title, status from releases
    where tenant_id = ${tenantId} and upc = ${upc} and id <> ${releaseId}
    order by id limit 50`)
  return result.rows.map((row) => ({ releaseId: Number(row.id), title: row.title, status: Number(row.status) }))
}

export type DuplicateIsrcRow = { source_track_id: number; isrc: string; id: number; release_id: number; title: string }

/** Other tracks of the workspace sharing an ISRC with a track of this release (or with one track). */
export async function duplicateIsrcs(db: Queryable, tenantId: number, scope: { releaseId: number } | { trackId: number }) {
  const where = 'releaseId' in scope ? sql`t1.release_id = ${scope.releaseId}` : sql`t1.id = ${scope.trackId}`
  const result = await db.execute<DuplicateIsrcRow>(sql`
    select t1.id as source_track_id, t2.isrc, t2.id, t2.release_id, r2.title
    from tracks t1
    join tracks t2 on t2.tenant_id = ${tenantId} and t2.isrc = t1.isrc and t2.id <> t1.id
    join releases r2 on r2.id = t2.release_id
    where ${where} and t1.tenant_id = ${tenantId} and t1.isrc is not null
    order by t2.id limit 100`)
  return result.rows.map((row) => ({
    sourceTrackId: Number(row.source_track_id),
    isrc: row.isrc,
    trackId: Number(row.id),
    releaseId: Number(row.release_id),
    title: row.title,
  }))
}
