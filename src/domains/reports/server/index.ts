import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { reportsHandlers, siteReportsHandlers } from './routes'
import { registerReportJobs } from './job'
import { reportSearch } from './search'
import { reportsSeeder } from './seed'

/** Report jobs: requests, the job that writes each CSV, lists, downloads, retry. */
export const reportsServer: DomainServer = {
  name: 'reports',
  handlers: { ...reportsHandlers, ...siteReportsHandlers } as unknown as Record<string, AnyHandler>,
  registerJobs(runner, services) {
    registerReportJobs(runner, services)
  },
  seeders: [reportsSeeder],
  searchProviders: [reportSearch],
}
