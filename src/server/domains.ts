import type { EndpointId } from '@contract/index'
import type { AnyHandler } from './handlers'
import type { JobRunner } from './jobs/runner'
import type { Services } from './context'
import type { Seeder } from './seed/seeder'
import { authServer } from '@domains/auth/server'
import { sharedServer } from '@domains/shared/server'

/** What a business domain plugs into the server. */
export interface DomainServer {
  name: string
  handlers: Partial<Record<EndpointId, AnyHandler>>
  registerJobs?(runner: JobRunner, services: Services): void
  seeders?: Seeder[]
}

/** In seeding order: later domains build on the data of earlier ones. */
export const DOMAINS: DomainServer[] = [authServer, sharedServer]

export function allHandlers(): Partial<Record<EndpointId, AnyHandler>> {
  const handlers: Partial<Record<EndpointId, AnyHandler>> = {}
  for (const domain of DOMAINS) {
    for (const [id, handler] of Object.entries(domain.handlers) as [EndpointId, AnyHandler][]) {
      if (handlers[id]) throw new Error(`Two domains handle ${id}`)
      handlers[id] = handler
    }
  }
  return handlers
}
