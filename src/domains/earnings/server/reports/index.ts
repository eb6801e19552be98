import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { earningsReportsHandlers } from './routes'
import { accountSalesHandlers } from './account-sales'

/** The earnings read side: overview, balance card, account and release sales (rollups only), an account's sales reports. */
export const earningsReportsServer: DomainServer = {
  name: 'earnings-reports',
  handlers: { ...earningsReportsHandlers, ...accountSalesHandlers } as unknown as Record<string, AnyHandler>,
}
