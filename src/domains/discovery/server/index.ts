import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { discoveryHandlers } from './routes'
import { discoverySearch } from './search'

/** Spotify Discovery Mode: submissions, removal requests, the toggle and statement tagging (docs/discovery.md). */
export const discoveryServer: DomainServer = {
  name: 'discovery',
  handlers: discoveryHandlers as unknown as Record<string, AnyHandler>,
  searchProviders: [discoverySearch],
}
