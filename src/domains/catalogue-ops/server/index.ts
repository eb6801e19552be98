import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { catalogueOpsHandlers } from './routes'
import { registerIngestionJobs } from './ingestion.service'
import { registerExportJobs } from './exports.service'
import { exportSearch, ingestionSearch } from './search'
import { registerDeliveryJobs } from './delivery.service'
import { registerValidationJobs } from './validation.service'
import { registerReleaseImportJobs } from './release-import.service'

/** Catalogue operations: the UPC and ISRC code pools and catalogue ingestion (docs/catalogue-ops.md). */
export const catalogueOpsServer: DomainServer = {
  name: 'catalogue-ops',
  handlers: catalogueOpsHandlers as unknown as Record<string, AnyHandler>,
  registerJobs(runner, services) {
    registerIngestionJobs(runner, services)
    registerExportJobs(runner, services)
    registerDeliveryJobs(runner, services)
    registerValidationJobs(runner, services)
    registerReleaseImportJobs(runner, services)
  },
  searchProviders: [ingestionSearch, exportSearch],
}
