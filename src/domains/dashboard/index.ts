import { lazy } from 'react'
import type { DomainUi } from '@client/routing/types'

export const dashboardUi: DomainUi = {
  name: 'dashboard',
  routes: [{ path: '/dashboard', access: 'auth', title: 'Dashboard', screen: lazy(() => import('./ui/DashboardScreen')) }],
}
