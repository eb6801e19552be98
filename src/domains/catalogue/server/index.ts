import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { releasesHandlers } from './routes'
import { releaseOpsHandlers } from './ops.routes'
import { registerScanJobs } from './scans.service'
import { registerHealthJobs } from './ops.service'
import { releaseLinksHandlers } from './links.routes'
import { registerSmartlinkPages } from './smartlink.page'
import { editRequestSearch, releaseSearch, trackSearch } from './search'
import { draftSearch } from './draft-search'
import { catalogueSeeder } from './seed'

export const catalogueServer: DomainServer = {
  name: 'catalogue',
  handlers: { ...releasesHandlers, ...releaseOpsHandlers, ...releaseLinksHandlers } as unknown as Record<string, AnyHandler>,
  registerJobs(runner, services) {
    registerScanJobs(runner, services)
    registerHealthJobs(runner, services)
  },
  routes: registerSmartlinkPages,
  seeders: [catalogueSeeder],
  searchProviders: [releaseSearch, trackSearch, editRequestSearch, draftSearch],
}
