import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { notificationHandlers } from './routes'

export const notificationsServer: DomainServer = {
  name: 'notifications',
  handlers: notificationHandlers as unknown as Record<string, AnyHandler>,
}
