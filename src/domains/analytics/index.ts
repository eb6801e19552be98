import { lazyScreen } from '@client/routing/lazy-screen'
import type { DomainUi } from '@client/routing/types'

/** Analytics: the overview with a view per platform (`?platform=`), and trend report imports. */
export const analyticsUi: DomainUi = {
  name: 'analytics',
  routes: [
    {
      path: '/analytics/overview',
      access: 'admin',
      title: 'Analytics',
      screen: lazyScreen(() => import('./ui/AnalyticsScreen')),
    },
  ],
}
