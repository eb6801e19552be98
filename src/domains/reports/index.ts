import { lazyScreen } from '@client/routing/lazy-screen'
import type { DomainUi } from '@client/routing/types'

/** Reports: user, admin and site report lists (request, status, download, retry) and their palette actions. */
export const reportsUi: DomainUi = {
  name: 'reports',
  routes: [
    {
      path: '/reports/{page}',
      access: 'auth',
      title: 'Reports',
      screen: lazyScreen(() => import('./ui/ReportsScreen').then((module) => ({ default: module.UserReportsScreen }))),
    },
    {
      path: '/admin-reports/{page}',
      access: 'admin',
      title: 'Admin reports',
      screen: lazyScreen(() => import('./ui/ReportsScreen').then((module) => ({ default: module.AdminReportsScreen }))),
    },
    {
      path: '/reports/site/{page}',
      access: 'admin',
      title: 'Site reports',
      screen: lazyScreen(() => import('./ui/ReportsScreen').then((module) => ({ default: module.SiteReportsScreen }))),
    },
  ],
}
