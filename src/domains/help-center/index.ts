import { lazy } from 'react'
import type { DomainUi } from '@client/routing/types'

/** The help center: an account's conversations with the support team (staff see every account's). */
export const helpCenterUi: DomainUi = {
  name: 'help-center',
  routes: [
    { path: '/helpCenter/threads', access: 'auth', title: 'Help center', screen: lazy(() => import('./ui/HelpThreadsScreen')) },
    { path: '/helpCenter/thread/{id}', access: 'auth', title: 'Help center thread', screen: lazy(() => import('./ui/HelpThreadScreen')) },
  ],
}
