import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { analyticsHandlers, releaseAnalyticsHandlers } from './routes'
import { registerTrendJobs } from './trend-import'
import { registerQueryJobs } from './queries'
import { trendsSeeder } from './seed'
import { registerSourceJobs } from './schedule'

/** Analytics: trend report imports into monthly fact partitions and daily rollups (docs/analytics.md). */
export const analyticsServer: DomainServer = {
  name: 'analytics',
  handlers: { ...analyticsHandlers, ...releaseAnalyticsHandlers } as unknown as Record<string, AnyHandler>,
  seeders: [trendsSeeder],
  registerJobs(runner, services) {
    registerTrendJobs(runner, services)
    registerQueryJobs(runner, services)
    registerSourceJobs(runner, services)
  },
}
