import type { dashboardEndpoints } from '@contract/dashboard'
import type { Handlers, IdsOf } from '@server/handlers'
import { submitFeedback } from './service'

export const dashboardHandlers: Partial<Handlers<IdsOf<typeof dashboardEndpoints>>> = {
  'dashboard.feedback': ({ ctx, body }) => submitFeedback(ctx, body),
}
