import type { userEndpoints } from '@contract/users'
import type { Handlers, IdsOf } from '@server/handlers'
import { fetchUsers } from './service'

export const usersHandlers: Partial<Handlers<IdsOf<typeof userEndpoints>>> = {
  'users.fetchUsers': ({ ctx, query }) => fetchUsers(ctx, query),
}
