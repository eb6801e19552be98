import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { newsHandlers } from './routes'
import { publishDue, PUBLISH_JOB } from './service'
import { newsPostSearch } from './search'

/** Company news: posts, categories, scheduled publishing (docs/news.md). */
export const newsServer: DomainServer = {
  name: 'news',
  handlers: newsHandlers as unknown as Record<string, AnyHandler>,
  searchProviders: [newsPostSearch],
  registerJobs(runner, services) {
    runner.register<{ id: number }>(PUBLISH_JOB, async ({ job, payload }) => {
      if (job.tenantId === null) return { published: false }
      return { published: await publishDue(services, job.tenantId, payload.id) }
    })
  },
}
