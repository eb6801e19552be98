import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { discoveryHandlers } from './routes'

/** Spotify Discovery Mode submissions. */
export const discoveryServer: DomainServer = {
  name: 'discovery',
  handlers: discoveryHandlers as unknown as Record<string, AnyHandler>,
}
