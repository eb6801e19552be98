import { lazyScreen } from '@client/routing/lazy-screen'
import type { DomainUi } from '@client/routing/types'

/** Payouts: the list with its totals, bulk decisions and a payout's detail pane. */
export const payoutsUi: DomainUi = {
  name: 'payouts',
  routes: [{ path: '/payouts/manage/{page}', access: 'admin', title: 'Payouts', screen: lazyScreen(() => import('./ui/PayoutsScreen')) }],
}
