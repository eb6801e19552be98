import { sql, type SQL } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'
import { countCapped } from '@server/db/paging'
import { likePattern } from '@server/search'
import { checkIsrc } from '@core/identifiers'

// The splits' SQL. Tracks and releases are read here by plain SQL joins (never through the
// catalogue's tables module): a split is shown with its track, which is one join, not a service call.

export type SplitRow = {
  id: number
  tenant_id: number
  track_id: number
  owner_account_id: number
  status: string
  locked: boolean
  locked_at: Date | null
  starts_on: string
  ended_on: string | null
  batch_id: number | null
  created_at: Date
  track_title: string
  isrc: string | null
  release_id: number
  release_title: string
  artwork: string | null
  upc: string | null
  catalog_number: string | null
  release_date: string | null
  owner_email: string
  owner_first: string
  owner_last: string
  owner_artist: string | null
  owner_label: string | null
}

export type PayeeRow = {
  id: number
  split_id: number
  email: string
  account_id: number | null
  share: string
  status: string
  confirmed_at: Date | null
  first_name: string | null
  last_name: string | null
  artist_name: string | null
  label_name: string | null
  /** The email's account in the workspace now (an account made after the invite counts). */
  user_id: number | null
}

const SPLIT_COLUMNS = sql`
  s.id, s.tenant_id, s.track_id, s.owner_account_id, s.status, s.locked, s.locked_at, s.starts_on::text as starts_on,
  s.ended_on::text as ended_on, s.batch_id, s.created_at,
  t.title as track_title, t.isrc, t.release_id, r.title as release_title,
  coalesce(r.cover_medium_url, r.cover_url) as artwork, r.upc, r.catalog_number, r.release_date::text as release_date,
  o.email as owner_email, o.first_name as owner_first, o.last_name as owner_last,
  ap.artist_name as owner_artist, lp.label_name as owner_label`
const SPLIT_FROM = sql`
  from splits s
  join tracks t on t.id = s.track_id
  join releases r on r.id = t.release_id
  join accounts o on o.id = s.owner_account_id
  left join artist_profiles ap on ap.account_id = o.id
  left join label_profiles lp on lp.account_id = o.id`

export async function findSplit(db: Queryable, tenantId: number, id: number, forUpdate = false): Promise<SplitRow | null> {
  const { rows } = await db.execute<SplitRow>(
    sql`select ${SPLIT_COLUMNS} ${SPLIT_FROM} where s.tenant_id = ${tenantId} and s.id = ${id} ${forUpdate ? sql`for update of s` : sql``}`,
  )
  return rows[0] ?? null
}

export async function payeesOf(db: Queryable, tenantId: number, splitIds: number[]): Promise<PayeeRow[]> {
  if (splitIds.length === 0) return []
  const { rows } = await db.execute<PayeeRow>(sql`
    select p.id, p.split_id, p.email, p.account_id, p.share::text as share, p.status, p.confirmed_at,
      a.first_name, a.last_name, ap.artist_name, lp.label_name, a.id as user_id
    from split_payees p
    left join accounts a on a.tenant_id = p.tenant_id and (a.id = p.account_id or (p.account_id is null and a.email = p.email))
    left join artist_profiles ap on ap.account_id = a.id
    left join label_profiles lp on lp.account_id = a.id
    where p.tenant_id = ${tenantId} and p.split_id = any(${sql.param(splitIds)}::bigint[])
    order by p.split_id, p.id`)
  return rows
}

export interface ListFilter {
  tenantId: number
  /** Non-staff: only splits this account owns or is a payee of. */
  viewer: { accountId: number; email: string } | null
  search?: string
  status?: string
  locked?: boolean
  page: number
  perPage: number
}

const CANDIDATES = 2000

