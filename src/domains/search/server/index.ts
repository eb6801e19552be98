import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { searchHandlers } from './routes'

export const searchServer: DomainServer = {
  name: 'search',
  handlers: searchHandlers as unknown as Record<string, AnyHandler>,
}
