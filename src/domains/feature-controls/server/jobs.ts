import type { JobRunner } from '@server/jobs/runner'
import type { Services } from '@server/context'
import { BLOCKLIST_END_JOB, endDueBlocklistEntries } from './blocklist'

/** Approved blocklist entries end by themselves at their end date (docs/feature-controls.md). */
export function registerFeatureControlJobs(runner: JobRunner, services: Services) {
  runner.register<{ tenantId: number }>(BLOCKLIST_END_JOB, async ({ payload }) => ({
    ended: await endDueBlocklistEntries(services, payload.tenantId),
  }))
}
