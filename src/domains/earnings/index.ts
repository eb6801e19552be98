import { lazyScreen } from '@client/routing/lazy-screen'
import type { DomainUi } from '@client/routing/types'

/** Earnings: the overview (and, at merge, statement imports, unmatched lines and exchange rates). */
export const earningsUi: DomainUi = {
  name: 'earnings',
  routes: [
    { path: '/earnings/overview/{page}', access: 'auth', title: 'Earnings', screen: lazyScreen(() => import('./ui/EarningsScreen')) },
  ],
}
