import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { payoutsHandlers } from './routes'
import { payoutSearch } from './search'
import { payoutsSeeder } from './seed'

/** Payouts: withdrawals, their statuses and the workspace's payout settings (docs/payouts.md). */
export const payoutsServer: DomainServer = {
  name: 'payouts',
  handlers: payoutsHandlers as unknown as Record<string, AnyHandler>,
  seeders: [payoutsSeeder],
  searchProviders: [payoutSearch],
}
