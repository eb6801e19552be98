import { sql, type SQL } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'
import { likePattern } from '@server/search'

export interface PickerFilter {
  tenantId: number
  /** Set for accounts that may only ever see themselves. */
  onlyAccountId: number | null
  searchType: 'email' | 'name'
  search?: string
  sort: 'asc' | 'desc'
  page: number
  count: number
}

export type PickerRow = {
  id: number
  email: string
  type: 'artist' | 'label' | 'admin'
  first_name: string
  last_name: string
  artist_name: string | null
  label_name: string | null
}

/** The display-name fallback of src/core/names.ts, in SQL, so the name order is the order people see. */
const DISPLAY_NAME = sql`coalesce(
  nullif(trim(ap.artist_name), ''),
  nullif(trim(lp.label_name), ''),
  nullif(trim(concat_ws(' ', nullif(trim(a.first_name), ''), nullif(trim(a.last_name), ''))), ''),
  a.email)`

const FROM = sql`
  from accounts a
  left join artist_profiles ap on ap.account_id = a.id
  left join label_profiles lp on lp.account_id = a.id`

function whereOf(filter: PickerFilter): SQL {
  const conditions: SQL[] = [sql`a.tenant_id = ${filter.tenantId}`]
  if (filter.onlyAccountId !== null) conditions.push(sql`a.id = ${filter.onlyAccountId}`)
  if (filter.search) {
    const pattern = likePattern(filter.search)
    conditions.push(
      filter.searchType === 'email'
        ? sql`a.email ilike ${pattern}`
        : sql`((a.first_name || ' ' || a.last_name) ilike ${pattern} or ap.artist_name ilike ${pattern} or lp.label_name ilike ${pattern})`,
    )
  }
  return sql`where ${sql.join(conditions, sql` and `)}`
}

/** One page of accounts for the user picker, alphabetical by email or by display name, and the total. */
export async function pickerPage(db: Queryable, filter: PickerFilter): Promise<{ rows: PickerRow[]; total: number }> {
  const where = whereOf(filter)
  const direction = filter.sort === 'desc' ? sql`desc` : sql`asc`
  const key = filter.searchType === 'email' ? sql`a.email` : sql`lower(${DISPLAY_NAME})`
  const counted = await db.execute<{ total: number }>(sql`select count(*)::int as total ${FROM} ${where}`)
  const page = await db.execute<PickerRow>(sql`
    select a.id, a.email, a.type, a.first_name, a.last_name, ap.artist_name, lp.label_name
    ${FROM}
    ${where}
    order by ${key} ${direction}, a.id ${direction}
    limit ${filter.count} offset ${(filter.page - 1) * filter.count}`)
  return { rows: page.rows, total: Number(counted.rows[0]?.total ?? 0) }
}
