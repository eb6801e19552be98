import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { helpCenterHandlers } from './routes'
import { helpThreadSearch } from './search'
import { helpCenterSeeder } from './seed'

export const helpCenterServer: DomainServer = {
  name: 'help-center',
  handlers: helpCenterHandlers as unknown as Record<string, AnyHandler>,
  searchProviders: [helpThreadSearch],
  seeders: [helpCenterSeeder],
}
