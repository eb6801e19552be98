import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { ledgerHandlers } from './routes'
import { registerTrackFoldJob } from './track-fold'

/** The royalties ledger: exchange rates, adjustments, account ledgers, unmatched lines (docs/royalties.md). */
export const ledgerServer: DomainServer = {
  name: 'ledger',
  handlers: ledgerHandlers as unknown as Record<string, AnyHandler>,
  registerJobs: registerTrackFoldJob,
}
