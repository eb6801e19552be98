import { z } from 'zod'
import { endpoint } from './define'
import { accountType, pageOf } from './common'

/** The user card of the spec's shared widgets: id, type, display (initials, name). */
export const userCard = z.object({
  id: z.number(),
  email: z.string(),
  type: accountType,
  displayName: z.string(),
  initials: z.string(),
})
export type UserCard = z.infer<typeof userCard>

export const userEndpoints = {
  'users.fetchUsers': endpoint({
    method: 'GET',
    path: 'users/fetch-users',
    access: 'auth',
    summary:
      'Accounts for the user picker: searched by email or name, sorted alphabetically, paged (admins see every account, others only their own)',
    query: z.object({
      page: z.coerce.number<number>().int().min(1).max(100_000).default(1),
      searchType: z.enum(['email', 'name']).default('email'),
      search: z.string().trim().max(200).optional(),
      count: z.coerce.number<number>().int().min(1).max(100).default(10),
      sort: z.enum(['asc', 'desc']).default('asc'),
      /** Only accounts that can own releases (artists and labels): the uploader's "release for…". */
      owners: z.enum(['true', 'false']).optional(),
    }),
    response: pageOf(userCard),
  }),
} as const
