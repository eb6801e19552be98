import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { earningsReportsHandlers } from './routes'

/** The earnings read side: overview, balance card, account and release sales (rollups only). */
export const earningsReportsServer: DomainServer = {
  name: 'earnings-reports',
  handlers: earningsReportsHandlers as unknown as Record<string, AnyHandler>,
}
