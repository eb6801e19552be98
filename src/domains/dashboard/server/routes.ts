import type { dashboardEndpoints } from '@contract/dashboard'
import type { Handlers, IdsOf } from '@server/handlers'
import { dashboardOverview, dashboardStatistics, submitFeedback } from './service'

export const dashboardHandlers: Partial<Handlers<IdsOf<typeof dashboardEndpoints>>> = {
  'dashboard.overview': ({ ctx }) => dashboardOverview(ctx),
  'dashboard.statistics': ({ ctx, body }) => dashboardStatistics(ctx, body),
  'dashboard.feedback': ({ ctx, body }) => submitFeedback(ctx, body),
}
