import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { dashboardHandlers } from './routes'

export const dashboardServer: DomainServer = {
  name: 'dashboard',
  handlers: dashboardHandlers as unknown as Record<string, AnyHandler>,
}
