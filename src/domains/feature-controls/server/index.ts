import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { featureControlHandlers } from './routes'
import { featureRequestSearch } from './search'
import { featureControlsSeeder } from './seed'

/** Feature controls: requests artists make (greenlist, …) and staff review in one pattern (docs/feature-controls.md). */
export const featureControlsServer: DomainServer = {
  name: 'feature-controls',
  handlers: featureControlHandlers as unknown as Record<string, AnyHandler>,
  searchProviders: [featureRequestSearch],
  seeders: [featureControlsSeeder],
}
