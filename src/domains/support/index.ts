import { lazy } from 'react'
import type { DomainUi } from '@client/routing/types'

/** The support desk: the ticket list and one ticket with its thread (docs/support.md). */
export const supportUi: DomainUi = {
  name: 'support',
  routes: [
    { path: '/support/manage/{page}', access: 'admin', title: 'Support tickets', screen: lazy(() => import('./ui/TicketsScreen')) },
    { path: '/support/single/{id}', access: 'admin', title: 'Support ticket', screen: lazy(() => import('./ui/TicketScreen')) },
  ],
}
