import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { authHandlers } from './routes'
import { authSeeder } from './seed'
import { accountSearch } from './search'

export const authServer: DomainServer = {
  name: 'auth',
  handlers: authHandlers as unknown as Record<string, AnyHandler>,
  seeders: [authSeeder],
  searchProviders: [accountSearch],
}
