import { lazyScreen } from '@client/routing/lazy-screen'
import type { DomainUi } from '@client/routing/types'
import { api } from '@client/api'
import { viewOf } from './ui/view'

/** Analytics: the overview with a view per platform (`?platform=`), and trend report imports. */
export const analyticsUi: DomainUi = {
  name: 'analytics',
  routes: [
    {
      path: '/analytics/overview',
      access: 'admin',
      title: 'Analytics',
      screen: lazyScreen(() => import('./ui/AnalyticsScreen')),
      prefetch: (_params, search) => {
        const view = viewOf(search)
        if (view.section !== 'overview') return
        if (view.platform === 'all') api.prefetch('analytics.overview', { query: view.query })
        else api.prefetch('analytics.platform', { params: { platform: view.platform }, query: view.query })
      },
    },
  ],
}