function listWhere(filter: ListFilter): SQL {
  const parts: SQL[] = [sql`s.tenant_id = ${filter.tenantId}`]
  if (filter.status) parts.push(sql`s.status = ${filter.status}`)
  if (filter.locked !== undefined) parts.push(sql`s.locked = ${filter.locked}`)
  if (filter.viewer) {
    parts.push(sql`(s.owner_account_id = ${filter.viewer.accountId} or exists (
      select 1 from split_payees vp where vp.split_id = s.id and vp.status <> 'removed'
        and (vp.account_id = ${filter.viewer.accountId} or vp.email = ${filter.viewer.email})))`)
  }
  const text = filter.search?.trim()
  if (text) {
    const isrc = checkIsrc(text)
    if (isrc.ok) parts.push(sql`s.track_id in (select id from tracks where tenant_id = ${filter.tenantId} and isrc = ${isrc.value})`)
    else if (/^\d{1,15}$/.test(text)) parts.push(sql`s.id = ${Number(text)}`)
    else {
      // Trigram indexes (tracks_title_trgm_idx, accounts_*_trgm_idx) answer fragments of 3+ characters.
      const pattern = likePattern(text)
      parts.push(sql`(s.track_id in (select id from tracks where tenant_id = ${filter.tenantId} and title ilike ${pattern} limit ${CANDIDATES})
        or s.owner_account_id in (
          (select id from accounts where tenant_id = ${filter.tenantId} and email ilike ${pattern} limit ${CANDIDATES})
          union (select id from accounts where tenant_id = ${filter.tenantId} and (first_name || ' ' || last_name) ilike ${pattern} limit ${CANDIDATES})
          union (select account_id from artist_profiles where tenant_id = ${filter.tenantId} and artist_name ilike ${pattern} limit ${CANDIDATES})))`)
    }
  }
  return sql.join(parts, sql` and `)
}

export async function listSplits(db: Queryable, filter: ListFilter) {
  const where = listWhere(filter)
  const [page, counted] = await Promise.all([
    db.execute<SplitRow & { payee_count: number }>(sql`
      select ${SPLIT_COLUMNS},
        (select count(*)::int from split_payees c where c.split_id = s.id and c.status <> 'removed') as payee_count
      ${SPLIT_FROM}
      where ${where}
      order by s.created_at desc nulls last, s.id desc nulls last
      limit ${filter.perPage} offset ${(filter.page - 1) * filter.perPage}`),
    countCapped(db, sql`from splits s where ${where}`),
  ])
  return { rows: page.rows, total: counted.total, estimate: counted.estimate }
}

export type SummaryRow = {
  id: number
  status: string
  created_at: Date
  ended_on: string | null
  starts_on: string
  payee_count: number
  track_id: number
  track_title: string
  locked: boolean
}

export async function summariesOfRelease(db: Queryable, tenantId: number, releaseId: number): Promise<SummaryRow[]> {
  const { rows } = await db.execute<SummaryRow>(sql`
    select s.id, s.status, s.created_at, s.ended_on::text as ended_on, s.starts_on::text as starts_on, s.locked,
      (select count(*)::int from split_payees c where c.split_id = s.id and c.status <> 'removed') as payee_count,
      t.id as track_id, t.title as track_title
    from tracks t
    join splits s on s.track_id = t.id
    where t.tenant_id = ${tenantId} and t.release_id = ${releaseId} and s.tenant_id = ${tenantId}
    order by t.position, s.starts_on desc, s.id desc`)
  return rows
}

export async function releaseOwner(db: Queryable, tenantId: number, releaseId: number): Promise<number | null> {
  const { rows } = await db.execute<{ account_id: number }>(
    sql`select account_id from releases where tenant_id = ${tenantId} and id = ${releaseId}`,
  )
  return rows[0] ? Number(rows[0].account_id) : null
}

export type TrackRow = {
  id: number
  title: string
  isrc: string | null
  release_id: number
  release_title: string
  artwork: string | null
  upc: string | null
  catalog_number: string | null
  release_date: string | null
  owner_id: number
  owner_email: string
  owner_first: string
  owner_last: string
  owner_artist: string | null
  owner_label: string | null
}

const TRACK_SELECT = sql`
  select t.id, t.title, t.isrc, t.release_id, r.title as release_title, coalesce(r.cover_medium_url, r.cover_url) as artwork,
    r.upc, r.catalog_number, r.release_date::text as release_date,
    o.id as owner_id, o.email as owner_email, o.first_name as owner_first, o.last_name as owner_last,
    ap.artist_name as owner_artist, lp.label_name as owner_label
  from tracks t
  join releases r on r.id = t.release_id
  join accounts o on o.id = r.account_id
  left join artist_profiles ap on ap.account_id = o.id
  left join label_profiles lp on lp.account_id = o.id`

export async function findTrack(db: Queryable, tenantId: number, trackId: number): Promise<TrackRow | null> {
  const { rows } = await db.execute<TrackRow>(sql`${TRACK_SELECT} where t.tenant_id = ${tenantId} and t.id = ${trackId}`)
  return rows[0] ?? null
}

