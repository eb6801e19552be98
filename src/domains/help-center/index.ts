import { lazyScreen } from '@client/routing/lazy-screen'
import type { DomainUi } from '@client/routing/types'

/** The help center: an account's conversations with the support team (staff see every account's). */
export const helpCenterUi: DomainUi = {
  name: 'help-center',
  routes: [
    { path: '/helpCenter/threads', access: 'auth', title: 'Help center', screen: lazyScreen(() => import('./ui/HelpThreadsScreen')) },
    {
      path: '/helpCenter/thread/{id}',
      access: 'auth',
      title: 'Help center thread',
      screen: lazyScreen(() => import('./ui/HelpThreadScreen')),
    },
  ],
}
