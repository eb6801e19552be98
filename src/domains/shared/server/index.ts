import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { sharedHandlers } from './routes'

export const sharedServer: DomainServer = {
  name: 'shared',
  handlers: sharedHandlers as unknown as Record<string, AnyHandler>,
}
