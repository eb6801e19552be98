import { lazyScreen } from '@client/routing/lazy-screen'
import type { DomainUi } from '@client/routing/types'

/** The notifications screen and the bell. */
export const notificationsUi: DomainUi = {
  name: 'notifications',
  routes: [
    { path: '/notifications', access: 'admin', title: 'Notifications', screen: lazyScreen(() => import('./ui/NotificationsScreen')) },
  ],
}
