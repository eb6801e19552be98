import { lazyScreen } from '@client/routing/lazy-screen'
import type { DomainUi } from '@client/routing/types'

/**
 * Payout batches' screens and palette actions (folded into the payouts descriptor at merge). The
 * spec's sidebar has one Payouts entry (/payouts/manage/1); these screens link to each other and
 * open from the palette.
 */
export const payoutBatchesUi: DomainUi = {
  name: 'payout-batches',
  routes: [
    {
      path: '/payouts/export/{page}',
      access: 'admin',
      title: 'Payout exports',
      screen: lazyScreen(() => import('./ui/batches/PayoutExportScreen')),
    },
    {
      path: '/payout-connections',
      access: 'admin',
      title: 'Payout connections',
      screen: lazyScreen(() => import('./ui/batches/PayoutConnectionsScreen')),
    },
  ],
}
