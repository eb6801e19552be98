import type { JobRunner } from '@server/jobs/runner'
import type { Services } from '@server/context'
import { AUTO_CLOSE_JOB, closeDueTickets } from './service'

/** Solved tickets close after the workspace's auto-close days (docs/support.md). */
export function registerSupportJobs(runner: JobRunner, services: Services) {
  runner.register<{ tenantId: number }>(AUTO_CLOSE_JOB, async ({ payload }) => ({
    closed: await closeDueTickets(services, payload.tenantId),
  }))
}
