import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { usersHandlers } from './routes'
import { accountHandlers } from './account.routes'
import { usersSeeder } from './seed'

export const usersServer: DomainServer = {
  name: 'users',
  handlers: { ...usersHandlers, ...accountHandlers } as unknown as Record<string, AnyHandler>,
  seeders: [usersSeeder],
}
