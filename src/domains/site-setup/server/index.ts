import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { siteSetupHandlers } from './routes'

export const siteSetupServer: DomainServer = {
  name: 'site-setup',
  handlers: siteSetupHandlers as unknown as Record<string, AnyHandler>,
}
