import { lazyScreen } from '@client/routing/lazy-screen'
import type { DomainUi } from '@client/routing/types'

export const dashboardUi: DomainUi = {
  name: 'dashboard',
  routes: [{ path: '/dashboard', access: 'auth', title: 'Dashboard', screen: lazyScreen(() => import('./ui/DashboardScreen')) }],
}
