import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { payoutBatchesHandlers } from './routes'
import { payoutBatchesSeeder } from './seed'

/** Payout batches: export to provider files (and APIs), payout history, provider connections, sync. */
export const payoutBatchesServer: DomainServer = {
  name: 'payout-batches',
  handlers: payoutBatchesHandlers as unknown as Record<string, AnyHandler>,
  seeders: [payoutBatchesSeeder],
}
