import { displayName, initials } from '@core/names'
import type { UserCard } from '@contract/users'
import type { AuthedContext } from '@server/context'
import * as repo from './repository'

export function toUserCard(row: repo.PickerRow): UserCard {
  const name = displayName({
    artistName: row.artist_name,
    labelName: row.label_name,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
  })
  return { id: Number(row.id), email: row.email, type: row.type, displayName: name, initials: initials(name) }
}

/** Accounts for the user picker: staff choose from the whole workspace, everyone else only themselves. */
export async function fetchUsers(
  ctx: AuthedContext,
  query: {
    page: number
    searchType: 'email' | 'name'
    search?: string
    count: number
    sort: 'asc' | 'desc'
    owners?: 'true' | 'false'
  },
) {
  const account = ctx.session.account
  const { rows, total } = await repo.pickerPage(ctx.services.db, {
    tenantId: ctx.tenant.id,
    onlyAccountId: account.type === 'admin' ? null : account.id,
    searchType: query.searchType,
    search: query.search || undefined,
    sort: query.sort,
    page: query.page,
    count: query.count,
    ownersOnly: query.owners === 'true',
  })
  return {
    data: rows.map(toUserCard),
    meta: {
      total,
      totalIsEstimate: false,
      page: query.page,
      per_page: query.count,
      last_page: Math.max(1, Math.ceil(total / query.count)),
    },
  }
}
