import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { publicFileHandlers, sharedHandlers } from './routes'

export const sharedServer: DomainServer = {
  name: 'shared',
  handlers: { ...sharedHandlers, ...publicFileHandlers } as unknown as Record<string, AnyHandler>,
}
