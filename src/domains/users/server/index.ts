import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { usersHandlers } from './routes'

export const usersServer: DomainServer = {
  name: 'users',
  handlers: usersHandlers as unknown as Record<string, AnyHandler>,
}
