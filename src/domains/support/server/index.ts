import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { supportHandlers } from './routes'
import { registerSupportJobs } from './jobs'
import { ticketSearch } from './search'
import { supportSeeder } from './seed'
import { registerSupportInbound } from './receiver'

/** The support desk: tickets, their thread, statuses, notes, escalation and settings (docs/support.md). */
export const supportServer: DomainServer = {
  name: 'support',
  handlers: supportHandlers as unknown as Record<string, AnyHandler>,
  registerJobs: registerSupportJobs,
  searchProviders: [ticketSearch],
  seeders: [supportSeeder],
  routes: registerSupportInbound,
}
