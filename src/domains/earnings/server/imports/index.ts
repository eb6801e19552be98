import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { earningsImportsHandlers } from './routes'
import { registerImportJobs } from './service'
import { importSearch } from './search'
import { statementsSeeder } from './seed'

/** Statement imports: upload, parse job, dry run, commit / cancel / rollback, histories. */
export const earningsImportsServer: DomainServer = {
  name: 'earnings-imports',
  handlers: earningsImportsHandlers as unknown as Record<string, AnyHandler>,
  registerJobs(runner, services) {
    registerImportJobs(runner, services)
  },
  seeders: [statementsSeeder],
  searchProviders: [importSearch],
}
