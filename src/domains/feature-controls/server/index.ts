import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { registerFeatureControlJobs } from './jobs'
import { featureControlHandlers } from './routes'
import { FEATURE_REQUEST_SEARCH } from './search'
import { featureControlsSeeder } from './seed'

/** Feature controls: requests artists make (greenlist, …) and staff review in one pattern (docs/feature-controls.md). */
export const featureControlsServer: DomainServer = {
  name: 'feature-controls',
  handlers: featureControlHandlers as unknown as Record<string, AnyHandler>,
  registerJobs: registerFeatureControlJobs,
  searchProviders: FEATURE_REQUEST_SEARCH,
  seeders: [featureControlsSeeder],
}
