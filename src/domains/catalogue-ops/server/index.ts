import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { catalogueOpsHandlers } from './routes'

/** Catalogue operations: the UPC and ISRC code pools (docs/catalogue-ops.md). */
export const catalogueOpsServer: DomainServer = {
  name: 'catalogue-ops',
  handlers: catalogueOpsHandlers as unknown as Record<string, AnyHandler>,
}
