import { lazyScreen } from '@client/routing/lazy-screen'
import type { DomainUi } from '@client/routing/types'

/** The support desk: the ticket list, one ticket with its thread, and the support settings (docs/support.md). */
export const supportUi: DomainUi = {
  name: 'support',
  routes: [
    { path: '/support/manage/{page}', access: 'admin', title: 'Support tickets', screen: lazyScreen(() => import('./ui/TicketsScreen')) },
    { path: '/support/single/{id}', access: 'admin', title: 'Support ticket', screen: lazyScreen(() => import('./ui/TicketScreen')) },
    {
      path: '/support/setting',
      access: 'admin',
      title: 'Support settings',
      screen: lazyScreen(() => import('./ui/SupportSettingsScreen')),
    },
  ],
}
