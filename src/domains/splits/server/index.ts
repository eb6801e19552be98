import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { splitsHandlers } from './routes'
import { splitSearch } from './search'
import { splitsSeeder } from './seed'

export const splitsServer: DomainServer = {
  name: 'splits',
  handlers: splitsHandlers as unknown as Record<string, AnyHandler>,
  seeders: [splitsSeeder],
  searchProviders: [splitSearch],
}
