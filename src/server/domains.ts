import type { FastifyInstance } from 'fastify'
import type { EndpointId } from '@contract/index'
import type { AnyHandler } from './handlers'
import type { JobRunner } from './jobs/runner'
import type { Services } from './context'
import type { Seeder } from './seed/seeder'
import type { SearchProvider } from './search'
import { authServer } from '@domains/auth/server'
import { sharedServer } from '@domains/shared/server'
import { notificationsServer } from '@domains/notifications/server'
import { usersServer } from '@domains/users/server'
import { dashboardServer } from '@domains/dashboard/server'
import { helpCenterServer } from '@domains/help-center/server'
import { searchServer } from '@domains/search/server'
import { siteSetupServer } from '@domains/site-setup/server'
import { catalogueServer } from '@domains/catalogue/server'
import { discoveryServer } from '@domains/discovery/server'
import { splitsServer } from '@domains/splits/server'
import { earningsReportsServer } from '@domains/earnings/server/reports'
import { ledgerServer } from '@domains/earnings/server/ledger'
import { earningsImportsServer } from '@domains/earnings/server/imports'
import { accountDownloadsServer } from '@domains/reports/server/downloads'
import { payoutBatchesServer } from '@domains/payouts/server/batches'
import { reportsServer } from '@domains/reports/server'
import { payoutsServer } from '@domains/payouts/server'
import { supportServer } from '@domains/support/server'
import { featureControlsServer } from '@domains/feature-controls/server'
import { catalogueOpsServer } from '@domains/catalogue-ops/server'
import { newsServer } from '@domains/news/server'
import { analyticsServer } from '@domains/analytics/server'
import { fanblastServer } from '@domains/fanblast/server'

/** What a business domain plugs into the server. */
export interface DomainServer {
  name: string
  handlers: Partial<Record<EndpointId, AnyHandler>>
  registerJobs?(runner: JobRunner, services: Services): void
  /** Plain routes outside the contract and /api (public pages such as /l/{code}). */
  routes?(app: FastifyInstance, services: Services): void
  seeders?: Seeder[]
  /** Entity kinds this domain makes findable from the palette. */
  searchProviders?: SearchProvider[]
}

/** In seeding order: later domains build on the data of earlier ones. */
export const DOMAINS: DomainServer[] = [
  authServer,
  sharedServer,
  notificationsServer,
  usersServer,
  dashboardServer,
  helpCenterServer,
  searchServer,
  siteSetupServer,
  catalogueServer,
  discoveryServer,
  splitsServer,
  earningsReportsServer,
  ledgerServer,
  earningsImportsServer,
  accountDownloadsServer,
  payoutsServer,
  payoutBatchesServer,
  // After earnings and payouts: the demo reports are built from their data.
  reportsServer,
  supportServer,
  catalogueOpsServer,
  featureControlsServer,
  newsServer,
  analyticsServer,
  fanblastServer,
]

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