export async function tracksByIsrc(db: Queryable, tenantId: number, isrcs: string[]): Promise<TrackRow[]> {
  if (isrcs.length === 0) return []
  const { rows } = await db.execute<TrackRow>(
    sql`${TRACK_SELECT} where t.tenant_id = ${tenantId} and t.isrc = any(${sql.param(isrcs)}::text[]) order by t.id`,
  )
  return rows
}

/** Tracks for the create screen's picker: by ISRC, id or a title fragment; only the owner's own for non-staff. */
export async function searchTracks(db: Queryable, tenantId: number, text: string, ownerId: number | null, limit = 20): Promise<TrackRow[]> {
  const owner = ownerId === null ? sql`` : sql`and r.account_id = ${ownerId}`
  const isrc = checkIsrc(text)
  let match: SQL
  if (isrc.ok) match = sql`t.isrc = ${isrc.value}`
  else if (/^\d{1,15}$/.test(text)) match = sql`t.id = ${Number(text)}`
  else if (text.length >= 3)
    match = sql`t.id in (select id from tracks where tenant_id = ${tenantId} and title ilike ${likePattern(text)} limit ${CANDIDATES})`
  else if (text.length === 0 && ownerId !== null) match = sql`true`
  else return []
  // Titles in natural order ("Track 2" before "Track 19"): the candidates are sorted here, since
  // the database's text order puts "19" before "2".
  const { rows } = await db.execute<TrackRow>(
    sql`${TRACK_SELECT} where t.tenant_id = ${tenantId} and ${match} ${owner} order by t.title, t.id limit ${CANDIDATES}`,
  )
  return rows.sort((a, b) => NATURAL.compare(a.title, b.title) || a.id - b.id).slice(0, limit)
}

const NATURAL = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

export async function openSplitOf(db: Queryable, tenantId: number, trackId: number) {
  const { rows } = await db.execute<{ id: number; status: string; starts_on: string; payee_count: number }>(sql`
    select s.id, s.status, s.starts_on::text as starts_on,
      (select count(*)::int from split_payees c where c.split_id = s.id and c.status <> 'removed') as payee_count
    from splits s where s.tenant_id = ${tenantId} and s.track_id = ${trackId} and s.status in ('pending', 'active')`)
  return rows[0] ?? null
}

/** Accounts of the workspace by (lower-cased) email. */
export async function accountsByEmail(db: Queryable, tenantId: number, emails: string[]) {
  const found = new Map<
    string,
    { id: number; first_name: string; last_name: string; artist_name: string | null; label_name: string | null }
  >()
  for (let index = 0; index < emails.length; index += 1000) {
    const chunk = emails.slice(index, index + 1000)
    const { rows } = await db.execute<{
      id: number
      email: string
      first_name: string
      last_name: string
      artist_name: string | null
      label_name: string | null
    }>(sql`
      select a.id, a.email, a.first_name, a.last_name, ap.artist_name, lp.label_name
      from accounts a
      left join artist_profiles ap on ap.account_id = a.id
      left join label_profiles lp on lp.account_id = a.id
      where a.tenant_id = ${tenantId} and a.email = any(${sql.param(chunk)}::text[])`)
    for (const row of rows) found.set(row.email, row)
  }
  return found
}

/** Splits an account owns (with the owner's share), or is a payee of (with its share), newest first. */
export async function accountSplits(
  db: Queryable,
  tenantId: number,
  accountId: number,
  role: 'owner' | 'payee',
  page: number,
  perPage: number,
) {
  const where =
    role === 'owner'
      ? sql`s.tenant_id = ${tenantId} and s.owner_account_id = ${accountId} and p.account_id = ${accountId}`
      : sql`s.tenant_id = ${tenantId} and s.owner_account_id <> ${accountId} and p.account_id = ${accountId}`
  const from = sql`from splits s join split_payees p on p.split_id = s.id and p.status <> 'removed' join tracks t on t.id = s.track_id where ${where}`
  const [list, counted] = await Promise.all([
    db.execute<{ id: number; title: string; status: string; share: string; created_at: Date }>(sql`
      select s.id, t.title, s.status, p.share::text as share, s.created_at ${from}
      order by s.created_at desc, s.id desc limit ${perPage} offset ${(page - 1) * perPage}`),
    countCapped(db, from),
  ])
  return { rows: list.rows, total: counted.total, estimate: counted.estimate }
}
