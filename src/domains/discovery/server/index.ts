import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { discoveryHandlers } from './routes'
import { discoverySearch, usageMatchSearch } from './search'
import { registerUsageJobs, registerUsageWebhook } from './usage/jobs'
import { discoverySeeder } from './seed'

/**
 * Discovery (docs/discovery.md): Spotify Discovery Mode submissions, removals, the toggle and
 * statement tagging; usage discovery's assets, matches, refresh jobs and provider webhook.
 */
export const discoveryServer: DomainServer = {
  name: 'discovery',
  handlers: discoveryHandlers as unknown as Record<string, AnyHandler>,
  searchProviders: [discoverySearch, usageMatchSearch],
  registerJobs: registerUsageJobs,
  routes: registerUsageWebhook,
  seeders: [discoverySeeder],
}
