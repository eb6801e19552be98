import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { fanblastHandlers } from './routes'
import { SEND_JOB } from './service'
import { sendBlast } from './sender'
import { blastSearch } from './search'
import { registerUnsubscribePages } from './pages'
import { fanblastSeeder } from './seed'

/** Fan blast: fans, blasts, their review and their sending (docs/fanblast.md). */
export const fanblastServer: DomainServer = {
  name: 'fanblast',
  handlers: fanblastHandlers as unknown as Record<string, AnyHandler>,
  searchProviders: [blastSearch],
  seeders: [fanblastSeeder],
  routes: registerUnsubscribePages,
  registerJobs(runner, services) {
    runner.register<{ id: number }>(SEND_JOB, async ({ job, payload, signal, progress }) => {
      if (job.tenantId === null) return { finished: true }
      return { finished: await sendBlast(services, job.tenantId, payload.id, {
          signal,
          onBatch: progress,
        }) }
    })
  },
}
