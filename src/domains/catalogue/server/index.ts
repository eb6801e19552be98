import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { releasesHandlers } from './routes'
import { editRequestSearch, releaseSearch, trackSearch } from './search'
import { draftSearch } from './draft-search'
import { catalogueSeeder } from './seed'

export const catalogueServer: DomainServer = {
  name: 'catalogue',
  handlers: releasesHandlers as unknown as Record<string, AnyHandler>,
  seeders: [catalogueSeeder],
  searchProviders: [releaseSearch, trackSearch, editRequestSearch, draftSearch],
}
